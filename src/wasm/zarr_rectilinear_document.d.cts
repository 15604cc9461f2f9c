// Types for dist/zarr_rectilinear_document.cjs, the CommonJS copy of the
// document module that Node loads at its first use
// (scripts/node-document-module.mjs, js/document-module.js). scripts/build.sh
// copies this file beside it.
import type { DocumentModule } from './zarr_rectilinear_document.mjs';

declare const documentModule: {
  createDocumentModule(moduleArg?: object): DocumentModule;
  /** The module's bytes, gzipped and base64-encoded. */
  gzippedWasm: string;
};
export = documentModule;
