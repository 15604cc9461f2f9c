// A problem found in a document or an argument: where (a JSON Pointer) and
// what was found against what was expected.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace zr {

struct Problem {
  std::string path;
  std::string message;
};

using Problems = std::vector<Problem>;

// Appends one reference token to a JSON Pointer, escaping per RFC 6901.
inline std::string pointer_append(std::string_view base, std::string_view token) {
  std::string out(base);
  out += '/';
  for (char c : token) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

inline std::string pointer_append(std::string_view base, uint64_t index) {
  return pointer_append(base, std::to_string(index));
}

}  // namespace zr
