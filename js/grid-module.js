// @ts-check
// The grid module's plain exports (src/wasm/grid_exports.cpp) as the calls
// the wrapper makes: a Grid handle per native grid, with a method per
// query, and a function per builder, each turning addresses, words and
// answer blocks into JS values (docs/wasm-boundary.md). The layouts of the
// small answers come from the module itself (zr_struct_layouts), so they
// are written once, in src/wasm/struct_words.hpp. Each export that may run
// out of memory is checked here, with what it does for the message.
import { jsonValue } from './json-block.js';
/** @import { NativeModule, RawGridModule } from '../dist/zarr_rectilinear.mjs' */

/**
 * Adds the wrapper's calls to the loaded grid module.
 * @param {RawGridModule} raw
 * @param {ReturnType<typeof import('./wasm-module.js').helpersFor>} helpers
 * @returns {NativeModule}
 */
export function gridCalls(raw, helpers) {
  const { allocate, checked, cString, heapWords, takeBlock, problemsFrom } = helpers;
  /** @type {any} */
  const native = raw;
  // Room for the words of a small answer or argument, kept for the
  // module's life: no allocation per call.
  const out = allocate(256);

  // Each layout: its fields, each with how its words read.
  const layouts = new Map(cString(raw._zr_struct_layouts()).split(';').filter(Boolean).map((entry) => {
    const [name, list] = entry.split(':');
    const fields = list.split(',').filter(Boolean).map((field) => ({
      kind: '?#'.includes(field[0]) ? field[0] : '',
      name: '?#'.includes(field[0]) ? field.slice(1) : field,
    }));
    return [name, fields];
  }));
  const layout = (name) => /** @type {{ kind: string, name: string }[]} */ (layouts.get(name));

  // A small answer, read from the words at `out`.
  function answer(name) {
    const fields = layout(name);
    return () => {
      const words = heapWords().u64;
      let i = out / 8;
      /** @type {Record<string, unknown>} */
      const value = {};
      for (const { kind, name: field } of fields) {
        if (kind === '?') value[field] = words[i++] !== 0n;
        else if (kind === '#') {
          value[field] = ((words[i] << 64n) | words[i + 1]).toString();
          i += 2;
        } else value[field] = words[i++];
      }
      return value;
    };
  }
  const SLICE_WORDS = layout('SliceArg').map(({ name }) => name);
  // A SliceArg's words, after the answer's room at `out`.
  const SLICE_AT = out + 128;
  function sliceWords(arg) {
    const words = heapWords().u64;
    SLICE_WORDS.forEach((name, k) => { words[SLICE_AT / 8 + k] = BigInt(arg[name]); });
    return SLICE_AT;
  }

  // A call that writes a small answer at `out`: the answer as an object.
  const small = (what, name, call) => {
    const read = answer(name);
    return checked(what, (...args) => call(...args, out), read);
  };

  // A builder's outcome block (src/wasm/results.hpp), read and freed. Its
  // grid is the caller's once grid() has handed it over; delete() frees it
  // otherwise.
  function outcome(block) {
    return takeBlock(block, (reader) => {
      const built = reader.number();
      let grid = built;
      const failedAxis = reader.number();
      const failedPart = reader.number();
      const errors = problemsFrom(reader);
      const warnings = problemsFrom(reader);
      return {
        ok: () => built !== 0,
        failedAxis: () => failedAxis,
        failedPart: () => failedPart,
        grid() {
          const handle = new Grid(grid);
          grid = 0;
          return handle;
        },
        errors: () => errors,
        warnings: () => warnings,
        delete() {
          if (grid !== 0) raw._zr_grid_free(grid);
          grid = 0;
        },
      };
    });
  }
  const building = (what, call) => checked(what, call, outcome);
  const text = (block) => takeBlock(block, (reader) => reader.string(reader.bytes));

  const AXIS = 'summing up an axis';
  const CHUNK = 'finding a chunk';
  const LOCATE = 'locating indices';
  const JSON_TEXT = 'writing a grid as JSON';
  const SLICE = 'reading a slice';
  const PROJECT = 'projecting a selection';
  const axisCounts = small(AXIS, 'AxisCounts', raw._zr_axis_counts);
  const dataSizeStats = small(AXIS, 'DataSizeStats', raw._zr_data_size_stats);
  const axisChunk = small(CHUNK, 'AxisChunk', raw._zr_axis_chunk);
  const chunkAt = small(CHUNK, 'AxisChunk', raw._zr_chunk_at);
  const chunkRange = small('finding chunks', 'ChunkRange', raw._zr_chunk_range);
  const sliceRange = small(SLICE, 'SliceRange', raw._zr_slice_range);
  const sliceChunks = small(SLICE, 'SliceChunks', raw._zr_slice_chunks);
  const projectInteger = small(PROJECT, 'IntegerAt', raw._zr_project_integer);
  const axisOverlap = small('planning a rechunk', 'AxisOverlap', raw._zr_axis_overlap);
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
    dataSizeStats(axis) { return dataSizeStats(this.#address, axis); }
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
    resize(shape, counts, edges) { return resizing(this.#address, shape, counts, edges); }
    sliceRange(axis, arg) { return sliceRange(this.#address, axis, sliceWords(arg)); }
    sliceChunks(axis, arg) { return sliceChunks(this.#address, axis, sliceWords(arg)); }
    projectInteger(axis, negative, magnitude) { return projectInteger(this.#address, axis, negative ? 1 : 0, magnitude); }
    projectPointsF64(axis, input, n) { return points(this.#address, axis, input, n, 0); }
    projectPointsI64(axis, input, n) { return points(this.#address, axis, input, n, 1); }
    projectPointsU64(axis, input, n) { return points(this.#address, axis, input, n, 2); }
    projectPointsSigned(axis, input, n) { return points(this.#address, axis, input, n, 3); }
    projectMask(axis, input, n) { return points(this.#address, axis, input, n, 4); }
  }
  const resizing = building('resizing a grid', raw._zr_resize);

  return Object.assign(native, {
    sliceArgWords: () => SLICE_WORDS,
    readGridMetadata: building('reading metadata', (at, length, strict) => raw._zr_read_grid_metadata(at, length, strict ? 1 : 0)),
    readChunkShapes: building('building a grid from chunk shapes', raw._zr_read_chunk_shapes),
    readEdges: building('building a grid from edges', raw._zr_read_edges),
    readGridWords: building('building a grid read from metadata', raw._zr_read_grid_words),
    trimmedGrid: building('building a trimmed grid', raw._zr_trimmed_grid),
    concatGrids: building('concatenating grids', raw._zr_concat_grids),
    axisOverlap: (source, target, axis) => axisOverlap(source.address(), target.address(), axis),
    axisSources: checked('listing the source chunks of a rechunk',
      (source, target, axis, first, stop) => raw._zr_axis_sources(source.address(), target.address(), axis, first, stop)),
    readJSON: checked('reading JSON', raw._zr_read_json, (block) => takeBlock(block, jsonValue)),
  });
}
