// Types for dist/fflate.mjs, fflate's browser build, which scripts/build.sh
// copies into dist/ beside this file: only what js/wasm-module.js uses.
/** Inflates gzip data. */
export function gunzipSync(data: Uint8Array): Uint8Array;
