// The tools module as .lzma in base64, written by scripts/embed-wasm.mjs.
declare const packedWasm: string;
export default packedWasm;
