// @ts-check
// Decoding the vlen-utf8 codec, as zarr-python (numcodecs' VLenUTF8) writes
// it: a little-endian uint32 count of strings, then for each a uint32 byte
// length and that many bytes of UTF-8; and vlen-bytes, the same layout
// with each item's bytes as they are (a Uint8Array of its own). zarrita's decoder reads from the start
// of the view's buffer whatever the view's offset (an inner chunk of a shard
// is a view into the shard) and reads past the end without a word; this one
// reads the view, checks the count against the chunk's size and every length
// against what is left, and refuses text that is not UTF-8, as zarr-python
// does. A leading byte-order mark is kept: it is part of the string written.
import { cStrides } from './copy.js';

/**
 * @param {Uint8Array} bytes
 * @param {number[]} shape the chunk's shape
 * @returns {{data: string[], shape: number[], stride: number[]}}
 */
export function decodeVlenUtf8(bytes, shape) {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  return decodeVlen(bytes, shape, 'vlen-utf8', 'string', (item, i) => {
    try {
      return decoder.decode(item);
    } catch (cause) {
      throw new Error(`string ${i}: found bytes that are not UTF-8`, { cause });
    }
  });
}

/**
 * @param {Uint8Array} bytes
 * @param {number[]} shape the chunk's shape
 * @returns {{data: Uint8Array[], shape: number[], stride: number[]}}
 */
export function decodeVlenBytes(bytes, shape) {
  return decodeVlen(bytes, shape, 'vlen-bytes', 'item', (item) => item.slice());
}

/**
 * @template T
 * @param {Uint8Array} bytes
 * @param {number[]} shape
 * @param {string} codec
 * @param {string} what an item, in messages
 * @param {(item: Uint8Array, i: number) => T} element
 * @returns {{data: T[], shape: number[], stride: number[]}}
 */
function decodeVlen(bytes, shape, codec, what, element) {
  const size = shape.reduce((a, b) => a * b, 1);
  if (bytes.length < 4) throw new Error(`found ${bytes.length} bytes; a ${codec} chunk starts with a 4-byte count`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(0, true);
  if (count !== size) throw new Error(`found a count of ${count} ${what}s; expected ${size} for chunk shape [${shape.join(', ')}]`);
  const data = new Array(count);
  let at = 4;
  for (let i = 0; i < count; i++) {
    if (bytes.length - at < 4) throw new Error(`${what} ${i}: its 4-byte length lies past the chunk's ${bytes.length} bytes`);
    const length = view.getUint32(at, true);
    at += 4;
    if (length > bytes.length - at) throw new Error(`${what} ${i}: found a length of ${length} bytes; ${bytes.length - at} are left`);
    data[i] = element(bytes.subarray(at, at + length), i);
    at += length;
  }
  if (at !== bytes.length) throw new Error(`found ${bytes.length - at} bytes after the last of ${count} ${what}s`);
  return { data, shape: shape.slice(), stride: cStrides(shape) };
}
