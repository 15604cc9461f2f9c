// The reference for slice selections: Python's slice clamping, and a slice
// projection that walks the declared runs of the model one by one.
#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "../reference/grid_model.hpp"
#include "selection.hpp"

namespace zr_fuzz {

using zr_model::u128;
using zr_model::u64;

// Python's slice clamping for a positive step, with __int128.
inline u64 py_clamp(u64 length, const std::optional<zr::SignedIndex>& b, u64 dflt) {
  if (!b) return dflt;
  __int128 v = b->negative ? -__int128(b->magnitude) : __int128(b->magnitude);
  if (v < 0) v += length;
  if (v < 0) v = 0;
  if (v > __int128(length)) v = length;
  return u64(v);
}

struct SliceEntry {
  u64 chunk, start, stop, out_start, out_stop;
  bool operator==(const SliceEntry&) const = default;
};

// Reference projection of range [a, b) with `step`, walking the declared
// runs. nullopt when it would take more than `budget` steps.
inline std::optional<std::vector<SliceEntry>> ref_slice(const zr_model::AxisModel& ax, u64 a, u64 b, u64 step, u64 budget) {
  std::vector<SliceEntry> out;
  if (a >= b) return out;
  u64 work = 0;
  for (size_t k = 0; k < ax.runs.size(); ++k) {
    const u64 rs = ax.start[k], re = ax.start[k + 1], v = ax.runs[k].size;
    if (re <= a) continue;
    if (rs >= b) break;
    // Chunks of this run that overlap [a, b).
    const u64 lo = std::max(a, rs), hi = std::min(b, re);
    const u64 c0 = (lo - rs) / v, c1 = (hi - rs - 1) / v;  // inclusive
    // When the step exceeds the chunk size, visit selected elements; else chunks.
    if (step > v) {
      // First selected element >= lo.
      u128 x = u128(a) + (u128(lo - a) + step - 1) / step * step;
      for (; x < hi; x += step) {
        if (++work > budget) return std::nullopt;
        const u64 c = (u64(x) - rs) / v;
        const u64 o = rs + c * v;
        const u64 e = std::min<u64>(o + v, ax.length);
        const u64 lim = std::min(b, e);
        const u64 cnt = u64((u128(lim) - x + step - 1) / step);
        const u64 os = u64((x - a) / step);
        out.push_back({ax.first[k] + c, u64(x) - o, lim - o, os, os + cnt});
      }
    } else {
      for (u64 c = c0; c <= c1; ++c) {
        if (++work > budget) return std::nullopt;
        const u64 o = rs + c * v;
        const u64 e = std::min<u64>(o + v, ax.length);  // data end
        const u64 from = std::max(o, a), lim = std::min(b, e);
        if (from >= lim) continue;
        const u128 x = u128(a) + (u128(from - a) + step - 1) / step * step;
        if (x >= lim) continue;
        const u64 cnt = u64((u128(lim) - x + step - 1) / step);
        const u64 os = u64((x - a) / step);
        out.push_back({ax.first[k] + c, u64(x) - o, lim - o, os, os + cnt});
      }
    }
  }
  return out;
}

}  // namespace zr_fuzz
