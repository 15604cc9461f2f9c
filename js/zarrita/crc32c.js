// @ts-check
// CRC-32C (Castagnoli), the checksum of the Zarr v3 `crc32c` codec and of
// shard indexes. zarrita strips the checksum without checking it, and has no
// encoder for it; these fill both gaps.
const POLYNOMIAL = 0x82f63b78; // reflected 0x1EDC6F41

// Slicing-by-4 tables: TABLES[k][b] is the CRC of byte b followed by k zero bytes.
const TABLES = Array.from({ length: 4 }, () => new Uint32Array(256));
for (let b = 0; b < 256; b++) {
  let c = b;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLYNOMIAL : c >>> 1;
  TABLES[0][b] = c >>> 0;
}
for (let b = 0; b < 256; b++) {
  for (let k = 1; k < 4; k++) TABLES[k][b] = (TABLES[k - 1][b] >>> 8) ^ TABLES[0][TABLES[k - 1][b] & 0xff];
}
const [T0, T1, T2, T3] = TABLES;

/** @type {typeof import('../zarrita.js').crc32c} */
export function crc32c(bytes) {
  let crc = 0xffffffff;
  let i = 0;
  const n = bytes.length;
  for (; i + 4 <= n; i += 4) {
    crc ^= bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    crc = T3[crc & 0xff] ^ T2[(crc >>> 8) & 0xff] ^ T1[(crc >>> 16) & 0xff] ^ T0[crc >>> 24];
  }
  for (; i < n; i++) crc = T0[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const hex = (v) => `0x${v.toString(16).padStart(8, '0')}`;

// The codec's encode: the bytes followed by their checksum, little-endian.
export function appendChecksum(bytes) {
  const out = new Uint8Array(bytes.length + 4);
  out.set(bytes);
  new DataView(out.buffer).setUint32(bytes.length, crc32c(bytes), true);
  return out;
}

// Checks the trailing checksum; throws an Error that gives both values.
export function checkChecksum(bytes) {
  if (bytes.length < 4) throw new Error(`found ${bytes.length} bytes; a crc32c-encoded buffer holds at least its 4-byte checksum`);
  const body = bytes.subarray(0, bytes.length - 4);
  const stored = new DataView(bytes.buffer, bytes.byteOffset + body.length, 4).getUint32(0, true);
  const computed = crc32c(body);
  if (stored !== computed) throw new Error(`crc32c checksum mismatch: stored ${hex(stored)}, computed ${hex(computed)} over ${body.length} bytes`);
}
