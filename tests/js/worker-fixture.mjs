// Loaded by loading.test.mjs in a worker thread: imports the package and
// zarr-rectilinear/tools with fetch disabled and reports one lookup and one
// axis summary. Not a test file.
import { parentPort } from 'node:worker_threads';

let fetched = false;
globalThis.fetch = () => {
  fetched = true;
  throw new Error('the package must not fetch');
};
const { ChunkGrid } = await import('zarr-rectilinear');
const { axisSummary } = await import('zarr-rectilinear/tools');
const grid = ChunkGrid.fromEdges([[2, 3], [4]]);
const { length, activeCount, largestDataSize } = axisSummary(grid, 0);
parentPort.postMessage({ fetched, located: grid.locate([4, 1]), summed: { length, activeCount, largestDataSize } });
