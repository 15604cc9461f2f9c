// Random grids checked against the reference model of
// tests/reference/grid_model.hpp, which the fuzzer checks against too: small
// grids against every declared edge written out and a linear scan for every
// question, large axes against a walk over their declared runs.
// The seed is fixed, so a failure reproduces; INFO shows the grid.
#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "../reference/grid_model.hpp"
#include "canonical_json.hpp"
#include "test_support.hpp"

using namespace zr_test;
using U = std::vector<uint64_t>;

namespace {

// An edge model (tests/reference/grid_model.hpp) with the chunk_shapes
// entry it was declared with.
struct RefAxis : zr_model::EdgeModel {
  RefAxis(const zr_model::AxisModel& axis, std::string declared) : EdgeModel(axis), json(std::move(declared)) {}
  std::string json;
};

struct RefGrid {
  std::vector<RefAxis> axes;
  std::string shape_json() const {
    std::string s = "[";
    for (size_t d = 0; d < axes.size(); ++d) s += (d ? "," : "") + std::to_string(axes[d].length);
    return s + "]";
  }
  std::string chunk_shapes_json() const {
    std::string s = "[";
    for (size_t d = 0; d < axes.size(); ++d) s += (d ? "," : "") + axes[d].json;
    return s + "]";
  }
};

uint64_t uniform(std::mt19937_64& rng, uint64_t lo, uint64_t hi) {
  return std::uniform_int_distribution<uint64_t>(lo, hi)(rng);
}
int64_t uniform_signed(std::mt19937_64& rng, int64_t lo, int64_t hi) {
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}
bool chance(std::mt19937_64& rng, double p) { return std::bernoulli_distribution(p)(rng); }

// Small axes of every form: steps, plain edges and runs (often equal, to
// exercise merging), zero-length axes, and overflow chunks.
RefAxis random_axis(std::mt19937_64& rng) {
  if (chance(rng, 0.35)) {
    const uint64_t length = chance(rng, 0.15) ? 0 : uniform(rng, 1, 30);
    const uint64_t step = uniform(rng, 1, 9);
    return RefAxis(zr_model::AxisModel::of_step(length, step).value(), std::to_string(step));
  }
  const uint64_t items = uniform(rng, 1, 6);
  std::vector<zr_model::Run> runs;
  std::string json = "[";
  for (uint64_t k = 0; k < items; ++k) {
    const uint64_t v = chance(rng, 0.5) ? uniform(rng, 1, 3) : uniform(rng, 1, 7);
    if (k) json += ",";
    if (chance(rng, 0.4)) {
      const uint64_t n = uniform(rng, 1, 5);
      json += "[" + std::to_string(v) + "," + std::to_string(n) + "]";
      runs.push_back({v, n});
    } else {
      json += std::to_string(v);
      runs.push_back({v, 1});
    }
  }
  json += "]";
  const uint64_t sum = zr_model::AxisModel::of_runs(0, runs).value().sum;
  const double pick = std::uniform_real_distribution<double>(0, 1)(rng);
  uint64_t length;
  if (pick < 0.15) length = 0;                                                  // zero-length axis
  else if (pick < 0.40) length = sum;                                           // edges end at the array's end
  else if (pick < 0.70) length = uniform(rng, sum - runs.back().size + 1, sum);  // a short last chunk
  else length = uniform(rng, 0, sum);                                           // maybe whole overflow chunks
  return RefAxis(zr_model::AxisModel::of_runs(length, std::move(runs)).value(), json);
}

RefGrid random_grid(std::mt19937_64& rng) {
  RefGrid g;
  const uint64_t ndim = uniform(rng, 1, 3);
  for (uint64_t d = 0; d < ndim; ++d) g.axes.push_back(random_axis(rng));
  return g;
}

// The canonical text of an axis, judged by comparing the two spellings' lengths.
std::string reference_canonical(const RefAxis& a) {
  if (a.is_step) return std::to_string(a.step);
  std::string out = "[";
  for (size_t i = 0; i < a.edges.size();) {
    size_t j = i;
    while (j < a.edges.size() && a.edges[j] == a.edges[i]) ++j;
    const std::string v = std::to_string(a.edges[i]);
    const std::string pair = "[" + v + "," + std::to_string(j - i) + "]";
    std::string written;
    for (size_t k = i; k < j; ++k) written += (k > i ? "," : "") + v;
    if (out.size() > 1) out += ",";
    out += pair.size() < written.size() ? pair : written;
    i = j;
  }
  return out + "]";
}

// Python's slice.indices() for a positive step, then the selected indices.
U reference_slice(uint64_t length, std::optional<int64_t> start, std::optional<int64_t> stop, uint64_t step) {
  const int64_t n = static_cast<int64_t>(length);
  const auto clamp = [&](std::optional<int64_t> b, int64_t fallback) {
    if (!b) return fallback;
    int64_t x = *b < 0 ? *b + n : *b;
    return std::clamp<int64_t>(x, 0, n);
  };
  U out;
  for (int64_t i = clamp(start, 0); i < clamp(stop, n); i += static_cast<int64_t>(step)) out.push_back(uint64_t(i));
  return out;
}

// Checks that a points projection delivers `expected[p]` to output p, for
// every p exactly once, grouped by chunk in ascending order.
void check_points(const RefAxis& ref, const zr::PointsProjection& p, const U& expected) {
  REQUIRE(p.chunks.size() == p.starts.size());
  REQUIRE(p.chunks.size() == p.stops.size());
  REQUIRE(p.offsets.size() == expected.size());
  REQUIRE(p.positions.size() == expected.size());
  std::vector<int> filled(expected.size(), 0);
  uint64_t next = 0;
  for (size_t i = 0; i < p.chunks.size(); ++i) {
    if (i) CHECK(p.chunks[i] > p.chunks[i - 1]);
    CHECK(p.starts[i] == next);
    CHECK(p.stops[i] > p.starts[i]);
    next = p.stops[i];
    for (uint64_t j = p.starts[i]; j < p.stops[i]; ++j) {
      REQUIRE(p.positions[j] < expected.size());
      if (j > p.starts[i]) CHECK(p.positions[j] > p.positions[j - 1]);  // each chunk's in the order given
      ++filled[p.positions[j]];
      CHECK(p.offsets[j] < ref.edges[p.chunks[i]]);
      CHECK(ref.origin(p.chunks[i]) + p.offsets[j] == expected[p.positions[j]]);
    }
  }
  CHECK(next == expected.size());
  CHECK(std::all_of(filled.begin(), filled.end(), [](int n) { return n == 1; }));
}

// The chunk_shapes part of to_json_text's output.
std::string chunk_shapes_of(const std::string& text) {
  const std::string prefix = R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":)";
  REQUIRE(text.rfind(prefix, 0) == 0);
  REQUIRE(text.size() >= prefix.size() + 2);
  REQUIRE(text.substr(text.size() - 2) == "}}");
  return text.substr(prefix.size(), text.size() - prefix.size() - 2);
}

constexpr uint64_t kSeed = 20240611;
constexpr int kGrids = 400;

}  // namespace

TEST_CASE("Property: the random grids include every axis form", "[property]") {
  // Guards the generator: steps, runs, zero-length axes and overflow chunks all occur.
  std::mt19937_64 rng(kSeed);
  int steps = 0, lists = 0, runs = 0, zero = 0, overflow = 0, clipped = 0;
  for (int n = 0; n < kGrids; ++n) {
    for (const RefAxis& a : random_grid(rng).axes) {
      steps += a.is_step;
      lists += !a.is_step;
      runs += a.json.find("[[") != std::string::npos || a.json.find(",[") != std::string::npos;
      zero += a.length == 0;
      overflow += a.active() < a.edges.size();
      clipped += a.active() > 0 && a.data_size(a.active() - 1) < a.edges[a.active() - 1];
    }
  }
  CHECK(steps > 50);
  CHECK(lists > 50);
  CHECK(runs > 50);
  CHECK(zero > 20);
  CHECK(overflow > 50);
  CHECK(clipped > 50);
}

TEST_CASE("Property: each axis agrees with the reference on counts, edges, origin, size and data size",
          "[property]") {
  std::mt19937_64 rng(kSeed);
  for (int n = 0; n < kGrids; ++n) {
    const RefGrid ref = random_grid(rng);
    INFO("grid " << n << ": shape " << ref.shape_json() << ", chunk_shapes " << ref.chunk_shapes_json());
    const zr::ChunkGrid g = grid_of(ref.shape_json(), ref.chunk_shapes_json());
    REQUIRE(g.ndim() == ref.axes.size());
    U active, declared;
    for (size_t d = 0; d < g.ndim(); ++d) {
      const RefAxis& r = ref.axes[d];
      const zr::Axis& a = g.axis(d);
      INFO("axis " << d);
      CHECK(a.length() == r.length);
      CHECK(a.is_step() == r.is_step);
      CHECK(edges_of(a) == r.edges);
      CHECK(a.declared_count() == r.edges.size());
      CHECK(a.active_count() == r.active());
      CHECK(a.edge_sum() == r.edge_sum());
      for (size_t k = 1; k < a.runs().size(); ++k) CHECK(a.runs()[k].size != a.runs()[k - 1].size);  // maximal
      for (uint64_t c = 0; c < r.edges.size(); ++c) {
        CHECK(a.origin(c) == r.origin(c));
        CHECK(a.size(c) == r.edges[c]);
        CHECK(a.data_size(c) == r.data_size(c));
      }
      active.push_back(r.active());
      declared.push_back(r.edges.size());
    }
    CHECK(g.grid_shape() == active);
    CHECK(g.declared_grid_shape() == declared);
    uint64_t product = 1;
    for (uint64_t x : active) product *= x;
    CHECK(g.num_chunks() == std::optional<uint64_t>(product));
    bool regular = true;
    for (const auto& r : ref.axes) regular = regular && r.is_step;
    CHECK(g.is_regular() == regular);
  }
}

TEST_CASE("Property: locate agrees with the spec's procedure, one axis and N-d", "[property]") {
  std::mt19937_64 rng(kSeed + 1);
  for (int n = 0; n < kGrids; ++n) {
    const RefGrid ref = random_grid(rng);
    INFO("grid " << n << ": shape " << ref.shape_json() << ", chunk_shapes " << ref.chunk_shapes_json());
    const zr::ChunkGrid g = grid_of(ref.shape_json(), ref.chunk_shapes_json());
    for (size_t d = 0; d < g.ndim(); ++d) {
      const RefAxis& r = ref.axes[d];
      // Every index in order, then shuffled, through locate_axis as uint64 and double.
      U all(r.length);
      for (uint64_t i = 0; i < r.length; ++i) all[i] = i;
      std::shuffle(all.begin(), all.end(), rng);
      std::vector<double> as_double(all.begin(), all.end());
      U chunks(all.size() + 1), offsets(all.size() + 1), chunks2(all.size() + 1), offsets2(all.size() + 1);
      REQUIRE(g.locate_axis(d, std::span<const uint64_t>(all), chunks.data(), offsets.data()) == zr::npos);
      REQUIRE(g.locate_axis(d, std::span<const double>(as_double), chunks2.data(), offsets2.data()) == zr::npos);
      for (size_t k = 0; k < all.size(); ++k) {
        const auto [c, o] = r.locate(all[k]);
        CHECK(chunks[k] == c);
        CHECK(offsets[k] == o);
        CHECK(chunks2[k] == c);
        CHECK(offsets2[k] == o);
        const auto located = g.axis(d).locate(all[k]);
        CHECK(located.chunk == c);
        CHECK(located.offset == o);
        CHECK(located.size == r.edges[c]);
      }
      // A walk of small steps either way, with jumps: each lookup may be
      // answered from the previous one's chunk, and must agree all the same.
      if (r.length > 0) {
        U walk{uniform(rng, 0, r.length - 1)};
        while (walk.size() < 200) {
          const uint64_t at = walk.back();
          const uint64_t step = uniform(rng, 0, 3);
          walk.push_back(chance(rng, 0.05) ? uniform(rng, 0, r.length - 1)
                         : chance(rng, 0.5)  ? (at >= step ? at - step : 0)
                                             : std::min(at + step, r.length - 1));
        }
        const std::vector<double> walk_double(walk.begin(), walk.end());
        U wc(walk.size()), wo(walk.size());
        std::vector<double> wc2(walk.size()), wo2(walk.size());
        REQUIRE(g.locate_axis(d, std::span<const uint64_t>(walk), wc.data(), wo.data()) == zr::npos);
        REQUIRE(g.locate_axis(d, std::span<const double>(walk_double), wc2.data(), wo2.data()) == zr::npos);
        for (size_t k = 0; k < walk.size(); ++k) {
          const auto [c, o] = r.locate(walk[k]);
          INFO("walk element " << k << ", index " << walk[k]);
          CHECK(wc[k] == c);
          CHECK(wo[k] == o);
          CHECK(wc2[k] == double(c));
          CHECK(wo2[k] == double(o));
        }
        // Past the end after a lookup in the last chunk: refused.
        const U end = {r.length - 1, r.length};
        CHECK(g.locate_axis(d, std::span<const uint64_t>(end), wc.data(), wo.data()) == 1);
      }
      // The array's end is out of range, even when an overflow chunk covers it.
      all.push_back(r.length);
      CHECK(g.locate_axis(d, std::span<const uint64_t>(all), chunks.data(), offsets.data()) == all.size() - 1);
    }
    // Random rows, some with one element out of range.
    const size_t nd = g.ndim();
    const size_t rows = 20;
    std::vector<double> idx(rows * nd);
    size_t first_bad = zr::npos;
    for (size_t row = 0; row < rows; ++row) {
      for (size_t d = 0; d < nd; ++d) {
        const uint64_t len = ref.axes[d].length;
        const bool bad = len == 0 || chance(rng, 0.02);
        idx[row * nd + d] = bad ? (chance(rng, 0.5) ? -1.0 : double(len + uniform(rng, 0, 3))) : double(uniform(rng, 0, len - 1));
        if (bad && first_bad == zr::npos) first_bad = row;
      }
    }
    U chunks(rows * nd), offsets(rows * nd);
    const size_t got = g.locate_many(std::span<const double>(idx), chunks.data(), offsets.data());
    CHECK(got == first_bad);
    for (size_t row = 0; row < std::min(rows, got); ++row) {
      for (size_t d = 0; d < nd; ++d) {
        const auto [c, o] = ref.axes[d].locate(uint64_t(idx[row * nd + d]));
        CHECK(chunks[row * nd + d] == c);
        CHECK(offsets[row * nd + d] == o);
      }
    }
  }
}

TEST_CASE("Property: chunk origin, shape and data shape agree with the reference in N-d", "[property]") {
  std::mt19937_64 rng(kSeed + 2);
  for (int n = 0; n < kGrids; ++n) {
    const RefGrid ref = random_grid(rng);
    INFO("grid " << n << ": shape " << ref.shape_json() << ", chunk_shapes " << ref.chunk_shapes_json());
    const zr::ChunkGrid g = grid_of(ref.shape_json(), ref.chunk_shapes_json());
    const size_t nd = g.ndim();
    for (int t = 0; t < 10; ++t) {
      U coords(nd);
      bool inside = true;
      for (size_t d = 0; d < nd; ++d) {
        coords[d] = uniform(rng, 0, ref.axes[d].edges.size() + 1);
        inside = inside && coords[d] < ref.axes[d].edges.size();
      }
      CHECK(g.in_declared_grid(coords) == inside);
      if (!inside) continue;
      U origin(nd), shape(nd), data(nd);
      g.chunk_origin(coords, origin);
      g.chunk_shape(coords, shape);
      g.chunk_data_shape(coords, data);
      for (size_t d = 0; d < nd; ++d) {
        CHECK(origin[d] == ref.axes[d].origin(coords[d]));
        CHECK(shape[d] == ref.axes[d].edges[coords[d]]);
        CHECK(data[d] == ref.axes[d].data_size(coords[d]));
      }
    }
  }
}

namespace {

// Large axes cannot be written out edge by edge: the run-walking model
// answers for them.
zr_model::AxisModel random_large_axis(std::mt19937_64& rng) {
  std::vector<zr_model::Run> runs;
  uint64_t sum = 0;
  for (uint64_t k = uniform(rng, 1, 8); k > 0; --k) {
    const zr_model::Run r{uniform(rng, 1, uint64_t(1) << uniform(rng, 0, 40)), uniform(rng, 1, uint64_t(1) << uniform(rng, 0, 20))};
    runs.push_back(r);
    sum += r.size * r.count;  // at most 8 * 2^60: no overflow
  }
  uint64_t length;
  if (chance(rng, 0.2)) {
    // Fill exactly to 2^64 - 1.
    runs.push_back({kMax - sum, 1});
    length = kMax;
  } else if (chance(rng, 0.5)) {
    length = uniform(rng, sum - runs.back().size + 1, sum);
  } else {
    length = uniform(rng, 0, sum);
  }
  return zr_model::AxisModel::of_runs(length, std::move(runs)).value();
}

}  // namespace

TEST_CASE("Property: large axes (edges up to 2^40, sums up to 2^64 - 1) agree with a run-by-run reference",
          "[property]") {
  std::mt19937_64 rng(kSeed + 9);
  for (int n = 0; n < kGrids; ++n) {
    const zr_model::AxisModel r = random_large_axis(rng);
    std::string runs;
    for (const auto& x : r.runs) runs += "[" + std::to_string(x.size) + "," + std::to_string(x.count) + "]";
    INFO("axis " << n << ": length " << r.length << ", runs " << runs);
    std::vector<zr::Run> declared;
    for (const auto& x : r.runs) declared.push_back({x.size, x.count});
    const zr::Axis a = list_axis(r.length, declared);
    REQUIRE(a.declared_count() == r.declared);
    // Indices: uniform, and on both sides of every run boundary.
    U indices;
    if (r.length > 0) {
      for (int t = 0; t < 100; ++t) indices.push_back(uniform(rng, 0, r.length - 1));
      uint64_t start = 0;
      for (const auto& x : r.runs) {
        for (uint64_t i : {start, start + 1, start + x.size - 1, start + x.size, start + x.size * x.count - 1}) {
          if (i < r.length) indices.push_back(i);
        }
        start += x.size * x.count;
        if (start >= r.length) break;
      }
      indices.push_back(r.length - 1);
    }
    for (uint64_t i : indices) {
      const auto [c, o] = r.locate(i);
      const auto got = a.locate(i);
      INFO("index " << i);
      CHECK(got.chunk == c);
      CHECK(got.offset == o);
      CHECK(got.size == r.size(c));
    }
    // Sorted input takes the forward path, in locate_forward and locate_axis.
    const zr::ChunkGrid g({a});
    U sorted = indices;
    std::sort(sorted.begin(), sorted.end());
    U chunks(sorted.size()), offsets(sorted.size());
    REQUIRE(g.locate_axis(0, std::span<const uint64_t>(sorted), chunks.data(), offsets.data()) == zr::npos);
    size_t cursor = 0;
    for (size_t k = 0; k < sorted.size(); ++k) {
      const auto [c, o] = r.locate(sorted[k]);
      INFO("index " << sorted[k]);
      CHECK(chunks[k] == c);
      CHECK(offsets[k] == o);
      const auto forward = a.locate_forward(sorted[k], cursor);
      CHECK(forward.chunk == c);
      CHECK(forward.offset == o);
    }
    // Unsorted input through locate_many.
    REQUIRE(g.locate_many(std::span<const uint64_t>(indices), chunks.data(), offsets.data()) == zr::npos);
    for (size_t k = 0; k < indices.size(); ++k) {
      CHECK(chunks[k] == r.locate(indices[k]).chunk);
      CHECK(offsets[k] == r.locate(indices[k]).offset);
    }
    // Chunk geometry, at random chunks and at each run's first and last chunk.
    U cs;
    for (int t = 0; t < 20; ++t) cs.push_back(uniform(rng, 0, r.declared - 1));
    uint64_t first = 0;
    for (const auto& x : r.runs) {
      cs.push_back(first);
      cs.push_back(first + x.count - 1);
      first += x.count;
    }
    for (uint64_t c : cs) {
      const uint64_t origin = r.origin(c), size = r.size(c);
      INFO("chunk " << c);
      CHECK(a.origin(c) == origin);
      CHECK(a.size(c) == size);
      CHECK(a.data_size(c) == (origin >= r.length ? 0 : std::min(size, r.length - origin)));
    }
    const uint64_t active = r.length == 0 ? 0 : r.locate(r.length - 1).chunk + 1;
    CHECK(a.active_count() == active);
  }
}

TEST_CASE("Property: slice projections cover each selected element exactly once, at its output position",
          "[property][selection]") {
  std::mt19937_64 rng(kSeed + 3);
  for (int n = 0; n < kGrids; ++n) {
    const RefAxis r = random_axis(rng);
    INFO("grid " << n << ": length " << r.length << ", chunk_shapes entry " << r.json);
    const zr::Axis a = grid_of("[" + std::to_string(r.length) + "]", "[" + r.json + "]").axis(0);
    const int64_t len = static_cast<int64_t>(r.length);
    for (int t = 0; t < 20; ++t) {
      std::optional<int64_t> start, stop;
      if (chance(rng, 0.8)) start = uniform_signed(rng, -len - 3, len + 3);
      if (chance(rng, 0.8)) stop = uniform_signed(rng, -len - 3, len + 3);
      const uint64_t step = chance(rng, 0.1) ? uniform(rng, 1, 100) : uniform(rng, 1, 6);
      INFO("slice " << (start ? std::to_string(*start) : "None") << ":" << (stop ? std::to_string(*stop) : "None")
                    << ":" << step);
      zr::SliceSpec spec;
      if (start) spec.start = signed_index(*start);
      if (stop) spec.stop = signed_index(*stop);
      spec.step = step;
      const U expected = reference_slice(r.length, start, stop, step);
      const zr::Range range = zr::normalize_slice(r.length, spec);
      CHECK(range.start <= range.stop);
      CHECK(range.stop <= r.length);
      const auto p = zr::project_slice(a, range, step);
      CHECK(p.step == step);
      REQUIRE(p.starts.size() == p.chunks.size());
      REQUIRE(p.stops.size() == p.chunks.size());
      REQUIRE(p.out_starts.size() == p.chunks.size());
      REQUIRE(p.out_stops.size() == p.chunks.size());
      U got;
      for (size_t k = 0; k < p.chunks.size(); ++k) {
        if (k) CHECK(p.chunks[k] > p.chunks[k - 1]);
        REQUIRE(p.chunks[k] < r.edges.size());
        CHECK(p.stops[k] <= r.data_size(p.chunks[k]));
        CHECK(p.out_starts[k] == got.size());  // outputs are consecutive
        uint64_t count = 0;
        for (uint64_t j = p.starts[k]; j < p.stops[k]; j += step, ++count) got.push_back(r.origin(p.chunks[k]) + j);
        CHECK(count > 0);  // a chunk without a selected element is skipped
        CHECK(p.out_stops[k] - p.out_starts[k] == count);
      }
      CHECK(got == expected);
      // The column form writes exactly the same entries, in order, each
      // column `capacity` apart.
      const size_t capacity = p.chunks.size() + 3;
      std::vector<uint64_t> columns(5 * capacity, 0);
      const size_t written =
          zr::write_slice_columns(a, range, step, columns.data(), capacity, [](uint64_t v) { return v; });
      REQUIRE(written == p.chunks.size());
      for (const auto& [k, column] : {std::pair{0, &p.chunks}, {1, &p.starts}, {2, &p.stops}, {3, &p.out_starts},
                                      {4, &p.out_stops}}) {
        CHECK(std::equal(column->begin(), column->end(), columns.begin() + k * capacity));
      }
      // In pieces of a few entries, each from the chunk after the last one
      // written: the same entries again.
      {
        const size_t piece = uniform(rng, 1, 4);
        std::vector<uint64_t> block(5 * piece);
        std::vector<std::vector<uint64_t>> joined(5);
        uint64_t from = 0;
        for (size_t m; (m = zr::write_slice_columns(a, range, step, block.data(), piece, [](uint64_t v) { return v; },
                                                    from)) > 0;) {
          REQUIRE(m <= piece);
          for (size_t k = 0; k < 5; ++k) joined[k].insert(joined[k].end(), block.begin() + k * piece, block.begin() + k * piece + m);
          from = block[m - 1] + 1;
        }
        CHECK(joined[0] == p.chunks);
        CHECK(joined[1] == p.starts);
        CHECK(joined[2] == p.stops);
        CHECK(joined[3] == p.out_starts);
        CHECK(joined[4] == p.out_stops);
      }
      // From any chunk on: the entries of the chunks at or after it.
      {
        const uint64_t from = uniform(rng, 0, r.edges.size());
        std::vector<uint64_t> suffix(5 * capacity, 0);
        const size_t m = zr::write_slice_columns(a, range, step, suffix.data(), capacity, [](uint64_t v) { return v; }, from);
        const size_t skip = std::lower_bound(p.chunks.begin(), p.chunks.end(), from) - p.chunks.begin();
        INFO("from chunk " << from);
        REQUIRE(m == p.chunks.size() - skip);
        for (const auto& [k, column] : {std::pair{0, &p.chunks}, {1, &p.starts}, {2, &p.stops}, {3, &p.out_starts},
                                        {4, &p.out_stops}}) {
          CHECK(std::equal(column->begin() + skip, column->end(), suffix.begin() + k * capacity));
        }
      }
      // The entry bound covers every entry, and is at most one per chunk in
      // the range and one per selected element.
      const uint64_t bound = zr::slice_entry_bound(a, range, step);
      CHECK(bound >= p.chunks.size());
      CHECK(bound <= expected.size());
      if (!expected.empty()) {
        CHECK(bound <= r.locate(range.stop - 1).chunk - r.locate(range.start).chunk + 1);
      }
    }
  }
}

TEST_CASE("Property: block ranges are whole active chunks, clipped to the array", "[property][selection]") {
  std::mt19937_64 rng(kSeed + 4);
  for (int n = 0; n < kGrids; ++n) {
    const RefAxis r = random_axis(rng);
    INFO("grid " << n << ": length " << r.length << ", chunk_shapes entry " << r.json);
    const zr::Axis a = grid_of("[" + std::to_string(r.length) + "]", "[" + r.json + "]").axis(0);
    const uint64_t active = r.active();
    const int64_t na = static_cast<int64_t>(active);
    for (int t = 0; t < 10; ++t) {
      std::optional<int64_t> b0, b1;
      if (chance(rng, 0.8)) b0 = uniform_signed(rng, -na - 2, na + 2);
      if (chance(rng, 0.8)) b1 = uniform_signed(rng, -na - 2, na + 2);
      zr::SliceSpec spec;
      if (b0) spec.start = signed_index(*b0);
      if (b1) spec.stop = signed_index(*b1);
      const U chunks = reference_slice(active, b0, b1, 1);
      const zr::Range got = zr::block_range(a, spec);
      INFO("blocks " << (b0 ? std::to_string(*b0) : "None") << ":" << (b1 ? std::to_string(*b1) : "None"));
      if (chunks.empty()) {
        CHECK(got.start == got.stop);
      } else {
        CHECK(got.start == r.origin(chunks.front()));
        CHECK(got.stop == std::min(r.length, r.origin(chunks.back() + 1)));
      }
    }
  }
}

TEST_CASE("Property: point and mask projections cover each selected element exactly once", "[property][selection]") {
  std::mt19937_64 rng(kSeed + 5);
  for (int n = 0; n < kGrids; ++n) {
    const RefAxis r = random_axis(rng);
    INFO("grid " << n << ": length " << r.length << ", chunk_shapes entry " << r.json);
    const zr::Axis a = grid_of("[" + std::to_string(r.length) + "]", "[" + r.json + "]").axis(0);
    const int64_t len = static_cast<int64_t>(r.length);
    for (int t = 0; t < 10; ++t) {
      // Unsorted, with repeats and negatives; sometimes one value out of range.
      const size_t count = uniform(rng, 0, 12);
      std::vector<int64_t> values;
      U expected;
      std::optional<size_t> first_bad;
      for (size_t k = 0; k < count; ++k) {
        if (len == 0 || chance(rng, 0.03)) {
          values.push_back(chance(rng, 0.5) ? len + int64_t(uniform(rng, 0, 2)) : -len - 1 - int64_t(uniform(rng, 0, 2)));
          if (!first_bad) first_bad = k;
          continue;
        }
        const int64_t v = uniform_signed(rng, -len, len - 1);
        values.push_back(v);
        expected.push_back(uint64_t(v < 0 ? v + len : v));
      }
      std::vector<double> as_double(values.begin(), values.end());
      auto p = zr::project_points(a, std::span<const int64_t>(values));
      auto pd = zr::project_points(a, std::span<const double>(as_double));
      if (first_bad) {
        REQUIRE_FALSE(p);
        CHECK(p.error() == *first_bad);
        REQUIRE_FALSE(pd);
        CHECK(pd.error() == *first_bad);
        continue;
      }
      REQUIRE(static_cast<bool>(p));
      REQUIRE(static_cast<bool>(pd));
      check_points(r, *p, expected);
      check_points(r, *pd, expected);
    }
    // A random mask: the selected elements fill consecutive outputs.
    std::vector<uint8_t> mask(r.length);
    U selected;
    for (uint64_t i = 0; i < r.length; ++i) {
      mask[i] = chance(rng, 0.4) ? uint8_t(uniform(rng, 1, 255)) : 0;
      if (mask[i]) selected.push_back(i);
    }
    check_points(r, zr::project_mask(a, mask), selected);
  }
}

TEST_CASE("Property: serialization is canonical and round-trips through read_chunk_shapes", "[property][canonical]") {
  std::mt19937_64 rng(kSeed + 6);
  for (int n = 0; n < kGrids; ++n) {
    const RefGrid ref = random_grid(rng);
    INFO("grid " << n << ": shape " << ref.shape_json() << ", chunk_shapes " << ref.chunk_shapes_json());
    const zr::ChunkGrid g = grid_of(ref.shape_json(), ref.chunk_shapes_json());
    const std::string text = zr::to_json_text(g);
    INFO("serialized " << text);
    const std::string chunk_shapes = chunk_shapes_of(text);
    // The same grid comes back.
    const zr::ChunkGrid back = grid_of(ref.shape_json(), chunk_shapes);
    CHECK(back == g);
    CHECK(zr::to_json_text(back) == text);
    // The text is the reference's canonical one.
    std::string expected = "[";
    for (size_t d = 0; d < ref.axes.size(); ++d) expected += (d ? "," : "") + reference_canonical(ref.axes[d]);
    CHECK(chunk_shapes == expected + "]");
    // The regular form exists exactly when each axis declares what a regular grid would.
    bool regular = true;
    std::string chunk_shape = "[";
    for (size_t d = 0; d < ref.axes.size(); ++d) {
      const RefAxis& r = ref.axes[d];
      const uint64_t m = r.is_step ? r.step : r.edges[0];
      const U regular_edges((r.length + m - 1) / m, m);
      regular = regular && regular_edges == r.edges;
      chunk_shape += (d ? "," : "") + std::to_string(m);
    }
    const auto regular_text = zr::to_regular_json_text(g);
    CHECK(regular_text.has_value() == regular);
    if (regular && regular_text) {
      CHECK(*regular_text == R"({"name":"regular","configuration":{"chunk_shape":)" + chunk_shape + "]}}");
    }
  }
}

TEST_CASE("Property: resize follows the policy against the reference", "[property][resize]") {
  std::mt19937_64 rng(kSeed + 7);
  for (int n = 0; n < kGrids; ++n) {
    const RefAxis r = random_axis(rng);
    const zr::Axis a = grid_of("[" + std::to_string(r.length) + "]", "[" + r.json + "]").axis(0);
    const uint64_t new_length = uniform(rng, 0, 2 * r.length + 10);
    U appended;
    if (chance(rng, 0.5)) {
      for (uint64_t k = uniform(rng, 1, 3); k > 0; --k) appended.push_back(uniform(rng, 1, 8));
    }
    INFO("grid " << n << ": length " << r.length << ", chunk_shapes entry " << r.json << ", resized to "
                 << new_length << " with " << appended.size() << " appended edges");
    const auto resized = a.resize(new_length, appended);
    U edges = r.edges;
    bool valid = true;
    if (r.is_step) {
      edges.assign((new_length + r.step - 1) / r.step, r.step);
    } else if (new_length > r.edge_sum()) {
      uint64_t sum = r.edge_sum();
      if (appended.empty()) {
        edges.push_back(new_length - sum);
      } else {
        for (uint64_t e : appended) sum += e;
        edges.insert(edges.end(), appended.begin(), appended.end());
        valid = sum >= new_length;
      }
    }
    REQUIRE(static_cast<bool>(resized) == valid);
    if (!valid) {
      CHECK(resized.error().kind == zr::AxisFault::Kind::SumBelowLength);
      continue;
    }
    const zr::Axis& b = resized.value();
    CHECK(b.length() == new_length);
    CHECK(b.is_step() == r.is_step);
    CHECK(edges_of(b) == edges);
  }
}

TEST_CASE("Property: validate_metadata survives mangled documents and agrees with read_grid_metadata",
          "[property][metadata]") {
  std::mt19937_64 rng(kSeed + 8);
  const std::string alphabet = "[]{},:\"-.0123456789eE \\tnul\xff\xc3";
  for (int n = 0; n < 2000; ++n) {
    const RefGrid ref = random_grid(rng);
    std::string doc = R"({"zarr_format":3,"node_type":"array","shape":)" + ref.shape_json() +
                      R"(,"data_type":"int8","chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline",)"
                      R"("chunk_shapes":)" + ref.chunk_shapes_json() +
                      R"(}},"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":["bytes"]})";
    for (uint64_t m = uniform(rng, 0, 3); m > 0 && !doc.empty(); --m) {
      const size_t at = uniform(rng, 0, doc.size() - 1);
      switch (uniform(rng, 0, 3)) {
        case 0: doc.erase(at, 1); break;
        case 1: doc.insert(at, 1, alphabet[uniform(rng, 0, alphabet.size() - 1)]); break;
        case 2: doc[at] = alphabet[uniform(rng, 0, alphabet.size() - 1)]; break;
        case 3: doc.insert(at, doc.substr(at, uniform(rng, 1, 12))); break;
      }
    }
    INFO("document " << doc);
    for (bool lenient : {false, true}) {
      const auto v = zr::validate_metadata(doc, zr_test::tolerant_if(lenient));
      const auto r = zr::read_grid_metadata(doc, zr_test::tolerant_if(lenient));
      CHECK(r.grid.has_value() == r.errors.empty());
      // read_grid_metadata's problems are validate_metadata's, restricted to
      // the document as a whole, shape and chunk_grid.
      // The same holds for warnings (the others concern extensions).
      const auto restrict = [](const zr::Problems& all) {
        zr::Problems out;
        for (const auto& p : all) {
          const auto under = [&](const std::string& prefix) {
            return p.path == prefix || p.path.rfind(prefix + "/", 0) == 0;
          };
          if (p.path.empty() || under("/shape") || under("/chunk_grid")) out.push_back(p);
        }
        return out;
      };
      CHECK(paths(r.errors) == paths(restrict(v.errors)));
      CHECK(paths(r.warnings) == paths(restrict(v.warnings)));
      for (const auto& p : v.errors) {
        if (!p.path.empty()) CHECK(p.path[0] == '/');
        CHECK_FALSE(p.message.empty());
      }
      // Whatever was read serializes and reads back as the same grid.
      if (r.grid) {
        std::string shape = "[";
        for (size_t d = 0; d < r.grid->ndim(); ++d) shape += (d ? "," : "") + std::to_string(r.grid->axis(d).length());
        const auto again = zr::read_grid_metadata(R"({"shape":)" + shape + R"(],"chunk_grid":)" +
                                                  zr::to_json_text(*r.grid) + "}");
        REQUIRE(again.grid.has_value());
        CHECK(*again.grid == *r.grid);
      }
    }
  }
}
