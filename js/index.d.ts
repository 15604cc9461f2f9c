// Types for zarr-rectilinear, written by hand: the API contract. The rules
// behind it are in docs/semantics.md; the words in docs/glossary.md.

// `Symbol.dispose` (ChunkGrid's `[Symbol.dispose]`) is declared by
// TypeScript's esnext.disposable lib and by @types/node, which a browser
// project (lib ["ES2022", "DOM"]) has neither of. Declared here as that lib
// declares it: merged declarations of one property are one unique symbol,
// so this stands beside theirs.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** A safe-integer number or a bigint. A bigint in gives a bigint out. */
export type Integer = number | bigint;

/** A value that no input decides: a number up to 2^53 - 1, else a bigint. */
export type Natural = number | bigint;

/**
 * The kind of a problem: stable names to switch on (messages may change).
 * `UNSAFE_NUMBER` is found in JS objects (a number above 2^53 - 1 where
 * an integer is wanted: shape, edges, counts, integer fill values, codec
 * integers; a float fill value or a number in attributes is the value it
 * holds), and
 * `OUT_OF_MEMORY` by validateMetadata and readMetadata when WebAssembly
 * memory runs out (any other call then throws a RangeError with that
 * `code`); the others come from the core.
 */
export type ProblemCode =
  | 'INVALID'            // a value the rules refuse, of no more specific kind
  | 'SYNTAX'             // not JSON (the message gives the byte offset)
  | 'ENCODING'           // not UTF-8, or a byte-order mark in strict mode
  | 'DUPLICATE_KEY'
  | 'TOO_LARGE'          // past a documented limit (document size, value count)
  | 'TOO_MANY_PROBLEMS'  // the last entry of a full report
  | 'MISSING'            // a required member is absent
  | 'WRONG_TYPE'         // another JSON type, or array length, than expected
  | 'NOT_INTEGER'        // a number that is not an exact non-negative integer
  | 'NOT_POSITIVE'       // 0 where a positive integer is expected
  | 'EMPTY_LIST'
  | 'AXIS_COUNT'         // one entry per axis expected
  | 'OVERFLOW'           // a sum past 2^64 - 1
  | 'SUM_BELOW_LENGTH'   // edges that do not reach the axis length
  | 'UNKNOWN_NAME'       // an unsupported grid name or kind
  | 'INTEGRAL_FLOAT'     // warning (writers' ledger): an edge of 10.0 read as 10
  | 'REGULAR_EDGE_LISTS' // warning (writers' ledger): edge lists in a "regular" grid
  | 'BYTE_ORDER_MARK'    // warning (writers' ledger)
  | 'UNKNOWN_EXTENSION'  // warning: a data type, codec or extension this library does not know
  | 'UNKNOWN_KEY'        // a member not in the document's rules, not marked "must_understand": false
  | 'CODEC_ORDER'        // not array-to-array codecs, then one array-to-bytes, then bytes-to-bytes
  | 'OUT_OF_RANGE'       // an integer outside the range of its data type or setting
  | 'NONCONFORMANT'      // warning (writers' ledger): metadata a known writer stored against the spec, read as meant
  | 'UNSAFE_NUMBER'
  | 'OUT_OF_MEMORY';

export interface Problem {
  /** A JSON Pointer into the document, e.g. `/chunk_grid/configuration/chunk_shapes/3/0/1`. */
  path: string;
  /** What was found, and what was expected. */
  message: string;
  code: ProblemCode;
  /** For `SYNTAX` and `ENCODING`: the byte of the input where reading failed. */
  byteOffset?: number;
}

/** A Zarr v3 array document: an object, JSON text, or UTF-8 bytes. */
export type Metadata = object | string | Uint8Array | ArrayBuffer;

export interface ReadOptions {
  /**
   * Refuse what known writers stored against the spec (docs/writers-ledger.md):
   * each such entry, read with a warning by default, is an error. For
   * writers that must produce conformant metadata.
   */
  strict?: boolean;
  /** The default (the writers' ledger read with warnings); kept as a synonym. `strict` wins. */
  lenient?: boolean;
}

export interface Run {
  size: Natural;
  count: Natural;
}

/** One entry per axis: an integer step, explicit lengths, or `[length, count]` runs. */
export type ChunkShapesEntry = Integer | Array<Integer | [Integer, Integer]>;

export interface ChunkGridJSON {
  name: 'rectilinear';
  configuration: { kind: 'inline'; chunk_shapes: Array<Natural | Array<Natural | [Natural, Natural]>> };
}

export interface RegularGridJSON {
  name: 'regular';
  configuration: { chunk_shape: Natural[] };
}

export type IndexArray = Float64Array | Uint32Array | Int32Array | BigUint64Array | BigInt64Array | Array<number | bigint>;

/** Float64Array for number input, BigUint64Array when the input was bigint. */
export interface Located<T extends Float64Array | BigUint64Array = Float64Array | BigUint64Array> {
  chunks: T;
  offsets: T;
}

/**
 * A slice, Python's `start:stop:step` with a step of at least 1: a plain
 * object (an object literal, or what zarrita's `slice()` makes) whose own
 * keys are among `start`, `stop` and `step`, each an integer, null or
 * absent; `{}` is the whole axis. Any other object (one with another key,
 * such as `{start, end}`, a class instance, a `Date`, a `Number` object) is
 * a TypeError, never a whole axis. Each member is read once.
 */
export interface Slice<T extends Integer = Integer> {
  start?: T | null;
  stop?: T | null;
  step?: T | null;
}

/** Chunks `[first, stop)` of the axis, counted as a slice counts (a plain object with this key alone). */
export interface Blocks<T extends Integer = Integer> {
  blocks: [T | null | undefined, T | null | undefined];
}

/**
 * One selection entry per axis; missing trailing entries select the whole
 * axis. Plain arrays (the selection, an integer array, a mask, `blocks`)
 * are read once, element by element; a hole (an empty slot) is a TypeError
 * at its index.
 */
export type SelectionEntry =
  | Integer
  | Slice
  | null
  | Array<number | bigint>
  | Float64Array | Int32Array | Uint32Array | Int16Array | Uint16Array | Int8Array | BigInt64Array | BigUint64Array
  | boolean[]
  | Uint8Array
  | Blocks;

export type Selection = readonly SelectionEntry[];

/** A selection of numbers only: its results are numbers. */
export type NumberSelection = ReadonlyArray<
  | number
  | Slice<number>
  | null
  | number[]
  | Float64Array | Int32Array | Uint32Array | Int16Array | Uint16Array | Int8Array
  | boolean[]
  | Uint8Array
  | Blocks<number>
>;

/**
 * One column of a projection. The columns of one axis may be views into one
 * ArrayBuffer (up to 32 MiB of them): `slice()` a column before
 * transferring its buffer.
 */
export type Column = Float64Array | BigUint64Array;

/** The column type of a projection whose values are `T`: Float64Array for numbers, BigUint64Array for bigints. */
export type ColumnOf<T extends Integer> = T extends number ? Float64Array : T extends bigint ? BigUint64Array : never;

/** Projections are generic in their values: `number` for a selection of numbers (`NumberSelection`), `Integer` otherwise. */
export interface SliceAxisProjection<T extends Integer = Integer> {
  kind: 'slice';
  step: T;
  chunks: ColumnOf<T>;
  starts: ColumnOf<T>;
  stops: ColumnOf<T>;
  outStarts: ColumnOf<T>;
  outStops: ColumnOf<T>;
}

export interface IntegerAxisProjection<T extends Integer = Integer> {
  kind: 'integer';
  chunk: T;
  index: T;
}

export interface PointsAxisProjection<T extends Integer = Integer> {
  kind: 'points';
  chunks: ColumnOf<T>;
  /** Chunk-local indices; those of chunks[i] are offsets[starts[i]:stops[i]]. */
  offsets: ColumnOf<T>;
  starts: ColumnOf<T>;
  stops: ColumnOf<T>;
  /** Output positions, parallel to `offsets`. */
  positions: ColumnOf<T>;
}

export type AxisProjection<T extends Integer = Integer> = SliceAxisProjection<T> | IntegerAxisProjection<T> | PointsAxisProjection<T>;

export type AxisMapping<T extends Integer = Integer> =
  | { from: [T, T, T]; to: [T, T, T] }
  | { from: T; to: null }
  | { from: ColumnOf<T>; to: ColumnOf<T> };

/** A zarrita-shaped projection of one chunk. */
export interface ChunkProjection<T extends Integer = Integer> {
  chunkCoords: T[];
  mapping: AxisMapping<T>[];
}

/**
 * A chunk's region, from one ask of the grid (zarr-python's ChunkSpec):
 * where it starts, its declared shape (what the codec decodes), and the part
 * inside the array (smaller at the far edge). Bigint when a coordinate passed
 * in was.
 */
export interface ChunkRegion<T extends Integer = Integer> {
  origin: T[];
  shape: T[];
  dataShape: T[];
}

/** One chunk of one axis. Bigint when the chunk or element passed in was. */
export interface AxisChunk<T extends Integer = Integer> {
  chunk: T;
  /** The index of its first element. */
  origin: T;
  /** Its declared edge. */
  size: T;
  /** The part inside the array: 0 for an overflow chunk. */
  dataSize: T;
}

/**
 * Consecutive declared chunks `[first, first + count)`: all of them from
 * `origin` to `end`; `lastOrigin` is the last chunk's origin.
 */
export interface ChunkGroup {
  first: Natural;
  count: Natural;
  origin: Natural;
  lastOrigin: Natural;
  end: Natural;
}

export interface ChunkGroupOptions {
  /** Chunks shorter than this many elements are grouped (default 1: none are). */
  minSize?: number;
  /** At most this many groups (default 1,000,000); past it, a RangeError. */
  limit?: number;
}

/** The chunks one axis of a selection touches (chunk indices are `Natural`). */
export type SelectedAxis =
  /** Every chunk in [first, stop). */
  | { kind: 'range'; first: Natural; stop: Natural; count: Natural; exact: true }
  /** Sorted, unique chunk indices. */
  | { kind: 'list'; chunks: Column; count: number; exact: true }
  /**
   * A strided slice over more than 65,536 chunks that skips some of them:
   * chunks in [first, stop); `count` is exact, or with `exact` false an
   * upper bound.
   */
  | { kind: 'strided'; first: Natural; stop: Natural; count: Natural; exact: boolean };

export interface SelectedChunks {
  axes: SelectedAxis[];
  /** The product of the per-axis counts: the chunks `project` visits, or at most that many. */
  count: Natural;
  exact: boolean;
}

/**
 * Lookups whose indices and answers stay in WebAssembly memory
 * (`grid.locateBatch(rows)`). Views of that memory are detached when it
 * grows, which any call into the package that allocates may do: take
 * `indices`, `chunks` and `offsets` from the batch again after other calls
 * rather than keeping them. `locate` throws an Error, and looks nothing
 * up, when the `indices` view last taken was detached since, since writes
 * to a detached view are lost without a word.
 */
export interface LocateBatch {
  /** Rows the batch holds. */
  readonly rows: number;
  /** Row-major indices, rows × ndim: integers below the shape (and 2^53). */
  readonly indices: Float64Array;
  /** Per index, its chunk's coordinate, as the last `locate` wrote it. */
  readonly chunks: Float64Array;
  /** Per index, its offset in that chunk, as the last `locate` wrote it. */
  readonly offsets: Float64Array;
  /**
   * Looks up the first `rows` rows (all by default) and returns views of
   * their answers. RangeError naming the first row with an index that is
   * not an integer inside the shape; the answers are then unspecified.
   */
  locate(rows?: number): Located<Float64Array>;
  /** Frees the batch's memory; later calls throw. Harmless when repeated. */
  dispose(): void;
  [Symbol.dispose](): void;
}

export declare class ChunkGrid {
  private constructor();
  static fromMetadata(meta: Metadata, opts?: ReadOptions): ChunkGrid;
  static fromChunkShapes(shape: Integer[], chunkShapes: ChunkShapesEntry[]): ChunkGrid;
  /** dask/xarray style: one list of edges per axis; `[]` or `[0]` is a zero-length axis. */
  static fromEdges(edges: Array<Integer[] | Float64Array | BigUint64Array>): ChunkGrid;


  readonly ndim: number;
  readonly shape: Natural[];
  /** Per axis, the chunks that overlap the array. */
  readonly gridShape: Natural[];
  /** Per axis, every declared edge, including overflow chunks past the array's end. */
  readonly declaredGridShape: Natural[];
  readonly numChunks: Natural;
  readonly isRegular: boolean;
  readonly warnings: Problem[];

  /** Maximal runs of the declared edges. */
  runs(axis: number): Run[];
  /** Maximal runs of the data sizes of the active chunks (the last one may be cut short by the array's end). */
  dataRuns(axis: number): Run[];
  /** One declared chunk of an axis. RangeError past the declared chunks. */
  axisChunk(axis: number, chunk: number): AxisChunk<number>;
  axisChunk(axis: number, chunk: bigint): AxisChunk<bigint>;
  axisChunk(axis: number, chunk: Integer): AxisChunk;
  /**
   * The declared chunk that holds `element`, which may lie past the array's
   * length up to the edge sum (inside an overflow chunk). RangeError past it.
   */
  chunkAt(axis: number, element: number): AxisChunk<number>;
  chunkAt(axis: number, element: bigint): AxisChunk<bigint>;
  chunkAt(axis: number, element: Integer): AxisChunk;
  /** The declared chunks `[first, stop)` that meet elements `[start, stop)`; empty: both 0. O(log runs). */
  chunkRange(axis: number, start: number, stop: number): { first: number; stop: number };
  chunkRange(axis: number, start: Integer, stop: Integer): { first: Integer; stop: Integer };
  /**
   * The declared chunks that meet the window `[start, stop)`, grouped for
   * drawing: a chunk of at least `minSize` elements is a group of its own,
   * shorter neighbours join into groups of at least `minSize` elements. So
   * at most `2 (stop - start) / minSize + 2` groups, each found in O(log
   * runs), whatever the number of chunks. Window bounds may be fractional
   * numbers (they come from pixels): they are rounded outwards.
   */
  chunkGroups(axis: number, start: number | bigint, stop: number | bigint, opts?: ChunkGroupOptions): ChunkGroup[];
  /**
   * Python's `slice.indices()` on this axis, for a step of at least 1: the
   * element range `[start, stop)` a slice, `null` or `{blocks}` selects,
   * with `start <= stop`. A step of 0 or below is a RangeError naming the
   * axis (negative steps are not supported: select forwards and reverse
   * the result); an entry that is not a slice, `null` or `{blocks}` is a
   * TypeError naming it. Numbers in, numbers out; a bigint in, bigints out.
   */
  normalizeSlice(axis: number, entry: Slice<number> | Blocks<number> | null): { start: number; stop: number; step: number };
  normalizeSlice(axis: number, entry: Slice | Blocks | null): { start: Integer; stop: Integer; step: Integer };
  /** Which chunks a selection touches, per axis, without listing more than 65,536 chunks of a slice axis. */
  selectedChunks(selection?: Selection | null): SelectedChunks;
  /**
   * The shape of the selection's result, as `get` gives it: one length per
   * axis that is not an integer (a slice's length, an integer array's
   * count, a mask's true entries). The selection is checked as `project`
   * checks it (an integer array or a mask by projecting it); a slice's
   * length comes from the core without listing its chunks. Numbers for a
   * selection of numbers (RangeError past 2^53 - 1); bigints when any
   * value in the selection is a bigint.
   */
  selectionShape(selection?: NumberSelection | null): number[];
  selectionShape(selection?: Selection | null): Integer[];
  edges(axis: number): Float64Array;
  edges(axis: number, opts: { bigint: true }): BigUint64Array;
  edges(axis: number, opts?: { bigint?: boolean }): Float64Array | BigUint64Array;

  locate(index: readonly number[]): { chunk: number[]; offset: number[] };
  locate(index: readonly bigint[]): { chunk: bigint[]; offset: bigint[] };
  locate(index: readonly Integer[]): { chunk: Integer[]; offset: Integer[] };
  /**
   * Looks up row-major indices (n × ndim). With `out`, writes into its
   * arrays instead of allocating, and returns them: they must be of the
   * type the input gives (Float64Array for numbers, BigUint64Array for
   * bigints; else TypeError), hold one entry per index, and share no memory
   * with each other or with `indices` (else RangeError). They may not live
   * in a SharedArrayBuffer (TypeError): two SharedArrayBuffer objects can
   * view the same memory and nothing in JS tells, so their overlap with
   * the input could not be ruled out; copy the result into shared memory
   * after the call. After a RangeError for an index, their contents are
   * unspecified. A plain array of indices is read once, into a copy.
   */
  locateMany(indices: BigUint64Array | BigInt64Array, out?: Located<BigUint64Array>): Located<BigUint64Array>;
  locateMany(indices: Float64Array | Uint32Array | Int32Array | number[], out?: Located<Float64Array>): Located<Float64Array>;
  locateMany(indices: IndexArray, out?: Located): Located;
  /** Looks up indices along one axis; `out` as in `locateMany`. */
  locateAxis(axis: number, indices: BigUint64Array | BigInt64Array, out?: Located<BigUint64Array>): Located<BigUint64Array>;
  locateAxis(axis: number, indices: Float64Array | Uint32Array | Int32Array | number[], out?: Located<Float64Array>): Located<Float64Array>;
  locateAxis(axis: number, indices: IndexArray, out?: Located): Located;
  /**
   * Arrays in WebAssembly memory for lookups with no copy in or out: write
   * row-major indices (rows × ndim, numbers) into `batch.indices`, call
   * `batch.locate(n)`, read the answers. The fastest form for millions of
   * lookups, call after call (docs/benchmarks.md). RangeError past about
   * 3 GiB; dispose() it (or `using`) when done.
   */
  locateBatch(rows: number): LocateBatch;

  /**
   * A declared chunk's first element, per axis. Numbers for number
   * coordinates (RangeError past 2^53 - 1), bigints when any is a bigint.
   * RangeError outside the declared grid.
   */
  chunkOrigin(coords: readonly number[]): number[];
  chunkOrigin(coords: readonly bigint[]): bigint[];
  chunkOrigin(coords: readonly Integer[]): Integer[];
  /** A declared chunk's edges, per axis (numbers and bigints as in `chunkOrigin`). */
  chunkShape(coords: readonly number[]): number[];
  chunkShape(coords: readonly bigint[]): bigint[];
  chunkShape(coords: readonly Integer[]): Integer[];
  /** The part of a declared chunk inside the array, per axis (0 for an overflow chunk). */
  chunkDataShape(coords: readonly number[]): number[];
  chunkDataShape(coords: readonly bigint[]): bigint[];
  chunkDataShape(coords: readonly Integer[]): Integer[];
  /** chunkOrigin, chunkShape and chunkDataShape at once. RangeError outside the declared grid. */
  chunkRegion(coords: readonly number[]): ChunkRegion<number>;
  chunkRegion(coords: readonly Integer[]): ChunkRegion;

  /** Numbers for a selection of numbers (RangeError past 2^53 - 1); bigints when the selection holds one. */
  project(selection?: NumberSelection | null): IterableIterator<ChunkProjection<number>>;
  project(selection?: Selection | null): IterableIterator<ChunkProjection>;
  projectAxes(selection?: NumberSelection | null): AxisProjection<number>[];
  projectAxes(selection?: Selection | null): AxisProjection[];

  toJSON(): ChunkGridJSON;
  toJSONText(): string;
  toRegularJSON(): RegularGridJSON | null;
  equals(other: ChunkGrid): boolean;
  /**
   * dask's `chunks`: per axis, the data sizes of the active chunks (`[0]`
   * for an empty axis; bigints past 2^53 - 1). RangeError past 2^24 chunks
   * summed over the axes, checked before anything is listed.
   */
  toDaskChunks(): Natural[][];
  dispose(): void;
  [Symbol.dispose](): void;
}

export declare class GridError extends Error {
  /** The first problem gives the message, path and code. */
  constructor(errors: Problem[]);
  /** From `concat` (zarr-rectilinear/tools): the part and the axis where the first problem was found. */
  readonly part?: number;
  readonly axis?: number;
  /** The JSON Pointer of the first problem. */
  readonly path: string;
  /** The kind of the first problem. */
  readonly code: ProblemCode;
  /** Every problem found. */
  readonly errors: Problem[];
}

export interface ValidationResult {
  valid: boolean;
  errors: Problem[];
  warnings: Problem[];
}

/**
 * Checks a whole zarr.json document: an array, or a group (its consolidated
 * metadata entry by entry, as readMetadata reads it). What known writers
 * stored against the spec (docs/writers-ledger.md) is a warning, and the
 * document `valid`; with `{strict: true}` an error. Never throws for a
 * document; options of the wrong type (`{strict: 'false'}`) are a TypeError.
 */
export declare function validateMetadata(meta: unknown, opts?: ReadOptions): ValidationResult;

/** What readMetadata found in an array document. */
export interface ArrayMetadataRead {
  kind: 'array';
  /** No errors: the document, as validateMetadata checks it, is valid. */
  valid: boolean;
  /** Every problem, at JSON Pointers into the text read (into the group, for a consolidated entry). */
  errors: Problem[];
  warnings: Problem[];
  /** The chunk grid, when valid; else null. Owned by the caller: dispose() it, or let it be collected. */
  grid: ChunkGrid | null;
  /** The values as written; null where absent (or unreadable). Integers past 2^53 - 1 are bigints. */
  shape: Natural[] | null;
  /** A name such as "float32", or an object for an extension data type. */
  dataType: string | Record<string, unknown> | null;
  /**
   * Exact: a bigint past 2^53 - 1 for int64 and uint64 (a number otherwise,
   * read as a double for other data types), "NaN", "Infinity", "-Infinity"
   * and hex bit patterns as the strings written, booleans, arrays.
   */
  fillValue: unknown;
  codecs: Array<string | { name: string; configuration?: Record<string, unknown> }> | null;
  chunkKeyEncoding: { name: string; configuration?: Record<string, unknown> } | null;
  dimensionNames: Array<string | null> | null;
  /** {} when absent. For object input, the object's own attributes, not a copy. */
  attributes: Record<string, unknown>;
}

/** What readMetadata found in a group document (node_type "group"). */
export interface GroupMetadataRead {
  kind: 'group';
  /** No errors, in the group and in every consolidated entry. */
  valid: boolean;
  errors: Problem[];
  /** `consolidated_metadata: null` (zarr-python 3.0 and 3.1) is a warning. */
  warnings: Problem[];
  attributes: Record<string, unknown>;
  /**
   * The inline consolidated metadata (zarr-python's form): each child's
   * flattened path ("a/b") to its document, read like a document of its
   * own; null when the group has none.
   */
  consolidated: Map<string, MetadataRead> | null;
}

export type MetadataRead = ArrayMetadataRead | GroupMetadataRead;

/**
 * Reads a zarr.json with one parse: an array (its grid built, its values
 * exact) or a group (with its consolidated metadata). Never throws for a
 * document (options of the wrong type are a TypeError); input that is not
 * a document reads as an invalid array with no values.
 */
export declare function readMetadata(meta: unknown, opts?: ReadOptions): MetadataRead;

/** Already resolved: the module is loaded when `import` returns. */
export declare const ready: Promise<void>;
