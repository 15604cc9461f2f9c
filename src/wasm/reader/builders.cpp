#include "builders.hpp"

#include <span>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "metadata.hpp"

namespace zr::wasm {

namespace {

ReadOptions read_options(bool strict) { return {strict ? Quirks::Refuse : Quirks::Read}; }

}  // namespace

uintptr_t read_grid_metadata(uintptr_t text, size_t length, bool strict) {
  return outcome_block(zr::read_grid_metadata(bytes_at(text, length), read_options(strict)));
}
uintptr_t read_chunk_shapes(uintptr_t text, size_t length) {
  return outcome_block(zr::read_chunk_shapes(bytes_at(text, length)));
}
uintptr_t read_edges(uintptr_t text, size_t length) { return outcome_block(zr::read_edges(bytes_at(text, length))); }

}  // namespace zr::wasm
