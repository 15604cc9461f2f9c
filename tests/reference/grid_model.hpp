// The reference model of a chunk grid's axes, shared by the Catch2 property
// tests (tests/cpp/property.test.cpp) and the fuzzer (tests/fuzz/). It holds
// only plain loops over what the metadata declares: no index, no search and
// no code from src/, so that when the core and the model disagree, the core
// is the suspect.
//
// Two models of one axis:
//   AxisModel walks the declared runs one by one. It answers for any axis,
//     up to an edge sum of 2^64 - 1.
//   EdgeModel writes every declared edge out and scans their cumulative
//     sums: the lookup procedure of the spec, step by step. Only for axes
//     with few declared edges.
//
// A question a model cannot answer (an index past the edges, a chunk past
// the declared count) throws std::logic_error: the test that asked it is
// wrong.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace zr_model {

using u64 = std::uint64_t;
using u128 = unsigned __int128;
inline constexpr u64 kMax = ~u64(0);

// One declared item of a chunk_shapes entry: `count` edges of `size` (a
// plain edge is a run of one).
struct Run {
  u64 size, count;
};

struct Located {
  u64 chunk, offset;
};

struct AxisModel {
  u64 length = 0;
  bool is_step = false;
  u64 step = 0;           // the declared integer, for a step axis
  std::vector<Run> runs;  // as declared, equal neighbours not merged; a step axis has one, or none at length 0
  std::vector<u64> start;  // start[k]: the first element of run k; the last entry is `sum`
  std::vector<u64> first;  // first[k]: the first chunk of run k; the last entry is `declared`
  u64 declared = 0, sum = 0, active = 0;

  // nullopt unless the runs make an axis: positive sizes and counts, and an
  // edge sum that fits in 64 bits and reaches `length`.
  static std::optional<AxisModel> of_runs(u64 length, std::vector<Run> runs) {
    u128 sum = 0;
    for (const Run& r : runs) {
      if (r.size == 0 || r.count == 0) return std::nullopt;
      sum += u128(r.size) * r.count;  // checked at each step: a few products could pass 2^128
      if (sum > kMax) return std::nullopt;
    }
    if (sum < length) return std::nullopt;
    AxisModel a;
    a.length = length;
    a.runs = std::move(runs);
    a.index();
    return a;
  }

  // nullopt when `step` is 0, or when ceil(length / step) edges of `step`
  // would pass 2^64 - 1.
  static std::optional<AxisModel> of_step(u64 length, u64 step) {
    if (step == 0) return std::nullopt;
    std::vector<Run> runs;
    if (length > 0) {
      const u128 count = (u128(length) + step - 1) / step;
      if (count * step > kMax) return std::nullopt;
      runs.push_back({step, u64(count)});
    }
    auto a = of_runs(length, std::move(runs));
    a->is_step = true;
    a->step = step;
    return a;
  }

  // The chunk holding element `i` and the offset inside it.
  Located locate(u64 i) const {
    for (size_t k = 0; k < runs.size(); ++k) {
      if (i < start[k + 1]) {
        const u64 within = i - start[k];
        return {first[k] + within / runs[k].size, within % runs[k].size};
      }
    }
    throw std::logic_error("reference locate past the edge sum");
  }
  u64 origin(u64 c) const {
    for (size_t k = 0; k < runs.size(); ++k) {
      if (c < first[k + 1]) return start[k] + (c - first[k]) * runs[k].size;
    }
    throw std::logic_error("reference origin past the declared count");
  }
  u64 size(u64 c) const {
    for (size_t k = 0; k < runs.size(); ++k) {
      if (c < first[k + 1]) return runs[k].size;
    }
    throw std::logic_error("reference size past the declared count");
  }
  // The part of chunk c inside the array: 0 for a chunk wholly past it.
  u64 data_size(u64 c) const {
    const u64 o = origin(c);
    if (o >= length) return 0;
    return std::min<u64>(size(c), length - o);
  }

 private:
  // Prefix sums over the runs; of_runs has checked that they fit.
  void index() {
    start.assign(1, 0);
    first.assign(1, 0);
    for (const Run& r : runs) {
      start.push_back(start.back() + r.size * r.count);
      first.push_back(first.back() + r.count);
    }
    declared = first.back();
    sum = start.back();
    // Active chunks: those whose origin is below the length.
    active = 0;
    for (size_t k = 0; k < runs.size(); ++k) {
      if (start[k] >= length) break;
      const u128 span = std::min<u64>(length, start[k + 1]) - start[k];
      active += u64((span + runs[k].size - 1) / runs[k].size);
    }
  }
};

struct EdgeModel {
  u64 length = 0;
  bool is_step = false;
  u64 step = 0;
  std::vector<u64> edges;  // every declared edge

  explicit EdgeModel(const AxisModel& axis) : length(axis.length), is_step(axis.is_step), step(axis.step) {
    for (const Run& r : axis.runs) edges.insert(edges.end(), r.count, r.size);
    sums_.push_back(0);
    for (u64 e : edges) sums_.push_back(sums_.back() + e);
  }

  // The sum of the edges before chunk c; c may be the declared count.
  u64 origin(u64 c) const { return sums_.at(c); }
  u64 edge_sum() const { return sums_.back(); }
  u64 data_size(u64 c) const {
    const u64 o = origin(c);
    return o >= length ? 0 : std::min(edges.at(c), length - o);
  }
  u64 active() const {
    u64 n = 0;
    while (n < edges.size() && origin(n) < length) ++n;
    return n;
  }
  // The spec's procedure: the first cumulative sum that exceeds the index.
  Located locate(u64 i) const {
    for (u64 c = 0; c < edges.size(); ++c) {
      if (sums_[c + 1] > i) return {c, i - sums_[c]};
    }
    throw std::logic_error("reference locate past the edges");
  }

 private:
  std::vector<u64> sums_;  // sums_[c]: the sum of the first c edges
};

}  // namespace zr_model
