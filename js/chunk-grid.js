// ChunkGrid: the JS face of the core grid. It owns one native handle, freed
// by dispose() or, as a safety net, by a FinalizationRegistry.
import { native, scratch, scratchF64, withHeap, withBytes, u64View, f64View, using } from './native.js';
import { GridError } from './grid-error.js';
import { parseExact, stringifyExact } from './exact-json.js';
import { MAX_UINT64, anyBigInt, isBigInt, isBigIntArray, natural, output, toUint64, unsafeHint } from './numbers.js';
import { projectAxes, projections } from './selection.js';

// Edges expanded by edges(): 2^25 of them is 256 MiB of uint64 in flight.
const EDGE_LIMIT = 2 ** 25;
const registry = new FinalizationRegistry((handle) => handle.delete());
const construct = Symbol('ChunkGrid');
const disposeSymbol = Symbol.dispose ?? Symbol.for('Symbol.dispose');

// The forms metadata comes in: an object, JSON text, or UTF-8 bytes.
// Objects are written as exact JSON text; what they cannot say exactly
// comes back as problems.
export function metadataInput(meta, pick) {
  if (meta instanceof ArrayBuffer) meta = new Uint8Array(meta);
  if (typeof meta === 'string' || meta instanceof Uint8Array) {
    // Refused before it is copied into WebAssembly memory. (A string's UTF-8
    // form is at least as long as the string; the core checks the rest.)
    const size = typeof meta === 'string' ? meta.length : meta.byteLength;
    if (size > native.maxDocumentBytes) {
      return { input: null, problems: [{ path: '', message: `found a document of ${size} ${typeof meta === 'string' ? 'characters' : 'bytes'}; expected at most ${native.maxDocumentBytes} bytes (128 MiB)` }] };
    }
    return { input: meta, problems: [] };
  }
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
    const found = meta === null ? 'null' : Array.isArray(meta) ? 'an array' : typeof meta;
    return { input: null, problems: [{ path: '', message: `found ${found}; expected a zarr.json object, JSON text or UTF-8 bytes` }] };
  }
  const { text, problems } = stringifyExact(pick(meta));
  return { input: text, problems };
}

// Problems found in JS come first; the core's report of the placeholder
// written in their place is dropped.
export function mergeProblems(first, core) {
  const paths = new Set(first.map((p) => p.path));
  return [...first, ...core.filter((p) => !paths.has(p.path))];
}

function fromOutcome(outcome, problems = []) {
  return using(outcome, (o) => {
    const errors = mergeProblems(problems, o.errors());
    if (!o.ok() || errors.length) throw new GridError(errors);
    return new ChunkGrid(construct, o.grid(), o.warnings());
  });
}

const readText = (input, read) => withBytes(input, (address, length) => read(address, length));

function checkAxis(grid, axis) {
  if (!Number.isInteger(axis) || axis < 0 || axis >= grid.ndim) {
    throw new RangeError(`axis: found ${axis}; expected an integer in [0, ${grid.ndim})`);
  }
}

// Runs a batch lookup: number input goes through doubles, bigint through
// uint64. `describe(bad)` explains a failing row or element.
function batchLocate(indices, run, describe) {
  if (!(Array.isArray(indices) || (ArrayBuffer.isView(indices) && !(indices instanceof DataView)))) {
    throw new TypeError('indices: expected an array or a typed array');
  }
  const n = indices.length;
  const big = anyBigInt(indices);
  return withHeap(n * 24, (address) => {
    const [chunks, offsets] = [address + n * 8, address + n * 16];
    let bad;
    if (big) {
      const view = u64View(address, n);
      if (isBigIntArray(indices)) view.set(indices);
      // A value that is not an index becomes 2^64 - 1, outside any axis, so
      // the kernel names its row.
      else for (let i = 0; i < n; i++) view[i] = isBigInt(indices[i]) ? BigInt.asUintN(64, indices[i]) : asIndexOrNone(indices[i]);
      bad = run('U64', address, n, chunks, offsets);
    } else {
      f64View(address, n).set(indices);
      bad = run('F64', address, n, chunks, offsets);
    }
    if (bad >= 0) throw new RangeError(describe(bad));
    const view = big ? u64View : f64View;
    return { chunks: view(chunks, n).slice(), offsets: view(offsets, n).slice() };
  });
}

const list = (values) => `[${Array.from(values, String).join(', ')}]`;

function asIndexOrNone(value) {
  return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : MAX_UINT64;
}


export class ChunkGrid {
  #handle;
  #address; // of the native grid, for plain exports
  #lengths; // the shape as numbers, for the fast path of locate
  #shapes; // [shape, gridShape, declaredGridShape] as bigint arrays
  #warnings;

  constructor(key, handle, warnings) {
    if (key !== construct) throw new TypeError('use ChunkGrid.fromMetadata, fromChunkShapes or fromEdges');
    this.#handle = handle;
    this.#address = handle.address();
    this.#warnings = warnings;
    const ndim = handle.ndim();
    this.#shapes = withHeap(ndim * 24, (address) => {
      handle.writeShapes(address);
      const all = Array.from(u64View(address, ndim * 3));
      return [all.slice(0, ndim), all.slice(ndim, 2 * ndim), all.slice(2 * ndim)];
    });
    this.#lengths = this.#shapes[0].map(Number);
    registry.register(this, handle, this);
  }

  static fromMetadata(meta, opts = {}) {
    const { input, problems } = metadataInput(meta, ({ shape, chunk_grid }) => ({ shape, chunk_grid }));
    if (input === null) throw new GridError(problems);
    return fromOutcome(readText(input, (a, n) => native.readGridMetadata(a, n, Boolean(opts.lenient))), problems);
  }

  static fromChunkShapes(shape, chunkShapes) {
    const { text, problems } = stringifyExact({ shape, chunk_shapes: chunkShapes });
    return fromOutcome(readText(text, (a, n) => native.readChunkShapes(a, n)), problems);
  }

  static fromEdges(edges) {
    const { text, problems } = stringifyExact({ chunk_shapes: edges });
    return fromOutcome(readText(text, (a, n) => native.readEdges(a, n)), problems);
  }

  get #native() {
    if (!this.#handle) throw new Error('this ChunkGrid has been disposed');
    return this.#handle;
  }

  get ndim() { return this.#shapes[0].length; }
  get shape() { return this.#shapes[0].map(natural); }
  get gridShape() { return this.#shapes[1].map(natural); }
  get declaredGridShape() { return this.#shapes[2].map(natural); }
  get numChunks() { return natural(this.#shapes[1].reduce((a, b) => a * b, 1n)); }
  get isRegular() { return this.#native.isRegular(); }
  get warnings() { return this.#warnings.map((w) => ({ ...w })); }

  runs(axis) {
    checkAxis(this, axis);
    const grid = this.#native;
    const n = grid.runCount(axis);
    return withHeap(n * 16, (address) => {
      grid.writeRuns(axis, address);
      const v = u64View(address, n * 2);
      return Array.from({ length: n }, (_, i) => ({ size: natural(v[2 * i]), count: natural(v[2 * i + 1]) }));
    });
  }

  edges(axis, opts = {}) {
    checkAxis(this, axis);
    const count = this.#shapes[2][axis];
    if (count > BigInt(EDGE_LIMIT)) {
      throw new RangeError(`axis ${axis} declares ${count} edges, more than edges() expands (${EDGE_LIMIT}); use runs(${axis})`);
    }
    const n = Number(count);
    const grid = this.#native;
    return withHeap(n * 8, (address) => {
      if (!grid.expandEdges(axis, address, !opts.bigint)) {
        throw new RangeError(`axis ${axis} has an edge above 2^53 - 1; pass {bigint: true}`);
      }
      return opts.bigint ? u64View(address, n).slice() : f64View(address, n).slice();
    });
  }

  // One index: through a scratch buffer, with no allocation on the wasm heap.
  // Safe integers inside the shape take a plain export; anything else (a
  // bigint, or an index to refuse) takes the general path.
  locate(index) {
    const ndim = this.ndim;
    if (!Array.isArray(index) || index.length !== ndim) {
      throw new TypeError(`index: expected an array of ${ndim} integers`);
    }
    const grid = this.#native;
    let io = scratchF64(3 * ndim);
    let plain = true;
    for (let d = 0; d < ndim && plain; d++) {
      const v = index[d];
      plain = Number.isSafeInteger(v) && v >= 0 && v < this.#lengths[d];
      if (plain) io[d] = v;
    }
    if (plain) {
      const address = io.byteOffset;
      native._zr_locate_f64(this.#address, address, ndim, address + ndim * 8, address + ndim * 16);
      if (io.buffer !== native.HEAPU8.buffer) io = scratchF64(3 * ndim); // memory grew during the call
      const chunk = new Array(ndim), offset = new Array(ndim);
      for (let d = 0; d < ndim; d++) {
        chunk[d] = io[ndim + d];
        offset[d] = io[2 * ndim + d];
      }
      return { chunk, offset };
    }
    const shape = this.#shapes[0];
    const big = anyBigInt(index);
    const values = index.map((v, d) => {
      const value = toUint64(v, `index[${d}]`);
      if (value >= shape[d]) {
        throw new RangeError(`index ${list(index)} lies outside the array shape ${list(this.shape)} on axis ${d}`);
      }
      return value;
    });
    const address = scratch(ndim * 24);
    const view = big ? u64View : f64View;
    view(address, ndim).set(big ? values : values.map(Number));
    grid[big ? 'locateManyU64' : 'locateManyF64'](address, ndim, address + ndim * 8, address + ndim * 16);
    return { chunk: Array.from(view(address + ndim * 8, ndim)), offset: Array.from(view(address + ndim * 16, ndim)) };
  }

  locateMany(indices) {
    const grid = this.#native;
    const ndim = this.ndim;
    const n = indices?.length;
    if (ndim === 0 ? n !== 0 : n % ndim !== 0) {
      throw new TypeError(`indices: found ${n} values; expected a row-major multiple of ndim = ${ndim}`);
    }
    return batchLocate(indices, (type, ...args) => grid[`locateMany${type}`](...args), (row) => {
      const values = Array.prototype.slice.call(indices, row * ndim, (row + 1) * ndim);
      return `row ${row} ${list(values)} lies outside the array shape ${list(this.shape)}${unsafeHint(values)}`;
    });
  }

  locateAxis(axis, indices) {
    checkAxis(this, axis);
    const grid = this.#native;
    return batchLocate(indices, (type, ...args) => grid[`locateAxis${type}`](axis, ...args), (i) =>
      `indices[${i}] = ${indices[i]} lies outside axis ${axis} of length ${this.shape[axis]}${unsafeHint([indices[i]])}`);
  }

  #chunkGeometry(coords, part) {
    if (!Array.isArray(coords) || coords.length !== this.ndim) {
      throw new TypeError(`coords: expected an array of ${this.ndim} integers`);
    }
    const big = anyBigInt(coords);
    const outside = () => new RangeError(`chunk ${list(coords)} lies outside the declared grid ${list(this.declaredGridShape)}`);
    const values = coords.map((c, d) => {
      try {
        return toUint64(c, `coords[${d}]`);
      } catch (e) {
        throw e instanceof RangeError ? outside() : e;
      }
    });
    const ndim = this.ndim;
    const grid = this.#native;
    return withHeap(ndim * 32, (address) => {
      u64View(address, ndim).set(values);
      if (!grid.chunkGeometry(address, address + ndim * 8)) throw outside();
      return Array.from(u64View(address + ndim * 8 * (1 + part), ndim), (v) => output(v, big, 'chunk geometry'));
    });
  }

  chunkOrigin(coords) { return this.#chunkGeometry(coords, 0); }
  chunkShape(coords) { return this.#chunkGeometry(coords, 1); }
  chunkDataShape(coords) { return this.#chunkGeometry(coords, 2); }

  projectAxes(selection) {
    return projectAxes(this.#native, this.#shapes[0], selection);
  }

  project(selection) {
    return projections(this.projectAxes(selection));
  }

  toJSON() { return parseExact(this.toJSONText()); }
  toJSONText() { return this.#native.toJSONText(); }

  toRegularJSON() {
    const text = this.#native.toRegularJSONText();
    return text ? parseExact(text) : null;
  }

  resize(newShape, opts = {}) {
    const ndim = this.ndim;
    if (!Array.isArray(newShape) || newShape.length !== ndim) {
      throw new TypeError(`newShape: found ${Array.isArray(newShape) ? newShape.length + ' axes' : typeof newShape}; expected ${ndim} lengths`);
    }
    const lengths = newShape.map((v, d) => toUint64(v, `newShape[${d}]`));
    const appended = lengths.map((_, d) => Array.from(opts.edges?.[d] ?? [], (e, i) => toUint64(e, `edges[${d}][${i}]`)));
    const words = [...lengths, ...appended.flatMap((e) => [BigInt(e.length), ...e])];
    const grid = this.#native;
    const outcome = withHeap(words.length * 8, (address) => {
      u64View(address, words.length).set(words);
      return grid.resize(address, address + ndim * 8);
    });
    return using(outcome, (o) => {
      if (!o.ok()) {
        const [{ path, message }] = o.errors();
        throw new RangeError(`resize on axis ${path.slice(1)}: ${message}`);
      }
      return new ChunkGrid(construct, o.grid(), []);
    });
  }

  equals(other) {
    return other instanceof ChunkGrid && this.#native.equals(other.#native);
  }

  dispose() {
    if (!this.#handle) return;
    registry.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }

  [disposeSymbol]() {
    this.dispose();
  }
}

// A ChunkGrid owning a native grid handle that another reader built.
export function adoptGrid(handle, warnings) {
  return new ChunkGrid(construct, handle, warnings);
}
