// The tokens NaN, Infinity and -Infinity that parse_json kept in a document
// (docs/writers-ledger.md, non-finite-tokens), judged where they stand. One
// judge for every reader of a document, so that validate_metadata and
// read_grid_metadata say the same of a token in shape or chunk_grid.
#pragma once
#include "json_document.hpp"
#include "problem.hpp"
#include "writers_ledger.hpp"

namespace zr {

// Each token in `doc` (a parsed document, or a document inside one): in
// attributes, the writers' ledger's entry (a warning, or with strict an
// error); anywhere else a syntax error, unless `errors` has one at its
// pointer already (the rules refused the value). Pointers are relative to
// `doc`; byte offsets count from the input's first byte. In a group
// (`group`), tokens inside consolidated entries are left to the entries,
// which are read as documents of their own.
void judge_non_finite_tokens(const JsonValue& doc, bool group, Quirks quirks, Problems& errors, Problems& warnings);

}  // namespace zr
