// The inflater's WebAssembly module as base64, not gzipped, written by
// scripts/embed-wasm.mjs --raw.
declare const inflaterWasm: string;
export default inflaterWasm;
