// The grid module's Embind surface, registered in one place: thin and
// batch-first (docs/wasm-boundary.md). The whole-document rules live in the
// other module (document_module.cpp), so that an app that only builds grids
// and asks them never loads them. Small structs and error kinds cross as
// value_objects and enums; bulk data moves through the wasm heap as raw
// addresses filled and read by the JS wrapper. The entry points live by
// topic: results.hpp (the handles answers come in), queries.hpp,
// lookups.hpp, projections.hpp and builders.hpp. Every entry point checks
// the arguments it can see (an axis, a chunk, a step) and answers a bad one
// with its failure value, never with undefined behaviour; addresses and
// lengths are the wrapper's to get right. The core reports bad input as
// values; the only exception it throws is running out of memory, and every
// entry point that allocates is registered through guarded<>
// (registration.hpp, out_of_memory.hpp), so no exception crosses this
// boundary.
#include <emscripten/bind.h>

#include <cstdint>

#include "builders.hpp"
#include "lookups.hpp"
#include "module_basics.hpp"
#include "out_of_memory.hpp"
#include "projections.hpp"
#include "queries.hpp"
#include "registration.hpp"
#include "results.hpp"

namespace zr::wasm {
namespace {

void register_value_types() {
  using namespace emscripten;
  // uint64 fields arrive in JS as BigInt (read them with BigInt.asUintN(64, v):
  // emscripten 3.1.6 gives them a sign).
  value_object<AxisCounts>("AxisCounts")
      .field("length", &AxisCounts::length)
      .field("edgeSum", &AxisCounts::edge_sum)
      .field("activeCount", &AxisCounts::active_count)
      .field("declaredCount", &AxisCounts::declared_count)
      .field("isStep", &AxisCounts::is_step);

  value_object<DataSizeStats>("DataSizeStats")
      .field("smallest", &DataSizeStats::smallest)
      .field("largest", &DataSizeStats::largest)
      .field("mostCommon", &DataSizeStats::most_common)
      .field("mostCommonCount", &DataSizeStats::most_common_count);

  value_object<AxisChunk>("AxisChunk")
      .field("found", &AxisChunk::found)
      .field("chunk", &AxisChunk::chunk)
      .field("origin", &AxisChunk::origin)
      .field("size", &AxisChunk::size)
      .field("dataSize", &AxisChunk::data_size);

  value_object<ChunkRange>("ChunkRange")
      .field("first", &ChunkRange::first)
      .field("stop", &ChunkRange::stop);

  value_object<SliceChunks>("SliceChunks")
      .field("first", &SliceChunks::first)
      .field("stop", &SliceChunks::stop)
      .field("count", &SliceChunks::count)
      .field("exact", &SliceChunks::exact)
      .field("every", &SliceChunks::every);

  value_object<SliceArg> slice_arg("SliceArg");
#define ZR_SLICE_ARG_FIELD(member, js_name) slice_arg.field(js_name, &SliceArg::member);
  ZR_SLICE_ARG_FIELDS(ZR_SLICE_ARG_FIELD)
#undef ZR_SLICE_ARG_FIELD
  function("sliceArgWords", &slice_arg_words);

  value_object<SliceRange>("SliceRange")
      .field("ok", &SliceRange::ok)
      .field("start", &SliceRange::start)
      .field("stop", &SliceRange::stop)
      .field("step", &SliceRange::step)
      .field("length", &SliceRange::length);

  value_object<IntegerAt>("IntegerAt")
      .field("found", &IntegerAt::found)
      .field("chunk", &IntegerAt::chunk)
      .field("offset", &IntegerAt::offset);

  value_object<AxisOverlapOut>("AxisOverlap")
      .field("ok", &AxisOverlapOut::ok)
      .field("length", &AxisOverlapOut::length)
      .field("sourceChunks", &AxisOverlapOut::source_chunks)
      .field("targetChunks", &AxisOverlapOut::target_chunks)
      .field("maxReads", &AxisOverlapOut::max_reads)
      .field("reads", &AxisOverlapOut::reads)
      .field("readElements", &AxisOverlapOut::read_elements);
}

void register_handles() {
  using namespace emscripten;
  constexpr const char* kAxis = "summing up an axis";
  constexpr const char* kChunk = "finding a chunk";
  constexpr const char* kLocate = "locating indices";
  constexpr const char* kJson = "writing a grid as JSON";
  constexpr const char* kSlice = "reading a slice";
  constexpr const char* kProject = "projecting a selection";
  GuardedClass<ChunkGrid>("Grid")
      .function("ndim", &ChunkGrid::ndim)
      .function("address", optional_override([](const ChunkGrid& g) { return reinterpret_cast<uintptr_t>(&g); }))
      .function("isRegular", &ChunkGrid::is_regular)
      .function("equals", optional_override([](const ChunkGrid& a, const ChunkGrid& b) { return a == b; }))
      .guarded<&axis_counts>("axisCounts", kAxis)
      .guarded<&data_size_stats>("dataSizeStats", kAxis)
      .guarded<&runs>("runs", "listing runs")
      .guarded<&axis_chunk>("axisChunk", kChunk)
      .guarded<&chunk_at>("chunkAt", kChunk)
      .guarded<&chunk_range>("chunkRange", "finding chunks")
      .guarded<&chunk_groups>("chunkGroups", "grouping chunks")
      .function("expandEdges", &expand_edges)
      .guarded<&locate_many<double, double>>("locateManyF64", kLocate)
      .guarded<&locate_many<uint64_t, uint64_t>>("locateManyU64", kLocate)
      .function("locateAxisF64", &locate_axis<double, double>)
      .function("locateAxisU64", &locate_axis<uint64_t, uint64_t>)
      .function("chunkGeometry", &chunk_geometry)
      .guarded<&to_json_text>("toJSONText", kJson)
      .guarded<&to_regular_json_text>("toRegularJSONText", kJson)
      .guarded<&resize>("resize", "resizing a grid")
      .guarded<&slice_range_of>("sliceRange", kSlice)
      .guarded<&slice_chunks>("sliceChunks", kSlice)
      .guarded<&project_integer>("projectInteger", kProject)
      .guarded<&project_points<double>>("projectPointsF64", kProject)
      .guarded<&project_points<int64_t>>("projectPointsI64", kProject)
      .guarded<&project_points<uint64_t>>("projectPointsU64", kProject)
      .guarded<&project_points_signed>("projectPointsSigned", kProject)
      .guarded<&project_mask>("projectMask", kProject);

  GuardedClass<GridOutcome>("GridOutcome")
      .function("ok", &GridOutcome::ok)
      .function("failedAxis", &GridOutcome::failed_axis)
      .function("failedPart", &GridOutcome::failed_part)
      .guarded<&GridOutcome::grid>("grid", "handing over a grid")
      .guarded<&GridOutcome::errors>("errors", "listing problems")
      .guarded<&GridOutcome::warnings>("warnings", "listing problems");

}

void register_functions() {
  using namespace emscripten;
  guarded_function<&read_grid_metadata>("readGridMetadata", "reading metadata");
  guarded_function<&read_chunk_shapes>("readChunkShapes", "building a grid from chunk shapes");
  guarded_function<&read_edges>("readEdges", "building a grid from edges");
  guarded_function<&read_grid_words>("readGridWords", "building a grid read from metadata");
  guarded_function<&trimmed_grid>("trimmedGrid", "building a trimmed grid");
  guarded_function<&concat_grids>("concatGrids", "concatenating grids");
  guarded_function<&axis_overlap>("axisOverlap", "planning a rechunk");
  guarded_function<&axis_sources>("axisSources", "listing the source chunks of a rechunk");
  guarded_function<&read_json>("readJSON", "reading JSON");
}

}  // namespace
}  // namespace zr::wasm

EMSCRIPTEN_BINDINGS(zarr_rectilinear) {
  zr::wasm::register_module_basics();
  zr::wasm::register_value_types();
  zr::wasm::register_handles();
  zr::wasm::register_functions();
}
