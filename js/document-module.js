// @ts-check
// The document module (docs/wasm-boundary.md, "Two modules"): the
// whole-document rules, readMetadata's reader, the reader report's facts,
// repair and the places of JSON Pointers. Only the wrapper's modules that
// read whole documents import this one, so a bundle that only builds grids
// and asks them leaves it out (docs/size.md).
//
// It loads at its first use, synchronously, so that a program which only
// builds grids never instantiates it and no public call becomes async.
import createDocumentModule from '../dist/zarr_rectilinear_document.mjs';
import packedWasm from '../dist/zarr_rectilinear_document.wasm.mjs';
import { loadModule } from './wasm-module.js';

/** @typedef {import('../dist/zarr_rectilinear_document.mjs').DocumentModule} DocumentModule */
/** @typedef {ReturnType<typeof import('./wasm-module.js').helpersFor<DocumentModule>>} Helpers */

// Every binding the module registers through guarded<>, with what it
// does, wrapped so that it throws when it ran out of memory: the list the
// registration records (src/wasm/registration.hpp), so none is missed.
function guardBindings(/** @type {Helpers} */ helpers) {
  const { native, checked } = helpers;
  const guarded = native.guardedBindings();
  for (const { name, what } of guarded) native[name] = checked(what, native[name]);
  return { ...helpers, guarded };
}

/** @type {ReturnType<typeof guardBindings> | null} */
let loaded = null;

// The loaded module and its heap helpers (js/wasm-module.js).
export function documentModule() {
  return (loaded ??= guardBindings(loadModule(createDocumentModule, packedWasm)));
}
