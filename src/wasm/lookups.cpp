#include "lookups.hpp"

#include <emscripten/em_macros.h>

#include "out_of_memory.hpp"

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

// The scalar lookup as a plain export: a call through Embind costs about a
// microsecond in a build without dynamic code (-sDYNAMIC_EXECUTION=0), a
// plain export tens of nanoseconds. `grid` is what Grid.address() gave.
extern "C" EMSCRIPTEN_KEEPALIVE double zr_locate_f64(uintptr_t grid, uintptr_t in, size_t n, uintptr_t chunks,
                                                     uintptr_t offsets) {
  using namespace zr::wasm;
  const zr::ChunkGrid& g = *at<const zr::ChunkGrid>(grid);
  return guard<double>([&] { return locate_many<double, double>(g, in, n, chunks, offsets); });
}
