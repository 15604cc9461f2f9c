// @ts-check
// A declared chunk's geometry (chunkOrigin, chunkShape, chunkDataShape,
// chunkRegion): one native call gives its origin, declared shape and data
// shape; only the parts asked for are converted, so a part past 2^53 - 1
// that is not asked for does not refuse number input.
import { u64View, withHeap } from '../wasm/native.js';
import { anyBigInt, output, toUint64 } from './numbers.js';
import { arrayArgument, list } from './arguments.js';
import { handleOf } from './grid-handle.js';
/** @import { Integer, Natural } from '../index.js' */

/**
 * @param {{ ndim: number, declaredGridShape: Natural[] }} grid the ChunkGrid
 * @param {readonly Integer[]} coords
 * @param {number[]} parts of [origin, declared shape, data shape]
 * @returns {Integer[][]}
 */
export function chunkGeometry(grid, coords, parts) {
  const ndim = grid.ndim;
  const expected = `an array of ${ndim} integers`;
  coords = /** @type {Integer[]} */ (arrayArgument(coords, 'coords', expected));
  if (coords.length !== ndim) throw new TypeError(`coords: found ${coords.length} entries; expected ${expected}`);
  const big = anyBigInt(coords);
  const outside = () => new RangeError(`chunk ${list(coords)} lies outside the declared grid ${list(grid.declaredGridShape)}`);
  const values = coords.map((c, d) => {
    // A fraction, or a number past 2^53 - 1, keeps its own message (it is
    // not an index, or it may be rounded); an integer out of range lies outside.
    if (typeof c === 'number' && !Number.isSafeInteger(c)) return toUint64(c, `coords[${d}]`);
    try {
      return toUint64(c, `coords[${d}]`);
    } catch (e) {
      throw e instanceof RangeError ? outside() : e;
    }
  });
  const handle = handleOf(grid);
  return withHeap(ndim * 32, (address) => {
    u64View(address, ndim).set(values);
    if (!handle.chunkGeometry(address, address + ndim * 8)) throw outside();
    return parts.map((part) => Array.from(u64View(address + ndim * 8 * (1 + part), ndim), (v) => output(v, big, 'chunk geometry')));
  });
}
