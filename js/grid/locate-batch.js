// @ts-check
// grid.locateBatch(rows): lookups with no copy in or out. Its three arrays
// live in WebAssembly memory, kept from call to call: the caller writes
// indices where the kernel reads them, and reads answers where it wrote
// them. locateMany copies each block in and its answers out, which costs
// as much as the lookup itself on tables that sit in cache
// (docs/benchmarks.md, "Lookups at the limit").
//
// Memory that grows detaches every view of it, and a write to a detached
// view is dropped without a word. So the views are made afresh when
// memory has grown, and locate() refuses to run when the indices view the
// caller last took belongs to memory that has since grown: what was
// written there may be lost.
import { allocate, checkMemory, native, requireWorkingSet } from '../wasm/native.js';
import { disposeSymbol, handleOf } from './grid-handle.js';
import { outsideShape } from './locate.js';

/** @type {FinalizationRegistry<number>} frees a batch dropped undisposed */
const registry = new FinalizationRegistry((address) => native._free(address));

export class LocateBatch {
  #grid;
  #gridAddress;
  #shape;
  #ndim;
  #capacity;
  /** @type {number} 0 once disposed */
  #address;
  /** @type {{ buffer: ArrayBufferLike, indices: Float64Array, chunks: Float64Array, offsets: Float64Array } | null} */
  #views = null;
  /** @type {ArrayBufferLike | null} the memory of the indices view last taken */
  #taken = null;

  /**
   * @param {{ ndim: number }} grid the ChunkGrid, kept alive by the batch
   * @param {number} gridAddress its native grid's, for the plain export
   * @param {bigint[]} shape
   * @param {unknown} rows
   */
  constructor(grid, gridAddress, shape, rows) {
    if (!Number.isSafeInteger(rows) || /** @type {number} */ (rows) < 0) {
      throw new TypeError(`rows: found ${String(rows)}; expected a non-negative integer`);
    }
    handleOf(grid);
    this.#grid = grid;
    this.#gridAddress = gridAddress;
    this.#shape = shape;
    this.#ndim = grid.ndim;
    this.#capacity = /** @type {number} */ (rows);
    const bytes = this.#capacity * this.#ndim * 24;
    requireWorkingSet(bytes, `locateBatch(${rows})`);
    this.#address = allocate(bytes);
    registry.register(this, this.#address, this);
  }

  /** Rows the batch holds. */
  get rows() { return this.#capacity; }

  /** Row-major indices, rows × ndim, for the caller to write. */
  get indices() {
    const views = this.#current();
    this.#taken = views.buffer;
    return views.indices;
  }

  /** What the last locate() wrote, rows × ndim. */
  get chunks() { return this.#current().chunks; }
  get offsets() { return this.#current().offsets; }

  /**
   * Looks up the first `rows` rows of `indices` into `chunks` and
   * `offsets`; returns views of those rows.
   * @param {number} [rows]
   */
  locate(rows = this.#capacity) {
    if (!Number.isSafeInteger(rows) || rows < 0 || rows > this.#capacity) {
      throw new RangeError(`rows: found ${String(rows)}; expected an integer in [0, ${this.#capacity}]`);
    }
    this.#current();
    handleOf(this.#grid, 'the batch\'s ChunkGrid');
    if (this.#taken !== null && this.#taken !== native.HEAPU8.buffer) {
      this.#taken = null;
      throw new Error('batch.indices was taken before WebAssembly memory grew, which detached it: what was written to it ' +
        'after that is lost. Take batch.indices again after any other call into the package, and write the indices there');
    }
    const n = rows * this.#ndim;
    const at = this.#address, size = this.#capacity * this.#ndim * 8;
    const bad = native._zr_locate_f64(this.#gridAddress, at, n, at + size, at + 2 * size);
    checkMemory('locating indices');
    const views = this.#current();
    if (bad >= 0) {
      throw new RangeError(outsideShape(bad, Array.from(views.indices.subarray(bad * this.#ndim, (bad + 1) * this.#ndim)), this.#shape));
    }
    if (n === views.chunks.length) return { chunks: views.chunks, offsets: views.offsets };
    return { chunks: views.chunks.subarray(0, n), offsets: views.offsets.subarray(0, n) };
  }

  /** Frees the batch's memory; harmless when already freed. */
  dispose() {
    if (this.#address === 0) return;
    registry.unregister(this);
    native._free(this.#address);
    this.#address = 0;
    this.#views = null;
  }

  [disposeSymbol]() { this.dispose(); }

  // The views of the current memory, made afresh when it has grown.
  #current() {
    if (this.#address === 0) throw new Error('this batch has been disposed');
    const buffer = native.HEAPU8.buffer;
    if (this.#views?.buffer !== buffer) {
      const n = this.#capacity * this.#ndim;
      const at = this.#address;
      this.#views = {
        buffer,
        indices: new Float64Array(buffer, at, n),
        chunks: new Float64Array(buffer, at + n * 8, n),
        offsets: new Float64Array(buffer, at + n * 16, n),
      };
    }
    return this.#views;
  }
}
