#include "module_basics.hpp"

#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <malloc.h>

#include <cstdint>
#include <cstdlib>

#include "json_document.hpp"
#include "out_of_memory.hpp"
#include "problem.hpp"
#include "registration.hpp"
#include "results.hpp"

// The wrapper's heap buffers: malloc, once the reserve that a call which
// ran out of memory let go is held again, so that a buffer never takes the
// room a failed call's answer needs (out_of_memory.hpp). Null when either
// cannot be had.
extern "C" EMSCRIPTEN_KEEPALIVE void* zr_malloc(size_t bytes) {
  return zr::wasm::out_of_memory.hold_reserve() ? std::malloc(bytes) : nullptr;
}

namespace zr::wasm {
namespace {

size_t heap_in_use() { return mallinfo().uordblks; }

}  // namespace

void register_module_basics() {
  using namespace emscripten;
  // The problem codes under their JS names, from the one list (problem.hpp).
  enum_<ProblemCode> codes("ProblemCode");
  for (const ProblemCodeName& c : kProblemCodeNames) codes.value(c.js_name, c.code);

  value_object<Problem>("Problem")
      .field("path", &Problem::path)
      .field("message", &Problem::message)
      .field("code", &Problem::code)
      .field("byteOffset", &Problem::byte_offset);
  register_vector<Problem>("Problems");

  class_<Columns>("Columns")
      .function("failedAt", &Columns::failed_at)
      .function("count", &Columns::count)
      .function("length", &Columns::length)
      .function("copy", &Columns::copy);

  function("heapInUse", &heap_in_use);
  // Read by js/wasm-module.js at load, once every EMSCRIPTEN_BINDINGS block has run.
  function("guardedBindings", &guarded_bindings_js);
  constant("maxDocumentBytes", static_cast<double>(kMaxDocumentBytes));
  constant("outOfMemoryFlag", reinterpret_cast<uintptr_t>(&out_of_memory.raised));
}

}  // namespace zr::wasm
