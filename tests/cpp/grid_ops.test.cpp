// Grids people build and combine: trimmed grids, concatenation, and the
// totals of a rechunk plan. The plan is checked against expanded chunks on
// random small axes, and on axes of 10^9 chunks and more, which it must
// never expand.
#include <algorithm>
#include <random>

#include "axis_window.hpp"
#include "checked.hpp"
#include "grid_builders.hpp"
#include "rechunk_plan.hpp"
#include "test_support.hpp"

using namespace zr_test;
using zr::Axis;
using zr::ChunkGrid;
using zr::Run;

namespace {

// Data spans [origin, origin + data size) of the active chunks.
std::vector<std::pair<uint64_t, uint64_t>> data_spans_of(const Axis& a) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  uint64_t origin = 0;
  for (uint64_t e : edges_of(a)) {
    if (origin >= a.length()) break;
    out.push_back({origin, std::min(origin + e, a.length())});
    origin += e;
  }
  return out;
}

// Adds the reads of one target span [a, b) against the source spans to `o`.
void read_spans(const std::vector<std::pair<uint64_t, uint64_t>>& source, uint64_t a, uint64_t b, zr::AxisOverlap& o) {
  uint64_t n = 0;
  for (auto [sa, sb] : source) {
    if (sa < b && a < sb) {
      ++n;
      o.read_elements += sb - sa;
    }
  }
  o.reads += n;
  o.max_reads = std::max(o.max_reads, n);
}

zr::AxisOverlap brute_overlap(const Axis& source, const Axis& target) {
  zr::AxisOverlap o;
  o.length = target.length();
  const auto S = data_spans_of(source), T = data_spans_of(target);
  o.source_chunks = S.size();
  o.target_chunks = T.size();
  for (auto [ta, tb] : T) read_spans(S, ta, tb, o);
  return o;
}

std::string edges_text(const Axis& a) {
  std::string out = a.is_step() ? "step" : "list";
  for (uint64_t e : edges_of(a)) out += " " + std::to_string(e);
  return out;
}

Axis random_axis(std::mt19937_64& rng, uint64_t length) {
  if (rng() % 3 == 0) return step_axis(length, 1 + rng() % 9);
  std::vector<Run> runs;
  uint64_t sum = 0;
  const uint64_t overflow = rng() % 2 ? 0 : 1 + rng() % 10;
  while (sum < length + overflow || runs.empty()) {
    const Run r{1 + rng() % 9, 1 + rng() % 4};
    runs.push_back(r);
    sum += r.size * r.count;
  }
  return list_axis(length, runs);
}

void require_same(const zr::AxisOverlap& a, const zr::AxisOverlap& b) {
  CHECK(a.length == b.length);
  CHECK(a.source_chunks == b.source_chunks);
  CHECK(a.target_chunks == b.target_chunks);
  CHECK(a.max_reads == b.max_reads);
  CHECK(zr::to_decimal(a.reads) == zr::to_decimal(b.reads));
  CHECK(zr::to_decimal(a.read_elements) == zr::to_decimal(b.read_elements));
}

}  // namespace

TEST_CASE("trimmed grids end each axis's last chunk at the array's end") {
  const uint64_t shape[] = {1000, 1024, 0}, chunks[] = {64, 64, 64};
  auto g = zr::trimmed_grid(shape, chunks);
  REQUIRE(static_cast<bool>(g));
  CHECK(!g->axis(0).is_step());
  CHECK(std::vector<Run>(g->axis(0).runs().begin(), g->axis(0).runs().end()) == std::vector<Run>{{64, 15}, {40, 1}});
  CHECK(g->axis(0).edge_sum() == 1000);
  CHECK(g->axis(1).is_step());
  CHECK(g->axis(1).step() == 64);
  CHECK(g->axis(2).is_step());
  const uint64_t short_shape[] = {10}, big[] = {64};
  auto s = zr::trimmed_grid(short_shape, big);
  REQUIRE(static_cast<bool>(s));
  CHECK(std::vector<Run>(s->axis(0).runs().begin(), s->axis(0).runs().end()) == std::vector<Run>{{10, 1}});
  const uint64_t zero[] = {0};
  auto bad = zr::trimmed_grid(short_shape, zero);
  REQUIRE(!bad);
  CHECK(bad.error().fault.kind == zr::AxisFault::Kind::ZeroStep);
  const uint64_t huge[] = {kMax}, two[] = {2};
  auto h = zr::trimmed_grid(huge, two);
  REQUIRE(static_cast<bool>(h));
  CHECK(h->axis(0).edge_sum() == kMax);
}

TEST_CASE("concat lays parts end to end and merges runs at the joins") {
  const ChunkGrid a({step_axis(8, 4), edges_axis(6, {2, 4})});
  const ChunkGrid b({edges_axis(6, {4, 2}), list_axis(6, {{2, 1}, {4, 1}})});
  const ChunkGrid* parts[] = {&a, &b};
  auto g = zr::concat_grids(parts, 0);
  REQUIRE(static_cast<bool>(g));
  CHECK(g->axis(0).length() == 14);
  CHECK(std::vector<Run>(g->axis(0).runs().begin(), g->axis(0).runs().end()) == std::vector<Run>{{4, 3}, {2, 1}});
  CHECK(g->axis(1) == a.axis(1));  // the first part's form

  // Step parts of one step stay a step axis.
  const ChunkGrid s1({step_axis(8, 4)}), s2({step_axis(6, 4)});
  const ChunkGrid* steps[] = {&s1, &s2};
  auto st = zr::concat_grids(steps, 0);
  REQUIRE(static_cast<bool>(st));
  CHECK(st->axis(0).is_step());
  CHECK(st->axis(0).length() == 14);

  // Another axis compared run by run: step 4 on 8 equals [4, 4].
  const ChunkGrid c({edges_axis(3, {3}), step_axis(8, 4)}), d({edges_axis(3, {3}), edges_axis(8, {4, 4})});
  const ChunkGrid* cd[] = {&c, &d};
  CHECK(static_cast<bool>(zr::concat_grids(cd, 0)));

  // Errors name the part and the axis.
  const ChunkGrid e({edges_axis(3, {3}), edges_axis(8, {4, 5})});
  const ChunkGrid* ce[] = {&c, &e};
  auto differ = zr::concat_grids(ce, 0);
  REQUIRE(!differ);
  CHECK(differ.error().part == 1);
  CHECK(differ.error().axis == 1);
  const ChunkGrid over({edges_axis(3, {4}), step_axis(8, 4)});
  const ChunkGrid* oc[] = {&over, &c};
  auto overflow = zr::concat_grids(oc, 0);
  REQUIRE(!overflow);
  CHECK(overflow.error().part == 0);
  CHECK(overflow.error().message.find("edges sum to 4, past its length 3") != std::string::npos);
  const ChunkGrid* co[] = {&c, &over};  // the last part may overflow
  CHECK(static_cast<bool>(zr::concat_grids(co, 0)));
  const ChunkGrid big({step_axis(kMax - 1, 1)}), one({step_axis(2, 1)});
  const ChunkGrid* bo[] = {&big, &one};
  auto past = zr::concat_grids(bo, 0);
  REQUIRE(!past);
  CHECK(past.error().code == zr::ProblemCode::Overflow);
  CHECK(!zr::concat_grids(std::span<const ChunkGrid* const>{}, 0));
}

TEST_CASE("first_multiple_in agrees with a search") {
  std::mt19937_64 rng(7);
  for (int n = 0; n < 20000; ++n) {
    const uint64_t m = 1 + rng() % 60, a = rng() % 80, lo = rng() % m, hi = lo + rng() % (m - lo);
    zr::u128 expected = zr::kNoSolution;
    for (uint64_t x = 0; x < 2 * m + 2; ++x) {
      if ((a * x) % m >= lo && (a * x) % m <= hi) {
        expected = x;
        break;
      }
    }
    INFO(a << " " << m << " " << lo << " " << hi);
    REQUIRE(zr::to_decimal(zr::first_multiple_in(a, m, lo, hi)) == zr::to_decimal(expected));
  }
  // Large values stay exact: 2 x mod (2^64 - 1) = 1 at x = 2^63; 3 divides
  // 2^64 - 1, so 3 x mod it is never 1.
  CHECK(zr::to_decimal(zr::first_multiple_in(2, kMax, 1, 1)) == std::to_string(kTwo63));
  CHECK(zr::first_multiple_in(3, kMax, 1, 1) == zr::kNoSolution);
  const uint64_t big = kMax - 58;  // a prime
  const zr::u128 x = zr::first_multiple_in(kTwo63 + 12345, big, 7, 7);
  REQUIRE(x != zr::kNoSolution);
  CHECK(static_cast<uint64_t>(x * (kTwo63 + 12345) % big) == 7);
}

TEST_CASE("axis_overlap agrees with expanded chunks on random axes") {
  std::mt19937_64 rng(11);
  for (int n = 0; n < 3000; ++n) {
    const uint64_t length = rng() % 60;
    const Axis source = random_axis(rng, length), target = random_axis(rng, length);
    INFO("source " << edges_text(source) << " target " << edges_text(target) << " length " << length);
    require_same(zr::axis_overlap(source, target), brute_overlap(source, target));
  }
}

namespace {

// The same totals by a merge over expanded chunks: O(chunks), for axes of
// thousands of chunks where the phases of long runs wrap many times.
zr::AxisOverlap sweep_overlap(const Axis& source, const Axis& target) {
  zr::AxisOverlap o;
  o.length = target.length();
  const auto S = data_spans_of(source), T = data_spans_of(target);
  o.source_chunks = S.size();
  o.target_chunks = T.size();
  size_t first = 0;
  for (auto [ta, tb] : T) {
    while (S[first].second <= ta) ++first;
    uint64_t n = 0;
    for (size_t k = first; k < S.size() && S[k].first < tb; ++k) {
      ++n;
      o.read_elements += S[k].second - S[k].first;
    }
    o.reads += n;
    o.max_reads = std::max(o.max_reads, n);
  }
  return o;
}

Axis long_runs_axis(std::mt19937_64& rng, uint64_t length) {
  if (rng() % 3 == 0) return step_axis(length, 1 + rng() % 400);
  std::vector<Run> runs;
  uint64_t sum = 0;
  while (sum < length || runs.empty()) {
    const Run r{1 + rng() % 400, 1 + rng() % 300};
    runs.push_back(r);
    sum += r.size * r.count;
  }
  return list_axis(length, runs);
}

}  // namespace

TEST_CASE("axis_overlap agrees with a sweep where long runs wrap their phases") {
  std::mt19937_64 rng(13);
  for (int n = 0; n < 400; ++n) {
    const uint64_t length = 1 + rng() % 200000;
    const Axis source = long_runs_axis(rng, length), target = long_runs_axis(rng, length);
    INFO("length " << length << " n " << n);
    require_same(zr::axis_overlap(source, target), sweep_overlap(source, target));
  }
}

TEST_CASE("axis_overlap on axes of 10^9 chunks and more, never expanded") {
  // Steps 1000 and 1001 over about 10^12 elements: every target chunk of
  // 1001 meets exactly 2 source chunks of 1000.
  const uint64_t length = 1000ull * 1001 * 1000000;
  const Axis source = step_axis(length, 1000), target = step_axis(length, 1001);
  const zr::AxisOverlap o = zr::axis_overlap(source, target);
  CHECK(o.source_chunks == 1001000000);
  CHECK(o.target_chunks == 1000000000);
  CHECK(o.max_reads == 2);
  // Shared origins: the multiples of 1001000 below the length.
  CHECK(zr::to_decimal(o.reads) == std::to_string(1000000000ull + 1001000000ull - 1000000ull));
  const zr::AxisOverlap same = zr::axis_overlap(source, source);
  CHECK(same.max_reads == 1);
  CHECK(zr::to_decimal(same.read_elements) == std::to_string(length));
  // Past 2^64: one chunk of 2^64 - 1 read by 2^64 - 1 chunks of 1.
  const zr::AxisOverlap wide = zr::axis_overlap(step_axis(kMax, kMax), step_axis(kMax, 1));
  CHECK(wide.max_reads == 1);
  CHECK(zr::to_decimal(wide.read_elements) == zr::to_decimal(zr::u128(kMax) * kMax));
  const zr::AxisOverlap narrow = zr::axis_overlap(step_axis(kMax, 1), step_axis(kMax, kMax));
  CHECK(narrow.max_reads == kMax);
  CHECK(zr::to_decimal(narrow.reads) == std::to_string(kMax));
  const zr::AxisOverlap empty = zr::axis_overlap(step_axis(0, 3), edges_axis(0, {4}));
  CHECK(empty.max_reads == 0);
  CHECK(empty.target_chunks == 0);
}

TEST_CASE("axis_sources lists the source chunks each target chunk reads") {
  const Axis source = edges_axis(10, {3, 3, 3, 3}), target = edges_axis(10, {5, 5, 9});
  auto s = zr::axis_sources(source, target, 0, 2);
  REQUIRE(s.has_value());
  CHECK(s->source_first == std::vector<uint64_t>{0, 1});
  CHECK(s->source_stop == std::vector<uint64_t>{2, 4});
  CHECK(!zr::axis_sources(source, target, 0, 3));  // chunk 2 is an overflow chunk
  CHECK(!zr::axis_sources(source, target, 2, 1));
}

// --- Near 2^64 - 1 ---------------------------------------------------------------
// Axes whose length is within a few chunks of the largest uint64, where a
// sum such as a + b - 1 in a ceiling division would wrap. A step axis of a
// divisor of 2^64 - 1 (3 5 17 257 641 65537 6700417) against an axis of one
// huge chunk and a short random tail: the huge chunk's part is counted by
// hand, the tail chunk by chunk.

namespace {

// Chunks [origin, end) of an axis that starts with one chunk of `head`
// elements followed by `tail` (small) chunks.
std::vector<std::pair<uint64_t, uint64_t>> tail_spans(uint64_t head, const std::vector<uint64_t>& tail) {
  std::vector<std::pair<uint64_t, uint64_t>> out{{0, head}};
  for (uint64_t e : tail) out.push_back({out.back().second, out.back().second + e});
  return out;
}

// Reads and read elements of one target span [a, b) against a step-u source.
void read_step(uint64_t u, uint64_t a, uint64_t b, zr::AxisOverlap& o) {
  const uint64_t n = zr::ceil_div(b, u) - a / u;
  o.reads += n;
  o.read_elements += zr::u128(n) * u;
  o.max_reads = std::max(o.max_reads, n);
}

// Target step u over the spans: the step chunks inside the head read the
// head alone; the rest are counted one by one.
zr::AxisOverlap step_target(const std::vector<std::pair<uint64_t, uint64_t>>& spans, uint64_t u) {
  zr::AxisOverlap o;
  o.length = kMax;
  o.source_chunks = spans.size();
  o.target_chunks = kMax / u;
  const uint64_t head = spans[0].second, inside = head / u;
  o.reads = inside;
  o.read_elements = zr::u128(inside) * head;
  if (inside > 0) o.max_reads = 1;
  for (uint64_t c = inside; c < kMax / u; ++c) read_spans(spans, c * u, c * u + u, o);
  return o;
}

// Source step u, target the spans.
zr::AxisOverlap step_source(const std::vector<std::pair<uint64_t, uint64_t>>& spans, uint64_t u) {
  zr::AxisOverlap o;
  o.length = kMax;
  o.source_chunks = kMax / u;
  o.target_chunks = spans.size();
  for (auto [a, b] : spans) read_step(u, a, b, o);
  return o;
}

}  // namespace

TEST_CASE("axis_overlap at 2^64 - 1: the last target chunk reads three") {
  // Chunks of 15 against [2^64 - 8, 5, 2]: the last chunk of 15 meets all three.
  const Axis target = step_axis(kMax, 15), source = edges_axis(kMax, {kMax - 7, 5, 2});
  const zr::AxisOverlap o = zr::axis_overlap(source, target);
  CHECK(o.max_reads == 3);
  require_same(o, step_target(tail_spans(kMax - 7, {5, 2}), 15));
  // The other way: the huge chunk reads all but the last chunk of 15.
  const zr::AxisOverlap back = zr::axis_overlap(target, source);
  CHECK(back.max_reads == kMax / 15);
  require_same(back, step_source(tail_spans(kMax - 7, {5, 2}), 15));
}

TEST_CASE("axis_overlap agrees with a count near 2^64 - 1") {
  const uint64_t steps[] = {3, 5, 15, 17, 51, 85, 255, 257};
  std::mt19937_64 rng(11);
  for (int n = 0; n < 2000; ++n) {
    const uint64_t u = steps[rng() % std::size(steps)], tail_length = 1 + rng() % 60;
    std::vector<uint64_t> tail;
    for (uint64_t left = tail_length; left > 0;) {
      const uint64_t e = std::min(left, 1 + rng() % 9);
      tail.push_back(e);
      left -= e;
    }
    std::vector<uint64_t> edges{kMax - tail_length};
    edges.insert(edges.end(), tail.begin(), tail.end());
    const Axis list = edges_axis(kMax, edges), step = step_axis(kMax, u);
    const auto spans = tail_spans(kMax - tail_length, tail);
    INFO("step " << u << ", tail of " << tail.size() << " chunks over " << tail_length);
    require_same(zr::axis_overlap(list, step), step_target(spans, u));
    require_same(zr::axis_overlap(step, list), step_source(spans, u));
  }
}
