// @ts-check
// Selections, per axis, as docs/semantics.md ("Selections") defines them,
// projected by the core. The N-d product is taken lazily, so memory stays
// O(sum over axes).
import { indexArray, signedColumn } from './indices.js';
import { copyColumns, native, requireWorkingSet, scratch, scratchF64, withHeap, u64, u64View, f64View, i64View, u8View } from './native.js';
import { MAX_UINT64, isBigInt, isBigIntArray, natural, output, toInt, unsafeHint } from './numbers.js';
/**
 * @import { Slice } from './index.js'
 * @import { SliceArg } from '../dist/zarr_rectilinear.mjs'
 */

const isMask = (entry) =>
  entry instanceof Uint8Array || (Array.isArray(entry) && entry.length > 0 && entry.every((v) => typeof v === 'boolean'));
const isIntegerArray = (entry) => Array.isArray(entry) || (ArrayBuffer.isView(entry) && !(entry instanceof DataView));

// True when any number in the selection is a bigint: then every output is.
export function selectionIsBigInt(selection) {
  return selection.some((entry) => {
    if (isBigInt(entry)) return true;
    if (isBigIntArray(entry)) return true;
    if (Array.isArray(entry)) return entry.some(isBigInt);
    if (entry && typeof entry === 'object') {
      const fields = 'blocks' in entry ? entry.blocks ?? [] : [entry.start, entry.stop, entry.step];
      return Array.from(fields).some(isBigInt);
    }
    return false;
  });
}

// Magnitudes beyond 2^64 - 1 clamp like any out-of-range slice bound.
const magnitude = (v) => {
  const m = v < 0n ? -v : v;
  return m > MAX_UINT64 ? MAX_UINT64 : m;
};

// A slice (or a range of chunks) as the core's SliceArg, and its step.
/**
 * @param {Slice} slice
 * @param {string} what
 * @param {boolean} [blocks]
 * @returns {SliceArg}
 */
export function sliceArg({ start, stop, step }, what, blocks = false) {
  const bound = (v, name) => (v === null || v === undefined ? null : toInt(v, `${what}.${name}`));
  const s = bound(start, 'start');
  const e = bound(stop, 'stop');
  const st = step === null || step === undefined ? 1n : toInt(step, `${what}.step`);
  if (st < 1n) throw new RangeError(`${what}.step: found ${step}; expected a step of at least 1`);
  return {
    hasStart: s !== null, startNegative: s !== null && s < 0n, start: s === null ? 0n : magnitude(s),
    hasStop: e !== null, stopNegative: e !== null && e < 0n, stop: e === null ? 0n : magnitude(e),
    step: magnitude(st), blocks,
  };
}

// A selection entry that the core reads as a slice: a slice, null, or {blocks}.
export function sliceEntryArg(entry, what) {
  if (entry === null || entry === undefined) return sliceArg({}, what);
  if ('blocks' in entry) {
    const [start, stop] = entry.blocks ?? [];
    return sliceArg({ start, stop }, `${what}.blocks`, true);
  }
  return sliceArg(entry, what);
}

const notExact = () => new RangeError('a projection value exceeds 2^53 - 1 and cannot be a number; pass bigint selections');

// Copies a points projection's five columns out and frees it.
function columns(projection, big) {
  const out = copyColumns(projection, !big);
  if (out === null) throw notExact();
  return out;
}

// The core holds about this much per selected point: the input, its
// location and order, the five output columns and their copy.
const BYTES_PER_POINT = 128;

function projectPoints(grid, axis, entry, length, what, big) {
  const where = (/** @type {number} */ i) => (i < 0 ? what : `${what}[${i}]`);
  const values = indexArray(entry, where);
  const n = values.length;
  requireWorkingSet(n * BYTES_PER_POINT, what);
  // Non-negative bigints as they are; anything else by the signed rule.
  const column = values instanceof BigUint64Array ? values : signedColumn(values, where);
  const projection = withHeap('pairs' in column ? n * 16 : n * 8, (address) => {
    if (column instanceof Float64Array) {
      f64View(address, n).set(column);
      return grid.projectPointsF64(axis, address, n);
    }
    if (column instanceof BigUint64Array) {
      u64View(address, n).set(column);
      return grid.projectPointsU64(axis, address, n);
    }
    if (column instanceof BigInt64Array) {
      i64View(address, n).set(column);
      return grid.projectPointsI64(axis, address, n);
    }
    u64View(address, 2 * n).set(column.pairs);
    return grid.projectPointsSigned(axis, address, n);
  });
  const failed = projection.failedAt();
  if (failed >= 0) {
    projection.delete();
    throw new RangeError(`${what}[${failed}]: found ${values[failed]}; expected an integer index for axis ${axis} of length ${length}${unsafeHint([values[failed]])}`);
  }
  const [chunks, starts, stops, offsets, positions] = columns(projection, big);
  return { kind: 'points', chunks, offsets, starts, stops, positions };
}

function projectMask(grid, axis, mask, length, what, big) {
  if (BigInt(mask.length) !== length) {
    throw new RangeError(`${what}: found a mask of length ${mask.length}; expected the axis length ${length}`);
  }
  requireWorkingSet(mask.length * BYTES_PER_POINT, what);
  const projection = withHeap(mask.length, (address) => {
    u8View(address, mask.length).set(mask instanceof Uint8Array ? mask : mask.map(Number));
    return grid.projectMask(axis, address, mask.length);
  });
  const [chunks, starts, stops, offsets, positions] = columns(projection, big);
  return { kind: 'points', chunks, offsets, starts, stops, positions };
}

// A slice over at most this many chunks is written into the kept scratch
// buffer in one call: no bound to ask first, no allocation on the heap.
const SCRATCH_ENTRIES = 32;

// A slice argument as zr_slice_into's flag bits (src/wasm/bindings.cpp).
const sliceFlags = (arg, big) => (arg.hasStart ? 1 : 0) | (arg.startNegative ? 2 : 0) | (arg.hasStop ? 4 : 0) |
  (arg.stopNegative ? 8 : 0) | (arg.blocks ? 16 : 0) | (big ? 32 : 0);

// A slice's five columns, written by the core straight into heap memory,
// then each copied out. `address` is the grid's, for the plain export: a
// projection through Embind cost about half a microsecond per axis more.
function sliceColumns(grid, address, axis, arg, big) {
  const flags = sliceFlags(arg, big);
  const into = (out, capacity) => native._zr_slice_into(address, axis, flags, arg.start, arg.stop, arg.step, out, capacity);
  const copyOut = (out, capacity, n) => [0, 1, 2, 3, 4].map((k) => (big ? u64View : f64View)(out + k * capacity * 8, n).slice());
  const scratchAt = scratch(5 * SCRATCH_ENTRIES * 8);
  const quick = into(scratchAt, SCRATCH_ENTRIES);
  if (quick >= 0) {
    if (big) return copyOut(scratchAt, SCRATCH_ENTRIES, quick);
    // Doubles come out through the scratch's kept view: no view per column.
    const kept = scratchF64(5 * SCRATCH_ENTRIES);
    return [0, 1, 2, 3, 4].map((k) => kept.slice(k * SCRATCH_ENTRIES, k * SCRATCH_ENTRIES + quick));
  }
  // -1: more entries than the scratch holds, or a value that is not exact.
  const capacity = grid.sliceBound(axis, arg);
  return withHeap(capacity * 40, (out) => {
    const n = into(out, capacity);
    if (n < 0) throw notExact();
    return copyOut(out, capacity, n);
  });
}

// A slice (or a block range), projected.
function projectSlice(grid, address, axis, entry, big, what) {
  const arg = sliceEntryArg(entry, what);
  const [chunks, starts, stops, outStarts, outStops] = sliceColumns(grid, address, axis, arg, big);
  const step = arg.blocks ? 1n : arg.step;
  return { kind: 'slice', step: output(step, big, 'step'), chunks, starts, stops, outStarts, outStops };
}

function projectInteger(grid, axis, value, length, what, big) {
  const index = toInt(value, what);
  const exact = magnitude(index) === (index < 0n ? -index : index);
  const at = exact ? grid.projectInteger(axis, index < 0n, magnitude(index)) : null;
  if (!at?.found) throw new RangeError(`${what}: found ${value}; expected an index for axis ${axis} of length ${length}`);
  return { kind: 'integer', chunk: output(u64(at.chunk), big), index: output(u64(at.offset), big) };
}

// One projection per axis: projectAxes (js/index.d.ts). `address` is the
// native grid's (Grid.address()).
export function projectAxes(grid, address, shape, selection) {
  if (selection === null || selection === undefined) selection = [];
  if (!Array.isArray(selection)) throw new TypeError('selection: expected an array with one entry per axis');
  if (selection.length > shape.length) {
    throw new TypeError(`selection: found ${selection.length} entries; expected at most ndim = ${shape.length}`);
  }
  const big = selectionIsBigInt(selection);
  return shape.map((length, axis) => {
    const entry = selection[axis];
    const what = `selection[${axis}]`;
    if (entry === null || entry === undefined) return projectSlice(grid, address, axis, {}, big, what);
    if (typeof entry === 'number' || isBigInt(entry)) return projectInteger(grid, axis, entry, length, what, big);
    if (isMask(entry)) return projectMask(grid, axis, entry, length, what, big);
    if (isIntegerArray(entry)) return projectPoints(grid, axis, entry, length, what, big);
    if (typeof entry === 'object') return projectSlice(grid, address, axis, entry, big, what);
    throw new TypeError(`${what}: found ${typeof entry}; expected an integer, a slice, null, an integer array, a mask or {blocks}`);
  });
}

function mapping(axis, i) {
  if (axis.kind === 'integer') return { from: axis.index, to: null };
  if (axis.kind === 'slice') {
    const one = typeof axis.step === 'bigint' ? 1n : 1;
    return { from: [axis.starts[i], axis.stops[i], axis.step], to: [axis.outStarts[i], axis.outStops[i], one] };
  }
  const range = [Number(axis.starts[i]), Number(axis.stops[i])];
  return { from: axis.offsets.subarray(...range), to: axis.positions.subarray(...range) };
}

// zarrita-shaped projections: the product of the per-axis chunks, last axis fastest.
export function* projections(axes) {
  const counts = axes.map((a) => (a.kind === 'integer' ? 1 : a.chunks.length));
  if (counts.some((c) => c === 0)) return;
  const at = counts.map(() => 0);
  for (;;) {
    yield {
      chunkCoords: axes.map((a, d) => (a.kind === 'integer' ? a.chunk : a.chunks[at[d]])),
      mapping: axes.map((a, d) => mapping(a, at[d])),
    };
    let d = axes.length - 1;
    while (d >= 0 && ++at[d] === counts[d]) at[d--] = 0;
    if (d < 0) return;
  }
}

// Slice axes whose chunks a selectedChunks answer lists one by one: past
// this, a strided slice is answered by its ends and a count.
const LISTED_SLICE_CHUNKS = 2 ** 16;
const isSliceEntry = (entry) => entry === null || entry === undefined ||
  (typeof entry === 'object' && !Array.isArray(entry) && !ArrayBuffer.isView(entry));
const EMPTY = Object.freeze({ start: 0, stop: 0 });

// Which chunks a selection touches, per axis, answered by the core without
// listing more than a view can show (see js/index.d.ts, SelectedChunks).
export function selectedChunks(grid, address, shape, selection) {
  if (selection === null || selection === undefined) selection = [];
  if (!Array.isArray(selection)) throw new TypeError('selection: expected an array with one entry per axis');
  if (selection.length > shape.length) {
    throw new TypeError(`selection: found ${selection.length} entries; expected at most ndim = ${shape.length}`);
  }
  const axes = shape.map((_, axis) => {
    const entry = selection[axis];
    if (!isSliceEntry(entry)) return null;
    const what = `selection[${axis}]`;
    const arg = sliceEntryArg(entry, what);
    const found = grid.sliceChunks(axis, arg);
    const [first, stop, count] = [found.first, found.stop, found.count].map((v) => natural(u64(v)));
    if (found.every) return { kind: 'range', first, stop, count, exact: true };
    if (u64(found.stop) - u64(found.first) > BigInt(LISTED_SLICE_CHUNKS)) return { kind: 'strided', first, stop, count, exact: found.exact };
    return null;
  });
  // One projection for every axis answered by a list; empty slices elsewhere.
  if (axes.some((a) => a === null)) {
    const projected = projectAxes(grid, address, shape, axes.map((a, d) => (a === null ? selection[d] : EMPTY)));
    axes.forEach((a, d) => {
      if (a !== null) return;
      const p = projected[d];
      const chunks = p.kind === 'integer' ? (typeof p.chunk === 'bigint' ? BigUint64Array.of(p.chunk) : Float64Array.of(p.chunk)) : p.chunks;
      axes[d] = { kind: 'list', chunks, count: chunks.length, exact: true };
    });
  }
  const count = axes.reduce((acc, a) => acc * BigInt(a.count), 1n);
  return { axes, count: natural(count), exact: axes.every((a) => a.exact) };
}
