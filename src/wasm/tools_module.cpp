// The tools module's own Embind surface (docs/wasm-boundary.md, "The tools
// module"): the list of its guarded bindings, and where JSON Pointers'
// values lie in JSON text, for editors. Its other entry points register
// beside what they answer with: reader_bindings.cpp (readerFacts) and
// repair_bindings.cpp (repairMetadata); its plans are plain exports
// (plan_exports.cpp). No grid lives here past a call: grids cross from and
// to the reader module as words (grid_words.hpp).
#include <emscripten/bind.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "json_pointer.hpp"
#include "out_of_memory.hpp"
#include "registration.hpp"
#include "results.hpp"

namespace zr::wasm {
namespace {

// Every place of each JSON Pointer in JSON text (zr::locate_pointers), as
// a Columns block (results.hpp) of five columns with one entry per place: the pointer's index, whether the
// value has a key (1) or not (0), the key's first byte (0 when none), the
// value's first byte and the byte past its end. failedAt names the first
// malformed pointer. The `count` pointers are UTF-8 bytes one after another
// at `pointers`, their lengths uint32 at `lengths`.
uintptr_t locate_pointers(uintptr_t text, size_t length, uintptr_t pointers, uintptr_t lengths, size_t count) {
  std::vector<std::string_view> views(count);
  for (size_t i = 0; i < count; ++i) {
    views[i] = bytes_at(pointers, at<const uint32_t>(lengths)[i]);
    pointers += views[i].size();
  }
  const auto found = zr::locate_pointers(bytes_at(text, length), views);
  if (!found) return Columns::failed(found.error()).block();
  std::vector<uint64_t> which, has_key, key_begins, begins, ends;
  for (size_t i = 0; i < found->places.size(); ++i) {
    for (const ValueSpan& s : found->places[i]) {
      which.push_back(i);
      has_key.push_back(s.key_begin.has_value());
      key_begins.push_back(s.key_begin.value_or(0));
      begins.push_back(s.begin);
      ends.push_back(s.end);
    }
  }
  return Columns({std::move(which), std::move(has_key), std::move(key_begins), std::move(begins), std::move(ends)}).block();
}

}  // namespace
}  // namespace zr::wasm

EMSCRIPTEN_BINDINGS(tools_module) {
  using namespace emscripten;
  using namespace zr::wasm;
  // Read by js/tools-module.js at load, once every EMSCRIPTEN_BINDINGS block has run.
  function("guardedBindings", &guarded_bindings_js);
  guarded_function<&locate_pointers>("locatePointers", "locating JSON Pointers");
}
