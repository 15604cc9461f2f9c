// One axis of a rectilinear grid: integer steps and runs of edge lengths,
// active and declared chunks, overflow chunks, checked uint64 arithmetic,
// resize and equality.
#include <chrono>

#include "test_support.hpp"

using namespace zr_test;
using zr::Axis;
using zr::AxisFault;
using zr::Run;
using Kind = zr::AxisFault::Kind;

namespace {

std::vector<uint64_t> v(std::initializer_list<uint64_t> values) { return values; }

}  // namespace

// --- integer steps -----------------------------------------------------

TEST_CASE("An integer step m on an axis of length L expands to m repeated ceil(L / m) times", "[axis][spec]") {
  // The spec's example: L = 10, m = 3 expands to [3, 3, 3, 3].
  const Axis a = step_axis(10, 3);
  CHECK(a.is_step());
  CHECK(a.step() == 3);
  CHECK(edges_of(a) == v({3, 3, 3, 3}));
  CHECK(a.declared_count() == 4);
  CHECK(a.active_count() == 4);
  CHECK(a.edge_sum() == 12);
  CHECK(a.runs().size() == 1);
  CHECK(a.runs()[0] == Run{3, 4});
  // The last chunk is declared 3 long and holds the one element 9.
  CHECK(a.size(3) == 3);
  CHECK(a.data_size(3) == 1);
  CHECK(a.origin(3) == 9);
}

TEST_CASE("An integer step that divides the length expands exactly", "[axis]") {
  const Axis a = step_axis(12, 4);
  CHECK(edges_of(a) == v({4, 4, 4}));
  CHECK(a.data_size(2) == 4);
}

TEST_CASE("An integer step on a zero-length axis expands to no edges", "[axis][spec]") {
  const Axis a = step_axis(0, 4);
  CHECK(a.length() == 0);
  CHECK(a.is_step());
  CHECK(a.step() == 4);
  CHECK(a.runs().empty());
  CHECK(a.declared_count() == 0);
  CHECK(a.active_count() == 0);
  CHECK(a.edge_sum() == 0);
}

TEST_CASE("An integer step must be at least 1, even on a zero-length axis", "[axis][spec]") {
  for (uint64_t length : {uint64_t(0), uint64_t(10), kMax}) {
    auto a = Axis::from_step(length, 0);
    REQUIRE_FALSE(a);
    CHECK(a.error().kind == Kind::ZeroStep);
  }
}

TEST_CASE("A step larger than the axis gives one chunk", "[axis]") {
  const Axis a = step_axis(5, 100);
  CHECK(a.declared_count() == 1);
  CHECK(a.active_count() == 1);
  CHECK(a.size(0) == 100);
  CHECK(a.data_size(0) == 5);
}

// --- explicit lists and runs --------------------------------------------

TEST_CASE("An explicit list must be non-empty, even on a zero-length axis", "[axis][spec]") {
  for (uint64_t length : {uint64_t(0), uint64_t(6)}) {
    auto a = Axis::from_runs(length, std::vector<zr::Run>{});
    REQUIRE_FALSE(a);
    CHECK(a.error().kind == Kind::EmptyList);
  }
}

TEST_CASE("An explicit list on a zero-length axis declares cells but has no active chunk", "[axis][semantics]") {
  const Axis a = edges_axis(0, {4, 2});
  CHECK(a.declared_count() == 2);
  CHECK(a.active_count() == 0);
  CHECK(a.origin(1) == 4);
  CHECK(a.size(1) == 2);
  CHECK(a.data_size(0) == 0);
  CHECK(a.data_size(1) == 0);
}

TEST_CASE("A run [V, N] is N repetitions of the edge length V", "[axis][spec]") {
  // Axis 3 of the spec's example: [[1, 3], 3] expands to [1, 1, 1, 3].
  const Axis a = list_axis(6, {{1, 3}, {3, 1}});
  CHECK_FALSE(a.is_step());
  CHECK(a.step() == 0);
  CHECK(edges_of(a) == v({1, 1, 1, 3}));
  CHECK(a.declared_count() == 4);
  CHECK(a.active_count() == 4);
}

TEST_CASE("Edge lengths must be positive", "[axis][spec]") {
  auto a = Axis::from_runs(10, std::vector<Run>{{4, 1}, {0, 1}, {6, 1}});
  REQUIRE_FALSE(a);
  CHECK(a.error().kind == Kind::ZeroSize);
  CHECK(a.error().item == 1);
}

TEST_CASE("Run counts must be positive", "[axis][spec]") {
  auto a = Axis::from_runs(10, std::vector<Run>{{4, 1}, {6, 1}, {2, 0}});
  REQUIRE_FALSE(a);
  CHECK(a.error().kind == Kind::ZeroCount);
  CHECK(a.error().item == 2);
}

TEST_CASE("The edges must sum to at least the axis length", "[axis][spec]") {
  auto a = Axis::from_runs(11, std::vector<Run>{{4, 2}, {2, 1}});
  REQUIRE_FALSE(a);
  CHECK(a.error().kind == Kind::SumBelowLength);
  CHECK(a.error().sum == 10);
  const std::string message = zr::describe(a.error(), 11);
  CHECK_THAT(message, Catch::Contains("10") && Catch::Contains("11"));
  // Exactly reaching the length is fine.
  CHECK(static_cast<bool>(Axis::from_runs(10, std::vector<Run>{{4, 2}, {2, 1}})));
}

TEST_CASE("Runs are merged maximally, whatever the input wrote", "[axis][semantics]") {
  // [[4, 2], 4, [4, 1], 5, 5, [3, 2]]
  const Axis a = list_axis(20, {{4, 2}, {4, 1}, {4, 1}, {5, 1}, {5, 1}, {3, 2}});
  REQUIRE(a.runs().size() == 3);
  CHECK(a.runs()[0] == Run{4, 4});
  CHECK(a.runs()[1] == Run{5, 2});
  CHECK(a.runs()[2] == Run{3, 2});
  CHECK(edges_of(a) == v({4, 4, 4, 4, 5, 5, 3, 3}));
}

TEST_CASE("Runs read back from the axis's two prefix sums are the runs declared, at any size", "[axis]") {
  // The axis keeps where each run starts, in elements and in chunks; a
  // run's edge is their quotient, exact up to 2^64 - 1.
  const uint64_t third = kMax / 3;  // 3 * third = kMax
  const Axis big = list_axis(kMax, {{third, 3}});
  REQUIRE(big.runs().size() == 1);
  CHECK(big.runs()[0] == Run{third, 3});
  CHECK(big.locate(kMax - 1).chunk == 2);
  CHECK(big.locate(kMax - 1).offset == third - 1);
  CHECK(big.size(2) == third);

  const Axis mixed = list_axis(3 * 7 + 11 + (uint64_t(1) << 40) * 5, {{7, 3}, {11, 1}, {uint64_t(1) << 40, 5}});
  const std::vector<Run> runs(mixed.runs().begin(), mixed.runs().end());
  CHECK(runs == std::vector<Run>{{7, 3}, {11, 1}, {uint64_t(1) << 40, 5}});
  CHECK(mixed.locate(3 * 7 + 11 + (uint64_t(1) << 40) * 4 + 9).chunk == 8);
  CHECK(mixed.locate(3 * 7 + 11 + (uint64_t(1) << 40) * 4 + 9).offset == 9);
  CHECK(mixed.locate(3 * 7 + 11 + (uint64_t(1) << 40) * 4 + 9).size == uint64_t(1) << 40);

  const Axis step = step_axis(10, 3);
  REQUIRE(step.runs().size() == 1);
  CHECK(step.runs()[0] == Run{3, 4});
  CHECK(step_axis(0, 3).runs().empty());
}

TEST_CASE("Locating an index follows the spec's cumulative sums", "[axis][spec]") {
  // Edges [16, 10]: C = (16, 26). Index 20 -> first C exceeding it is 26 (c = 1), offset 20 - 16.
  const Axis a = edges_axis(26, {16, 10});
  CHECK(a.locate(0).chunk == 0);
  CHECK(a.locate(15).chunk == 0);
  CHECK(a.locate(15).offset == 15);
  CHECK(a.locate(16).chunk == 1);
  CHECK(a.locate(16).offset == 0);
  CHECK(a.locate(20).chunk == 1);
  CHECK(a.locate(20).offset == 4);
  CHECK(a.locate(25).chunk == 1);
  CHECK(a.locate(25).offset == 9);
}

TEST_CASE("Locating forward agrees with random access, for sorted and unsorted input", "[axis]") {
  // Edges 1, 1, 1, 5, 5, 2, 2, 2, 2, 7, 3, 3, 3: their sum is the length, 37.
  const Axis a = list_axis(37, {{1, 3}, {5, 2}, {2, 4}, {7, 1}, {3, 3}});
  const std::vector<uint64_t> sorted = {0, 0, 1, 2, 3, 7, 8, 12, 13, 13, 20, 21, 27, 28, 36};
  const std::vector<uint64_t> unsorted = {0, 36, 3, 2, 12, 13, 21, 8, 9, 30, 17, 0, 35, 28};
  for (const auto* order : {&sorted, &unsorted}) {
    size_t run = 0;
    for (uint64_t i : *order) {
      const auto random = a.locate(i);
      const auto forward = a.locate_forward(i, run);
      INFO("index " << i);
      CHECK(forward.chunk == random.chunk);
      CHECK(forward.offset == random.offset);
      CHECK(a.origin(random.chunk) + random.offset == i);
    }
  }
  // A forward cursor on an integer-step axis is harmless.
  const Axis s = step_axis(10, 3);
  size_t run = 0;
  CHECK(s.locate_forward(7, run).chunk == 2);
  CHECK(s.locate_forward(7, run).offset == 1);
}

TEST_CASE("Origin, size and data size of every chunk", "[axis][semantics]") {
  // [4, 4, 2] on length 10: chunks [0, 4), [4, 8), [8, 10).
  const Axis a = edges_axis(10, {4, 4, 2});
  CHECK(a.origin(0) == 0);
  CHECK(a.origin(1) == 4);
  CHECK(a.origin(2) == 8);
  CHECK(a.size(2) == 2);
  CHECK(a.data_size(2) == 2);
  // [4, 4, 4] on length 10: the last chunk is declared 4 and holds 2.
  const Axis b = edges_axis(10, {4, 4, 4});
  CHECK(b.size(2) == 4);
  CHECK(b.data_size(2) == 2);
}

TEST_CASE("Overflow chunks are declared, lie past the array and have data size 0", "[axis][spec][semantics]") {
  // Axis 4 of the spec's example: [4, 4, 4] on length 6.
  const Axis a = edges_axis(6, {4, 4, 4});
  CHECK(a.declared_count() == 3);
  CHECK(a.active_count() == 2);
  CHECK(a.edge_sum() == 12);
  CHECK(a.data_size(0) == 4);
  CHECK(a.data_size(1) == 2);  // only the last active chunk is clipped
  CHECK(a.origin(2) == 8);
  CHECK(a.size(2) == 4);
  CHECK(a.data_size(2) == 0);
  // Several whole overflow chunks are permitted too.
  const Axis b = list_axis(3, {{3, 1}, {5, 4}});
  CHECK(b.active_count() == 1);
  CHECK(b.declared_count() == 5);
  for (uint64_t c = 1; c < 5; ++c) CHECK(b.data_size(c) == 0);
}

TEST_CASE("A chunk that ends exactly at the array's end is the last active one", "[axis]") {
  const Axis a = edges_axis(8, {4, 4, 4});
  CHECK(a.active_count() == 2);
  CHECK(a.data_size(1) == 4);
  CHECK(a.data_size(2) == 0);
}

TEST_CASE("A run of a billion chunks stays one run and is queried directly", "[axis][semantics]") {
  // [[1000, 1000000000]]: one run, not a billion edges. Expanded, it would
  // take 8 GB and seconds; kept as a run it takes microseconds.
  const uint64_t n = 1000000000;
  const auto began = std::chrono::steady_clock::now();
  const Axis a = list_axis(1000 * n, {{1000, n}});
  uint64_t checksum = 0;
  for (uint64_t i = 0; i < 100000; ++i) checksum += a.locate(i * 9999991).chunk + a.origin(i * 9973);
  const auto elapsed = std::chrono::steady_clock::now() - began;
  CHECK(checksum > 0);
  CHECK(elapsed < std::chrono::seconds(1));
  REQUIRE(a.runs().size() == 1);
  CHECK(a.declared_count() == n);
  CHECK(a.active_count() == n);
  CHECK(a.edge_sum() == 1000 * n);
  const auto last = a.locate(1000 * n - 1);
  CHECK(last.chunk == n - 1);
  CHECK(last.offset == 999);
  CHECK(a.locate(123456789012).chunk == 123456789);
  CHECK(a.locate(123456789012).offset == 12);
  CHECK(a.origin(n - 1) == 1000 * (n - 1));
  CHECK(a.size(n - 1) == 1000);
  CHECK(a.data_size(n - 1) == 1000);
  // A trillion one-element chunks, after a short prefix.
  const uint64_t t = 1000000000000;
  const Axis b = list_axis(t + 7, {{7, 1}, {1, t}});
  CHECK(b.declared_count() == t + 1);
  CHECK(b.locate(t + 6).chunk == t);
  CHECK(b.origin(t) == t + 6);
}

// --- 64-bit extremes -------------------------------------------------------

TEST_CASE("Sums of exactly 2^64 - 1 are valid", "[axis][semantics]") {
  const Axis a = list_axis(kMax, {{kTwo63, 1}, {kTwo63 - 1, 1}});
  CHECK(a.edge_sum() == kMax);
  CHECK(a.locate(kMax - 1).chunk == 1);
  CHECK(a.locate(kMax - 1).offset == kTwo63 - 2);
  CHECK(a.data_size(1) == kTwo63 - 1);

  const Axis one = edges_axis(kMax, {kMax});
  CHECK(one.locate(kMax - 1).chunk == 0);
  CHECK(one.locate(kMax - 1).offset == kMax - 1);

  const Axis ones = step_axis(kMax, 1);
  CHECK(ones.declared_count() == kMax);
  CHECK(ones.active_count() == kMax);
  CHECK(ones.locate(kMax - 1).chunk == kMax - 1);
  CHECK(ones.origin(kMax - 1) == kMax - 1);
  CHECK(ones.data_size(kMax - 1) == 1);
}

TEST_CASE("A run whose total exceeds 2^64 - 1 is invalid, never wrapped", "[axis][semantics]") {
  // The spec's note: [[9223372036854775807, 4]].
  auto a = Axis::from_runs(10, std::vector<Run>{{9223372036854775807u, 4}});
  REQUIRE_FALSE(a);
  CHECK(a.error().kind == Kind::RunOverflow);
  CHECK(a.error().item == 0);
  auto b = Axis::from_runs(10, std::vector<Run>{{1, 1}, {kTwo63, 2}});
  REQUIRE_FALSE(b);
  CHECK(b.error().kind == Kind::RunOverflow);
  CHECK(b.error().item == 1);
}

TEST_CASE("A sum of edges that exceeds 2^64 - 1 is invalid, never wrapped", "[axis][semantics]") {
  auto a = Axis::from_runs(10, std::vector<Run>{{kMax, 1}, {1, 1}});
  REQUIRE_FALSE(a);
  CHECK(a.error().kind == Kind::SumOverflow);
  CHECK(a.error().item == 1);
  // Two halves of 2^64: each fits, the sum does not.
  auto b = Axis::from_runs(10, std::vector<Run>{{kTwo63, 1}, {3, 1}, {kTwo63, 1}});
  REQUIRE_FALSE(b);
  CHECK(b.error().kind == Kind::SumOverflow);
  CHECK(b.error().item == 2);
}

TEST_CASE("An integer step whose ceil(L / m) * m exceeds 2^64 - 1 is invalid", "[axis][semantics]") {
  // ceil((2^64 - 1) / (2^63 + 1)) = 2 chunks of 2^63 + 1.
  for (uint64_t step : {kTwo63 + 1, kTwo63, uint64_t(2), kMax - 1}) {
    INFO("step " << step);
    auto a = Axis::from_step(kMax, step);
    REQUIRE_FALSE(a);
    CHECK(a.error().kind == Kind::StepOverflow);
  }
  // These fit exactly: 2^64 - 1 is a multiple of 1, 3, 5, 15 and 2^64 - 1.
  for (uint64_t step : {uint64_t(1), uint64_t(3), uint64_t(5), uint64_t(15), kMax}) {
    INFO("step " << step);
    auto a = Axis::from_step(kMax, step);
    REQUIRE(static_cast<bool>(a));
    CHECK(a->edge_sum() == kMax);
  }
  // 2^63 with a step of 2^63: one chunk.
  CHECK(step_axis(kTwo63, kTwo63).declared_count() == 1);
  // A zero-length axis has no chunks, so any step fits.
  CHECK(step_axis(0, kMax).declared_count() == 0);
}

TEST_CASE("Faults are described with what was found and what was expected", "[axis]") {
  CHECK_THAT(zr::describe({Kind::ZeroStep}, 5), Catch::Contains("found 0") && Catch::Contains("expected"));
  CHECK_THAT(zr::describe({Kind::EmptyList}, 5), Catch::Contains("[]"));
  CHECK_THAT(zr::describe({Kind::StepOverflow}, 77), Catch::Contains("77"));
  CHECK_THAT(zr::describe({Kind::SumBelowLength, 0, 9}, 12), Catch::Contains("9") && Catch::Contains("12"));
}

// --- resize ---------------------------------------------------------------

TEST_CASE("Resize: an integer axis takes the new length and keeps its step", "[axis][resize]") {
  const Axis a = step_axis(6, 4);
  for (uint64_t length : {uint64_t(0), uint64_t(3), uint64_t(6), uint64_t(13), uint64_t(1000)}) {
    INFO("new length " << length);
    auto r = a.resize(length, {});
    REQUIRE(static_cast<bool>(r));
    CHECK(r->is_step());
    CHECK(r->step() == 4);
    CHECK(r->length() == length);
    CHECK(*r == step_axis(length, 4));
  }
  // Given edges are irrelevant to an integer axis.
  const std::vector<uint64_t> edges = {1};
  auto r = a.resize(20, edges);
  REQUIRE(static_cast<bool>(r));
  CHECK(*r == step_axis(20, 4));
}

TEST_CASE("Resize: an integer axis whose new length overflows its step is an error", "[axis][resize]") {
  auto r = step_axis(10, kTwo63).resize(kMax, {});
  REQUIRE_FALSE(r);
  CHECK(r.error().kind == Kind::StepOverflow);
}

TEST_CASE("Resize: an explicit axis that shrinks keeps every edge", "[axis][resize]") {
  const Axis a = edges_axis(10, {4, 4, 2});
  auto r = a.resize(5, {});
  REQUIRE(static_cast<bool>(r));
  CHECK_FALSE(r->is_step());
  CHECK(r->length() == 5);
  CHECK(edges_of(*r) == v({4, 4, 2}));
  CHECK(r->active_count() == 2);
  CHECK(r->declared_count() == 3);
  // Down to zero length, the list is kept too.
  auto z = a.resize(0, {});
  REQUIRE(static_cast<bool>(z));
  CHECK(edges_of(*z) == v({4, 4, 2}));
  CHECK(z->active_count() == 0);
}

TEST_CASE("Resize: an explicit axis that grows within its edge sum keeps every edge", "[axis][resize]") {
  const Axis a = edges_axis(6, {4, 4, 4});
  auto r = a.resize(12, {});
  REQUIRE(static_cast<bool>(r));
  CHECK(edges_of(*r) == v({4, 4, 4}));
  CHECK(r->active_count() == 3);
}

TEST_CASE("Resize: growing past the edge sum appends one edge of the difference", "[axis][resize]") {
  const Axis a = edges_axis(10, {4, 4, 2});
  auto r = a.resize(17, {});
  REQUIRE(static_cast<bool>(r));
  CHECK(edges_of(*r) == v({4, 4, 2, 7}));
  CHECK(r->length() == 17);
  // The appended edge is measured from the edge sum, not the old length.
  const Axis b = edges_axis(6, {4, 4, 4});
  auto s = b.resize(13, {});
  REQUIRE(static_cast<bool>(s));
  CHECK(edges_of(*s) == v({4, 4, 4, 1}));
  // An appended edge equal to the last one merges into its run.
  auto t = edges_axis(8, {4, 4}).resize(12, {});
  REQUIRE(static_cast<bool>(t));
  REQUIRE(t->runs().size() == 1);
  CHECK(t->runs()[0] == Run{4, 3});
}

TEST_CASE("Resize: given edges are appended instead of the difference", "[axis][resize]") {
  const Axis a = edges_axis(10, {4, 4, 2});
  const std::vector<uint64_t> exact = {3, 4};
  auto r = a.resize(17, exact);
  REQUIRE(static_cast<bool>(r));
  CHECK(edges_of(*r) == v({4, 4, 2, 3, 4}));
  // They may overshoot the new length (overflow chunks).
  const std::vector<uint64_t> over = {5, 5};
  auto s = a.resize(17, over);
  REQUIRE(static_cast<bool>(s));
  CHECK(edges_of(*s) == v({4, 4, 2, 5, 5}));
  CHECK(s->active_count() == 5);
}

TEST_CASE("Resize: appended edges that do not reach the new length are an error", "[axis][resize]") {
  const Axis a = edges_axis(10, {4, 4, 2});
  const std::vector<uint64_t> short_edges = {3, 2};
  auto r = a.resize(17, short_edges);
  REQUIRE_FALSE(r);
  CHECK(r.error().kind == Kind::SumBelowLength);
  CHECK(r.error().sum == 15);
  CHECK(r.error().item == 1);  // the last appended edge
}

TEST_CASE("Resize: an appended edge of 0 is an error at its position in the appended list", "[axis][resize]") {
  const Axis a = edges_axis(10, {4, 4, 2});
  const std::vector<uint64_t> edges = {3, 0, 9};
  auto r = a.resize(17, edges);
  REQUIRE_FALSE(r);
  CHECK(r.error().kind == Kind::ZeroSize);
  CHECK(r.error().item == 1);
}

TEST_CASE("Resize: appended edges whose sum overflows are an error", "[axis][resize]") {
  const Axis a = edges_axis(10, {4, 4, 2});
  const std::vector<uint64_t> edges = {kMax - 20};  // 10 + 2^64 - 21 fits; 20 more does not
  auto ok = a.resize(kMax - 10, edges);
  REQUIRE(static_cast<bool>(ok));
  const std::vector<uint64_t> too_much = {kMax - 20, 21};
  auto r = a.resize(kMax, too_much);
  REQUIRE_FALSE(r);
  CHECK(r.error().kind == Kind::SumOverflow);
  CHECK(r.error().item == 1);
}

TEST_CASE("Resize: edges given for an axis that does not grow are ignored", "[axis][resize]") {
  const Axis a = edges_axis(10, {4, 4, 2});
  const std::vector<uint64_t> edges = {0};  // would be invalid if used
  for (uint64_t length : {uint64_t(3), uint64_t(10)}) {
    auto r = a.resize(length, edges);
    REQUIRE(static_cast<bool>(r));
    CHECK(edges_of(*r) == v({4, 4, 2}));
  }
}

// --- equality -------------------------------------------------------------

TEST_CASE("Equality: an integer axis never equals a list axis", "[axis][equality][semantics]") {
  // 4 and [4, 4] declare the same edges on length 8, yet differ in kind.
  CHECK(edges_of(step_axis(8, 4)) == edges_of(edges_axis(8, {4, 4})));
  CHECK_FALSE(step_axis(8, 4) == edges_axis(8, {4, 4}));
  CHECK_FALSE(step_axis(0, 4) == edges_axis(0, {4}));
}

TEST_CASE("Equality: [4, 4, 4] and 4 differ on length 6", "[axis][equality][semantics]") {
  const Axis list = edges_axis(6, {4, 4, 4});
  const Axis step = step_axis(6, 4);
  CHECK(list.declared_count() == 3);
  CHECK(step.declared_count() == 2);
  CHECK_FALSE(list == step);
}

TEST_CASE("Equality: the same declared edges written differently are equal", "[axis][equality]") {
  CHECK(list_axis(12, {{4, 2}, {4, 1}}) == edges_axis(12, {4, 4, 4}));
  CHECK(list_axis(12, {{4, 3}}) == edges_axis(12, {4, 4, 4}));
  CHECK(step_axis(12, 4) == step_axis(12, 4));
}

TEST_CASE("Equality: different lengths, steps or edges differ", "[axis][equality]") {
  CHECK_FALSE(edges_axis(11, {4, 4, 4}) == edges_axis(12, {4, 4, 4}));
  CHECK_FALSE(step_axis(12, 4) == step_axis(12, 3));
  CHECK_FALSE(step_axis(12, 4) == step_axis(11, 4));
  CHECK_FALSE(edges_axis(12, {4, 4, 4}) == edges_axis(12, {4, 4, 4, 4}));
  CHECK_FALSE(edges_axis(12, {4, 8}) == edges_axis(12, {8, 4}));
}
