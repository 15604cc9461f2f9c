// @ts-check
// Base64 of gzip turned back into bytes, synchronously, by the package's own
// inflater: a WebAssembly module of about 3 KB (src/inflate/, docs/size.md,
// "The inflater"), which browsers run at near native speed from the start,
// where an inflater in JavaScript runs cold in the interpreter. Node inflates
// with zlib instead (js/wasm-module.js).
import inflaterWasm from '../dist/inflater.wasm.mjs';

/** @typedef {{ memory: WebAssembly.Memory, base64_decode: (text: number, length: number) => number, gunzip: (input: number, length: number, output: number, capacity: number) => number }} Inflater */
/** @type {Inflater | undefined} */
let inflater;
// Where free memory starts: the module's data and stack fill its first page.
let base = 0;

// Deflate expands at most 1032 to 1.
const MAX_RATIO = 1032;

/** @returns {Inflater} */
function instantiate() {
  // The inflater's own bytes are few: decoding them in JS costs little.
  const binary = atob(inflaterWasm);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const exports = /** @type {Inflater} */ (/** @type {unknown} */ (new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports));
  base = exports.memory.buffer.byteLength;
  return (inflater = exports);
}

// Grows the inflater's memory to hold `bytes` from `base`.
function reserve(/** @type {WebAssembly.Memory} */ memory, /** @type {number} */ bytes) {
  const missing = base + bytes - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / 65536));
}

function corrupt(/** @type {number} */ code) {
  return new Error(`zarr-rectilinear: an embedded WebAssembly module is corrupt (inflater error ${code}, listed in src/inflate/inflate.h); reinstall the package`);
}

/**
 * The bytes that `text`, base64 of a gzip member, encodes, in a new
 * Uint8Array of their own (a copy out of the inflater's memory, which the
 * next call reuses). Throws an Error naming the inflater's code when the
 * text is not a valid gzip member in base64.
 * @param {string} text
 * @returns {Uint8Array}
 */
export function gunzipBase64(text) {
  const { memory, base64_decode, gunzip } = inflater ?? instantiate();
  // The text in place, one byte a character (encodeInto: no loop in JS),
  // then decoded in place. Three bytes to spare, so that a character
  // outside ASCII, which is not base64, gets in whole and is refused.
  reserve(memory, text.length + 3);
  const { written } = new TextEncoder().encodeInto(text, new Uint8Array(memory.buffer, base, text.length + 3));
  const length = base64_decode(base, written);
  if (length < 0) throw corrupt(length);
  // The output after the input, sized by the trailer's ISIZE, which the
  // inflater checks: capped, as a corrupt one could ask for gigabytes.
  const size = length < 4 ? 0 : new DataView(memory.buffer).getUint32(base + length - 4, true);
  const capacity = Math.min(size, length * MAX_RATIO);
  reserve(memory, length + capacity);
  const inflated = gunzip(base, length, base + length, capacity);
  if (inflated < 0) throw corrupt(inflated);
  return new Uint8Array(memory.buffer, base + length, inflated).slice();
}
