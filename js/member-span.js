// @ts-check
// Where a top-level member's value lies in JSON bytes, found by the core's
// exact parser, so a tool can replace that text and keep every other byte.
import { native, withBytes } from './native.js';

// [begin, end) byte offsets into `bytes`, or null if absent or unparseable.
/**
 * @param {string | Uint8Array} bytes
 * @param {string} key
 * @returns {[number, number] | null}
 */
export function memberSpan(bytes, key) {
  const span = withBytes(bytes, (address, length) => withBytes(key, (k, n) => native.memberSpan(address, length, k, n)));
  return span.found ? [span.begin, span.end] : null;
}
