// @ts-check
// Where a member's value lies in JSON bytes, found by the core
// (src/member_span.cpp) in text its parser reads, so a tool can replace
// that text, or serve it, and keep every other byte.
import { native, withPointers } from './native.js';

/**
 * [begin, end) byte offsets into `bytes` of the value at `key`, a top-level
 * member, or at a path of object members from the root; null if absent or
 * unparseable.
 * @param {string | Uint8Array} bytes
 * @param {string | string[]} key
 * @returns {[number, number] | null}
 */
export function memberSpan(bytes, key) {
  const keys = typeof key === 'string' ? [key] : key;
  const span = withPointers(bytes, keys, native.memberSpan);
  return span.found ? [span.begin, span.end] : null;
}
