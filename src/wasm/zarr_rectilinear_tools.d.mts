// Types for the tools module that src/wasm/tools/tools_module.cpp and its
// neighbours build (docs/wasm-boundary.md, "Two modules"), written by hand,
// as zarr_rectilinear.d.mts is for the reader module. scripts/build.sh
// copies this file beside the module (dist/zarr_rectilinear_tools.d.mts).
import type { ColumnsBlock, ModuleBasics, NativeProblem } from './zarr_rectilinear.mjs';

/** One array document's facts from readerFacts (src/wasm/tools/reader_bindings.cpp). */
export interface NativeReaderFacts {
  pointer: string;
  gridName: string;
  largestEdge: bigint;
  largestEdgeAt: string;
  largestCount: bigint;
  largestCountAt: string;
  innerChunkShapeAt: string;
  undividedShardEdgeAt: string;
  /** The data type's name and pointer; name "" when it has none. */
  dataType: { name: string; at: string };
  /** Every codec's name and pointer, a sharding codec's own after it. */
  codecs: { name: string; at: string }[];
}

/** What repairMetadata (src/wasm/tools/repair_bindings.cpp) gives: changes as the API gives them. */
export interface NativeRepair {
  text: string;
  changes: { pointer: string; old: string; new: string; entry: string }[];
  unrepaired: { pointer: string; entry: string; reason: string }[];
  /** Why the text could not be read (then nothing changed). */
  errors: NativeProblem[];
}

type Address = number;
export interface ToolsModule extends ModuleBasics {
  /** The address of the known data types' and codecs' lines (src/rules/known_extensions.hpp, zr_known_extensions), tab-separated. */
  _zr_known_extensions(): number;
  /** Every binding registered through guarded_function (src/wasm/tools/registration.hpp). */
  guardedBindings(): Array<{ name: string; what: string }>;
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
  readerFacts(text: number, length: number): NativeReaderFacts[];
  repairMetadata(text: number, length: number): NativeRepair;
  // Plain exports (src/wasm/tools/plan_exports.cpp, grid_crossing.cpp).
  _zr_struct_layouts(): Address;
  _zr_grid_free(grid: Address): void;
  _zr_read_grid_words(words: Address, count: number): Address;
  _zr_grid_words(grid: Address): Address;
  _zr_data_size_stats(grid: Address, axis: number, out: Address): number;
  _zr_resize(grid: Address, shape: Address, counts: Address, edges: Address): Address;
  _zr_trimmed_grid(shape: Address, chunks: Address, ndim: number): Address;
  _zr_concat_grids(grids: Address, n: number, axis: number): Address;
  _zr_axis_overlap(source: Address, target: Address, axis: number, out: Address): number;
  _zr_axis_sources(source: Address, target: Address, axis: number, first: bigint, stop: bigint): Address;
}

/** Built with -sWASM_ASYNC_COMPILATION=0: the module, instantiated, with no promise. */
declare function createToolsModule(moduleArg?: object): ToolsModule;
export default createToolsModule;
