// Registering a binding through guarded<> (out_of_memory.hpp) records it,
// with what it does, so that the JS wrapper checks the out-of-memory flag
// after each one it is told of (js/native.js reads guardedBindings() at
// load) and no list of them is kept by hand anywhere else.
#pragma once
#include <vector>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "out_of_memory.hpp"

namespace zr::wasm {

struct GuardedBinding {
  const char* owner;  // the class_ it is a method of, or "" for a function of the module
  const char* name;
  const char* what;   // what it does, for the message when memory runs out ("reading metadata")
};

// Every binding registered through guarded<>, in registration order.
inline std::vector<GuardedBinding>& guarded_bindings() {
  static std::vector<GuardedBinding> all;
  return all;
}

// The list as JS objects {owner, name, what}.
inline emscripten::val guarded_bindings_js() {
  emscripten::val out = emscripten::val::array();
  for (const GuardedBinding& b : guarded_bindings()) {
    emscripten::val entry = emscripten::val::object();
    entry.set("owner", b.owner);
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
  guarded_bindings().push_back({"", name, what});
}

// A class_ whose methods registered with guarded<F>() go through guarded<>
// and are recorded; function() registers one that does not allocate.
template <class T>
class GuardedClass {
 public:
  explicit GuardedClass(const char* name) : class_(name), name_(name) {}
  template <class F>
  const GuardedClass& function(const char* name, F f) const {
    class_.function(name, f);
    return *this;
  }
  template <auto F>
  const GuardedClass& guarded(const char* name, const char* what) const {
    class_.function(name, zr::wasm::guarded<F>);
    guarded_bindings().push_back({name_, name, what});
    return *this;
  }

 private:
  emscripten::class_<T> class_;
  const char* name_;
};

}  // namespace zr::wasm
