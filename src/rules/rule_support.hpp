// What every rule for a document's members uses: tests of JSON values,
// and the reporter that records problems and reads the writers' ledger
// entries it meets. Internal to the document rules (document_rules.cpp for
// the members, codec_rules.cpp for the codecs).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "json_document.hpp"
#include "problem.hpp"
#include "writers_ledger.hpp"

namespace zr::rules {

std::string found(const JsonValue& v);
bool is_string(const JsonValue& v);
bool is_number(const JsonValue& v);
bool overflows_float(const JsonValue& v, unsigned bits);

// An integer literal, exactly: its sign and magnitude.
struct Integer {
  bool negative;
  uint64_t magnitude;
};
std::optional<Integer> integer_of(const JsonValue& v);
bool integer_literal(const JsonValue& v);
ProblemCode not_integer_code(const JsonValue& v);
bool in_range(Integer i, int64_t lo, uint64_t hi);
std::string range_text(int64_t lo, uint64_t hi);

// A known data type (known_extensions.hpp); `bits` is 0 for String and
// Bytes, whose elements vary in size.
struct DataType {
  enum class Family { Bool, Int, UInt, Float, Complex, Raw, String, Bytes } family;
  unsigned bits;
};

// A name in one of the known extension points, or a name of an extension.
struct Extension {
  std::string_view name;
  const JsonValue* configuration = nullptr;  // null when absent
  bool must_understand = true;
};

class RuleReporter {
 public:
  RuleReporter(Problems& errors, Problems& warnings, Quirks quirks = Quirks::Refuse, JsonPool* pool = nullptr)
      : errors_(errors), warnings_(warnings), quirks_(quirks), pool_(pool) {}

  // A ledger entry met at `site`: true when it is to be read as meant.
  bool quirk(QuirkSite site, Fix fix) { return note_quirk(quirks_, std::move(site), errors_, warnings_, std::move(fix)); }
  // The value as the ledger reads it. The document is the caller's own,
  // built mutable (check_array_rules); the rules only look at it otherwise.
  static JsonValue& rewrite(const JsonValue& v) { return const_cast<JsonValue&>(v); }

  void error(std::string path, std::string message, ProblemCode code) { report(errors_, {std::move(path), std::move(message), code}); }
  void warn(std::string path, std::string message) {
    report(warnings_, {std::move(path), std::move(message), ProblemCode::UnknownExtension});
  }

  // An extension point: a name, or an object {"name", "configuration"?, "must_understand"?}.
  std::optional<Extension> extension(const JsonValue& v, const std::string& path, std::string_view what);

 protected:
  Problems& errors_;
  Problems& warnings_;
  Quirks quirks_;
  JsonPool* pool_;  // for rewrites (check_array_rules)
};
}  // namespace zr::rules
