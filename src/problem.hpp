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

// Appends one reference token to a JSON Pointer in place, escaping per RFC 6901.
inline void pointer_push(std::string& path, std::string_view token) {
  path += '/';
  for (char c : token) {
    if (c == '~') path += "~0";
    else if (c == '/') path += "~1";
    else path += c;
  }
}

inline std::string pointer_append(std::string_view base, std::string_view token) {
  std::string out(base);
  pointer_push(out, token);
  return out;
}

inline std::string pointer_append(std::string_view base, uint64_t index) {
  return pointer_append(base, std::to_string(index));
}

}  // namespace zr
