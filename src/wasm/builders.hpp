// Builders: grids from metadata text, chunk shapes or edges, resized,
// trimmed, concatenated or copied from the document module, each as an
// outcome block (results.hpp); and rechunk plans between two grids
// (docs/wasm-boundary.md).
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
// The grid that `count` words at `words` describe (grid_words.hpp): how a
// grid read by the document module is built again here. No grid and no
// problem when the words describe none.
uintptr_t read_grid_words(uintptr_t words, size_t count);

// ndim new lengths at `shape`; at `counts`, ndim counts of edges to append,
// whose values follow one axis after another at `edges`.
uintptr_t resize(const ChunkGrid& g, uintptr_t shape, uintptr_t counts, uintptr_t edges);
// ndim lengths at `shape`, ndim chunk edges at `chunks` (uint64).
uintptr_t trimmed_grid(uintptr_t shape, uintptr_t chunks, size_t ndim);
// `n` grid addresses (uint32) at `grids`. On failure, the problem's path
// is "/<part>", with the part and the axis in the outcome.
uintptr_t concat_grids(uintptr_t grids, size_t n, size_t axis);

AxisOverlapOut axis_overlap(const ChunkGrid& source, const ChunkGrid& target, size_t axis);
// Three columns for target chunks [first, stop): target chunk, first
// source chunk, source stop. Failed for a bad axis or range.
Columns axis_sources(const ChunkGrid& source, const ChunkGrid& target, size_t axis, uint64_t first, uint64_t stop);

}  // namespace zr::wasm
