// Exact decimal arithmetic on JSON number text (json_numbers.hpp): what a
// number denotes, compared and converted without rounding to a double.
#include "json_numbers.hpp"

#include <algorithm>
#include <cstring>

namespace zr {

// Every edge of a metadata document passes here. Up to 19 digits cannot
// overflow, so the loop checks nothing but the digits: an overflow check
// per digit is a call to a 128-bit multiply in WebAssembly, and took a
// third of this function's time on 10^7 edges. 20 digits fit when they do
// not exceed 2^64 - 1, which compares as text at equal length.
std::optional<uint64_t> plain_uint64(std::string_view text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  if (text.size() == 20 && text > "18446744073709551615") return std::nullopt;
  uint64_t v = 0;
  for (char c : text) {
    const auto digit = static_cast<unsigned char>(c - '0');
    if (digit > 9) return std::nullopt;
    v = v * 10 + digit;
  }
  return v;
}

// JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view t) {
  size_t i = 0;
  const auto digits = [&] {
    const size_t from = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    return i > from;
  };
  if (i < t.size() && t[i] == '-') ++i;
  if (i < t.size() && t[i] == '0') ++i;
  else if (!digits()) return false;
  if (i < t.size() && t[i] == '.' && (++i, !digits())) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == t.size();
}

std::vector<Patch> patch_huge_numbers(std::string& text) {
  std::vector<Patch> patches;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (c != '-' && (c < '0' || c > '9')) continue;
    size_t end = i;
    bool exponent = false;
    while (end < text.size() && std::strchr("0123456789+-.eE", text[end]) && text[end] != '\0') {
      exponent = exponent || text[end] == 'e' || text[end] == 'E';
      ++end;
    }
    // The shortest number beyond a double is "1e309"; long digit strings too.
    if (end - i >= 5 && (exponent || end - i > 300) && is_json_number(std::string_view(text).substr(i, end - i))) {
      text.replace(i, end - i, "null" + std::string(end - i - 4, ' '));
      patches.push_back({i, end - i});
    }
    i = end - 1;
  }
  return patches;
}

namespace {

// A JSON number as 0.digits × 10^point, digits without leading zeros (none
// for zero).
struct Decimal {
  bool negative = false;
  std::string digits;
  int64_t point = 0;
};

Decimal decimal_of(std::string_view t) {
  // JSON grammar (already checked by the parser): -?int(.frac)?([eE][+-]?exp)?
  Decimal d;
  d.negative = !t.empty() && t[0] == '-';
  if (d.negative) t.remove_prefix(1);
  size_t i = 0;
  for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) d.digits += t[i];
  d.point = static_cast<int64_t>(d.digits.size());
  if (i < t.size() && t[i] == '.') {
    for (++i; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) d.digits += t[i];
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    const bool negative_exponent = t[i] == '-';
    if (t[i] == '+' || t[i] == '-') ++i;
    int64_t exponent = 0;
    // Clamped: any exponent beyond 2^40 is as good as infinite here.
    for (; i < t.size(); ++i) exponent = std::min<int64_t>(exponent * 10 + (t[i] - '0'), int64_t(1) << 40);
    d.point += negative_exponent ? -exponent : exponent;
  }
  const size_t first = std::min(d.digits.find_first_not_of('0'), d.digits.size());
  d.point -= static_cast<int64_t>(first);
  d.digits.erase(0, first);
  return d;
}

}  // namespace

ExactNumber exact_number(std::string_view t) {
  using K = ExactNumber::Kind;
  const Decimal d = decimal_of(t);
  if (d.negative) return {K::Negative};  // -0 included: it is not how JSON writes 0
  if (d.digits.empty()) return {K::Integer, 0};  // 0.0, 0e5
  const int64_t kept = std::clamp<int64_t>(d.point, 0, static_cast<int64_t>(d.digits.size()));
  if (d.point < 0 || d.digits.find_first_not_of('0', kept) != std::string::npos) return {K::Fraction};
  if (d.point > 20) return {K::TooLarge};
  const auto value = plain_uint64(d.digits.substr(0, kept) + std::string(d.point - kept, '0'));
  if (!value) return {K::TooLarge};
  return {K::Integer, *value};
}

std::optional<std::string> integral_text(std::string_view t) {
  const bool negative = !t.empty() && t[0] == '-';
  const ExactNumber exact = exact_number(negative ? t.substr(1) : t);
  if (exact.kind != ExactNumber::Kind::Integer) return std::nullopt;
  return (negative && exact.value != 0 ? "-" : "") + std::to_string(exact.value);
}

bool magnitude_at_least(std::string_view number_text, std::string_view bound_text) {
  const Decimal a = decimal_of(number_text);
  const Decimal b = decimal_of(bound_text);
  if (a.digits.empty() || b.digits.empty()) return b.digits.empty();
  if (a.point != b.point) return a.point > b.point;
  for (size_t i = 0; i < std::max(a.digits.size(), b.digits.size()); ++i) {
    const char x = i < a.digits.size() ? a.digits[i] : '0';
    const char y = i < b.digits.size() ? b.digits[i] : '0';
    if (x != y) return x > y;
  }
  return true;
}

}  // namespace zr
