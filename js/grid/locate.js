// @ts-check
// Index lookups of a grid: one index (locate), rows of indices (locateMany)
// and indices along one axis (locateAxis). Safe integers go through doubles
// and a plain export, bigints through uint64 (js/grid/indices.js); the batches
// run block by block (js/grid/batch-locate.js).
import { checkMemory, native, scratch, scratchF64, u64View, f64View } from '../wasm/native.js';
import { anyBigInt, toUint64, unsafeHint } from './numbers.js';
import { arrayArgument, checkAxis, list } from './arguments.js';
import { batchLocate } from './batch-locate.js';
import { handleOf } from './grid-handle.js';
/** @import { Integer, IndexArray, Located } from '../index.js' */

/**
 * One index: through a scratch buffer, with no allocation on the wasm heap.
 * Safe integers inside the shape take a plain export; anything else (a
 * bigint, or an index to refuse) takes the general path.
 * @param {{ ndim: number }} grid the ChunkGrid
 * @param {number} address its native grid's, for the plain export
 * @param {number[]} lengths its shape as numbers
 * @param {bigint[]} shape
 * @param {readonly Integer[]} index
 * @returns {{ chunk: Integer[]; offset: Integer[] }}
 */
export function locate(grid, address, lengths, shape, index) {
  const ndim = grid.ndim;
  const expected = `an array of ${ndim} integers`;
  index = /** @type {Integer[]} */ (arrayArgument(index, 'index', expected));
  if (index.length !== ndim) throw new TypeError(`index: found ${index.length} entries; expected ${expected}`);
  const handle = handleOf(grid);
  let io = scratchF64(3 * ndim);
  let plain = true;
  for (let d = 0; d < ndim && plain; d++) {
    const v = index[d];
    plain = typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v < lengths[d];
    if (plain) io[d] = /** @type {number} */ (v); // a safe integer, as plain says
  }
  if (plain) {
    const at = io.byteOffset;
    native._zr_locate_f64(address, at, ndim, at + ndim * 8, at + ndim * 16);
    checkMemory('locating an index');
    if (io.buffer !== native.HEAPU8.buffer) io = scratchF64(3 * ndim); // memory grew during the call
    const chunk = new Array(ndim), offset = new Array(ndim);
    for (let d = 0; d < ndim; d++) {
      chunk[d] = io[ndim + d];
      offset[d] = io[2 * ndim + d];
    }
    return { chunk, offset };
  }
  const big = anyBigInt(index);
  const values = index.map((v, d) => {
    const value = toUint64(v, `index[${d}]`);
    if (value >= shape[d]) {
      throw new RangeError(`index ${list(index)} lies outside the array shape ${list(shape)} on axis ${d}`);
    }
    return value;
  });
  const at = scratch(ndim * 24);
  const [chunks, offsets] = [at + ndim * 8, at + ndim * 16];
  if (big) {
    u64View(at, ndim).set(values);
    handle.locateManyU64(at, ndim, chunks, offsets);
    return { chunk: Array.from(u64View(chunks, ndim)), offset: Array.from(u64View(offsets, ndim)) };
  }
  f64View(at, ndim).set(values.map(Number));
  handle.locateManyF64(at, ndim, chunks, offsets);
  return { chunk: Array.from(f64View(chunks, ndim)), offset: Array.from(f64View(offsets, ndim)) };
}

/**
 * Row-major indices, n × ndim; doubles through the plain export, with one
 * call per block.
 * @param {{ ndim: number }} grid the ChunkGrid
 * @param {number} address its native grid's, for the plain export
 * @param {bigint[]} shape
 * @param {IndexArray} indices
 * @param {Located} [out]
 * @returns {Located}
 */
export function locateMany(grid, address, shape, indices, out) {
  const handle = handleOf(grid);
  const ndim = grid.ndim;
  const checkLength = (/** @type {number} */ n) => {
    if (ndim === 0 ? n !== 0 : n % ndim !== 0) {
      throw new TypeError(`indices: found ${n} values; expected a row-major multiple of ndim = ${ndim}`);
    }
  };
  return batchLocate(indices, out, Math.max(ndim, 1), checkLength, (big, ...args) =>
    (big ? handle.locateManyU64(...args) : native._zr_locate_f64(address, ...args)),
  (row, read) => outsideShape(row, Array.prototype.slice.call(read, row * ndim, (row + 1) * ndim), shape), (i) => (i < 0 ? 'indices' : `indices[${i}] (row ${Math.floor(i / ndim)}, axis ${i % ndim})`));
}

/**
 * Why a row of indices was refused: the kernels refuse a value that is not
 * an integer index inside the shape, and name its row.
 * @param {number} row
 * @param {Array<number | bigint>} values the row
 * @param {bigint[]} shape
 */
export const outsideShape = (row, values, shape) =>
  `row ${row} ${list(values)} lies outside the array shape ${list(shape)}${unsafeHint(values)}`;

/**
 * Indices along one axis.
 * @param {{ ndim: number }} grid the ChunkGrid
 * @param {bigint[]} shape
 * @param {number} axis
 * @param {IndexArray} indices
 * @param {Located} [out]
 * @returns {Located}
 */
export function locateAxis(grid, shape, axis, indices, out) {
  checkAxis(grid, axis);
  const handle = handleOf(grid);
  return batchLocate(indices, out, 1, () => {}, (big, ...args) => (big ? handle.locateAxisU64 : handle.locateAxisF64).call(handle, axis, ...args), (i, read) =>
    `indices[${i}] = ${read[i]} lies outside axis ${axis} of length ${shape[axis]}${unsafeHint([read[i]])}`,
  (i) => (i < 0 ? 'indices' : `indices[${i}]`));
}
