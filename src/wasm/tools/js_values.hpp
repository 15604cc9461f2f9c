// Strings and problems as plain JS values, for the tools module's Embind
// bindings that answer with them (repair). Room for each copy is made
// first (out_of_memory.hpp). See docs/wasm-boundary.md.
#pragma once
#include <emscripten/val.h>

#include <string_view>

#include "problem.hpp"

namespace zr::wasm {

// A string, copied into JS.
emscripten::val js_string(std::string_view s);
// Problems as plain JS objects, for the wrapper's problemOf().
emscripten::val problems_to_js(const Problems& problems);

}  // namespace zr::wasm
