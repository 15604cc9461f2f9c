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

// `n` rows of ndim indices at `in`, row-major; a chunk and an offset per
// index out. Defined (and instantiated for double and uint64) in
// lookups.cpp, the one file that compiles the lookup loops, for speed;
// kept out of line, so that they are not inlined into an export compiled
// for size (docs/size.md, "Kernels for speed, the rest for size").
template <class In, class Out>
[[gnu::noinline]] double locate_many(const ChunkGrid& g, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets);

// `n` indices along one axis.
template <class In, class Out>
[[gnu::noinline]] double locate_axis(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets);
extern template double locate_many<double, double>(const ChunkGrid&, uintptr_t, size_t, uintptr_t, uintptr_t);
extern template double locate_many<uint64_t, uint64_t>(const ChunkGrid&, uintptr_t, size_t, uintptr_t, uintptr_t);
extern template double locate_axis<double, double>(const ChunkGrid&, size_t, uintptr_t, size_t, uintptr_t, uintptr_t);
extern template double locate_axis<uint64_t, uint64_t>(const ChunkGrid&, size_t, uintptr_t, size_t, uintptr_t, uintptr_t);

// origin, shape and data shape of one chunk: ndim uint64 coordinates in,
// then 3 x ndim uint64 values out (see docs/wasm-boundary.md).
bool chunk_geometry(const ChunkGrid& g, uintptr_t coords, uintptr_t out);

}  // namespace zr::wasm
