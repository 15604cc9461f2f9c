#include "axis_window.hpp"

#include <algorithm>

namespace zr {

AxisChunk axis_chunk(const Axis& axis, uint64_t chunk) {
  if (chunk >= axis.declared_count()) return {};
  return {chunk, axis.origin(chunk), axis.size(chunk), axis.data_size(chunk), true};
}

AxisChunk chunk_at(const Axis& axis, uint64_t element) {
  if (element >= axis.edge_sum()) return {};
  return axis_chunk(axis, axis.locate(element).chunk);
}

ChunkRange chunk_range(const Axis& axis, uint64_t start, uint64_t stop) {
  stop = std::min(stop, axis.edge_sum());
  if (start >= stop) return {};
  return {axis.locate(start).chunk, axis.locate(stop - 1).chunk + 1};
}

std::optional<std::vector<ChunkGroup>> chunk_groups(const Axis& axis, uint64_t start, uint64_t stop,
                                                    uint64_t min_size, size_t max_groups) {
  std::vector<ChunkGroup> out;
  const ChunkRange range = chunk_range(axis, start, stop);
  min_size = std::max<uint64_t>(min_size, 1);
  const uint64_t sum = axis.edge_sum();
  uint64_t chunk = range.first;
  while (chunk < range.stop) {
    if (out.size() == max_groups) return std::nullopt;
    const uint64_t origin = axis.origin(chunk);
    uint64_t next = chunk + 1;
    if (axis.size(chunk) < min_size) {
      // The chunk holding origin + min_size ends the group. Any chunk of at
      // least min_size that starts inside the group's span holds that
      // element, so it is the only one that can be long: it then starts a
      // group of its own.
      const uint64_t target = origin + std::min(min_size, sum - origin);
      if (target >= sum) {
        next = axis.declared_count();
      } else {
        const Located at = axis.locate(target);
        next = at.size >= min_size ? at.chunk : at.chunk + 1;
      }
    }
    const uint64_t last = next - 1;
    const uint64_t last_origin = axis.origin(last);
    out.push_back({chunk, next - chunk, origin, last_origin, last_origin + axis.size(last)});
    chunk = next;
  }
  return out;
}

}  // namespace zr
