// How arguments arrive from the JS wrapper: addresses into the wasm heap
// (filled and read by the wrapper, which computes them from its own typed
// arrays), and axis numbers, which every entry point checks. Shared by the
// grid module's topics and the document module (docs/wasm-boundary.md).
#pragma once
#include <cstdint>
#include <string_view>

#include "chunk_grid.hpp"

namespace zr::wasm {

// 2^53 - 1: a value past it is not exact as a double.
inline constexpr double kMaxSafe = 9007199254740991.0;

template <class T>
T* at(uintptr_t address) {
  return reinterpret_cast<T*>(address);
}

inline std::string_view bytes_at(uintptr_t address, size_t length) { return {at<const char>(address), length}; }

// The axis `axis` of a grid, or nullptr when there is none.
inline const Axis* axis_of(const ChunkGrid& g, size_t axis) { return axis < g.ndim() ? &g.axis(axis) : nullptr; }

}  // namespace zr::wasm
