// The tools module's plain exports for plans (docs/wasm-boundary.md, "The
// tools module"): resize, trimmed grids, concatenation, rechunk plans and
// an axis's data sizes. Grids here are copies the wrapper made from the
// reader module's (grid_crossing.cpp, zr_read_grid_words) and frees after
// the call; a grid built here goes back the same way. The answers are the
// reader module's kinds: outcome blocks, Columns blocks and words at `out`
// (struct_words.hpp), each export that allocates in guard<>.
#include <emscripten/em_macros.h>

#include <cstdint>

#include "arguments.hpp"
#include "out_of_memory.hpp"
#include "plans.hpp"
#include "struct_words.hpp"

using namespace zr::wasm;
using zr::ChunkGrid;

extern "C" {

EMSCRIPTEN_KEEPALIVE int zr_data_size_stats(uintptr_t grid, size_t axis, uintptr_t out) {
  return words_of(out, [&] { return data_size_stats(grid_at(grid), axis); });
}
EMSCRIPTEN_KEEPALIVE uintptr_t zr_resize(uintptr_t grid, uintptr_t shape, uintptr_t counts, uintptr_t edges) {
  return guard<uintptr_t>([&] { return resize(grid_at(grid), shape, counts, edges); });
}
EMSCRIPTEN_KEEPALIVE uintptr_t zr_trimmed_grid(uintptr_t shape, uintptr_t chunks, size_t ndim) {
  return guard<uintptr_t>([&] { return trimmed_grid(shape, chunks, ndim); });
}
EMSCRIPTEN_KEEPALIVE uintptr_t zr_concat_grids(uintptr_t grids, size_t n, size_t axis) {
  return guard<uintptr_t>([&] { return concat_grids(grids, n, axis); });
}
EMSCRIPTEN_KEEPALIVE int zr_axis_overlap(uintptr_t source, uintptr_t target, size_t axis, uintptr_t out) {
  return words_of(out, [&] { return axis_overlap(grid_at(source), grid_at(target), axis); });
}
EMSCRIPTEN_KEEPALIVE uintptr_t zr_axis_sources(uintptr_t source, uintptr_t target, size_t axis, uint64_t first,
                                               uint64_t stop) {
  return guard<uintptr_t>([&] { return axis_sources(grid_at(source), grid_at(target), axis, first, stop).block(); });
}

}  // extern "C"
