#include "lookups.hpp"

namespace zr::wasm {

namespace {
double row_or_none(size_t row) { return row == npos ? -1 : static_cast<double>(row); }
}  // namespace

template <class In, class Out>
double locate_many(const ChunkGrid& g, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets) {
  return row_or_none(g.locate_many(std::span(at<const In>(in), n), at<Out>(chunks), at<Out>(offsets)));
}
template double locate_many<double, double>(const ChunkGrid&, uintptr_t, size_t, uintptr_t, uintptr_t);
template double locate_many<uint64_t, uint64_t>(const ChunkGrid&, uintptr_t, size_t, uintptr_t, uintptr_t);

template <class In, class Out>
double locate_axis(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets) {
  if (!axis_of(g, axis)) return 0;  // the first element names the failure
  return row_or_none(g.locate_axis(axis, std::span(at<const In>(in), n), at<Out>(chunks), at<Out>(offsets)));
}
template double locate_axis<double, double>(const ChunkGrid&, size_t, uintptr_t, size_t, uintptr_t, uintptr_t);
template double locate_axis<uint64_t, uint64_t>(const ChunkGrid&, size_t, uintptr_t, size_t, uintptr_t, uintptr_t);

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
