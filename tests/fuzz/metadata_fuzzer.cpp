// libFuzzer target for the metadata reader and everything a reader does with
// the grid it gets back.
//
// Input: one mode byte, then the document bytes. The mode byte seeds the
// random lookups (together with a hash of the document); documents are read
// with strict (see LLVMFuzzerTestOneInput).
//
// For every input:
//   - read_grid_metadata and validate_metadata agree with each other (the
//     grid problems of validate_metadata are exactly read_grid_metadata's),
//     and with the independent reference reader of reference_reader.hpp:
//     accepted exactly when valid;
//   - read_document agrees with validate_metadata on array documents (the
//     same problems, and a grid equal to read_grid_metadata's exactly when
//     valid);
//   - every error path is a JSON Pointer that resolves into the document,
//     or whose parent does (a missing member).
// For every accepted document:
//   - strict and default readings agree when the default had nothing to
//     read with a warning;
//   - the grid round-trips through to_json_text (read back as a zarr.json
//     and as read_chunk_shapes' {shape, chunk_shapes}) to an equal grid,
//     and the text is a fixed point; to_regular_json_text likewise;
//   - lookups, chunk geometry, slices, blocks, points and masks agree with
//     the reference model of tests/reference/grid_model.hpp, which walks the
//     declared runs linearly, and, when the declared edges number at most
//     10^5, with its expanded edges.
// Any disagreement is a __builtin_trap(), after printing what differed.
//
// Statistics (stats.hpp) are printed at exit. The mutator is mutator.cpp;
// the random queries come from generator.hpp.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "canonical_json.hpp"
#include "chunk_grid.hpp"
#include "document.hpp"
#include "json_document.hpp"
#include "metadata.hpp"
#include "selection.hpp"

#include "../reference/grid_model.hpp"
#include "generator.hpp"
#include "reference_reader.hpp"
#include "reference_selection.hpp"
#include "stats.hpp"

namespace {

using namespace zr_fuzz;
using zr_model::AxisModel;

constexpr u64 kExpandLimit = 100000;  // expanded-edge checks only up to this many declared edges

// ---------------------------------------------------------------------------
// Failure reporting
// ---------------------------------------------------------------------------

std::string_view g_doc;
bool g_lenient = false;

// The document with non-printable bytes as \xNN, for messages.
std::string escaped(std::string_view bytes, size_t limit = 2000) {
  std::string out;
  for (size_t i = 0; i < bytes.size() && i < limit; ++i) {
    const unsigned char c = bytes[i];
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out += char(c);
    } else {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  if (bytes.size() > limit) out += "...";
  return out;
}

[[noreturn]] void fail(const char* what, const std::string& detail = {}) {
  std::fprintf(stderr, "\n*** zr-fuzz mismatch: %s\n", what);
  if (!detail.empty()) std::fprintf(stderr, "    %s\n", detail.c_str());
  std::fprintf(stderr, "    mode: %s, document (%zu bytes): %s\n", g_lenient ? "lenient" : "strict", g_doc.size(),
               escaped(g_doc).c_str());
  __builtin_trap();
}

#define CHECK(cond, detail)                                                                  \
  do {                                                                                       \
    if (!(cond)) fail("CHECK(" #cond ")", "line " + std::to_string(__LINE__) + ": " + (detail)); \
  } while (0)

std::string s(u64 v) { return std::to_string(v); }

// The paths under which read_grid_metadata reports problems too: the
// document itself, /shape and /chunk_grid.
bool has_grid_prefix(std::string_view path) {
  const auto pre = [&](std::string_view p) {
    return path.substr(0, p.size()) == p && (path.size() == p.size() || path[p.size()] == '/');
  };
  return path.empty() || pre("/shape") || pre("/chunk_grid");
}

// ---------------------------------------------------------------------------
// Checks on an accepted grid
// ---------------------------------------------------------------------------

std::vector<zr::Run> merged(const std::vector<zr_model::Run>& runs) {
  std::vector<zr::Run> out;
  for (const zr_model::Run& r : runs) {
    if (!out.empty() && out.back().size == r.size) out.back().count += r.count;
    else out.push_back({r.size, r.count});
  }
  return out;
}

std::string shape_text(const zr::ChunkGrid& g) {
  std::string out = "[";
  for (size_t d = 0; d < g.ndim(); ++d) out += (d ? "," : "") + s(g.axis(d).length());
  return out + "]";
}

// The chunk_shapes value inside to_json_text's output.
std::string chunk_shapes_of(const std::string& json) {
  constexpr std::string_view key = "\"chunk_shapes\":";
  const size_t at = json.find(key);
  CHECK(at != std::string::npos, json);
  CHECK(json.size() >= at + key.size() + 2 && json.substr(json.size() - 2) == "}}", json);
  return json.substr(at + key.size(), json.size() - 2 - at - key.size());
}

void check_round_trip(const zr::ChunkGrid& g) {
  const std::string text = zr::to_json_text(g);
  // As a zarr.json document.
  const std::string doc = "{\"shape\":" + shape_text(g) + ",\"chunk_grid\":" + text + "}";
  const zr::GridRead again = zr::read_grid_metadata(doc);
  CHECK(again.grid.has_value(), "to_json_text did not read back: " + doc +
                                    (again.errors.empty() ? "" : " -- " + again.errors[0].path + ": " + again.errors[0].message));
  CHECK(*again.grid == g, "to_json_text read back to a different grid: " + doc);
  CHECK(again.warnings.empty(), doc);
  CHECK(zr::to_json_text(*again.grid) == text, "to_json_text is not a fixed point: " + text);
  // As the builder's {shape, chunk_shapes}.
  const std::string builder = "{\"shape\":" + shape_text(g) + ",\"chunk_shapes\":" + chunk_shapes_of(text) + "}";
  const zr::GridRead built = zr::read_chunk_shapes(builder);
  CHECK(built.grid.has_value() && *built.grid == g, "read_chunk_shapes disagrees: " + builder);
  // Compactness: no two neighbouring items of a list axis have equal runs
  // written separately is guaranteed by the merge; check the [V,N] rule.
  // Canonical text contains no whitespace.
  CHECK(text.find_first_of(" \t\r\n") == std::string::npos, text);

  // The regular form, when it exists, declares the same edges.
  bool expect_regular = true;
  for (size_t d = 0; d < g.ndim(); ++d) {
    const zr::Axis& a = g.axis(d);
    if (a.is_step()) continue;
    const auto runs = a.runs();
    expect_regular = expect_regular && runs.size() == 1 && a.length() > 0 &&
                     runs[0].count == a.length() / runs[0].size + (a.length() % runs[0].size != 0);
  }
  const auto regular = zr::to_regular_json_text(g);
  CHECK(regular.has_value() == expect_regular, text);
  if (regular) {
    const std::string rdoc = "{\"shape\":" + shape_text(g) + ",\"chunk_grid\":" + *regular + "}";
    const zr::GridRead r = zr::read_grid_metadata(rdoc);
    CHECK(r.grid.has_value(), "to_regular_json_text did not read back: " + rdoc);
    CHECK(r.grid->is_regular(), rdoc);
    for (size_t d = 0; d < g.ndim(); ++d) {
      const auto x = r.grid->axis(d).runs();
      const auto y = g.axis(d).runs();
      CHECK(r.grid->axis(d).length() == g.axis(d).length() && std::equal(x.begin(), x.end(), y.begin(), y.end()),
            "regular form declares other edges: " + rdoc);
    }
  }
}

std::vector<SliceEntry> entries(const zr::SliceProjection& p) {
  CHECK(p.chunks.size() == p.starts.size() && p.chunks.size() == p.stops.size() &&
            p.chunks.size() == p.out_starts.size() && p.chunks.size() == p.out_stops.size(),
        "slice projection columns differ in length");
  std::vector<SliceEntry> out;
  for (size_t i = 0; i < p.chunks.size(); ++i)
    out.push_back({p.chunks[i], p.starts[i], p.stops[i], p.out_starts[i], p.out_stops[i]});
  return out;
}

std::string describe_slice(u64 a, u64 b, u64 step) { return "[" + s(a) + ", " + s(b) + ") step " + s(step); }

// An upper bound on the chunks a projection visits: it must stay small, or
// the projection itself would be the out-of-memory.
u64 slice_work(const AxisModel& ax, u64 a, u64 b, u64 step) {
  if (a >= b) return 0;
  const u64 elements = u64((u128(b - a) + step - 1) / step);
  const u64 chunks = ax.locate(b - 1).chunk - ax.locate(a).chunk + 1;
  return std::min(elements, chunks);
}

void check_slices(const zr::Axis& axis, const AxisModel& ref, Rng& rng) {
  const u64 L = ref.length;
  // Fixed bounds first, so that any accepted document exercises them; then
  // random ones. Python's slice semantics: -0 is 0.
  using SI = zr::SignedIndex;
  std::vector<std::pair<std::optional<SI>, std::optional<SI>>> fixed{
      {std::nullopt, std::nullopt}, {SI{false, 0}, SI{false, L}}, {SI{true, L}, SI{true, 0}},
      {SI{true, kMax}, SI{false, kMax}}, {SI{false, kMax}, SI{true, kMax}}, {SI{true, 0}, std::nullopt}};
  for (size_t t = 0; t < fixed.size() + 6; ++t) {
    zr::SliceSpec spec;
    if (t < fixed.size()) {
      std::tie(spec.start, spec.stop) = fixed[t];
    } else {
      if (rng.chance(80)) spec.start = random_signed(rng, L);
      if (rng.chance(80)) spec.stop = random_signed(rng, L);
    }
    switch (rng.below(4)) {
      case 0: spec.step = 1; break;
      case 1: spec.step = 1 + rng.below(4); break;
      case 2: spec.step = 1 + rng.below(L ? L : 1); break;
      default: spec.step = 1 + rng.below(kMax); break;
    }
    const zr::Range r = zr::normalize_slice(L, spec);
    const u64 a = py_clamp(L, spec.start, 0), b0 = py_clamp(L, spec.stop, L);
    const u64 b = std::max(a, b0);
    CHECK(r.start == a && r.stop == b, "normalize_slice gives [" + s(r.start) + ", " + s(r.stop) + ") for " +
                                           describe_slice(a, b, spec.step));
    u64 lo = r.start, hi = r.stop;
    if (slice_work(ref, lo, hi, spec.step) > 20000) {
      // Narrow the range to keep the projection (and this harness) small.
      hi = lo + std::min<u64>(hi - lo, 1 + rng.below(1000));
      if (slice_work(ref, lo, hi, spec.step) > 20000) continue;
    }
    const auto expected = ref_slice(ref, lo, hi, spec.step, 40000);
    if (!expected) continue;
    const auto got = entries(zr::project_slice(axis, {lo, hi}, spec.step));
    // The streamed form gives the same entries, within the announced bound
    // (callers size their output buffers by it).
    std::vector<SliceEntry> streamed;
    zr::for_each_slice_chunk(axis, {lo, hi}, spec.step, [&](u64 c, u64 a0, u64 b0, u64 o0, u64 o1) {
      streamed.push_back({c, a0, b0, o0, o1});
      return true;
    });
    CHECK(streamed == got, "for_each_slice_chunk differs from project_slice for " + describe_slice(lo, hi, spec.step));
    const u64 bound = zr::slice_entry_bound(axis, {lo, hi}, spec.step);
    CHECK(bound >= got.size(), "slice_entry_bound " + s(bound) + " is below the " + s(got.size()) + " entries of " +
                                   describe_slice(lo, hi, spec.step));
    if (got != *expected) {
      std::string detail = "project_slice " + describe_slice(lo, hi, spec.step) + " on length " + s(L) + ": got " +
                           s(got.size()) + " entries, expected " + s(expected->size());
      for (size_t i = 0; i < std::min(got.size(), expected->size()); ++i) {
        if (!(got[i] == (*expected)[i])) {
          const auto& g = got[i];
          const auto& e = (*expected)[i];
          detail += "; first difference at " + s(i) + ": got {" + s(g.chunk) + "," + s(g.start) + "," + s(g.stop) +
                    "," + s(g.out_start) + "," + s(g.out_stop) + "} expected {" + s(e.chunk) + "," + s(e.start) + "," +
                    s(e.stop) + "," + s(e.out_start) + "," + s(e.out_stop) + "}";
          break;
        }
      }
      fail("project_slice", detail);
    }
  }
  // Blocks: chunks [first, last) over the active count, clipped to the array.
  for (int t = 0; t < 3; ++t) {
    zr::SliceSpec spec;
    if (rng.chance(85)) spec.start = random_signed(rng, ref.active);
    if (rng.chance(85)) spec.stop = random_signed(rng, ref.active);
    const zr::Range r = zr::block_range(axis, spec);
    const u64 c0 = py_clamp(ref.active, spec.start, 0);
    const u64 c1 = std::max(c0, py_clamp(ref.active, spec.stop, ref.active));
    zr::Range e{0, 0};
    if (c0 != c1) {
      e.start = ref.origin(c0);
      e.stop = c1 >= ref.active ? L : ref.origin(c1);
    }
    CHECK(r.start == e.start && r.stop == e.stop,
          "block_range chunks [" + s(c0) + ", " + s(c1) + "): got [" + s(r.start) + ", " + s(r.stop) + "), expected [" +
              s(e.start) + ", " + s(e.stop) + ")");
  }
}

struct PointRef {
  u64 chunk, offset, position;
};

template <class T>
void check_points_typed(const zr::Axis& axis, const AxisModel& ref, const std::vector<T>& values,
                        std::optional<size_t> bad) {
  const auto got = zr::project_points(axis, std::span<const T>(values));
  if (bad) {
    CHECK(!got, "project_points accepted an out-of-range value at " + s(*bad));
    CHECK(got.error() == *bad, "project_points reported " + s(got.error()) + ", expected " + s(*bad));
    return;
  }
  CHECK(bool(got), "project_points rejected element " + (got ? std::string() : s(got.error())));
  std::vector<PointRef> expected;
  for (size_t i = 0; i < values.size(); ++i) {
    const __int128 v = __int128(values[i]);
    const u64 index = u64(v < 0 ? v + ref.length : v);
    const auto l = ref.locate(index);
    expected.push_back({l.chunk, l.offset, i});
  }
  std::stable_sort(expected.begin(), expected.end(), [](const PointRef& a, const PointRef& b) { return a.chunk < b.chunk; });
  const zr::PointsProjection& p = got.value();
  CHECK(p.offsets.size() == values.size() && p.positions.size() == values.size(), "points projection size");
  CHECK(p.chunks.size() == p.starts.size() && p.chunks.size() == p.stops.size(), "points projection groups");
  size_t k = 0;
  for (size_t g = 0; g < p.chunks.size(); ++g) {
    CHECK(p.starts[g] == k && p.stops[g] > p.starts[g], "points group bounds");
    CHECK(g == 0 || p.chunks[g] > p.chunks[g - 1], "points groups ascend");
    for (; k < p.stops[g]; ++k) {
      CHECK(expected[k].chunk == p.chunks[g] && expected[k].offset == p.offsets[k] &&
                expected[k].position == p.positions[k],
            "project_points entry " + s(k) + ": got chunk " + s(p.chunks[g]) + " offset " + s(p.offsets[k]) +
                " position " + s(p.positions[k]) + ", expected " + s(expected[k].chunk) + " " + s(expected[k].offset) +
                " " + s(expected[k].position));
    }
  }
  CHECK(k == values.size(), "points groups cover every value");
}

void check_points(const zr::Axis& axis, const AxisModel& ref, Rng& rng) {
  const u64 L = ref.length;
  const size_t n = rng.below(24);
  // uint64 values.
  {
    std::vector<u64> values;
    std::optional<size_t> bad;
    for (size_t i = 0; i < n; ++i) values.push_back(L ? random_index(rng, ref) : at_least(rng, 0));
    if (L == 0 && n > 0) bad = 0;  // every value is outside an empty axis
    if (L > 0 && n > 0 && rng.chance(20)) {
      bad = rng.below(n);
      values[*bad] = at_least(rng, L);
    }
    check_points_typed<u64>(axis, ref, values, bad);
  }
  // int64 values, negative counting from the end (only where they fit).
  if (L <= (u64(1) << 62)) {
    std::optional<size_t> bad;
    std::vector<int64_t> values = signed_indices<int64_t>(rng, ref, n, bad);
    if (n > 0 && L > 0 && rng.chance(20)) {
      const size_t at = rng.below(n);
      values[at] = rng.chance(50) ? int64_t(L) : -int64_t(L) - 1;
      bad = at;
    }
    check_points_typed<int64_t>(axis, ref, values, bad);
  }
  // double values (exact only up to 2^53).
  if (L < (u64(1) << 53)) {  // doubles are exact indices only up to 2^53 - 1
    std::optional<size_t> bad;
    std::vector<double> values = signed_indices<double>(rng, ref, n, bad);
    if (n > 0 && L > 0 && rng.chance(25)) {
      const size_t at = rng.below(n);
      const double choices[] = {double(L), -double(L) - 1, 0.5, -0.5, __builtin_nan(""), 9007199254740992.0,
                                -__builtin_inf(), 1e300};
      values[at] = choices[rng.below(8)];
      bad = at;
    }
    // NaN and friends compare weirdly in __int128 conversion: only valid ones reach it.
    check_points_typed<double>(axis, ref, values, bad);
  }
  // A mask of the axis length, when small.
  if (L <= 4096) {
    std::vector<uint8_t> mask(L);
    for (auto& m : mask) m = rng.chance(30) ? uint8_t(1 + rng.below(255)) : 0;
    const zr::PointsProjection p = zr::project_mask(axis, mask);
    std::vector<u64> selected;
    for (u64 i = 0; i < L; ++i)
      if (mask[i]) selected.push_back(i);
    std::vector<PointRef> expected;
    for (size_t i = 0; i < selected.size(); ++i) {
      const auto l = ref.locate(selected[i]);
      expected.push_back({l.chunk, l.offset, i});
    }
    // Selected indices ascend, so chunks do too: no reordering.
    CHECK(p.offsets.size() == expected.size(), "mask projection size");
    size_t k = 0;
    for (size_t g = 0; g < p.chunks.size(); ++g) {
      for (k = p.starts[g]; k < p.stops[g]; ++k) {
        CHECK(expected[k].chunk == p.chunks[g] && expected[k].offset == p.offsets[k] && p.positions[k] == k,
              "project_mask entry " + s(k));
      }
    }
  }
}

void check_axis(const zr::ChunkGrid& grid, size_t d, const AxisModel& ref, Rng& rng, bool expand) {
  const zr::Axis& axis = grid.axis(d);
  const std::string where = "axis " + s(d) + ": ";
  CHECK(axis.length() == ref.length, where + "length");
  CHECK(axis.is_step() == ref.is_step, where + "is_step");
  if (ref.is_step) CHECK(axis.step() == ref.step, where + "step");
  CHECK(axis.declared_count() == ref.declared, where + "declared count " + s(axis.declared_count()) + " vs " + s(ref.declared));
  CHECK(axis.edge_sum() == ref.sum, where + "edge sum");
  CHECK(axis.active_count() == ref.active, where + "active count " + s(axis.active_count()) + " vs " + s(ref.active));
  const auto want = merged(ref.runs);
  const auto runs = axis.runs();
  CHECK(std::equal(runs.begin(), runs.end(), want.begin(), want.end()), where + "runs are not the merged declared runs");

  if (expand) {
    const zr_model::EdgeModel expanded(ref);
    std::vector<u64> got(axis.declared_count());
    axis.expand(got);
    CHECK(got == expanded.edges, where + "expand");
    for (int t = 0; t < 4 && ref.length > 0; ++t) {
      const u64 i = random_index(rng, ref);
      const zr_model::Located want = expanded.locate(i);
      const zr::Located l = axis.locate(i);
      CHECK(l.chunk == want.chunk && l.offset == want.offset, where + "locate(" + s(i) + ") against expanded edges");
    }
    for (int t = 0; t < 4 && !expanded.edges.empty(); ++t) {
      const u64 c = rng.below(expanded.edges.size());
      CHECK(axis.origin(c) == expanded.origin(c) && axis.size(c) == expanded.edges[c],
            where + "origin/size of chunk " + s(c));
      CHECK(axis.data_size(c) == expanded.data_size(c), where + "data_size of chunk " + s(c));
    }
  }

  // The run-walking model, valid for any size.
  if (ref.length > 0) {
    std::vector<u64> idx;
    const size_t n = 1 + rng.below(12);
    for (size_t i = 0; i < n; ++i) idx.push_back(random_index(rng, ref));
    if (rng.chance(50)) std::sort(idx.begin(), idx.end());
    std::vector<u64> chunks(n), offsets(n);
    CHECK(grid.locate_axis(d, std::span<const u64>(idx), chunks.data(), offsets.data()) == zr::npos, where + "locate_axis rejected");
    for (size_t i = 0; i < n; ++i) {
      const auto l = ref.locate(idx[i]);
      CHECK(chunks[i] == l.chunk && offsets[i] == l.offset,
            where + "locate(" + s(idx[i]) + ") gave (" + s(chunks[i]) + ", " + s(offsets[i]) + "), expected (" +
                s(l.chunk) + ", " + s(l.offset) + ")");
      const zr::Located one = axis.locate(idx[i]);
      CHECK(one.chunk == l.chunk && one.offset == l.offset, where + "Axis::locate");
    }
    // The same as doubles, where exact.
    if (ref.length < (u64(1) << 53)) {
      std::vector<double> di(idx.begin(), idx.end()), dc(n), dof(n);
      CHECK(grid.locate_axis(d, std::span<const double>(di), dc.data(), dof.data()) == zr::npos, where + "locate_axis F64");
      for (size_t i = 0; i < n; ++i) CHECK(dc[i] == double(chunks[i]) && dof[i] == double(offsets[i]), where + "F64 locate");
    }
  }
  // Out of range: the first bad element is reported.
  {
    const size_t n = 1 + rng.below(6), at = rng.below(n);
    std::vector<u64> idx;
    for (size_t i = 0; i < n; ++i) idx.push_back(i == at || ref.length == 0 ? at_least(rng, ref.length) : random_index(rng, ref));
    std::vector<u64> chunks(n), offsets(n);
    const size_t got = grid.locate_axis(d, std::span<const u64>(idx), chunks.data(), offsets.data());
    const size_t want_at = ref.length == 0 ? 0 : at;
    CHECK(got == want_at, where + "locate_axis out of range reported " + s(got) + ", expected " + s(want_at));
    std::vector<double> bad_doubles{-1.0, -0.5, 0.5, __builtin_nan(""), __builtin_inf(), -__builtin_inf(), 18446744073709551616.0, 9007199254740992.0 + 2, 1e300};
    if (ref.length < (u64(1) << 53)) bad_doubles.push_back(double(ref.length));
    std::vector<double> di{bad_doubles[rng.below(bad_doubles.size())]}, dc(1), dof(1);
    CHECK(grid.locate_axis(d, std::span<const double>(di), dc.data(), dof.data()) == 0, where + "a bad double index was accepted");
  }
  // Chunk geometry, run-walking.
  for (int t = 0; t < 6 && ref.declared > 0; ++t) {
    u64 c;
    switch (rng.below(4)) {
      case 0: c = 0; break;
      case 1: c = ref.declared - 1; break;
      case 2: c = ref.active ? ref.active - 1 : 0; break;
      default: c = rng.below(ref.declared); break;
    }
    CHECK(axis.origin(c) == ref.origin(c), where + "origin(" + s(c) + ")");
    CHECK(axis.size(c) == ref.size(c), where + "size(" + s(c) + ")");
    CHECK(axis.data_size(c) == ref.data_size(c), where + "data_size(" + s(c) + ")");
  }
  check_slices(axis, ref, rng);
  check_points(axis, ref, rng);
}

void check_grid(const zr::ChunkGrid& grid, const RefResult& ref, Rng& rng) {
  CHECK(grid.ndim() == ref.axes.size(), "ndim");
  u128 declared_total = 0;
  for (const AxisModel& a : ref.axes) declared_total += a.declared;
  const bool expand = declared_total <= kExpandLimit;
  if (expand) ++stats.expanded;
  else ++stats.huge;
  for (size_t d = 0; d < grid.ndim(); ++d) check_axis(grid, d, ref.axes[d], rng, expand);

  // N-d: shapes, num_chunks, is_regular, in_declared_grid, locate_many.
  u128 product = 1;
  bool overflow = false;
  bool all_step = true;
  for (size_t d = 0; d < grid.ndim(); ++d) {
    product *= ref.axes[d].active;
    if (product > kMax) overflow = true, product = u128(kMax) + 1;  // saturate (product of 0 stays 0 below)
    all_step = all_step && ref.axes[d].step;
  }
  bool any_zero = false;
  for (const AxisModel& a : ref.axes) any_zero = any_zero || a.active == 0;
  const auto n = grid.num_chunks();
  if (any_zero) {
    CHECK(n && *n == 0, "num_chunks is 0 when an axis has no chunks, whatever the others hold");
  }
  else if (overflow) CHECK(!n, "num_chunks should overflow");
  else CHECK(n && *n == u64(product), "num_chunks");
  CHECK(grid.is_regular() == all_step, "is_regular");

  const size_t nd = grid.ndim();
  if (nd == 0) return;
  bool empty = false;
  for (const AxisModel& a : ref.axes) empty = empty || a.length == 0;
  if (!empty) {
    const size_t rows = 1 + rng.below(8);
    std::vector<u64> idx, chunks(rows * nd), offsets(rows * nd);
    for (size_t r = 0; r < rows; ++r)
      for (size_t d = 0; d < nd; ++d) idx.push_back(random_index(rng, ref.axes[d]));
    // One bad row, sometimes.
    std::optional<size_t> bad;
    if (rng.chance(25)) {
      bad = rng.below(rows);
      const size_t d = rng.below(nd);
      idx[*bad * nd + d] = ref.axes[d].length + rng.below(kMax - ref.axes[d].length + 1 == 0 ? kMax : kMax - ref.axes[d].length + 1);
      if (idx[*bad * nd + d] < ref.axes[d].length) idx[*bad * nd + d] = ref.axes[d].length;
    }
    const size_t got = grid.locate_many(std::span<const u64>(idx), chunks.data(), offsets.data());
    CHECK(got == (bad ? *bad : zr::npos), "locate_many reported row " + s(got));
    for (size_t k = 0; k < (bad ? *bad : rows) * nd; ++k) {
      const auto l = ref.axes[k % nd].locate(idx[k]);
      CHECK(chunks[k] == l.chunk && offsets[k] == l.offset, "locate_many element " + s(k));
    }
  }
  // Chunk coordinates, inside and outside the declared grid.
  std::vector<u64> coords(nd), out(nd);
  bool inside = true;
  for (size_t d = 0; d < nd; ++d) {
    const AxisModel& a = ref.axes[d];
    coords[d] = rng.chance(90) && a.declared ? rng.below(a.declared) : a.declared + rng.below(3);
    inside = inside && coords[d] < a.declared;
  }
  CHECK(grid.in_declared_grid(coords) == inside, "in_declared_grid");
  if (inside) {
    grid.chunk_origin(coords, out);
    for (size_t d = 0; d < nd; ++d) CHECK(out[d] == ref.axes[d].origin(coords[d]), "chunk_origin");
    grid.chunk_shape(coords, out);
    for (size_t d = 0; d < nd; ++d) CHECK(out[d] == ref.axes[d].size(coords[d]), "chunk_shape");
    grid.chunk_data_shape(coords, out);
    for (size_t d = 0; d < nd; ++d) CHECK(out[d] == ref.axes[d].data_size(coords[d]), "chunk_data_shape");
  }
}

bool same(const zr::Problems& a, const zr::Problems& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].path != b[i].path || a[i].message != b[i].message || a[i].code != b[i].code ||
        a[i].byte_offset != b[i].byte_offset)
      return false;
  return true;
}

std::string first_problem(const zr::Problems& p) {
  return p.empty() ? std::string("(none)") : p[0].path + ": " + p[0].message;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::atexit(print_stats);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t mode = data[0];
  // The reference model reads strictly: the writers' ledger's entries
  // (docs/writers-ledger.md), which the default reads, are errors there.
  // So the fuzzer reads with strict; the ledger's default reading is tested
  // in tests/cpp/writers_ledger.test.cpp. The mode bit is kept for the
  // corpus's sake.
  const bool lenient = false;
  const std::string_view doc(reinterpret_cast<const char*>(data + 1), size - 1);
  g_doc = doc;
  g_lenient = lenient;
  ++stats.inputs;
  if (lenient) ++stats.lenient;
  if (stats.inputs % 1000000 == 0) print_stats();

  const zr::ReadOptions options{zr::Quirks::Refuse};
  const zr::GridRead read = zr::read_grid_metadata(doc, options);
  const zr::Validation validation = zr::validate_metadata(doc, options);

  // Parsed: no syntax, encoding or byte-order-mark error for the document.
  const bool syntax_error = !validation.errors.empty() && validation.errors[0].path.empty() &&
                            (validation.errors[0].message.rfind("found invalid JSON", 0) == 0 ||
                             validation.errors[0].message.rfind("found a UTF-8 byte-order mark", 0) == 0);
  if (!syntax_error) ++stats.parsed;

  // Self-consistency of the two reports. A group document reads as a group
  // in validate_metadata (which the reference does not model either), so
  // the grid is compared for array documents only.
  CHECK(read.grid.has_value() == read.errors.empty(), "a grid exactly when there are no errors");
  const bool group = zr::read_document(doc, options).root.type == zr::NodeType::Group;
  zr::Problems grid_part;
  for (const auto& p : validation.errors)
    if (has_grid_prefix(p.path)) grid_part.push_back(p);
  if (!group) {
    CHECK(same(grid_part, read.errors), "validate_metadata's grid problems differ from read_grid_metadata's: " +
                                            first_problem(grid_part) + " vs " + first_problem(read.errors));
  }
  // Warnings too; the others concern extensions (UNKNOWN_EXTENSION), in either mode.
  zr::Problems grid_warnings;
  for (const auto& p : validation.warnings)
    if (has_grid_prefix(p.path)) grid_warnings.push_back(p);
    else CHECK(p.code == zr::ProblemCode::UnknownExtension, "a warning outside the grid that is not UNKNOWN_EXTENSION: " + p.path);
  if (!group) CHECK(same(grid_warnings, read.warnings), "warnings differ");
  if (!lenient) CHECK(read.warnings.empty() && grid_warnings.empty(), "grid warnings in strict mode");

  // read_document checks an array document as validate_metadata does, and
  // builds the same grid exactly when it is valid.
  {
    const zr::Document once = zr::read_document(doc, options);
    if (once.root.type == zr::NodeType::Array) {
      CHECK(same(once.root.errors, validation.errors), "read_document's problems differ from validate_metadata's: " +
                                                          first_problem(once.root.errors) + " vs " + first_problem(validation.errors));
      CHECK(same(once.root.warnings, validation.warnings), "read_document's warnings differ from validate_metadata's");
      CHECK(once.root.grid.has_value() == validation.valid(), "read_document: a grid exactly when the document is valid");
      CHECK(!once.root.grid || (read.grid && *once.root.grid == *read.grid), "read_document's grid differs from read_grid_metadata's");
    }
  }
  for (const auto& p : validation.errors) {
    CHECK(p.path.empty() || p.path[0] == '/', "not a JSON Pointer: " + p.path);
    CHECK(!p.message.empty(), "an empty message at " + p.path);
  }

  // The independent reference reader.
  const RefResult ref = ref_read(doc, lenient);
  if (ref.grid_ok != read.grid.has_value()) {
    fail(ref.grid_ok ? "read_grid_metadata rejected a grid that the reference reader accepts"
                     : "read_grid_metadata accepted a grid that the reference reader rejects",
         "first problem reported: " + first_problem(read.errors));
  }
  if (!group && ref.doc_ok != validation.valid()) {
    fail(ref.doc_ok ? "validate_metadata rejected a valid document" : "validate_metadata accepted an invalid document",
         first_problem(validation.errors));
  }
  // Error paths point into the document.
  if (!syntax_error && !validation.errors.empty()) {
    std::string_view body = doc;
    if (lenient && body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
    Json parsed;
    if (parsed.parse(body)) {
      for (const auto& p : validation.errors) {
        CHECK(pointer_resolves(parsed.root(), p.path), "error path does not resolve: " + p.path + ": " + p.message);
      }
    }
  }
  if (validation.valid()) ++stats.valid_docs;
  if (!read.grid) return 0;
  ++stats.accepted;
  const zr::ChunkGrid& grid = *read.grid;

  // Strict and lenient agree when there was nothing to forgive.
  if (read.warnings.empty()) {
    const zr::GridRead other = zr::read_grid_metadata(doc, {zr::Quirks::Read});
    CHECK(other.grid.has_value() && *other.grid == grid && other.warnings.empty(),
          "strict and default readings differ without warnings");
  }

  check_round_trip(grid);

  u64 seed = 0xcbf29ce484222325ull ^ (u64(mode) << 56);
  for (unsigned char c : doc) seed = (seed ^ c) * 0x100000001b3ull;
  Rng rng{seed};
  check_grid(grid, ref, rng);
  return 0;
}
