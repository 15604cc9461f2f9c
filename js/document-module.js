// @ts-check
// The document module (docs/wasm-boundary.md, "Two modules"): the
// whole-document rules, readMetadata's reader, the reader report's facts
// and repair. Loaded at the import of the modules that use it, and so left
// out of a bundle that only builds grids and asks them (docs/size.md).
import createDocumentModule from '../dist/zarr_rectilinear_document.mjs';
import gzippedWasm from '../dist/zarr_rectilinear_document.wasm.mjs';
import { loadModule } from './wasm-module.js';

export const documentModule = await loadModule(createDocumentModule, gzippedWasm);
