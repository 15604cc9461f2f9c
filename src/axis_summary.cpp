#include "axis_summary.hpp"

#include <algorithm>
#include <unordered_map>

namespace zr {

AxisCounts counts_of(const Axis& axis) {
  return {axis.length(), axis.edge_sum(), axis.active_count(), axis.declared_count(), axis.is_step()};
}

std::vector<Run> data_runs(const Axis& axis) {
  std::vector<Run> out;
  for_each_data_run(axis, [&](Run run) { out.push_back(run); });
  return out;
}

DataSizeStats data_size_stats(const Axis& axis) {
  DataSizeStats s;
  // Counts never overflow: they add up to the active count. The order of
  // first appearance settles ties.
  std::unordered_map<uint64_t, uint64_t> counts;
  std::vector<uint64_t> order;
  for_each_data_run(axis, [&](Run run) {
    if (order.empty()) s.smallest = s.largest = run.size;
    s.smallest = std::min(s.smallest, run.size);
    s.largest = std::max(s.largest, run.size);
    auto [at, added] = counts.try_emplace(run.size, 0);
    if (added) order.push_back(run.size);
    at->second += run.count;
  });
  for (uint64_t size : order) {
    if (counts[size] > s.most_common_count) {
      s.most_common_count = counts[size];
      s.most_common = size;
    }
  }
  return s;
}

}  // namespace zr
