// @ts-check
// Decoding the vlen-utf8 codec, as zarr-python (numcodecs' VLenUTF8) writes
// it: a little-endian uint32 count of strings, then for each a uint32 byte
// length and that many bytes of UTF-8. zarrita's decoder reads from the start
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
  const size = shape.reduce((a, b) => a * b, 1);
  if (bytes.length < 4) throw new Error(`found ${bytes.length} bytes; a vlen-utf8 chunk starts with a 4-byte count`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(0, true);
  if (count !== size) throw new Error(`found a count of ${count} strings; expected ${size} for chunk shape [${shape.join(', ')}]`);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const data = new Array(count);
  let at = 4;
  for (let i = 0; i < count; i++) {
    if (bytes.length - at < 4) throw new Error(`string ${i}: its 4-byte length lies past the chunk's ${bytes.length} bytes`);
    const length = view.getUint32(at, true);
    at += 4;
    if (length > bytes.length - at) throw new Error(`string ${i}: found a length of ${length} bytes; ${bytes.length - at} are left`);
    try {
      data[i] = decoder.decode(bytes.subarray(at, at + length));
    } catch (cause) {
      throw new Error(`string ${i}: found bytes that are not UTF-8`, { cause });
    }
    at += length;
  }
  if (at !== bytes.length) throw new Error(`found ${bytes.length - at} bytes after the last of ${count} strings`);
  return { data, shape: shape.slice(), stride: cStrides(shape) };
}
