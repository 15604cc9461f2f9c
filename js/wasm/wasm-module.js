// @ts-check
// Loads one of the package's two WebAssembly modules, and gives short-lived
// access to its heap (docs/wasm-boundary.md, "Two modules"): the reader
// module (js/wasm/native.js), which every entry point loads, and the tools
// module (js/tools/tools-module.js), loaded only by zarr-rectilinear/tools. Each
// has its own heap, out-of-memory flag and problem codes, so each gets its
// own set of the helpers below. The wasm bytes are inlined in a module of
// their own, as .lzma (scripts/embed-wasm.mjs), so loading needs no fetch,
// no file path and no bundler configuration, in Node, browsers and workers;
// the package's build for Node itself (scripts/node-build.mjs) reads them
// raw from files beside it instead.
// Loading is synchronous (no top-level await, which the default targets of
// Vite and of others refuse): the bytes are decoded synchronously, by the
// package's own unpacker (js/wasm/unpack.js) in every environment (no platform
// decodes LZMA, and browsers' DecompressionStream is asynchronous only),
// and the modules are built with -sWASM_ASYNC_COMPILATION=0.
import { unpackBase64 } from './unpack.js';

// The RangeError for running out of WebAssembly memory, with a code to
// switch on (docs/memory.md).
export function outOfMemory(what) {
  const error = new RangeError(`out of WebAssembly memory (at most 4 GiB) while ${what}; dispose() grids no longer needed, or ask for less`);
  return Object.assign(error, { code: /** @type {const} */ ('OUT_OF_MEMORY') });
}

// WebAssembly memory is 32-bit: a larger size would wrap in _malloc.
const MAX_ALLOCATION = 2 ** 32 - 2 ** 16;

// A uint64 field of a value_object: emscripten 3.1.6 hands it over signed.
export const u64 = (value) => BigInt.asUintN(64, value);

// Results up to this many bytes leave the heap in one copy, their columns
// views into it: one allocation, where each would cost about as much as
// copying a few thousand values. Larger ones get a typed array per column,
// as allocators recycle arrays of a few MB, while one array of all of them
// would often be fresh memory, mapped page by page (README, Benchmarks).
export const PACKED_BYTES = 2 ** 17;

// Frees a handle (anything with delete(): a grid outcome, an Embind
// handle) after fn(handle), in all cases.
export function using(handle, fn) {
  try {
    return fn(handle);
  } finally {
    handle.delete();
  }
}

/**
 * Instantiates a module, synchronously, from its factory (js/wasm/grid-loader.js
 * for the reader module; for the tools module, emscripten's, of a module
 * built with -sWASM_ASYNC_COMPILATION=0, which returns it ready) and its
 * bytes: as .lzma in base64 as embedded, or a function that
 * reads them raw, as the Node build gives them (scripts/node-build.mjs),
 * so that a module never loaded is never read.
 * @template {import('../../dist/zarr_rectilinear.mjs').ModuleBasics} M
 * @param {(moduleArg: { wasmBinary: Uint8Array }) => M} createModule
 * @param {string | (() => Uint8Array)} wasm
 */
export function loadModule(createModule, wasm) {
  return helpersFor(createModule({ wasmBinary: typeof wasm === 'string' ? unpackBase64(wasm) : wasm() }));
}

/**
 * A loaded module's helpers, bound to its heap.
 * @template {import('../../dist/zarr_rectilinear.mjs').ModuleBasics} M
 * @param {M} native
 */
export function helpersFor(native) {
  // A call that runs out of memory answers with an empty value and raises
  // this flag (src/wasm/out_of_memory.hpp). Each such call is checked, so
  // that it throws instead (js/wasm/grid-module.js, js/tools/tools-module.js).
  const flag = native._zr_out_of_memory_flag();
  function checkMemory(what) {
    if (native.HEAPU8[flag] === 0) return;
    native.HEAPU8[flag] = 0;
    throw outOfMemory(what);
  }
  // `call` made to throw when it ran out of memory; else it gives its
  // answer, through `then` when given. For every call that may run out.
  const checked = (/** @type {string} */ what, /** @type {(...args: any[]) => any} */ call, then = (/** @type {any} */ result) => result) => (/** @type {any[]} */ ...args) => {
    const result = call(...args);
    checkMemory(what);
    return then(result);
  };

  function allocate(bytes) {
    if (!(bytes <= MAX_ALLOCATION)) {
      throw new RangeError(`this needs ${bytes} bytes of WebAssembly memory, more than its 4 GiB; ask for less (a smaller selection, or runs() instead of edges())`);
    }
    // Addresses past 2 GiB come back as negative int32: read them unsigned.
    const address = native._zr_malloc(Math.max(8, bytes)) >>> 0;
    if (address === 0) throw outOfMemory(`allocating ${bytes} bytes`);
    return address;
  }

  // Runs fn(address) with `bytes` of wasm heap, freed afterwards in all cases.
  function withHeap(bytes, fn) {
    const address = allocate(bytes);
    try {
      return fn(address);
    } finally {
      native._free(address);
    }
  }

  // The whole heap as 64-bit words, kept until memory grows (which replaces
  // the buffer): for the small copies of a call, making a view costs more
  // than the copy. Addresses are 8-byte aligned (malloc's and scratch's).
  /** @type {{ buffer: ArrayBufferLike | null, f64: Float64Array<ArrayBufferLike>, u64: BigUint64Array<ArrayBufferLike> }} */
  let words = { buffer: null, f64: new Float64Array(0), u64: new BigUint64Array(0) };
  function heapWords() {
    if (words.buffer !== native.HEAPU8.buffer) {
      const buffer = native.HEAPU8.buffer;
      words = { buffer, f64: new Float64Array(buffer), u64: new BigUint64Array(buffer) };
    }
    return words;
  }

  // Views are made fresh on each use: memory growth replaces the buffer.
  const u8View = (/** @type {number} */ address, /** @type {number} */ length) => new Uint8Array(native.HEAPU8.buffer, address, length);
  const u64View = (address, length) => new BigUint64Array(native.HEAPU8.buffer, address, length);
  const f64View = (address, length) => new Float64Array(native.HEAPU8.buffer, address, length);
  const i64View = (address, length) => new BigInt64Array(native.HEAPU8.buffer, address, length);

  // Copies text (UTF-8 encoded here) or bytes into the heap for fn(address, length).
  function withBytes(input, fn) {
    if (typeof input === 'string') {
      // UTF-8 needs at most 3 bytes per UTF-16 code unit.
      return withHeap(input.length * 3, (address) => {
        const { written } = new TextEncoder().encodeInto(input, u8View(address, input.length * 3));
        return fn(address, written);
      });
    }
    return withHeap(input.byteLength, (address) => {
      u8View(address, input.byteLength).set(input);
      return fn(address, input.byteLength);
    });
  }

  // Calls `call(text, length, pointers, lengths, count)` with the text and
  // the JSON Pointers in the heap: the pointers cross as UTF-8 (as the text
  // does), one after another after their uint32 lengths.
  function withPointers(text, /** @type {string[]} */ pointers, call) {
    const encoder = new TextEncoder();
    const encoded = pointers.map((p) => encoder.encode(p));
    const count = encoded.length;
    return withHeap(4 * count + encoded.reduce((n, e) => n + e.length, 0), (lengths) => {
      new Uint32Array(native.HEAPU8.buffer, lengths, count).set(encoded.map((e) => e.length));
      let at = lengths + 4 * count;
      for (const e of encoded) {
        u8View(at, e.length).set(e);
        at += e.length;
      }
      return withBytes(text, (address, length) => call(address, length, lengths + 4 * count, lengths, count));
    });
  }

  // The NUL-terminated text at `address`.
  function cString(address) {
    address >>>= 0;
    const end = native.HEAPU8.indexOf(0, address);
    return new TextDecoder().decode(native.HEAPU8.subarray(address, end));
  }

  // The JS name of each problem code, by its number, from the module's one
  // list (src/rules/problem.hpp).
  const problemCodes = /** @type {import('../index.js').ProblemCode[]} */ (cString(native._zr_problem_code_names()).split(','));

  // A problem as the API gives it: {path, message, code}, and `byteOffset`
  // where the core gives one (a document is at most 128 MiB).
  /** @returns {import('../index.js').Problem} */
  function problemOf(/** @type {import('../../dist/zarr_rectilinear.mjs').NativeProblem} */ { path, message, code, byteOffset }) {
    /** @type {import('../index.js').Problem} */
    const out = { path, message, code: problemCodes[code] };
    if (byteOffset >= 0) out.byteOffset = byteOffset;
    return out;
  }

  // Reads an answer block (src/wasm/answer_block.hpp) with fn(reader), and
  // frees it in all cases. The reader gives its words as doubles, one by
  // one (number()), and its bytes in turn as strings: string(size), or
  // string() for a text() word and its bytes.
  function takeBlock(block, fn) {
    block >>>= 0; // an address past 2 GiB comes back as a negative int32
    try {
      const { f64, u64 } = heapWords();
      const words = Number(u64[block / 8]);
      const length = Number(u64[block / 8 + 1]);
      const numbers = f64.slice(block / 8 + 2, block / 8 + 2 + words);
      const text = native.HEAPU8.slice(block + 16 + words * 8, block + 16 + words * 8 + length);
      const decoder = new TextDecoder();
      let at = 0;
      let byte = 0;
      const number = () => numbers[at++];
      const string = (size = number()) => decoder.decode(text.subarray(byte, (byte += size)));
      return fn({ number, string, bytes: length });
    } finally {
      native._free(block);
    }
  }

  // Problems written by write_problems (src/wasm/answer_block.hpp).
  function problemsFrom(reader) {
    return Array.from({ length: reader.number() }, () => {
      const code = reader.number();
      const byteOffset = reader.number();
      const path = reader.string();
      return problemOf({ path, message: reader.string(), code, byteOffset });
    });
  }

  // Copies columns out of the heap: column k is `parts[k]` = [first, length],
  // in values from `address`, read through `view` (f64View or u64View).
  function copyOut(view, address, parts) {
    const span = parts.reduce((end, [first, length]) => Math.max(end, first + length), 0);
    if (span * 8 <= PACKED_BYTES) {
      const heap = view === u64View ? heapWords().u64 : heapWords().f64;
      const all = heap.slice(address / 8, address / 8 + span);
      return parts.map(([first, length]) => all.subarray(first, first + length));
    }
    return parts.map(([first, length]) => view(address + first * 8, length).slice());
  }

  // The input element a Columns block (src/wasm/results.hpp) says was
  // refused, the block freed (it holds no columns then); or -1, the block
  // kept for copyColumns.
  function columnsFailedAt(block) {
    block >>>= 0;
    const failed = Number(heapWords().u64[block / 8 + 3]) - 1;
    if (failed >= 0) native._free(block);
    return failed;
  }

  // Copies the columns of a Columns block out, one typed array each
  // (uint64 or, with `asDouble`, Float64Array; see copyOut), and frees it.
  // Null when a value is not exact as a double.
  function copyColumns(block, asDouble) {
    block >>>= 0;
    try {
      if (asDouble && native._zr_columns_to_doubles(block) === 0) return null;
      const { u64 } = heapWords();
      const count = Number(u64[block / 8 + 2]);
      const parts = [];
      let total = 0;
      for (let k = 0; k < count; k++) {
        const length = Number(u64[block / 8 + 4 + k]);
        parts.push([total, length]);
        total += length;
      }
      return copyOut(asDouble ? f64View : u64View, block + (4 + count) * 8, parts);
    } finally {
      native._free(block);
    }
  }

  const heapInUse = () => native._zr_heap_in_use();
  const maxDocumentBytes = native._zr_max_document_bytes();

  return {
    native, checkMemory, checked, allocate, withHeap, withBytes, withPointers, problemOf, problemCodes, cString, takeBlock, problemsFrom,
    heapWords, u8View, u64View, f64View, i64View, copyOut, copyColumns, columnsFailedAt, heapInUse, maxDocumentBytes,
  };
}
