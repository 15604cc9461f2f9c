// The package loads in a module Web Worker too.
import { ChunkGrid } from '/js/index.js';
const grid = ChunkGrid.fromEdges([[5, 5, 2]]);
postMessage({ shape: grid.shape, located: grid.locate([11]) });
