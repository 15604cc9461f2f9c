// @ts-check
// chunkGroups: the declared chunks of an axis that meet a window, grouped
// for drawing (js/index.d.ts; the layout draws them, js/layout/layout-facts.js). The
// core groups them; this reads the window, in pixels' terms, and the limits.
import { copyColumns } from '../wasm/native.js';
import { MAX_UINT64, isBigInt, natural } from './numbers.js';
import { checkAxis } from './arguments.js';
import { handleOf } from './grid-handle.js';
/** @import { ChunkGroup, ChunkGroupOptions } from '../index.js' */

// Chunk groups listed at most, by default: a window of a few thousand
// pixels needs far fewer.
const GROUP_LIMIT = 1_000_000;
// The most the core's size_t limit (32 bits in wasm32) can say.
const MAX_GROUPS = 2 ** 32 - 1;

// A window bound: a bigint, or a finite number rounded outwards (window
// bounds come from pixels) and clipped to [0, 2^64 - 1].
function windowBound(value, what, round) {
  if (isBigInt(value)) return value < 0n ? 0n : value > MAX_UINT64 ? MAX_UINT64 : value;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`${what}: found ${value}; expected a finite number or a bigint`);
  const v = round(value);
  return v <= 0 ? 0n : v >= 2 ** 64 ? MAX_UINT64 : BigInt(v);
}

/**
 * @param {{ ndim: number }} grid the ChunkGrid
 * @param {number} axis
 * @param {number | bigint} start
 * @param {number | bigint} stop
 * @param {ChunkGroupOptions} opts
 * @returns {ChunkGroup[]}
 */
export function chunkGroups(grid, axis, start, stop, opts) {
  checkAxis(grid, axis);
  const minSize = opts.minSize ?? 1;
  const limit = opts.limit ?? GROUP_LIMIT;
  if (!(typeof minSize === 'number' && minSize > 0 && Number.isFinite(minSize))) {
    throw new RangeError(`minSize: found ${minSize}; expected a positive finite number`);
  }
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit: found ${limit}; expected a positive safe integer`);
  const handle = handleOf(grid);
  // The core takes minSize as a uint64 and the limit as a 32-bit size_t,
  // which the call would wrap (2^64 to 0, 2^32 to 0). Larger values mean
  // the same as the largest: no chunk reaches 2^64 - 1 elements but the
  // only chunk of its axis, and no answer holds 2^32 - 1 groups.
  const size = BigInt(Math.ceil(minSize));
  const columns = copyColumns(handle.chunkGroups(axis, windowBound(start, 'start', Math.floor),
    windowBound(stop, 'stop', Math.ceil), size > MAX_UINT64 ? MAX_UINT64 : size, Math.min(limit, MAX_GROUPS)), false);
  if (columns.length !== 5) {
    throw new RangeError(`more than ${limit} chunk groups meet [${start}, ${stop}) on axis ${axis}; pass a larger minSize or limit`);
  }
  const [first, count, origin, lastOrigin, end] = columns;
  return Array.from(first, (_, i) => ({
    first: natural(first[i]), count: natural(count[i]), origin: natural(origin[i]),
    lastOrigin: natural(lastOrigin[i]), end: natural(end[i]),
  }));
}
