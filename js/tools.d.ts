// Types for zarr-rectilinear/tools, written by hand: what plans, repairs
// and reports, as functions that take grids. Importing it loads a
// WebAssembly module of its own beside the one zarr-rectilinear loads
// (docs/size.md); a page that only reads arrays never needs it. The rules
// behind it are in docs/semantics.md; the words in docs/glossary.md.
import type { ChunkGrid, Column, Integer, Metadata, Natural, ReadOptions, RegularGridJSON, Run } from './index.js';

export type { ChunkGrid } from './index.js';

/** One axis summed up from its runs (values as in `shape`). */
export interface AxisSummary {
  /** The array's length on this axis. */
  length: Natural;
  /** The sum of the declared edges: at least `length`. */
  edgeSum: Natural;
  /** Chunks that overlap the array (an entry of `gridShape`). */
  activeCount: Natural;
  /** Every declared chunk (an entry of `declaredGridShape`). */
  declaredCount: Natural;
  /** An integer step, not an explicit list. */
  isStep: boolean;
  /** Over the data sizes of the active chunks; 0 when there are none. */
  smallestDataSize: Natural;
  largestDataSize: Natural;
  /** The first data size to reach the largest count, and that count. */
  mostCommonDataSize: Natural;
  mostCommonCount: Natural;
}

/** A dask-style summary of the whole grid, from runs (never from expanded edges). */
export interface GridSummary {
  shape: Natural[];
  gridShape: Natural[];
  declaredGridShape: Natural[];
  runs: Run[][];
  /** Per axis, over the data sizes of the active chunks. */
  smallestChunk: Natural[];
  largestChunk: Natural[];
  mostCommonChunk: Natural[];
  /** Active chunks whose data shape is `mostCommonChunk`. */
  mostCommonCount: Natural;
  numChunks: Natural;
  declaredChunks: Natural;
  /** Declared chunks that hold no element of the array. */
  overflowChunks: Natural;
  /** Per axis, the declared chunks past the array's end. */
  overflowPerAxis: Natural[];
  regular: RegularGridJSON | null;
}

export interface ResizeOptions {
  /** Per axis, the edges to append when an explicit axis grows past its edge sum. */
  edges?: Record<number, Integer[]> | Array<Integer[] | undefined>;
}

/** An exact ratio of two non-negative bigints (denominator 0 when nothing is counted). */
export interface ExactRatio {
  numerator: bigint;
  denominator: bigint;
}

/** One axis of a rechunk plan, over active chunks. */
export interface AxisOverlapTotals {
  length: Natural;
  sourceChunks: Natural;
  targetChunks: Natural;
  /** The most source chunks one target chunk reads on this axis (0 when there are no chunks). */
  maxReads: Natural;
  /** reads / targetChunks. */
  meanReads: number;
  /** Source chunks read, summed over the target chunks. */
  reads: bigint;
  /** readElements / length. */
  amplification: number;
  /** The data sizes of the source chunks read, summed over the target chunks. */
  readElements: bigint;
}

/** The totals of a rechunk plan, from runs (never from expanded chunks). */
export interface RechunkTotals {
  shape: Natural[];
  sourceChunks: Natural;
  targetChunks: Natural;
  /** The most source chunks one target chunk reads: the product of the per-axis maxima. */
  maxReads: Natural;
  /** The mean source chunks a target chunk reads: the product of the per-axis means (0 with no chunks). */
  meanReads: number;
  meanReadsExact: ExactRatio;
  /** Elements of the source chunks read (by data shape), over all target chunks, divided by the array's size (0 when empty). */
  amplification: number;
  amplificationExact: ExactRatio;
  axes: AxisOverlapTotals[];
}

/** One axis of `sourcesOf`: bigints when a coordinate passed in was. */
export interface TargetAxisSources<T extends Integer = Integer> {
  /** The source chunks [sourceFirst, sourceStop) the target chunk reads. */
  sourceFirst: T;
  sourceStop: T;
  /** The target chunk's data span [start, stop). */
  start: T;
  stop: T;
  /** Each source chunk's part of that span; null past 65,536 source chunks (use sourceFirst/sourceStop). */
  intersections: Array<{ chunk: T; start: T; stop: T }> | null;
}

/** How the chunks of a target grid read the chunks of a source grid of the same shape (from `overlap(source, target)`). */
export interface RechunkPlan {
  /** The grids the plan was made from; it does not own them. */
  readonly source: ChunkGrid;
  readonly target: ChunkGrid;
  totals(): RechunkTotals;
  /** One active target chunk: per axis, the source chunks it reads, in O(log runs). RangeError outside the active chunks. */
  sourcesOf(targetCoords: readonly number[]): { axes: TargetAxisSources<number>[]; reads: number };
  sourcesOf(targetCoords: readonly bigint[]): { axes: TargetAxisSources<bigint>[]; reads: bigint };
  sourcesOf(targetCoords: readonly Integer[]): { axes: TargetAxisSources[]; reads: Integer };
  /**
   * Target chunks [targetFirst, targetStop) of one axis (active ones, at
   * most 2^24 in one call, else RangeError), with the source chunks
   * [sourceFirst, sourceStop) each reads. BigUint64Array for bigint bounds.
   */
  axisSources(axis: number, targetFirst: Integer, targetStop: Integer): { targetChunks: Column; sourceFirst: Column; sourceStop: Column };
}

/**
 * The grid whose last chunk on each axis ends at the array's end: shape
 * 1000 with 64 gives `[[64, 15], 40]`; where the edge divides the length
 * (or the length is 0), the integer step. GridError (NOT_POSITIVE) for an edge of 0.
 */
export declare function trimmed(shape: Integer[], chunkShape: Integer[]): ChunkGrid;
/**
 * The grids laid end to end along `axis`. The other axes must have the
 * same length and declared edges (run by run; the first part's form is
 * kept); every part but the last must end at its own length. GridError
 * with `part` and `axis` (codes INVALID, AXIS_COUNT, OVERFLOW).
 */
export declare function concat(grids: ChunkGrid[], axis: number): ChunkGrid;
/** `grid` resized to `newShape`, by the rule for each axis's form (docs/semantics.md, "Resize"): a new grid. */
export declare function resize(grid: ChunkGrid, newShape: Integer[], opts?: ResizeOptions): ChunkGrid;
/** The rechunk plan from `source` to `target`, of the same shape (else RangeError). */
export declare function overlap(source: ChunkGrid, target: ChunkGrid): RechunkPlan;
/** One axis of `grid` summed up from its runs. */
export declare function axisSummary(grid: ChunkGrid, axis: number): AxisSummary;
/** A dask-style summary of the whole grid, from runs. */
export declare function summary(grid: ChunkGrid): GridSummary;

/**
 * One place where a JSON Pointer's value is written. Offsets are UTF-16
 * indices into a string (what `text.slice(start, end)` takes), or byte
 * offsets into a Uint8Array.
 */
export interface PointerPlace {
  /** The key's opening quote, for an object member; absent for an array element or the root. */
  keyStart?: number;
  /** The value's first character (or byte). */
  start: number;
  /** Just past the value's last character (or byte). */
  end: number;
}

/**
 * Where the values of JSON Pointers (RFC 6901) lie in JSON text, read by the
 * core in one pass without building the document. The result has one array
 * per pointer, in the order given, each listing every place of that pointer
 * in text order: a key written twice gives two places, and so does every
 * pointer inside it; an absent value gives none. Pointers match decoded keys
 * (`/a~1b` is the key `a/b`, however the text escapes it); array indices are
 * decimal without leading zeros.
 *
 * Text that is not JSON is read up to its first syntax or encoding error (a
 * byte-order mark is one): the values that ended before it are found, the
 * containers still open at it are not. Throws a TypeError for text that is
 * not a string or a Uint8Array, or a pointer that is not a JSON Pointer.
 */
export declare function locatePointers(text: string | Uint8Array, pointers: readonly string[]): PointerPlace[][];

/** What a reader does with a document (docs/readers.md). */
export type Verdict = 'reads' | 'reads-with-setting' | 'refuses' | 'misreads' | 'unchecked';

/** One reader's verdict on one document, from `readerReport`. */
export interface ReaderVerdict {
  /** "zarr-python", "zarrs", "zarrita.js", "icechunk", "Zarr.jl", "tensorstore", "neuroglancer". */
  reader: string;
  /** The version range the verdict holds for, e.g. "3.2.0 to 3.3.x". */
  versions: string;
  /**
   * `misreads`: it opens the array without an error but gets another grid.
   * `unchecked`: what it does with the document has not been checked (a
   * member of the rectilinear configuration this package refuses).
   */
  verdict: Verdict;
  /** For `reads-with-setting`: the setting to turn on, e.g. "array.rectilinear_chunks". */
  setting?: string;
  reason: string;
  /** The JSON Pointer of the value that decides it. */
  pointer: string;
  /** Where the fact comes from, and the date it was checked (YYYY-MM-DD). */
  source: string;
  checked: string;
}

/** One rule of a reader: when `when` holds in a document, the reader gives `verdict`. */
export interface ReaderRule {
  /**
   * `rectilinear`: the grid is named "rectilinear". `integer-axis`: a
   * rectilinear axis is written as a bare integer. `edges-past-end`: an
   * explicit edge list's sum runs past the array's length.
   * `edge-at-least` / `count-at-least`: a written edge length / run count of
   * at least `limit`. `shard-edge-not-divided`: the sharding codec's inner
   * chunk shape does not divide every shard edge (any grid).
   * `data-type-not-in`: the data type is not one of `names`.
   * `codec-not-in` / `codec-in`: a codec (a sharding codec's own included)
   * is not / is one of `names`.
   * `unknown-grid-member`: the rectilinear configuration holds a member
   * other than `kind` and `chunk_shapes` (which this package refuses).
   */
  when: 'rectilinear' | 'integer-axis' | 'edges-past-end' | 'edge-at-least' | 'count-at-least' | 'shard-edge-not-divided'
    | 'data-type-not-in' | 'codec-not-in' | 'codec-in' | 'unknown-grid-member';
  limit?: number;
  /** The names a `*-in` / `*-not-in` rule lists. */
  names?: readonly string[];
  verdict: Exclude<Verdict, 'reads' | 'unchecked'>;
  setting?: string;
  reason: string;
  /** When the rule has a source of its own. */
  source?: string;
}

/** What is known of one reader in one version range: the data `readerReport` applies. */
export interface ReaderFacts {
  reader: string;
  versions: string;
  source: string;
  /** YYYY-MM-DD. */
  checked: string;
  note?: string;
  /** Tried in order; the first that holds decides. When none does, the reader reads the array. */
  rules: ReaderRule[];
}

/** Every reader `readerReport` knows, in the order it reports them. */
export declare const READERS: readonly ReaderFacts[];

/**
 * For a document that `validateMetadata` accepts, what each reader in
 * `READERS` does with it, in that order. A group is judged by the arrays of
 * its consolidated metadata: the one that fares worst decides. Strict
 * unless told otherwise, unlike `readMetadata`: no reader's facts cover
 * what the writers' ledger reads with a warning. With `{strict: false}` (or
 * `{lenient: true}`), a document valid with such warnings is judged as it
 * is read, each entry as its writers meant it (an edge `10.0` is the edge
 * 10); its warnings are `readMetadata`'s.
 * A document refused only for members of the rectilinear configuration
 * other than `kind` and `chunk_shapes` (such as `encoded_chunk_shapes`, a
 * proposal) is judged too, by what is known of each reader: those that
 * ignore such members `misreads` it (the pointer names the member), those
 * that refuse rectilinear grids `refuses` it, and the verdict of any other
 * is `unchecked` (docs/readers.md).
 * Throws a GridError (with every problem) for any other document that is
 * not valid, and a RangeError (code OUT_OF_MEMORY) when WebAssembly memory
 * runs out.
 */
export declare function readerReport(meta: Metadata, opts?: ReadOptions): ReaderVerdict[];

/** One change `repairMetadata` made. */
export interface RepairChange {
  /** The JSON Pointer of the value changed ("" for a byte-order mark), in the text as it was when the change was made. */
  pointer: string;
  /** The text replaced, as written (for a removed member: its key and value). */
  old: string;
  /** The text written in its place ("" for a removed member or byte-order mark). */
  new: string;
  /** The writers' ledger entry (docs/writers-ledger.md), e.g. "integral-float-edge". */
  entry: string;
}

/** A writers' ledger entry that `repairMetadata` left as it is, and why. */
export interface Unrepaired {
  pointer: string;
  entry: string;
  reason: string;
}

/**
 * Writes each writers' ledger entry of a zarr.json (docs/writers-ledger.md)
 * back as conformant metadata, in place: every byte outside the changed
 * places stays as it was (key order, spacing, numbers, attributes).
 * Consolidated entries of a group are repaired too. What has no conformant
 * spelling (NaN in attributes) is listed in `unrepaired` and left as it is.
 * The text comes back in the form given (a string, or UTF-8 bytes); when
 * nothing changes, it is the input itself. Throws a GridError for text that
 * is not a JSON object, a TypeError for a value that is not text.
 */
export declare function repairMetadata<T extends string | Uint8Array>(text: T): {
  text: T extends string ? string : Uint8Array;
  changes: RepairChange[];
  unrepaired: Unrepaired[];
};

/** Already resolved: the module is loaded when `import` returns. */
export declare const ready: Promise<void>;
