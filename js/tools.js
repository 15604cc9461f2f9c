// @ts-check
// zarr-rectilinear/tools: what plans, repairs and reports, as functions
// that take grids: trimmed, concat, resize, overlap (rechunk plans), a
// grid's summary, the reader report, repair and the places of JSON
// Pointers. Importing it loads the tools module's WebAssembly, beside the
// reader module that zarr-rectilinear loads, synchronously
// (js/tools/tools-module.js), so every export is usable as soon as `import`
// returns. A page that only reads arrays never imports it (docs/size.md).

export { trimmed, concat, resize, overlap } from './tools/plans.js';
export { summary, axisSummary } from './tools/summary.js';
export { readerReport } from './tools/reader-report.js';
export { READERS } from './tools/reader-facts.js';
export { repairMetadata } from './tools/repair.js';
export { locatePointers } from './tools/locate-pointers.js';

export const ready = Promise.resolve();
