// The handles that carry a call's answer back to the JS wrapper: a built
// grid or its problems (GridOutcome), and columns of uint64 values
// (Columns), which the wrapper copies out and frees (docs/wasm-boundary.md).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "chunk_grid.hpp"
#include "metadata.hpp"
#include "problem.hpp"

namespace zr::wasm {

// The outcome of building a grid: the grid, or every problem found (and,
// from a resize, the axis that could not be resized).
class GridOutcome {
 public:
  explicit GridOutcome(GridRead read = {}, double failed_axis = -1, double failed_part = -1)
      : read_(std::move(read)), failed_axis_(failed_axis), failed_part_(failed_part) {}
  bool ok() const { return read_.grid.has_value(); }
  double failed_axis() const { return failed_axis_; }
  // From a concatenation: the part where the first problem was found.
  double failed_part() const { return failed_part_; }
  // Moves the grid out, so a large grid is never held twice: call it once.
  ChunkGrid grid() { return std::move(*read_.grid); }
  Problems errors() const { return read_.errors; }
  Problems warnings() const { return read_.warnings; }

 private:
  GridRead read_;
  double failed_axis_;
  double failed_part_;
};

// Columns of uint64 values made by the core, copied out by the wrapper:
// runs, chunk groups, points projections. `failed` names the input element
// that was refused, or is -1.
class Columns {
 public:
  Columns() = default;
  explicit Columns(std::vector<std::vector<uint64_t>> columns) : columns_(std::move(columns)) {}
  static Columns failed(size_t element) {
    Columns c;
    c.failed_ = static_cast<double>(element);
    return c;
  }

  double failed_at() const { return failed_; }
  size_t count() const { return columns_.size(); }
  size_t length(size_t column) const { return column < columns_.size() ? columns_[column].size() : 0; }
  // Writes the columns one after another, as uint64 or as doubles; false
  // (and nothing more written) if a value is not exact as a double.
  bool copy(uintptr_t out, bool as_double) const;

 private:
  std::vector<std::vector<uint64_t>> columns_;
  double failed_ = -1;
};

}  // namespace zr::wasm
