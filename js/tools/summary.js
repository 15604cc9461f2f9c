// @ts-check
// The tools' summaries (zarr-rectilinear/tools): an axis's counts and data
// sizes, and the dask-style summary of a whole grid, from runs (never from
// expanded edges). The counts are the grid's own (the reader module); the
// smallest, largest and most common data sizes are the tools module's
// (src/grid/axis_summary.cpp), computed on a copy of the grid.
import { checkAxis, describeValue } from '../grid/arguments.js';
import { handleOf, isGrid } from '../grid/grid-handle.js';
import { natural } from '../grid/numbers.js';
import { toolsModule } from './tools-module.js';
/** @import { ChunkGrid } from '../index.js' */
/** @import { AxisSummary, GridSummary } from '../tools.js' */
/** @typedef {Pick<AxisSummary, 'length' | 'edgeSum' | 'activeCount' | 'declaredCount' | 'isStep'>} AxisCounts */
/** @import { Grid } from '../../dist/zarr_rectilinear.mjs' */

const product = (/** @type {bigint[]} */ values) => values.reduce((a, b) => a * b, 1n);

// The grid's handle, and each listed axis's data size statistics.
function statistics(/** @type {unknown} */ grid, /** @type {string} */ call, /** @type {number[]} */ axes) {
  if (!isGrid(grid)) throw new TypeError(`${call}: found ${describeValue(grid)}; expected a ChunkGrid`);
  const handle = /** @type {Grid} */ (handleOf(/** @type {ChunkGrid} */ (grid), `${call}: the grid`));
  const stats = toolsModule.withToolsGrid(handle, (address) => axes.map((d) => toolsModule.dataSizeStats(address, d)));
  return { handle, stats };
}

/**
 * An axis's counts, the grid's own (the reader module): no copy into the
 * tools module, which only the data sizes need.
 * @param {ChunkGrid} grid
 * @param {number} axis
 * @returns {AxisCounts}
 */
export function axisCounts(grid, axis) {
  const counts = handleOf(grid).axisCounts(axis);
  return {
    length: natural(counts.length), edgeSum: natural(counts.edgeSum), activeCount: natural(counts.activeCount),
    declaredCount: natural(counts.declaredCount), isStep: counts.isStep,
  };
}

/** @type {typeof import('../tools.js').axisSummary} */
export function axisSummary(grid, axis) {
  if (isGrid(grid)) checkAxis(grid, axis);
  const { stats: [{ smallest, largest, mostCommon, mostCommonCount }] } = statistics(grid, 'axisSummary', [axis]);
  return {
    ...axisCounts(grid, axis),
    smallestDataSize: natural(smallest), largestDataSize: natural(largest),
    mostCommonDataSize: natural(mostCommon), mostCommonCount: natural(mostCommonCount),
  };
}

/** @type {typeof import('../tools.js').summary} */
export function summary(grid) {
  const axes = isGrid(grid) ? Array.from({ length: grid.ndim }, (_, d) => d) : [];
  const { handle, stats } = statistics(grid, 'summary', axes);
  const counts = axes.map((d) => handle.axisCounts(d));
  const declared = product(counts.map((a) => a.declaredCount));
  return {
    shape: grid.shape,
    gridShape: grid.gridShape,
    declaredGridShape: grid.declaredGridShape,
    runs: axes.map((d) => grid.runs(d)),
    smallestChunk: stats.map((a) => natural(a.smallest)),
    largestChunk: stats.map((a) => natural(a.largest)),
    mostCommonChunk: stats.map((a) => natural(a.mostCommon)),
    mostCommonCount: natural(product(stats.map((a) => a.mostCommonCount))),
    numChunks: grid.numChunks,
    declaredChunks: natural(declared),
    overflowChunks: natural(declared - product(counts.map((a) => a.activeCount))),
    overflowPerAxis: counts.map((a) => natural(a.declaredCount - a.activeCount)),
    regular: grid.toRegularJSON(),
  };
}
