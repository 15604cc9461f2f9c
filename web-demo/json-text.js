// JSON text for display, exact for bigints (a uint64 fill value past 2^53):
// JSON.stringify throws on a bigint, and a number would round it. Where the
// engine has JSON.rawJSON a replacer writes the digits; elsewhere a marker
// string stands in and is swapped for the digits afterwards.
const MARK = '\u0000bigint:';

export function prettyJSON(value, indent = 2) {
  if (typeof JSON.rawJSON === 'function') {
    return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? JSON.rawJSON(v.toString()) : v), indent);
  }
  const text = JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${MARK}${v}` : v), indent);
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}
