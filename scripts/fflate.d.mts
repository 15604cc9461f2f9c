// Types for dist/fflate.mjs, fflate's gunzipSync, which scripts/inflater.mjs
// bundles into dist/ beside this file (scripts/build.sh copies it).
/** Inflates gzip data. */
export function gunzipSync(data: Uint8Array): Uint8Array;
