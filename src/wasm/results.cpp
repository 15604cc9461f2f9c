#include "results.hpp"

#include <algorithm>
#include <memory>

#include "answer_block.hpp"

namespace zr::wasm {

uintptr_t outcome_block(GridRead&& read, double failed_axis, double failed_part) {
  // Held until the block is made, so that running out of memory on the
  // way frees it.
  std::unique_ptr<ChunkGrid> grid;
  if (read.grid) grid = std::make_unique<ChunkGrid>(std::move(*read.grid));
  AnswerBlock block;
  block.number(static_cast<double>(reinterpret_cast<uintptr_t>(grid.get())));
  block.number(failed_axis);
  block.number(failed_part);
  write_problems(block, read.errors);
  write_problems(block, read.warnings);
  const uintptr_t answer = block.release();
  grid.release();
  return answer;
}

uintptr_t Columns::block() const {
  // Written in place, not through an AnswerBlock: a projection's columns
  // may be large, and are copied once.
  size_t values = 0;
  for (const auto& c : columns_) values += c.size();
  const size_t words = 2 + columns_.size() + values;
  uint64_t* out = new_block(words, 0);
  *out++ = columns_.size();
  *out++ = failed_;
  for (const auto& c : columns_) *out++ = c.size();
  for (const auto& c : columns_) out = std::copy(c.begin(), c.end(), out);
  return reinterpret_cast<uintptr_t>(out - words - 2);
}

}  // namespace zr::wasm
