// @ts-check
// zarr-rectilinear: the Zarr v3 rectilinear chunk grid, for browsers and Node.
// Importing this module loads the grid module's WebAssembly, synchronously
// (js/native.js, which the exports below import; no top-level await), so
// every export is usable as soon as `import` returns. The document module
// loads at the first call that reads a whole document.

export { ChunkGrid } from './chunk-grid.js';
export { GridError } from './grid-error.js';
export { validateMetadata } from './validate.js';
export { readMetadata } from './read-metadata.js';
export { locatePointers } from './locate-pointers.js';
export { readerReport } from './reader-report.js';
export { repairMetadata } from './repair.js';
export { READERS } from './reader-facts.js';

export const ready = Promise.resolve();
