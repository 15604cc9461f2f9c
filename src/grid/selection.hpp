// Per-axis selections turned into per-chunk projections. Each axis is
// projected on its own; the product over axes is the caller's, so memory
// stays O(sum over axes).
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "axis.hpp"
#include "chunk_grid.hpp"

namespace zr {

// A signed selection value beyond int64: sign and magnitude, so that both
// -(2^64 - 1) and 2^64 - 1 are representable.
struct SignedIndex {
  bool negative = false;
  uint64_t magnitude = 0;
};

struct SliceSpec {
  std::optional<SignedIndex> start, stop;  // nullopt: Python's default
  uint64_t step = 1;                       // must be >= 1
};

// Python's slice.indices() for a positive step: a half-open range inside
// [0, length], with start <= stop.
struct Range {
  uint64_t start, stop;
};
Range normalize_slice(uint64_t length, const SliceSpec& spec);

// The elements a normalized slice selects: its length in the result.
uint64_t slice_length(Range range, uint64_t step);

// A negative index counts from the end. nullopt when outside [0, length).
std::optional<uint64_t> resolve_index(uint64_t length, SignedIndex index);

// Elements of chunks [first, last) of the axis, clipped to the array;
// first and last follow Python slice rules over the active chunk count.
Range block_range(const Axis& axis, const SliceSpec& blocks);

// The chunks a slice selects on an axis, without listing them: the first
// and last chunk that hold a selected element, and how many do. With step 1,
// or a step no longer than the shortest chunk between, every chunk in
// [first, stop) is selected (`every`); with a step at least the longest, each
// selected element has a chunk of its own. Between the two the count is
// exact up to kExactSliceChunks chunks in [first, stop), else an upper bound
// (`exact` false). O(runs in the range).
struct SliceChunks {
  uint64_t first = 0, stop = 0;  // empty: both 0
  uint64_t count = 0;
  bool exact = true;
  bool every = true;
};
inline constexpr uint64_t kExactSliceChunks = uint64_t(1) << 20;
SliceChunks slice_chunks(const Axis& axis, Range range, uint64_t step);

// One entry per chunk that holds a selected element. `starts`/`stops` are
// chunk-local (stop clipped to the chunk's data), outputs are
// [out_starts, out_stops) with step 1.
struct SliceProjection {
  uint64_t step = 1;
  std::vector<uint64_t> chunks, starts, stops, out_starts, out_stops;
};
SliceProjection project_slice(const Axis& axis, Range range, uint64_t step);

// The same, streamed: emit(chunk, start, stop, out_start, out_stop) for each
// chunk in order, so a caller can write straight into its own buffers; it
// returns false to stop. From `first_chunk` on, the stream starts at the
// first chunk at or after it that holds a selected element, with the same
// entries as the whole stream has there.
template <class Emit>
void for_each_slice_chunk(const Axis& axis, Range range, uint64_t step, Emit&& emit, uint64_t first_chunk = 0);

// The same, written as five columns (chunks, starts, stops, out starts, out
// stops) of `capacity` entries each from `columns`, every value passed
// through `convert`: at most `capacity` entries, from `first_chunk` on (see
// for_each_slice_chunk). Returns the entries written. With a capacity of
// slice_entry_bound, that is every entry; with less, a caller writes the
// rest in pieces, each from the chunk after the last one written.
template <class T, class Convert>
size_t write_slice_columns(const Axis& axis, Range range, uint64_t step, T* columns, size_t capacity, Convert convert,
                           uint64_t first_chunk = 0);

// At least as many entries as project_slice gives: one per chunk in the
// range, and at most one per selected element.
uint64_t slice_entry_bound(const Axis& axis, Range range, uint64_t step);

// Orthogonal selection by an integer array or a mask, grouped by chunk in
// ascending order. For chunks[i], the local indices are
// offsets[starts[i]:stops[i]] and they fill output positions[starts[i]:stops[i]].
struct PointsProjection {
  std::vector<uint64_t> chunks, starts, stops, offsets, positions;
};

// Negative values count from the end. On failure, the position of the first
// element that is not an integer inside the axis.
template <class T>
Expected<PointsProjection, size_t> project_points(const Axis& axis, std::span<const T> values);

// A mask has exactly the axis length; true (non-zero) entries are selected.
PointsProjection project_mask(const Axis& axis, std::span<const uint8_t> mask);

// --- implementation of the template ---

inline bool to_signed(double v, SignedIndex& out) {
  if (!(std::floor(v) == v) || !(v >= -kMaxExactDouble && v <= kMaxExactDouble)) return false;
  out = {v < 0, static_cast<uint64_t>(v < 0 ? -v : v)};
  return true;
}
inline bool to_signed(int64_t v, SignedIndex& out) {
  out = {v < 0, v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v)};
  return true;
}
inline bool to_signed(uint64_t v, SignedIndex& out) {
  out = {false, v};
  return true;
}
inline bool to_signed(SignedIndex v, SignedIndex& out) {
  out = v;
  return true;
}

PointsProjection group_points(std::vector<Located> located);

uint64_t ceil_div_fast(uint64_t a, uint64_t b);

template <class Emit>
void for_each_slice_chunk(const Axis& axis, Range range, uint64_t step, Emit&& emit, uint64_t first_chunk) {
  const uint64_t stop = std::min(range.stop, axis.length());
  if (range.start >= stop) return;
  // Positions up to stop + step fit in uint64, so the walk over whole chunks
  // below needs no overflow checks.
  const bool roomy = stop <= UINT64_MAX - step;
  uint64_t pos = range.start;
  uint64_t produced = 0;
  if (first_chunk > 0) {
    if (first_chunk >= axis.declared_count()) return;
    const uint64_t origin = axis.origin(first_chunk);
    if (origin > pos) {
      // The first selected element at or after `origin`, and how many come
      // before it; none when it would reach `stop` (so nothing overflows).
      produced = ceil_div_fast(origin - pos, step);
      if (produced > (stop - 1 - range.start) / step) return;
      pos = range.start + produced * step;
    }
  }
  size_t run = 0;
  Located at = axis.locate_forward(pos, run);
  for (;;) {
    const uint64_t origin = pos - at.offset;
    const uint64_t limit = std::min(stop, origin + at.size);
    const uint64_t count = step == 1 ? limit - pos : ceil_div_fast(limit - pos, step);
    if (!emit(at.chunk, at.offset, limit - origin, produced, produced + count)) return;
    produced += count;
    // The next selected element is the first one past this chunk's data.
    uint64_t advance, next;
    if (__builtin_mul_overflow(count, step, &advance) || __builtin_add_overflow(pos, advance, &next) || next >= stop) {
      return;
    }
    const uint64_t size = at.size;
    if (!roomy || step > size) {
      at = axis.locate_forward(next, run);
      pos = next;
      continue;
    }
    // step <= size: every chunk of this run selects something, and the next
    // local start r is below step. Whole chunks then need no division: each
    // holds n0 or n0 - 1 selected elements, n0 - 1 exactly when r >= t, and
    // the next chunk's r is r + n * step - size.
    uint64_t chunk = at.chunk + 1, o = origin + size, r = next - o;
    const uint64_t end = axis.run_end(run);
    const uint64_t n0 = ceil_div_fast(size, step), t = size - (n0 - 1) * step, grow = n0 * step - size;
    const uint64_t whole = std::min(end - chunk, (stop - o) / size);
    for (const uint64_t last = chunk + whole; chunk < last; ++chunk) {
      const bool fewer = r >= t;
      const uint64_t n = n0 - fewer;
      if (!emit(chunk, r, size, produced, produced + n)) return;
      produced += n;
      r = r + grow - (fewer ? step : 0);
    }
    o += whole * size;
    pos = o + r;
    if (pos >= stop) return;
    at = chunk < end ? Located{chunk, r, size} : axis.locate_forward(pos, run);
  }
}

template <class T, class Convert>
size_t write_slice_columns(const Axis& axis, Range range, uint64_t step, T* columns, size_t capacity, Convert convert,
                           uint64_t first_chunk) {
  size_t n = 0;
  if (capacity == 0) return 0;
  for_each_slice_chunk(axis, range, step, [&](uint64_t c, uint64_t s, uint64_t e, uint64_t os, uint64_t oe) {
    columns[n] = convert(c);
    columns[capacity + n] = convert(s);
    columns[2 * capacity + n] = convert(e);
    columns[3 * capacity + n] = convert(os);
    columns[4 * capacity + n] = convert(oe);
    return ++n < capacity;
  }, first_chunk);
  return n;
}

template <class T>
Expected<PointsProjection, size_t> project_points(const Axis& axis, std::span<const T> values) {
  std::vector<Located> located(values.size());
  size_t hint = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    SignedIndex v;
    std::optional<uint64_t> index;
    if (!to_signed(values[i], v) || !(index = resolve_index(axis.length(), v))) return i;
    located[i] = axis.locate_forward(*index, hint);
  }
  return group_points(std::move(located));
}

}  // namespace zr
