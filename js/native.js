// @ts-check
// The grid module (docs/wasm-boundary.md, "Two modules"), loaded once at
// import, and the helpers that give short-lived access to its heap. The
// document module has its own (js/document-module.js).
import createModule from '../dist/zarr_rectilinear.mjs';
import gzippedWasm from '../dist/zarr_rectilinear.wasm.mjs';
import { loadModule, using } from './wasm-module.js';

export { outOfMemory, u64, using } from './wasm-module.js';

export const { native, guarded: GUARDED, checkMemory, allocate, withHeap, withBytes, u8View, problemOf } =
  await loadModule(createModule, gzippedWasm);

// Refuses up front work on `bytes` that could not fit beside what is there:
// the core would run out of memory and say so, but only after copying its
// input in and starting.
const WORKING_SET_LIMIT = 3 * 2 ** 30;
export function requireWorkingSet(bytes, what) {
  if (!(bytes <= WORKING_SET_LIMIT)) {
    throw new RangeError(`${what} needs about ${bytes} bytes of WebAssembly memory, more than its 4 GiB allow; ask for less`);
  }
}

// A small buffer kept for the life of the module, for calls that pass a
// few values: no malloc/free per call. Valid until the next scratch() call.
let scratchAddress = 0;
let scratchBytes = 0;
export function scratch(bytes) {
  if (bytes > scratchBytes) {
    native._free(scratchAddress);
    scratchAddress = scratchBytes = 0; // nothing is held if the allocation fails
    const size = Math.max(bytes, 256);
    scratchAddress = allocate(size);
    scratchBytes = size;
  }
  return scratchAddress;
}

// The scratch buffer as `count` doubles, through a view kept between calls
// and made afresh only when the buffer moves or memory grows.
/** @type {Float64Array<ArrayBufferLike>} */
let scratchView = new Float64Array(0);
export function scratchF64(count) {
  const address = scratch(count * 8);
  if (scratchView.buffer !== native.HEAPU8.buffer || scratchView.byteOffset !== address || scratchView.length < count) {
    scratchView = new Float64Array(native.HEAPU8.buffer, address, scratchBytes / 8);
  }
  return scratchView;
}

// The whole heap as 64-bit words, kept until memory grows (which replaces
// the buffer): for the small copies of a call, making a view costs more
// than the copy. Addresses are 8-byte aligned (malloc's and scratch's).
/** @type {{ buffer: ArrayBufferLike | null, f64: Float64Array<ArrayBufferLike>, u64: BigUint64Array<ArrayBufferLike> }} */
let words = { buffer: null, f64: new Float64Array(0), u64: new BigUint64Array(0) };
export function heapWords() {
  if (words.buffer !== native.HEAPU8.buffer) {
    const buffer = native.HEAPU8.buffer;
    words = { buffer, f64: new Float64Array(buffer), u64: new BigUint64Array(buffer) };
  }
  return words;
}

// Views are made fresh on each use: memory growth replaces the buffer.
export const u64View = (address, length) => new BigUint64Array(native.HEAPU8.buffer, address, length);
export const f64View = (address, length) => new Float64Array(native.HEAPU8.buffer, address, length);
export const i64View = (address, length) => new BigInt64Array(native.HEAPU8.buffer, address, length);

// Problems out of a native vector (a GridOutcome's), which is freed.
export function problems(vector) {
  return using(vector, (v) => Array.from({ length: v.size() }, (_, i) => problemOf(v.get(i))));
}

// Results up to this many bytes leave the heap in one copy, their columns
// views into it: one allocation, where each would cost about as much as
// copying a few thousand values. Larger ones get a typed array per column,
// as allocators recycle arrays of a few MB, while one array of all of them
// would often be fresh memory, mapped page by page (README, Benchmarks).
export const PACKED_BYTES = 2 ** 17;

// Copies columns out of the heap: column k is `parts[k]` = [first, length],
// in values from `address`, read through `view` (f64View or u64View).
export function copyOut(view, address, parts) {
  const span = parts.reduce((end, [first, length]) => Math.max(end, first + length), 0);
  if (span * 8 <= PACKED_BYTES) {
    const heap = view === u64View ? heapWords().u64 : heapWords().f64;
    const all = heap.slice(address / 8, address / 8 + span);
    return parts.map(([first, length]) => all.subarray(first, first + length));
  }
  return parts.map(([first, length]) => view(address + first * 8, length).slice());
}

// Copies typed values into a typed array at `at`. Both sides hold doubles,
// or both uint64; TypeScript cannot pair the members of the two unions.
export const copyInto = (/** @type {Float64Array | BigUint64Array} */ target, /** @type {ArrayLike<number> | ArrayLike<bigint>} */ source, at = 0) =>
  /** @type {Float64Array} */ (target).set(/** @type {ArrayLike<number>} */ (source), at);

// Copies the columns of a native Columns handle out, one typed array each
// (uint64 or, with `asDouble`, Float64Array; see copyOut), and frees it.
// Null when a value is not exact as a double.
export function copyColumns(columns, asDouble) {
  return using(columns, (c) => {
    const parts = [];
    let total = 0;
    for (let k = 0, count = c.count(); k < count; k++) {
      const length = c.length(k);
      parts.push([total, length]);
      total += length;
    }
    return withHeap(total * 8, (address) => {
      if (!c.copy(address, asDouble)) return null;
      return copyOut(asDouble ? f64View : u64View, address, parts);
    });
  });
}
