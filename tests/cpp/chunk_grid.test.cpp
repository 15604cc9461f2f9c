// The N-d grid: the spec's worked examples, active and declared grid
// shapes, batch lookups and chunk geometry.
#include <cmath>

#include "test_support.hpp"

using namespace zr_test;
using zr::ChunkGrid;
using zr::npos;
using U = std::vector<uint64_t>;

namespace {

// Looks up one N-d index; REQUIREs that it lies inside the array.
struct Found {
  U chunk, offset;
};
Found locate(const ChunkGrid& g, const U& index) {
  Found f{U(g.ndim()), U(g.ndim())};
  REQUIRE(g.locate_many(std::span<const uint64_t>(index), f.chunk.data(), f.offset.data()) == npos);
  return f;
}

U origin_of(const ChunkGrid& g, const U& coords) {
  U out(g.ndim());
  g.chunk_origin(coords, out);
  return out;
}
U shape_of(const ChunkGrid& g, const U& coords) {
  U out(g.ndim());
  g.chunk_shape(coords, out);
  return out;
}
U data_shape_of(const ChunkGrid& g, const U& coords) {
  U out(g.ndim());
  g.chunk_data_shape(coords, out);
  return out;
}

}  // namespace

// --- the spec's worked facts -----------------------------------------------

TEST_CASE("Spec example: shape [26, 38], edges [[16, 10], [24, 14]]", "[grid][spec]") {
  const ChunkGrid g = grid_of("[26,38]", "[[16,10],[24,14]]");
  CHECK(g.ndim() == 2);
  CHECK(g.shape() == U{26, 38});
  CHECK(g.grid_shape() == U{2, 2});

  // Index (20, 15) resolves to chunk (1, 0) at offset (4, 15).
  const Found f = locate(g, {20, 15});
  CHECK(f.chunk == U{1, 0});
  CHECK(f.offset == U{4, 15});

  // Chunk (0, 0) has shape [16, 24]; chunk (0, 1) has shape [16, 14]
  // (the spec's text says [14, 16], a typo).
  CHECK(shape_of(g, {0, 0}) == U{16, 24});
  CHECK(shape_of(g, {0, 1}) == U{16, 14});
  CHECK(shape_of(g, {1, 0}) == U{10, 24});
  CHECK(origin_of(g, {1, 1}) == U{16, 24});
}

TEST_CASE("Spec example: the five axis forms on shape [6, 6, 6, 6, 6]", "[grid][spec]") {
  const ChunkGrid g = grid_of("[6,6,6,6,6]", "[4,[1,2,3],[[4,2]],[[1,3],3],[4,4,4]]");
  // The edges expand to [4, 4], [1, 2, 3], [4, 4], [1, 1, 1, 3] and [4, 4, 4].
  CHECK(edges_of(g.axis(0)) == U{4, 4});
  CHECK(edges_of(g.axis(1)) == U{1, 2, 3});
  CHECK(edges_of(g.axis(2)) == U{4, 4});
  CHECK(edges_of(g.axis(3)) == U{1, 1, 1, 3});
  CHECK(edges_of(g.axis(4)) == U{4, 4, 4});
  // gridShape counts active chunks; declaredGridShape counts every edge.
  CHECK(g.grid_shape() == U{2, 3, 2, 4, 2});
  CHECK(g.declared_grid_shape() == U{2, 3, 2, 4, 3});
  CHECK(g.num_chunks() == std::optional<uint64_t>(2 * 3 * 2 * 4 * 2));
  CHECK_FALSE(g.is_regular());
  // Axis 0 is an integer step; the others are lists.
  CHECK(g.axis(0).is_step());
  for (size_t d = 1; d < 5; ++d) CHECK_FALSE(g.axis(d).is_step());
}

TEST_CASE("Spec example: length 10 with the integer 3 expands to [3, 3, 3, 3]", "[grid][spec]") {
  const ChunkGrid g = grid_of("[10]", "[3]");
  CHECK(edges_of(g.axis(0)) == U{3, 3, 3, 3});
  CHECK(g.grid_shape() == U{4});
  CHECK(g.declared_grid_shape() == U{4});
  CHECK(data_shape_of(g, {3}) == U{1});
}

TEST_CASE("ZEP 0003 example: index (17, 17) is chunk (3, 1) at offset (2, 7)", "[grid][spec]") {
  // ZEP 0003's own text says offset (2, 2), which is wrong.
  const ChunkGrid g = grid_of("[100,100]", "[[5,5,5,15,15,20,35],10]");
  const Found f = locate(g, {17, 17});
  CHECK(f.chunk == U{3, 1});
  CHECK(f.offset == U{2, 7});
  CHECK(g.grid_shape() == U{7, 10});
}

// --- shapes and counts -------------------------------------------------------

TEST_CASE("gridShape counts active chunks, declaredGridShape every declared cell", "[grid][semantics]") {
  // Shape 6 with [4, 4, 4]: gridShape [2], declaredGridShape [3].
  const ChunkGrid g = grid_of("[6]", "[[4,4,4]]");
  CHECK(g.grid_shape() == U{2});
  CHECK(g.declared_grid_shape() == U{3});
  CHECK(g.num_chunks() == std::optional<uint64_t>(2));
}

TEST_CASE("A zero-length axis has no active chunks", "[grid][semantics]") {
  const ChunkGrid g = grid_of("[0,0,5]", "[4,[4,2],5]");
  CHECK(g.shape() == U{0, 0, 5});
  CHECK(g.grid_shape() == U{0, 0, 1});
  CHECK(g.declared_grid_shape() == U{0, 2, 1});
  CHECK(g.num_chunks() == std::optional<uint64_t>(0));
}

TEST_CASE("numChunks is the product of gridShape, or nothing when it exceeds 2^64 - 1", "[grid][semantics]") {
  // 2^32 x 2^32 one-element chunks = 2^64: one too many.
  const uint64_t two32 = uint64_t(1) << 32;
  const ChunkGrid over({step_axis(two32, 1), step_axis(two32, 1)});
  CHECK(over.grid_shape() == U{two32, two32});
  CHECK_FALSE(over.num_chunks().has_value());
  // 2^32 x (2^32 - 1) fits.
  const ChunkGrid fits({step_axis(two32, 1), step_axis(two32 - 1, 1)});
  CHECK(fits.num_chunks() == std::optional<uint64_t>(two32 * (two32 - 1)));
  // No axes: one chunk, as numpy's empty product.
  CHECK(ChunkGrid(std::vector<zr::Axis>{}).num_chunks() == std::optional<uint64_t>(1));
}

TEST_CASE("numChunks is 0 when any axis has no chunks, even if the other axes' product overflows",
          "[grid][semantics]") {
  // gridShape [2^40, 2^40, 0]: the product is exactly 0, which fits in uint64.
  const uint64_t two40 = uint64_t(1) << 40;
  const ChunkGrid g({step_axis(two40, 1), step_axis(two40, 1), step_axis(0, 1)});
  CHECK(g.grid_shape() == U{two40, two40, 0});
  CHECK(g.num_chunks() == std::optional<uint64_t>(0));
}

TEST_CASE("A grid is regular when every axis is a bare integer step", "[grid]") {
  CHECK(grid_of("[10,20]", "[3,7]").is_regular());
  CHECK(grid_of("[0]", "[3]").is_regular());
  // A uniform list is not a step.
  CHECK_FALSE(grid_of("[12,20]", "[[4,4,4],7]").is_regular());
  CHECK_FALSE(grid_of("[12]", "[[[4,3]]]").is_regular());
}

// --- locate_many and locate_axis ------------------------------------------------

TEST_CASE("locate_many looks up rows of N-d indices, as doubles or as uint64", "[grid][locate]") {
  const ChunkGrid g = grid_of("[26,38]", "[[16,10],[24,14]]");
  const std::vector<double> as_double = {0, 0, 20, 15, 25, 37, 15, 24};
  const U as_uint = {0, 0, 20, 15, 25, 37, 15, 24};
  U chunks(8), offsets(8);
  REQUIRE(g.locate_many(std::span<const double>(as_double), chunks.data(), offsets.data()) == npos);
  CHECK(chunks == U{0, 0, 1, 0, 1, 1, 0, 1});
  CHECK(offsets == U{0, 0, 4, 15, 9, 13, 15, 0});
  U chunks2(8), offsets2(8);
  REQUIRE(g.locate_many(std::span<const uint64_t>(as_uint), chunks2.data(), offsets2.data()) == npos);
  CHECK(chunks2 == chunks);
  CHECK(offsets2 == offsets);
}

TEST_CASE("locate_many rejects indices outside the array shape, naming the first bad row", "[grid][locate]") {
  // Shape [6, 10] with an overflow chunk on axis 0: [4, 4, 4] covers 0..11,
  // but 6..11 are still outside the array.
  const ChunkGrid g = grid_of("[6,10]", "[[4,4,4],5]");
  U chunks(8), offsets(8);
  const auto first_bad = [&](std::vector<double> rows) {
    return g.locate_many(std::span<const double>(rows), chunks.data(), offsets.data());
  };
  CHECK(first_bad({0, 0, 5, 9}) == npos);
  CHECK(first_bad({0, 0, 6, 0}) == 1);                    // >= length, though an overflow chunk covers it
  CHECK(first_bad({0, 0, 1, 1, 0, 10}) == 2);             // >= length on axis 1
  CHECK(first_bad({-1, 0}) == 0);                          // negative: no wrapping in locate
  CHECK(first_bad({0, 0, 1.5, 0}) == 1);                   // fractional
  CHECK(first_bad({0, 0, 0, 0, 0, std::nan("")}) == 2);    // NaN
  CHECK(first_bad({INFINITY, 0}) == 0);                    // infinity
  CHECK(first_bad({0, 0, 1, 1e30}) == 1);                  // beyond uint64
  CHECK(first_bad({0, 0, 7, 0, 0, 11}) == 1);              // the first of several bad rows

  const U big = {0, 0, 3, 18446744073709551615u};
  CHECK(g.locate_many(std::span<const uint64_t>(big), chunks.data(), offsets.data()) == 1);
}

TEST_CASE("locate_axis looks up indices along one axis", "[grid][locate]") {
  const ChunkGrid g = grid_of("[100,100]", "[[5,5,5,15,15,20,35],10]");
  const std::vector<double> idx = {0, 17, 99, 30, 45, 4};
  U chunks(6), offsets(6);
  REQUIRE(g.locate_axis(0, std::span<const double>(idx), chunks.data(), offsets.data()) == npos);
  CHECK(chunks == U{0, 3, 6, 4, 5, 0});
  CHECK(offsets == U{0, 2, 34, 0, 0, 4});
  REQUIRE(g.locate_axis(1, std::span<const double>(idx), chunks.data(), offsets.data()) == npos);
  CHECK(chunks == U{0, 1, 9, 3, 4, 0});
  CHECK(offsets == U{0, 7, 9, 0, 5, 4});

  const U as_uint = {99, 0};
  REQUIRE(g.locate_axis(0, std::span<const uint64_t>(as_uint), chunks.data(), offsets.data()) == npos);
  CHECK(chunks[0] == 6);
  CHECK(offsets[0] == 34);
}

TEST_CASE("A double above 2^53 - 1 is not an exact index, so it is rejected", "[grid][locate]") {
  // 2^53 as a double may stand for 2^53 + 1 rounded: no value loses precision silently.
  const ChunkGrid g({step_axis(uint64_t(1) << 60, 1000)});
  U chunks(2), offsets(2);
  const std::vector<double> safe = {9007199254740991.0};
  REQUIRE(g.locate_axis(0, std::span<const double>(safe), chunks.data(), offsets.data()) == npos);
  CHECK(chunks[0] == 9007199254740);
  CHECK(offsets[0] == 991);
  const std::vector<double> unsafe = {0, 9007199254740992.0};
  CHECK(g.locate_axis(0, std::span<const double>(unsafe), chunks.data(), offsets.data()) == 1);
  CHECK(g.locate_many(std::span<const double>(unsafe), chunks.data(), offsets.data()) == 1);
  // As uint64, the same index is exact and fine.
  const U exact = {9007199254740992u};
  CHECK(g.locate_axis(0, std::span<const uint64_t>(exact), chunks.data(), offsets.data()) == npos);
}

TEST_CASE("locate_axis and locate_many can write their results as doubles", "[grid][locate]") {
  const ChunkGrid g = grid_of("[100,100]", "[[5,5,5,15,15,20,35],10]");
  const std::vector<double> idx = {99, 17, 0};
  std::vector<double> chunks(3), offsets(3);
  REQUIRE(g.locate_axis(0, std::span<const double>(idx), chunks.data(), offsets.data()) == npos);
  CHECK(chunks == std::vector<double>{6, 3, 0});
  CHECK(offsets == std::vector<double>{34, 2, 0});
  const std::vector<double> rows = {17, 17};
  std::vector<double> c2(2), o2(2);
  REQUIRE(g.locate_many(std::span<const double>(rows), c2.data(), o2.data()) == npos);
  CHECK(c2 == std::vector<double>{3, 1});
  CHECK(o2 == std::vector<double>{2, 7});
}

TEST_CASE("locate_axis gives the same answers for sorted and unsorted input", "[grid][locate]") {
  const ChunkGrid g = grid_of("[37]", "[[[1,3],[5,2],[2,4],7,[3,3]]]");
  const U sorted = {0, 0, 1, 2, 3, 3, 7, 8, 12, 13, 20, 21, 27, 28, 36};
  U reversed(sorted.rbegin(), sorted.rend());
  U c1(sorted.size()), o1(sorted.size()), c2(sorted.size()), o2(sorted.size());
  REQUIRE(g.locate_axis(0, std::span<const uint64_t>(sorted), c1.data(), o1.data()) == npos);
  REQUIRE(g.locate_axis(0, std::span<const uint64_t>(reversed), c2.data(), o2.data()) == npos);
  for (size_t k = 0; k < sorted.size(); ++k) {
    CHECK(c1[k] == c2[sorted.size() - 1 - k]);
    CHECK(o1[k] == o2[sorted.size() - 1 - k]);
    CHECK(g.axis(0).origin(c1[k]) + o1[k] == sorted[k]);
  }
}

TEST_CASE("locate_axis rejects negative, fractional, NaN and out-of-range elements", "[grid][locate]") {
  const ChunkGrid g = grid_of("[6]", "[[4,4,4]]");
  U chunks(4), offsets(4);
  const auto first_bad = [&](std::vector<double> values) {
    return g.locate_axis(0, std::span<const double>(values), chunks.data(), offsets.data());
  };
  CHECK(first_bad({0, 5}) == npos);
  CHECK(first_bad({0, -1}) == 1);
  CHECK(first_bad({2.5}) == 0);
  CHECK(first_bad({1, 2, std::nan("")}) == 2);
  CHECK(first_bad({6}) == 0);
  CHECK(first_bad({1, 11}) == 1);  // inside the overflow chunk, outside the array
  CHECK(first_bad({-0.0}) == npos);  // -0 is the index 0
  CHECK(chunks[0] == 0);
  const U as_uint = {1, 6};
  CHECK(g.locate_axis(0, std::span<const uint64_t>(as_uint), chunks.data(), offsets.data()) == 1);
}

TEST_CASE("A lookup answered from the previous index's chunk still refuses what it must", "[grid][locate]") {
  // Shape 6 over edges [4, 4, 4]: chunk 1 holds elements 4 and 5 of the
  // array, and 6 and 7 only in its declared extent.
  const ChunkGrid g = grid_of("[6]", "[[4,4,4]]");
  U chunks(3), offsets(3);
  const auto first_bad = [&](std::vector<double> values) {
    return g.locate_axis(0, std::span<const double>(values), chunks.data(), offsets.data());
  };
  CHECK(first_bad({5, 6}) == 1);
  CHECK(first_bad({4, 7}) == 1);
  CHECK(first_bad({1, 2.5}) == 1);
  CHECK(first_bad({0, std::nan("")}) == 1);
  CHECK(first_bad({1, -0.0, 3}) == npos);
  CHECK(chunks == U{0, 0, 0});
  CHECK(offsets == U{1, 0, 3});
  CHECK(first_bad({5, -1}) == 1);
  CHECK(first_bad({5, std::numeric_limits<double>::infinity()}) == 1);
  // The same in N-d, where each axis keeps its own chunk.
  const ChunkGrid two = grid_of("[6,6]", "[[4,4,4],[4,4,4]]");
  const std::vector<double> rows = {5, 1, 5, 2, 4, 6};
  U c2(rows.size()), o2(rows.size());
  CHECK(two.locate_many(std::span<const double>(rows), c2.data(), o2.data()) == 2);
}

TEST_CASE("An unsafe double is refused even where the previous index's chunk covers it", "[grid][locate]") {
  // One chunk of 2^60 elements: 2^53 - 1 and 2^53 lie in the same chunk.
  const ChunkGrid g({step_axis(uint64_t(1) << 61, uint64_t(1) << 60)});
  const std::vector<double> values = {9007199254740991.0, 9007199254740992.0};
  U chunks(2), offsets(2);
  CHECK(g.locate_axis(0, std::span<const double>(values), chunks.data(), offsets.data()) == 1);
  CHECK(g.locate_many(std::span<const double>(values), chunks.data(), offsets.data()) == 1);
}

TEST_CASE("Lookups that move back and forth, and jump between runs, agree with one-by-one locate",
          "[grid][locate]") {
  const ChunkGrid g = grid_of("[37,37]", "[[[1,3],[5,2],[2,4],7,[3,3]],[[4,3],1,[8,3]]]");
  // A walk: runs of nearby indices, steps back, jumps across the axis, repeats.
  const U walk = {0, 1, 1, 2, 3, 2, 1, 0, 12, 13, 14, 13, 20, 27, 28, 36, 35, 0, 36, 12, 12, 26, 25, 24, 3, 4};
  U rows;
  for (size_t k = 0; k < walk.size(); ++k) rows.insert(rows.end(), {walk[k], walk[walk.size() - 1 - k]});
  check_rows_one_by_one(g, rows);
}

TEST_CASE("Every index of a zero-length axis is out of range", "[grid][locate]") {
  const ChunkGrid g = grid_of("[0]", "[[4]]");
  U chunks(1), offsets(1);
  const U zero = {0};
  CHECK(g.locate_axis(0, std::span<const uint64_t>(zero), chunks.data(), offsets.data()) == 0);
  CHECK(g.locate_many(std::span<const uint64_t>(zero), chunks.data(), offsets.data()) == 0);
}

TEST_CASE("locate_many handles indices near 2^64 - 1 exactly", "[grid][locate]") {
  const ChunkGrid g({list_axis(kMax, {{kTwo63, 1}, {1, kTwo63 - 1}})});
  const U idx = {kMax - 1, kTwo63 - 1, kTwo63};
  U chunks(3), offsets(3);
  REQUIRE(g.locate_many(std::span<const uint64_t>(idx), chunks.data(), offsets.data()) == npos);
  CHECK(chunks == U{kTwo63 - 1, 0, 1});
  CHECK(offsets == U{0, kTwo63 - 1, 0});
  // 2^64 as a double does not fit; the largest double below it does.
  const std::vector<double> d = {18446744073709551616.0};
  CHECK(g.locate_many(std::span<const double>(d), chunks.data(), offsets.data()) == 0);
}

// --- chunk geometry ------------------------------------------------------------------

TEST_CASE("Chunk origin, declared shape and data shape", "[grid][semantics]") {
  // Shape [10, 6]: axis 0 is [4, 4, 2]; axis 1 is [4, 4, 4] with an overflow chunk.
  const ChunkGrid g = grid_of("[10,6]", "[[4,4,2],[4,4,4]]");
  CHECK(origin_of(g, {0, 0}) == U{0, 0});
  CHECK(origin_of(g, {2, 1}) == U{8, 4});
  CHECK(origin_of(g, {2, 2}) == U{8, 8});
  // The declared shape is what the codec decodes.
  CHECK(shape_of(g, {2, 1}) == U{2, 4});
  CHECK(shape_of(g, {2, 2}) == U{2, 4});
  // The data shape is the part inside the array: clipped at the end, 0 past it.
  CHECK(data_shape_of(g, {0, 0}) == U{4, 4});
  CHECK(data_shape_of(g, {2, 1}) == U{2, 2});
  CHECK(data_shape_of(g, {1, 2}) == U{4, 0});
}

TEST_CASE("Chunk shapes of an integer-step grid: only the last chunk's data is clipped", "[grid][semantics]") {
  const ChunkGrid g = grid_of("[10,9]", "[3,4]");
  CHECK(shape_of(g, {3, 2}) == U{3, 4});
  CHECK(data_shape_of(g, {3, 2}) == U{1, 1});
  CHECK(data_shape_of(g, {2, 1}) == U{3, 4});
  CHECK(origin_of(g, {3, 2}) == U{9, 8});
}

TEST_CASE("Coordinates inside the declared grid include overflow cells", "[grid][semantics]") {
  const ChunkGrid g = grid_of("[6,10]", "[[4,4,4],5]");
  CHECK(g.in_declared_grid(U{0, 0}));
  CHECK(g.in_declared_grid(U{2, 1}));   // an overflow cell on axis 0
  CHECK_FALSE(g.in_declared_grid(U{3, 0}));
  CHECK_FALSE(g.in_declared_grid(U{0, 2}));
  CHECK_FALSE(g.in_declared_grid(U{kMax, 0}));
  // A zero-length integer axis has no cells at all.
  const ChunkGrid z = grid_of("[0]", "[4]");
  CHECK_FALSE(z.in_declared_grid(U{0}));
}

// --- resize and equality of grids ---------------------------------------------------

TEST_CASE("Grid resize applies the axis policy on every axis", "[grid][resize]") {
  const ChunkGrid g = grid_of("[10,10,6]", "[4,[4,4,2],[4,4,4]]");
  const U new_shape = {20, 17, 3};
  const std::vector<U> appended = {{}, {3, 4}, {}};
  auto r = g.resize(new_shape, appended);
  REQUIRE(static_cast<bool>(r));
  CHECK(r->shape() == new_shape);
  CHECK(*r == grid_of("[20,17,3]", "[4,[4,4,2,3,4],[4,4,4]]"));
  // Without appended edges, each growing list gets one edge of the difference.
  auto d = g.resize(U{10, 17, 13}, std::vector<U>{});
  REQUIRE(static_cast<bool>(d));
  CHECK(*d == grid_of("[10,17,13]", "[4,[4,4,2,7],[4,4,4,1]]"));
}

TEST_CASE("Grid resize names the axis whose appended edges fall short", "[grid][resize]") {
  const ChunkGrid g = grid_of("[10,10]", "[[4,4,2],[5,5]]");
  const std::vector<U> appended = {{}, {2}};
  auto r = g.resize(U{10, 20}, appended);
  REQUIRE_FALSE(r);
  CHECK(r.error().axis == 1);
  CHECK(r.error().fault.kind == zr::AxisFault::Kind::SumBelowLength);
}

TEST_CASE("Grids are equal with the same shape, axis forms and declared edges", "[grid][equality]") {
  CHECK(grid_of("[12,5]", "[[[4,3]],5]") == grid_of("[12,5]", "[[4,4,4],5]"));
  CHECK_FALSE(grid_of("[12,5]", "[[4,4,4],5]") == grid_of("[12,5]", "[4,5]"));
  CHECK_FALSE(grid_of("[6]", "[[4,4,4]]") == grid_of("[6]", "[4]"));
  CHECK_FALSE(grid_of("[12,5]", "[4,5]") == grid_of("[12,6]", "[4,5]"));
  CHECK_FALSE(grid_of("[12]", "[4]") == grid_of("[12,1]", "[4,1]"));
}
