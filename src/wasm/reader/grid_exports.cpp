// The reader module's surface for grids: plain exports, thin and
// batch-first (docs/wasm-boundary.md). No Embind here: its registration
// ran at every start and its glue weighed on every bundle (docs/size.md).
// Whole documents are document_exports.cpp's; what both modules export,
// grid_crossing.cpp's; plans live in the tools module (plan_exports.cpp). A grid
// crosses as the address of a ChunkGrid the wrapper owns (js/wasm/grid-module.js
// frees it with zr_grid_free); uint64 arguments as bigints; small answers
// as words at `out` (struct_words.hpp); answers of any size as answer
// blocks (answer_block.hpp). The entry points live by topic: queries.hpp,
// lookups.hpp, projections.hpp and builders.hpp, and every one checks the
// arguments it can see (an axis, a chunk, a step) and answers a bad one
// with its failure value; addresses and lengths are the wrapper's to get
// right. The one exception the core throws, running out of memory, is
// caught by guard<> (out_of_memory.hpp) in each export that allocates,
// which raises the flag the wrapper checks after it.
#include <emscripten/em_macros.h>

#include <cstdint>

#include "answer_block.hpp"
#include "arguments.hpp"
#include "builders.hpp"
#include "lookups.hpp"
#include "out_of_memory.hpp"
#include "projections.hpp"
#include "queries.hpp"
#include "struct_words.hpp"

using namespace zr::wasm;
using zr::ChunkGrid;

namespace {

uint64_t* words_at(uintptr_t out) { return at<uint64_t>(out); }

// An answer block made by `run`, or 0 with the flag raised when memory ran out.
template <class Run>
uintptr_t block_of(Run&& run) {
  return guard<uintptr_t>(run);
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE size_t zr_grid_ndim(uintptr_t grid) { return grid_at(grid).ndim(); }
EMSCRIPTEN_KEEPALIVE int zr_grid_is_regular(uintptr_t grid) { return grid_at(grid).is_regular(); }
EMSCRIPTEN_KEEPALIVE int zr_grid_equals(uintptr_t a, uintptr_t b) { return grid_at(a) == grid_at(b); }

// Queries.
EMSCRIPTEN_KEEPALIVE int zr_axis_counts(uintptr_t grid, size_t axis, uintptr_t out) {
  return words_of(out, [&] { return axis_counts(grid_at(grid), axis); });
}
EMSCRIPTEN_KEEPALIVE uintptr_t zr_runs(uintptr_t grid, size_t axis, int data) {
  return block_of([&] { return runs(grid_at(grid), axis, data).block(); });
}
EMSCRIPTEN_KEEPALIVE int zr_axis_chunk(uintptr_t grid, size_t axis, uint64_t chunk, uintptr_t out) {
  return words_of(out, [&] { return axis_chunk(grid_at(grid), axis, chunk); });
}
EMSCRIPTEN_KEEPALIVE int zr_chunk_at(uintptr_t grid, size_t axis, uint64_t element, uintptr_t out) {
  return words_of(out, [&] { return chunk_at(grid_at(grid), axis, element); });
}
EMSCRIPTEN_KEEPALIVE int zr_chunk_range(uintptr_t grid, size_t axis, uint64_t start, uint64_t stop, uintptr_t out) {
  return words_of(out, [&] { return chunk_range(grid_at(grid), axis, start, stop); });
}
EMSCRIPTEN_KEEPALIVE uintptr_t zr_chunk_groups(uintptr_t grid, size_t axis, uint64_t start, uint64_t stop,
                                               uint64_t min_size, size_t max_groups) {
  return block_of([&] { return chunk_groups(grid_at(grid), axis, start, stop, min_size, max_groups).block(); });
}
EMSCRIPTEN_KEEPALIVE int zr_expand_edges(uintptr_t grid, size_t axis, uintptr_t out, int as_double) {
  return expand_edges(grid_at(grid), axis, out, as_double);
}
// The grid's canonical JSON text as the block's bytes; with `regular`, its
// regular form, no bytes when it is not regular.
EMSCRIPTEN_KEEPALIVE uintptr_t zr_to_json_text(uintptr_t grid, int regular) {
  return block_of([&] {
    AnswerBlock block;
    block.bytes(regular ? to_regular_json_text(grid_at(grid)) : to_json_text(grid_at(grid)));
    return block.release();
  });
}
EMSCRIPTEN_KEEPALIVE uintptr_t zr_read_json(uintptr_t text, size_t length) {
  return block_of([&] { return read_json(text, length); });
}

// Lookups: `n` rows at `in`; a chunk and an offset per index out. The
// first bad row, or -1.
EMSCRIPTEN_KEEPALIVE double zr_locate_f64(uintptr_t grid, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets) {
  return guard<double>([&] { return locate_many<double, double>(grid_at(grid), in, n, chunks, offsets); });
}
EMSCRIPTEN_KEEPALIVE double zr_locate_u64(uintptr_t grid, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets) {
  return guard<double>([&] { return locate_many<uint64_t, uint64_t>(grid_at(grid), in, n, chunks, offsets); });
}
EMSCRIPTEN_KEEPALIVE double zr_locate_axis_f64(uintptr_t grid, size_t axis, uintptr_t in, size_t n, uintptr_t chunks,
                                               uintptr_t offsets) {
  return locate_axis<double, double>(grid_at(grid), axis, in, n, chunks, offsets);
}
EMSCRIPTEN_KEEPALIVE double zr_locate_axis_u64(uintptr_t grid, size_t axis, uintptr_t in, size_t n, uintptr_t chunks,
                                               uintptr_t offsets) {
  return locate_axis<uint64_t, uint64_t>(grid_at(grid), axis, in, n, chunks, offsets);
}
EMSCRIPTEN_KEEPALIVE int zr_chunk_geometry(uintptr_t grid, uintptr_t coords, uintptr_t out) {
  return chunk_geometry(grid_at(grid), coords, out);
}

// Projections. `slice` is a SliceArg as words (struct_words.hpp).
EMSCRIPTEN_KEEPALIVE double zr_slice_bound(uintptr_t grid, size_t axis, uintptr_t slice) {
  return slice_bound(grid_at(grid), axis, read_slice_arg(words_at(slice)));
}
// Doubles when `as_double` is non-zero, else uint64.
EMSCRIPTEN_KEEPALIVE double zr_slice_into(uintptr_t grid, size_t axis, uintptr_t slice, uintptr_t out, size_t capacity,
                                          int as_double, uint64_t first_chunk) {
  return slice_into(grid_at(grid), axis, read_slice_arg(words_at(slice)), out, capacity, as_double, first_chunk);
}
EMSCRIPTEN_KEEPALIVE int zr_slice_range(uintptr_t grid, size_t axis, uintptr_t slice, uintptr_t out) {
  return words_of(out, [&] { return slice_range_of(grid_at(grid), axis, read_slice_arg(words_at(slice))); });
}
EMSCRIPTEN_KEEPALIVE int zr_slice_chunks(uintptr_t grid, size_t axis, uintptr_t slice, uintptr_t out) {
  return words_of(out, [&] { return slice_chunks(grid_at(grid), axis, read_slice_arg(words_at(slice))); });
}
EMSCRIPTEN_KEEPALIVE int zr_project_integer(uintptr_t grid, size_t axis, int negative, uint64_t magnitude,
                                            uintptr_t out) {
  return words_of(out, [&] { return project_integer(grid_at(grid), axis, negative, magnitude); });
}
// `n` indices at `in`, by `kind`: 0 doubles, 1 int64, 2 uint64, 3 pairs of
// uint64 (negative flag, magnitude), 4 a mask of bytes.
EMSCRIPTEN_KEEPALIVE uintptr_t zr_project_points(uintptr_t grid, size_t axis, uintptr_t in, size_t n, int kind) {
  return block_of([&] {
    const ChunkGrid& g = grid_at(grid);
    switch (kind) {
      case 0: return project_points<double>(g, axis, in, n).block();
      case 1: return project_points<int64_t>(g, axis, in, n).block();
      case 2: return project_points<uint64_t>(g, axis, in, n).block();
      case 3: return project_points_signed(g, axis, in, n).block();
      default: return project_mask(g, axis, in, n).block();
    }
  });
}

// Builders, each answering with an outcome block (results.hpp).
EMSCRIPTEN_KEEPALIVE uintptr_t zr_read_grid_metadata(uintptr_t text, size_t length, int strict) {
  return block_of([&] { return read_grid_metadata(text, length, strict); });
}
EMSCRIPTEN_KEEPALIVE uintptr_t zr_read_chunk_shapes(uintptr_t text, size_t length) {
  return block_of([&] { return read_chunk_shapes(text, length); });
}
EMSCRIPTEN_KEEPALIVE uintptr_t zr_read_edges(uintptr_t text, size_t length) {
  return block_of([&] { return read_edges(text, length); });
}

}  // extern "C"
