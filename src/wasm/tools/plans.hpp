// The tools module's plans (docs/wasm-boundary.md, "The tools module"):
// grids resized, trimmed and concatenated, each as an outcome block
// (results.hpp); rechunk plans between two grids; an axis's data sizes for
// a summary. None of them is on a reader's path, so the reader module
// leaves them out (docs/size.md).
#pragma once
#include <cstdint>

#include "results.hpp"
#include "struct_words.hpp"

namespace zr::wasm {

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

DataSizeStats data_size_stats(const ChunkGrid& g, size_t axis);

}  // namespace zr::wasm
