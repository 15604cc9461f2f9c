// The gzipped document module as base64, written by scripts/embed-wasm.mjs.
declare const gzippedWasm: string;
export default gzippedWasm;
