// What carries a call's answer back to the JS wrapper: a built grid or its
// problems (GridOutcome), and columns of uint64 values (Columns), each
// handed over as an answer block (answer_block.hpp) that the wrapper reads
// and frees (docs/wasm-boundary.md).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "chunk_grid.hpp"
#include "metadata.hpp"
#include "problem.hpp"

namespace zr::wasm {

// The outcome of building a grid, as an answer block whose words are
// doubles: the address of the grid (a ChunkGrid the wrapper owns and frees
// with zr_grid_free), or 0 when none was built; the axis a resize or a
// concatenation failed on, or -1; the part a concatenation failed on, or
// -1; then the errors and the warnings (write_problems). Throws
// std::bad_alloc, with nothing held, when memory runs out.
uintptr_t outcome_block(GridRead&& read, double failed_axis = -1, double failed_part = -1);

// Columns of uint64 values made by the core (runs, chunk groups, points
// projections, the places of JSON Pointers), handed over as an answer
// block (answer_block.hpp) whose words are uint64: the number of columns
// C, the input element that was refused plus one (0 when none), C
// lengths, then the columns one after another. js/wasm/wasm-module.js reads it
// (copyColumns), after zr_columns_to_doubles where doubles are wanted.
class Columns {
 public:
  Columns() = default;
  explicit Columns(std::vector<std::vector<uint64_t>> columns) : columns_(std::move(columns)) {}
  static Columns failed(size_t element) {
    Columns c;
    c.failed_ = element + 1;
    return c;
  }
  // Throws std::bad_alloc when the block cannot be had.
  uintptr_t block() const;

 private:
  std::vector<std::vector<uint64_t>> columns_;
  uint64_t failed_ = 0;
};

}  // namespace zr::wasm
