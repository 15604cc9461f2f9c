// Types for the grid module that src/wasm/bindings.cpp builds, and for
// what both modules register (src/wasm/module_basics.cpp), written by hand;
// the document module's are in zarr_rectilinear_document.d.mts.
// scripts/build.sh copies this file beside the module
// (dist/zarr_rectilinear.d.mts), so that the type check of js/
// (tsconfig.json) reads these types instead of the generated JavaScript.
// Not part of the package's public types. docs/wasm-boundary.md says what
// crosses and how: uint64_t crosses as bigint (signed inside a
// value_object: read it with u64()), size_t and double as number, bool as
// boolean. An address is a number.

/** An Embind `class_` handle: freed by delete(). */
export interface Handle {
  delete(): void;
  isDeleted(): boolean;
}

/** The `enum_` ProblemCode: each value has a numeric `value`. */
export interface ProblemCodeValue {
  value: number;
}

/** `register_vector<Problem>`. */
export interface Problems extends Handle {
  size(): number;
  get(i: number): NativeProblem;
}

/** The `value_object` Problem. */
export interface NativeProblem {
  path: string;
  message: string;
  code: ProblemCodeValue;
  /** -1 unless a syntax or encoding problem. */
  byteOffset: bigint;
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

/** Columns of uint64 made by the core. */
export interface Columns extends Handle {
  /** The input element that was refused, or -1. */
  failedAt(): number;
  count(): number;
  length(column: number): number;
  /** Every column, one after another, as uint64 or doubles; false when a value is not exact as a double. */
  copy(out: number, asDouble: boolean): boolean;
}

/** A grid, or the problems that kept it from being built. */
export interface GridOutcome extends Handle {
  ok(): boolean;
  /** The axis a resize or a concatenation failed on, or -1. */
  failedAxis(): number;
  /** The part a concatenation failed on, or -1. */
  failedPart(): number;
  /** Moves the grid out: call once. */
  grid(): Grid;
  errors(): Problems;
  warnings(): Problems;
}

/** Returns the first bad row (element) or -1. */
type Locate = (input: number, n: number, chunks: number, offsets: number) => number;
type LocateAxis = (axis: number, input: number, n: number, chunks: number, offsets: number) => number;

export interface Grid extends Handle {
  ndim(): number;
  address(): number;
  isRegular(): boolean;
  equals(other: Grid): boolean;
  axisCounts(axis: number): AxisCounts;
  dataSizeStats(axis: number): DataSizeStats;
  runs(axis: number, data: boolean): Columns;
  axisChunk(axis: number, chunk: bigint): AxisChunk;
  chunkAt(axis: number, element: bigint): AxisChunk;
  chunkRange(axis: number, start: bigint, stop: bigint): { first: bigint; stop: bigint };
  chunkGroups(axis: number, start: bigint, stop: bigint, minSize: bigint, limit: number): Columns;
  expandEdges(axis: number, out: number, asDouble: boolean): boolean;
  locateManyF64: Locate;
  locateManyU64: Locate;
  locateAxisF64: LocateAxis;
  locateAxisU64: LocateAxis;
  chunkGeometry(coords: number, out: number): boolean;
  toJSONText(): string;
  /** "" when the grid is not regular. */
  toRegularJSONText(): string;
  resize(shape: number, counts: number, edges: number): GridOutcome;
  sliceRange(axis: number, slice: SliceArg): SliceRange;
  sliceChunks(axis: number, slice: SliceArg): SliceChunks;
  projectInteger(axis: number, negative: boolean, magnitude: bigint): IntegerAt;
  projectPointsF64(axis: number, input: number, n: number): Columns;
  projectPointsI64(axis: number, input: number, n: number): Columns;
  projectPointsU64(axis: number, input: number, n: number): Columns;
  /** `n` pairs of uint64 (negative flag, magnitude). */
  projectPointsSigned(axis: number, input: number, n: number): Columns;
  projectMask(axis: number, input: number, n: number): Columns;
}

/** What both modules register (src/wasm/module_basics.cpp), and their heap. */
export interface ModuleBasics {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  /** _malloc once the out-of-memory reserve is held (src/wasm/out_of_memory.hpp); 0 when either fails. */
  _zr_malloc(bytes: number): number;
  _free(address: number): void;
  /** The enum's values by JS name, and `values` (by number). */
  ProblemCode: Record<string, ProblemCodeValue> & { values: Record<number, ProblemCodeValue> };
  maxDocumentBytes: number;
  /** The address of a byte that a call which ran out of memory sets to 1. */
  outOfMemoryFlag: number;
  /** Every binding registered through guarded<> (src/wasm/registration.hpp): `owner` a class, or "" for the module. */
  guardedBindings(): Array<{ owner: string; name: string; what: string }>;
  heapInUse(): number;
}

export interface NativeModule extends ModuleBasics {
  _zr_locate_f64(grid: number, input: number, n: number, chunks: number, offsets: number): number;
  /** `slice`: the address of a SliceArg as uint64 words, in the order sliceArgWords() gives (docs/wasm-boundary.md). */
  _zr_slice_bound(grid: number, axis: number, slice: number): number;
  /**
   * At most `capacity` entries, from the first selected chunk at or after
   * `firstChunk`: the number written, or -1 for a bad argument or a value
   * not exact as a double.
   */
  _zr_slice_into(grid: number, axis: number, slice: number, out: number, capacity: number, asDouble: number, firstChunk: bigint): number;
  /** The SliceArg fields in the order of the words zr_slice_bound and zr_slice_into read. */
  sliceArgWords(): Array<keyof SliceArg>;
  readGridMetadata(text: number, length: number, strict: boolean): GridOutcome;
  readChunkShapes(text: number, length: number): GridOutcome;
  readEdges(text: number, length: number): GridOutcome;
  /** `count` words (uint64) of a grid the document module read (src/wasm/grid_words.hpp). */
  readGridWords(words: number, count: number): GridOutcome;
  /** ndim lengths at `shape`, ndim edges at `chunks` (uint64). */
  trimmedGrid(shape: number, chunks: number, ndim: number): GridOutcome;
  /** `n` grid addresses (uint32) at `grids`. */
  concatGrids(grids: number, n: number, axis: number): GridOutcome;
  axisOverlap(source: Grid, target: Grid, axis: number): AxisOverlap;
  axisSources(source: Grid, target: Grid, axis: number, first: bigint, stop: bigint): Columns;
  /** Any JSON text as JS values, exact past 2^53; null when it does not parse. */
  readJSON(text: number, length: number): unknown;
}

declare function createModule(moduleArg?: object): Promise<NativeModule>;
export default createModule;
