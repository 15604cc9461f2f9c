// The modules' small answers (an axis's counts, a chunk, a slice's
// range, ...) and its one small argument (a slice), as uint64 words at an
// address the wrapper passes, in the order each X-list below gives. The
// lists have one source, here: zr_struct_layouts() hands them, with their
// JS names, to the wrapper (js/wasm/grid-module.js), which reads and writes the
// words by them. A name's first character may say how its word reads in JS:
// '?' a boolean; '#' a 128-bit sum, in two words (high, low), read as
// decimal text; none, a bigint.
#pragma once
#include <cstdint>

#include "arguments.hpp"
#include "axis_summary.hpp"
#include "axis_window.hpp"
#include "out_of_memory.hpp"
#include "rechunk_plan.hpp"
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

// The element range [start, stop) and step a slice argument selects, and
// how many elements that is.
struct SliceRange {
  bool ok = false;
  uint64_t start = 0, stop = 0, step = 1, length = 0;
};

// An integer selection, counted from the end when negative. `found` is
// false when it lies outside the axis.
struct IntegerAt {
  bool found = false;
  uint64_t chunk = 0, offset = 0;
};

// One axis of a rechunk plan; `ok` is false for a missing axis or
// different lengths.
struct AxisOverlapOut {
  bool ok = false;
  AxisOverlap overlap;
};

#define ZR_SLICE_ARG_WORDS(X) \
  X(has_start, "?hasStart") X(start_negative, "?startNegative") X(start, "start") X(has_stop, "?hasStop") \
  X(stop_negative, "?stopNegative") X(stop, "stop") X(step, "step") X(blocks, "?blocks")
#define ZR_AXIS_COUNTS_WORDS(X) \
  X(length, "length") X(edge_sum, "edgeSum") X(active_count, "activeCount") \
  X(declared_count, "declaredCount") X(is_step, "?isStep")
#define ZR_DATA_SIZE_STATS_WORDS(X) \
  X(smallest, "smallest") X(largest, "largest") X(most_common, "mostCommon") X(most_common_count, "mostCommonCount")
#define ZR_AXIS_CHUNK_WORDS(X) \
  X(found, "?found") X(chunk, "chunk") X(origin, "origin") X(size, "size") X(data_size, "dataSize")
#define ZR_CHUNK_RANGE_WORDS(X) X(first, "first") X(stop, "stop")
#define ZR_SLICE_RANGE_WORDS(X) \
  X(ok, "?ok") X(start, "start") X(stop, "stop") X(step, "step") X(length, "length")
#define ZR_SLICE_CHUNKS_WORDS(X) \
  X(first, "first") X(stop, "stop") X(count, "count") X(exact, "?exact") X(every, "?every")
#define ZR_INTEGER_AT_WORDS(X) X(found, "?found") X(chunk, "chunk") X(offset, "offset")
#define ZR_AXIS_OVERLAP_WORDS(X) \
  X(ok, "?ok") X(overlap.length, "length") X(overlap.source_chunks, "sourceChunks") \
  X(overlap.target_chunks, "targetChunks") X(overlap.max_reads, "maxReads") X(overlap.reads, "#reads") \
  X(overlap.read_elements, "#readElements")

// Every layout: its JS name, its type and its list.
#define ZR_STRUCT_WORDS(X)                          \
  X("SliceArg", SliceArg, ZR_SLICE_ARG_WORDS)       \
  X("AxisCounts", AxisCounts, ZR_AXIS_COUNTS_WORDS) \
  X("DataSizeStats", DataSizeStats, ZR_DATA_SIZE_STATS_WORDS) \
  X("AxisChunk", AxisChunk, ZR_AXIS_CHUNK_WORDS)    \
  X("ChunkRange", ChunkRange, ZR_CHUNK_RANGE_WORDS) \
  X("SliceRange", SliceRange, ZR_SLICE_RANGE_WORDS) \
  X("SliceChunks", SliceChunks, ZR_SLICE_CHUNKS_WORDS) \
  X("IntegerAt", IntegerAt, ZR_INTEGER_AT_WORDS)    \
  X("AxisOverlap", AxisOverlapOut, ZR_AXIS_OVERLAP_WORDS)

inline void put_word(uint64_t*& out, uint64_t v) { *out++ = v; }
inline void put_word(uint64_t*& out, bool v) { *out++ = v; }
inline void put_word(uint64_t*& out, u128 v) {
  *out++ = static_cast<uint64_t>(v >> 64);
  *out++ = static_cast<uint64_t>(v);
}

// Writes `value` as words at `out`, in its list's order.
#define ZR_PUT_WORD(member, name) put_word(out, value.member);
#define ZR_WRITE_WORDS(js_name, Type, LIST)           \
  inline void write_words(const Type& value, uint64_t* out) { LIST(ZR_PUT_WORD) }
ZR_STRUCT_WORDS(ZR_WRITE_WORDS)
#undef ZR_WRITE_WORDS
#undef ZR_PUT_WORD

// Writes `run()`'s answer as words at `out`: 1, or 0 with the flag raised
// when memory ran out (out_of_memory.hpp).
template <class Run>
int words_of(uintptr_t out, Run&& run) {
  return guard<int>([&] {
    write_words(run(), at<uint64_t>(out));
    return 1;
  });
}

// A SliceArg read from its words.
inline SliceArg read_slice_arg(const uint64_t* in) {
  SliceArg s;
#define ZR_GET_WORD(member, name) s.member = static_cast<decltype(s.member)>(*in++);
  ZR_SLICE_ARG_WORDS(ZR_GET_WORD)
#undef ZR_GET_WORD
  return s;
}

// "SliceArg:?hasStart,?startNegative,...;AxisCounts:...;": every layout.
#define ZR_LAYOUT_NAME(member, name) name ","
#define ZR_LAYOUT(js_name, Type, LIST) js_name ":" LIST(ZR_LAYOUT_NAME) ";"
inline constexpr const char kStructLayouts[] = ZR_STRUCT_WORDS(ZR_LAYOUT);
#undef ZR_LAYOUT
#undef ZR_LAYOUT_NAME

}  // namespace zr::wasm
