#include "lookups.hpp"

namespace zr::wasm {

bool chunk_geometry(const ChunkGrid& g, uintptr_t coords, uintptr_t out) {
  std::span<const uint64_t> c(at<const uint64_t>(coords), g.ndim());
  if (!g.in_declared_grid(c)) return false;
  std::span<uint64_t> o(at<uint64_t>(out), 3 * g.ndim());
  g.chunk_origin(c, o.subspan(0, g.ndim()));
  g.chunk_shape(c, o.subspan(g.ndim(), g.ndim()));
  g.chunk_data_shape(c, o.subspan(2 * g.ndim(), g.ndim()));
  return true;
}

}  // namespace zr::wasm
