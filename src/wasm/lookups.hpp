// Lookups: which chunk, and where in it, each of a batch of indices falls,
// read from and written to heap buffers (docs/wasm-boundary.md); and the
// geometry of one chunk. Batch lookups return the failing row (or
// element), or -1.
#pragma once
#include <cstdint>
#include <span>

#include "arguments.hpp"
#include "chunk_grid.hpp"

namespace zr::wasm {

inline double row_or_none(size_t row) { return row == npos ? -1 : static_cast<double>(row); }

// `n` rows of ndim indices at `in`, row-major; a chunk and an offset per
// index out.
template <class In, class Out>
double locate_many(const ChunkGrid& g, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets) {
  return row_or_none(g.locate_many(std::span(at<const In>(in), n), at<Out>(chunks), at<Out>(offsets)));
}

// `n` indices along one axis.
template <class In, class Out>
double locate_axis(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets) {
  if (!axis_of(g, axis)) return 0;  // the first element names the failure
  return row_or_none(g.locate_axis(axis, std::span(at<const In>(in), n), at<Out>(chunks), at<Out>(offsets)));
}

// origin, shape and data shape of one chunk: ndim uint64 coordinates in,
// then 3 x ndim uint64 values out (see docs/wasm-boundary.md).
bool chunk_geometry(const ChunkGrid& g, uintptr_t coords, uintptr_t out);

}  // namespace zr::wasm
