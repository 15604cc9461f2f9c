// The rules for the members of a Zarr v3 document other than shape and
// chunk_grid: data type, fill value, chunk key encoding, codecs, dimension
// names, attributes, storage transformers and unknown members (see
// docs/semantics.md, "What validateMetadata checks").
#pragma once
#include <optional>

#include "json_document.hpp"
#include "problem.hpp"
#include "writers_ledger.hpp"

namespace zr {

// Checks an array document's members other than zarr_format, node_type,
// shape and chunk_grid. `ndim` is the length of `shape` when it is an
// array (else unknown: rules that need it are skipped). A writers' ledger
// entry that is read (`quirks`) is rewritten in place, in memory from
// `pool`, as it reads: a fill value "42" as 42, a codec "bytes" as
// {"name": "bytes"}, so that whoever hands the values out hands out what
// the writer meant.
void check_array_rules(const JsonValue& doc, std::optional<size_t> ndim, Quirks quirks, JsonPool& pool,
                       Problems& errors, Problems& warnings);

// Whether a number at `pointer` (into the document `doc`) stands where a
// float may: inside attributes, or in the fill value of a float or complex
// data type, or of a data type this library does not know (whose fill
// value it does not check). Consolidated metadata entries are followed.
// Elsewhere the document wants an integer, or no number at all.
bool float_place(const JsonValue& doc, std::string_view pointer);

// Refuses a group document's unknown members (those not an object with
// "must_understand": false).
void check_group_rules(const JsonValue& doc, Problems& errors, Problems& warnings);

}  // namespace zr
