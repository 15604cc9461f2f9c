#include "grid_builders.hpp"

#include <algorithm>
#include <vector>

#include "checked.hpp"

namespace zr {

Expected<ChunkGrid, AxisFaultAt> trimmed_grid(std::span<const uint64_t> shape, std::span<const uint64_t> chunk_shape) {
  std::vector<Axis> axes;
  axes.reserve(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    const uint64_t length = shape[d], edge = chunk_shape[d];
    const bool exact = edge == 0 || length % edge == 0;  // a step of 0 is refused by from_step
    std::vector<Run> runs;
    if (!exact) {
      if (length / edge > 0) runs.push_back({edge, length / edge});
      runs.push_back({length % edge, 1});
    }
    auto axis = exact ? Axis::from_step(length, edge) : Axis::from_runs(length, std::move(runs));
    if (!axis) return AxisFaultAt{d, axis.error()};
    axes.push_back(std::move(*axis));
  }
  return ChunkGrid(std::move(axes));
}

namespace {

std::string part_axis(size_t part, size_t axis) {
  return "part " + std::to_string(part) + ", axis " + std::to_string(axis);
}

// Same length and the same declared edges, run by run (maximal runs, so a
// step axis 4 on length 8 equals the list [4, 4]).
bool same_edges(const Axis& a, const Axis& b) {
  return a.length() == b.length() && std::equal(a.runs().begin(), a.runs().end(), b.runs().begin(), b.runs().end());
}

}  // namespace

Expected<ChunkGrid, ConcatFault> concat_grids(std::span<const ChunkGrid* const> parts, size_t axis) {
  if (parts.empty()) return ConcatFault{0, axis, ProblemCode::Missing, "found no grids; expected at least one"};
  const ChunkGrid& first = *parts[0];
  if (axis >= first.ndim()) {
    return ConcatFault{0, axis, ProblemCode::AxisCount,
                       "found axis " + std::to_string(axis) + "; the grids have " + std::to_string(first.ndim()) + " axes"};
  }
  uint64_t length = 0;
  bool all_step = true;
  std::vector<Run> runs;
  for (size_t k = 0; k < parts.size(); ++k) {
    const ChunkGrid& part = *parts[k];
    if (part.ndim() != first.ndim()) {
      return ConcatFault{k, axis, ProblemCode::AxisCount,
                         "part " + std::to_string(k) + " has " + std::to_string(part.ndim()) + " axes; part 0 has " +
                             std::to_string(first.ndim())};
    }
    for (size_t d = 0; d < part.ndim(); ++d) {
      if (d == axis || same_edges(part.axis(d), first.axis(d))) continue;
      const bool lengths = part.axis(d).length() != first.axis(d).length();
      return ConcatFault{k, d, ProblemCode::Invalid,
                         part_axis(k, d) + (lengths ? ": found length " + std::to_string(part.axis(d).length()) +
                                                           "; expected " + std::to_string(first.axis(d).length()) + ", as in part 0"
                                                     : ": found other declared edges than part 0; every axis but the "
                                                       "concatenation axis must declare the same edges")};
    }
    const Axis& along = part.axis(axis);
    if (k + 1 < parts.size() && along.edge_sum() != along.length()) {
      return ConcatFault{k, axis, ProblemCode::Invalid,
                         part_axis(k, axis) + ": its edges sum to " + std::to_string(along.edge_sum()) +
                             ", past its length " + std::to_string(along.length()) +
                             "; every part but the last must end at its own length (no overflow chunks)"};
    }
    const auto total = checked_add(length, along.length());
    if (!total) {
      return ConcatFault{k, axis, ProblemCode::Overflow,
                         part_axis(k, axis) + ": the concatenated length passes 2^64 - 1"};
    }
    length = *total;
    all_step = all_step && along.is_step() && along.step() == first.axis(axis).step();
    runs.insert(runs.end(), along.runs().begin(), along.runs().end());
  }
  std::vector<Axis> axes;
  for (size_t d = 0; d < first.ndim(); ++d) {
    if (d != axis) {
      axes.push_back(first.axis(d));
      continue;
    }
    // Every part but the last ends at a multiple of the step, so the step
    // axis on the total length declares exactly the parts' edges.
    auto built = all_step ? Axis::from_step(length, first.axis(axis).step())
          : runs.empty() ? Axis::from_step(0, std::max<uint64_t>(first.axis(axis).step(), 1))
                         : Axis::from_runs(length, std::move(runs));
    if (!built) {
      return ConcatFault{parts.size() - 1, axis, ProblemCode::Overflow,
                         "axis " + std::to_string(axis) + ": the concatenated edges pass 2^64 - 1"};
    }
    axes.push_back(std::move(*built));
  }
  return ChunkGrid(std::move(axes));
}

}  // namespace zr
