// What an axis holds, summed up from its runs (never from expanded edges):
// its counts, and the data sizes of its active chunks, as runs and as
// statistics.
#pragma once
#include <cstdint>
#include <vector>

#include "axis.hpp"

namespace zr {

// The counts of an axis (docs/glossary.md), in O(1).
struct AxisCounts {
  uint64_t length = 0;
  uint64_t edge_sum = 0;
  uint64_t active_count = 0;
  uint64_t declared_count = 0;
  bool is_step = false;
};
AxisCounts counts_of(const Axis& axis);

// Calls emit(run) for the data sizes of the active chunks, as maximal runs:
// every run of the axis that lies inside the array, then the last active
// chunk's data size where the array ends inside it. Nothing on a
// zero-length axis. O(runs), with no allocation.
template <class Emit>
void for_each_data_run(const Axis& axis, Emit&& emit);

std::vector<Run> data_runs(const Axis& axis);

// Over the data sizes of the active chunks; all 0 when there are none.
// The most common size is the first to reach the largest count.
struct DataSizeStats {
  uint64_t smallest = 0;
  uint64_t largest = 0;
  uint64_t most_common = 0;
  uint64_t most_common_count = 0;
};
// O(runs) time, O(distinct sizes) memory.
DataSizeStats data_size_stats(const Axis& axis);

template <class Emit>
void for_each_data_run(const Axis& axis, Emit&& emit) {
  Run pending{0, 0};
  const auto push = [&](Run run) {
    if (pending.count > 0 && pending.size == run.size) {
      pending.count += run.count;
      return;
    }
    if (pending.count > 0) emit(pending);
    pending = run;
  };
  uint64_t remaining = axis.length();
  for (const Run& run : axis.runs()) {
    if (remaining == 0) break;
    const uint64_t whole = remaining / run.size < run.count ? remaining / run.size : run.count;
    if (whole > 0) push({run.size, whole});
    remaining -= whole * run.size;  // at most `remaining`: no overflow
    if (whole < run.count && remaining > 0) {
      push({remaining, 1});
      remaining = 0;
    }
  }
  if (pending.count > 0) emit(pending);
}

}  // namespace zr
