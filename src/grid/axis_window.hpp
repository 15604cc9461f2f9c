// Which chunks of an axis meet a span of elements, answered in O(log runs)
// per answer: what a drawing of a window needs, even on an axis of 10^9
// chunks, without ever listing the chunks it cannot show one by one.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "axis.hpp"

namespace zr {

// One declared chunk of an axis; `found` is false for a chunk or element
// past the declared ones (then the rest is 0).
struct AxisChunk {
  uint64_t chunk = 0;
  uint64_t origin = 0;
  uint64_t size = 0;
  uint64_t data_size = 0;
  bool found = false;
};
AxisChunk axis_chunk(const Axis& axis, uint64_t chunk);
// The chunk that holds element `element` of the declared edges: past the
// array's length too, up to the edge sum.
AxisChunk chunk_at(const Axis& axis, uint64_t element);

// Declared chunks [first, stop).
struct ChunkRange {
  uint64_t first = 0;
  uint64_t stop = 0;
};

// The declared chunks that meet elements [start, stop), overflow chunks
// included (the span is clipped to [0, edge sum)). Empty: first == stop == 0.
ChunkRange chunk_range(const Axis& axis, uint64_t start, uint64_t stop);

// Consecutive declared chunks [first, first + count): the chunk boundaries
// of a window, at a resolution.
struct ChunkGroup {
  uint64_t first = 0;
  uint64_t count = 0;
  uint64_t origin = 0;       // of the first chunk
  uint64_t last_origin = 0;  // of the last chunk: the group's last boundary
  uint64_t end = 0;          // where the last chunk ends
};

// The declared chunks that meet elements [start, stop), in order, grouped:
// a chunk of at least `min_size` elements is a group of its own; shorter
// neighbours join into groups that span at least `min_size` elements (but
// the last). So there are at most 2 (stop - start) / min_size + 2 groups,
// each found in O(log runs). nullopt past `max_groups` groups.
std::optional<std::vector<ChunkGroup>> chunk_groups(const Axis& axis, uint64_t start, uint64_t stop,
                                                    uint64_t min_size, size_t max_groups);

}  // namespace zr
