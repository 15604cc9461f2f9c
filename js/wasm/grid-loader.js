// @ts-check
// Instantiates the grid module, synchronously. It is a standalone
// WebAssembly module (CMakeLists.txt), not emscripten's glue and module:
// its exports keep their names, its memory is its own, and it imports two
// functions, so these few lines do what the glue's 5 KB did in every
// bundle (docs/size.md, "No glue for the grid module").
/** @import { RawGridModule } from '../../dist/zarr_rectilinear.mjs' */

/**
 * The module from its bytes, with its constructors run, as the wrapper
 * reads it: each exported function under its C name with a leading
 * underscore (as emscripten names them, and the document module's glue
 * does), and HEAPU8, a view of its memory made afresh when the memory
 * grows (growing detaches the old buffer).
 * @param {{ wasmBinary: Uint8Array }} options
 * @returns {RawGridModule}
 */
export function createGridModule({ wasmBinary }) {
  const imports = {
    // The module grows its memory itself; HEAPU8 below notices.
    env: { emscripten_notify_memory_growth() {} },
    // abort() and exit(), which nothing in the module calls on purpose.
    wasi_snapshot_preview1: {
      proc_exit(/** @type {number} */ code) {
        throw new WebAssembly.RuntimeError(`zarr-rectilinear: the grid module stopped (exit code ${code})`);
      },
    },
  };
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(/** @type {BufferSource} */ (wasmBinary)), imports);
  const memory = /** @type {WebAssembly.Memory} */ (exports.memory);
  let heap = new Uint8Array(memory.buffer);
  /** @type {Record<string, unknown>} */
  const module = {
    get HEAPU8() {
      if (heap.buffer !== memory.buffer) heap = new Uint8Array(memory.buffer);
      return heap;
    },
  };
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === 'function') module[`_${name}`] = value;
  }
  /** @type {() => void} */ (exports._initialize)();
  return /** @type {RawGridModule} */ (/** @type {unknown} */ (module));
}
