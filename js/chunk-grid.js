// @ts-check
// ChunkGrid: the JS face of the core grid. It owns one native handle, freed
// by dispose() or, as a safety net, by a FinalizationRegistry.
import { checkMemory, copyColumns, native, problems, scratch, scratchF64, withHeap, withBytes, u64, u64View, f64View, using } from './native.js';
import { GridError } from './grid-error.js';
import { parseExact, standingProblems, stringifyExact } from './exact-json.js';
import { MAX_UINT64, anyBigInt, isBigInt, natural, output, toUint64, unsafeHint } from './numbers.js';
import { projectAxes, projections, readSliceEntry, selectedChunks, selectionIsBigInt, selectionShape, sliceEntryArg } from './selection.js';
import { arrayArgument } from './arguments.js';
import { batchLocate } from './batch-locate.js';
/**
 * The public types are js/index.d.ts's (`./index.js` resolves to it);
 * tests/types/implements.ts checks this class against them.
 * @import { AxisChunk, AxisProjection, Blocks, NumberSelection, Slice, AxisSummary, ChunkGrid as ChunkGridApi, ChunkGridJSON, ChunkGroup, ChunkGroupOptions, ChunkProjection, ChunkRegion, ChunkShapesEntry, GridSummary, IndexArray, Integer, Located, Metadata, Natural, Problem, ReadOptions, RegularGridJSON, ResizeOptions, Run, SelectedChunks, Selection } from './index.js'
 * @import { Grid, GridOutcome } from '../dist/zarr_rectilinear.mjs'
 */
import { concatGrids, daskChunks, overlapPlan, trimmedGrid } from './grid-ops.js';

// Edges expanded by edges(): 2^25 of them is 256 MiB of uint64 in flight.
const EDGE_LIMIT = 2 ** 25;
const registry = new FinalizationRegistry((handle) => handle.delete());
const construct = Symbol('ChunkGrid');
// Typed as Symbol.dispose, which the fallback stands in for on engines without it.
/** @type {typeof Symbol.dispose} */
const disposeSymbol = Symbol.dispose ?? Symbol.for('Symbol.dispose');

// The forms metadata comes in: an object, JSON text, or UTF-8 bytes.
// Objects are written as exact JSON text; what they cannot say exactly
// comes back as problems.
/**
 * @param {unknown} meta
 * @param {(meta: any) => object} pick
 * @returns {{ input: string | Uint8Array | null, problems: Problem[] }}
 */
export function metadataInput(meta, pick) {
  if (meta instanceof ArrayBuffer) meta = new Uint8Array(meta);
  if (typeof meta === 'string' || meta instanceof Uint8Array) {
    // Refused before it is copied into WebAssembly memory. (A string's UTF-8
    // form is at least as long as the string; the core checks the rest.)
    const size = typeof meta === 'string' ? meta.length : meta.byteLength;
    if (size > native.maxDocumentBytes) {
      return { input: null, problems: [{ path: '', message: `found a document of ${size} ${typeof meta === 'string' ? 'characters' : 'bytes'}; expected at most ${native.maxDocumentBytes} bytes (128 MiB)`, code: 'TOO_LARGE' }] };
    }
    return { input: meta, problems: [] };
  }
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
    const found = meta === null ? 'null' : Array.isArray(meta) ? 'an array' : typeof meta;
    return { input: null, problems: [{ path: '', message: `found ${found}; expected a zarr.json object, JSON text or UTF-8 bytes`, code: 'WRONG_TYPE' }] };
  }
  const { text, problems } = stringifyExact(pick(meta));
  return { input: text, problems: standingProblems(text, problems) };
}

// Problems found in JS come first; the core's report of the placeholder
// written in their place is dropped.
export function mergeProblems(first, core) {
  const paths = new Set(first.map((p) => p.path));
  return [...first, ...core.filter((p) => !paths.has(p.path))];
}

/**
 * @param {GridOutcome} outcome
 * @param {Problem[]} [jsProblems]
 * @returns {ChunkGrid}
 */
function fromOutcome(outcome, jsProblems = []) {
  return using(outcome, (o) => {
    const errors = mergeProblems(jsProblems, problems(o.errors()));
    if (!o.ok() || errors.length) throw new GridError(errors);
    // Read before the grid is moved out: if this runs out of memory, the outcome still owns it.
    const warnings = problems(o.warnings());
    return new ChunkGrid(construct, o.grid(), warnings);
  });
}

const readText = (input, read) => withBytes(input, (address, length) => read(address, length));

export function checkAxis(grid, axis) {
  if (!Number.isInteger(axis) || axis < 0 || axis >= grid.ndim) {
    throw new RangeError(`axis: found ${axis}; expected an integer in [0, ${grid.ndim})`);
  }
}

// Chunk groups listed at most, by default: a window of a few thousand
// pixels needs far fewer.
const GROUP_LIMIT = 1_000_000;

// A window bound: a bigint, or a finite number rounded outwards (window
// bounds come from pixels) and clipped to [0, 2^64 - 1].
function windowBound(value, what, round) {
  if (isBigInt(value)) return value < 0n ? 0n : value > MAX_UINT64 ? MAX_UINT64 : value;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`${what}: found ${value}; expected a finite number or a bigint`);
  const v = round(value);
  return v <= 0 ? 0n : v >= 2 ** 64 ? MAX_UINT64 : BigInt(v);
}

// A value_object with its uint64 fields read unsigned.
function uint64Fields(object) {
  for (const [key, value] of Object.entries(object)) if (typeof value === 'bigint') object[key] = u64(value);
  return object;
}

const axisChunkOut = (found, big) => ({
  chunk: output(u64(found.chunk), big, 'chunk'),
  origin: output(u64(found.origin), big, 'origin'),
  size: output(u64(found.size), big, 'size'),
  dataSize: output(u64(found.dataSize), big, 'data size'),
});

export const list = (values) => `[${Array.from(values, String).join(', ')}]`;


let nativeOf; // set by ChunkGrid's static block

export class ChunkGrid {
  /** @type {Grid | null} */
  #handle;
  /** @type {number} */
  #address; // of the native grid, for plain exports
  /** @type {number[]} */
  #lengths; // the shape as numbers, for the fast path of locate
  /** @type {bigint[][]} */
  #shapes; // [shape, gridShape, declaredGridShape] as bigint arrays
  /** @type {import('../dist/zarr_rectilinear.mjs').AxisCounts[]} */
  #axes; // per axis, the core's AxisCounts, uint64 values as bigints
  /** @type {Problem[]} */
  #warnings;

  /**
   * Not for users: the static factories build grids.
   * @param {symbol} key
   * @param {Grid} handle
   * @param {Problem[]} warnings
   */
  constructor(key, handle, warnings) {
    if (key !== construct) throw new TypeError('use ChunkGrid.fromMetadata, fromChunkShapes or fromEdges');
    this.#handle = handle;
    this.#address = handle.address();
    this.#warnings = warnings;
    const ndim = handle.ndim();
    try {
      this.#axes = Array.from({ length: ndim }, (_, d) => uint64Fields(handle.axisCounts(d)));
    } catch (error) {
      handle.delete(); // out of memory (js/native.js): nothing owns the handle yet
      throw error;
    }
    this.#shapes = ['length', 'activeCount', 'declaredCount'].map((key) => this.#axes.map((a) => a[key]));
    this.#lengths = this.#shapes[0].map(Number);
    registry.register(this, handle, this);
  }

  /**
   * @param {Metadata} meta
   * @param {ReadOptions} [opts]
   * @returns {ChunkGrid}
   */
  static fromMetadata(meta, opts = {}) {
    const { input, problems } = metadataInput(meta, ({ shape, chunk_grid }) => ({ shape, chunk_grid }));
    if (input === null) throw new GridError(problems);
    return fromOutcome(readText(input, (a, n) => native.readGridMetadata(a, n, Boolean(opts.strict))), problems);
  }

  /**
   * @param {Integer[]} shape
   * @param {ChunkShapesEntry[]} chunkShapes
   * @returns {ChunkGrid}
   */
  static fromChunkShapes(shape, chunkShapes) {
    const { text, problems } = stringifyExact({ shape, chunk_shapes: chunkShapes });
    return fromOutcome(readText(text, (a, n) => native.readChunkShapes(a, n)), problems);
  }

  /**
   * @param {Parameters<typeof ChunkGridApi.fromEdges>[0]} edges
   * @returns {ChunkGrid}
   */
  static fromEdges(edges) {
    const { text, problems } = stringifyExact({ chunk_shapes: edges });
    // dask writes NaN for chunk sizes it does not know yet. (Told by the
    // message, not by reading the edges again.)
    for (const p of problems) {
      if (p.message.startsWith('found NaN;')) {
        p.message = `found NaN at ${p.path}: dask's unknown chunk sizes; compute them first (dask: compute_chunk_sizes())`;
      }
    }
    return fromOutcome(readText(text, (a, n) => native.readEdges(a, n)), problems);
  }

  // Builders and plans (js/grid-ops.js).
  static trimmed(shape, chunkShape) { return trimmedGrid(shape, chunkShape); }
  static concat(grids, axis) { return concatGrids(grids, axis); }
  toDaskChunks() { return daskChunks(this); }
  overlap(target) { return overlapPlan(this, target); }

  static {
    nativeOf = (grid) => grid.#native;
  }

  /** @returns {Grid} */
  get #native() {
    if (!this.#handle) throw new Error('this ChunkGrid has been disposed');
    return this.#handle;
  }

  /** @returns {number} */
  get ndim() { return this.#shapes[0].length; }
  /** @returns {Natural[]} */
  get shape() { return this.#shapes[0].map(natural); }
  /** @returns {Natural[]} */
  get gridShape() { return this.#shapes[1].map(natural); }
  /** @returns {Natural[]} */
  get declaredGridShape() { return this.#shapes[2].map(natural); }
  /** @returns {Natural} */
  get numChunks() { return natural(this.#shapes[1].reduce((a, b) => a * b, 1n)); }
  /** @returns {boolean} */
  get isRegular() { return this.#native.isRegular(); }
  /** @returns {Problem[]} */
  get warnings() { return this.#warnings.map((w) => ({ ...w })); }

  /**
   * @param {number} axis
   * @returns {Run[]}
   */
  runs(axis) {
    return this.#runs(axis, false);
  }

  /**
   * @param {number} axis
   * @returns {Run[]}
   */
  dataRuns(axis) {
    return this.#runs(axis, true);
  }

  /**
   * @param {number} axis
   * @param {boolean} data
   * @returns {Run[]}
   */
  #runs(axis, data) {
    checkAxis(this, axis);
    const [sizes, counts] = copyColumns(this.#native.runs(axis, data), false);
    return Array.from(sizes, (size, i) => ({ size: natural(size), count: natural(counts[i]) }));
  }

  /**
   * @param {number} axis
   * @returns {AxisSummary}
   */
  axisSummary(axis) {
    checkAxis(this, axis);
    const { smallest, largest, mostCommon, mostCommonCount } = this.#dataSizeStats(axis);
    const counts = this.#axes[axis];
    return {
      length: natural(counts.length), edgeSum: natural(counts.edgeSum), activeCount: natural(counts.activeCount),
      declaredCount: natural(counts.declaredCount), isStep: counts.isStep,
      smallestDataSize: natural(smallest), largestDataSize: natural(largest),
      mostCommonDataSize: natural(mostCommon), mostCommonCount: natural(mostCommonCount),
    };
  }

  /** @param {number} axis */
  #dataSizeStats(axis) {
    return uint64Fields(this.#native.dataSizeStats(axis));
  }

  /** @returns {GridSummary} */
  summary() {
    const product = (values) => values.reduce((a, b) => a * b, 1n);
    const stats = this.#axes.map((_, d) => this.#dataSizeStats(d));
    const declared = product(this.#shapes[2]);
    return {
      shape: this.shape,
      gridShape: this.gridShape,
      declaredGridShape: this.declaredGridShape,
      runs: stats.map((_, d) => this.runs(d)),
      smallestChunk: stats.map((a) => natural(a.smallest)),
      largestChunk: stats.map((a) => natural(a.largest)),
      mostCommonChunk: stats.map((a) => natural(a.mostCommon)),
      mostCommonCount: natural(product(stats.map((a) => a.mostCommonCount))),
      numChunks: this.numChunks,
      declaredChunks: natural(declared),
      overflowChunks: natural(declared - product(this.#shapes[1])),
      overflowPerAxis: this.#axes.map((a) => natural(a.declaredCount - a.activeCount)),
      regular: this.toRegularJSON(),
    };
  }

  /**
   * @overload
   * @param {number} axis
   * @param {number} chunk
   * @returns {AxisChunk<number>}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {bigint} chunk
   * @returns {AxisChunk<bigint>}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {Integer} chunk
   * @returns {AxisChunk}
   */
  /**
   * @param {number} axis
   * @param {Integer} chunk
   * @returns {AxisChunk}
   */
  axisChunk(axis, chunk) {
    checkAxis(this, axis);
    const c = toUint64(chunk, 'chunk');
    const found = this.#native.axisChunk(axis, c);
    if (!found.found) throw new RangeError(`chunk ${chunk} lies outside the ${this.#axes[axis].declaredCount} declared chunks of axis ${axis}`);
    return axisChunkOut(found, isBigInt(chunk));
  }

  /**
   * @overload
   * @param {number} axis
   * @param {number} element
   * @returns {AxisChunk<number>}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {bigint} element
   * @returns {AxisChunk<bigint>}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {Integer} element
   * @returns {AxisChunk}
   */
  /**
   * @param {number} axis
   * @param {Integer} element
   * @returns {AxisChunk}
   */
  chunkAt(axis, element) {
    checkAxis(this, axis);
    const e = toUint64(element, 'element');
    const found = this.#native.chunkAt(axis, e);
    if (!found.found) throw new RangeError(`element ${element} lies past the declared edges of axis ${axis}, which sum to ${this.#axes[axis].edgeSum}`);
    return axisChunkOut(found, isBigInt(element));
  }

  /**
   * @overload
   * @param {number} axis
   * @param {number} start
   * @param {number} stop
   * @returns {{ first: number; stop: number }}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {Integer} start
   * @param {Integer} stop
   * @returns {{ first: Integer; stop: Integer }}
   */
  /**
   * @param {number} axis
   * @param {Integer} start
   * @param {Integer} stop
   * @returns {{ first: Integer; stop: Integer }}
   */

  chunkRange(axis, start, stop) {
    checkAxis(this, axis);
    const range = this.#native.chunkRange(axis, toUint64(start, 'start'), toUint64(stop, 'stop'));
    const big = isBigInt(start) || isBigInt(stop);
    return { first: output(u64(range.first), big, 'chunk'), stop: output(u64(range.stop), big, 'chunk') };
  }

  /**
   * @param {number} axis
   * @param {number | bigint} start
   * @param {number | bigint} stop
   * @param {ChunkGroupOptions} [opts]
   * @returns {ChunkGroup[]}
   */
  chunkGroups(axis, start, stop, opts = {}) {
    checkAxis(this, axis);
    const minSize = opts.minSize ?? 1;
    const limit = opts.limit ?? GROUP_LIMIT;
    if (!(typeof minSize === 'number' && minSize > 0 && Number.isFinite(minSize))) {
      throw new RangeError(`minSize: found ${minSize}; expected a positive finite number`);
    }
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit: found ${limit}; expected a positive safe integer`);
    const columns = copyColumns(this.#native.chunkGroups(axis, windowBound(start, 'start', Math.floor),
      windowBound(stop, 'stop', Math.ceil), BigInt(Math.ceil(minSize)), limit), false);
    if (columns.length !== 5) {
      throw new RangeError(`more than ${limit} chunk groups meet [${start}, ${stop}) on axis ${axis}; pass a larger minSize or limit`);
    }
    const [first, count, origin, lastOrigin, end] = columns;
    return Array.from(first, (_, i) => ({
      first: natural(first[i]), count: natural(count[i]), origin: natural(origin[i]),
      lastOrigin: natural(lastOrigin[i]), end: natural(end[i]),
    }));
  }

  /**
   * @overload
   * @param {number} axis
   * @param {Slice<number> | Blocks<number> | null} entry
   * @returns {{ start: number; stop: number; step: number }}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {Slice | Blocks | null} entry
   * @returns {{ start: Integer; stop: Integer; step: Integer }}
   */
  /**
   * @param {number} axis
   * @param {Slice | Blocks | null} entry
   * @returns {{ start: Integer; stop: Integer; step: Integer }}
   */

  normalizeSlice(axis, entry) {
    checkAxis(this, axis);
    const what = `entry (axis ${axis})`;
    const read = readSliceEntry(entry, what);
    const range = this.#native.sliceRange(axis, sliceEntryArg(read, what));
    const big = selectionIsBigInt([read]);
    return { start: output(u64(range.start), big), stop: output(u64(range.stop), big), step: output(u64(range.step), big) };
  }

  /**
   * @param {Selection} [selection]
   * @returns {SelectedChunks}
   */
  selectedChunks(selection) {
    return selectedChunks(this.#native, this.#address, this.#shapes[0], selection);
  }

  /**
   * @overload
   * @param {NumberSelection | null} [selection]
   * @returns {number[]}
   */
  /**
   * @overload
   * @param {Selection | null} [selection]
   * @returns {Integer[]}
   */
  /**
   * @param {Selection | null} [selection]
   * @returns {Integer[]}
   */
  selectionShape(selection) {
    return selectionShape(this.#native, this.#shapes[0], selection);
  }

  /**
   * @overload
   * @param {number} axis
   * @returns {Float64Array}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {{ bigint: true }} opts
   * @returns {BigUint64Array}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {{ bigint?: boolean }} [opts]
   * @returns {Float64Array | BigUint64Array}
   */
  /**
   * @param {number} axis
   * @param {{ bigint?: boolean }} [opts]
   * @returns {Float64Array | BigUint64Array}
   */
  edges(axis, opts = {}) {
    checkAxis(this, axis);
    const count = this.#shapes[2][axis];
    if (count > BigInt(EDGE_LIMIT)) {
      throw new RangeError(`axis ${axis} declares ${count} edges, more than edges() expands (${EDGE_LIMIT}); use runs(${axis})`);
    }
    const n = Number(count);
    const grid = this.#native;
    return withHeap(n * 8, (address) => {
      if (!grid.expandEdges(axis, address, !opts.bigint)) {
        throw new RangeError(`axis ${axis} has an edge above 2^53 - 1; pass {bigint: true}`);
      }
      return opts.bigint ? u64View(address, n).slice() : f64View(address, n).slice();
    });
  }

  // One index: through a scratch buffer, with no allocation on the wasm heap.
  // Safe integers inside the shape take a plain export; anything else (a
  // bigint, or an index to refuse) takes the general path.
  /**
   * @overload
   * @param {readonly number[]} index
   * @returns {{ chunk: number[]; offset: number[] }}
   */
  /**
   * @overload
   * @param {readonly bigint[]} index
   * @returns {{ chunk: bigint[]; offset: bigint[] }}
   */
  /**
   * @overload
   * @param {readonly Integer[]} index
   * @returns {{ chunk: Integer[]; offset: Integer[] }}
   */

  /**
   * @param {readonly Integer[]} index
   * @returns {{ chunk: Integer[]; offset: Integer[] }}
   */
  locate(index) {
    const ndim = this.ndim;
    const expected = `an array of ${ndim} integers`;
    index = /** @type {Integer[]} */ (arrayArgument(index, 'index', expected));
    if (index.length !== ndim) throw new TypeError(`index: found ${index.length} entries; expected ${expected}`);
    const grid = this.#native;
    let io = scratchF64(3 * ndim);
    let plain = true;
    for (let d = 0; d < ndim && plain; d++) {
      const v = index[d];
      plain = typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v < this.#lengths[d];
      if (plain) io[d] = /** @type {number} */ (v); // a safe integer, as plain says
    }
    if (plain) {
      const address = io.byteOffset;
      native._zr_locate_f64(this.#address, address, ndim, address + ndim * 8, address + ndim * 16);
      checkMemory('locating an index');
      if (io.buffer !== native.HEAPU8.buffer) io = scratchF64(3 * ndim); // memory grew during the call
      const chunk = new Array(ndim), offset = new Array(ndim);
      for (let d = 0; d < ndim; d++) {
        chunk[d] = io[ndim + d];
        offset[d] = io[2 * ndim + d];
      }
      return { chunk, offset };
    }
    const shape = this.#shapes[0];
    const big = anyBigInt(index);
    const values = index.map((v, d) => {
      const value = toUint64(v, `index[${d}]`);
      if (value >= shape[d]) {
        throw new RangeError(`index ${list(index)} lies outside the array shape ${list(this.shape)} on axis ${d}`);
      }
      return value;
    });
    const address = scratch(ndim * 24);
    const [chunks, offsets] = [address + ndim * 8, address + ndim * 16];
    if (big) {
      u64View(address, ndim).set(values);
      grid.locateManyU64(address, ndim, chunks, offsets);
      return { chunk: Array.from(u64View(chunks, ndim)), offset: Array.from(u64View(offsets, ndim)) };
    }
    f64View(address, ndim).set(values.map(Number));
    grid.locateManyF64(address, ndim, chunks, offsets);
    return { chunk: Array.from(f64View(chunks, ndim)), offset: Array.from(f64View(offsets, ndim)) };
  }

  /**
   * @overload
   * @param {BigUint64Array | BigInt64Array} indices
   * @param {Located<BigUint64Array>} [out]
   * @returns {Located<BigUint64Array>}
   */
  /**
   * @overload
   * @param {Float64Array | Uint32Array | Int32Array | number[]} indices
   * @param {Located<Float64Array>} [out]
   * @returns {Located<Float64Array>}
   */
  /**
   * @overload
   * @param {IndexArray} indices
   * @param {Located} [out]
   * @returns {Located}
   */
  /**
   * @param {IndexArray} indices
   * @param {Located} [out]
   * @returns {Located}
   */
  locateMany(indices, out) {
    const grid = this.#native;
    const address = this.#address;
    const ndim = this.ndim;
    const checkLength = (n) => {
      if (ndim === 0 ? n !== 0 : n % ndim !== 0) {
        throw new TypeError(`indices: found ${n} values; expected a row-major multiple of ndim = ${ndim}`);
      }
    };
    // Doubles through the plain export: no Embind call per block.
    return batchLocate(indices, out, Math.max(ndim, 1), checkLength, (big, ...args) =>
      (big ? grid.locateManyU64(...args) : native._zr_locate_f64(address, ...args)), (row, read) => {
      const values = Array.prototype.slice.call(read, row * ndim, (row + 1) * ndim);
      return `row ${row} ${list(values)} lies outside the array shape ${list(this.shape)}${unsafeHint(values)}`;
    }, (i) => (i < 0 ? 'indices' : `indices[${i}] (row ${Math.floor(i / ndim)}, axis ${i % ndim})`));
  }

  /**
   * @overload
   * @param {number} axis
   * @param {BigUint64Array | BigInt64Array} indices
   * @param {Located<BigUint64Array>} [out]
   * @returns {Located<BigUint64Array>}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {Float64Array | Uint32Array | Int32Array | number[]} indices
   * @param {Located<Float64Array>} [out]
   * @returns {Located<Float64Array>}
   */
  /**
   * @overload
   * @param {number} axis
   * @param {IndexArray} indices
   * @param {Located} [out]
   * @returns {Located}
   */
  /**
   * @param {number} axis
   * @param {IndexArray} indices
   * @param {Located} [out]
   * @returns {Located}
   */
  locateAxis(axis, indices, out) {
    checkAxis(this, axis);
    const grid = this.#native;
    return batchLocate(indices, out, 1, () => {}, (big, ...args) => (big ? grid.locateAxisU64 : grid.locateAxisF64).call(grid, axis, ...args), (i, read) =>
      `indices[${i}] = ${read[i]} lies outside axis ${axis} of length ${this.shape[axis]}${unsafeHint([read[i]])}`,
    (i) => (i < 0 ? 'indices' : `indices[${i}]`));
  }

  // One native call gives a chunk's origin, declared shape and data shape;
  // only the parts asked for are converted (a part past 2^53 - 1 that is
  // not asked for does not refuse number input).
  /**
   * @param {readonly Integer[]} coords
   * @param {number[]} parts of [origin, declared shape, data shape]
   * @returns {Integer[][]}
   */
  #chunkGeometry(coords, parts) {
    const expected = `an array of ${this.ndim} integers`;
    coords = /** @type {Integer[]} */ (arrayArgument(coords, 'coords', expected));
    if (coords.length !== this.ndim) throw new TypeError(`coords: found ${coords.length} entries; expected ${expected}`);
    const big = anyBigInt(coords);
    const outside = () => new RangeError(`chunk ${list(coords)} lies outside the declared grid ${list(this.declaredGridShape)}`);
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
    const ndim = this.ndim;
    const grid = this.#native;
    return withHeap(ndim * 32, (address) => {
      u64View(address, ndim).set(values);
      if (!grid.chunkGeometry(address, address + ndim * 8)) throw outside();
      return parts.map((part) => Array.from(u64View(address + ndim * 8 * (1 + part), ndim), (v) => output(v, big, 'chunk geometry')));
    });
  }

  /**
   * @overload
   * @param {readonly number[]} coords
   * @returns {number[]}
   */
  /**
   * @overload
   * @param {readonly bigint[]} coords
   * @returns {bigint[]}
   */
  /**
   * @overload
   * @param {readonly Integer[]} coords
   * @returns {Integer[]}
   */
  /**
   * @param {readonly Integer[]} coords
   * @returns {Integer[]}
   */
  chunkOrigin(coords) { return this.#chunkGeometry(coords, [0])[0]; }
  /**
   * @overload
   * @param {readonly number[]} coords
   * @returns {number[]}
   */
  /**
   * @overload
   * @param {readonly bigint[]} coords
   * @returns {bigint[]}
   */
  /**
   * @overload
   * @param {readonly Integer[]} coords
   * @returns {Integer[]}
   */
  /**
   * @param {readonly Integer[]} coords
   * @returns {Integer[]}
   */
  chunkShape(coords) { return this.#chunkGeometry(coords, [1])[0]; }
  /**
   * @overload
   * @param {readonly number[]} coords
   * @returns {number[]}
   */
  /**
   * @overload
   * @param {readonly bigint[]} coords
   * @returns {bigint[]}
   */
  /**
   * @overload
   * @param {readonly Integer[]} coords
   * @returns {Integer[]}
   */
  /**
   * @param {readonly Integer[]} coords
   * @returns {Integer[]}
   */
  chunkDataShape(coords) { return this.#chunkGeometry(coords, [2])[0]; }
  /**
   * @overload
   * @param {readonly number[]} coords
   * @returns {ChunkRegion<number>}
   */
  /**
   * @overload
   * @param {readonly Integer[]} coords
   * @returns {ChunkRegion}
   */
  /**
   * @param {readonly Integer[]} coords
   * @returns {ChunkRegion}
   */
  chunkRegion(coords) {
    const [origin, shape, dataShape] = this.#chunkGeometry(coords, [0, 1, 2]);
    return { origin, shape, dataShape };
  }

  /**
   * @overload
   * @param {NumberSelection | null} [selection]
   * @returns {AxisProjection<number>[]}
   */
  /**
   * @overload
   * @param {Selection | null} [selection]
   * @returns {AxisProjection[]}
   */
  /**
   * @param {Selection | null} [selection]
   * @returns {AxisProjection[]}
   */
  projectAxes(selection) {
    return projectAxes(this.#native, this.#address, this.#shapes[0], selection);
  }

  /**
   * @overload
   * @param {NumberSelection | null} [selection]
   * @returns {IterableIterator<ChunkProjection<number>>}
   */
  /**
   * @overload
   * @param {Selection | null} [selection]
   * @returns {IterableIterator<ChunkProjection>}
   */
  /**
   * @param {Selection | null} [selection]
   * @returns {IterableIterator<ChunkProjection>}
   */
  project(selection) {
    return projections(this.projectAxes(selection));
  }

  /** @returns {ChunkGridJSON} */
  toJSON() { return parseExact(this.toJSONText()); }
  /** @returns {string} */
  toJSONText() { return this.#native.toJSONText(); }

  /** @returns {RegularGridJSON | null} */
  toRegularJSON() {
    const text = this.#native.toRegularJSONText();
    return text ? parseExact(text) : null;
  }

  /**
   * @param {Integer[]} newShape
   * @param {ResizeOptions} [opts]
   * @returns {ChunkGrid}
   */
  resize(newShape, opts = {}) {
    const ndim = this.ndim;
    newShape = /** @type {Integer[]} */ (arrayArgument(newShape, 'newShape', `${ndim} lengths`));
    if (newShape.length !== ndim) throw new TypeError(`newShape: found ${newShape.length} axes; expected ${ndim} lengths`);
    const lengths = newShape.map((v, d) => toUint64(v, `newShape[${d}]`));
    const given = opts.edges;
    const appended = lengths.map((_, d) => {
      const added = given?.[d];
      if (added === undefined || added === null) return [];
      const read = ArrayBuffer.isView(added) ? Array.from(/** @type {ArrayLike<Integer>} */ (/** @type {unknown} */ (added))) : arrayArgument(added, `edges[${d}]`, 'an array of edges');
      return read.map((e, i) => toUint64(e, `edges[${d}][${i}]`));
    });
    const edges = appended.flat();
    const grid = this.#native;
    const outcome = withHeap((2 * ndim + edges.length) * 8, (address) => {
      u64View(address, 2 * ndim + edges.length).set([...lengths, ...appended.map((e) => BigInt(e.length)), ...edges]);
      return grid.resize(address, address + ndim * 8, address + 2 * ndim * 8);
    });
    return using(outcome, (o) => {
      if (!o.ok()) {
        const [{ message, code }] = problems(o.errors());
        throw Object.assign(new RangeError(`resize on axis ${o.failedAxis()}: ${message}`), { code });
      }
      return new ChunkGrid(construct, o.grid(), []);
    });
  }

  /**
   * @param {ChunkGridApi} other
   * @returns {boolean}
   */
  equals(other) {
    return other instanceof ChunkGrid && this.#native.equals(other.#native);
  }

  /** @returns {void} */
  dispose() {
    if (!this.#handle) return;
    registry.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }

  /** @returns {void} */
  [disposeSymbol]() {
    this.dispose();
  }
}

// The native handle of a grid, for js/grid-ops.js; throws once disposed.
export const gridHandle = (grid) => nativeOf(grid);

// A ChunkGrid owning a native grid handle that another reader built.
/**
 * @param {Grid} handle
 * @param {Problem[]} warnings
 * @returns {ChunkGrid}
 */
export function adoptGrid(handle, warnings) {
  return new ChunkGrid(construct, handle, warnings);
}
