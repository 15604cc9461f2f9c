#include "metadata.hpp"

#include "document_rules.hpp"
#include "json_document.hpp"
#include "non_finite_tokens.hpp"

namespace zr {

namespace {

constexpr std::string_view kShapePath = "/shape";
constexpr std::string_view kGridPath = "/chunk_grid";
// Where edge lists are, by keys: their items are read as runs while parsing.
constexpr std::string_view kChunkShapesKeys[] = {"chunk_grid", "configuration", "chunk_shapes"};

std::string missing(std::string_view field, std::string_view expected) {
  return "found no \"" + std::string(field) + "\"; expected " + std::string(expected);
}

// A JSON Pointer below `base` by one or two array indices, built only when
// a problem is reported: a list of 10^7 edges builds no strings.
struct ItemPath {
  const std::string& base;
  size_t index;
  std::optional<size_t> sub = std::nullopt;
};
const std::string& materialize(const std::string& path) { return path; }
std::string materialize(const ItemPath& p) {
  const std::string item = pointer_append(p.base, p.index);
  return p.sub ? pointer_append(item, *p.sub) : item;
}

// Where an integer is read: the writers' ledger forgives some values only
// in some places (docs/writers-ledger.md).
enum class Place {
  Plain,        // a shape entry, a run count, a builder argument
  Edge,         // a rectilinear edge length or step, or an edge in a "regular" grid's edge list
  RegularSize,  // a "regular" grid's chunk size
};

// Reads shapes and chunk-grid entries, collecting every problem.
class GridReader {
 public:
  GridReader(ReadOptions options, ParsedJson& parsed, Problems& errors, Problems& warnings)
      : quirks_(options.quirks), parsed_(parsed), errors_(errors), warnings_(warnings) {}

  void error(std::string path, std::string message, ProblemCode code) {
    report(errors_, {std::move(path), std::move(message), code});
  }

  // A non-negative (or, with `positive`, a positive) integer.
  template <class Path>
  std::optional<uint64_t> integer(const JsonValue& v, const Path& where, bool positive, std::string_view what,
                                  Place place = Place::Plain) {
    // The common case first, with no pointer built.
    if (v.IsUint64() && (!positive || v.GetUint64() != 0)) return v.GetUint64();
    if (quirks_ == Quirks::Builder) place = Place::Plain;  // no writer stored builder arguments
    const std::string path = materialize(where);
    const std::string expected = std::string(positive ? "a positive integer " : "a non-negative integer ") + std::string(what);
    std::optional<uint64_t> value;
    switch (kind_of(v)) {
      case JsonKind::Integer: value = v.GetUint64(); break;
      case JsonKind::OtherNumber: {
        using K = ExactNumber::Kind;
        const ExactNumber exact = exact_number(number_text_of(v));
        if (exact.kind == K::Integer && place == Place::Edge && (exact.value != 0 || !positive)) {
          // ledger: integral-float-edge
          const bool read = note_quirk(quirks_, {Quirk::IntegralFloatEdge, path, describe_value(v) + ", an integral float",
                                                 "the integer " + std::to_string(exact.value), expected, ProblemCode::NotInteger,
                                                 ProblemCode::IntegralFloat},
                                       errors_, warnings_, {Fix::Kind::Value, std::to_string(exact.value)});
          return read ? std::optional(exact.value) : std::nullopt;
        }
        const char* why = exact.kind == K::Integer    ? ", a float (write integers without a fraction or exponent)"
                          : exact.kind == K::TooLarge ? ", beyond 2^64 - 1"
                          : exact.kind == K::Fraction ? ", not an integer"
                                                      : ", a negative number";
        error(path, "found " + describe_value(v) + why + "; expected " + expected, ProblemCode::NotInteger);
        return std::nullopt;
      }
      case JsonKind::Bool:
        if (v.GetBool() && place != Place::Plain) {  // ledger: true-as-one
          const bool read = note_quirk(quirks_, {Quirk::TrueAsOne, path, "true", "1", expected, ProblemCode::WrongType}, errors_, warnings_,
                                       {Fix::Kind::Value, "1"});
          return read ? std::optional<uint64_t>(1) : std::nullopt;
        }
        [[fallthrough]];
      default: error(path, "found " + describe_value(v) + "; expected " + expected, ProblemCode::WrongType); return std::nullopt;
    }
    if (positive && *value == 0) {
      error(path, "found 0; expected " + expected, ProblemCode::NotPositive);
      return std::nullopt;
    }
    return value;
  }

  // One entry per axis; nullopt where that axis's length is invalid.
  std::optional<std::vector<std::optional<uint64_t>>> shape(const JsonValue* v, const std::string& path) {
    if (!v) return error(path, missing("shape", "an array of non-negative integers"), ProblemCode::Missing), std::nullopt;
    if (!v->IsArray()) {
      error(path, "found " + describe_value(*v) + "; expected an array of non-negative integers", ProblemCode::WrongType);
      return std::nullopt;
    }
    std::vector<std::optional<uint64_t>> lengths;
    for (rapidjson::SizeType i = 0; i < v->Size(); ++i) lengths.push_back(integer((*v)[i], ItemPath{path, i}, false, "array length"));
    return lengths;
  }

  // The run items of an explicit list (a plain edge is a run of count 1).
  std::optional<std::vector<Run>> run_items(const JsonValue& list, const std::string& path) {
    std::vector<Run> runs;
    runs.reserve(list.Size());
    bool ok = true;
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      const JsonValue& item = list[i];
      if (item.IsArray()) {
        if (item.Size() != 2) {
          error(pointer_append(path, i), "found an array of " + std::to_string(item.Size()) + " elements; expected a run [edge length, count] of exactly two positive integers",
                ProblemCode::WrongType);
          ok = false;
          continue;
        }
        const auto size = integer(item[0], ItemPath{path, i, 0}, true, "edge length", Place::Edge);
        const auto count = integer(item[1], ItemPath{path, i, 1}, true, "run count");
        if (size && count) runs.push_back({*size, *count});
        else ok = false;
      } else if (auto size = integer(item, ItemPath{path, i}, true, "edge length or a run [edge length, count]", Place::Edge)) {
        runs.push_back({*size, 1});
      } else {
        ok = false;
      }
    }
    if (!ok) return std::nullopt;
    return runs;
  }

  // Builds the axis, or reports why not; `length` is null when the shape
  // entry was itself invalid (the entry is still checked).
  std::optional<Axis> axis(const JsonValue& v, const std::string& path, const uint64_t* length) {
    if (std::vector<Run>* runs = parsed_.runs_of(v)) {  // read while parsing: valid items only
      if (!length) return std::nullopt;
      // Each list is read once, and freed once summed.
      return built(Axis::from_runs(*length, std::move(*runs)), path, *length, true);
    }
    if (v.IsArray()) {
      if (v.Empty()) {
        error(path, "found []; expected a positive integer or a non-empty array of edge lengths", ProblemCode::EmptyList);
        return std::nullopt;
      }
      const auto runs = run_items(v, path);
      if (!runs || !length) return std::nullopt;
      return built(Axis::from_runs(*length, *runs), path, *length, true);
    }
    const Place place = regular_ ? Place::RegularSize : Place::Edge;
    if (place == Place::RegularSize && length && *length == 0 && ((v.IsUint64() && v.GetUint64() == 0) || v.IsFalse())) {
      // ledger: zero-chunk-size
      const bool read = note_quirk(quirks_, {Quirk::ZeroChunkSize, path, describe_value(v) + " on an axis of length 0", "1",
                                             "a positive integer step or a non-empty array of edge lengths",
                                             v.IsFalse() ? ProblemCode::WrongType : ProblemCode::NotPositive},
                                   errors_, warnings_, {Fix::Kind::Value, "1"});
      if (!read) return std::nullopt;
      return built(Axis::from_step(0, 1), path, 0, false);
    }
    const auto step = integer(v, path, true, "step or a non-empty array of edge lengths", place);
    if (!step || !length) return std::nullopt;
    return built(Axis::from_step(*length, *step), path, *length, false);
  }

  std::optional<Axis> built(Expected<Axis, AxisFault> axis, const std::string& path, uint64_t length, bool list) {
    if (axis) return std::move(*axis);
    using K = AxisFault::Kind;
    const AxisFault& f = axis.error();
    const bool at_item = list && (f.kind == K::RunOverflow || f.kind == K::SumOverflow);
    Problem problem = axis_problem(f, length);
    error(at_item ? pointer_append(path, f.item) : path, std::move(problem.message), problem.code);
    return std::nullopt;
  }

  // Whether a chunk_shapes-like array has one entry per shape entry; if
  // not (and the shape was readable), that is a problem.
  bool axis_count_matches(const JsonValue& list, const std::string& path,
                          const std::optional<std::vector<std::optional<uint64_t>>>& lengths, std::string_view shape_name) {
    if (!lengths) return false;
    if (list.Size() == lengths->size()) return true;
    error(path, "found " + std::to_string(list.Size()) + " axes; expected " + std::to_string(lengths->size()) +
                    ", the length of " + std::string(shape_name),
          ProblemCode::AxisCount);
    return false;
  }

  // The length of axis i when the shape entry is known, else null.
  static const uint64_t* length_of(const std::optional<std::vector<std::optional<uint64_t>>>& lengths, bool matched,
                                   size_t i) {
    return matched && (*lengths)[i] ? &*(*lengths)[i] : nullptr;
  }

  // The axes of a chunk_shapes-like array, checked against `lengths`.
  std::optional<std::vector<Axis>> axes(const JsonValue& list, const std::string& path,
                                        const std::optional<std::vector<std::optional<uint64_t>>>& lengths,
                                        std::string_view shape_name) {
    const bool matched = axis_count_matches(list, path, lengths, shape_name);
    std::vector<Axis> out;
    bool ok = matched;
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      // Each axis is checked against its own length, whatever came before.
      auto a = axis(list[i], pointer_append(path, i), length_of(lengths, matched, i));
      if (a) out.push_back(std::move(*a));
      else ok = false;
    }
    if (!ok) return std::nullopt;
    return out;
  }

  const JsonValue* object_member(const JsonValue& parent, const std::string& parent_path, std::string_view key,
                                 std::string_view expected, JsonKind kind) {
    const JsonValue* v = member(parent, key);
    const std::string path = pointer_append(parent_path, key);
    if (!v) return error(path, missing(key, expected), ProblemCode::Missing), nullptr;
    if (kind_of(*v) != kind) {
      error(path, "found " + describe_value(*v) + "; expected " + std::string(expected), ProblemCode::WrongType);
      return nullptr;
    }
    return v;
  }

  std::optional<ChunkGrid> chunk_grid(const JsonValue& doc) {
    const auto lengths = shape(member(doc, "shape"), std::string(kShapePath));
    const std::string grid_path(kGridPath);
    const JsonValue* grid = object_member(doc, "", "chunk_grid", "an object with \"name\" and \"configuration\"", JsonKind::Object);
    if (!grid) return std::nullopt;
    const JsonValue* name = object_member(*grid, grid_path, "name", "\"regular\" or \"rectilinear\"", JsonKind::String);
    const std::string config_path = pointer_append(grid_path, "configuration");
    const JsonValue* config = object_member(*grid, grid_path, "configuration", "an object", JsonKind::Object);
    if (!name) return std::nullopt;
    const auto grid_name = string_of(*name);
    if (grid_name == "regular") return regular(config, config_path, lengths);
    if (grid_name == "rectilinear") return rectilinear(config, config_path, lengths);
    error(pointer_append(grid_path, "name"), "found " + describe_value(*name) + "; expected \"regular\" or \"rectilinear\"",
          ProblemCode::UnknownName);
    return std::nullopt;
  }

  std::optional<ChunkGrid> regular(const JsonValue* config, const std::string& path,
                                   const std::optional<std::vector<std::optional<uint64_t>>>& lengths) {
    if (!config) return std::nullopt;
    const JsonValue* chunk_shape = object_member(*config, path, "chunk_shape", "an array of positive integers", JsonKind::Array);
    if (!chunk_shape) return std::nullopt;
    const std::string shape_path = pointer_append(path, "chunk_shape");
    bool has_lists = false;
    for (const JsonValue& item : chunk_shape->GetArray()) has_lists = has_lists || item.IsArray();
    // ledger: regular-edge-lists
    if (has_lists && reads_as_meant(quirks_)) {
      note_quirk(quirks_, {Quirk::RegularEdgeLists, shape_path, "edge lists in a \"regular\" grid",
                           "the \"rectilinear\" grid they describe", "", ProblemCode::WrongType, ProblemCode::RegularEdgeLists},
                 errors_, warnings_, {Fix::Kind::Rectilinear});
    } else if (has_lists) {
      // Each list is an error; every entry is still checked: the count,
      // and each step on its axis.
      const bool matched = axis_count_matches(*chunk_shape, shape_path, lengths, "shape");
      regular_ = true;
      for (rapidjson::SizeType i = 0; i < chunk_shape->Size(); ++i) {
        const JsonValue& item = (*chunk_shape)[i];
        if (item.IsArray()) {
          note_quirk(quirks_, {Quirk::RegularEdgeLists, pointer_append(shape_path, i), "an array", "",
                               "a positive integer step (edge lists need a \"rectilinear\" grid)", ProblemCode::WrongType},
                     errors_, warnings_, {});
        } else {
          axis(item, pointer_append(shape_path, i), length_of(lengths, matched, i));
        }
      }
      regular_ = false;
      return std::nullopt;
    }
    // Edge lists read as a rectilinear grid are zarr-python 3.2's: their
    // entries are edges. Otherwise the entries are regular chunk sizes.
    regular_ = !has_lists;
    auto axes_ = axes(*chunk_shape, shape_path, lengths, "shape");
    regular_ = false;
    if (!axes_) return std::nullopt;
    return ChunkGrid(std::move(*axes_));
  }

  std::optional<ChunkGrid> rectilinear(const JsonValue* config, const std::string& path,
                                       const std::optional<std::vector<std::optional<uint64_t>>>& lengths) {
    if (!config) return std::nullopt;
    const JsonValue* kind = object_member(*config, path, "kind", "\"inline\"", JsonKind::String);
    if (kind && string_of(*kind) != "inline") {
      error(pointer_append(path, "kind"), "found " + describe_value(*kind) + "; expected \"inline\"", ProblemCode::UnknownName);
      kind = nullptr;
    }
    const JsonValue* shapes = object_member(*config, path, "chunk_shapes", "an array with one entry per axis", JsonKind::Array);
    const bool only_known = known_members(*config, path);
    if (!shapes) return std::nullopt;
    auto axes_ = axes(*shapes, pointer_append(path, "chunk_shapes"), lengths, "shape");
    if (!axes_ || !kind || !only_known) return std::nullopt;
    return ChunkGrid(std::move(*axes_));
  }

  // A member of the rectilinear configuration other than "kind" and
  // "chunk_shapes" may change what the chunks hold: a reader that skips it
  // can read wrong values, so it is an error in every mode (docs/semantics.md).
  bool known_members(const JsonValue& config, const std::string& path) {
    bool ok = true;
    for (auto m = config.MemberBegin(); m != config.MemberEnd(); ++m) {
      const std::string_view key(m->name.GetString(), m->name.GetStringLength());
      if (key == "kind" || key == "chunk_shapes") continue;
      ok = false;
      const std::string why = key == "encoded_chunk_shapes"
                                  ? ", a proposal (zarr-extensions pull request 75) for chunks that decode to more elements than they hold, which this version does not read"
                                  : ", which this version does not know";
      error(pointer_append(path, key), "found the member \"" + std::string(key) + "\"" + why + "; expected only \"kind\" and \"chunk_shapes\"",
            ProblemCode::UnknownKey);
    }
    return ok;
  }

  // dask-style edges: plain positive integers; [] or [0] is a zero-length axis.
  std::optional<ChunkGrid> edges(const JsonValue& list, const std::string& path) {
    std::vector<Axis> out;
    bool ok = true;
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      const JsonValue& axis = list[i];
      const std::string axis_path = pointer_append(path, i);
      std::vector<Run> runs;
      if (std::vector<Run>* read = parsed_.runs_of(axis)) {  // plain positive edges, read while parsing
        runs = std::move(*read);
      } else if (!axis.IsArray()) {
        error(axis_path, "found " + describe_value(axis) + "; expected an array of positive integer edge lengths",
              ProblemCode::WrongType);
        ok = false;
        continue;
      } else if (axis.Empty() || (axis.Size() == 1 && axis[0].IsUint64() && axis[0].GetUint64() == 0)) {
        out.push_back(*Axis::from_step(0, 1));  // a zero-length axis
        continue;
      } else {
        runs.reserve(axis.Size());
        for (rapidjson::SizeType k = 0; k < axis.Size(); ++k) {
          if (axis[k].IsUint64() && axis[k].GetUint64() == 0) {  // dask's empty axis is (0,), alone
            const std::string at = pointer_append(axis_path, k);
            error(at, "found 0 at " + at + "; dask writes 0 only for an empty axis ([0] or []); an edge is at least 1",
                  ProblemCode::NotPositive);
            ok = false;
            continue;
          }
          if (auto e = integer(axis[k], ItemPath{axis_path, k}, true, "edge length", Place::Edge)) runs.push_back({*e, 1});
          else ok = false;
        }
        if (runs.size() != axis.Size()) continue;
      }
      // The shape is the sum, so only overflow can fail here.
      uint64_t sum = 0;
      bool overflow = false;
      for (const Run& r : runs) overflow = overflow || __builtin_add_overflow(sum, r.size, &sum);
      auto built_axis = built(Axis::from_runs(overflow ? 0 : sum, std::move(runs)), axis_path, sum, true);
      if (built_axis) out.push_back(std::move(*built_axis));
      else ok = false;
    }
    if (!ok) return std::nullopt;
    return ChunkGrid(std::move(out));
  }

 private:
  Quirks quirks_;
  bool regular_ = false;  // reading a "regular" grid's chunk sizes
  ParsedJson& parsed_;
  Problems& errors_;
  Problems& warnings_;
};

// Parses; on success returns the root object, else records why not.
// `only`: the top-level members whose duplicate keys matter (all if empty).
const JsonValue* parse_root(std::string_view json, Quirks quirks, ParsedJson& parsed, std::string_view expected,
                            std::span<const std::string_view> only = {},
                            RunListPath run_lists = {}) {
  parse_json(json, quirks, parsed, only, run_lists);
  if (!parsed.ok) return nullptr;
  if (!parsed.document.IsObject()) {
    parsed.errors.push_back({"", "found " + describe_value(parsed.document) + "; expected " + std::string(expected),
                             ProblemCode::WrongType});
    return nullptr;
  }
  return &parsed.document;
}

// Only the problems that concern shape and chunk_grid (and the document as a whole).
Problems grid_problems(const Problems& all) {
  Problems out;
  for (const Problem& p : all) {
    if (p.path.empty() || pointer_within(p.path, kShapePath) || pointer_within(p.path, kGridPath)) out.push_back(p);
  }
  return out;
}

void check_document_fields(const JsonValue& doc, ReadOptions options, ParsedJson& parsed, Problems& errors,
                           Problems& warnings) {
  check_node_fields(doc, "array", errors);
  const JsonValue* shape = member(doc, "shape");
  const std::optional<size_t> ndim = shape && shape->IsArray() ? std::optional<size_t>(shape->Size()) : std::nullopt;
  check_array_rules(doc, ndim, options.quirks, parsed.document.GetAllocator(), errors, warnings);
}

}  // namespace

Problem axis_problem(const AxisFault& fault, uint64_t length) {
  using K = AxisFault::Kind;
  ProblemCode code = ProblemCode::Invalid;
  switch (fault.kind) {
    case K::ZeroStep:
    case K::ZeroSize:
    case K::ZeroCount: code = ProblemCode::NotPositive; break;
    case K::StepOverflow:
    case K::RunOverflow:
    case K::SumOverflow: code = ProblemCode::Overflow; break;
    case K::EmptyList: code = ProblemCode::EmptyList; break;
    case K::SumBelowLength: code = ProblemCode::SumBelowLength; break;
  }
  return {"", describe(fault, length), code};
}

void check_node_fields(const JsonValue& doc, std::string_view node_type, Problems& errors) {
  const JsonValue* format = member(doc, "zarr_format");
  if (!format) report(errors, {"/zarr_format", missing("zarr_format", "3"), ProblemCode::Missing});
  else if (!(format->IsUint64() && format->GetUint64() == 3))
    report(errors, {"/zarr_format", "found " + describe_value(*format) + "; expected 3", ProblemCode::Invalid});

  std::string expected = "\"";  // built in steps: GCC 12 warns falsely (-Wrestrict) on "\"" + s + "\""
  expected.append(node_type) += '"';
  const JsonValue* type = member(doc, "node_type");
  if (!type) report(errors, {"/node_type", missing("node_type", expected), ProblemCode::Missing});
  else if (kind_of(*type) != JsonKind::String || string_of(*type) != node_type)
    report(errors, {"/node_type", "found " + describe_value(*type) + "; expected " + expected, ProblemCode::Invalid});
}

const JsonValue* parse_document(std::string_view json, ReadOptions options, ParsedJson& parsed) {
  return parse_root(json, options.quirks, parsed, "a zarr.json object", {}, {kChunkShapesKeys});
}

std::optional<ChunkGrid> check_array_document(const JsonValue& doc, ParsedJson& parsed, ReadOptions options,
                                              Problems& errors, Problems& warnings) {
  GridReader reader(options, parsed, errors, warnings);
  check_document_fields(doc, options, parsed, errors, warnings);
  auto grid = reader.chunk_grid(doc);
  if (!errors.empty()) return std::nullopt;
  return grid;
}

GridRead read_grid_metadata(std::string_view json, ReadOptions options) {
  GridRead out;
  ParsedJson parsed;
  constexpr std::string_view kGridMembers[] = {"shape", "chunk_grid"};
  const JsonValue* doc = parse_root(json, options.quirks, parsed, "a zarr.json object", kGridMembers, {kChunkShapesKeys});
  out.errors = grid_problems(parsed.errors);
  out.warnings = parsed.warnings;
  if (!doc) return out;
  // The rules' problems apart from the parse's, as validate_metadata keeps
  // them: a token is judged against the rules' alone.
  Problems errors;
  GridReader reader(options, parsed, errors, out.warnings);
  auto grid = reader.chunk_grid(*doc);
  // Only shape and chunk_grid were kept: their tokens are judged as
  // validate_metadata judges them.
  if (parsed.non_finite) judge_non_finite_tokens(*doc, false, options.quirks, errors, out.warnings);
  for (Problem& p : errors) report(out.errors, std::move(p));
  if (out.errors.empty()) out.grid = std::move(grid);
  return out;
}

GridRead read_chunk_shapes(std::string_view json) {
  GridRead out;
  ParsedJson parsed;
  constexpr std::string_view kKeys[] = {"chunk_shapes"};
  const JsonValue* doc = parse_root(json, Quirks::Builder, parsed, "an object", {}, {kKeys});
  out.errors = parsed.errors;
  if (!doc) return out;
  GridReader reader({Quirks::Builder}, parsed, out.errors, out.warnings);
  const auto lengths = reader.shape(member(*doc, "shape"), std::string(kShapePath));
  const JsonValue* shapes = reader.object_member(*doc, "", "chunk_shapes", "an array with one entry per axis", JsonKind::Array);
  if (!shapes) return out;
  auto axes = reader.axes(*shapes, "/chunk_shapes", lengths, "shape");
  if (axes && out.errors.empty()) out.grid = ChunkGrid(std::move(*axes));
  return out;
}

GridRead read_edges(std::string_view json) {
  GridRead out;
  ParsedJson parsed;
  constexpr std::string_view kKeys[] = {"chunk_shapes"};
  const JsonValue* doc = parse_root(json, Quirks::Builder, parsed, "an object", {}, {kKeys, false});
  out.errors = parsed.errors;
  if (!doc) return out;
  GridReader reader({Quirks::Builder}, parsed, out.errors, out.warnings);
  const JsonValue* edges = reader.object_member(*doc, "", "chunk_shapes", "an array of edge lists, one per axis", JsonKind::Array);
  if (!edges) return out;
  auto grid = reader.edges(*edges, "/chunk_shapes");
  if (grid && out.errors.empty()) out.grid = std::move(grid);
  return out;
}

}  // namespace zr
