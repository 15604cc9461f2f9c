// @ts-check
// The document module (docs/wasm-boundary.md, "Two modules"): the
// whole-document rules, readMetadata's reader, the reader report's facts,
// repair and the places of JSON Pointers. Only the wrapper's modules that
// read whole documents import this one, so a bundle that only builds grids
// and asks them leaves it out (docs/size.md).
//
// Where an inflater works synchronously (zlib, in Node), the module loads
// at its first use, so that a program which only builds grids never pays
// for it at start-up: from a CommonJS copy of its glue and bytes
// (scripts/node-document-module.mjs), which require() loads synchronously
// and which Node does not parse until then. It is built to instantiate
// synchronously (-sWASM_ASYNC_COMPILATION=0) for that. Browsers have only
// an async inflater (DecompressionStream): there it loads at import,
// through a dynamic import that Node never reaches. Either way no public
// call becomes async.
import { loadModule, loadModuleNow, nodeModule, packageFile } from './wasm-module.js';

/** @typedef {import('../dist/zarr_rectilinear_document.mjs').DocumentModule} DocumentModule */
/** @typedef {ReturnType<typeof import('./wasm-module.js').helpersFor<DocumentModule>>} Helpers */

// Every binding the module registers through guarded<>, with what it
// does, wrapped so that it throws when it ran out of memory: the list the
// registration records (src/wasm/registration.hpp), so none is missed.
function guardBindings(/** @type {Helpers} */ helpers) {
  const { native, checkMemory } = helpers;
  const guarded = native.guardedBindings();
  for (const { name, what } of guarded) {
    const call = native[name];
    native[name] = (...args) => {
      const answer = call(...args);
      checkMemory(what);
      return answer;
    };
  }
  return { ...helpers, guarded };
}

async function loadAtImport() {
  const [{ default: create }, { default: gzippedWasm }] = await Promise.all([
    import('../dist/zarr_rectilinear_document.mjs'), import('../dist/zarr_rectilinear_document.wasm.mjs')]);
  return guardBindings(await loadModule(create, gzippedWasm));
}

// The CommonJS copy, where it lies beside this file: in Node, run from the
// package's files. A bundle run in Node has no such file beside it, and
// loads the module at import as a browser does.
const COMMONJS = '../dist/zarr_rectilinear_document.cjs';

/** @type {ReturnType<typeof guardBindings> | null} */
let loaded = packageFile(COMMONJS, import.meta.url) ? null : await loadAtImport();

// The loaded module and its heap helpers (js/wasm-module.js).
export function documentModule() {
  if (loaded) return loaded;
  const require = nodeModule('node:module').createRequire(import.meta.url);
  /** @type {typeof import('../dist/zarr_rectilinear_document.cjs')} */
  const { createDocumentModule, gzippedWasm } = require(COMMONJS);
  return (loaded = guardBindings(loadModuleNow(createDocumentModule, gzippedWasm)));
}
