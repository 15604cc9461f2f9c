// Types for zarr-rectilinear/zarrita, written by hand to match js/zarrita/.
// zarrita is a peer dependency of this subpath: its stores, Location, Chunk
// and data-type types are used as they are.
import type { BoolArray, Chunk, Location, Mutable, Readable } from 'zarrita';
import { Location as ZarritaLocation } from 'zarrita';
import type { ChunkGrid, ChunkRegion, ChunkShapesEntry, Integer, Natural, Problem, Selection } from './index.js';

export type { ChunkRegion, Selection, SelectionEntry } from './index.js';

/**
 * The data types read: numeric types and bool (float16 where the engine has
 * Float16Array), all also written, and `string` (vlen-utf8, as zarr-python
 * writes it), read into a plain Array of strings as zarrita does, and
 * `variable_length_bytes` (vlen-bytes, as zarr-python writes it), read into
 * a plain Array of Uint8Array; `create` and `set` refuse these two with an
 * UnsupportedError. `data_type` may be written as a name or as
 * `{"name": ...}`.
 */
export type SupportedDataType =
  | 'bool'
  | 'int8' | 'int16' | 'int32' | 'int64'
  | 'uint8' | 'uint16' | 'uint32' | 'uint64'
  | 'float16' | 'float32' | 'float64'
  | 'string' | 'variable_length_bytes';

export type DataTypeQuery = SupportedDataType | 'number' | 'bigint' | 'boolean';

type NarrowDataType<Q extends DataTypeQuery> = Q extends 'number'
  ? 'int8' | 'int16' | 'int32' | 'uint8' | 'uint16' | 'uint32' | 'float16' | 'float32' | 'float64'
  : Q extends 'bigint'
    ? 'int64' | 'uint64'
    : Q extends 'boolean'
      ? 'bool'
      : Q;

/** The typed array that holds a data type (BoolArray for bool, an Array of strings for string, as in zarrita). */
export type TypedArrayFor<D extends SupportedDataType> = D extends 'bool' ? BoolArray
  : D extends 'string' ? string[]
  : D extends 'variable_length_bytes' ? Uint8Array[]
  : D extends 'int8' ? Int8Array
  : D extends 'int16' ? Int16Array
  : D extends 'int32' ? Int32Array
  : D extends 'int64' ? BigInt64Array
  : D extends 'uint8' ? Uint8Array
  : D extends 'uint16' ? Uint16Array
  : D extends 'uint32' ? Uint32Array
  : D extends 'uint64' ? BigUint64Array
  : D extends 'float32' ? Float32Array
  : D extends 'float64' ? Float64Array
  : ArrayLike<number>;

/** One element: boolean for bool, bigint for 64-bit integers, a string for string, a Uint8Array for variable_length_bytes, number otherwise. */
export type ScalarFor<D extends SupportedDataType> = D extends 'bool' ? boolean : D extends 'int64' | 'uint64' ? bigint : D extends 'string' ? string
  : D extends 'variable_length_bytes' ? Uint8Array : number;

/** zarrita's chunk shape: data in C order here, with its shape and strides. */
export interface NdArray<D extends SupportedDataType = SupportedDataType> {
  data: TypedArrayFor<D>;
  shape: number[];
  stride: number[];
}

export interface CodecMetadata {
  name: string;
  configuration?: Record<string, unknown>;
}

export interface ChunkKeyEncoding {
  name: 'default' | 'v2';
  configuration?: { separator?: '/' | '.' };
}

export declare class RectilinearArray<D extends SupportedDataType = SupportedDataType, Store extends Readable = Readable> {
  private constructor();
  readonly kind: 'array';
  readonly store: Store;
  /** The array's absolute path in the store, e.g. "/temperature". */
  readonly path: string;
  /** The ChunkGrid of zarr.json's chunk_grid: rectilinear or regular. */
  readonly grid: ChunkGrid;
  readonly shape: Natural[];
  readonly ndim: number;
  readonly dtype: D;
  readonly fillValue: ScalarFor<D>;
  readonly attrs: Record<string, unknown>;
  readonly dimensionNames: string[] | undefined;
  readonly codecs: Array<{ name: string; configuration: Record<string, unknown> }>;
  /** The inner chunk shape of a sharded array (sharding_indexed), else null. */
  readonly shardChunkShape: number[] | null;
  /** The zarr.json document as parsed. */
  readonly metadata: Record<string, unknown>;
  /** How many codec chains have been built: one per distinct chunk shape read or written. */
  readonly codecChainCount: number;
  /** The store key of a chunk (of a shard, for a sharded array). */
  chunkKey(coords: Integer[]): string;
  /** The grid getChunk iterates: the chunk grid, or for a sharded array the grid of its inner chunks. */
  readonly chunkGrid: ChunkGrid;
  /**
   * Where getChunk(coords)'s chunk lies, in the same coordinates (inner
   * chunks for a sharded array, not the shards of `grid`): its origin, its
   * declared shape (getChunk's shape) and the part inside the array, from
   * one ask of `chunkGrid`, as zarr-python's ChunkSpec. Coordinates are
   * checked as getChunk checks them (RangeError outside `chunkGrid.gridShape`).
   */
  chunkRegion(coords: readonly number[]): ChunkRegion<number>;
  chunkRegion(coords: readonly Integer[]): ChunkRegion;
  /**
   * One chunk of `chunkGrid`, decoded, as zarrita's Array.getChunk: its
   * declared shape (edge chunks are not cut), the fill value when the chunk
   * is missing. Coordinates outside `chunkGrid.gridShape`, of the wrong
   * length or not integers are a RangeError. A sharded array reads each
   * shard's index once (kept in a bounded cache) and each inner chunk by
   * one ranged read where the store has getRange; on a store with get
   * alone, each shard whole, once. A set or an overwrite through any handle
   * on the same store object drops what it rewrites from the cache; a
   * write by another store object or process is not seen.
   */
  getChunk(coords: readonly Integer[], opts?: { signal?: AbortSignal }): Promise<NdArray<D>>;
  /** Narrows the data type, as zarrita's Array.is. */
  is<Q extends DataTypeQuery>(query: Q): this is RectilinearArray<NarrowDataType<Q> & D, Store>;
}

/** A group, as zarrita's Group: a Location, so `group.resolve('a')` opens a child. */
export declare class RectilinearGroup<Store extends Readable = Readable> extends ZarritaLocation<Store> {
  private constructor();
  readonly kind: 'group';
  /** The group's attributes ({} when it has none). */
  readonly attrs: Record<string, unknown>;
  /**
   * What open read with a warning in the group's own document (writers'
   * ledger entries: a byte-order mark, `consolidated_metadata: null`, NaN
   * in attributes), as `grid.warnings` for an array: not its consolidated
   * entries' warnings. Empty with `strict`, and for a group createGroup made.
   */
  readonly warnings: Problem[];
}

export interface OpenOptions {
  /** The node's path inside the store (or inside the Location given). */
  path?: string;
  /**
   * Refuse what known writers stored against the spec, as readMetadata's
   * `strict` (by default it is read, with warnings). The same on a store
   * from withConsolidatedMetadata, whatever options that was made with: a
   * listed node opens as its own zarr.json would.
   */
  strict?: boolean;
  /** The default; kept as a synonym. */
  lenient?: boolean;
  signal?: AbortSignal;
}

/**
 * Reads a zarr.json once: an array (rectilinear or regular chunk grid) or a
 * group. With `kind`, the other kind is a NotFoundError whose `found` names
 * it. On a store from withConsolidatedMetadata a listed node opens with no
 * read of the store.
 */
export declare function open<Store extends Readable>(
  store: Store | Location<Store>,
  opts: OpenOptions & { kind: 'array' },
): Promise<RectilinearArray<SupportedDataType, Store>>;
export declare function open<Store extends Readable>(
  store: Store | Location<Store>,
  opts: OpenOptions & { kind: 'group' },
): Promise<RectilinearGroup<Store>>;
export declare function open<Store extends Readable>(
  store: Store | Location<Store>,
  opts?: OpenOptions & { kind?: undefined },
): Promise<RectilinearArray<SupportedDataType, Store> | RectilinearGroup<Store>>;

/** One node listed by consolidated metadata, as zarrita's contents() gives it. */
export interface ConsolidatedEntry {
  /** Absolute, "/" for the root. */
  path: string;
  kind: 'array' | 'group';
}

/** A store whose reads return promises, as zarrita's store extensions need. */
export type AsyncReadable = Extract<Readable, { get(...args: any[]): Promise<unknown> }>;

/** A store wrapped by withConsolidatedMetadata: the store, plus the list of its nodes. */
export type ConsolidatedStore<Store extends Readable> = Store & {
  contents(): ConsolidatedEntry[];
};

export interface ConsolidatedOptions {
  signal?: AbortSignal;
  /**
   * Refuse a root document that holds what known writers stored against the
   * spec, as open's `strict`. Each open of a listed node takes its own
   * `strict`: the entry as read here serves an open that asks the same.
   */
  strict?: boolean;
  /** The default; kept as a synonym. */
  lenient?: boolean;
}

/**
 * zarrita's withConsolidatedMetadata for Zarr v3, exact: reads the root
 * zarr.json once (uint64 values past 2^53 kept) and serves every listed
 * node's zarr.json from it: the bytes of the node's value as the root
 * document writes them (a fresh copy for each get), never JSON written again.
 * Each open of a node gives values of its own (attributes, dimension names,
 * codecs), shared with no other handle. Throws NotFoundError without a root zarr.json,
 * InvalidMetadataError when it lists nothing (the `null` zarr-python 3.0 and
 * 3.1 wrote included).
 */
export declare function withConsolidatedMetadata<Store extends AsyncReadable>(store: Store, opts?: ConsolidatedOptions): Promise<ConsolidatedStore<Store>>;

/** As withConsolidatedMetadata, but gives the store back as it is when it has no consolidated metadata. */
export declare function withMaybeConsolidatedMetadata<Store extends AsyncReadable>(store: Store, opts?: ConsolidatedOptions): Promise<ConsolidatedStore<Store> | Store>;

export interface ConsolidateOptions {
  /** The group's path inside the store (or inside the Location given). Default: the root. */
  path?: string;
  /**
   * The nodes to list, as paths relative to the group, every group between
   * included: needed where the store cannot list its keys (no keys(), as
   * zarrita's FileSystemStore). Default: every zarr.json the store lists
   * below the group.
   */
  paths?: string[];
  signal?: AbortSignal;
}

/**
 * Writes zarr-python's inline consolidated metadata into a group's zarr.json
 * (`consolidated_metadata: {kind: "inline", must_understand: false,
 * metadata: {...}}`, flattened paths, each child group listing its own
 * descendants too). Each entry is the node's zarr.json text as stored, so
 * every value stays exact (uint64 past 2^53 included); the rest of the
 * group's document is kept as it is. Gives the nodes listed, the group
 * first, as withConsolidatedMetadata's contents() gives them. Every
 * zarr.json read must be valid, and every node's name fit to stand as an
 * entry name in each group's document above it (InvalidMetadataError
 * naming the node, nothing written): what is written, validateMetadata
 * accepts.
 * Pass the store itself, not one from withConsolidatedMetadata (TypeError).
 */
export declare function consolidateMetadata<Store extends Mutable>(
  store: Store | Location<Store>,
  opts?: ConsolidateOptions,
): Promise<ConsolidatedEntry[]>;

/**
 * Options of create, by zarrita's names; each name in brackets (that of the
 * zarr.json member) is accepted too, but not both. Any other name is a
 * TypeError listing these.
 */
export interface CreateOptions<D extends SupportedDataType = SupportedDataType> {
  path?: string;
  shape: Integer[];
  /** Rectilinear (chunk_shapes): per axis an integer step, or a list of edges and [size, count] runs. */
  chunkShapes?: ChunkShapesEntry[];
  chunk_shapes?: ChunkShapesEntry[];
  /** Regular (chunk_shape): one chunk shape, as zarrita's create. */
  chunkShape?: Integer[];
  chunk_shape?: Integer[];
  /** A chunk_grid object, written as it is. */
  chunkGrid?: Record<string, unknown>;
  chunk_grid?: Record<string, unknown>;
  /** The data type (data_type). */
  dtype?: D;
  data_type?: D;
  /** Default: little-endian bytes. May hold sharding_indexed. */
  codecs?: CodecMetadata[];
  /** Default (fill_value): 0 (false for bool). NaN and ±Infinity are written as strings. */
  fillValue?: ScalarFor<D> | 'NaN' | 'Infinity' | '-Infinity' | null;
  fill_value?: ScalarFor<D> | 'NaN' | 'Infinity' | '-Infinity' | null;
  /** The default chunk key encoding's separator, as zarrita's create. Default "/". */
  chunkSeparator?: '/' | '.';
  /** Instead of chunkSeparator (chunk_key_encoding). */
  chunkKeyEncoding?: ChunkKeyEncoding;
  chunk_key_encoding?: ChunkKeyEncoding;
  /** (dimension_names) */
  dimensionNames?: Array<string | null>;
  dimension_names?: Array<string | null>;
  attributes?: Record<string, unknown>;
  /**
   * Replace a node already at the path (else a NodeExistsError). The old
   * node is removed first: on a store with keys() (a Map) every key under
   * its path; on one without, an old array's chunks key by key from its own
   * zarr.json (up to 1,000,000 chunks), while an old group (whose children
   * cannot be found) is an UnsupportedError. A store without delete(key)
   * cannot overwrite (UnsupportedError).
   */
  overwrite?: boolean;
}

/**
 * Writes zarr.json (after every check open makes) and gives the opened
 * array. A node already at the path is a NodeExistsError, unless
 * `overwrite: true`.
 */
export declare function create<Store extends Mutable, D extends SupportedDataType>(
  store: Store | Location<Store>,
  opts: CreateOptions<D>,
): Promise<RectilinearArray<D, Store>>;

export interface CreateGroupOptions {
  path?: string;
  /** Default {}. */
  attributes?: Record<string, unknown>;
  /** As create's. */
  overwrite?: boolean;
}

/** Writes a group's zarr.json and gives the opened group. A node already there is a NodeExistsError, unless `overwrite: true`. */
export declare function createGroup<Store extends Mutable>(
  store: Store | Location<Store>,
  opts?: CreateGroupOptions,
): Promise<RectilinearGroup<Store>>;

export interface SetOptions {
  /**
   * The most chunk fetches (writes, for set) in flight at once: a positive
   * integer, else a RangeError. Default 16. No more workers start than
   * there are chunks to do.
   */
  concurrency?: number;
  /** Aborting settles the call at once, even while a store read is pending. */
  signal?: AbortSignal;
  /**
   * The largest selection, in bytes of the data type, that get returns or
   * set writes: a larger one is a RangeError before any per-element work.
   * Default 2^32 (4 GiB).
   */
  maxBytes?: number;
}

export type GetOptions = SetOptions;

/**
 * Reads a selection: the whole array for null or no selection. An integer
 * on every axis gives a scalar, as zarrita's get does, and a selection of
 * integers only is typed as one: give one integer per axis (fewer read the
 * remaining axes whole, an NdArray at run time; write that selection with
 * `null` for each remaining axis, `[i, null]`, and it is typed so).
 */
export declare function get<D extends SupportedDataType>(arr: RectilinearArray<D, Readable>, selection?: null, opts?: GetOptions): Promise<NdArray<D>>;
export declare function get<D extends SupportedDataType>(arr: RectilinearArray<D, Readable>, selection: readonly Integer[], opts?: GetOptions): Promise<ScalarFor<D>>;
export declare function get<D extends SupportedDataType>(arr: RectilinearArray<D, Readable>, selection: Selection, opts?: GetOptions): Promise<NdArray<D>>;

/**
 * A value for set: a scalar, or an array of the selection's shape (stride
 * optional, C order by default; given, one non-negative integer per axis
 * that reaches no element past `data`, else set throws before writing).
 */
export type SetValue<D extends SupportedDataType> =
  | ScalarFor<D>
  | { data: TypedArrayFor<D> | ArrayLike<ScalarFor<D>>; shape: number[]; stride?: number[] }
  | Chunk<any>;

/**
 * Writes whole chunks directly; reads, modifies and rewrites partial ones
 * (and whole shards). Writes to one chunk land in the order set was
 * called. data_type string is refused (UnsupportedError).
 */
export declare function set<D extends SupportedDataType>(
  arr: RectilinearArray<D, Mutable>,
  selection: Selection | null,
  value: SetValue<D>,
  opts?: SetOptions,
): Promise<void>;

/** The store threw while reading, writing, deleting or listing a key (a listing's key is its prefix). */
export declare class StoreError extends Error {
  constructor(operation: 'reading' | 'writing' | 'deleting' | 'listing', key: string, cause: unknown);
  readonly key: string;
  readonly operation: 'reading' | 'writing' | 'deleting' | 'listing';
  readonly cause: unknown;
}

/** create or createGroup found a node at the path, and `overwrite` was not true. */
export declare class NodeExistsError extends Error {
  constructor(path: string, key: string, found: 'array' | 'group' | null);
  /** The node's path. */
  readonly path: string;
  /** What its zarr.json describes; null when it cannot be read. */
  readonly found: 'array' | 'group' | null;
}

export declare const SUPPORTED_DATA_TYPES: SupportedDataType[];

/** CRC-32C (Castagnoli) of some bytes. */
export declare function crc32c(bytes: Uint8Array): number;
