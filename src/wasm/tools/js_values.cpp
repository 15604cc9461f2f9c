#include "js_values.hpp"

#include <string>

#include "out_of_memory.hpp"

namespace zr::wasm {

using emscripten::val;

namespace {

// {path, message, code, byteOffset}: the code as its number (the names are
// zr_problem_code_names()'s), the offset -1 unless a syntax or encoding
// problem.
val js_problem(const Problem& problem) {
  val out = val::object();
  out.set("path", js_string(problem.path));
  out.set("message", js_string(problem.message));
  out.set("code", static_cast<int>(problem.code));
  out.set("byteOffset", static_cast<double>(problem.byte_offset));
  return out;
}

}  // namespace

// Embind copies a string (and a value object's strings) into JS through
// malloc without checking for null: room is made first (out_of_memory.hpp).
val js_string(std::string_view s) {
  const std::string text(s);
  make_room(answer_bytes(text));
  return val(text);
}

val problems_to_js(const Problems& problems) {
  val out = val::array();
  for (size_t i = 0; i < problems.size(); ++i) out.set(i, js_problem(problems[i]));
  return out;
}

}  // namespace zr::wasm
