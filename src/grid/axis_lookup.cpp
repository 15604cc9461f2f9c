// An axis's answers per index and per chunk: the search the batch lookups
// fall back on, and what the projections' loops ask per chunk (the
// forward walk, a chunk's origin and size). They are compiled for speed
// where the rest of the module is compiled for size (CMakeLists.txt,
// docs/size.md "Kernels for speed, the rest for size"); building an axis
// is in axis.cpp.
#include <algorithm>

#include "axis.hpp"

namespace zr {

Located Axis::locate(uint64_t index) const { return lookup().locate(index); }

Located AxisLookup::locate_in_table(uint64_t index) const {
  // Exact: index < edge sum < 2^53.
  const size_t c = table_chunk(static_cast<double>(static_cast<int64_t>(index)));
  const auto start = static_cast<uint64_t>(static_cast<int64_t>(chunk_starts[c]));
  const auto end = static_cast<uint64_t>(static_cast<int64_t>(chunk_starts[c + 1]));
  return {c, index - start, end - start};
}

size_t AxisLookup::run_by_search(uint64_t index) const {
  return static_cast<size_t>(std::upper_bound(starts, starts + run_count + 1, index) - starts) - 1;
}

size_t Axis::run_of_chunk(uint64_t chunk) const {
  return static_cast<size_t>(std::upper_bound(firsts_.begin(), firsts_.end(), chunk) - firsts_.begin()) - 1;
}

Located Axis::locate_forward(uint64_t index, size_t& run) const {
  if (step_ != 0) return locate(index);
  // A few steps forward, merge-style; a long jump or a step back searches.
  constexpr int kSteps = 4;
  if (index >= starts_[run]) {
    for (int k = 0; k < kSteps && starts_[run + 1] <= index; ++k) ++run;
  }
  const AxisLookup tables = lookup();
  if (index < starts_[run] || starts_[run + 1] <= index) run = tables.run_of_index(index);
  return tables.in_run(run, index);
}

uint64_t Axis::origin(uint64_t chunk) const {
  if (step_ != 0) return chunk * step_;
  const size_t r = run_of_chunk(chunk);
  return starts_[r] + (chunk - firsts_[r]) * runs()[r].size;
}

uint64_t Axis::size(uint64_t chunk) const {
  if (step_ != 0) return step_;
  return runs()[run_of_chunk(chunk)].size;
}

uint64_t Axis::data_size(uint64_t chunk) const {
  const uint64_t start = origin(chunk);
  if (start >= length_) return 0;
  return std::min(size(chunk), length_ - start);
}

}  // namespace zr
