// How arguments arrive from the JS wrapper: addresses into the wasm heap
// (filled and read by the wrapper, which computes them from its own typed
// arrays), and axis numbers, which every entry point checks. Shared by the
// reader module's topics and the tools module (docs/wasm-boundary.md).
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "chunk_grid.hpp"

namespace zr::wasm {

// 2^53 - 1: a value past it is not exact as a double.
inline constexpr double kMaxSafe = 9007199254740991.0;

template <class T>
T* at(uintptr_t address) {
  return reinterpret_cast<T*>(address);
}

inline std::string_view bytes_at(uintptr_t address, size_t length) { return {at<const char>(address), length}; }

// The grid a ChunkGrid's address names (one the wrapper owns).
inline const ChunkGrid& grid_at(uintptr_t grid) { return *at<const ChunkGrid>(grid); }

// The `count` strings (JSON Pointers, keys) that are UTF-8 bytes one after
// another at `strings`, their lengths uint32 at `lengths`: how a list of
// them crosses from the wrapper (js/wasm/wasm-module.js, withPointers).
inline std::vector<std::string_view> string_views(uintptr_t strings, uintptr_t lengths, size_t count) {
  std::vector<std::string_view> views(count);
  for (size_t i = 0; i < count; ++i) {
    views[i] = bytes_at(strings, at<const uint32_t>(lengths)[i]);
    strings += views[i].size();
  }
  return views;
}

// The axis `axis` of a grid, or nullptr when there is none.
inline const Axis* axis_of(const ChunkGrid& g, size_t axis) { return axis < g.ndim() ? &g.axis(axis) : nullptr; }

}  // namespace zr::wasm
