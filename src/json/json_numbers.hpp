// Exact decimal arithmetic on JSON number text: what a number written as
// "10.0", "1e3" or "-2" denotes, compared and converted without ever
// rounding to a double (docs/writers-ledger.md judges such numbers).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zr {

// What an OtherNumber text such as "10.0", "1e3" or "-2" denotes exactly.
struct ExactNumber {
  enum class Kind { Integer, TooLarge, Fraction, Negative } kind;
  uint64_t value = 0;  // for Integer
};
ExactNumber exact_number(std::string_view number_text);
// Whether |number_text| >= |bound_text| (both JSON numbers), exactly, however
// many digits either has: compared as decimals, never rounded to a double.
bool magnitude_at_least(std::string_view number_text, std::string_view bound_text);
// Decimal digits alone as a uint64; nullopt for anything else or past 2^64 - 1.
std::optional<uint64_t> plain_uint64(std::string_view digits);
// The integer a JSON number text denotes ("-2.0" and "4e1" included), as
// an integer literal ("-2", "40"); nullopt for a fraction, or a magnitude
// past 2^64 - 1.
std::optional<std::string> integral_text(std::string_view number_text);
// Whether `text` follows JSON's number grammar.
bool is_json_number(std::string_view text);

// A number token that RapidJSON refuses (1e400, or hundreds of digits),
// replaced by `null` and spaces in a same-length copy of the text.
struct Patch {
  size_t begin, length;
  bool operator<(size_t offset) const { return begin < offset; }
};
// Finds the number tokens outside strings that may be beyond a double's
// range, and blanks them out in `text` as `null` padded with spaces, so
// that a reader can parse the copy and take such numbers from the original.
std::vector<Patch> patch_huge_numbers(std::string& text);

}  // namespace zr
