// A grid as uint64 words: how a grid crosses from the document module,
// which reads it out of a zarr.json, to the grid module, which answers
// lookups on it (docs/wasm-boundary.md, "Two modules"). The two have
// separate heaps, so the JS wrapper copies the words from one to the
// other. Runs stay runs: the words are as many as the grid's runs, never
// its chunks. Both ends are here, so the layout has one source:
//
//   ndim, then for each axis: length, step (0 for a list axis), the number
//   of runs R, then R pairs (edge, count).
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "chunk_grid.hpp"

namespace zr::wasm {

std::vector<uint64_t> grid_words(const ChunkGrid& grid);

// The grid the words describe; nullopt when they describe none (words the
// wrapper mangled: a grid from grid_words always comes back equal).
std::optional<ChunkGrid> grid_from_words(std::span<const uint64_t> words);

}  // namespace zr::wasm
