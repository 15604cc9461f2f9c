// The unpacker's WebAssembly module as base64, not compressed, written by
// scripts/embed-wasm.mjs --raw.
declare const unpackerWasm: string;
export default unpackerWasm;
