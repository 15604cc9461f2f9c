#include "plans.hpp"

#include <span>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "axis_summary.hpp"
#include "grid_builders.hpp"
#include "metadata.hpp"
#include "rechunk_plan.hpp"

namespace zr::wasm {

namespace {

// A grid built axis by axis (resize, trimmed), or the problem of the axis
// that failed, at `base`/<axis>, checked against its length.
uintptr_t axis_outcome(Expected<ChunkGrid, AxisFaultAt>&& built, std::span<const uint64_t> lengths,
                         std::string_view base) {
  GridRead read;
  if (built) {
    read.grid = std::move(*built);
    return outcome_block(std::move(read));
  }
  const size_t axis = built.error().axis;
  Problem problem = zr::axis_problem(built.error().fault, lengths[axis]);
  problem.path = pointer_append(base, axis);
  read.errors.push_back(std::move(problem));
  return outcome_block(std::move(read), static_cast<double>(axis));
}

}  // namespace

uintptr_t resize(const ChunkGrid& g, uintptr_t shape, uintptr_t counts, uintptr_t edges) {
  std::span<const uint64_t> new_shape(at<const uint64_t>(shape), g.ndim());
  std::vector<std::vector<uint64_t>> appended(g.ndim());
  const uint64_t* e = at<const uint64_t>(edges);
  for (size_t d = 0; d < g.ndim(); ++d) {
    const uint64_t n = at<const uint64_t>(counts)[d];
    appended[d].assign(e, e + n);
    e += n;
  }
  return axis_outcome(g.resize(new_shape, appended), new_shape, "");
}

uintptr_t trimmed_grid(uintptr_t shape, uintptr_t chunks, size_t ndim) {
  std::span<const uint64_t> lengths(at<const uint64_t>(shape), ndim);
  return axis_outcome(zr::trimmed_grid(lengths, std::span(at<const uint64_t>(chunks), ndim)), lengths, "/chunkShape");
}

uintptr_t concat_grids(uintptr_t grids, size_t n, size_t axis) {
  std::vector<const ChunkGrid*> parts(n);
  for (size_t k = 0; k < n; ++k) parts[k] = at<const ChunkGrid>(at<const uint32_t>(grids)[k]);
  auto joined = zr::concat_grids(parts, axis);
  GridRead read;
  if (joined) {
    read.grid = std::move(*joined);
    return outcome_block(std::move(read));
  }
  const ConcatFault& f = joined.error();
  read.errors.push_back({pointer_append("", f.part), f.message, f.code});
  return outcome_block(std::move(read), static_cast<double>(f.axis), static_cast<double>(f.part));
}

AxisOverlapOut axis_overlap(const ChunkGrid& source, const ChunkGrid& target, size_t axis) {
  const Axis *s = axis_of(source, axis), *t = axis_of(target, axis);
  if (!s || !t || s->length() != t->length()) return {};
  return {true, zr::axis_overlap(*s, *t)};
}

Columns axis_sources(const ChunkGrid& source, const ChunkGrid& target, size_t axis, uint64_t first, uint64_t stop) {
  const Axis *s = axis_of(source, axis), *t = axis_of(target, axis);
  if (!s || !t || s->length() != t->length()) return Columns::failed(0);
  auto sources = zr::axis_sources(*s, *t, first, stop);
  if (!sources) return Columns::failed(0);
  return Columns({std::move(sources->target), std::move(sources->source_first), std::move(sources->source_stop)});
}

DataSizeStats data_size_stats(const ChunkGrid& g, size_t axis) {
  const Axis* a = axis_of(g, axis);
  return a ? zr::data_size_stats(*a) : DataSizeStats{};
}

}  // namespace zr::wasm
