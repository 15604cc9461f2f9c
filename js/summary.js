// A dask-style summary of a grid, computed from runs (never from expanded
// edges), shared by the web demo's table and the CLI's `inspect`.

const big = (v) => BigInt(v);
const natural = (v) => (v > BigInt(Number.MAX_SAFE_INTEGER) ? v : Number(v));
const product = (values) => values.reduce((a, b) => a * b, 1n);

// Per axis: the data sizes of the active chunks, as runs of {size, count}.
function activeDataRuns(grid, axis) {
  let remaining = big(grid.shape[axis]);
  const out = [];
  for (const { size, count } of grid.runs(axis)) {
    if (remaining === 0n) break;
    const s = big(size);
    const whole = remaining / s < big(count) ? remaining / s : big(count);
    if (whole > 0n) out.push({ size: s, count: whole });
    remaining -= whole * s;
    if (whole < big(count) && remaining > 0n) {
      out.push({ size: remaining, count: 1n });
      remaining = 0n;
    }
  }
  return out;
}

function axisStats(grid, axis) {
  const runs = activeDataRuns(grid, axis);
  if (runs.length === 0) return { min: 0n, max: 0n, common: 0n, commonCount: 0n };
  const counts = new Map();
  for (const { size, count } of runs) counts.set(size, (counts.get(size) ?? 0n) + count);
  let common = runs[0].size;
  for (const [size, count] of counts) if (count > counts.get(common)) common = size;
  const sizes = [...counts.keys()];
  return {
    min: sizes.reduce((a, b) => (b < a ? b : a)),
    max: sizes.reduce((a, b) => (b > a ? b : a)),
    common,
    commonCount: counts.get(common),
  };
}

// Runs written compactly, e.g. "16, 10" or "[1000, 1000000000]", shortened past `limit`.
export function formatRuns(runs, limit = 8) {
  const text = runs.map(({ size, count }) => (big(count) === 1n ? String(size) : `[${size}, ${count}]`));
  if (text.length <= limit) return text.join(', ');
  return `${text.slice(0, limit - 2).join(', ')}, … (${text.length - limit + 1} more runs), ${text[text.length - 1]}`;
}

export function summarize(grid) {
  const axes = Array.from({ length: grid.ndim }, (_, axis) => axisStats(grid, axis));
  const active = grid.gridShape.map(big);
  const declared = grid.declaredGridShape.map(big);
  return {
    shape: grid.shape,
    gridShape: grid.gridShape,
    declaredGridShape: grid.declaredGridShape,
    runs: Array.from({ length: grid.ndim }, (_, axis) => grid.runs(axis)),
    smallestChunk: axes.map((a) => natural(a.min)),
    largestChunk: axes.map((a) => natural(a.max)),
    mostCommonChunk: axes.map((a) => natural(a.common)),
    mostCommonCount: natural(product(axes.map((a) => a.commonCount))),
    numChunks: grid.numChunks,
    declaredChunks: natural(product(declared)),
    overflowCells: natural(product(declared) - product(active)),
    regular: grid.toRegularJSON(),
  };
}
