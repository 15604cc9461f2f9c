// locatePointers: where the values of JSON Pointers lie in JSON text, found
// by the core's parser in one pass (no JSON is read in JS). For marking
// problems in an editor, or for replacing one value and keeping every other
// byte.
import { toolsModule } from './tools-module.js';
import { arrayArgument, describeValue as describe } from '../grid/arguments.js';

/**
 * For each JSON Pointer, every place its value occurs in `text`, in text
 * order: `{start, end}` of the value as written and, for an object member,
 * `keyStart` (its key's opening quote). Offsets are UTF-16 indices into a
 * string, or byte offsets into a Uint8Array. See js/index.d.ts.
 */
export function locatePointers(text, pointers) {
  const isString = typeof text === 'string';
  if (!isString && !(text instanceof Uint8Array)) {
    throw new TypeError(`text: found ${describe(text)}; expected a string or a Uint8Array`);
  }
  // Read once (js/grid/arguments.js): a hole is refused at its index.
  pointers = arrayArgument(pointers, 'pointers', 'an array of strings');
  pointers.forEach((p, i) => {
    if (typeof p !== 'string') throw new TypeError(`pointers[${i}]: found ${describe(p)}; expected a string`);
  });
  const [which, hasKey, keyStarts, starts, ends] = located(text, pointers, toolsModule.native.locatePointers);
  const at = isString ? stringIndices(text, [keyStarts, starts, ends]) : (byte) => byte;
  /** @type {import('../tools.js').PointerPlace[][]} */
  const out = pointers.map(() => []);
  for (let k = 0; k < which.length; k++) {
    const place = hasKey[k] ? { keyStart: at(keyStarts[k]), start: at(starts[k]), end: at(ends[k]) } : { start: at(starts[k]), end: at(ends[k]) };
    out[which[k]].push(place);
  }
  return out;
}

/**
 * For each JSON Pointer (well formed), the place of its value in `bytes`,
 * else of its nearest ancestor's (`exact` false: a member missing from an
 * object, an element past an array's end), the last one where a key is
 * written twice; null when not even the root is there. Byte offsets. In
 * one pass however deep the pointers: asking locatePointers for each
 * ancestor would cost time and memory in the square of their depth. For
 * placing problems (js/cli/problem-lines.js).
 * @param {Uint8Array} bytes
 * @param {string[]} pointers
 * @returns {({ keyStart?: number, start: number, end: number, exact: boolean } | null)[]}
 */
export function nearestPlaces(bytes, pointers) {
  const [found, exact, hasKey, keyStarts, starts, ends] = located(bytes, pointers, toolsModule.native.locateNearest);
  return pointers.map((_, i) => {
    if (!found[i]) return null;
    const place = { start: starts[i], end: ends[i], exact: exact[i] === 1 };
    return hasKey[i] ? { keyStart: keyStarts[i], ...place } : place;
  });
}

// The columns a call laid out as withPointers's gives; a TypeError naming
// the first pointer that is not one.
function located(text, pointers, call) {
  const { withPointers, columnsFailedAt, copyColumns } = toolsModule;
  const columns = withPointers(text, pointers, call);
  const failed = columnsFailedAt(columns);
  if (failed >= 0) {
    throw new TypeError(`pointers[${failed}]: found ${describe(pointers[failed])}; expected a JSON Pointer: "" or "/" and tokens, with "~" only in ~0 or ~1`);
  }
  // Byte offsets are below 2^32 (the wasm memory), so exact as doubles.
  return copyColumns(columns, true);
}

// The UTF-16 index of each UTF-8 byte offset in `columns`, found in one walk
// over the text (the offsets, sorted, fall between characters). A lone
// surrogate counts as the 3 bytes of U+FFFD, as TextEncoder writes it.
function stringIndices(text, columns) {
  const offsets = new Float64Array(columns.reduce((n, c) => n + c.length, 0));
  let n = 0;
  for (const c of columns) {
    offsets.set(c, n);
    n += c.length;
  }
  offsets.sort();
  const index = new Map();
  let i = 0;
  let bytes = 0;
  for (const target of offsets) {
    while (bytes < target && i < text.length) {
      const unit = text.charCodeAt(i);
      if (unit < 0x80) bytes += 1;
      else if (unit < 0x800) bytes += 2;
      else if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
      i += 1;
    }
    index.set(target, i);
  }
  return (byte) => index.get(byte);
}
