#include "axis_summary.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace zr {

AxisCounts counts_of(const Axis& axis) {
  return {axis.length(), axis.edge_sum(), axis.active_count(), axis.declared_count(), axis.is_step()};
}

std::vector<Run> data_runs(const Axis& axis) {
  std::vector<Run> out;
  for_each_data_run(axis, [&](Run run) { out.push_back(run); });
  return out;
}

namespace {

// The count of each distinct size, in order of first appearance: an
// open-addressed table of places in that order (std::unordered_map's
// primes and nodes cost the module kilobytes for this one use).
class SizeCounts {
 public:
  void add(Run run) {
    if ((sizes_.size() + 1) * 2 > slots_.size()) grow();
    size_t at = slot_of(run.size);
    if (slots_[at] == 0) {
      sizes_.push_back(run);
      slots_[at] = sizes_.size();
    } else {
      sizes_[slots_[at] - 1].count += run.count;
    }
  }
  const std::vector<Run>& in_order() const { return sizes_; }

 private:
  // The slot holding `size`, or the empty one where it would go.
  size_t slot_of(uint64_t size) const {
    const size_t mask = slots_.size() - 1;
    size_t at = static_cast<size_t>((size * 0x9E3779B97F4A7C15ull) >> 32) & mask;
    while (slots_[at] != 0 && sizes_[slots_[at] - 1].size != size) at = (at + 1) & mask;
    return at;
  }
  void grow() {
    slots_.assign(std::max<size_t>(16, slots_.size() * 2), 0);
    for (size_t k = 0; k < sizes_.size(); ++k) slots_[slot_of(sizes_[k].size)] = k + 1;
  }
  std::vector<Run> sizes_;     // each distinct size with its count so far
  std::vector<size_t> slots_;  // 0, or a place in sizes_ plus one
};

}  // namespace

DataSizeStats data_size_stats(const Axis& axis) {
  DataSizeStats s;
  // Counts never overflow: they add up to the active count. The order of
  // first appearance settles ties.
  SizeCounts counts;
  for_each_data_run(axis, [&](Run run) { counts.add(run); });
  const std::vector<Run>& sizes = counts.in_order();
  if (sizes.empty()) return s;
  s.smallest = s.largest = sizes.front().size;
  for (const Run& r : sizes) {
    s.smallest = std::min(s.smallest, r.size);
    s.largest = std::max(s.largest, r.size);
    if (r.count > s.most_common_count) {
      s.most_common_count = r.count;
      s.most_common = r.size;
    }
  }
  return s;
}

}  // namespace zr
