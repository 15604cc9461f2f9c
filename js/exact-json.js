// @ts-check
// JSON text that keeps integers exact beyond 2^53, in both directions.
import { copyColumns, native, withBytes } from './native.js';
import { isBigInt } from './numbers.js';
import { withPointers } from './locate-pointers.js';

// One RFC 6901 reference token, escaped.
export const pointerToken = (key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

// Writes a JS value as JSON text, with bigints as exact integers. A number
// above 2^53 - 1 is written as the value it holds, and reported as a
// problem (with its JSON Pointer): where an integer is wanted it may
// already be rounded. standingProblems keeps only those.
/**
 * @param {unknown} value
 * @param {string} [path]
 * @param {import('./index.js').Problem[]} [problems]
 * @returns {{ text: string, problems: import('./index.js').Problem[] }}
 */
export function stringifyExact(value, path = '', problems = []) {
  const write = (v, at) => {
    if (isBigInt(v)) return v.toString();
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        problems.push({ path: at, message: `found ${v}; expected a finite JSON number`, code: 'WRONG_TYPE' });
        return 'null';
      }
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) {
        problems.push({ path: at, message: `found ${v}, above 2^53 - 1 in an object, where it may already be rounded; pass JSON text or a bigint`, code: 'UNSAFE_NUMBER' });
        return String(v);
      }
      return String(v);
    }
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) v = Array.from(/** @type {ArrayLike<number | bigint>} */ (/** @type {unknown} */ (v))); // a typed array, not a DataView
    if (Array.isArray(v)) {
      // Each element read once; a hole (an empty slot) is refused at its
      // index rather than written as nothing, which would be no JSON.
      const items = [];
      for (let i = 0, n = v.length; i < n; i++) {
        if (!(i in v)) {
          problems.push({ path: `${at}/${i}`, message: 'found a hole (an empty slot of a sparse array); expected a value', code: 'WRONG_TYPE' });
          items.push('null');
          continue;
        }
        const item = v[i];
        items.push(write(item === undefined ? null : item, `${at}/${i}`));
      }
      return `[${items.join(',')}]`;
    }
    if (typeof v === 'object') {
      const members = [];
      for (const [key, item] of Object.entries(v)) {
        if (item === undefined || typeof item === 'function') continue;
        members.push(`${JSON.stringify(key)}:${write(item, `${at}/${pointerToken(key)}`)}`);
      }
      return `{${members.join(',')}}`;
    }
    return 'null';
  };
  return { text: write(value, path), problems };
}

// The problems of stringifyExact's `text` that stand: a number above
// 2^53 - 1 is refused only where the document wants an integer (shape,
// edges, counts, integer fill values, codec integers). A float fill value,
// and any number in attributes, is the value it holds. The core says which
// places those are (docs/semantics.md, "Numbers at the JS boundary").
export function standingProblems(text, problems) {
  const unsafe = problems.filter((p) => p.code === 'UNSAFE_NUMBER');
  if (!unsafe.length) return problems;
  const columns = withPointers(text, unsafe.map((p) => p.path), native.floatPlaces);
  if (columns.failedAt() >= 0) {
    columns.delete();
    return problems; // text that does not parse: every problem stands
  }
  const [floats] = copyColumns(columns, true);
  const floating = new Set(unsafe.filter((_, i) => floats[i] === 1));
  return problems.filter((p) => !floating.has(p));
}

// Parses JSON text with integers as numbers when safe, else bigints: read
// by the core, exactly. Used for text the core wrote.
export function parseExact(text) {
  return withBytes(text, (address, length) => native.readJSON(address, length));
}
