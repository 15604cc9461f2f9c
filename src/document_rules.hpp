// The rules for the members of a Zarr v3 document other than shape and
// chunk_grid: data type, fill value, chunk key encoding, codecs, dimension
// names, attributes, storage transformers and unknown members (see
// docs/semantics.md, "What validateMetadata checks").
#pragma once
#include <optional>

#include "json_document.hpp"
#include "problem.hpp"

namespace zr {

// Checks an array document's members other than zarr_format, node_type,
// shape and chunk_grid. `ndim` is the length of `shape` when it is an
// array (else unknown: rules that need it are skipped).
void check_array_rules(const JsonValue& doc, std::optional<size_t> ndim, Problems& errors, Problems& warnings);

// Refuses a group document's unknown members (those not an object with
// "must_understand": false).
void check_group_rules(const JsonValue& doc, Problems& errors, Problems& warnings);

}  // namespace zr
