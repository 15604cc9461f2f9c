// The rules for an array's codecs: each codec's name and configuration,
// the order array-to-array, one array-to-bytes, bytes-to-bytes, and the
// codecs inside a sharding codec (see docs/semantics.md, "What
// validateMetadata checks"). Internal to the document rules.
#pragma once
#include <cstddef>
#include <optional>

#include "rule_support.hpp"

namespace zr::rules {

// Checks the array's `codecs` member (null when absent), reporting through
// `reporter`. `ndim` is the array's dimensionality and `one_byte` whether
// its elements are one byte, when known.
void check_codecs(const RuleReporter& reporter, const JsonValue* codecs, std::optional<size_t> ndim, std::optional<bool> one_byte);

}  // namespace zr::rules
