// What both modules export alike about grids (docs/wasm-boundary.md, "Two
// modules"): the layouts of the small answers, freeing a grid, and a grid
// as its words (grid_words.hpp) in both directions, which is how a grid
// crosses between the reader module and the tools module: the wrapper
// copies the words from one heap to the other.
#include <emscripten/em_macros.h>

#include <cstdint>
#include <vector>

#include "answer_block.hpp"
#include "arguments.hpp"
#include "grid_words.hpp"
#include "out_of_memory.hpp"
#include "results.hpp"
#include "struct_words.hpp"

using namespace zr::wasm;
using zr::ChunkGrid;

extern "C" {

// The layouts of struct_words.hpp, for the wrapper.
EMSCRIPTEN_KEEPALIVE const char* zr_struct_layouts() { return kStructLayouts; }

EMSCRIPTEN_KEEPALIVE void zr_grid_free(uintptr_t grid) { delete at<ChunkGrid>(grid); }

// The grid that `count` words at `words` describe, as an outcome block: no
// grid and no problem when the words describe none.
EMSCRIPTEN_KEEPALIVE uintptr_t zr_read_grid_words(uintptr_t words, size_t count) {
  return guard<uintptr_t>([&] {
    zr::GridRead read;
    read.grid = grid_from_words({at<const uint64_t>(words), count});
    return outcome_block(std::move(read));
  });
}

// A grid's words, as the words of an answer block (no bytes).
EMSCRIPTEN_KEEPALIVE uintptr_t zr_grid_words(uintptr_t grid) {
  return guard<uintptr_t>([&] {
    const std::vector<uint64_t> words = grid_words(grid_at(grid));
    uint64_t* out = new_block(words.size(), 0);
    std::copy(words.begin(), words.end(), out);
    return reinterpret_cast<uintptr_t>(out - 2);
  });
}

}  // extern "C"
