// What each of the two WebAssembly modules exports alike
// (docs/wasm-boundary.md, "Two modules"), as plain exports: the wrapper's
// allocator (zr_malloc), the out-of-memory flag's address, the allocator's
// in-use bytes, the problem codes' JS names, the largest document, and the
// conversion of a Columns block to doubles. Each module is linked with its
// own copy, so each has its own heap, reserve and flag.
#include <emscripten/em_macros.h>
#include <malloc.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>

#include "arguments.hpp"
#include "json_document.hpp"
#include "out_of_memory.hpp"
#include "problem.hpp"

namespace {

// The names' order is the codes' numbers, as write_problems gives them.
constexpr bool codes_in_order() {
  for (size_t i = 0; i < std::size(zr::kProblemCodeNames); ++i) {
    if (static_cast<size_t>(zr::kProblemCodeNames[i].code) != i) return false;
  }
  return true;
}
static_assert(codes_in_order());

}  // namespace

// The wrapper's heap buffers: malloc, once the reserve that a call which
// ran out of memory let go is held again, so that a buffer never takes the
// room a failed call's answer needs (out_of_memory.hpp). Null when either
// cannot be had.
extern "C" EMSCRIPTEN_KEEPALIVE void* zr_malloc(size_t bytes) {
  return zr::wasm::out_of_memory.hold_reserve() ? std::malloc(bytes) : nullptr;
}

// A double, read unsigned: mallinfo counts in int, and JS would read a
// size_t past 2 GiB as a negative int32.
extern "C" EMSCRIPTEN_KEEPALIVE double zr_heap_in_use() { return static_cast<double>(static_cast<uint32_t>(mallinfo().uordblks)); }

// The address of a byte that a call which ran out of memory sets to 1.
extern "C" EMSCRIPTEN_KEEPALIVE uintptr_t zr_out_of_memory_flag() {
  return reinterpret_cast<uintptr_t>(&zr::wasm::out_of_memory.raised);
}

extern "C" EMSCRIPTEN_KEEPALIVE double zr_max_document_bytes() { return static_cast<double>(zr::kMaxDocumentBytes); }

// The JS names of the problem codes, in the order of their numbers,
// separated by commas: from the one list (problem.hpp).
extern "C" EMSCRIPTEN_KEEPALIVE const char* zr_problem_code_names() {
  static const std::string names = [] {
    std::string out;
    for (const zr::ProblemCodeName& c : zr::kProblemCodeNames) out.append(out.empty() ? "" : ",").append(c.js_name);
    return out;
  }();
  return names.c_str();
}

// Turns the values of a Columns block (results.hpp) into doubles, in
// place. 0, and nothing changed, when a value is not exact as a double.
extern "C" EMSCRIPTEN_KEEPALIVE int zr_columns_to_doubles(uintptr_t block) {
  using zr::wasm::at;
  uint64_t* words = at<uint64_t>(block);
  const uint64_t columns = words[2];
  uint64_t* first = words + 4 + columns;
  uint64_t* last = words + 2 + words[0];
  for (const uint64_t* v = first; v != last; ++v) {
    if (static_cast<double>(*v) > zr::wasm::kMaxSafe) return 0;
  }
  for (uint64_t* v = first; v != last; ++v) {
    const double d = static_cast<double>(*v);
    std::memcpy(v, &d, 8);
  }
  return 1;
}
