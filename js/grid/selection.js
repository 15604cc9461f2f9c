// @ts-check
// Selections, per axis, as docs/semantics.md ("Selections") defines them,
// projected by the core. The N-d product is taken lazily, so memory stays
// O(sum over axes).
import { checkIndices, signedColumn } from './indices.js';
import { copyArray, describeValue, sliceObject } from './arguments.js';
import { PACKED_BYTES, columnsFailedAt, copyColumns, copyInto, copyOut, heapWords, native, requireWorkingSet, scratch, withHeap, u64View, f64View, i64View, u8View } from '../wasm/native.js';
import { MAX_UINT64, isBigInt, isBigIntArray, natural, output, toInt, unsafeHint } from './numbers.js';
/**
 * @import { Slice } from '../index.js'
 * @import { SliceArg } from '../../dist/zarr_rectilinear.mjs'
 */

// A selection entry, read once and sorted by kind (js/grid/arguments.js):
// {kind: 'all'}, {kind: 'integer', value}, {kind: 'mask', mask: Uint8Array},
// {kind: 'points', values} (a typed array, or a checked copy),
// {kind: 'slice', slice} or {kind: 'blocks', blocks: [first, stop]}.
const ALL = Object.freeze({ kind: 'all' });

/**
 * @param {unknown} entry
 * @param {string} what
 */
function readEntry(entry, what) {
  if (entry === null || entry === undefined) return ALL;
  if (typeof entry === 'number' || typeof entry === 'bigint') return { kind: 'integer', value: entry };
  if (entry instanceof Uint8Array) return { kind: 'mask', mask: entry };
  if (ArrayBuffer.isView(entry) && !(entry instanceof DataView)) return { kind: 'points', values: entry };
  if (Array.isArray(entry)) {
    const where = (/** @type {number} */ i) => (i < 0 ? what : `${what}[${i}]`);
    const values = copyArray(entry, where);
    if (values.length > 0 && values.every((v) => typeof v === 'boolean')) return { kind: 'mask', mask: Uint8Array.from(values, Number) };
    return { kind: 'points', values: checkIndices(values, where) };
  }
  return readSliceEntry(entry, what);
}

/**
 * A slice, {blocks} or null, read once; anything else is a TypeError.
 * @param {unknown} entry
 * @param {string} what
 */
export function readSliceEntry(entry, what) {
  if (entry === null || entry === undefined) return ALL;
  if (typeof entry !== 'object' || Array.isArray(entry) || ArrayBuffer.isView(entry)) {
    throw new TypeError(`${what}: found ${describeValue(entry)}; expected a slice {start, stop, step}, {blocks: [first, stop]} or null`);
  }
  const read = sliceObject(entry, what);
  return 'blocks' in read ? { kind: 'blocks', blocks: read.blocks } : { kind: 'slice', slice: read };
}

/**
 * The selection's entries, each read once (missing trailing ones are whole axes).
 * @param {unknown} selection
 * @param {number} ndim
 */
export function readSelection(selection, ndim) {
  if (selection === null || selection === undefined) return Array.from({ length: ndim }, () => ALL);
  if (!Array.isArray(selection)) throw new TypeError(`selection: found ${describeValue(selection)}; expected an array with one entry per axis`);
  const entries = copyArray(selection, (d) => `selection[${d}]`);
  if (entries.length > ndim) {
    throw new TypeError(`selection: found ${entries.length} entries; expected at most ndim = ${ndim}`);
  }
  return Array.from({ length: ndim }, (_, d) => readEntry(entries[d], `selection[${d}]`));
}

// True when any number in the selection (entries from readSelection) is a
// bigint: then every output is.
export function selectionIsBigInt(entries) {
  return entries.some((entry) => {
    switch (entry.kind) {
      case 'integer': return isBigInt(entry.value);
      case 'points': return isBigIntArray(entry.values) || (Array.isArray(entry.values) && entry.values.some(isBigInt));
      case 'slice': return [entry.slice.start, entry.slice.stop, entry.slice.step].some(isBigInt);
      case 'blocks': return entry.blocks.some(isBigInt);
      default: return false;
    }
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
  if (st < 1n) {
    throw new RangeError(`${what}.step: found ${step}; expected a step of at least 1 (a negative step is refused: select forwards and reverse the result)`);
  }
  return {
    hasStart: s !== null, startNegative: s !== null && s < 0n, start: s === null ? 0n : magnitude(s),
    hasStop: e !== null, stopNegative: e !== null && e < 0n, stop: e === null ? 0n : magnitude(e),
    step: magnitude(st), blocks,
  };
}

// A slice, {blocks} or whole-axis entry (from readSliceEntry) as the core's SliceArg.
export function sliceEntryArg(entry, what) {
  if (entry.kind === 'blocks') {
    const [start, stop] = entry.blocks;
    return sliceArg({ start, stop }, `${what}.blocks`, true);
  }
  return sliceArg(entry.kind === 'slice' ? entry.slice : {}, what);
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

function projectPoints(grid, axis, values, length, what, big) {
  const where = (/** @type {number} */ i) => (i < 0 ? what : `${what}[${i}]`);
  const n = values.length;
  requireWorkingSet(n * BYTES_PER_POINT, what);
  // Non-negative bigints as they are; anything else by the signed rule.
  const column = values instanceof BigUint64Array ? values : signedColumn(values, where);
  const projection = withHeap('pairs' in column ? n * 16 : n * 8, (address) => {
    if (column instanceof BigUint64Array) {
      u64View(address, n).set(column);
      return grid.projectPointsU64(axis, address, n);
    }
    if (column instanceof BigInt64Array) {
      i64View(address, n).set(column);
      return grid.projectPointsI64(axis, address, n);
    }
    if ('pairs' in column) {
      u64View(address, 2 * n).set(column.pairs);
      return grid.projectPointsSigned(axis, address, n);
    }
    f64View(address, n).set(column);
    return grid.projectPointsF64(axis, address, n);
  });
  const failed = columnsFailedAt(projection);
  if (failed >= 0) {
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
    u8View(address, mask.length).set(mask);
    return grid.projectMask(axis, address, mask.length);
  });
  const [chunks, starts, stops, offsets, positions] = columns(projection, big);
  return { kind: 'points', chunks, offsets, starts, stops, positions };
}

// Entries per piece of a large slice projection: the core writes a piece
// into a small heap buffer, and it is copied into the result's columns
// while still in cache. So WebAssembly memory stays small (and the module
// never keeps a large heap, which it cannot give back).
const SLICE_PIECE = 16384;
// Each entry is five values of 8 bytes.
const ENTRY_BYTES = 40;
// A result past this many bytes is refused before any work.
const MAX_RESULT_BYTES = 2 ** 32;
// A slice over at most this many chunks (a tile viewer's, a small read's) is
// written into the kept scratch buffer, beside its argument: no malloc.
const SCRATCH_ENTRIES = 32;
// Columns of a result up to this size share one allocation: one call into
// the allocator, not five. Past it each column gets its own, since
// allocators map very large blocks afresh, page by page, every time (glibc
// past 32 MiB), while they recycle smaller ones.
const SHARED_BYTES = 2 ** 25;

// The SliceArg fields in the order of the uint64 words the slice exports
// read, as the core lays them out (ZR_SLICE_ARG_WORDS,
// src/wasm/struct_words.hpp).
const SLICE_WORDS = native.sliceArgWords();
const SLICE_BYTES = SLICE_WORDS.length * 8;

// A slice (or a block range), projected by the core through two plain
// exports (docs/wasm-boundary.md), the slice passed as uint64 words.
// A small result is written whole and leaves the heap in one copy; a large
// one in pieces.
function projectSlice(address, axis, entry, big, what) {
  const arg = sliceEntryArg(entry, what);
  const slice = scratch(SLICE_BYTES + SCRATCH_ENTRIES * ENTRY_BYTES);
  const at = slice / 8;
  const { u64 } = heapWords();
  for (let k = 0; k < SLICE_WORDS.length; k++) u64[at + k] = BigInt(arg[SLICE_WORDS[k]]);
  const bound = native._zr_slice_bound(address, axis, slice);
  if (bound * ENTRY_BYTES > MAX_RESULT_BYTES) {
    throw new RangeError(`${what}: its projection holds up to ${bound} chunks, ${bound * ENTRY_BYTES} bytes, more than 4 GiB; ask for less (a smaller selection)`);
  }
  const view = big ? u64View : f64View;
  const write = (out, capacity, first) => {
    const n = native._zr_slice_into(address, axis, slice, out, capacity, big ? 0 : 1, first);
    if (n < 0) throw notExact();
    return n;
  };
  let columns;
  if (bound * ENTRY_BYTES <= PACKED_BYTES) {
    const whole = (out) => {
      const n = write(out, bound, 0n);
      return copyOut(view, out, [0, 1, 2, 3, 4].map((k) => [k * bound, n]));
    };
    columns = bound <= SCRATCH_ENTRIES ? whole(slice + SLICE_BYTES) : withHeap(bound * ENTRY_BYTES, whole);
  } else {
    const type = big ? BigUint64Array : Float64Array;
    const shared = bound * ENTRY_BYTES <= SHARED_BYTES ? new type(5 * bound) : null;
    columns = [0, 1, 2, 3, 4].map((k) => (shared ? shared.subarray(k * bound, (k + 1) * bound) : new type(bound)));
    let n = 0;
    withHeap(SLICE_PIECE * ENTRY_BYTES, (out) => {
      for (let first = 0n; ;) {
        const m = write(out, SLICE_PIECE, first);
        columns.forEach((column, k) => copyInto(column, view(out + k * SLICE_PIECE * 8, m), n));
        n += m;
        if (m < SLICE_PIECE) return;
        first = BigInt(view(out, m)[m - 1]) + 1n; // the chunk after the last one written
      }
    });
    // The bound may exceed the entries (a strided slice skips chunks).
    if (n < bound) columns = columns.map((column) => column.slice(0, n));
  }
  const [chunks, starts, stops, outStarts, outStops] = columns;
  const step = arg.blocks ? 1n : arg.step;
  return { kind: 'slice', step: output(step, big, 'step'), chunks, starts, stops, outStarts, outStops };
}

function projectInteger(grid, axis, value, length, what, big) {
  const index = toInt(value, what);
  const exact = magnitude(index) === (index < 0n ? -index : index);
  const at = exact ? grid.projectInteger(axis, index < 0n, magnitude(index)) : null;
  if (!at?.found) throw new RangeError(`${what}: found ${value}; expected an index for axis ${axis} of length ${length}`);
  return { kind: 'integer', chunk: output(at.chunk, big), index: output(at.offset, big) };
}

// One projection per axis: projectAxes (js/index.d.ts). `address` is the
// grid's, for the plain exports.
export function projectAxes(grid, address, shape, selection) {
  return projectEntries(grid, address, shape, readSelection(selection, shape.length));
}

// The same, for entries from readSelection; `big` when the selection they
// come from holds a bigint (by default, when they do).
function projectEntries(grid, address, shape, entries, big = selectionIsBigInt(entries)) {
  return shape.map((length, axis) => {
    const entry = entries[axis];
    const what = `selection[${axis}]`;
    switch (entry.kind) {
      case 'integer': return projectInteger(grid, axis, entry.value, length, what, big);
      case 'mask': return projectMask(grid, axis, entry.mask, length, what, big);
      case 'points': return projectPoints(grid, axis, entry.values, length, what, big);
      default: return projectSlice(address, axis, entry, big, what);
    }
  });
}

// The shape of a selection's result, as get gives it: per axis that is not
// an integer, the core's length of a slice, or the selected count of an
// integer array or a mask. Each entry is checked as projectAxes checks it
// (an integer array or a mask by projecting it); no chunk list is built
// for a slice.
export function selectionShape(grid, shape, selection) {
  const entries = readSelection(selection, shape.length);
  const big = selectionIsBigInt(entries);
  const out = [];
  entries.forEach((entry, axis) => {
    const what = `selection[${axis}]`;
    if (entry.kind === 'integer') {
      projectInteger(grid, axis, entry.value, shape[axis], what, big);
      return;
    }
    let length;
    if (entry.kind === 'mask' || entry.kind === 'points') {
      const p = entry.kind === 'mask'
        ? projectMask(grid, axis, entry.mask, shape[axis], what, big)
        : projectPoints(grid, axis, entry.values, shape[axis], what, big);
      length = BigInt(p.positions.length);
    } else {
      length = grid.sliceRange(axis, sliceEntryArg(entry, what)).length;
    }
    out.push(output(length, big, `${what}: the selection's length`));
  });
  return out;
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
const isSliceEntry = (entry) => entry.kind === 'all' || entry.kind === 'slice' || entry.kind === 'blocks';
const EMPTY = Object.freeze({ kind: 'slice', slice: { start: 0, stop: 0 } });

// Which chunks a selection touches, per axis, answered by the core without
// listing more than a view can show (see js/index.d.ts, SelectedChunks).
export function selectedChunks(grid, address, shape, selection) {
  const entries = readSelection(selection, shape.length);
  const axes = shape.map((_, axis) => {
    const entry = entries[axis];
    if (!isSliceEntry(entry)) return null;
    const what = `selection[${axis}]`;
    const arg = sliceEntryArg(entry, what);
    const found = grid.sliceChunks(axis, arg);
    const [first, stop, count] = [found.first, found.stop, found.count].map(natural);
    if (found.every) return { kind: 'range', first, stop, count, exact: true };
    if (found.stop - found.first > BigInt(LISTED_SLICE_CHUNKS)) return { kind: 'strided', first, stop, count, exact: found.exact };
    return null;
  });
  // One projection for every axis answered by a list; empty slices elsewhere.
  if (axes.some((a) => a === null)) {
    // Bigint columns when the selection holds a bigint anywhere, also on an
    // axis answered as a range (mixed input counts as bigint).
    const projected = projectEntries(grid, address, shape, axes.map((a, d) => (a === null ? entries[d] : EMPTY)), selectionIsBigInt(entries));
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
