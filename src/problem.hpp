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

// At most this many problems are listed, so that a report stays in
// proportion to its input: nested duplicate keys, say, have pointers that
// grow with their depth.
inline constexpr size_t kMaxProblems = 1000;

inline bool problems_full(const Problems& problems) { return problems.size() > kMaxProblems; }

// Adds a problem; past kMaxProblems, one last entry says that more were found.
inline void report(Problems& problems, Problem problem) {
  if (problems.size() < kMaxProblems) {
    problems.push_back(std::move(problem));
  } else if (problems.size() == kMaxProblems) {
    problems.push_back({"", "found more problems; only the first " + std::to_string(kMaxProblems) + " are listed"});
  }
}

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
