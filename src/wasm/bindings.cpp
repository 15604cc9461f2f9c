// The Embind surface: thin and batch-first. Bulk data moves through the
// wasm heap as raw addresses filled and read by the JS wrapper; no core
// function throws, so no exception crosses this boundary.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <malloc.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <type_traits>

#include "canonical_json.hpp"
#include "json_document.hpp"
#include "metadata.hpp"
#include "selection.hpp"

using namespace emscripten;
using zr::ChunkGrid;

namespace {

constexpr double kMaxSafe = 9007199254740991.0;

template <class T>
T* at(uintptr_t address) {
  return reinterpret_cast<T*>(address);
}

std::string_view bytes_at(uintptr_t address, size_t length) { return {at<const char>(address), length}; }

val problems_to_js(const zr::Problems& problems) {
  val out = val::array();
  for (const auto& p : problems) {
    val item = val::object();
    item.set("path", p.path);
    item.set("message", p.message);
    out.call<void>("push", item);
  }
  return out;
}

// The outcome of building a grid: the grid, or every problem found.
class GridOutcome {
 public:
  explicit GridOutcome(zr::GridRead read) : read_(std::move(read)) {}
  bool ok() const { return read_.grid.has_value(); }
  // Moves the grid out, so a large grid is never held twice: call it once.
  ChunkGrid grid() { return std::move(*read_.grid); }
  val errors() const { return problems_to_js(read_.errors); }
  val warnings() const { return problems_to_js(read_.warnings); }

 private:
  zr::GridRead read_;
};

GridOutcome read_grid_metadata(uintptr_t text, size_t length, bool lenient) {
  return GridOutcome(zr::read_grid_metadata(bytes_at(text, length), {lenient}));
}
GridOutcome read_chunk_shapes(uintptr_t text, size_t length) {
  return GridOutcome(zr::read_chunk_shapes(bytes_at(text, length)));
}
GridOutcome read_edges(uintptr_t text, size_t length) { return GridOutcome(zr::read_edges(bytes_at(text, length))); }

val validate_metadata(uintptr_t text, size_t length, bool lenient) {
  const zr::Validation v = zr::validate_metadata(bytes_at(text, length), {lenient});
  val out = val::object();
  out.set("errors", problems_to_js(v.errors));
  out.set("warnings", problems_to_js(v.warnings));
  return out;
}

// [begin, end) byte offsets of a top-level member's value, or null.
val member_span(uintptr_t text, size_t length, std::string key) {
  const auto span = zr::top_level_member_span(bytes_at(text, length), key);
  if (!span) return val::null();
  val out = val::array();
  out.call<void>("push", span->begin);
  out.call<void>("push", span->end);
  return out;
}

size_t heap_in_use() { return mallinfo().uordblks; }

// shape, gridShape and declaredGridShape, each ndim uint64 values.
void write_shapes(const ChunkGrid& g, uintptr_t out) {
  uint64_t* o = at<uint64_t>(out);
  for (size_t d = 0; d < g.ndim(); ++d) {
    o[d] = g.axis(d).length();
    o[g.ndim() + d] = g.axis(d).active_count();
    o[2 * g.ndim() + d] = g.axis(d).declared_count();
  }
}

size_t run_count(const ChunkGrid& g, size_t axis) { return g.axis(axis).runs().size(); }

void write_runs(const ChunkGrid& g, size_t axis, uintptr_t out) {
  uint64_t* o = at<uint64_t>(out);
  for (const zr::Run& r : g.axis(axis).runs()) {
    *o++ = r.size;
    *o++ = r.count;
  }
}

// False (and nothing written) when an edge is not exact as a double.
bool expand_edges(const ChunkGrid& g, size_t axis, uintptr_t out, bool as_double) {
  const zr::Axis& a = g.axis(axis);
  std::span<uint64_t> edges(at<uint64_t>(out), a.declared_count());
  if (!as_double) {
    a.expand(edges);
    return true;
  }
  for (const zr::Run& r : a.runs()) {
    if (static_cast<double>(r.size) > kMaxSafe) return false;
  }
  double* o = at<double>(out);
  for (const zr::Run& r : a.runs()) o = std::fill_n(o, r.count, static_cast<double>(r.size));
  return true;
}

// Batch lookups return the failing row (or element), or -1.
double row_or_none(size_t row) { return row == zr::npos ? -1 : static_cast<double>(row); }

template <class In, class Out>
double locate_many(const ChunkGrid& g, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets) {
  return row_or_none(g.locate_many(std::span(at<const In>(in), n), at<Out>(chunks), at<Out>(offsets)));
}

}  // namespace

// The scalar lookup as a plain export: a call through Embind costs about a
// microsecond in a build without dynamic code (-sDYNAMIC_EXECUTION=0), a
// plain export tens of nanoseconds. `grid` is what Grid.address() gave.
extern "C" EMSCRIPTEN_KEEPALIVE double zr_locate_f64(uintptr_t grid, uintptr_t in, size_t n, uintptr_t chunks,
                                                     uintptr_t offsets) {
  return locate_many<double, double>(*at<const ChunkGrid>(grid), in, n, chunks, offsets);
}

namespace {

template <class In, class Out>
double locate_axis(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets) {
  return row_or_none(g.locate_axis(axis, std::span(at<const In>(in), n), at<Out>(chunks), at<Out>(offsets)));
}

// origin, shape and data shape of one chunk: 3 x ndim uint64 values.
bool chunk_geometry(const ChunkGrid& g, uintptr_t coords, uintptr_t out) {
  std::span<const uint64_t> c(at<const uint64_t>(coords), g.ndim());
  if (!g.in_declared_grid(c)) return false;
  std::span<uint64_t> o(at<uint64_t>(out), 3 * g.ndim());
  g.chunk_origin(c, o.subspan(0, g.ndim()));
  g.chunk_shape(c, o.subspan(g.ndim(), g.ndim()));
  g.chunk_data_shape(c, o.subspan(2 * g.ndim(), g.ndim()));
  return true;
}

std::string to_regular_json_text(const ChunkGrid& g) { return zr::to_regular_json_text(g).value_or(""); }

// new shape: ndim uint64; appended: for each axis a count then that many edges.
GridOutcome resize(const ChunkGrid& g, uintptr_t shape, uintptr_t appended) {
  std::span<const uint64_t> new_shape(at<const uint64_t>(shape), g.ndim());
  std::vector<std::vector<uint64_t>> edges(g.ndim());
  const uint64_t* a = at<const uint64_t>(appended);
  for (auto& axis_edges : edges) {
    const uint64_t n = *a++;
    axis_edges.assign(a, a + n);
    a += n;
  }
  auto resized = g.resize(new_shape, edges);
  zr::GridRead read;
  if (resized) read.grid = std::move(*resized);
  else read.errors.push_back({zr::pointer_append("", resized.error().axis),
                              zr::describe(resized.error().fault, new_shape[resized.error().axis])});
  return GridOutcome(std::move(read));
}

// A points projection: five columns (chunks, starts, stops, offsets,
// positions), copied out by the wrapper.
class Projection {
 public:
  Projection() = default;
  explicit Projection(zr::PointsProjection p)
      : columns_{std::move(p.chunks), std::move(p.starts), std::move(p.stops), std::move(p.offsets),
                 std::move(p.positions)} {}
  static Projection failed(size_t element) {
    Projection p;
    p.failed_ = static_cast<double>(element);
    return p;
  }

  double failed_at() const { return failed_; }
  size_t length(size_t column) const { return columns_[column].size(); }
  // Writes the five columns one after another, as uint64 or as doubles, so
  // the wrapper makes one typed array; false if a value is not exact as a double.
  bool copy(uintptr_t out, bool as_double) const {
    uint64_t* o64 = at<uint64_t>(out);
    double* of = at<double>(out);
    for (const auto& c : columns_) {
      if (!as_double) {
        o64 = std::copy(c.begin(), c.end(), o64);
        continue;
      }
      for (uint64_t v : c) {
        if (static_cast<double>(v) > kMaxSafe) return false;
        *of++ = static_cast<double>(v);
      }
    }
    return true;
  }

 private:
  std::vector<uint64_t> columns_[5];
  double failed_ = -1;
};

// A slice spec in 4 uint64: flags (1 has start, 2 start negative, 4 has
// stop, 8 stop negative), start magnitude, stop magnitude, step.
zr::SliceSpec slice_spec(uintptr_t spec) {
  const uint64_t* s = at<const uint64_t>(spec);
  zr::SliceSpec out;
  if (s[0] & 1) out.start = zr::SignedIndex{(s[0] & 2) != 0, s[1]};
  if (s[0] & 4) out.stop = zr::SignedIndex{(s[0] & 8) != 0, s[2]};
  out.step = s[3];
  return out;
}

// The element range and step of a slice spec, or of a block range (step 1).
zr::Range slice_range(const ChunkGrid& g, size_t axis, uintptr_t spec, bool blocks, uint64_t& step) {
  const zr::SliceSpec s = slice_spec(spec);
  step = blocks ? 1 : s.step;
  return blocks ? zr::block_range(g.axis(axis), s) : zr::normalize_slice(g.axis(axis).length(), s);
}

double slice_bound(const ChunkGrid& g, size_t axis, uintptr_t spec, bool blocks) {
  uint64_t step;
  const zr::Range range = slice_range(g, axis, spec, blocks, step);
  return static_cast<double>(zr::slice_entry_bound(g.axis(axis), range, step));
}

// Writes a slice projection straight into `out`, as uint64 or as doubles.
// Returns the entries written, or -1 if a value is not exact as a double.
template <class T>
double slice_into(const ChunkGrid& g, size_t axis, uintptr_t spec, bool blocks, uintptr_t out, size_t capacity) {
  uint64_t step;
  const zr::Range range = slice_range(g, axis, spec, blocks, step);
  const zr::Axis& a = g.axis(axis);
  const auto same = [](uint64_t v) { return v; };
  if constexpr (std::is_same_v<T, uint64_t>) {
    return static_cast<double>(zr::write_slice_columns(a, range, step, at<uint64_t>(out), capacity, same));
  } else {
    // No value exceeds the axis length (nor does a chunk index: every chunk
    // holds an element). Below 2^53 a signed conversion, one instruction, is exact.
    if (static_cast<double>(a.length()) <= kMaxSafe) {
      const auto to_double = [](uint64_t v) { return static_cast<double>(static_cast<int64_t>(v)); };
      return static_cast<double>(zr::write_slice_columns(a, range, step, at<double>(out), capacity, to_double));
    }
    // A longer axis: uint64 first, then converted in place where exact.
    const size_t n = zr::write_slice_columns(a, range, step, at<uint64_t>(out), capacity, same);
    for (size_t k = 0; k < 5; ++k) {
      for (uintptr_t cell = out + k * capacity * 8; cell < out + (k * capacity + n) * 8; cell += 8) {
        uint64_t v;
        std::memcpy(&v, at<void>(cell), 8);
        const double d = static_cast<double>(v);
        if (d > kMaxSafe) return -1;
        std::memcpy(at<void>(cell), &d, 8);
      }
    }
    return static_cast<double>(n);
  }
}

// An integer selection: in (negative flag, magnitude); out (chunk, offset).
bool project_integer(const ChunkGrid& g, size_t axis, uintptr_t in_out) {
  uint64_t* io = at<uint64_t>(in_out);
  const auto index = zr::resolve_index(g.axis(axis).length(), {io[0] != 0, io[1]});
  if (!index) return false;
  const zr::Located at_ = g.axis(axis).locate(*index);
  io[0] = at_.chunk;
  io[1] = at_.offset;
  return true;
}

template <class T>
Projection project_points(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n) {
  auto p = zr::project_points(g.axis(axis), std::span(at<const T>(in), n));
  return p ? Projection(std::move(*p)) : Projection::failed(p.error());
}

Projection project_mask(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n) {
  return Projection(zr::project_mask(g.axis(axis), std::span(at<const uint8_t>(in), n)));
}

}  // namespace

EMSCRIPTEN_BINDINGS(zarr_rectilinear) {
  class_<ChunkGrid>("Grid")
      .function("ndim", &ChunkGrid::ndim)
      .function("address", optional_override([](const ChunkGrid& g) { return reinterpret_cast<uintptr_t>(&g); }))
      .function("isRegular", &ChunkGrid::is_regular)
      .function("isStep", optional_override([](const ChunkGrid& g, size_t axis) { return g.axis(axis).is_step(); }))
      .function("equals", optional_override([](const ChunkGrid& a, const ChunkGrid& b) { return a == b; }))
      .function("writeShapes", &write_shapes)
      .function("runCount", &run_count)
      .function("writeRuns", &write_runs)
      .function("expandEdges", &expand_edges)
      .function("locateManyF64", &locate_many<double, double>)
      .function("locateManyU64", &locate_many<uint64_t, uint64_t>)
      .function("locateAxisF64", &locate_axis<double, double>)
      .function("locateAxisU64", &locate_axis<uint64_t, uint64_t>)
      .function("chunkGeometry", &chunk_geometry)
      .function("toJSONText", optional_override([](const ChunkGrid& g) { return zr::to_json_text(g); }))
      .function("toRegularJSONText", &to_regular_json_text)
      .function("resize", &resize)
      .function("sliceBound", &slice_bound)
      .function("sliceIntoF64", &slice_into<double>)
      .function("sliceIntoU64", &slice_into<uint64_t>)
      .function("projectInteger", &project_integer)
      .function("projectPointsF64", &project_points<double>)
      .function("projectPointsI64", &project_points<int64_t>)
      .function("projectPointsU64", &project_points<uint64_t>)
      .function("projectMask", &project_mask);

  class_<GridOutcome>("GridOutcome")
      .function("ok", &GridOutcome::ok)
      .function("grid", &GridOutcome::grid)
      .function("errors", &GridOutcome::errors)
      .function("warnings", &GridOutcome::warnings);

  class_<Projection>("Projection")
      .function("failedAt", &Projection::failed_at)
      .function("length", &Projection::length)
      .function("copy", &Projection::copy);

  function("readGridMetadata", &read_grid_metadata);
  function("readChunkShapes", &read_chunk_shapes);
  function("readEdges", &read_edges);
  function("validateMetadata", &validate_metadata);
  function("memberSpan", &member_span);
  function("heapInUse", &heap_in_use);
  constant("maxDocumentBytes", static_cast<double>(zr::kMaxDocumentBytes));
}
