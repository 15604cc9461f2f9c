// The harness's randomness: a small deterministic PRNG, seeded from each
// input so that one input always runs the same checks, and the values the
// checks ask about, biased to the edges of runs, chunks and uint64.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "../reference/grid_model.hpp"
#include "selection.hpp"

namespace zr_fuzz {

using zr_model::kMax;
using zr_model::u128;
using zr_model::u64;

// splitmix64
struct Rng {
  u64 state;
  u64 next() {
    u64 z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  u64 below(u64 n) { return n ? next() % n : 0; }  // [0, n)
  bool chance(int percent) { return below(100) < u64(percent); }
};

// A value in [low, 2^64 - 1]: just out of range, or far out.
inline u64 at_least(Rng& rng, u64 low) {
  if (rng.chance(50)) {
    const u64 k = rng.below(3);
    return low + k < low ? kMax : low + k;
  }
  const u64 span = kMax - low;  // values above low
  return low + (span == kMax ? rng.next() : rng.below(span + 1));
}

inline zr::SignedIndex random_signed(Rng& rng, u64 length) {
  zr::SignedIndex v;
  switch (rng.below(6)) {
    case 0: v = {false, rng.below(length + 1 == 0 ? kMax : length + 1)}; break;
    case 1: v = {true, rng.below(length + 1 == 0 ? kMax : length + 1)}; break;
    case 2: v = {false, rng.next()}; break;
    case 3: v = {true, rng.next()}; break;
    case 4: v = {false, length}; break;
    default: v = {rng.chance(50), rng.below(4)}; break;
  }
  return v;
}

// An index in [0, length), biased to the interesting places.
inline u64 random_index(Rng& rng, const zr_model::AxisModel& a) {
  const u64 L = a.length;
  switch (rng.below(5)) {
    case 0: return 0;
    case 1: return L - 1;
    case 2: {
      // Next to a run boundary.
      const u64 b = a.start[rng.below(a.start.size())];
      const u64 v = rng.chance(50) ? b : b - 1;  // may wrap; clamped below
      return v < L ? v : rng.below(L);
    }
    case 3: {
      // Next to a chunk boundary inside a run.
      const size_t k = rng.below(a.runs.size());
      const u64 c = rng.below(a.runs[k].count);
      const u128 o = u128(a.start[k]) + u128(c) * a.runs[k].size + (rng.chance(50) ? 0 : a.runs[k].size - 1);
      return o < L ? u64(o) : rng.below(L);
    }
    default: return rng.below(L);
  }
}

// n indices of the axis as T, each counted from the start or (negative) from
// the end. An empty axis has none: every value is 0 and `bad` is the first.
template <class T>
std::vector<T> signed_indices(Rng& rng, const zr_model::AxisModel& ref, size_t n, std::optional<size_t>& bad) {
  const u64 L = ref.length;
  std::vector<T> values;
  for (size_t i = 0; i < n; ++i) {
    if (L == 0) {
      values.push_back(0);
      if (!bad) bad = i;
      continue;
    }
    const u64 idx = random_index(rng, ref);
    values.push_back(rng.chance(50) ? T(idx) : T(idx) - T(L));
  }
  return values;
}

}  // namespace zr_fuzz
