// Loaded by loading.test.mjs in a worker thread: imports the package with
// fetch disabled and reports one lookup. Not a test file.
import { parentPort } from 'node:worker_threads';

let fetched = false;
globalThis.fetch = () => {
  fetched = true;
  throw new Error('the package must not fetch');
};
const { ChunkGrid } = await import('zarr-rectilinear');
const grid = ChunkGrid.fromEdges([[2, 3], [4]]);
parentPort.postMessage({ fetched, located: grid.locate([4, 1]) });
