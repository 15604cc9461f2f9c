// Projections: what a selection along one axis selects, chunk by chunk —
// slices and block ranges, integers, integer arrays and masks
// (docs/wasm-boundary.md); exported by grid_exports.cpp.
#pragma once
#include <cstdint>

#include "chunk_grid.hpp"
#include "results.hpp"
#include "selection.hpp"
#include "struct_words.hpp"

namespace zr::wasm {

// The functions below marked noinline run loops per chunk or per element:
// compiled for speed, in projections.cpp, where the exports that call
// them are compiled for size, and kept out of line so that link-time
// optimization does not inline one into its export, where it would be
// optimized for size too (docs/size.md, "Kernels for speed, the rest for
// size").

// At least the entries slice_into writes; -1 for a bad argument.
double slice_bound(const ChunkGrid& g, size_t axis, const SliceArg& spec);
// Writes a slice projection straight into `out`: five columns of
// `capacity` entries (chunks, local starts, local stops, output starts,
// output stops), as doubles or as uint64, at most `capacity` entries from
// the first selected chunk at or after `first_chunk` on. Returns the
// entries written, or -1 for a bad argument or a value that is not exact as
// a double.
[[gnu::noinline]] double slice_into(const ChunkGrid& g, size_t axis, const SliceArg& spec, uintptr_t out,
                                    size_t capacity, bool as_double, uint64_t first_chunk);
SliceRange slice_range_of(const ChunkGrid& g, size_t axis, const SliceArg& spec);
[[gnu::noinline]] SliceChunks slice_chunks(const ChunkGrid& g, size_t axis, const SliceArg& spec);

IntegerAt project_integer(const ChunkGrid& g, size_t axis, bool negative, uint64_t magnitude);

// `n` indices of type T (double, int64_t or uint64_t) at `in`.
template <class T>
[[gnu::noinline]] Columns project_points(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n);
extern template Columns project_points<double>(const ChunkGrid&, size_t, uintptr_t, size_t);
extern template Columns project_points<int64_t>(const ChunkGrid&, size_t, uintptr_t, size_t);
extern template Columns project_points<uint64_t>(const ChunkGrid&, size_t, uintptr_t, size_t);
// Indices as (negative flag, magnitude) pairs of uint64: selections whose
// values reach past int64 on either side.
[[gnu::noinline]] Columns project_points_signed(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n);
// `n` bytes, one per element of the axis.
[[gnu::noinline]] Columns project_mask(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n);

}  // namespace zr::wasm
