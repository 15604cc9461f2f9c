// @ts-check
// The reader module's plain exports for grids (src/wasm/reader/grid_exports.cpp)
// as the calls the wrapper makes: a Grid handle per native grid, with a
// method per query, and a function per builder, each turning addresses,
// words and answer blocks into JS values (docs/wasm-boundary.md). The
// layouts of the small answers come from the module itself
// (js/wasm/module-calls.js). Each export that may run out of memory is checked
// here, with what it does for the message. Whole documents are
// js/wasm/document-calls.js's.
import { jsonValue } from '../document/json-block.js';
/** @import { moduleCalls } from './module-calls.js' */
/** @import { NativeModule, RawGridModule } from '../../dist/zarr_rectilinear.mjs' */

/**
 * Adds the wrapper's calls to the loaded grid module.
 * @param {RawGridModule} raw
 * @param {ReturnType<typeof import('./wasm-module.js').helpersFor>} helpers
 * @param {ReturnType<typeof moduleCalls>} calls
 * @returns {NativeModule}
 */
export function gridCalls(raw, helpers, calls) {
  const { checked, heapWords, takeBlock } = helpers;
  const { out, layout, small, outcomeOf, gridWords } = calls;
  /** @type {any} */
  const native = raw;
  const SLICE_WORDS = layout('SliceArg').map(({ name }) => name);
  // A SliceArg's words, after the answer's room at `out`.
  const SLICE_AT = out + 128;
  function sliceWords(arg) {
    const words = heapWords().u64;
    SLICE_WORDS.forEach((name, k) => { words[SLICE_AT / 8 + k] = BigInt(arg[name]); });
    return SLICE_AT;
  }

  // A builder's outcome block (src/wasm/results.hpp), read and freed, its
  // grid a Grid handle.
  const outcome = outcomeOf((address) => new Grid(address));
  const building = (what, call) => checked(what, call, outcome);
  const text = (block) => takeBlock(block, (reader) => reader.string(reader.bytes));

  const AXIS = 'summing up an axis';
  const CHUNK = 'finding a chunk';
  const LOCATE = 'locating indices';
  const JSON_TEXT = 'writing a grid as JSON';
  const SLICE = 'reading a slice';
  const PROJECT = 'projecting a selection';
  const axisCounts = small(AXIS, 'AxisCounts', raw._zr_axis_counts);
  const axisChunk = small(CHUNK, 'AxisChunk', raw._zr_axis_chunk);
  const chunkAt = small(CHUNK, 'AxisChunk', raw._zr_chunk_at);
  const chunkRange = small('finding chunks', 'ChunkRange', raw._zr_chunk_range);
  const sliceRange = small(SLICE, 'SliceRange', raw._zr_slice_range);
  const sliceChunks = small(SLICE, 'SliceChunks', raw._zr_slice_chunks);
  const projectInteger = small(PROJECT, 'IntegerAt', raw._zr_project_integer);
  const runs = checked('listing runs', raw._zr_runs);
  const chunkGroups = checked('grouping chunks', raw._zr_chunk_groups);
  const locate = checked(LOCATE, raw._zr_locate_f64);
  const locateU64 = checked(LOCATE, raw._zr_locate_u64);
  const toJSONText = checked(JSON_TEXT, raw._zr_to_json_text, text);
  const points = checked(PROJECT, raw._zr_project_points);

  // One native grid, shared by the handles cloned from it and freed when
  // the last of them is deleted.
  class Grid {
    #address;
    #holders;
    constructor(address, holders = { count: 1 }) {
      this.#address = address;
      this.#holders = holders;
    }
    address() { return this.#address; }
    clone() {
      this.#holders.count++;
      return new Grid(this.#address, this.#holders);
    }
    delete() {
      if (this.#address === 0) throw new Error('this grid handle is already deleted');
      if (--this.#holders.count === 0) raw._zr_grid_free(this.#address);
      this.#address = 0;
    }
    isDeleted() { return this.#address === 0; }
    ndim() { return raw._zr_grid_ndim(this.#address); }
    isRegular() { return raw._zr_grid_is_regular(this.#address) !== 0; }
    equals(/** @type {Grid} */ other) { return raw._zr_grid_equals(this.#address, other.#address) !== 0; }
    axisCounts(axis) { return axisCounts(this.#address, axis); }
    runs(axis, data) { return runs(this.#address, axis, data ? 1 : 0); }
    axisChunk(axis, chunk) { return axisChunk(this.#address, axis, chunk); }
    chunkAt(axis, element) { return chunkAt(this.#address, axis, element); }
    chunkRange(axis, start, stop) { return chunkRange(this.#address, axis, start, stop); }
    chunkGroups(axis, start, stop, minSize, limit) { return chunkGroups(this.#address, axis, start, stop, minSize, limit); }
    expandEdges(axis, at, asDouble) { return raw._zr_expand_edges(this.#address, axis, at, asDouble ? 1 : 0) !== 0; }
    locateManyF64(input, n, chunks, offsets) { return locate(this.#address, input, n, chunks, offsets); }
    locateManyU64(input, n, chunks, offsets) { return locateU64(this.#address, input, n, chunks, offsets); }
    locateAxisF64(axis, input, n, chunks, offsets) { return raw._zr_locate_axis_f64(this.#address, axis, input, n, chunks, offsets); }
    locateAxisU64(axis, input, n, chunks, offsets) { return raw._zr_locate_axis_u64(this.#address, axis, input, n, chunks, offsets); }
    chunkGeometry(coords, at) { return raw._zr_chunk_geometry(this.#address, coords, at) !== 0; }
    toJSONText() { return toJSONText(this.#address, 0); }
    toRegularJSONText() { return toJSONText(this.#address, 1); }
    sliceRange(axis, arg) { return sliceRange(this.#address, axis, sliceWords(arg)); }
    sliceChunks(axis, arg) { return sliceChunks(this.#address, axis, sliceWords(arg)); }
    projectInteger(axis, negative, magnitude) { return projectInteger(this.#address, axis, negative ? 1 : 0, magnitude); }
    projectPointsF64(axis, input, n) { return points(this.#address, axis, input, n, 0); }
    projectPointsI64(axis, input, n) { return points(this.#address, axis, input, n, 1); }
    projectPointsU64(axis, input, n) { return points(this.#address, axis, input, n, 2); }
    projectPointsSigned(axis, input, n) { return points(this.#address, axis, input, n, 3); }
    projectMask(axis, input, n) { return points(this.#address, axis, input, n, 4); }
  }

  return Object.assign(native, {
    sliceArgWords: () => SLICE_WORDS,
    readGridMetadata: building('reading metadata', (at, length, strict) => raw._zr_read_grid_metadata(at, length, strict ? 1 : 0)),
    readChunkShapes: building('building a grid from chunk shapes', raw._zr_read_chunk_shapes),
    readEdges: building('building a grid from edges', raw._zr_read_edges),
    readGridWords: building('building a grid from the tools module', raw._zr_read_grid_words),
    gridWords: (/** @type {Grid} */ grid) => gridWords(grid.address()),
    adoptGrid: (/** @type {number} */ address) => new Grid(address),
    readJSON: checked('reading JSON', raw._zr_read_json, (block) => takeBlock(block, jsonValue)),
  });
}
