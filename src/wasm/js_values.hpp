// JSON values and problems as plain JS values, for the bindings that answer
// with them: read_document (the document module) and read_json (the grid
// module). Integers up to 2^53 - 1 cross as numbers, larger ones (to
// 2^64 - 1 in magnitude) as BigInt, other numbers as doubles. Room for each
// copy is made first (out_of_memory.hpp). See docs/wasm-boundary.md.
#pragma once
#include <emscripten/val.h>

#include <cstdint>
#include <string_view>

#include "json_document.hpp"
#include "problem.hpp"

namespace zr::wasm {

class JsValues {
 public:
  // `bigints`: whether integers past 2^53 - 1 cross as BigInt (else as doubles).
  explicit JsValues(bool bigints = true) : bigints_(bigints) {}

  // A JSON value, however deep, as a JS value: built with an explicit
  // stack, so no nesting depth can overflow the wasm stack.
  emscripten::val value(const JsonValue& root) const;
  // A member's value, or null when absent.
  emscripten::val member(const JsonValue* doc, std::string_view key) const;

 private:
  emscripten::val integer(uint64_t magnitude, bool negative, std::string_view text) const;
  emscripten::val scalar(const JsonValue& v) const;

  bool bigints_;
};

// A string, copied into JS.
emscripten::val js_string(std::string_view s);
// Problems as plain JS objects, for the wrapper's problemOf().
emscripten::val problems_to_js(const Problems& problems);

}  // namespace zr::wasm
