#include "projections.hpp"

#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include "arguments.hpp"

namespace zr::wasm {

namespace {

// The element range and step of a slice argument. False for a step of 0.
bool slice_range(const Axis& a, const SliceArg& s, Range& range, uint64_t& step) {
  if (s.step == 0) return false;
  SliceSpec spec;
  if (s.has_start) spec.start = SignedIndex{s.start_negative, s.start};
  if (s.has_stop) spec.stop = SignedIndex{s.stop_negative, s.stop};
  spec.step = s.step;
  step = s.blocks ? 1 : s.step;
  range = s.blocks ? zr::block_range(a, spec) : zr::normalize_slice(a.length(), spec);
  return true;
}

}  // namespace

double slice_bound(const ChunkGrid& g, size_t axis, const SliceArg& spec) {
  const Axis* a = axis_of(g, axis);
  Range range;
  uint64_t step;
  if (!a || !slice_range(*a, spec, range, step)) return -1;
  return static_cast<double>(zr::slice_entry_bound(*a, range, step));
}

namespace {

template <class T>
double slice_into_as(const ChunkGrid& g, size_t axis, const SliceArg& spec, uintptr_t out, size_t capacity,
                  uint64_t first_chunk) {
  const Axis* a = axis_of(g, axis);
  Range range;
  uint64_t step;
  if (!a || !slice_range(*a, spec, range, step)) return -1;
  const auto same = [](uint64_t v) { return v; };
  if constexpr (std::is_same_v<T, uint64_t>) {
    return static_cast<double>(zr::write_slice_columns(*a, range, step, at<uint64_t>(out), capacity, same, first_chunk));
  } else {
    // No value exceeds the axis length (nor does a chunk index: every chunk
    // holds an element). Below 2^53 a signed conversion, one instruction, is exact.
    if (static_cast<double>(a->length()) <= kMaxSafe) {
      const auto to_double = [](uint64_t v) { return static_cast<double>(static_cast<int64_t>(v)); };
      return static_cast<double>(
          zr::write_slice_columns(*a, range, step, at<double>(out), capacity, to_double, first_chunk));
    }
    // A longer axis: uint64 first, then converted in place where exact.
    const size_t n = zr::write_slice_columns(*a, range, step, at<uint64_t>(out), capacity, same, first_chunk);
    for (size_t k = 0; k < 5; ++k) {
      for (uintptr_t cell = out + k * capacity * 8; cell < out + (k * capacity + n) * 8; cell += 8) {
        uint64_t v;
        std::memcpy(&v, at<void>(cell), 8);
        const double d = static_cast<double>(v);
        if (d > kMaxSafe) return -1;
        std::memcpy(at<void>(cell), &d, 8);
      }
    }
    return static_cast<double>(n);
  }
}

Columns points_columns(PointsProjection p) {
  return Columns({std::move(p.chunks), std::move(p.starts), std::move(p.stops), std::move(p.offsets),
                  std::move(p.positions)});
}

}  // namespace

double slice_into(const ChunkGrid& g, size_t axis, const SliceArg& spec, uintptr_t out, size_t capacity,
                  bool as_double, uint64_t first_chunk) {
  return as_double ? slice_into_as<double>(g, axis, spec, out, capacity, first_chunk)
                   : slice_into_as<uint64_t>(g, axis, spec, out, capacity, first_chunk);
}

SliceRange slice_range_of(const ChunkGrid& g, size_t axis, const SliceArg& spec) {
  const Axis* a = axis_of(g, axis);
  Range range;
  uint64_t step;
  if (!a || !slice_range(*a, spec, range, step)) return {};
  return {true, range.start, range.stop, step, zr::slice_length(range, step)};
}

SliceChunks slice_chunks(const ChunkGrid& g, size_t axis, const SliceArg& spec) {
  const Axis* a = axis_of(g, axis);
  Range range;
  uint64_t step;
  if (!a || !slice_range(*a, spec, range, step)) return {};
  return zr::slice_chunks(*a, range, step);
}

IntegerAt project_integer(const ChunkGrid& g, size_t axis, bool negative, uint64_t magnitude) {
  const Axis* a = axis_of(g, axis);
  if (!a) return {};
  const auto index = zr::resolve_index(a->length(), {negative, magnitude});
  if (!index) return {};
  const Located located = a->locate(*index);
  return {true, located.chunk, located.offset};
}

template <class T>
Columns project_points(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n) {
  const Axis* a = axis_of(g, axis);
  if (!a) return Columns::failed(0);
  auto p = zr::project_points(*a, std::span(at<const T>(in), n));
  return p ? points_columns(std::move(*p)) : Columns::failed(p.error());
}
template Columns project_points<double>(const ChunkGrid&, size_t, uintptr_t, size_t);
template Columns project_points<int64_t>(const ChunkGrid&, size_t, uintptr_t, size_t);
template Columns project_points<uint64_t>(const ChunkGrid&, size_t, uintptr_t, size_t);

Columns project_points_signed(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n) {
  const Axis* a = axis_of(g, axis);
  if (!a) return Columns::failed(0);
  const uint64_t* pairs = at<const uint64_t>(in);
  std::vector<SignedIndex> values(n);
  for (size_t i = 0; i < n; ++i) values[i] = {pairs[2 * i] != 0, pairs[2 * i + 1]};
  auto p = zr::project_points(*a, std::span<const SignedIndex>(values));
  return p ? points_columns(std::move(*p)) : Columns::failed(p.error());
}

Columns project_mask(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n) {
  const Axis* a = axis_of(g, axis);
  if (!a || n != a->length()) return Columns::failed(0);
  return points_columns(zr::project_mask(*a, std::span(at<const uint8_t>(in), n)));
}

}  // namespace zr::wasm
