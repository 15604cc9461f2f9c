// Exact JSON reading for metadata. Integers up to 2^64 - 1 are kept
// exactly; every other number keeps its source text, so messages can quote
// what was written and lenient mode can judge "10.0" or "1e3" exactly.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include "problem.hpp"

namespace zr {

using JsonValue = rapidjson::Value;

enum class JsonKind { Null, Bool, Object, Array, String, Integer, OtherNumber };

JsonKind kind_of(const JsonValue& v);
// Preconditions: kind_of(v) is String (resp. OtherNumber).
std::string_view string_of(const JsonValue& v);
std::string_view number_text_of(const JsonValue& v);
// "the string \"4\"", "4.0", "true", "an array", ... for messages.
std::string describe_value(const JsonValue& v);

// What an OtherNumber text such as "10.0", "1e3" or "-2" denotes exactly.
struct ExactNumber {
  enum class Kind { Integer, TooLarge, Fraction, Negative } kind;
  uint64_t value = 0;  // for Integer
};
ExactNumber exact_number(std::string_view number_text);

// Finds the member `key` in an object; nullptr if absent.
const JsonValue* member(const JsonValue& object, std::string_view key);

struct ParsedJson {
  rapidjson::Document document;
  bool ok = false;
  Problems errors;    // syntax, encoding, byte-order mark, duplicate keys
  Problems warnings;  // a byte-order mark in lenient mode
};

// The largest document read: parsing holds about 30 bytes per input byte at
// worst (a document of nothing but small numbers), and WebAssembly has 4 GiB.
inline constexpr size_t kMaxDocumentBytes = size_t(128) << 20;

// Parses UTF-8 bytes with an iterative parser: no nesting depth can
// overflow the stack. Duplicate keys anywhere are reported at their pointer.
// With `only` non-empty, duplicate keys are looked for only at the top
// level among those members, and inside them: a reader that needs a few
// members is not held up (or failed) by the rest of the document.
void parse_json(std::string_view bytes, bool lenient, ParsedJson& out,
                std::span<const std::string_view> only = {});

// The byte range [begin, end) of the value of a top-level member `key` in
// JSON text, so that it can be replaced without touching any other byte.
// nullopt when the text does not parse or has no such member.
struct ByteSpan {
  size_t begin, end;
};
std::optional<ByteSpan> top_level_member_span(std::string_view bytes, std::string_view key);

}  // namespace zr
