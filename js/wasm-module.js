// @ts-check
// Loads one of the package's two WebAssembly modules, and gives short-lived
// access to its heap (docs/wasm-boundary.md, "Two modules"): the grid
// module (js/native.js), which every import loads, and the document module
// (js/document-module.js), loaded only by what reads whole documents. Each
// has its own heap, out-of-memory flag and problem codes, so each gets its
// own set of the helpers below. The wasm bytes are inlined in a module of
// their own, gzipped (scripts/embed-wasm.mjs), so loading needs no fetch,
// no file path and no bundler configuration, in Node, browsers and workers.

// In Node, zlib inflates it in about a millisecond; DecompressionStream,
// the one inflater browsers have, costs Node some 50 ms on first use
// (docs/size.md). process.getBuiltinModule reaches zlib without an import
// a bundler would try to resolve for the browser.
const zlib = globalThis.process?.getBuiltinModule?.('node:zlib');

async function gunzipBase64(text) {
  if (zlib) return zlib.gunzipSync(Buffer.from(text, 'base64'));
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

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

// Frees an Embind handle after fn(handle), in all cases.
export function using(handle, fn) {
  try {
    return fn(handle);
  } finally {
    handle.delete();
  }
}

/**
 * Instantiates a module from its Emscripten factory and its gzipped bytes.
 * @template {import('../dist/zarr_rectilinear.mjs').ModuleBasics} M
 * @param {(moduleArg?: object) => Promise<M> | M} createModule
 * @param {string} gzippedWasm
 */
export async function loadModule(createModule, gzippedWasm) {
  return helpersFor(await createModule({ wasmBinary: await gunzipBase64(gzippedWasm) }));
}

// Whether loadModuleNow can load a module: where zlib inflates (Node).
export const canLoadNow = Boolean(zlib);

/**
 * The same, synchronously, for a module built with
 * -sWASM_ASYNC_COMPILATION=0, whose factory instantiates it and returns it
 * ready (no promise).
 * @template {import('../dist/zarr_rectilinear.mjs').ModuleBasics} M
 * @param {(moduleArg?: object) => M} createModule
 * @param {string} gzippedWasm
 */
export function loadModuleNow(createModule, gzippedWasm) {
  return helpersFor(createModule({ wasmBinary: zlib.gunzipSync(Buffer.from(gzippedWasm, 'base64')) }));
}

/**
 * A loaded module's helpers, bound to its heap.
 * @template {import('../dist/zarr_rectilinear.mjs').ModuleBasics} M
 * @param {M} native
 */
function helpersFor(native) {
  // A native call that runs out of memory answers with an empty value and
  // raises this flag (src/wasm/out_of_memory.hpp). Each such call is
  // checked here, so that it throws instead, and frees the handle it
  // answered with.
  const flag = native.outOfMemoryFlag;
  function checkMemory(what) {
    if (native.HEAPU8[flag] === 0) return;
    native.HEAPU8[flag] = 0;
    throw outOfMemory(what);
  }
  function checked(call, what) {
    /** @this {unknown} */
    return function (...args) {
      const answer = call.apply(this, args);
      if (native.HEAPU8[flag] !== 0) {
        answer?.delete?.();
        checkMemory(what);
      }
      return answer;
    };
  }

  // Every binding the module registers through guarded<>, with what it
  // does, for the message: the list the registration records
  // (src/wasm/registration.hpp), so none is missed here.
  const guarded = native.guardedBindings();
  for (const { owner, name, what } of guarded) {
    const target = owner ? /** @type {any} */ (native)[owner].prototype : native;
    target[name] = checked(target[name], what);
  }

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

  // The JS name of each ProblemCode, as this module registers it.
  const problemCodes = new Map(Object.entries(native.ProblemCode).filter(([name]) => name !== 'values')
    .map(([name, v]) => [v, /** @type {import('./index.js').ProblemCode} */ (name)]));

  // A Problem value_object as the API gives it: {path, message, code}, and
  // `byteOffset` where the core gives one (a document is at most 128 MiB).
  /** @returns {import('./index.js').Problem} */
  function problemOf(/** @type {import('../dist/zarr_rectilinear.mjs').NativeProblem} */ { path, message, code, byteOffset }) {
    /** @type {import('./index.js').Problem} */
    const out = { path, message, code: /** @type {import('./index.js').ProblemCode} */ (problemCodes.get(code)) };
    if (byteOffset >= 0n) out.byteOffset = Number(byteOffset);
    return out;
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

  // Copies the columns of a native Columns handle out, one typed array each
  // (uint64 or, with `asDouble`, Float64Array; see copyOut), and frees it.
  // Null when a value is not exact as a double.
  function copyColumns(columns, asDouble) {
    return using(columns, (c) => {
      const parts = [];
      let total = 0;
      for (let k = 0, count = c.count(); k < count; k++) {
        const length = c.length(k);
        parts.push([total, length]);
        total += length;
      }
      return withHeap(total * 8, (address) => {
        if (!c.copy(address, asDouble)) return null;
        return copyOut(asDouble ? f64View : u64View, address, parts);
      });
    });
  }

  return {
    native, guarded, checkMemory, allocate, withHeap, withBytes, problemOf,
    heapWords, u8View, u64View, f64View, i64View, copyOut, copyColumns,
  };
}
