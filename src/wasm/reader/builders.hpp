// Builders: grids from metadata text, chunk shapes or edges, each as an
// outcome block (results.hpp) (docs/wasm-boundary.md). Grids from words
// are grid_crossing.cpp's; plans that build grids, plans.hpp's.
#pragma once
#include <cstdint>

#include "chunk_grid.hpp"
#include "results.hpp"
#include "struct_words.hpp"

namespace zr::wasm {

// `strict`: the writers' ledger's entries are errors (else read, with warnings).
uintptr_t read_grid_metadata(uintptr_t text, size_t length, bool strict);
uintptr_t read_chunk_shapes(uintptr_t text, size_t length);
uintptr_t read_edges(uintptr_t text, size_t length);

}  // namespace zr::wasm
