// The document module's Embind functions that allocate are registered
// through guarded_function, which records each, with what it does, so that
// the JS wrapper checks the out-of-memory flag after each one it is told
// of (js/tools/tools-module.js reads guardedBindings() at load) and no list of
// them is kept by hand anywhere else. (The grid module has no Embind: its
// exports are checked in js/wasm/grid-module.js.)
#pragma once
#include <vector>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "out_of_memory.hpp"

namespace zr::wasm {

// A JS value's answer when memory ran out (guard<>, out_of_memory.hpp).
template <>
struct EmptyAnswer<emscripten::val> {
  static emscripten::val make() { return emscripten::val::undefined(); }
};

struct GuardedBinding {
  const char* name;
  const char* what;  // what it does, for the message when memory runs out ("reading metadata")
};

// Every binding registered through guarded_function, in registration order.
inline std::vector<GuardedBinding>& guarded_bindings() {
  static std::vector<GuardedBinding> all;
  return all;
}

// The list as JS objects {name, what}.
inline emscripten::val guarded_bindings_js() {
  emscripten::val out = emscripten::val::array();
  for (const GuardedBinding& b : guarded_bindings()) {
    emscripten::val entry = emscripten::val::object();
    entry.set("name", b.name);
    entry.set("what", b.what);
    out.call<void>("push", entry);
  }
  return out;
}

// F registered as a function of the module, through guarded<>.
template <auto F>
void guarded_function(const char* name, const char* what) {
  emscripten::function(name, guarded<F>);
  guarded_bindings().push_back({name, what});
}

}  // namespace zr::wasm
