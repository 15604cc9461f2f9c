#include "rechunk_plan.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "axis_summary.hpp"
#include "axis_window.hpp"
#include "checked.hpp"

namespace zr {

namespace {

using i128 = __int128;

// A run of data sizes with its origin: chunks origin + k size, k < count.
struct Span {
  uint64_t origin, size, count;
  uint64_t end() const { return origin + size * count; }  // at most the length
};

std::vector<Span> data_spans(const Axis& axis) {
  std::vector<Span> out;
  uint64_t origin = 0;
  for_each_data_run(axis, [&](Run r) {
    out.push_back({origin, r.size, r.count});
    origin += r.size * r.count;
  });
  return out;
}

// Points x0 + k s (k >= 0) in [lo, hi), for x0 <= lo <= hi.
uint64_t points_in(uint64_t x0, uint64_t s, uint64_t lo, uint64_t hi) {
  return ceil_div(hi - x0, s) - ceil_div(lo - x0, s);
}

// x with a x = 1 (mod m), for gcd(a, m) = 1 and m > 1.
u128 inverse(u128 a, u128 m) {
  i128 r0 = static_cast<i128>(m), r1 = static_cast<i128>(a % m), t0 = 0, t1 = 1;
  while (r1 != 0) {
    const i128 q = r0 / r1;
    std::swap(r0 -= q * r1, r1);
    std::swap(t0 -= q * t1, t1);
  }
  return static_cast<u128>(t0 < 0 ? t0 + static_cast<i128>(m) : t0);
}

// Points common to x0 + i s and y0 + j u in [lo, hi), for x0, y0 <= lo:
// one residue class modulo lcm(s, u) when x0 = y0 (mod gcd), else none.
uint64_t common_in(uint64_t x0, uint64_t s, uint64_t y0, uint64_t u, uint64_t lo, uint64_t hi) {
  if (lo >= hi) return 0;
  const uint64_t g = std::gcd(s, u);
  const i128 diff = static_cast<i128>(y0) - static_cast<i128>(x0);
  if (diff % static_cast<i128>(g) != 0) return 0;
  const u128 ug = u / g, sg = s / g;
  u128 k = 0;
  if (ug > 1) {
    i128 r = (diff / static_cast<i128>(g)) % static_cast<i128>(ug);
    if (r < 0) r += static_cast<i128>(ug);
    k = static_cast<u128>(r) * inverse(sg, ug) % ug;
  }
  const u128 lcm = sg * u;
  u128 p = x0 + s * k;  // the least common point at or past x0, and p = y0 (mod u)
  if (p < lo) p += (lo - p + lcm - 1) / lcm * lcm;
  return p < hi ? static_cast<uint64_t>((hi - 1 - p) / lcm + 1) : 0;
}

// Source chunks met by elements [a, b), a < b <= length.
uint64_t reads_of(const Axis& source, uint64_t a, uint64_t b) {
  const ChunkRange r = chunk_range(source, a, b);
  return r.stop - r.first;
}

}  // namespace

u128 first_multiple_in(u128 a, u128 m, u128 lo, u128 hi) {
  if (lo == 0) return 0;
  a %= m;
  if (a == 0) return kNoSolution;
  if (2 * a > m) {  // (m - a) x mod m = m - (a x mod m) when that is not 0
    a = m - a;
    const u128 l = lo;
    lo = m - hi;
    hi = m - l;
  }
  const u128 k = (lo + a - 1) / a;
  if (a * k <= hi) return k;
  // No multiple of a in [lo, hi]: a x - m y lands there for the least y
  // with (-m y) mod a in [lo mod a, hi mod a]; the modulus halves each time.
  const u128 y = first_multiple_in((a - m % a) % a, a, lo % a, hi % a);
  if (y == kNoSolution) return kNoSolution;
  return (lo + m * y + a - 1) / a;
}

std::string to_decimal(u128 value) {
  std::string out;
  do {
    out.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  } while (value != 0);
  std::reverse(out.begin(), out.end());
  return out;
}

AxisOverlap axis_overlap(const Axis& source, const Axis& target) {
  AxisOverlap o;
  o.length = target.length();
  o.source_chunks = source.active_count();
  o.target_chunks = target.active_count();
  if (o.length == 0) return o;
  const std::vector<Span> S = data_spans(source), T = data_spans(target);

  // Sums, over the regions where both data runs are constant. A target
  // chunk reads 1 + (source origins strictly inside it) chunks, so the reads
  // add up to T + S - (origins the grids share, 0 included). A source chunk
  // is read by 1 + (target origins strictly inside it) target chunks, so the
  // read elements add up to length + the size of the source chunk holding
  // each target origin that is not a source origin.
  u128 shared = 0, extra = 0;
  uint64_t lo = 0;
  for (size_t i = 0, j = 0; i < S.size() && j < T.size();) {
    const Span &s = S[i], &t = T[j];
    const uint64_t hi = std::min(s.end(), t.end());
    const uint64_t both = common_in(s.origin, s.size, t.origin, t.size, lo, hi);
    shared += both;
    extra += u128(s.size) * (points_in(t.origin, t.size, lo, hi) - both);
    lo = hi;
    if (s.end() == hi) ++i;
    if (t.end() == hi) ++j;
  }
  o.reads = u128(o.target_chunks) + o.source_chunks - shared;
  o.read_elements = u128(o.length) + extra;

  // The largest: for the target chunks of a data run that lie inside one
  // source data run, the count of source origins strictly inside depends on
  // the phase of the chunk's origin against the source run, and takes two
  // values at most; whether the larger one occurs is one arithmetic
  // question (first_multiple_in). A target chunk across a source run's end
  // is looked up on its own: at most one per source run.
  uint64_t largest = 0;
  for (size_t i = 0, j = 0; i < S.size() && j < T.size();) {
    const Span &s = S[i], &t = T[j];
    const uint64_t lo = std::max(s.origin, t.origin), hi = std::min(s.end(), t.end());
    // ceil_div: lo - t.origin + t.size - 1 wraps when lo is within a chunk of 2^64 - 1.
    const uint64_t first = ceil_div(lo - t.origin, t.size), stop = (hi - t.origin) / t.size;
    if (first < stop) {
      const uint64_t u = t.size, q = (u - 1) / s.size;
      uint64_t inside = q;
      const u128 threshold = u128(q + 1) * s.size - (u - 1);  // the least phase with q + 1 inside
      if (threshold < s.size) {
        const uint64_t phase = (t.origin + first * u - s.origin) % s.size, step = u % s.size;
        // Some k < stop - first with (phase + k step) mod size in [threshold, size - 1]?
        const u128 from = (threshold + s.size - phase) % s.size, to = (u128(s.size) - 1 + s.size - phase) % s.size;
        const u128 k = from <= to ? first_multiple_in(step, s.size, from, to) : 0;
        if (k < stop - first) inside = q + 1;
      }
      largest = std::max(largest, inside + 1);
    }
    if (s.end() < t.end() && s.end() > t.origin && (s.end() - t.origin) % t.size != 0) {
      const uint64_t a = t.origin + (s.end() - t.origin) / t.size * t.size;
      largest = std::max(largest, reads_of(source, a, a + t.size));
    }
    if (s.end() <= t.end()) ++i;
    else ++j;
  }
  o.max_reads = largest;
  return o;
}

std::optional<AxisSources> axis_sources(const Axis& source, const Axis& target, uint64_t first, uint64_t stop) {
  if (first > stop || stop > target.active_count()) return std::nullopt;
  AxisSources out;
  const size_t n = static_cast<size_t>(stop - first);
  out.target.reserve(n);
  out.source_first.reserve(n);
  out.source_stop.reserve(n);
  for (uint64_t c = first; c < stop; ++c) {
    const uint64_t origin = target.origin(c);
    const ChunkRange r = chunk_range(source, origin, origin + target.data_size(c));
    out.target.push_back(c);
    out.source_first.push_back(r.first);
    out.source_stop.push_back(r.stop);
  }
  return out;
}

}  // namespace zr
