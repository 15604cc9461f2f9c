#include "rule_support.hpp"

#include <algorithm>

namespace zr::rules {

std::string found(const JsonValue& v) { return "found " + describe_value(v); }

bool is_string(const JsonValue& v) { return kind_of(v) == JsonKind::String; }

bool is_number(const JsonValue& v) {
  const JsonKind k = kind_of(v);
  return k == JsonKind::Integer || k == JsonKind::OtherNumber;
}

// Whether a JSON number would be read as infinity for float<bits>: a fill
// value of 1e39 for float32 (or 1e400 for float64) is finite text that no
// reader can hold. Readers round the text to a double, then the double to
// the type (JSON.parse and Math.fround, Python's json and NumPy), so the
// bounds are the smallest decimals that end at infinity that way: for
// float64, 2^1024 - 2^970 (the largest double plus half its last place);
// for float32, 2^128 - 2^103 (FLT_MAX plus half its last place) less half a
// double's last place there, 2^74, since the tie rounds up to that double;
// for float16, 65520 less 2^-38 likewise. Preconditions: is_number(v), bits
// 16, 32 or 64.
bool overflows_float(const JsonValue& v, unsigned bits) {
  static constexpr std::string_view kFloat16 = "65519.99999999999636202119290828704833984375";
  static constexpr std::string_view kFloat32 = "340282356779733642748073463979561713664";
  static constexpr std::string_view kFloat64 =
      "17976931348623158079372897140530341507993413271003782693617377898044496829276475094664901797758720709633028641"
      "66928879109465555478519404026306574886715058206819089020007083836762738548458177115317644757302700698555713669"
      "59622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";
  const std::string_view bound = bits == 16 ? kFloat16 : bits == 32 ? kFloat32 : kFloat64;
  if (kind_of(v) == JsonKind::Integer) return magnitude_at_least(std::to_string(v.GetUint64()), bound);
  return magnitude_at_least(number_text_of(v), bound);
}

// An integer literal, exactly: its sign and magnitude. nullopt for any other
// value, including 1.0 and 1e3 (lenient mode does not reach these members).
std::optional<Integer> integer_of(const JsonValue& v) {
  if (kind_of(v) == JsonKind::Integer) return Integer{false, v.GetUint64()};
  if (kind_of(v) != JsonKind::OtherNumber) return std::nullopt;
  const std::string_view t = number_text_of(v);
  if (t.size() < 2 || t[0] != '-') return std::nullopt;
  const auto magnitude = plain_uint64(t.substr(1));
  if (!magnitude) return std::nullopt;
  return Integer{*magnitude != 0, *magnitude};
}

// Whether a number is written as an integer (an optional minus sign and
// digits), however large.
bool integer_literal(const JsonValue& v) {
  if (kind_of(v) == JsonKind::Integer) return true;
  if (kind_of(v) != JsonKind::OtherNumber) return false;
  std::string_view t = number_text_of(v);
  if (!t.empty() && t[0] == '-') t.remove_prefix(1);
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The code for a value that is not an integer in range.
ProblemCode not_integer_code(const JsonValue& v) {
  if (integer_literal(v)) return ProblemCode::OutOfRange;
  return is_number(v) ? ProblemCode::NotInteger : ProblemCode::WrongType;
}

// Whether an integer lies in [lo, hi], both given as signed 64-bit values
// except that an unsigned upper bound may reach 2^64 - 1 (hi_unsigned).
bool in_range(Integer i, int64_t lo, uint64_t hi) {
  if (i.negative) return lo < 0 && i.magnitude <= uint64_t(-(lo + 1)) + 1;
  return i.magnitude <= hi && (lo <= 0 || i.magnitude >= uint64_t(lo));
}

std::string range_text(int64_t lo, uint64_t hi) {
  return "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
}

// An extension point: a name, or an object {"name", "configuration"?, "must_understand"?}.
std::optional<Extension> RuleReporter::extension(const JsonValue& v, const std::string& path, std::string_view what) {
  if (is_string(v)) return Extension{string_of(v)};
  const std::string expected = "; expected " + std::string(what) + ": a name or an object with a \"name\"";
  if (!v.IsObject()) return error(path, found(v) + expected, ProblemCode::WrongType), std::nullopt;
  Extension out;
  bool ok = true;
  const JsonValue* name = member(v, "name");
  if (!name) error(pointer_append(path, "name"), "found no \"name\"" + expected, ProblemCode::Missing), ok = false;
  else if (!is_string(*name)) error(pointer_append(path, "name"), found(*name) + "; expected a name (a string)", ProblemCode::WrongType), ok = false;
  else out.name = string_of(*name);
  if (const JsonValue* c = member(v, "configuration")) {
    if (!c->IsObject()) error(pointer_append(path, "configuration"), found(*c) + "; expected an object", ProblemCode::WrongType), ok = false;
    else out.configuration = c;
  }
  if (const JsonValue* m = member(v, "must_understand")) {
    if (!m->IsBool()) error(pointer_append(path, "must_understand"), found(*m) + "; expected true or false", ProblemCode::WrongType), ok = false;
    else out.must_understand = m->GetBool();
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace zr::rules
