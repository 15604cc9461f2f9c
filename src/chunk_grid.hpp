// An N-d chunk grid: one Axis per dimension. Every N-d question is a
// product of per-axis answers.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "axis.hpp"

namespace zr {

inline constexpr size_t npos = static_cast<size_t>(-1);

// An index element as given by a caller: an exact uint64, or a double that
// must be a non-negative integer.
inline bool to_index(uint64_t v, uint64_t& out) {
  out = v;
  return true;
}
// A double above 2^53 - 1 may already be rounded, so it is not an exact index.
inline constexpr double kMaxExactDouble = 9007199254740991.0;
// Conversions go through int64, which is exact here (values stay below
// 2^53): WebAssembly on x86 converts signed integers in one instruction,
// unsigned ones in several.
inline bool to_index(double v, uint64_t& out) {
  if (!(v >= 0 && v <= kMaxExactDouble) || std::floor(v) != v) return false;
  out = static_cast<uint64_t>(static_cast<int64_t>(v));
  return true;
}

// A lookup result (at most its index) in the caller's type.
template <class Out, class In>
Out as_result(uint64_t v) {
  if constexpr (std::is_same_v<In, double>) return static_cast<Out>(static_cast<int64_t>(v));
  else return static_cast<Out>(v);
}

struct AxisFaultAt {
  size_t axis;
  AxisFault fault;
};

class ChunkGrid {
 public:
  explicit ChunkGrid(std::vector<Axis> axes) : axes_(std::move(axes)) {}

  size_t ndim() const { return axes_.size(); }
  const Axis& axis(size_t i) const { return axes_[i]; }
  std::vector<uint64_t> shape() const;
  std::vector<uint64_t> grid_shape() const;           // active chunks per axis
  std::vector<uint64_t> declared_grid_shape() const;  // every declared cell
  std::optional<uint64_t> num_chunks() const;         // nullopt on uint64 overflow
  bool is_regular() const;

  // 1-d batch along one axis. Returns npos, or the first element that is
  // not an index inside the axis length.
  // Output is uint64_t, or double (exact: outputs never exceed the inputs).
  template <class T, class Out>
  size_t locate_axis(size_t axis, std::span<const T> indices, Out* chunks, Out* offsets) const;

  // Row-major n x ndim batch. Returns npos, or the first row with an
  // element outside the array shape.
  template <class T, class Out>
  size_t locate_many(std::span<const T> indices, Out* chunks, Out* offsets) const;

  // `coords` has ndim entries. False when any lies outside the declared grid.
  bool in_declared_grid(std::span<const uint64_t> coords) const;
  // Preconditions for these three: in_declared_grid(coords); `out` has ndim entries.
  void chunk_origin(std::span<const uint64_t> coords, std::span<uint64_t> out) const;
  void chunk_shape(std::span<const uint64_t> coords, std::span<uint64_t> out) const;
  void chunk_data_shape(std::span<const uint64_t> coords, std::span<uint64_t> out) const;

  // `appended[i]` are the edges to append on axis i (see Axis::resize).
  Expected<ChunkGrid, AxisFaultAt> resize(std::span<const uint64_t> new_shape,
                                          std::span<const std::vector<uint64_t>> appended) const;

  bool operator==(const ChunkGrid& other) const { return axes_ == other.axes_; }

 private:
  std::vector<Axis> axes_;
};

// The chunk that answered the last lookup on one axis, as the elements
// [origin, origin + span) it holds inside the axis. Sorted or locally
// coherent indices (rows of a region, a scan) mostly fall in it and are
// answered by a subtraction; any other index searches and takes its place.
// Random indices pay one well-predicted compare for it.
template <class Out, class In>
class LastChunk {
 public:
  explicit LastChunk(const Axis& axis) : axis_(&axis) {}

  // False when `index` lies outside the axis.
  bool locate(uint64_t index, Out& chunk, Out& offset) {
    const uint64_t within = index - origin_;
    if (within < span_) {
      chunk = chunk_;
      offset = as_result<Out, In>(within);
      return true;
    }
    if (index >= axis_->length()) return false;
    const Located at = axis_->locate_inlined(index);
    origin_ = index - at.offset;
    span_ = std::min(at.size, axis_->length() - origin_);
    chunk_ = as_result<Out, In>(at.chunk);
    chunk = chunk_;
    offset = as_result<Out, In>(at.offset);
    return true;
  }

 private:
  const Axis* axis_;
  uint64_t origin_ = 0, span_ = 0;  // empty until the first lookup
  Out chunk_ = 0;
};

template <class T, class Out>
size_t ChunkGrid::locate_axis(size_t axis, std::span<const T> indices, Out* chunks, Out* offsets) const {
  LastChunk<Out, T> last(axes_[axis]);
  for (size_t i = 0; i < indices.size(); ++i) {
    uint64_t index;
    if (!to_index(indices[i], index) || !last.locate(index, chunks[i], offsets[i])) return i;
  }
  return npos;
}

template <class T, class Out>
size_t ChunkGrid::locate_many(std::span<const T> indices, Out* chunks, Out* offsets) const {
  const size_t nd = axes_.size();
  if (nd == 0) return npos;
  std::vector<LastChunk<Out, T>> last(axes_.begin(), axes_.end());
  const size_t rows = indices.size() / nd;
  for (size_t row = 0, k = 0; row < rows; ++row) {
    for (size_t d = 0; d < nd; ++d, ++k) {
      uint64_t index;
      if (!to_index(indices[k], index) || !last[d].locate(index, chunks[k], offsets[k])) return row;
    }
  }
  return npos;
}

}  // namespace zr
