// Queries: what a grid says about an axis (counts, runs, chunks, groups,
// edges), and the grid as canonical JSON and JSON text read back exactly.
// Each answers a bad axis with its failure value (docs/wasm-boundary.md).
#pragma once
#include <cstdint>
#include <string>

#include "axis_summary.hpp"
#include "axis_window.hpp"
#include "chunk_grid.hpp"
#include "results.hpp"

namespace zr::wasm {

AxisCounts axis_counts(const ChunkGrid& g, size_t axis);
// The declared runs, or with `data` the data runs of the active chunks: two
// columns, sizes and counts.
Columns runs(const ChunkGrid& g, size_t axis, bool data);
AxisChunk axis_chunk(const ChunkGrid& g, size_t axis, uint64_t chunk);
AxisChunk chunk_at(const ChunkGrid& g, size_t axis, uint64_t element);
ChunkRange chunk_range(const ChunkGrid& g, size_t axis, uint64_t start, uint64_t stop);
// Five columns: first chunk, count, origin, last origin, end. Failed (at
// element 0) past `max_groups` groups or on a bad axis.
Columns chunk_groups(const ChunkGrid& g, size_t axis, uint64_t start, uint64_t stop, uint64_t min_size,
                     size_t max_groups);
// Every declared edge into `out`, as uint64 or as doubles. False (and
// nothing written) when an edge is not exact as a double.
bool expand_edges(const ChunkGrid& g, size_t axis, uintptr_t out, bool as_double);

std::string to_json_text(const ChunkGrid& g);
// "" when the grid is not regular.
std::string to_regular_json_text(const ChunkGrid& g);

// Any JSON text as an answer block (answer_block.hpp, write_json), numbers
// exact; a null when it does not parse. For text the core wrote (a grid's
// JSON, consolidated metadata).
uintptr_t read_json(uintptr_t text, size_t length);

}  // namespace zr::wasm
