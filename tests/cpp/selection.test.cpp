// Selections per axis: Python slice normalization, integer indices, block
// ranges, and their projection onto chunks (docs/semantics.md, "Selections",
// including "Strided slices skip chunks").
#include <cmath>

#include "test_support.hpp"

using namespace zr_test;
using zr::Axis;
using zr::Range;
using zr::SliceSpec;
using U = std::vector<uint64_t>;
using Opt = std::optional<int64_t>;

namespace {

SliceSpec slice(Opt start, Opt stop) {
  SliceSpec s;
  if (start) s.start = signed_index(*start);
  if (stop) s.stop = signed_index(*stop);
  return s;
}

// normalize_slice as a pair, for compact comparisons.
std::pair<uint64_t, uint64_t> norm(uint64_t length, Opt start, Opt stop) {
  const Range r = zr::normalize_slice(length, slice(start, stop));
  return {r.start, r.stop};
}

std::pair<uint64_t, uint64_t> blocks(const Axis& axis, Opt start, Opt stop) {
  const Range r = zr::block_range(axis, slice(start, stop));
  return {r.start, r.stop};
}

using P = std::pair<uint64_t, uint64_t>;
const std::optional<uint64_t> none = std::nullopt;

}  // namespace

// --- normalize_slice: Python's slice.indices() for a positive step -------------------

TEST_CASE("Slices: missing bounds take Python's defaults", "[selection][slice]") {
  CHECK(norm(10, {}, {}) == P{0, 10});
  CHECK(norm(10, 3, {}) == P{3, 10});
  CHECK(norm(10, {}, 4) == P{0, 4});
  CHECK(norm(0, {}, {}) == P{0, 0});
}

TEST_CASE("Slices: negative bounds count from the end", "[selection][slice]") {
  CHECK(norm(10, -3, {}) == P{7, 10});
  CHECK(norm(10, {}, -3) == P{0, 7});
  CHECK(norm(10, -4, -1) == P{6, 9});
  CHECK(norm(10, -10, {}) == P{0, 10});
}

TEST_CASE("Slices: bounds beyond either end are clamped", "[selection][slice]") {
  CHECK(norm(10, -20, 5) == P{0, 5});
  CHECK(norm(10, 3, 100) == P{3, 10});
  CHECK(norm(10, 100, 200) == P{10, 10});
  CHECK(norm(10, {}, -100) == P{0, 0});
  CHECK(norm(0, -5, 5) == P{0, 0});
  SliceSpec extreme;
  extreme.start = zr::SignedIndex{true, kMax};
  extreme.stop = zr::SignedIndex{false, kMax};
  const Range r = zr::normalize_slice(10, extreme);
  CHECK(r.start == 0);
  CHECK(r.stop == 10);
  const Range whole = zr::normalize_slice(kMax, extreme);
  CHECK(whole.start == 0);
  CHECK(whole.stop == kMax);
}

TEST_CASE("Slices: a stop before the start selects nothing", "[selection][slice]") {
  const auto [start, stop] = norm(10, 7, 3);
  CHECK(start == stop);
  CHECK(norm(10, -1, -5).first == norm(10, -1, -5).second);
  CHECK(norm(10, 5, 5).first == norm(10, 5, 5).second);
}

TEST_CASE("Slices: their length is Python's len(range(start, stop, step))", "[selection][slice]") {
  CHECK(zr::slice_length({0, 10}, 1) == 10);
  CHECK(zr::slice_length({0, 10}, 3) == 4);
  CHECK(zr::slice_length({2, 10}, 4) == 2);
  CHECK(zr::slice_length({7, 7}, 2) == 0);
  CHECK(zr::slice_length({0, kMax}, 1) == kMax);
  CHECK(zr::slice_length({0, kMax}, kMax) == 1);
  CHECK(zr::slice_length({1, kMax}, 2) == kMax / 2);  // no wrap in stop - start + step - 1
}

// --- resolve_index ----------------------------------------------------------------------

TEST_CASE("Integer selections: a negative index counts from the end", "[selection][index]") {
  CHECK(zr::resolve_index(10, signed_index(0)) == std::optional<uint64_t>(0));
  CHECK(zr::resolve_index(10, signed_index(9)) == std::optional<uint64_t>(9));
  CHECK(zr::resolve_index(10, signed_index(-1)) == std::optional<uint64_t>(9));
  CHECK(zr::resolve_index(10, signed_index(-10)) == std::optional<uint64_t>(0));
  CHECK(zr::resolve_index(kMax, zr::SignedIndex{true, kMax}) == std::optional<uint64_t>(0));
  CHECK(zr::resolve_index(kMax, zr::SignedIndex{false, kMax - 1}) == std::optional<uint64_t>(kMax - 1));
}

TEST_CASE("Integer selections: an index outside the axis is rejected", "[selection][index]") {
  CHECK(zr::resolve_index(10, signed_index(10)) == none);
  CHECK(zr::resolve_index(10, signed_index(-11)) == none);
  CHECK(zr::resolve_index(10, zr::SignedIndex{false, kMax}) == none);
  CHECK(zr::resolve_index(10, zr::SignedIndex{true, kMax}) == none);
  CHECK(zr::resolve_index(0, signed_index(0)) == none);
  CHECK(zr::resolve_index(0, signed_index(-1)) == none);
}

TEST_CASE("A negative zero is the index 0", "[selection][index][slice]") {
  const zr::SignedIndex minus_zero{true, 0};
  CHECK(zr::resolve_index(10, minus_zero) == std::optional<uint64_t>(0));
  // On a zero-length axis, 0 (however signed) lies outside [0, 0).
  CHECK(zr::resolve_index(0, minus_zero) == none);
  // As a slice bound, -0 is 0 too: x[-0:] is the whole axis in Python.
  SliceSpec s;
  s.start = minus_zero;
  const Range r = zr::normalize_slice(10, s);
  CHECK(r.start == 0);
  CHECK(r.stop == 10);
}

// --- block_range ----------------------------------------------------------------------------

TEST_CASE("Block selections: chunks start to stop - 1, as whole chunks", "[selection][blocks]") {
  const Axis a = edges_axis(10, {4, 4, 2});
  CHECK(blocks(a, 0, 1) == P{0, 4});
  CHECK(blocks(a, 1, 3) == P{4, 10});
  CHECK(blocks(a, 1, 2) == P{4, 8});
  CHECK(blocks(a, {}, {}) == P{0, 10});
  CHECK(blocks(a, -1, {}) == P{8, 10});
  CHECK(blocks(a, {}, -1) == P{0, 8});
  const auto empty = blocks(a, 2, 2);
  CHECK(empty.first == empty.second);
  const auto reversed = blocks(a, 2, 1);
  CHECK(reversed.first == reversed.second);
  const auto past = blocks(a, 5, 9);
  CHECK(past.first == past.second);
  CHECK(blocks(step_axis(10, 3), 3, 4) == P{9, 10});
}

TEST_CASE("Block selections are clipped to the array and count active chunks only", "[selection][blocks]") {
  // [4, 4, 4] on 6: two active chunks; the overflow chunk is not a block.
  const Axis a = edges_axis(6, {4, 4, 4});
  CHECK(blocks(a, 1, 3) == P{4, 6});
  CHECK(blocks(a, -1, {}) == P{4, 6});
  const auto overflow = blocks(a, 2, 3);
  CHECK(overflow.first == overflow.second);
}

// --- project_slice ------------------------------------------------------------------------

TEST_CASE("Slice projection: one entry per chunk, chunk-local bounds and output ranges", "[selection][project]") {
  // [4, 4, 2] on 10, elements 2..8.
  const auto p = zr::project_slice(edges_axis(10, {4, 4, 2}), {2, 9}, 1);
  CHECK(p.step == 1);
  CHECK(p.chunks == U{0, 1, 2});
  CHECK(p.starts == U{2, 0, 0});
  CHECK(p.stops == U{4, 4, 1});
  CHECK(p.out_starts == U{0, 2, 6});
  CHECK(p.out_stops == U{2, 6, 7});
}

TEST_CASE("Slice projection: an empty range projects onto no chunk", "[selection][project]") {
  const auto p = zr::project_slice(edges_axis(10, {4, 4, 2}), {5, 5}, 1);
  CHECK(p.chunks.empty());
  CHECK(p.out_stops.empty());
  CHECK(zr::project_slice(step_axis(0, 3), {0, 0}, 2).chunks.empty());
}

TEST_CASE("Slice projection visits active chunks only, clipped to the array", "[selection][project]") {
  const auto p = zr::project_slice(edges_axis(6, {4, 4, 4}), {0, 6}, 1);
  CHECK(p.chunks == U{0, 1});
  CHECK(p.stops == U{4, 2});
  CHECK(p.out_stops == U{4, 6});
}

TEST_CASE("Strided slices skip chunks that hold no selected element", "[selection][project][semantics]") {
  // Ten one-element chunks, every fifth element: only chunks 0 and 5.
  const auto p = zr::project_slice(step_axis(10, 1), {0, 10}, 5);
  CHECK(p.step == 5);
  CHECK(p.chunks == U{0, 5});
  CHECK(p.starts == U{0, 0});
  CHECK(p.stops == U{1, 1});
  CHECK(p.out_starts == U{0, 1});
  CHECK(p.out_stops == U{1, 2});
  // [2, 2, 2, 2, 2], elements 1, 4, 7: chunk 1 ([2, 4)) and chunk 4 ([8, 10)) are skipped.
  const auto q = zr::project_slice(edges_axis(10, {2, 2, 2, 2, 2}), {1, 10}, 3);
  CHECK(q.chunks == U{0, 2, 3});
  CHECK(q.starts == U{1, 0, 1});
  CHECK(q.out_starts == U{0, 1, 2});
  CHECK(q.out_stops == U{1, 2, 3});
}

TEST_CASE("Strided slices: the chunk-local start and output start follow rule 10", "[selection][project][semantics]") {
  // The chunk holding `start` starts at start - offset, output 0; a later
  // chunk at offset o starts at (step - (o - start) % step) % step, output
  // ceil((o - start) / step).
  const Axis a = edges_axis(23, {3, 5, 2, 7, 1, 1, 4});
  for (uint64_t start = 0; start < 23; ++start) {
    for (uint64_t step = 1; step <= 9; ++step) {
      INFO("start " << start << ", step " << step);
      const auto p = zr::project_slice(a, {start, 23}, step);
      REQUIRE(!p.chunks.empty());
      CHECK(p.chunks[0] == a.locate(start).chunk);
      CHECK(p.starts[0] == a.locate(start).offset);
      CHECK(p.out_starts[0] == 0);
      for (size_t k = 1; k < p.chunks.size(); ++k) {
        const uint64_t o = a.origin(p.chunks[k]);
        REQUIRE(o > start);
        CHECK(p.starts[k] == (step - (o - start) % step) % step);
        CHECK(p.out_starts[k] == (o - start + step - 1) / step);
        CHECK(p.out_starts[k] == p.out_stops[k - 1]);
      }
      CHECK(p.out_stops.back() == (23 - start + step - 1) / step);
    }
  }
}

TEST_CASE("Strided slices: a worked example with uneven chunks", "[selection][project][semantics]") {
  // [3, 5, 2, 7] on 17, elements 1, 5, 9, 13.
  const auto p = zr::project_slice(edges_axis(17, {3, 5, 2, 7}), {1, 17}, 4);
  CHECK(p.chunks == U{0, 1, 2, 3});
  CHECK(p.starts == U{1, 2, 1, 3});
  CHECK(p.stops == U{3, 5, 2, 7});
  CHECK(p.out_starts == U{0, 1, 2, 3});
  CHECK(p.out_stops == U{1, 2, 3, 4});
}

TEST_CASE("Strided slices over a billion-chunk run project only the chunks they touch", "[selection][project][semantics]") {
  const uint64_t n = 1000000000;
  const auto p = zr::project_slice(list_axis(1000 * n, {{1000, n}}), {0, 1000 * n}, 100 * n);
  REQUIRE(p.chunks.size() == 10);
  for (uint64_t k = 0; k < 10; ++k) {
    CHECK(p.chunks[k] == k * n / 10);
    CHECK(p.starts[k] == 0);
    CHECK(p.out_starts[k] == k);
    CHECK(p.out_stops[k] == k + 1);
  }
}

TEST_CASE("Strided slices near 2^64 - 1 stop without wrapping", "[selection][project][semantics]") {
  const auto p = zr::project_slice(step_axis(kMax, 1), {kMax - 3, kMax}, 2);
  CHECK(p.chunks == U{kMax - 3, kMax - 1});
  CHECK(p.starts == U{0, 0});
  CHECK(p.out_stops == U{1, 2});
  const auto q = zr::project_slice(edges_axis(kMax, {kMax}), {kMax - 10, kMax}, 7);
  CHECK(q.chunks == U{0});
  CHECK(q.starts == U{kMax - 10});
  CHECK(q.stops == U{kMax});
  CHECK(q.out_stops == U{2});
}

TEST_CASE("A slice projection written in pieces, from a chunk on, even near 2^64 - 1", "[selection][project]") {
  // A billion chunks of 1000, one selected element in each of ten.
  const uint64_t n = 1000000000;
  const zr::Axis billion = list_axis(1000 * n, {{1000, n}});
  U piece(5 * 3);
  const auto same = [](uint64_t v) { return v; };
  REQUIRE(zr::write_slice_columns(billion, {0, 1000 * n}, 100 * n, piece.data(), 3, same) == 3);
  CHECK(U(piece.begin(), piece.begin() + 3) == U{0, n / 10, 2 * n / 10});
  // Starting past the third: the fourth selected element and its output place.
  REQUIRE(zr::write_slice_columns(billion, {0, 1000 * n}, 100 * n, piece.data(), 3, same, 2 * n / 10 + 1) == 3);
  CHECK(U(piece.begin(), piece.begin() + 3) == U{3 * n / 10, 4 * n / 10, 5 * n / 10});
  CHECK(piece[3 * 3] == 3);  // out_starts
  CHECK(zr::write_slice_columns(billion, {0, 1000 * n}, 100 * n, piece.data(), 3, same, 9 * n / 10 + 1) == 0);
  CHECK(zr::write_slice_columns(billion, {0, 1000 * n}, 100 * n, piece.data(), 3, same, n) == 0);  // past the chunks

  // Chunks of one element up to 2^64 - 1, every 2^63-rd selected: 0 and 2^63.
  const zr::Axis ones = step_axis(kMax, 1);
  REQUIRE(zr::write_slice_columns(ones, {0, kMax}, kTwo63, piece.data(), 3, same, 3) == 1);
  CHECK(piece[0] == kTwo63);
  CHECK(piece[3 * 3] == 1);
  CHECK(zr::write_slice_columns(ones, {0, kMax}, kTwo63, piece.data(), 3, same, kTwo63 + 5) == 0);
  CHECK(zr::write_slice_columns(ones, {0, kMax}, kTwo63, piece.data(), 3, same, kMax - 1) == 0);
}

// --- project_points and project_mask ---------------------------------------------------------

TEST_CASE("Point selections: unsorted with repeats and negatives, grouped by chunk in ascending order",
          "[selection][points]") {
  // [4, 4, 2] on 10. Values 9, 0, -1, 5, 0, 4 resolve to 9, 0, 9, 5, 0, 4.
  const Axis a = edges_axis(10, {4, 4, 2});
  const std::vector<int64_t> values = {9, 0, -1, 5, 0, 4};
  auto p = zr::project_points(a, std::span<const int64_t>(values));
  REQUIRE(static_cast<bool>(p));
  CHECK(p->chunks == U{0, 1, 2});
  CHECK(p->starts == U{0, 2, 4});
  CHECK(p->stops == U{2, 4, 6});
  // Chunk 0 fills outputs 1 and 4 (both index 0); chunk 1 outputs 3 (5) and 5 (4);
  // chunk 2 outputs 0 and 2 (both 9).
  CHECK(p->positions == U{1, 4, 3, 5, 0, 2});
  CHECK(p->offsets == U{0, 0, 1, 0, 1, 1});
}

TEST_CASE("Point selections accept doubles and uint64 alike", "[selection][points]") {
  const Axis a = edges_axis(10, {4, 4, 2});
  const std::vector<double> d = {5, -1, 0};
  const std::vector<uint64_t> u = {5, 9, 0};
  auto pd = zr::project_points(a, std::span<const double>(d));
  auto pu = zr::project_points(a, std::span<const uint64_t>(u));
  REQUIRE(static_cast<bool>(pd));
  REQUIRE(static_cast<bool>(pu));
  CHECK(pd->chunks == U{0, 1, 2});
  CHECK(pd->chunks == pu->chunks);
  CHECK(pd->positions == pu->positions);
  CHECK(pd->offsets == pu->offsets);
  CHECK(pd->positions == U{2, 0, 1});
}

TEST_CASE("Point selections name the first element outside the axis", "[selection][points]") {
  const Axis a = edges_axis(6, {4, 4, 4});  // 6..11 are covered by chunks, not by the array
  const auto bad_double = [&](std::vector<double> values) -> std::optional<size_t> {
    auto p = zr::project_points(a, std::span<const double>(values));
    if (p) return std::nullopt;
    return p.error();
  };
  CHECK(bad_double({0, 5, -6}) == std::nullopt);
  CHECK(bad_double({0, 6}) == std::optional<size_t>(1));
  CHECK(bad_double({0, 1, -7}) == std::optional<size_t>(2));
  CHECK(bad_double({1.5}) == std::optional<size_t>(0));
  CHECK(bad_double({0, std::nan("")}) == std::optional<size_t>(1));
  CHECK(bad_double({0, 0, INFINITY, 7}) == std::optional<size_t>(2));
  // A double above 2^53 - 1 may be rounded: not an exact index.
  const zr::Axis huge = step_axis(uint64_t(1) << 60, 1000);
  const std::vector<double> unsafe = {9007199254740991.0, -9007199254740991.0, 9007199254740992.0};
  auto ph = zr::project_points(huge, std::span<const double>(unsafe));
  REQUIRE_FALSE(ph);
  CHECK(ph.error() == 2);
  const std::vector<double> unsafe_negative = {-9007199254740992.0};
  auto pn = zr::project_points(huge, std::span<const double>(unsafe_negative));
  REQUIRE_FALSE(pn);
  CHECK(pn.error() == 0);
  const std::vector<uint64_t> big = {1, kMax};
  auto pu = zr::project_points(a, std::span<const uint64_t>(big));
  REQUIRE_FALSE(pu);
  CHECK(pu.error() == 1);
  const std::vector<int64_t> low = {std::numeric_limits<int64_t>::min()};
  auto pi = zr::project_points(a, std::span<const int64_t>(low));
  REQUIRE_FALSE(pi);
  CHECK(pi.error() == 0);
}

TEST_CASE("Point selections: an empty list selects nothing, and a zero-length axis has no valid point",
          "[selection][points]") {
  const std::vector<int64_t> none_selected;
  auto p = zr::project_points(edges_axis(10, {4, 4, 2}), std::span<const int64_t>(none_selected));
  REQUIRE(static_cast<bool>(p));
  CHECK(p->chunks.empty());
  CHECK(p->positions.empty());
  const std::vector<int64_t> zero = {0};
  auto z = zr::project_points(step_axis(0, 4), std::span<const int64_t>(zero));
  REQUIRE_FALSE(z);
  CHECK(z.error() == 0);
}

TEST_CASE("Mask selections: selected elements grouped by chunk, filling consecutive outputs", "[selection][mask]") {
  // [4, 4, 2] on 10, selecting 1, 2, 5 and 9.
  const Axis a = edges_axis(10, {4, 4, 2});
  const std::vector<uint8_t> mask = {0, 1, 1, 0, 0, 1, 0, 0, 0, 2};
  const auto p = zr::project_mask(a, mask);
  CHECK(p.chunks == U{0, 1, 2});
  CHECK(p.starts == U{0, 2, 3});
  CHECK(p.stops == U{2, 3, 4});
  CHECK(p.offsets == U{1, 2, 1, 1});
  CHECK(p.positions == U{0, 1, 2, 3});
}

TEST_CASE("Mask selections: an all-false mask selects nothing", "[selection][mask]") {
  const std::vector<uint8_t> mask(10, 0);
  const auto p = zr::project_mask(edges_axis(10, {4, 4, 2}), mask);
  CHECK(p.chunks.empty());
  CHECK(p.offsets.empty());
  CHECK(zr::project_mask(step_axis(0, 1), std::span<const uint8_t>()).chunks.empty());
}
