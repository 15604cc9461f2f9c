// Reading and validating Zarr v3 array metadata (zarr.json), and the
// builder arguments that are shaped like it. Every problem is reported
// with a JSON Pointer and a message saying what was found and expected.
#pragma once
#include <optional>
#include <string_view>

#include "chunk_grid.hpp"
#include "json_document.hpp"
#include "problem.hpp"
#include "writers_ledger.hpp"

namespace zr {

struct ReadOptions {
  // What known writers stored against the spec (docs/writers-ledger.md):
  // read with warnings by default, refused with Quirks::Refuse (strict).
  Quirks quirks = Quirks::Read;
};

struct GridRead {
  std::optional<ChunkGrid> grid;  // set when `errors` is empty
  Problems errors;
  Problems warnings;
};

// `shape` and `chunk_grid` of a zarr.json document (regular or rectilinear).
GridRead read_grid_metadata(std::string_view json, ReadOptions options = {});

// An axis fault as a problem (with no path yet): its message and code.
Problem axis_problem(const AxisFault& fault, uint64_t length);

// The steps of validate_metadata, for readers that parse a document once
// and look at it further (see document.hpp).
// Parses a zarr.json document (its chunk_shapes lists read as runs); the
// root object, or nullptr with the reason in parsed.errors.
const JsonValue* parse_document(std::string_view json, ReadOptions options, ParsedJson& parsed);
// Checks an array document of `parsed` (the root or a value inside it) as
// validate_metadata does, at pointers relative to `doc`, and builds its
// grid: set only when `errors` was and stays empty.
std::optional<ChunkGrid> check_array_document(const JsonValue& doc, ParsedJson& parsed, ReadOptions options,
                                              Problems& errors, Problems& warnings);
// zarr_format is 3 and node_type is `node_type` ("array" or "group").
void check_node_fields(const JsonValue& doc, std::string_view node_type, Problems& errors);

// `{"shape": [...], "chunk_shapes": [...]}`: the spec's chunk_shapes value.
GridRead read_chunk_shapes(std::string_view json);

// `{"chunk_shapes": [[...], ...]}` holding dask-style explicit edges: the
// shape is their sums, and `[]` or `[0]` is a zero-length axis (step 1).
GridRead read_edges(std::string_view json);

}  // namespace zr
