// The Embind surface: thin and batch-first (docs/wasm-boundary.md). Small
// structs and error kinds cross as value_objects and enums; bulk data moves
// through the wasm heap as raw addresses filled and read by the JS wrapper.
// Every entry point checks the arguments it can see (an axis, a chunk, a
// step) and answers a bad one with its failure value, never with undefined
// behaviour; addresses and lengths are the wrapper's to get right. The core
// reports bad input as values; the only exception it throws is running out
// of memory, and every entry point that allocates is registered through
// guarded<> (out_of_memory.hpp), so no exception crosses this boundary.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <malloc.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "axis_summary.hpp"
#include "axis_window.hpp"
#include "canonical_json.hpp"
#include "document.hpp"
#include "document_rules.hpp"
#include "grid_builders.hpp"
#include "rechunk_plan.hpp"
#include "json_document.hpp"
#include "metadata.hpp"
#include "out_of_memory.hpp"
#include "selection.hpp"

using namespace emscripten;
using zr::ChunkGrid;
using zr::wasm::guarded;

namespace {

constexpr double kMaxSafe = 9007199254740991.0;

template <class T>
T* at(uintptr_t address) {
  return reinterpret_cast<T*>(address);
}

std::string_view bytes_at(uintptr_t address, size_t length) { return {at<const char>(address), length}; }

// The axis `axis` of a grid, or nullptr when there is none.
const zr::Axis* axis_of(const ChunkGrid& g, size_t axis) { return axis < g.ndim() ? &g.axis(axis) : nullptr; }

// The outcome of building a grid: the grid, or every problem found (and,
// from a resize, the axis that could not be resized).
class GridOutcome {
 public:
  explicit GridOutcome(zr::GridRead read = {}, double failed_axis = -1, double failed_part = -1)
      : read_(std::move(read)), failed_axis_(failed_axis), failed_part_(failed_part) {}
  bool ok() const { return read_.grid.has_value(); }
  double failed_axis() const { return failed_axis_; }
  // From a concatenation: the part where the first problem was found.
  double failed_part() const { return failed_part_; }
  // Moves the grid out, so a large grid is never held twice: call it once.
  ChunkGrid grid() { return std::move(*read_.grid); }
  zr::Problems errors() const { return read_.errors; }
  zr::Problems warnings() const { return read_.warnings; }

 private:
  zr::GridRead read_;
  double failed_axis_;
  double failed_part_;
};

// `strict`: the writers' ledger's entries are errors (else read, with warnings).
zr::ReadOptions read_options(bool strict) { return {strict ? zr::Quirks::Refuse : zr::Quirks::Read}; }

GridOutcome read_grid_metadata(uintptr_t text, size_t length, bool strict) {
  return GridOutcome(zr::read_grid_metadata(bytes_at(text, length), read_options(strict)));
}
GridOutcome read_chunk_shapes(uintptr_t text, size_t length) {
  return GridOutcome(zr::read_chunk_shapes(bytes_at(text, length)));
}
GridOutcome read_edges(uintptr_t text, size_t length) { return GridOutcome(zr::read_edges(bytes_at(text, length))); }

// A whole document's problems (an array or a group), as an outcome with no grid.
GridOutcome validate_metadata(uintptr_t text, size_t length, bool strict) {
  zr::Validation v = zr::validate_metadata(bytes_at(text, length), read_options(strict));
  return GridOutcome({std::nullopt, std::move(v.errors), std::move(v.warnings)});
}

// The byte range of a top-level member's value; `found` false when absent.
struct MemberSpan {
  bool found = false;
  size_t begin = 0, end = 0;
};
MemberSpan member_span(uintptr_t text, size_t length, uintptr_t key, size_t key_length) {
  const auto span = zr::top_level_member_span(bytes_at(text, length), bytes_at(key, key_length));
  return span ? MemberSpan{true, span->begin, span->end} : MemberSpan{};
}

size_t heap_in_use() { return mallinfo().uordblks; }

// Columns of uint64 values made by the core, copied out by the wrapper:
// runs, chunk groups, points projections. `failed` names the input element
// that was refused, or is -1.
class Columns {
 public:
  Columns() = default;
  explicit Columns(std::vector<std::vector<uint64_t>> columns) : columns_(std::move(columns)) {}
  static Columns failed(size_t element) {
    Columns c;
    c.failed_ = static_cast<double>(element);
    return c;
  }

  double failed_at() const { return failed_; }
  size_t count() const { return columns_.size(); }
  size_t length(size_t column) const { return column < columns_.size() ? columns_[column].size() : 0; }
  // Writes the columns one after another, as uint64 or as doubles; false
  // (and nothing more written) if a value is not exact as a double.
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
  std::vector<std::vector<uint64_t>> columns_;
  double failed_ = -1;
};

// Every place of each JSON Pointer in JSON text (zr::locate_pointers), as
// five columns with one entry per place: the pointer's index, whether the
// value has a key (1) or not (0), the key's first byte (0 when none), the
// value's first byte and the byte past its end. failedAt names the first
// malformed pointer. The `count` pointers are UTF-8 bytes one after another
// at `pointers`, their lengths uint32 at `lengths`.
Columns locate_pointers(uintptr_t text, size_t length, uintptr_t pointers, uintptr_t lengths, size_t count) {
  std::vector<std::string_view> views(count);
  for (size_t i = 0; i < count; ++i) {
    views[i] = bytes_at(pointers, at<const uint32_t>(lengths)[i]);
    pointers += views[i].size();
  }
  const auto found = zr::locate_pointers(bytes_at(text, length), views);
  if (!found) return Columns::failed(found.error());
  std::vector<uint64_t> which, has_key, key_begins, begins, ends;
  for (size_t i = 0; i < found->places.size(); ++i) {
    for (const zr::ValueSpan& s : found->places[i]) {
      which.push_back(i);
      has_key.push_back(s.key_begin.has_value());
      key_begins.push_back(s.key_begin.value_or(0));
      begins.push_back(s.begin);
      ends.push_back(s.end);
    }
  }
  return Columns({std::move(which), std::move(has_key), std::move(key_begins), std::move(begins), std::move(ends)});
}

// Which of `count` JSON Pointers (laid out as for locate_pointers) name a
// place in the document `text` where a float may stand (zr::float_place):
// one column, 1 or 0 per pointer. For JS numbers past 2^53 - 1, which are
// suspect only where an integer is wanted. A failed Columns when the text
// does not parse.
Columns float_places(uintptr_t text, size_t length, uintptr_t pointers, uintptr_t lengths, size_t count) {
  zr::ParsedJson parsed;
  zr::parse_json(bytes_at(text, length), zr::Quirks::Read, parsed);
  if (!parsed.ok) return Columns::failed(0);
  std::vector<uint64_t> floats(count);
  for (size_t i = 0; i < count; ++i) {
    const std::string_view pointer = bytes_at(pointers, at<const uint32_t>(lengths)[i]);
    pointers += pointer.size();
    floats[i] = zr::float_place(parsed.document, pointer);
  }
  return Columns({std::move(floats)});
}

Columns runs_columns(const std::vector<zr::Run>& runs) {
  std::vector<uint64_t> sizes, counts;
  sizes.reserve(runs.size());
  counts.reserve(runs.size());
  for (const zr::Run& r : runs) {
    sizes.push_back(r.size);
    counts.push_back(r.count);
  }
  return Columns({std::move(sizes), std::move(counts)});
}

// The declared runs, or with `data` the data runs of the active chunks.
Columns runs(const ChunkGrid& g, size_t axis, bool data) {
  const zr::Axis* a = axis_of(g, axis);
  if (!a) return Columns::failed(0);
  return runs_columns(data ? zr::data_runs(*a) : std::vector<zr::Run>(a->runs().begin(), a->runs().end()));
}

zr::AxisCounts axis_counts(const ChunkGrid& g, size_t axis) {
  const zr::Axis* a = axis_of(g, axis);
  return a ? zr::counts_of(*a) : zr::AxisCounts{};
}

zr::DataSizeStats data_size_stats(const ChunkGrid& g, size_t axis) {
  const zr::Axis* a = axis_of(g, axis);
  return a ? zr::data_size_stats(*a) : zr::DataSizeStats{};
}

zr::AxisChunk axis_chunk(const ChunkGrid& g, size_t axis, uint64_t chunk) {
  const zr::Axis* a = axis_of(g, axis);
  return a ? zr::axis_chunk(*a, chunk) : zr::AxisChunk{};
}

zr::AxisChunk chunk_at(const ChunkGrid& g, size_t axis, uint64_t element) {
  const zr::Axis* a = axis_of(g, axis);
  return a ? zr::chunk_at(*a, element) : zr::AxisChunk{};
}

zr::ChunkRange chunk_range(const ChunkGrid& g, size_t axis, uint64_t start, uint64_t stop) {
  const zr::Axis* a = axis_of(g, axis);
  return a ? zr::chunk_range(*a, start, stop) : zr::ChunkRange{};
}

// Five columns: first chunk, count, origin, last origin, end. Failed (at
// element 0) past `max_groups` groups or on a bad axis.
Columns chunk_groups(const ChunkGrid& g, size_t axis, uint64_t start, uint64_t stop, uint64_t min_size,
                     size_t max_groups) {
  const zr::Axis* a = axis_of(g, axis);
  if (!a) return Columns::failed(0);
  const auto groups = zr::chunk_groups(*a, start, stop, min_size, max_groups);
  if (!groups) return Columns::failed(0);
  std::vector<std::vector<uint64_t>> columns(5);
  for (auto& c : columns) c.reserve(groups->size());
  for (const zr::ChunkGroup& group : *groups) {
    columns[0].push_back(group.first);
    columns[1].push_back(group.count);
    columns[2].push_back(group.origin);
    columns[3].push_back(group.last_origin);
    columns[4].push_back(group.end);
  }
  return Columns(std::move(columns));
}

// False (and nothing written) when an edge is not exact as a double.
bool expand_edges(const ChunkGrid& g, size_t axis, uintptr_t out, bool as_double) {
  const zr::Axis* a = axis_of(g, axis);
  if (!a) return false;
  std::span<uint64_t> edges(at<uint64_t>(out), a->declared_count());
  if (!as_double) {
    a->expand(edges);
    return true;
  }
  for (const zr::Run& r : a->runs()) {
    if (static_cast<double>(r.size) > kMaxSafe) return false;
  }
  double* o = at<double>(out);
  for (const zr::Run& r : a->runs()) o = std::fill_n(o, r.count, static_cast<double>(r.size));
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
  const ChunkGrid& g = *at<const ChunkGrid>(grid);
  return zr::wasm::guard<double>([&] { return locate_many<double, double>(g, in, n, chunks, offsets); });
}

// The wrapper's heap buffers: malloc, once the reserve that a call which
// ran out of memory let go is held again, so that a buffer never takes the
// room a failed call's answer needs (out_of_memory.hpp). Null when either
// cannot be had.
extern "C" EMSCRIPTEN_KEEPALIVE void* zr_malloc(size_t bytes) {
  return zr::wasm::out_of_memory.hold_reserve() ? std::malloc(bytes) : nullptr;
}

namespace {

template <class In, class Out>
double locate_axis(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n, uintptr_t chunks, uintptr_t offsets) {
  if (!axis_of(g, axis)) return 0;  // the first element names the failure
  return row_or_none(g.locate_axis(axis, std::span(at<const In>(in), n), at<Out>(chunks), at<Out>(offsets)));
}

// origin, shape and data shape of one chunk: ndim uint64 coordinates in,
// then 3 x ndim uint64 values out (see docs/wasm-boundary.md).
bool chunk_geometry(const ChunkGrid& g, uintptr_t coords, uintptr_t out) {
  std::span<const uint64_t> c(at<const uint64_t>(coords), g.ndim());
  if (!g.in_declared_grid(c)) return false;
  std::span<uint64_t> o(at<uint64_t>(out), 3 * g.ndim());
  g.chunk_origin(c, o.subspan(0, g.ndim()));
  g.chunk_shape(c, o.subspan(g.ndim(), g.ndim()));
  g.chunk_data_shape(c, o.subspan(2 * g.ndim(), g.ndim()));
  return true;
}

std::string to_json_text(const ChunkGrid& g) { return zr::to_json_text(g); }
std::string to_regular_json_text(const ChunkGrid& g) { return zr::to_regular_json_text(g).value_or(""); }

// A grid built axis by axis (resize, trimmed), or the problem of the axis
// that failed, at `base`/<axis>, checked against its length.
GridOutcome axis_outcome(zr::Expected<ChunkGrid, zr::AxisFaultAt>&& built, std::span<const uint64_t> lengths,
                         std::string_view base) {
  zr::GridRead read;
  if (built) {
    read.grid = std::move(*built);
    return GridOutcome(std::move(read));
  }
  const size_t axis = built.error().axis;
  zr::Problem problem = zr::axis_problem(built.error().fault, lengths[axis]);
  problem.path = zr::pointer_append(base, axis);
  read.errors.push_back(std::move(problem));
  return GridOutcome(std::move(read), static_cast<double>(axis));
}

// ndim new lengths at `shape`; at `counts`, ndim counts of edges to append,
// whose values follow one axis after another at `edges`.
GridOutcome resize(const ChunkGrid& g, uintptr_t shape, uintptr_t counts, uintptr_t edges) {
  std::span<const uint64_t> new_shape(at<const uint64_t>(shape), g.ndim());
  std::vector<std::vector<uint64_t>> appended(g.ndim());
  const uint64_t* e = at<const uint64_t>(edges);
  for (size_t d = 0; d < g.ndim(); ++d) {
    const uint64_t n = at<const uint64_t>(counts)[d];
    appended[d].assign(e, e + n);
    e += n;
  }
  return axis_outcome(g.resize(new_shape, appended), new_shape, "");
}

// A slice, or with `blocks` a range of chunks, as Python writes it: each
// bound may be absent, or a sign and a magnitude up to 2^64 - 1.
struct SliceArg {
  bool has_start = false, start_negative = false;
  uint64_t start = 0;
  bool has_stop = false, stop_negative = false;
  uint64_t stop = 0;
  uint64_t step = 1;
  bool blocks = false;
};

// The element range and step of a slice argument. False for a step of 0.
bool slice_range(const zr::Axis& a, const SliceArg& s, zr::Range& range, uint64_t& step) {
  if (s.step == 0) return false;
  zr::SliceSpec spec;
  if (s.has_start) spec.start = zr::SignedIndex{s.start_negative, s.start};
  if (s.has_stop) spec.stop = zr::SignedIndex{s.stop_negative, s.stop};
  spec.step = s.step;
  step = s.blocks ? 1 : s.step;
  range = s.blocks ? zr::block_range(a, spec) : zr::normalize_slice(a.length(), spec);
  return true;
}

// At least the entries slice_into writes; -1 for a bad argument.
double slice_bound(const ChunkGrid& g, size_t axis, const SliceArg& spec) {
  const zr::Axis* a = axis_of(g, axis);
  zr::Range range;
  uint64_t step;
  if (!a || !slice_range(*a, spec, range, step)) return -1;
  return static_cast<double>(zr::slice_entry_bound(*a, range, step));
}

// The element range [start, stop) and step a slice argument selects, and
// how many elements that is.
struct SliceRange {
  bool ok = false;
  uint64_t start = 0, stop = 0, step = 1, length = 0;
};
SliceRange slice_range_of(const ChunkGrid& g, size_t axis, const SliceArg& spec) {
  const zr::Axis* a = axis_of(g, axis);
  zr::Range range;
  uint64_t step;
  if (!a || !slice_range(*a, spec, range, step)) return {};
  return {true, range.start, range.stop, step, zr::slice_length(range, step)};
}

zr::SliceChunks slice_chunks(const ChunkGrid& g, size_t axis, const SliceArg& spec) {
  const zr::Axis* a = axis_of(g, axis);
  zr::Range range;
  uint64_t step;
  if (!a || !slice_range(*a, spec, range, step)) return {};
  return zr::slice_chunks(*a, range, step);
}

// Writes a slice projection straight into `out`: five columns of
// `capacity` entries, as uint64 or as doubles, at most `capacity` entries
// from `first_chunk` on (zr::write_slice_columns). Returns the entries
// written, or -1 for a bad argument or a value that is not exact as a double.
template <class T>
double slice_into(const ChunkGrid& g, size_t axis, const SliceArg& spec, uintptr_t out, size_t capacity,
                  uint64_t first_chunk) {
  const zr::Axis* a = axis_of(g, axis);
  zr::Range range;
  uint64_t step;
  if (!a || !slice_range(*a, spec, range, step)) return -1;
  const auto same = [](uint64_t v) { return v; };
  if constexpr (std::is_same_v<T, uint64_t>) {
    return static_cast<double>(zr::write_slice_columns(*a, range, step, at<uint64_t>(out), capacity, same, first_chunk));
  } else {
    // No value exceeds the axis length (nor does a chunk index: every chunk
    // holds an element). Below 2^53 a signed conversion, one instruction, is exact.
    if (static_cast<double>(a->length()) <= kMaxSafe) {
      const auto to_double = [](uint64_t v) { return static_cast<double>(static_cast<int64_t>(v)); };
      return static_cast<double>(
          zr::write_slice_columns(*a, range, step, at<double>(out), capacity, to_double, first_chunk));
    }
    // A longer axis: uint64 first, then converted in place where exact.
    const size_t n = zr::write_slice_columns(*a, range, step, at<uint64_t>(out), capacity, same, first_chunk);
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

}  // namespace

// The slice calls as plain exports: projectAxes makes two per slice axis,
// and through Embind each would cost about a microsecond plus the
// conversion of a SliceArg value_object, as much as projecting a few
// hundred chunks. `slice` is a SliceArg as eight uint64 words: has_start,
// start_negative, start, has_stop, stop_negative, stop, step, blocks.
namespace {
SliceArg slice_arg_at(uintptr_t words) {
  const uint64_t* w = at<const uint64_t>(words);
  return {w[0] != 0, w[1] != 0, w[2], w[3] != 0, w[4] != 0, w[5], w[6], w[7] != 0};
}
}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE double zr_slice_bound(uintptr_t grid, size_t axis, uintptr_t slice) {
  return slice_bound(*at<const ChunkGrid>(grid), axis, slice_arg_at(slice));
}

// Doubles when `as_double` is non-zero, else uint64.
extern "C" EMSCRIPTEN_KEEPALIVE double zr_slice_into(uintptr_t grid, size_t axis, uintptr_t slice, uintptr_t out,
                                                    size_t capacity, int as_double, uint64_t first_chunk) {
  const ChunkGrid& g = *at<const ChunkGrid>(grid);
  const SliceArg spec = slice_arg_at(slice);
  return as_double ? slice_into<double>(g, axis, spec, out, capacity, first_chunk)
                   : slice_into<uint64_t>(g, axis, spec, out, capacity, first_chunk);
}

namespace {

// An integer selection, counted from the end when negative. `found` is
// false when it lies outside the axis.
struct IntegerAt {
  bool found = false;
  uint64_t chunk = 0, offset = 0;
};
IntegerAt project_integer(const ChunkGrid& g, size_t axis, bool negative, uint64_t magnitude) {
  const zr::Axis* a = axis_of(g, axis);
  if (!a) return {};
  const auto index = zr::resolve_index(a->length(), {negative, magnitude});
  if (!index) return {};
  const zr::Located located = a->locate(*index);
  return {true, located.chunk, located.offset};
}

Columns points_columns(zr::PointsProjection p) {
  return Columns({std::move(p.chunks), std::move(p.starts), std::move(p.stops), std::move(p.offsets),
                  std::move(p.positions)});
}

template <class T>
Columns project_points(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n) {
  const zr::Axis* a = axis_of(g, axis);
  if (!a) return Columns::failed(0);
  auto p = zr::project_points(*a, std::span(at<const T>(in), n));
  return p ? points_columns(std::move(*p)) : Columns::failed(p.error());
}

// Indices as (negative flag, magnitude) pairs of uint64: selections whose
// values reach past int64 on either side.
Columns project_points_signed(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n) {
  const zr::Axis* a = axis_of(g, axis);
  if (!a) return Columns::failed(0);
  const uint64_t* pairs = at<const uint64_t>(in);
  std::vector<zr::SignedIndex> values(n);
  for (size_t i = 0; i < n; ++i) values[i] = {pairs[2 * i] != 0, pairs[2 * i + 1]};
  auto p = zr::project_points(*a, std::span<const zr::SignedIndex>(values));
  return p ? points_columns(std::move(*p)) : Columns::failed(p.error());
}

Columns project_mask(const ChunkGrid& g, size_t axis, uintptr_t in, size_t n) {
  const zr::Axis* a = axis_of(g, axis);
  if (!a || n != a->length()) return Columns::failed(0);
  return points_columns(zr::project_mask(*a, std::span(at<const uint8_t>(in), n)));
}


// Builders and plans: trimmed grids, concatenation, rechunk totals.

// ndim lengths at `shape`, ndim chunk edges at `chunks` (uint64).
GridOutcome trimmed_grid(uintptr_t shape, uintptr_t chunks, size_t ndim) {
  std::span<const uint64_t> lengths(at<const uint64_t>(shape), ndim);
  return axis_outcome(zr::trimmed_grid(lengths, std::span(at<const uint64_t>(chunks), ndim)), lengths, "/chunkShape");
}

// `n` grid addresses (Grid.address()) at `grids`. On failure, the problem's
// path is "/<part>", failedPart() the part and failedAxis() the axis.
GridOutcome concat_grids(uintptr_t grids, size_t n, size_t axis) {
  std::vector<const ChunkGrid*> parts(n);
  for (size_t k = 0; k < n; ++k) parts[k] = at<const ChunkGrid>(at<const uint32_t>(grids)[k]);
  auto joined = zr::concat_grids(parts, axis);
  zr::GridRead read;
  if (joined) {
    read.grid = std::move(*joined);
    return GridOutcome(std::move(read));
  }
  const zr::ConcatFault& f = joined.error();
  read.errors.push_back({zr::pointer_append("", f.part), f.message, f.code});
  return GridOutcome(std::move(read), static_cast<double>(f.axis), static_cast<double>(f.part));
}

// One axis of a rechunk plan; the 128-bit sums as decimal text. `ok` is
// false for a missing axis or different lengths.
struct AxisOverlapOut {
  bool ok = false;
  uint64_t length = 0, source_chunks = 0, target_chunks = 0, max_reads = 0;
  std::string reads = "0", read_elements = "0";
};
AxisOverlapOut axis_overlap(const ChunkGrid& source, const ChunkGrid& target, size_t axis) {
  const zr::Axis *s = axis_of(source, axis), *t = axis_of(target, axis);
  if (!s || !t || s->length() != t->length()) return {};
  const zr::AxisOverlap o = zr::axis_overlap(*s, *t);
  return {true, o.length, o.source_chunks, o.target_chunks, o.max_reads, zr::to_decimal(o.reads),
          zr::to_decimal(o.read_elements)};
}

// Three columns for target chunks [first, stop): target chunk, first
// source chunk, source stop. Failed for a bad axis or range.
Columns axis_sources(const ChunkGrid& source, const ChunkGrid& target, size_t axis, uint64_t first, uint64_t stop) {
  const zr::Axis *s = axis_of(source, axis), *t = axis_of(target, axis);
  if (!s || !t || s->length() != t->length()) return Columns::failed(0);
  auto sources = zr::axis_sources(*s, *t, first, stop);
  if (!sources) return Columns::failed(0);
  return Columns({std::move(sources->target), std::move(sources->source_first), std::move(sources->source_stop)});
}

}  // namespace

EMSCRIPTEN_BINDINGS(zarr_rectilinear) {
  enum_<zr::ProblemCode>("ProblemCode")
      .value("INVALID", zr::ProblemCode::Invalid)
      .value("SYNTAX", zr::ProblemCode::Syntax)
      .value("ENCODING", zr::ProblemCode::Encoding)
      .value("DUPLICATE_KEY", zr::ProblemCode::DuplicateKey)
      .value("TOO_LARGE", zr::ProblemCode::TooLarge)
      .value("TOO_MANY_PROBLEMS", zr::ProblemCode::TooManyProblems)
      .value("MISSING", zr::ProblemCode::Missing)
      .value("WRONG_TYPE", zr::ProblemCode::WrongType)
      .value("NOT_INTEGER", zr::ProblemCode::NotInteger)
      .value("NOT_POSITIVE", zr::ProblemCode::NotPositive)
      .value("EMPTY_LIST", zr::ProblemCode::EmptyList)
      .value("AXIS_COUNT", zr::ProblemCode::AxisCount)
      .value("OVERFLOW", zr::ProblemCode::Overflow)
      .value("SUM_BELOW_LENGTH", zr::ProblemCode::SumBelowLength)
      .value("UNKNOWN_NAME", zr::ProblemCode::UnknownName)
      .value("INTEGRAL_FLOAT", zr::ProblemCode::IntegralFloat)
      .value("REGULAR_EDGE_LISTS", zr::ProblemCode::RegularEdgeLists)
      .value("BYTE_ORDER_MARK", zr::ProblemCode::ByteOrderMark)
      .value("UNKNOWN_EXTENSION", zr::ProblemCode::UnknownExtension)
      .value("UNKNOWN_KEY", zr::ProblemCode::UnknownKey)
      .value("CODEC_ORDER", zr::ProblemCode::CodecOrder)
      .value("OUT_OF_RANGE", zr::ProblemCode::OutOfRange)
      .value("NONCONFORMANT", zr::ProblemCode::Nonconformant);

  value_object<zr::Problem>("Problem")
      .field("path", &zr::Problem::path)
      .field("message", &zr::Problem::message)
      .field("code", &zr::Problem::code)
      .field("byteOffset", &zr::Problem::byte_offset);
  register_vector<zr::Problem>("Problems");

  value_object<MemberSpan>("MemberSpan")
      .field("found", &MemberSpan::found)
      .field("begin", &MemberSpan::begin)
      .field("end", &MemberSpan::end);

  // uint64 fields arrive in JS as BigInt (read them with BigInt.asUintN(64, v):
  // emscripten 3.1.6 gives them a sign).
  value_object<zr::AxisCounts>("AxisCounts")
      .field("length", &zr::AxisCounts::length)
      .field("edgeSum", &zr::AxisCounts::edge_sum)
      .field("activeCount", &zr::AxisCounts::active_count)
      .field("declaredCount", &zr::AxisCounts::declared_count)
      .field("isStep", &zr::AxisCounts::is_step);

  value_object<zr::DataSizeStats>("DataSizeStats")
      .field("smallest", &zr::DataSizeStats::smallest)
      .field("largest", &zr::DataSizeStats::largest)
      .field("mostCommon", &zr::DataSizeStats::most_common)
      .field("mostCommonCount", &zr::DataSizeStats::most_common_count);

  value_object<zr::AxisChunk>("AxisChunk")
      .field("found", &zr::AxisChunk::found)
      .field("chunk", &zr::AxisChunk::chunk)
      .field("origin", &zr::AxisChunk::origin)
      .field("size", &zr::AxisChunk::size)
      .field("dataSize", &zr::AxisChunk::data_size);

  value_object<zr::ChunkRange>("ChunkRange")
      .field("first", &zr::ChunkRange::first)
      .field("stop", &zr::ChunkRange::stop);

  value_object<zr::SliceChunks>("SliceChunks")
      .field("first", &zr::SliceChunks::first)
      .field("stop", &zr::SliceChunks::stop)
      .field("count", &zr::SliceChunks::count)
      .field("exact", &zr::SliceChunks::exact)
      .field("every", &zr::SliceChunks::every);

  value_object<SliceArg>("SliceArg")
      .field("hasStart", &SliceArg::has_start)
      .field("startNegative", &SliceArg::start_negative)
      .field("start", &SliceArg::start)
      .field("hasStop", &SliceArg::has_stop)
      .field("stopNegative", &SliceArg::stop_negative)
      .field("stop", &SliceArg::stop)
      .field("step", &SliceArg::step)
      .field("blocks", &SliceArg::blocks);

  value_object<SliceRange>("SliceRange")
      .field("ok", &SliceRange::ok)
      .field("start", &SliceRange::start)
      .field("stop", &SliceRange::stop)
      .field("step", &SliceRange::step)
      .field("length", &SliceRange::length);

  value_object<IntegerAt>("IntegerAt")
      .field("found", &IntegerAt::found)
      .field("chunk", &IntegerAt::chunk)
      .field("offset", &IntegerAt::offset);

  class_<ChunkGrid>("Grid")
      .function("ndim", &ChunkGrid::ndim)
      .function("address", optional_override([](const ChunkGrid& g) { return reinterpret_cast<uintptr_t>(&g); }))
      .function("isRegular", &ChunkGrid::is_regular)
      .function("equals", optional_override([](const ChunkGrid& a, const ChunkGrid& b) { return a == b; }))
      .function("axisCounts", guarded<&axis_counts>)
      .function("dataSizeStats", guarded<&data_size_stats>)
      .function("runs", guarded<&runs>)
      .function("axisChunk", guarded<&axis_chunk>)
      .function("chunkAt", guarded<&chunk_at>)
      .function("chunkRange", guarded<&chunk_range>)
      .function("chunkGroups", guarded<&chunk_groups>)
      .function("expandEdges", &expand_edges)
      .function("locateManyF64", guarded<&locate_many<double, double>>)
      .function("locateManyU64", guarded<&locate_many<uint64_t, uint64_t>>)
      .function("locateAxisF64", &locate_axis<double, double>)
      .function("locateAxisU64", &locate_axis<uint64_t, uint64_t>)
      .function("chunkGeometry", &chunk_geometry)
      .function("toJSONText", guarded<&to_json_text>)
      .function("toRegularJSONText", guarded<&to_regular_json_text>)
      .function("resize", guarded<&resize>)
      .function("sliceRange", guarded<&slice_range_of>)
      .function("sliceChunks", guarded<&slice_chunks>)
      .function("projectInteger", guarded<&project_integer>)
      .function("projectPointsF64", guarded<&project_points<double>>)
      .function("projectPointsI64", guarded<&project_points<int64_t>>)
      .function("projectPointsU64", guarded<&project_points<uint64_t>>)
      .function("projectPointsSigned", guarded<&project_points_signed>)
      .function("projectMask", guarded<&project_mask>);

  value_object<AxisOverlapOut>("AxisOverlap")
      .field("ok", &AxisOverlapOut::ok)
      .field("length", &AxisOverlapOut::length)
      .field("sourceChunks", &AxisOverlapOut::source_chunks)
      .field("targetChunks", &AxisOverlapOut::target_chunks)
      .field("maxReads", &AxisOverlapOut::max_reads)
      .field("reads", &AxisOverlapOut::reads)
      .field("readElements", &AxisOverlapOut::read_elements);
  function("trimmedGrid", guarded<&trimmed_grid>);
  function("concatGrids", guarded<&concat_grids>);
  function("axisOverlap", guarded<&axis_overlap>);
  function("axisSources", guarded<&axis_sources>);

  class_<GridOutcome>("GridOutcome")
      .function("ok", &GridOutcome::ok)
      .function("failedAxis", &GridOutcome::failed_axis)
      .function("failedPart", &GridOutcome::failed_part)
      .function("grid", guarded<&GridOutcome::grid>)
      .function("errors", guarded<&GridOutcome::errors>)
      .function("warnings", guarded<&GridOutcome::warnings>);

  class_<Columns>("Columns")
      .function("failedAt", &Columns::failed_at)
      .function("count", &Columns::count)
      .function("length", &Columns::length)
      .function("copy", &Columns::copy);

  function("readGridMetadata", guarded<&read_grid_metadata>);
  function("readChunkShapes", guarded<&read_chunk_shapes>);
  function("readEdges", guarded<&read_edges>);
  function("validateMetadata", guarded<&validate_metadata>);
  function("memberSpan", guarded<&member_span>);
  function("locatePointers", guarded<&locate_pointers>);
  function("floatPlaces", guarded<&float_places>);
  function("heapInUse", &heap_in_use);
  constant("maxDocumentBytes", static_cast<double>(zr::kMaxDocumentBytes));
  constant("outOfMemoryFlag", reinterpret_cast<uintptr_t>(&zr::wasm::out_of_memory.raised));
}
