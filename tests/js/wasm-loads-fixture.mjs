// Run by tools-entry.test.mjs in a child process: records every WebAssembly
// module compiled while it imports one entry point of the package (the
// argument) and uses it, then prints where the entry point resolved to and
// the SHA-256 of each module's bytes, one a line. Not a test file.
//
// WebAssembly is where the package's modules show up whichever way they
// are loaded: the build for Node reads each from a file beside it, js/
// decodes each from base64 embedded in a module (js/wasm/wasm-module.js), and
// both end in new WebAssembly.Module (or, in emscripten's glue, possibly
// an asynchronous compile). So recording those constructors sees every
// module loaded, where watching file reads or the ES module graph would
// miss one of the two ways.
import { createHash } from 'node:crypto';

const [entry] = process.argv.slice(2);
const hashes = [];
const record = (bytes) => {
  const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
  hashes.push(createHash('sha256').update(view).digest('hex'));
};
const Module = WebAssembly.Module;
WebAssembly.Module = new Proxy(Module, {
  construct(target, args, newTarget) {
    record(args[0]);
    return Reflect.construct(target, args, newTarget === WebAssembly.Module ? target : newTarget);
  },
});
for (const name of ['compile', 'instantiate']) {
  const original = WebAssembly[name];
  WebAssembly[name] = (source, ...rest) => {
    if (!(source instanceof Module)) record(source);
    return original.call(WebAssembly, source, ...rest);
  };
}

const pkg = await import(entry);
// Used, not only imported: a call that loaded a module on first use would show.
if (pkg.ChunkGrid) {
  const grid = pkg.ChunkGrid.fromChunkShapes([10, 6], [[[4, 2], 2], 4]);
  grid.locate([9, 5]);
  grid.projectAxes([{ start: 1, stop: 9 }, null]);
  grid.toJSON();
  pkg.validateMetadata('{"zarr_format": 3}');
  pkg.readMetadata(JSON.stringify({
    zarr_format: 3, node_type: 'array', shape: [10], data_type: 'uint8', fill_value: 0, codecs: [{ name: 'bytes' }],
    chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[4, 6]] } }, chunk_key_encoding: { name: 'default' },
  })).grid?.dispose();
}
if (pkg.trimmed) pkg.summary(pkg.trimmed([10], [4]));
process.stdout.write([import.meta.resolve(entry), ...hashes].map((line) => `${line}\n`).join(''));
