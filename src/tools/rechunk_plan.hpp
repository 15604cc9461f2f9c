// A rechunk plan: how the chunks of a target grid read the chunks of a
// source grid of the same shape. Totals come from a merge of the two axes'
// data runs, O(runs of both) per axis (each step an O(log) arithmetic), so
// axes of 10^9 chunks and more are never expanded.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "axis.hpp"

namespace zr {

using u128 = unsigned __int128;

// One axis of a plan, over active chunks only. A target chunk "reads" the
// source chunks its data span meets.
struct AxisOverlap {
  uint64_t length = 0;
  uint64_t source_chunks = 0;  // active counts
  uint64_t target_chunks = 0;
  uint64_t max_reads = 0;      // the most source chunks one target chunk reads; 0 when none
  u128 reads = 0;              // source chunks read, summed over the target chunks
  u128 read_elements = 0;      // their data sizes, summed over the target chunks (at most length^2)
};

// Precondition: source.length() == target.length().
AxisOverlap axis_overlap(const Axis& source, const Axis& target);

// For target chunks [first, stop): the source chunks [source_first,
// source_stop) each one reads. nullopt when stop passes the target's active
// count or first > stop.
struct AxisSources {
  std::vector<uint64_t> target, source_first, source_stop;
};
std::optional<AxisSources> axis_sources(const Axis& source, const Axis& target, uint64_t first, uint64_t stop);

// Exposed for tests: the least x >= 0 with (a x) mod m in [lo, hi], or
// kNoSolution. Preconditions: lo <= hi < m. O(log m).
inline constexpr u128 kNoSolution = ~u128(0);
u128 first_multiple_in(u128 a, u128 m, u128 lo, u128 hi);

std::string to_decimal(u128 value);

}  // namespace zr
