// Projections: what a selection along one axis selects, chunk by chunk —
// slices and block ranges (through the plain exports zr_slice_bound and
// zr_slice_into, and sliceRange, sliceChunks), integers, integer arrays and
// masks (docs/wasm-boundary.md).
#pragma once
#include <cstdint>

#include <emscripten/val.h>

#include "chunk_grid.hpp"
#include "results.hpp"
#include "selection.hpp"

namespace zr::wasm {

// A slice, or with `blocks` a range of chunks, as Python writes it: each
// bound may be absent, or a sign and a magnitude up to 2^64 - 1.
struct SliceArg {
  bool has_start = false, start_negative = false;
  uint64_t start = 0;
  bool has_stop = false, stop_negative = false;
  uint64_t stop = 0;
  uint64_t step = 1;
  bool blocks = false;
};

// The fields of a SliceArg with their JS names, in the order of the uint64
// words the plain exports read: listed once here for the value_object, the
// reading of the words and the layout the wrapper writes them by
// (sliceArgWords, read by js/selection.js at load).
#define ZR_SLICE_ARG_FIELDS(X)       \
  X(has_start, "hasStart")           \
  X(start_negative, "startNegative") \
  X(start, "start")                  \
  X(has_stop, "hasStop")             \
  X(stop_negative, "stopNegative")   \
  X(stop, "stop")                    \
  X(step, "step")                    \
  X(blocks, "blocks")

// The JS names of the words, in order, as a JS array.
emscripten::val slice_arg_words();

// The element range [start, stop) and step a slice argument selects, and
// how many elements that is.
struct SliceRange {
  bool ok = false;
  uint64_t start = 0, stop = 0, step = 1, length = 0;
};
SliceRange slice_range_of(const ChunkGrid& g, size_t axis, const SliceArg& spec);
SliceChunks slice_chunks(const ChunkGrid& g, size_t axis, const SliceArg& spec);

// An integer selection, counted from the end when negative. `found` is
// false when it lies outside the axis.
struct IntegerAt {
  bool found = false;
  uint64_t chunk = 0, offset = 0;
};
IntegerAt project_integer(const ChunkGrid& g, size_t axis, bool negative, uint64_t magnitude);

// `n` indices of type T (double, int64_t or uint64_t) at `in`.
template <class T>
Columns project_points(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n);
extern template Columns project_points<double>(const ChunkGrid&, size_t, uintptr_t, size_t);
extern template Columns project_points<int64_t>(const ChunkGrid&, size_t, uintptr_t, size_t);
extern template Columns project_points<uint64_t>(const ChunkGrid&, size_t, uintptr_t, size_t);
// Indices as (negative flag, magnitude) pairs of uint64: selections whose
// values reach past int64 on either side.
Columns project_points_signed(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n);
// `n` bytes, one per element of the axis.
Columns project_mask(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n);

}  // namespace zr::wasm
