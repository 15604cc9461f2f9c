// @ts-check
// grid.toDaskChunks(): dask's chunks tuple, per axis the data shapes of the
// active chunks, from the grid's data runs, up to a documented limit.
// toDaskChunks() lists at most this many chunks, summed over the axes.
export const DASK_CHUNK_LIMIT = 2 ** 24;

export function daskChunks(grid) {
  const counts = grid.gridShape.map(BigInt);
  const total = counts.reduce((a, b) => a + b, 0n);
  if (total > BigInt(DASK_CHUNK_LIMIT)) {
    throw new RangeError(`toDaskChunks: the grid has ${total} active chunks over its axes, more than ${DASK_CHUNK_LIMIT} (2^24) listed; use dataRuns(axis)`);
  }
  return counts.map((_, d) => {
    const out = [];
    for (const { size, count } of grid.dataRuns(d)) for (let k = 0; k < count; k++) out.push(size);
    return out.length ? out : [0];
  });
}

