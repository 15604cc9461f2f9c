// @ts-check
// RectilinearArray: what `open` and `create` give. It holds the store, the
// parsed zarr.json, its ChunkGrid and the per-shape codec chains; get and set
// reach the internals through a module-private symbol.
import { checkChunkCoords, readChunk } from './chunk.js';
import { ChainCache } from './codec-chain.js';
import { keyFor } from './metadata.js';
import { shardLayout } from './sharding.js';

const CONTEXT = Symbol('zarr-rectilinear/zarrita');

function regularChunkShape(grid) {
  const shape = grid.toRegularJSON()?.configuration.chunk_shape.map(Number);
  return shape?.every(Number.isSafeInteger) ? shape : null;
}

export function contextOf(arr) {
  const context = arr?.[CONTEXT];
  if (!context) throw new TypeError('expected an array from zarr-rectilinear/zarrita open() or create()');
  return context;
}

/**
 * The public types are js/zarrita.d.ts's; tests/types/implements.ts checks
 * this class against them.
 * @import { Readable } from 'zarrita'
 * @import { ChunkRegion, Integer, Natural } from '../index.js'
 * @import { RectilinearArray as RectilinearArrayApi, SupportedDataType } from '../zarrita.js'
 */
/**
 * @template {SupportedDataType} [D=SupportedDataType]
 * @template {Readable} [Store=Readable]
 */
export class RectilinearArray {
  kind = /** @type {const} */ ('array');

  /**
   * @param {Store} store
   * @param {string} path
   * @param {ReturnType<typeof import('./metadata.js').readArrayMetadata>} meta
   */
  constructor(store, path, meta) {
    this.store = store;
    this.path = path;
    const { read, grid, type, fillValue, codecs, sharding, encodeKey } = meta;
    this[CONTEXT] = {
      store,
      path,
      read,
      grid,
      type,
      fillValue,
      codecs,
      encodeKey,
      chunkKey: (coords) => keyFor(path, encodeKey(coords)),
      // Every chunk's declared shape when the grid has one regular form: a
      // read then asks the grid for no edges.
      regularChunkShape: regularChunkShape(grid),
      // Unsharded: one chain per distinct declared chunk shape.
      chains: sharding ? null : new ChainCache(codecs, type.name, fillValue),
      sharding: sharding ? shardLayout(grid, sharding, type, fillValue) : null,
    };
    Object.defineProperty(this, CONTEXT, { enumerable: false });
  }

  /** The ChunkGrid of zarr.json's chunk_grid (rectilinear or regular). */
  get grid() { return this[CONTEXT].grid; }
  get shape() { return this[CONTEXT].grid.shape; }
  get ndim() { return this[CONTEXT].grid.ndim; }
  get dtype() { return this[CONTEXT].type.name; }
  // A variable_length_bytes fill value is a Uint8Array: each caller gets a copy of its own.
  get fillValue() { const f = this[CONTEXT].fillValue; return f instanceof Uint8Array ? f.slice() : f; }
  get attrs() { return this[CONTEXT].read.attributes; }
  get dimensionNames() { return this[CONTEXT].read.dimensionNames ?? undefined; }
  get codecs() { return this[CONTEXT].codecs; }
  /** The inner chunk shape of a sharded array, else null. */
  get shardChunkShape() { return this[CONTEXT].sharding?.chunkShape.slice() ?? null; }
  /**
   * The zarr.json document, made from what was read: values exact (bigints
   * past 2^53 - 1), chunk_grid in its canonical form.
   */
  get metadata() {
    const { read, grid } = this[CONTEXT];
    const doc = {
      zarr_format: 3,
      node_type: 'array',
      shape: read.shape,
      data_type: read.dataType,
      chunk_grid: (grid.isRegular && grid.toRegularJSON()) || grid.toJSON(),
      chunk_key_encoding: read.chunkKeyEncoding,
      fill_value: read.fillValue,
      codecs: read.codecs,
      attributes: read.attributes,
    };
    if (read.dimensionNames !== null) doc.dimension_names = read.dimensionNames;
    return doc;
  }

  /**
   * One chunk of the grid a reader iterates (inner chunks for a sharded
   * array), decoded: {data, shape, stride}, as zarrita's getChunk. Its shape
   * is the chunk's declared shape; a missing chunk holds the fill value.
   * Coordinates outside the grid are a RangeError.
   */
  getChunk(coords, opts) { return readChunk(this[CONTEXT], coords, opts); }

  /** The grid getChunk iterates: the chunk grid, or for a sharded array the inner chunks' grid. */
  get chunkGrid() { return this[CONTEXT].sharding?.innerGrid ?? this[CONTEXT].grid; }

  /**
   * Where the chunk getChunk(coords) gives lies in the array: {origin,
   * shape, dataShape}, from one ask of `chunkGrid` (inner chunks for a
   * sharded array, never the shards of `grid`). Coordinates are checked as
   * getChunk checks them.
   */
  /**
   * @overload
   * @param {readonly number[]} coords
   * @returns {ChunkRegion<number>}
   */
  /**
   * @overload
   * @param {readonly Integer[]} coords
   * @returns {ChunkRegion}
   */
  /**
   * @param {readonly Integer[]} coords
   * @returns {ChunkRegion}
   */
  chunkRegion(coords) {
    const grid = this.chunkGrid;
    return grid.chunkRegion(checkChunkCoords(coords, grid.gridShape));
  }

  /** The store key of a chunk (a shard, for sharded arrays). */
  /**
   * @param {Integer[]} coords
   * @returns {string}
   */
  chunkKey(coords) { return this[CONTEXT].chunkKey(coords); }

  /**
   * Narrows the data type, as zarrita's Array.is: a data type name, or
   * "number", "bigint" or "boolean".
   */
  /** @type {RectilinearArrayApi<D, Store>['is']} */
  is(query) {
    const { name, kind } = this[CONTEXT].type;
    if (query === 'number') return kind === 'number' || kind === 'float';
    if (query === 'bigint') return kind === 'bigint';
    if (query === 'boolean') return kind === 'bool';
    return name === query;
  }

  /** The number of codec chains built so far: one per distinct chunk shape read or written. */
  get codecChainCount() {
    const { chains, sharding } = this[CONTEXT];
    return (chains ?? sharding.chains).size;
  }
}
