#include "chunk_grid.hpp"

#include "checked.hpp"

namespace zr {

std::vector<uint64_t> ChunkGrid::shape() const {
  std::vector<uint64_t> out;
  for (const Axis& a : axes_) out.push_back(a.length());
  return out;
}

std::vector<uint64_t> ChunkGrid::grid_shape() const {
  std::vector<uint64_t> out;
  for (const Axis& a : axes_) out.push_back(a.active_count());
  return out;
}

std::vector<uint64_t> ChunkGrid::declared_grid_shape() const {
  std::vector<uint64_t> out;
  for (const Axis& a : axes_) out.push_back(a.declared_count());
  return out;
}

std::optional<uint64_t> ChunkGrid::num_chunks() const {
  // An axis without chunks makes the product 0, however large the rest.
  for (const Axis& a : axes_) {
    if (a.active_count() == 0) return 0;
  }
  uint64_t n = 1;
  for (const Axis& a : axes_) {
    const auto next = checked_mul(n, a.active_count());
    if (!next) return std::nullopt;
    n = *next;
  }
  return n;
}

bool ChunkGrid::is_regular() const {
  for (const Axis& a : axes_) {
    if (!a.is_step()) return false;
  }
  return true;
}

bool ChunkGrid::in_declared_grid(std::span<const uint64_t> coords) const {
  for (size_t d = 0; d < axes_.size(); ++d) {
    if (coords[d] >= axes_[d].declared_count()) return false;
  }
  return true;
}

void ChunkGrid::chunk_origin(std::span<const uint64_t> coords, std::span<uint64_t> out) const {
  for (size_t d = 0; d < axes_.size(); ++d) out[d] = axes_[d].origin(coords[d]);
}

void ChunkGrid::chunk_shape(std::span<const uint64_t> coords, std::span<uint64_t> out) const {
  for (size_t d = 0; d < axes_.size(); ++d) out[d] = axes_[d].size(coords[d]);
}

void ChunkGrid::chunk_data_shape(std::span<const uint64_t> coords, std::span<uint64_t> out) const {
  for (size_t d = 0; d < axes_.size(); ++d) out[d] = axes_[d].data_size(coords[d]);
}

Expected<ChunkGrid, AxisFaultAt> ChunkGrid::resize(std::span<const uint64_t> new_shape,
                                                   std::span<const std::vector<uint64_t>> appended) const {
  std::vector<Axis> axes;
  axes.reserve(axes_.size());
  for (size_t d = 0; d < axes_.size(); ++d) {
    auto axis = axes_[d].resize(new_shape[d], d < appended.size() ? std::span(appended[d]) : std::span<const uint64_t>());
    if (!axis) return AxisFaultAt{d, axis.error()};
    axes.push_back(std::move(*axis));
  }
  return ChunkGrid(std::move(axes));
}

}  // namespace zr
