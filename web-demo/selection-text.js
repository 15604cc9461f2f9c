// Typed array indices and selections, numpy style:
//   index      "20, 15"                (negative values count from the end)
//   selection  "0:20:2, 5:30"  ":"  "-1"  "[1, 5, 9]"  "..."  "blocks[2:5]"
// Values beyond 2^53 - 1 become bigints, so nothing is rounded.

const INTEGER = /^[+-]?\d+$/;

function integer(token, what) {
  const t = token.trim();
  if (!INTEGER.test(t)) throw new SyntaxError(`${what}: found "${t}"; expected an integer`);
  const big = BigInt(t);
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  return big > safe || big < -safe ? big : Number(big);
}

// Splits on commas that are not inside brackets.
function splitTop(text) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

const unwrap = (text) => text.trim().replace(/^[[(](.*)[\])]$/s, '$1');

// "20, 15" or "(20, 15)" -> [20, 15]; negative values count from `shape`'s end.
export function parseIndex(text, shape) {
  const body = unwrap(text);
  const parts = body.trim() === '' ? [] : splitTop(body);
  if (parts.length !== shape.length) {
    throw new SyntaxError(`found ${parts.length} value${parts.length === 1 ? '' : 's'}; expected ${shape.length}, one per axis`);
  }
  return parts.map((p, axis) => {
    const v = integer(p, `axis ${axis}`);
    if (v >= 0) return v;
    const length = BigInt(shape[axis]);
    const from = length + BigInt(v);
    if (from < 0n) throw new RangeError(`axis ${axis}: ${v} lies before the start of an axis of length ${length}`);
    return typeof v === 'bigint' || from > BigInt(Number.MAX_SAFE_INTEGER) ? from : Number(from);
  });
}

// "blocks[2:5]" or "blocks[-1]": whole chunks, as dask's array.blocks[...].
function blocks(inner, what) {
  const fields = inner.split(':');
  if (fields.length > 2) throw new SyntaxError(`${what}: blocks take start:stop, with no step`);
  const [start, stop] = fields.map((f) => (f.trim() === '' ? null : integer(f, what)));
  if (fields.length === 2) return { blocks: [start, stop] };
  if (start === null) throw new SyntaxError(`${what}: expected blocks[i] or blocks[start:stop]`);
  const next = typeof start === 'bigint' ? start + 1n : start + 1;
  return { blocks: [start, next === 0 || next === 0n ? null : next] }; // blocks[-1] is the last block
}

// One selection entry: a slice, an integer, an integer list or a block range.
function entry(token, axis) {
  const what = `entry ${axis + 1} ("${token}")`;
  if (token === '' || token === ':' || token === '::') return null;
  const block = /^blocks\s*\[(.*)\]$/s.exec(token);
  if (block) return blocks(block[1], what);
  if (token.startsWith('[')) {
    if (!token.endsWith(']')) throw new SyntaxError(`${what}: a list must end with "]"`);
    const inner = token.slice(1, -1).trim();
    return inner === '' ? [] : inner.split(',').map((v) => integer(v, what));
  }
  if (token.includes(':')) {
    const fields = token.split(':');
    if (fields.length > 3) throw new SyntaxError(`${what}: a slice has at most start:stop:step`);
    const [start, stop, step] = fields.map((f) => (f.trim() === '' ? null : integer(f, what)));
    if (step !== null && step !== undefined && step < 1) throw new RangeError(`${what}: found step ${step}; expected a step of at least 1`);
    return { start, stop, step: step ?? null };
  }
  return integer(token, what);
}

// "0:20:2, 5:30" -> [{start: 0, stop: 20, step: 2}, {start: 5, stop: 30, step: null}].
// Missing trailing entries take the whole axis; "..." stands for as many as needed.
export function parseSelection(text, ndim) {
  const body = text.trim();
  if (body === '') return null;
  const parts = splitTop(body);
  const ellipsis = parts.indexOf('...');
  if (ellipsis !== parts.lastIndexOf('...')) throw new SyntaxError('"..." may appear only once');
  let tokens = parts;
  if (ellipsis >= 0) {
    const fill = Math.max(0, ndim - (parts.length - 1));
    tokens = [...parts.slice(0, ellipsis), ...Array(fill).fill(':'), ...parts.slice(ellipsis + 1)];
  }
  if (tokens.length > ndim) throw new SyntaxError(`found ${tokens.length} entries; expected at most ${ndim}, one per axis`);
  return tokens.map(entry);
}

const show = (v) => (v === null || v === undefined ? '' : String(v));

// The text for a selection of slices and integers (what a drag produces).
export function formatSelection(selection) {
  return selection
    .map((e) => {
      if (e === null) return ':';
      if (typeof e === 'object' && 'blocks' in e) return `blocks[${show(e.blocks[0])}:${show(e.blocks[1])}]`;
      if (typeof e === 'object' && !Array.isArray(e)) {
        const base = `${show(e.start)}:${show(e.stop)}`;
        return e.step !== null && e.step !== undefined && e.step !== 1 ? `${base}:${e.step}` : base;
      }
      if (Array.isArray(e)) return `[${e.join(', ')}]`;
      return String(e);
    })
    .join(', ');
}
