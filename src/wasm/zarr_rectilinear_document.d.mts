// Types for the document module that src/wasm/document_module.cpp and its
// neighbours build (docs/wasm-boundary.md, "Two modules"), written by hand,
// as zarr_rectilinear.d.mts is for the grid module. scripts/build.sh copies
// this file beside the module (dist/zarr_rectilinear_document.d.mts).
import type { ColumnsBlock, ModuleBasics, NativeProblem } from './zarr_rectilinear.mjs';

/** One array document's facts from readerFacts (src/wasm/reader_bindings.cpp). */
export interface NativeReaderFacts {
  pointer: string;
  gridName: string;
  largestEdge: bigint;
  largestEdgeAt: string;
  largestCount: bigint;
  largestCountAt: string;
  innerChunkShapeAt: string;
  undividedShardEdgeAt: string;
}

/** What repairMetadata (src/wasm/repair_bindings.cpp) gives: changes as the API gives them. */
export interface NativeRepair {
  text: string;
  changes: { pointer: string; old: string; new: string; entry: string }[];
  unrepaired: { pointer: string; entry: string; reason: string }[];
  /** Why the text could not be read (then nothing changed). */
  errors: NativeProblem[];
}

/** What readDocument (src/wasm/document_bindings.cpp) gives for one document. */
export interface NativeDocument {
  kind: 'array' | 'group';
  errors: NativeProblem[];
  warnings: NativeProblem[];
  attributes: unknown;
  // An array's:
  /** The grid as the bytes of its words (src/wasm/grid_words.hpp), for the grid module's readGridWords. */
  grid?: Uint8Array | null;
  shape?: unknown;
  dataType?: unknown;
  fillValue?: unknown;
  codecs?: unknown;
  chunkKeyEncoding?: unknown;
  dimensionNames?: unknown;
  // A group's: [child path, entry] pairs in document order, or null.
  consolidated?: Array<[string, NativeDocument]> | null;
}

export interface MemberSpan {
  found: boolean;
  begin: number;
  end: number;
}

export interface DocumentModule extends ModuleBasics {
  /** Every binding registered through guarded_function (src/wasm/registration.hpp). */
  guardedBindings(): Array<{ name: string; what: string }>;
  validateMetadata(text: number, length: number, strict: boolean): { errors: NativeProblem[]; warnings: NativeProblem[] };
  memberSpan(text: number, length: number, key: number, keyLength: number): MemberSpan;
  readDocument(text: number, length: number, strict: boolean): NativeDocument;
  /**
   * `count` JSON Pointers as UTF-8 bytes one after another at `pointers`,
   * their lengths (uint32) at `lengths`. Five columns: pointer index, has
   * key, key start, start, end (byte offsets).
   */
  locatePointers(text: number, length: number, pointers: number, lengths: number, count: number): ColumnsBlock;
  /**
   * Laid out as for locatePointers. Six columns, one entry per pointer:
   * found, exact (its own value, not an ancestor's), has key, key start,
   * start, end.
   */
  locateNearest(text: number, length: number, pointers: number, lengths: number, count: number): ColumnsBlock;
  floatPlaces(text: number, length: number, pointers: number, lengths: number, count: number): ColumnsBlock;
  readerFacts(text: number, length: number): NativeReaderFacts[];
  repairMetadata(text: number, length: number): NativeRepair;
}

/** Built with -sWASM_ASYNC_COMPILATION=0: the module, instantiated, with no promise. */
declare function createDocumentModule(moduleArg?: object): DocumentModule;
export default createDocumentModule;
