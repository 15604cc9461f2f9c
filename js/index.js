// @ts-check
// zarr-rectilinear: the Zarr v3 rectilinear chunk grid, for browsers and
// Node; what opening and reading an array needs. Importing this module
// loads the reader module's WebAssembly, synchronously (js/wasm/native.js,
// which the exports below import; no top-level await), so every export is
// usable as soon as `import` returns. Plans, repair and reports are
// zarr-rectilinear/tools (js/tools.js), with a module of their own.

export { ChunkGrid } from './grid/chunk-grid.js';
export { GridError } from './grid/grid-error.js';
export { validateMetadata } from './document/validate.js';
export { readMetadata } from './document/read-metadata.js';

export const ready = Promise.resolve();
