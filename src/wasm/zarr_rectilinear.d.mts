// Types for the grid module that src/wasm/reader/grid_exports.cpp builds
// (dist/zarr_rectilinear.wasm, instantiated by js/wasm/grid-loader.js), as
// js/wasm/grid-module.js presents it to the rest of the wrapper, and for what
// both modules export alike (src/wasm/module_basics.cpp), written by hand;
// the tools module's are in zarr_rectilinear_tools.d.mts.
// scripts/build.sh copies this file to dist/, where the wrapper's JSDoc
// imports it as '../dist/zarr_rectilinear.mjs': types only, since the grid
// module has no JavaScript of its own.
// Not part of the package's public types. docs/wasm-boundary.md says what
// crosses and how: uint64_t crosses as bigint, size_t and double as
// number, bool as boolean (a number in a raw export). An address is a
// number, read unsigned (>>> 0) when it comes back.

/** A handle freed by delete(). */
export interface Handle {
  delete(): void;
  isDeleted(): boolean;
}

/** A problem as the modules give it; `code` is its number among zr_problem_code_names(). */
export interface NativeProblem {
  path: string;
  message: string;
  code: number;
  /** -1 unless a syntax or encoding problem. */
  byteOffset: number;
}

/** One axis of a rechunk plan; 128-bit sums as decimal text. */
export interface AxisOverlap {
  ok: boolean;
  length: bigint;
  sourceChunks: bigint;
  targetChunks: bigint;
  maxReads: bigint;
  reads: string;
  readElements: string;
}

export interface AxisCounts {
  length: bigint;
  edgeSum: bigint;
  activeCount: bigint;
  declaredCount: bigint;
  isStep: boolean;
}

export interface DataSizeStats {
  smallest: bigint;
  largest: bigint;
  mostCommon: bigint;
  mostCommonCount: bigint;
}

export interface AxisChunk {
  found: boolean;
  chunk: bigint;
  origin: bigint;
  size: bigint;
  dataSize: bigint;
}

/** A slice bound is a sign and a magnitude. */
export interface SliceArg {
  hasStart: boolean;
  startNegative: boolean;
  start: bigint;
  hasStop: boolean;
  stopNegative: boolean;
  stop: bigint;
  step: bigint;
  blocks: boolean;
}

export interface SliceRange {
  ok: boolean;
  start: bigint;
  stop: bigint;
  step: bigint;
  /** The elements selected. */
  length: bigint;
}

export interface SliceChunks {
  first: bigint;
  stop: bigint;
  count: bigint;
  exact: boolean;
  every: boolean;
}

export interface IntegerAt {
  found: boolean;
  chunk: bigint;
  offset: bigint;
}

/** The address of a Columns block (src/wasm/results.hpp), read and freed by copyColumns(). */
export type ColumnsBlock = number;

/** A grid, or the problems that kept it from being built. */
export interface GridOutcome extends Handle {
  ok(): boolean;
  /** The axis a resize or a concatenation failed on, or -1. */
  failedAxis(): number;
  /** The part a concatenation failed on, or -1. */
  failedPart(): number;
  /** Moves the grid out: call once. */
  grid(): Grid;
  errors(): import('../../js/index.js').Problem[];
  warnings(): import('../../js/index.js').Problem[];
}

/** Returns the first bad row (element) or -1. */
type Locate = (input: number, n: number, chunks: number, offsets: number) => number;
type LocateAxis = (axis: number, input: number, n: number, chunks: number, offsets: number) => number;

export interface Grid extends Handle {
  /** One more handle to the same native grid: freed when the last is deleted. */
  clone(): Grid;
  ndim(): number;
  address(): number;
  isRegular(): boolean;
  equals(other: Grid): boolean;
  axisCounts(axis: number): AxisCounts;
  runs(axis: number, data: boolean): ColumnsBlock;
  axisChunk(axis: number, chunk: bigint): AxisChunk;
  chunkAt(axis: number, element: bigint): AxisChunk;
  chunkRange(axis: number, start: bigint, stop: bigint): { first: bigint; stop: bigint };
  chunkGroups(axis: number, start: bigint, stop: bigint, minSize: bigint, limit: number): ColumnsBlock;
  expandEdges(axis: number, out: number, asDouble: boolean): boolean;
  locateManyF64: Locate;
  locateManyU64: Locate;
  locateAxisF64: LocateAxis;
  locateAxisU64: LocateAxis;
  chunkGeometry(coords: number, out: number): boolean;
  toJSONText(): string;
  /** "" when the grid is not regular. */
  toRegularJSONText(): string;
  sliceRange(axis: number, slice: SliceArg): SliceRange;
  sliceChunks(axis: number, slice: SliceArg): SliceChunks;
  projectInteger(axis: number, negative: boolean, magnitude: bigint): IntegerAt;
  projectPointsF64(axis: number, input: number, n: number): ColumnsBlock;
  projectPointsI64(axis: number, input: number, n: number): ColumnsBlock;
  projectPointsU64(axis: number, input: number, n: number): ColumnsBlock;
  /** `n` pairs of uint64 (negative flag, magnitude). */
  projectPointsSigned(axis: number, input: number, n: number): ColumnsBlock;
  projectMask(axis: number, input: number, n: number): ColumnsBlock;
}

/** What both modules export (src/wasm/module_basics.cpp), and their heap. */
export interface ModuleBasics {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  /** _malloc once the out-of-memory reserve is held (src/wasm/out_of_memory.hpp); 0 when either fails. */
  _zr_malloc(bytes: number): number;
  _free(address: number): void;
  /** The address of a byte that a call which ran out of memory sets to 1. */
  _zr_out_of_memory_flag(): number;
  _zr_heap_in_use(): number;
  _zr_max_document_bytes(): number;
  /** The address of the problem codes' JS names, comma-separated, in the order of their numbers. */
  _zr_problem_code_names(): number;
  /** Turns a Columns block's values into doubles in place; 0 when one is not exact. */
  _zr_columns_to_doubles(block: number): number;
}

type Address = number;
/** The reader module's plain exports (src/wasm/reader/grid_exports.cpp, document_exports.cpp, grid_crossing.cpp). */
export interface RawGridModule extends ModuleBasics {
  _zr_struct_layouts(): Address;
  _zr_grid_free(grid: Address): void;
  _zr_grid_ndim(grid: Address): number;
  _zr_grid_is_regular(grid: Address): number;
  _zr_grid_equals(a: Address, b: Address): number;
  _zr_axis_counts(grid: Address, axis: number, out: Address): number;
  _zr_runs(grid: Address, axis: number, data: number): Address;
  _zr_axis_chunk(grid: Address, axis: number, chunk: bigint, out: Address): number;
  _zr_chunk_at(grid: Address, axis: number, element: bigint, out: Address): number;
  _zr_chunk_range(grid: Address, axis: number, start: bigint, stop: bigint, out: Address): number;
  _zr_chunk_groups(grid: Address, axis: number, start: bigint, stop: bigint, minSize: bigint, limit: number): Address;
  _zr_expand_edges(grid: Address, axis: number, out: Address, asDouble: number): number;
  _zr_to_json_text(grid: Address, regular: number): Address;
  _zr_read_json(text: Address, length: number): Address;
  _zr_locate_f64(grid: Address, input: Address, n: number, chunks: Address, offsets: Address): number;
  _zr_locate_u64(grid: Address, input: Address, n: number, chunks: Address, offsets: Address): number;
  _zr_locate_axis_f64(grid: Address, axis: number, input: Address, n: number, chunks: Address, offsets: Address): number;
  _zr_locate_axis_u64(grid: Address, axis: number, input: Address, n: number, chunks: Address, offsets: Address): number;
  _zr_chunk_geometry(grid: Address, coords: Address, out: Address): number;
  /** `slice`: the address of a SliceArg as uint64 words, in the order sliceArgWords() gives (docs/wasm-boundary.md). */
  _zr_slice_bound(grid: Address, axis: number, slice: Address): number;
  /**
   * At most `capacity` entries, from the first selected chunk at or after
   * `firstChunk`: the number written, or -1 for a bad argument or a value
   * not exact as a double.
   */
  _zr_slice_into(grid: Address, axis: number, slice: Address, out: Address, capacity: number, asDouble: number, firstChunk: bigint): number;
  _zr_slice_range(grid: Address, axis: number, slice: Address, out: Address): number;
  _zr_slice_chunks(grid: Address, axis: number, slice: Address, out: Address): number;
  _zr_project_integer(grid: Address, axis: number, negative: number, magnitude: bigint, out: Address): number;
  /** `kind`: 0 doubles, 1 int64, 2 uint64, 3 (negative flag, magnitude) pairs, 4 a mask. */
  _zr_project_points(grid: Address, axis: number, input: Address, n: number, kind: number): Address;
  _zr_read_grid_metadata(text: Address, length: number, strict: number): Address;
  _zr_read_chunk_shapes(text: Address, length: number): Address;
  _zr_read_edges(text: Address, length: number): Address;
  _zr_read_grid_words(words: Address, count: number): Address;
  _zr_grid_words(grid: Address): Address;
  _zr_read_document(text: Address, length: number, strict: number): Address;
  _zr_validate_metadata(text: Address, length: number, strict: number): Address;
  _zr_member_spans(text: Address, length: number, pointers: Address, lengths: Address, count: number): Address;
  _zr_float_places(text: Address, length: number, pointers: Address, lengths: Address, count: number): Address;
}

/** The grid module with the calls js/wasm/grid-module.js adds. */
export interface NativeModule extends RawGridModule {
  /** The SliceArg fields in the order of the words the slice exports read (src/wasm/struct_words.hpp). */
  sliceArgWords(): Array<keyof SliceArg>;
  readGridMetadata(text: number, length: number, strict: boolean): GridOutcome;
  readChunkShapes(text: number, length: number): GridOutcome;
  readEdges(text: number, length: number): GridOutcome;
  /** `count` words (uint64) of a grid the tools module built (src/wasm/grid_words.hpp). */
  readGridWords(words: number, count: number): GridOutcome;
  /** A grid's words as their bytes, for the tools module. */
  gridWords(grid: Grid): Uint8Array;
  /** A handle for a grid at `address`, which the caller then owns. */
  adoptGrid(address: number): Grid;
  /** Any JSON text as JS values, exact past 2^53; null when it does not parse. */
  readJSON(text: number, length: number): unknown;
  /** readMetadata's one read: the document, and every grid handle in it. */
  readDocument(text: number, length: number, strict: boolean): { root: NativeDocument<Grid>; grids: Grid[] };
  validateMetadata(text: number, length: number, strict: boolean): { errors: import('../../js/index.js').Problem[]; warnings: import('../../js/index.js').Problem[] };
  /** `count` JSON Pointers laid out as withPointers() lays them out; three columns: found, begin, end. */
  memberSpans(text: number, length: number, pointers: number, lengths: number, count: number): ColumnsBlock;
  /** `count` JSON Pointers laid out as withPointers() lays them out; one column, 1 where a float may stand. */
  floatPlaces(text: number, length: number, pointers: number, lengths: number, count: number): ColumnsBlock;
}

/** What readDocument (src/wasm/reader/document_exports.cpp) gives for one document. */
export interface NativeDocument<G> {
  kind: 'array' | 'group';
  errors: import('../../js/index.js').Problem[];
  warnings: import('../../js/index.js').Problem[];
  attributes: unknown;
  // An array's:
  grid?: G | null;
  shape?: unknown;
  dataType?: unknown;
  fillValue?: unknown;
  codecs?: unknown;
  chunkKeyEncoding?: unknown;
  dimensionNames?: unknown;
  // A group's: [child path, entry] pairs in document order, or null.
  consolidated?: Array<[string, NativeDocument<G>]> | null;
}

