// @ts-check
// Where members' values lie in JSON bytes, found by the core
// (src/json/member_span.cpp) in text its parser reads, so that a tool can
// replace that text, or serve it, and keep every other byte.
import { native, withPointers, copyColumns } from '../wasm/native.js';
import { pointerToken } from './json-pointer.js';

/**
 * [begin, end) byte offsets into `bytes` of the value at each JSON Pointer
 * made of object members only, in one walk of the text: null where absent,
 * and for every pointer when the text does not parse. Where a key is
 * written twice, the last place, the one the parser keeps.
 * @param {string | Uint8Array} bytes
 * @param {string[]} pointers
 * @returns {Array<[number, number] | null>}
 */
export function memberSpans(bytes, pointers) {
  // Byte offsets are below 2^32 (the wasm memory), so exact as doubles.
  const [found, begins, ends] = /** @type {Float64Array[]} */ (copyColumns(withPointers(bytes, pointers, native.memberSpans), true));
  return pointers.map((_, i) => (found[i] === 1 ? [begins[i], ends[i]] : null));
}

/**
 * The place of one top-level member's value.
 * @param {string | Uint8Array} bytes
 * @param {string} key
 * @returns {[number, number] | null}
 */
export const memberSpan = (bytes, key) => memberSpans(bytes, [`/${pointerToken(key)}`])[0];
