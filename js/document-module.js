// @ts-check
// The document module (docs/wasm-boundary.md, "Two modules"): the
// whole-document rules, readMetadata's reader, the reader report's facts,
// repair and the places of JSON Pointers. Only the wrapper's modules that
// read whole documents import this one, so a bundle that only builds grids
// and asks them leaves it out (docs/size.md).
//
// Where an inflater works synchronously (zlib, in Node), the module loads
// at its first use, so that a program which only builds grids never pays
// for it at start-up; it is built to instantiate synchronously
// (-sWASM_ASYNC_COMPILATION=0) for that. Browsers have only an async
// inflater (DecompressionStream): there it loads at import. Either way no
// public call becomes async.
import createDocumentModule from '../dist/zarr_rectilinear_document.mjs';
import gzippedWasm from '../dist/zarr_rectilinear_document.wasm.mjs';
import { canLoadNow, loadModule, loadModuleNow } from './wasm-module.js';

/** @type {Awaited<ReturnType<typeof loadModule<import('../dist/zarr_rectilinear_document.mjs').DocumentModule>>> | null} */
let loaded = canLoadNow ? null : await loadModule(createDocumentModule, gzippedWasm);

// The loaded module and its heap helpers (js/wasm-module.js).
export function documentModule() {
  return (loaded ??= loadModuleNow(createDocumentModule, gzippedWasm));
}
