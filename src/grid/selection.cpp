#include "selection.hpp"

#include "checked.hpp"

namespace zr {

namespace {

// Python's clamping of one slice bound into [0, length].
uint64_t clamp_bound(uint64_t length, SignedIndex bound) {
  if (!bound.negative || bound.magnitude == 0) return std::min(bound.magnitude, length);  // -0 is 0
  return bound.magnitude >= length ? 0 : length - bound.magnitude;
}

}  // namespace

Range normalize_slice(uint64_t length, const SliceSpec& spec) {
  const uint64_t start = spec.start ? clamp_bound(length, *spec.start) : 0;
  const uint64_t stop = spec.stop ? clamp_bound(length, *spec.stop) : length;
  return {start, std::max(start, stop)};
}

uint64_t slice_length(Range range, uint64_t step) {
  return range.start >= range.stop ? 0 : ceil_div(range.stop - range.start, step);
}

std::optional<uint64_t> resolve_index(uint64_t length, SignedIndex index) {
  if (!index.negative || index.magnitude == 0) {  // -0 is 0
    if (index.magnitude >= length) return std::nullopt;
    return index.magnitude;
  }
  if (index.magnitude > length) return std::nullopt;
  return length - index.magnitude;
}

Range block_range(const Axis& axis, const SliceSpec& blocks) {
  const Range chunks = normalize_slice(axis.active_count(), blocks);
  if (chunks.start == chunks.stop) return {0, 0};
  const auto element = [&](uint64_t chunk) {
    return chunk >= axis.active_count() ? axis.length() : axis.origin(chunk);
  };
  return {element(chunks.start), element(chunks.stop)};
}

// ceil(a / b), in 32 bits where the values fit: several times cheaper.
uint64_t ceil_div_fast(uint64_t a, uint64_t b) {
  if ((a | b) >> 32 == 0) {
    const auto a32 = static_cast<uint32_t>(a), b32 = static_cast<uint32_t>(b);
    return a32 / b32 + (a32 % b32 != 0);
  }
  return ceil_div(a, b);
}

uint64_t slice_entry_bound(const Axis& axis, Range range, uint64_t step) {
  if (range.start >= range.stop) return 0;
  const uint64_t first = axis.locate(range.start).chunk, last = axis.locate(range.stop - 1).chunk;
  return std::min(last - first + 1, ceil_div(range.stop - range.start, step));
}

SliceProjection project_slice(const Axis& axis, Range range, uint64_t step) {
  SliceProjection out;
  out.step = step;
  const uint64_t entries = slice_entry_bound(axis, range, step);
  for (auto* column : {&out.chunks, &out.starts, &out.stops, &out.out_starts, &out.out_stops}) column->reserve(entries);
  for_each_slice_chunk(axis, range, step, [&](uint64_t chunk, uint64_t start, uint64_t stop, uint64_t out_start, uint64_t out_stop) {
    out.chunks.push_back(chunk);
    out.starts.push_back(start);
    out.stops.push_back(stop);
    out.out_starts.push_back(out_start);
    out.out_stops.push_back(out_stop);
    return true;
  });
  return out;
}

PointsProjection group_points(std::vector<Located> located) {
  const size_t n = located.size();
  // Positions ordered by chunk, each chunk's in the order given: counted
  // into place when the chunks span at most twice the points (the usual
  // case, in O(n)), else sorted as (chunk, position) pairs, which are all
  // different, so that std::sort keeps that order too.
  std::vector<std::pair<uint64_t, uint64_t>> order(n);
  uint64_t low = UINT64_MAX, high = 0;
  for (const Located& l : located) low = std::min(low, l.chunk), high = std::max(high, l.chunk);
  if (n > 0 && high - low < 2 * uint64_t(n)) {
    std::vector<size_t> next(high - low + 2, 0);
    for (const Located& l : located) ++next[l.chunk - low + 1];
    for (size_t c = 1; c < next.size(); ++c) next[c] += next[c - 1];
    for (size_t i = 0; i < n; ++i) order[next[located[i].chunk - low]++] = {located[i].chunk, i};
  } else {
    for (size_t i = 0; i < n; ++i) order[i] = {located[i].chunk, i};
    std::sort(order.begin(), order.end());
  }
  PointsProjection out;
  out.offsets.reserve(n);
  out.positions.reserve(n);
  for (size_t k = 0; k < n; ++k) {
    const auto [chunk, i] = order[k];
    if (out.chunks.empty() || out.chunks.back() != chunk) {
      if (!out.chunks.empty()) out.stops.push_back(k);
      out.chunks.push_back(chunk);
      out.starts.push_back(k);
    }
    out.offsets.push_back(located[i].offset);
    out.positions.push_back(i);
  }
  if (!out.chunks.empty()) out.stops.push_back(n);
  return out;
}

PointsProjection project_mask(const Axis& axis, std::span<const uint8_t> mask) {
  std::vector<Located> located;
  size_t hint = 0;
  for (size_t i = 0; i < mask.size(); ++i) {
    if (mask[i]) located.push_back(axis.locate_forward(i, hint));
  }
  return group_points(std::move(located));
}

SliceChunks slice_chunks(const Axis& axis, Range range, uint64_t step) {
  const uint64_t stop = std::min(range.stop, axis.length());
  if (range.start >= stop) return {};
  const uint64_t selected = ceil_div_fast(stop - range.start, step);
  const uint64_t last_element = range.start + (selected - 1) * step;  // below stop: no overflow
  const uint64_t first = axis.locate(range.start).chunk;
  const uint64_t last = axis.locate(last_element).chunk;
  const uint64_t span = last - first + 1;
  SliceChunks out{first, last + 1, span, true, true};
  if (step == 1) return out;
  uint64_t smallest = UINT64_MAX, largest = 0;
  const size_t last_run = axis.run_of_chunk(last);
  for (size_t r = axis.run_of_chunk(first); r <= last_run; ++r) {
    smallest = std::min(smallest, axis.runs()[r].size);
    largest = std::max(largest, axis.runs()[r].size);
  }
  if (step <= smallest) return out;
  out.every = false;
  if (step >= largest) {
    out.count = selected;
    return out;
  }
  if (span <= kExactSliceChunks) {
    uint64_t count = 0;
    for_each_slice_chunk(axis, range, step, [&](uint64_t, uint64_t, uint64_t, uint64_t, uint64_t) {
      ++count;
      return true;
    });
    out.count = count;
    return out;
  }
  out.count = std::min(span, selected);
  out.exact = false;
  return out;
}

}  // namespace zr
