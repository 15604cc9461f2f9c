// @ts-check
// The tools module (docs/wasm-boundary.md, "Two modules"): rechunk plans,
// resize, trimmed grids and concatenation, a summary's data sizes, repair,
// the reader report's facts and the places of JSON Pointers. Only
// zarr-rectilinear/tools (js/tools.js) and the modules it alone imports
// import this one, so a page that only reads arrays never loads it
// (docs/size.md). It loads when it is imported, synchronously, so that no
// public call becomes async.
//
// Grids live in the reader module (js/wasm/native.js); a tool is given a copy,
// made from the grid's words (src/wasm/grid_words.hpp) and freed after the
// call, and a grid a tool builds goes back the same way.
import createToolsModule from '../../dist/zarr_rectilinear_tools.mjs';
import packedWasm from '../../dist/zarr_rectilinear_tools.wasm.mjs';
import { loadModule, using } from '../wasm/wasm-module.js';
import { moduleCalls } from '../wasm/module-calls.js';
import { native as reader, withBytes as readerBytes } from '../wasm/native.js';

/** @import { Grid, GridOutcome } from '../../dist/zarr_rectilinear.mjs' */

const helpers = loadModule(createToolsModule, packedWasm);
const { native: raw, checked, withBytes } = helpers;
const calls = moduleCalls(raw, helpers);

// Every binding the module registers through guarded<>, with what it
// does, wrapped so that it throws when it ran out of memory: the list the
// registration records (src/wasm/tools/registration.hpp), so none is missed.
const guarded = raw.guardedBindings();
for (const { name, what } of guarded) /** @type {any} */ (raw)[name] = checked(what, /** @type {any} */ (raw)[name]);

// A builder's outcome block; its grid, once handed over, this module's address.
const outcome = calls.outcomeOf((address) => address);
const building = (/** @type {string} */ what, /** @type {(...args: any[]) => number} */ call) => checked(what, call, outcome);
const copyIn = building('copying a grid', raw._zr_read_grid_words);

/**
 * fn(address) with a copy of the reader module's grid in this module,
 * freed afterwards in all cases.
 * @template T
 * @param {Grid} grid
 * @param {(address: number) => T} fn
 */
function withToolsGrid(grid, fn) {
  const words = reader.gridWords(grid);
  const address = withBytes(words, (at, length) => using(copyIn(at, length / 8), (o) => {
    if (!o.ok()) throw new Error('internal error: the reader module handed over words that describe no grid');
    return o.grid();
  }));
  try {
    return fn(address);
  } finally {
    raw._zr_grid_free(address);
  }
}

/**
 * fn(addresses) with copies of several grids.
 * @template T
 * @param {Grid[]} grids
 * @param {(addresses: number[]) => T} fn
 * @returns {T}
 */
function withToolsGrids(grids, fn, /** @type {number[]} */ done = []) {
  if (done.length === grids.length) return fn(done);
  return withToolsGrid(grids[done.length], (address) => withToolsGrids(grids, fn, [...done, address]));
}

/**
 * A builder's outcome in this module as one in the reader module: its grid
 * copied back (and freed here), its problems and failed axis or part kept.
 * The caller owns the result, as any GridOutcome.
 * @returns {GridOutcome}
 */
function backToReader(/** @type {ReturnType<typeof outcome>} */ o) {
  return using(o, (built) => {
    if (!built.ok()) {
      return { ...built, ok: () => false, grid: () => { throw new Error('internal error: no grid was built'); }, delete() {} };
    }
    const address = built.grid();
    let words;
    try {
      words = calls.gridWords(address);
    } finally {
      raw._zr_grid_free(address);
    }
    return readerBytes(words, (at, length) => reader.readGridWords(at, length / 8));
  });
}

export const toolsModule = {
  ...helpers,
  guarded,
  withToolsGrid,
  withToolsGrids,
  /** @type {(what: string, call: (...args: any[]) => number) => (...args: any[]) => GridOutcome} */
  building: (what, call) => {
    const build = building(what, call);
    return (...args) => backToReader(build(...args));
  },
  dataSizeStats: calls.small('summing up an axis', 'DataSizeStats', raw._zr_data_size_stats),
  axisOverlap: calls.small('planning a rechunk', 'AxisOverlap', raw._zr_axis_overlap),
  axisSources: checked('listing the source chunks of a rechunk', raw._zr_axis_sources),
};
