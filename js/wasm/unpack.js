// @ts-check
// Base64 of .lzma turned back into bytes, synchronously, by the package's
// own unpacker: a WebAssembly module of a few KB (src/unpack/, docs/size.md,
// "The unpacker"), which runs at near native speed from the start, where a
// decoder in JavaScript runs cold in the interpreter. It loads the embedded
// modules everywhere: neither browsers nor Node decode LZMA themselves.
import unpackerWasm from '../../dist/unpacker.wasm.mjs';

/** @typedef {{ memory: WebAssembly.Memory, base64_decode: (text: number, length: number) => number, lzma_decode: (input: number, length: number, output: number, capacity: number) => number }} Unpacker */
/** @type {Unpacker | undefined} */
let unpacker;
// Where free memory starts: the module's data and stack fill its first page.
let base = 0;

// LZMA expands at most about 7,000 to 1 (a repeat of 273 bytes costs a
// third of a bit at best): a header's size past this, of a corrupt
// stream, takes no memory, and the decoder refuses it.
const MAX_RATIO = 8192;

/** @returns {Unpacker} */
function instantiate() {
  // The unpacker's own bytes are few: decoding them in JS costs little.
  const binary = atob(unpackerWasm);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const exports = /** @type {Unpacker} */ (/** @type {unknown} */ (new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports));
  base = exports.memory.buffer.byteLength;
  return (unpacker = exports);
}

// Grows the unpacker's memory to hold `bytes` from `base`.
function reserve(/** @type {WebAssembly.Memory} */ memory, /** @type {number} */ bytes) {
  const missing = base + bytes - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / 65536));
}

function corrupt(/** @type {number} */ code) {
  return new Error(`zarr-rectilinear: an embedded WebAssembly module is corrupt (unpacker error ${code}, listed in src/unpack/unpack.h); reinstall the package`);
}

/**
 * The bytes that `text`, base64 of a .lzma stream with its size in its
 * header (scripts/embed-wasm.mjs), encodes, in a new Uint8Array of their
 * own (a copy out of the unpacker's memory, which the next call reuses).
 * Throws an Error naming the unpacker's code when the text is not such a
 * stream in base64.
 * @param {string} text
 * @returns {Uint8Array}
 */
export function unpackBase64(text) {
  const { memory, base64_decode, lzma_decode } = unpacker ?? instantiate();
  // The text in place, one byte a character (encodeInto: no loop in JS),
  // then decoded in place. Three bytes to spare, so that a character
  // outside ASCII, which is not base64, gets in whole and is refused.
  reserve(memory, text.length + 3);
  const { written } = new TextEncoder().encodeInto(text, new Uint8Array(memory.buffer, base, text.length + 3));
  const length = base64_decode(base, written);
  if (length < 0) throw corrupt(length);
  // The output after the input, sized by the header's size (bytes 5 to
  // 12, little-endian), which the decoder checks: no room for a size of
  // 2^32 or more (or "unknown", all ones), which it then refuses.
  const header = new DataView(memory.buffer, base, length);
  const size = length < 13 || header.getUint32(9, true) !== 0 ? 0 : header.getUint32(5, true);
  const capacity = Math.min(size, length * MAX_RATIO);
  reserve(memory, length + capacity);
  const unpacked = lzma_decode(base, length, base + length, capacity);
  if (unpacked < 0) throw corrupt(unpacked);
  return new Uint8Array(memory.buffer, base + length, unpacked).slice();
}
