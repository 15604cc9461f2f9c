// @ts-check
// ChunkGrid: the JS face of the core grid. It owns one native handle
// (js/grid/grid-handle.js), freed by dispose() or, as a safety net, when the
// grid is collected. Most methods are a few lines over the module that
// does the work: lookups (js/grid/locate.js), selections (js/grid/selection.js),
// chunk geometry (js/grid/chunk-geometry.js). Plans that build grids from
// grids, and summaries, are the tools' (js/tools/plans.js, js/tools/summary.js).
import { copyColumns, native, withHeap, withBytes, u64View, f64View, using } from '../wasm/native.js';
import { GridError } from './grid-error.js';
import { parseExact, stringifyExact } from '../document/exact-json.js';
import { isBigInt, natural, output, toUint64 } from './numbers.js';
import { projectAxes, projections, readSliceEntry, selectedChunks, selectionIsBigInt, selectionShape, sliceEntryArg } from './selection.js';
import { checkAxis, flagOption, optionsArgument, strictOption } from './arguments.js';
import { metadataInput, mergeProblems } from '../document/metadata-input.js';
import { locate, locateAxis, locateMany } from './locate.js';
import { chunkGeometry } from './chunk-geometry.js';
import { chunkGroups } from './chunk-groups.js';
import { OWN, disposeSymbol, handleOf, own, release } from './grid-handle.js';
import { LocateBatch } from './locate-batch.js';
import { daskChunks } from './dask-chunks.js';
/**
 * The public types are js/index.d.ts's (`./index.js` resolves to it), each
 * written there once: the methods below give the widest form, and the
 * class is exported as the d.ts's (see the end of this file).
 * @import { AxisChunk, AxisProjection, Blocks, Slice, ChunkGrid as ChunkGridApi, ChunkGridJSON, ChunkGroup, ChunkGroupOptions, ChunkProjection, ChunkRegion, ChunkShapesEntry, IndexArray, Integer, Located, Metadata, Natural, Problem, ReadOptions, RegularGridJSON, Run, SelectedChunks, Selection } from '../index.js'
 * @import { AxisCounts, Grid, GridOutcome } from '../../dist/zarr_rectilinear.mjs'
 */

// Edges expanded by edges(): 2^25 of them is 256 MiB of uint64 in flight.
const EDGE_LIMIT = 2 ** 25;

/**
 * @param {GridOutcome} outcome
 * @param {Problem[]} [jsProblems]
 * @returns {ChunkGrid}
 */
function fromOutcome(outcome, jsProblems = []) {
  return using(outcome, (o) => {
    const errors = mergeProblems(jsProblems, o.errors());
    if (!o.ok() || errors.length) throw new GridError(errors);
    // Read before the grid is moved out: if this runs out of memory, the outcome still owns it.
    const warnings = o.warnings();
    return new ChunkGrid(OWN, o.grid(), warnings);
  });
}

const readText = (input, read) => withBytes(input, (address, length) => read(address, length));

const axisChunkOut = (found, big) => ({
  chunk: output(found.chunk, big, 'chunk'),
  origin: output(found.origin, big, 'origin'),
  size: output(found.size, big, 'size'),
  dataSize: output(found.dataSize, big, 'data size'),
});

class ChunkGrid {
  /** @type {number} */
  #address; // of the native grid, for plain exports
  /** @type {number[]} */
  #lengths; // the shape as numbers, for the fast path of locate
  /** @type {bigint[][]} */
  #shapes; // [shape, gridShape, declaredGridShape] as bigint arrays
  /** @type {AxisCounts[]} */
  #axes; // per axis, the core's AxisCounts, uint64 values as bigints
  /** @type {Problem[]} */
  #warnings;

  /**
   * Not for users: the static factories build grids, and the package's
   * modules that hold a native grid give it here with the key OWN.
   * @param {symbol} key
   * @param {Grid} handle
   * @param {Problem[]} warnings
   */
  constructor(key, handle, warnings) {
    if (key !== OWN) throw new TypeError('use ChunkGrid.fromMetadata, fromChunkShapes or fromEdges');
    this.#address = handle.address();
    this.#warnings = warnings;
    const ndim = handle.ndim();
    try {
      this.#axes = Array.from({ length: ndim }, (_, d) => handle.axisCounts(d));
    } catch (error) {
      handle.delete(); // out of memory (js/wasm/native.js): nothing owns the handle yet
      throw error;
    }
    this.#shapes = ['length', 'activeCount', 'declaredCount'].map((key) => this.#axes.map((a) => a[key]));
    this.#lengths = this.#shapes[0].map(Number);
    own(this, handle);
  }

  /**
   * @param {Metadata} meta
   * @param {ReadOptions} [opts]
   * @returns {ChunkGrid}
   */
  static fromMetadata(meta, opts) {
    const strict = strictOption(opts);
    const { input, problems } = metadataInput(meta, ({ shape, chunk_grid }) => ({ shape, chunk_grid }));
    if (input === null) throw new GridError(problems);
    return fromOutcome(readText(input, (a, n) => native.readGridMetadata(a, n, strict)), problems);
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

  /** @returns {Natural[][]} */
  toDaskChunks() { return daskChunks(this); }

  /** @returns {Grid} */
  get #native() { return handleOf(this); }

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
   * @param {number} axis
   * @param {Integer} start
   * @param {Integer} stop
   * @returns {{ first: Integer; stop: Integer }}
   */
  chunkRange(axis, start, stop) {
    checkAxis(this, axis);
    const range = this.#native.chunkRange(axis, toUint64(start, 'start'), toUint64(stop, 'stop'));
    const big = isBigInt(start) || isBigInt(stop);
    return { first: output(range.first, big, 'chunk'), stop: output(range.stop, big, 'chunk') };
  }

  /**
   * @param {number} axis
   * @param {number | bigint} start
   * @param {number | bigint} stop
   * @param {ChunkGroupOptions} [opts]
   * @returns {ChunkGroup[]}
   */
  chunkGroups(axis, start, stop, opts) { return chunkGroups(this, axis, start, stop, optionsArgument(opts)); }

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
    return { start: output(range.start, big), stop: output(range.stop, big), step: output(range.step, big) };
  }

  /**
   * @param {Selection} [selection]
   * @returns {SelectedChunks}
   */
  selectedChunks(selection) {
    return selectedChunks(this.#native, this.#address, this.#shapes[0], selection);
  }

  /**
   * @param {Selection | null} [selection]
   * @returns {Integer[]}
   */
  selectionShape(selection) {
    return selectionShape(this.#native, this.#shapes[0], selection);
  }

  /**
   * @param {number} axis
   * @param {{ bigint?: boolean }} [opts]
   * @returns {Float64Array | BigUint64Array}
   */
  edges(axis, opts) {
    checkAxis(this, axis);
    // Read once: the core writes what this asks for, and the view reads the same.
    const bigint = flagOption(optionsArgument(opts), 'bigint');
    const count = this.#shapes[2][axis];
    if (count > BigInt(EDGE_LIMIT)) {
      throw new RangeError(`axis ${axis} declares ${count} edges, more than edges() expands (${EDGE_LIMIT}); use runs(${axis})`);
    }
    const n = Number(count);
    const grid = this.#native;
    return withHeap(n * 8, (address) => {
      if (!grid.expandEdges(axis, address, !bigint)) {
        throw new RangeError(`axis ${axis} has an edge above 2^53 - 1; pass {bigint: true}`);
      }
      return bigint ? u64View(address, n).slice() : f64View(address, n).slice();
    });
  }

  /**
   * @param {readonly Integer[]} index
   * @returns {{ chunk: Integer[]; offset: Integer[] }}
   */
  locate(index) { return locate(this, this.#address, this.#lengths, this.#shapes[0], index); }

  /**
   * @param {IndexArray} indices
   * @param {Located} [out]
   * @returns {Located}
   */
  locateMany(indices, out) { return locateMany(this, this.#address, this.#shapes[0], indices, out); }

  /**
   * @param {number} rows
   * @returns {LocateBatch}
   */
  locateBatch(rows) { return new LocateBatch(this, this.#address, this.#shapes[0], rows); }

  /**
   * @param {number} axis
   * @param {IndexArray} indices
   * @param {Located} [out]
   * @returns {Located}
   */
  locateAxis(axis, indices, out) { return locateAxis(this, this.#shapes[0], axis, indices, out); }

  /**
   * @param {readonly Integer[]} coords
   * @returns {Integer[]}
   */
  chunkOrigin(coords) { return chunkGeometry(this, coords, [0])[0]; }
  /**
   * @param {readonly Integer[]} coords
   * @returns {Integer[]}
   */
  chunkShape(coords) { return chunkGeometry(this, coords, [1])[0]; }
  /**
   * @param {readonly Integer[]} coords
   * @returns {Integer[]}
   */
  chunkDataShape(coords) { return chunkGeometry(this, coords, [2])[0]; }
  /**
   * @param {readonly Integer[]} coords
   * @returns {ChunkRegion}
   */
  chunkRegion(coords) {
    const [origin, shape, dataShape] = chunkGeometry(this, coords, [0, 1, 2]);
    return { origin, shape, dataShape };
  }

  /**
   * @param {Selection | null} [selection]
   * @returns {AxisProjection[]}
   */
  projectAxes(selection) {
    return projectAxes(this.#native, this.#address, this.#shapes[0], selection);
  }

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
   * @param {ChunkGridApi} other
   * @returns {boolean}
   */
  equals(other) {
    return other instanceof ChunkGrid && this.#native.equals(handleOf(other, 'the other ChunkGrid'));
  }

  /** @returns {void} */
  dispose() { release(this); }

  /** @returns {void} */
  [disposeSymbol]() {
    this.dispose();
  }
}

/**
 * The class as js/index.d.ts declares it, each method with its overloads
 * (numbers in, numbers out; a bigint in, bigints out), which the widest
 * forms above implement. The conversion is checked: a method or static
 * missing here, or one whose form does not fit the d.ts's, fails
 * `npx tsc -p tsconfig.json`. The constructor is the package's own (the
 * d.ts's is private): it takes the key OWN (js/grid/grid-handle.js).
 * @typedef {Omit<typeof ChunkGridApi, 'prototype'> & (new (key: symbol, handle: Grid, warnings: Problem[]) => ChunkGridApi)} ChunkGridClass
 */
const declared = /** @type {ChunkGridClass} */ (ChunkGrid);
export { declared as ChunkGrid };
