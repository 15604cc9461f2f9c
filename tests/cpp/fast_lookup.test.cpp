// What makes lookups fast must not change their answers: a small axis's
// chunk table, a larger axis's bucket table (fine, coarse, or too wide to
// say where a run starts) and the batch kernel's columns (for doubles the
// branch-free loops of a table axis and of a regular one; else the kept
// chunk tested two indices at a time, or not at all while it does not pay;
// doubles kept as doubles).
#include <cmath>
#include <random>

#include "test_support.hpp"

using namespace zr_test;
using zr::Axis;
using zr::ChunkGrid;
using zr::Run;
using zr::npos;
using U = std::vector<uint64_t>;
using D = std::vector<double>;

namespace {

// The chunk and offset of `index` by the spec's cumulative sums, one run at a time.
std::pair<uint64_t, uint64_t> by_sums(const std::vector<Run>& runs, uint64_t index) {
  uint64_t chunk = 0;
  for (const Run& run : runs) {
    if (index / run.size < run.count) return {chunk + index / run.size, index % run.size};
    index -= run.size * run.count;
    chunk += run.count;
  }
  FAIL("index past the edge sum");
  return {0, 0};
}

void check_every_index(const std::vector<Run>& runs) {
  uint64_t sum = 0;
  for (const Run& run : runs) sum += run.size * run.count;
  const Axis a = list_axis(sum, runs);
  for (uint64_t i = 0; i < sum; ++i) {
    const auto [chunk, offset] = by_sums(runs, i);
    const zr::Located at = a.locate(i);
    INFO("index " << i << " of " << sum);
    REQUIRE(at.chunk == chunk);
    REQUIRE(at.offset == offset);
  }
}

std::vector<Run> random_runs(size_t count, uint64_t max_size, uint64_t max_count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Run> runs;
  for (size_t i = 0; i < count; ++i) {
    runs.push_back({1 + rng() % max_size, 1 + rng() % max_count});
  }
  return runs;
}

}  // namespace

TEST_CASE("A chunk table (up to 2048 chunks) answers every index as the cumulative sums do", "[axis][locate]") {
  // Chunk starts crowded into one bucket (past the table's two steps), a
  // chunk start on a bucket's first index, chunks longer than many
  // buckets, and one-element edges.
  check_every_index({{1000, 1}, {1, 1}, {2, 1}, {3, 1}, {1, 1}, {2, 1}, {64, 3}, {1, 7}, {5, 1}, {7, 2}, {1000, 1}});
  check_every_index({{100000, 1}, {1, 40}, {100000, 1}});
  check_every_index({{8, 4}, {16, 2}, {32, 1}, {4, 2}, {8, 1}});
  check_every_index(random_runs(40, 50, 5, 1));
  check_every_index(random_runs(300, 3, 2, 2));
  // 2048 chunks, the most a table takes.
  check_every_index({{3, 1000}, {1, 48}, {5, 1000}});
}

TEST_CASE("A chunk table of wider buckets (past 2^16 elements) answers every index as the cumulative sums do",
          "[axis][locate]") {
  check_every_index({{100000, 1}, {1, 40}, {100000, 1}});
  check_every_index({{30000, 2}, {1, 3}, {2, 1}, {30000, 1}});
  check_every_index(random_runs(300, 3000, 2, 5));
  check_every_index({{300, 1000}, {1, 48}, {50, 1000}});
}

TEST_CASE("A bucket table of up to 8 buckets per run (past 2048 chunks) answers every index as the cumulative sums do",
          "[axis][locate]") {
  check_every_index({{3, 1000}, {1, 49}, {5, 1000}});
  check_every_index({{1000, 1}, {1, 1}, {2, 1}, {3, 1}, {1, 1}, {2, 1}, {64, 3}, {1, 2100}, {5, 1}, {7, 2}, {1000, 1}});
  check_every_index(random_runs(200, 50, 30, 1));
}

TEST_CASE("A bucket table of 2 buckets per run, past 4096 buckets, answers every index as the cumulative sums do",
          "[axis][locate]") {
  check_every_index(random_runs(3000, 100, 1, 3));
  check_every_index(random_runs(5000, 4, 3, 4));
}

TEST_CASE("Buckets too wide to say where a run starts in them still answer exactly", "[axis][locate]") {
  // Runs averaging well past 2^32 elements: buckets wider than 2^31.
  const uint64_t g = uint64_t(1) << 32;
  const std::vector<Run> runs = {{3 * g, 1}, {5, 1}, {g + 1, 3}, {7, 2}, {16 * g, 1}};
  uint64_t sum = 0;
  std::vector<uint64_t> probes;
  for (const Run& run : runs) {
    for (uint64_t k = 0; k < run.count; ++k) {
      for (uint64_t at : {sum, sum + 1, sum + run.size / 2, sum + run.size - 1}) probes.push_back(at);
      sum += run.size;
    }
  }
  const Axis a = list_axis(sum, runs);
  for (uint64_t i : probes) {
    const auto [chunk, offset] = by_sums(runs, i);
    INFO("index " << i);
    CHECK(a.locate(i).chunk == chunk);
    CHECK(a.locate(i).offset == offset);
  }
}

TEST_CASE("Batch lookups agree with one-by-one locate as input turns from random to sorted and back",
          "[grid][locate]") {
  // Axes of more than 2048 chunks, whose columns keep the chunk.
  const ChunkGrid g = grid_of("[2000,3000]", "[[[10,30],[7,20],13,[9,50],[1,2000],[50,5],[3,100],[17,30]],[[25,60],[1,2000],[40,20]]]");
  std::mt19937_64 rng(5);
  // Tiles of random rows, then sorted ones, then random again, then rows
  // that stay in one chunk for a while and jump.
  U rows;
  const auto random_row = [&] { rows.insert(rows.end(), {rng() % 2000, rng() % 3000}); };
  for (int i = 0; i < 1500; ++i) random_row();
  for (uint64_t i = 0; i < 2000; ++i) rows.insert(rows.end(), {i, (i * 3) / 2});
  for (int i = 0; i < 1500; ++i) random_row();
  for (uint64_t i = 0; i < 3000; ++i) rows.insert(rows.end(), {(i / 100) * 61 % 2000, (i / 7) * 13 % 3000});
  check_rows_one_by_one(g, rows);
}

// Chunks 0 and 1 of edge 4 in each, so that 4 and 5 lie in chunk 1 and
// the shape 6 ends inside it: a regular axis (one run), a table axis (a
// few runs) and an axis of more than 2048 chunks (the kept chunk).
const std::vector<std::string> kEveryPath = {"[[4,4,4]]", "[[4,4,[4,10],[5,10]]]", "[[4,4,[4,1000],[5,1000],[4,1000]]]"};

TEST_CASE("Doubles are refused alike by every loop of the batch kernel", "[grid][locate]") {
  // Chunk 1 holds 4 and 5 in the array, 6 and 7 only in its declared
  // extent. Sorted runs of values keep chunk 1, so a bad value is met first
  // or second in a pair, or alone at the end.
  for (const std::string& edges : kEveryPath) {
    const ChunkGrid g = grid_of("[6]", edges);
    D chunks(8), offsets(8);
    const auto first_bad = [&](D values) {
      return g.locate_axis(0, std::span<const double>(values), chunks.data(), offsets.data());
    };
    for (double bad : D{6.0, 7.0, 4.5, -1.0, -0.5, 1e300, std::nan(""), INFINITY, -INFINITY}) {
      INFO("edges " << edges << ", bad value " << bad);
      CHECK(first_bad({bad}) == 0);
      CHECK(first_bad({4, 5, bad, 5}) == 2);
      CHECK(first_bad({4, 5, 4, bad}) == 3);
      CHECK(first_bad({4, 5, 4, 5, bad}) == 4);
      CHECK(first_bad({0, 5, 1, 4, 2, bad, 3}) == 5);
    }
  }
  // 2^53 lies in the chunk that holds 2^53 - 1, but is no exact index: on
  // a step axis of chunks past 2^53 (the kept chunk) and of chunks below
  // it (the regular loop).
  for (const uint64_t step : {uint64_t(1) << 60, uint64_t(1) << 40}) {
    const ChunkGrid huge({step_axis(uint64_t(1) << 61, step)});
    D chunks(4), offsets(4);
    const D values = {9007199254740990.0, 9007199254740991.0, 9007199254740990.0, 9007199254740992.0};
    CHECK(huge.locate_axis(0, std::span<const double>(values), chunks.data(), offsets.data()) == 3);
    CHECK(chunks[1] == double(((uint64_t(1) << 53) - 1) / step));
    CHECK(offsets[1] == double(((uint64_t(1) << 53) - 1) % step));
  }
}

TEST_CASE("An index of -0 gives chunk +0 and offset +0 in every loop of the batch kernel", "[grid][locate]") {
  for (const std::string& edges : kEveryPath) {
    const ChunkGrid g = grid_of("[12]", edges);
    const D values = {1, -0.0, 3, 0, -0.0, -0.0, 2, -0.0};
    D chunks(values.size()), offsets(values.size());
    REQUIRE(g.locate_axis(0, std::span<const double>(values), chunks.data(), offsets.data()) == npos);
    for (size_t k = 0; k < values.size(); ++k) {
      INFO("edges " << edges << ", element " << k);
      CHECK(chunks[k] == 0);
      CHECK_FALSE(std::signbit(chunks[k]));
      CHECK(offsets[k] == values[k]);
      CHECK_FALSE(std::signbit(offsets[k]));
    }
  }
}

TEST_CASE("Batches of doubles on table, regular and large axes agree with the cumulative sums", "[grid][locate]") {
  // Axes of each kind side by side in one row, random rows then sorted.
  const std::vector<Run> table = random_runs(60, 40, 6, 7), large = random_runs(500, 30, 9, 8);
  const std::vector<std::vector<Run>> axes = {table, {{7, 100}}, large};
  std::vector<Axis> built;
  U shape;
  for (const auto& runs : axes) {
    uint64_t sum = 0;
    for (const Run& run : runs) sum += run.size * run.count;
    shape.push_back(sum);
    built.push_back(list_axis(sum, runs));
  }
  built.push_back(step_axis(1000, 7));
  shape.push_back(1000);
  const ChunkGrid g(built);
  std::mt19937_64 rng(9);
  D rows;
  for (int i = 0; i < 3000; ++i) {
    for (uint64_t len : shape) rows.push_back(double(rng() % len));
  }
  for (int i = 0; i < 3000; ++i) {
    for (uint64_t len : shape) rows.push_back(double(uint64_t(i) * len / 3000));
  }
  D chunks(rows.size()), offsets(rows.size());
  REQUIRE(g.locate_many(std::span<const double>(rows), chunks.data(), offsets.data()) == npos);
  for (size_t k = 0; k < rows.size(); ++k) {
    const size_t d = k % shape.size();
    const auto index = static_cast<uint64_t>(rows[k]);
    const auto [chunk, offset] = d == 3 ? std::pair{index / 7, index % 7} : by_sums(axes[d], index);
    INFO("element " << k << ", axis " << d << ", index " << index);
    REQUIRE(chunks[k] == double(chunk));
    REQUIRE(offsets[k] == double(offset));
  }
}
