// What the demo, the CLI and the reader ask of one axis, answered from runs:
// data runs and summaries, the chunk at an element, chunk ranges and groups
// for a window, and the chunks a slice selects. Each is checked on worked
// examples, on axes of 10^12 chunks, and against expanded edges on random axes.
#include <algorithm>
#include <map>
#include <random>

#include "axis_summary.hpp"
#include "axis_window.hpp"
#include "test_support.hpp"

using namespace zr_test;
using zr::Axis;
using zr::Run;

namespace {

// The data size of each active chunk, from expanded edges.
std::vector<uint64_t> data_sizes(const Axis& a) {
  std::vector<uint64_t> out;
  uint64_t origin = 0;
  for (uint64_t e : edges_of(a)) {
    if (origin >= a.length()) break;
    out.push_back(std::min(e, a.length() - origin));
    origin += e;
  }
  return out;
}

std::vector<uint64_t> expand(const std::vector<Run>& runs) {
  std::vector<uint64_t> out;
  for (const Run& r : runs) out.insert(out.end(), r.count, r.size);
  return out;
}

// A random valid axis: a step, or a few runs, with the length anywhere up
// to the edge sum (overflow chunks included).
Axis random_axis(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> coin(0, 3);
  if (coin(rng) == 0) return step_axis(rng() % 60, 1 + rng() % 9);
  std::vector<Run> runs;
  const int n = 1 + static_cast<int>(rng() % 6);
  uint64_t sum = 0;
  for (int i = 0; i < n; ++i) {
    runs.push_back({1 + rng() % 7, 1 + rng() % 5});
    sum += runs.back().size * runs.back().count;
  }
  return list_axis(rng() % (sum + 1), runs);
}

}  // namespace

TEST_CASE("Data runs are the active chunks' data sizes, the last cut at the array's end", "[axis][summary]") {
  // [[4, 3], 5] on length 10: chunks 4, 4, then 2 of the third 4; the 5 is overflow.
  const Axis a = list_axis(10, {{4, 3}, {5, 1}});
  CHECK(zr::data_runs(a) == std::vector<Run>{{4, 2}, {2, 1}});
  // A cut chunk equal to its neighbours merges with them.
  CHECK(zr::data_runs(list_axis(9, {{4, 1}, {5, 2}})) == std::vector<Run>{{4, 1}, {5, 1}});
  CHECK(zr::data_runs(list_axis(5, {{2, 2}, {3, 1}})) == std::vector<Run>{{2, 2}, {1, 1}});
  CHECK(zr::data_runs(step_axis(0, 3)).empty());
  // A billion chunks stay one run.
  CHECK(zr::data_runs(step_axis(1000000000000, 1000)) == std::vector<Run>{{1000, 1000000000}});
}

TEST_CASE("Axis counts, and data size statistics from runs: smallest, largest, most common", "[axis][summary]") {
  const Axis a = list_axis(10, {{4, 3}, {5, 1}});
  const zr::AxisCounts c = zr::counts_of(a);
  CHECK(c.length == 10);
  CHECK(c.edge_sum == 17);
  CHECK(c.active_count == 3);
  CHECK(c.declared_count == 4);
  CHECK_FALSE(c.is_step);
  const zr::DataSizeStats s = zr::data_size_stats(a);
  CHECK(s.smallest == 2);
  CHECK(s.largest == 4);
  CHECK(s.most_common == 4);
  CHECK(s.most_common_count == 2);
  // Ties go to the first size to reach the count.
  const zr::DataSizeStats tie = zr::data_size_stats(edges_axis(3, {2, 1}));
  CHECK(tie.most_common == 2);
  CHECK(tie.most_common_count == 1);
  const zr::DataSizeStats empty = zr::data_size_stats(step_axis(0, 5));
  CHECK(zr::counts_of(step_axis(0, 5)).is_step);
  CHECK(empty.most_common_count == 0);
  CHECK(empty.smallest == 0);
  // Near 2^64: counts and sizes stay exact.
  const Axis huge = list_axis(kMax, {{1, kMax}});
  CHECK(zr::data_size_stats(huge).most_common_count == kMax);
  CHECK(zr::counts_of(huge).edge_sum == kMax);
}

TEST_CASE("Data size statistics count thousands of distinct sizes", "[axis][summary]") {
  // 3,000 sizes, each written three times in a shuffled order; the table
  // that counts them grows many times on the way.
  std::mt19937_64 rng(7);
  std::vector<uint64_t> order;
  for (int round = 0; round < 3; ++round) {
    for (uint64_t k = 1; k <= 3000; ++k) order.push_back(k * 977);
  }
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<Run> runs;
  uint64_t sum = 0;
  for (uint64_t size : order) runs.push_back({size, 1}), sum += size;
  const Axis a = zr::Axis::from_runs(sum, std::vector<Run>(runs)).value();
  std::map<uint64_t, uint64_t> counts;
  for (uint64_t v : data_sizes(a)) ++counts[v];
  const zr::DataSizeStats s = zr::data_size_stats(a);
  CHECK(s.most_common_count == 3);
  // Every size ties: the first written wins.
  CHECK(s.most_common == order.front());
  CHECK(s.smallest == 977);
  CHECK(s.largest == 3000 * 977);
  CHECK(counts.size() == 3000);
}

TEST_CASE("The chunk at an element reaches into overflow chunks, up to the edge sum", "[axis][window]") {
  const Axis a = list_axis(6, {{4, 3}});  // declares 12: chunk 2 is overflow
  const zr::AxisChunk c = zr::chunk_at(a, 9);
  CHECK(c.found);
  CHECK(c.chunk == 2);
  CHECK(c.origin == 8);
  CHECK(c.size == 4);
  CHECK(c.data_size == 0);
  CHECK(zr::chunk_at(a, 5).data_size == 2);
  CHECK_FALSE(zr::chunk_at(a, 12).found);
  CHECK_FALSE(zr::axis_chunk(a, 3).found);
  CHECK(zr::axis_chunk(a, 1).origin == 4);
  const zr::AxisChunk last = zr::chunk_at(list_axis(kMax, {{1, kMax}}), kMax - 1);
  CHECK(last.chunk == kMax - 1);
  CHECK(last.data_size == 1);
}

TEST_CASE("A chunk range holds the declared chunks that meet a span, clipped to the edge sum", "[axis][window]") {
  const Axis a = edges_axis(10, {3, 3, 4, 5});
  CHECK(zr::chunk_range(a, 0, 1).first == 0);
  CHECK(zr::chunk_range(a, 0, 1).stop == 1);
  CHECK(zr::chunk_range(a, 2, 7).first == 0);
  CHECK(zr::chunk_range(a, 2, 7).stop == 3);
  CHECK(zr::chunk_range(a, 10, kMax).stop == 4);  // the overflow chunk too
  CHECK(zr::chunk_range(a, 15, kMax).stop == 0);  // past the edge sum: empty
  CHECK(zr::chunk_range(a, 5, 5).stop == 0);
}

TEST_CASE("Chunk groups: long chunks alone, short ones in groups of at least min_size", "[axis][window]") {
  // 1000 chunks of 1, then one of 50, then 1000 of 1.
  const Axis a = list_axis(2050, {{1, 1000}, {50, 1}, {1, 1000}});
  const auto groups = zr::chunk_groups(a, 0, 2050, 10, 1000);
  REQUIRE(groups);
  uint64_t next = 0;
  for (const zr::ChunkGroup& g : *groups) {
    CHECK(g.first == next);  // consecutive, nothing skipped
    CHECK(g.origin == a.origin(g.first));
    CHECK(g.last_origin == a.origin(g.first + g.count - 1));
    CHECK(g.end == g.last_origin + a.size(g.first + g.count - 1));
    if (g.count > 1) CHECK(g.end - g.origin >= 10);
    next = g.first + g.count;
  }
  CHECK(next == 2001);
  // The long chunk stands alone, so a drawing can label it.
  const auto alone = std::find_if(groups->begin(), groups->end(), [](const zr::ChunkGroup& g) { return g.first == 1000; });
  REQUIRE(alone != groups->end());
  CHECK(alone->count == 1);
  // A billion-chunk axis in a window of 1000 elements: a handful of groups.
  const Axis huge = step_axis(1000000000, 1);
  const auto window = zr::chunk_groups(huge, 500000000, 500001000, 100, 1000);
  REQUIRE(window);
  CHECK(window->size() <= 2 * 1000 / 100 + 2);
  CHECK(window->front().first == 500000000);
  // Past the limit: nullopt, never a partial answer.
  CHECK_FALSE(zr::chunk_groups(huge, 0, 1000000, 1, 10));
}

TEST_CASE("Slice chunks: first, stop and count without listing, exact where it can be", "[selection][window]") {
  const Axis a = edges_axis(20, {2, 8, 2, 8});
  // Step 1: every chunk from the first to the last.
  zr::SliceChunks s = zr::slice_chunks(a, {1, 15}, 1);
  CHECK(s.first == 0);
  CHECK(s.stop == 4);
  CHECK(s.count == 4);
  CHECK(s.every);
  // Step 3 over chunks of 2 and 8: elements 1, 4, 7, 10, 13 hit chunks 0, 1, 1, 2, 3.
  s = zr::slice_chunks(a, {1, 15}, 3);
  CHECK(s.count == 4);
  CHECK(s.exact);
  // Step 9 over chunks 2, 8, 2: 0 and 9 land in chunks 0 and 1; no chunk is longer than 9.
  s = zr::slice_chunks(a, {0, 12}, 9);
  CHECK_FALSE(s.every);
  CHECK(s.count == 2);
  CHECK(zr::slice_chunks(a, {5, 5}, 1).count == 0);
  // A strided slice over 10^12 chunks of 1, then of 5: some skipped, too many to count.
  const Axis wide = list_axis(6000000000000, {{1, 1000000000000}, {5, 1000000000000}});
  s = zr::slice_chunks(wide, {0, 6000000000000}, 3);
  CHECK_FALSE(s.exact);
  CHECK(s.count <= s.stop - s.first);
}

TEST_CASE("Property: axis queries agree with expanded edges on random axes", "[property][window]") {
  std::mt19937_64 rng(20261201);
  for (int round = 0; round < 3000; ++round) {
    const Axis a = random_axis(rng);
    const std::vector<uint64_t> edges = edges_of(a);
    INFO("round " << round << ", length " << a.length() << ", " << edges.size() << " edges");
    std::vector<uint64_t> origins{0};
    for (uint64_t e : edges) origins.push_back(origins.back() + e);

    CHECK(expand(zr::data_runs(a)) == data_sizes(a));
    const std::vector<uint64_t> sizes = data_sizes(a);
    const zr::DataSizeStats s = zr::data_size_stats(a);
    if (!sizes.empty()) {
      CHECK(s.smallest == *std::min_element(sizes.begin(), sizes.end()));
      CHECK(s.largest == *std::max_element(sizes.begin(), sizes.end()));
      std::map<uint64_t, uint64_t> counts;
      for (uint64_t v : sizes) ++counts[v];
      CHECK(counts[s.most_common] == s.most_common_count);
      for (const auto& [size, count] : counts) CHECK(count <= s.most_common_count);
      // Ties go to the size seen first.
      CHECK(s.most_common == *std::find_if(sizes.begin(), sizes.end(),
                                           [&](uint64_t v) { return counts[v] == s.most_common_count; }));
    }

    for (uint64_t e = 0; e < a.edge_sum(); ++e) {
      const zr::AxisChunk c = zr::chunk_at(a, e);
      REQUIRE(c.found);
      CHECK(origins[c.chunk] <= e);
      CHECK(e < origins[c.chunk + 1]);
      CHECK(c.size == edges[c.chunk]);
    }

    const uint64_t start = rng() % (a.edge_sum() + 2), stop = rng() % (a.edge_sum() + 3);
    INFO("span [" << start << ", " << stop << ")");
    const zr::ChunkRange range = zr::chunk_range(a, start, stop);
    uint64_t first = 0, past = 0;
    bool any = false;
    for (size_t c = 0; c < edges.size(); ++c) {
      if (start < stop && origins[c + 1] > start && origins[c] < stop) {
        if (!any) first = c;
        past = c + 1;
        any = true;
      }
    }
    CHECK(range.first == (any ? first : 0));
    CHECK(range.stop == (any ? past : 0));

    const uint64_t min_size = 1 + rng() % 8;
    const auto groups = zr::chunk_groups(a, start, stop, min_size, 1000);
    REQUIRE(groups);
    uint64_t next = range.first;
    for (const zr::ChunkGroup& g : *groups) {
      CHECK(g.first == next);
      CHECK(g.origin == origins[g.first]);
      CHECK(g.end == origins[g.first + g.count]);
      if (g.count > 1) {
        for (uint64_t c = g.first; c + 1 < g.first + g.count; ++c) CHECK(edges[c] < min_size);
      }
      next = g.first + g.count;
    }
    if (range.stop > range.first) CHECK(next >= range.stop);

    // Slices, against the elements they select.
    const uint64_t step = 1 + rng() % 6;
    const uint64_t s0 = rng() % (a.length() + 1), s1 = rng() % (a.length() + 2);
    const zr::SliceChunks sc = zr::slice_chunks(a, {s0, std::max(s0, s1)}, step);
    std::vector<uint64_t> hit;
    for (uint64_t e = s0; e < std::min<uint64_t>(std::max(s0, s1), a.length()); e += step) {
      const uint64_t c = zr::chunk_at(a, e).chunk;
      if (hit.empty() || hit.back() != c) hit.push_back(c);
    }
    CHECK(sc.count == hit.size());
    CHECK(sc.exact);
    if (!hit.empty()) {
      CHECK(sc.first == hit.front());
      CHECK(sc.stop == hit.back() + 1);
      if (sc.every) CHECK(hit.size() == sc.stop - sc.first);
    }
  }
}
