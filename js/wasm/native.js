// @ts-check
// The reader module (docs/wasm-boundary.md, "Two modules"), loaded once at
// import (synchronously: js/wasm/wasm-module.js), and the helpers that give
// short-lived access to its heap: grids (js/wasm/grid-module.js) and whole
// documents (js/wasm/document-calls.js). The tools module has its own
// (js/tools/tools-module.js).
import packedWasm from '../../dist/zarr_rectilinear.wasm.mjs';
import { createGridModule } from './grid-loader.js';
import { gridCalls } from './grid-module.js';
import { documentCalls } from './document-calls.js';
import { moduleCalls } from './module-calls.js';
import { loadModule } from './wasm-module.js';

export { PACKED_BYTES, outOfMemory, using } from './wasm-module.js';

const helpers = loadModule(createGridModule, packedWasm);
const calls = moduleCalls(helpers.native, helpers);
const grids = gridCalls(helpers.native, helpers, calls);
export const native = Object.assign(grids, documentCalls(helpers.native, helpers, calls, grids.adoptGrid));
export const {
  checkMemory, allocate, withHeap, withBytes, withPointers, heapWords, u8View, u64View, f64View, i64View,
  copyOut, copyColumns, columnsFailedAt, heapInUse, problemCodes, maxDocumentBytes,
} = helpers;

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

// Copies typed values into a typed array at `at`. Both sides hold doubles,
// or both uint64; TypeScript cannot pair the members of the two unions.
export const copyInto = (/** @type {Float64Array | BigUint64Array} */ target, /** @type {ArrayLike<number> | ArrayLike<bigint>} */ source, at = 0) =>
  /** @type {Float64Array} */ (target).set(/** @type {ArrayLike<number>} */ (source), at);
