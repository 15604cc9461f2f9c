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
#include "axis_column.hpp"

namespace zr {

inline constexpr size_t npos = static_cast<size_t>(-1);

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
  // Row-major rows of axes.size() indices over `axes`; as locate_many.
  template <class T, class Out>
  static size_t locate_rows(std::span<const Axis> axes, std::span<const T> indices, Out* chunks, Out* offsets);

  std::vector<Axis> axes_;
};

template <class T, class Out>
size_t ChunkGrid::locate_axis(size_t axis, std::span<const T> indices, Out* chunks, Out* offsets) const {
  return locate_rows(std::span(&axes_[axis], 1), indices, chunks, offsets);
}

template <class T, class Out>
size_t ChunkGrid::locate_many(std::span<const T> indices, Out* chunks, Out* offsets) const {
  return locate_rows(std::span<const Axis>(axes_), indices, chunks, offsets);
}

// Axis by axis within a tile of rows, so that each axis's loop keeps its
// tables in registers, and the tile (values and results) stays in cache
// for the next axis. An axis that finds a bad row ends the tile there for
// the axes after it: the first bad row over all axes is reported.
template <class T, class Out>
size_t ChunkGrid::locate_rows(std::span<const Axis> axes, std::span<const T> indices, Out* chunks, Out* offsets) {
  const size_t nd = axes.size();
  if (nd == 0) return npos;
  std::vector<AxisColumn<Out, T>> columns(axes.begin(), axes.end());
  const size_t rows = indices.size() / nd;
  constexpr size_t kTile = 512;
  for (size_t start = 0; start < rows; start += kTile) {
    const size_t tile = std::min(rows - start, kTile);
    size_t good = tile;
    for (size_t d = 0; d < nd; ++d) {
      const size_t k = start * nd + d;
      good = columns[d].locate(indices.data() + k, nd, good, chunks + k, offsets + k);
    }
    if (good < tile) return start + good;
  }
  return npos;
}

}  // namespace zr
