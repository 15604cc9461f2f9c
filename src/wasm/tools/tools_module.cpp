// The tools module's own Embind surface (docs/wasm-boundary.md, "The tools
// module"): the list of its guarded bindings, where JSON Pointers' values
// (or their nearest ancestors) lie in JSON text, for editors and the CLI,
// and the data types and codecs the package knows (a plain export,
// zr_known_extensions, for the tests that hold the reader's list to the
// core's). Its other entry points register
// beside what they answer with: reader_bindings.cpp (readerFacts) and
// repair_bindings.cpp (repairMetadata); its plans are plain exports
// (plan_exports.cpp). No grid lives here past a call: grids cross from and
// to the reader module as words (grid_words.hpp).
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "json_pointer.hpp"
#include "known_extensions.hpp"
#include "out_of_memory.hpp"
#include "registration.hpp"
#include "results.hpp"

namespace zr::wasm {
namespace {

// Every place of each JSON Pointer in JSON text (zr::locate_pointers), as
// a Columns block (results.hpp) of five columns with one entry per place: the pointer's index, whether the
// value has a key (1) or not (0), the key's first byte (0 when none), the
// value's first byte and the byte past its end. failedAt names the first
// malformed pointer. The pointers are laid out as for string_views (arguments.hpp).
uintptr_t locate_pointers(uintptr_t text, size_t length, uintptr_t pointers, uintptr_t lengths, size_t count) {
  const std::vector<std::string_view> views = string_views(pointers, lengths, count);
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

// The nearest place of each JSON Pointer (zr::locate_nearest), laid out
// as for locate_pointers: a Columns block of six columns with one entry per
// pointer: whether a place was found (1) or not (0), whether it is the
// pointer's own value (1) or an ancestor's (0), then as locate_pointers's
// last four.
uintptr_t locate_nearest(uintptr_t text, size_t length, uintptr_t pointers, uintptr_t lengths, size_t count) {
  const std::vector<std::string_view> views = string_views(pointers, lengths, count);
  const auto found = zr::locate_nearest(bytes_at(text, length), views);
  if (!found) return Columns::failed(found.error()).block();
  std::vector<uint64_t> has_place(count), exact(count), has_key(count), key_begins(count), begins(count), ends(count);
  for (size_t i = 0; i < count; ++i) {
    const auto& nearest = (*found)[i];
    if (!nearest) continue;
    has_place[i] = 1;
    exact[i] = nearest->exact;
    has_key[i] = nearest->place.key_begin.has_value();
    key_begins[i] = nearest->place.key_begin.value_or(0);
    begins[i] = nearest->place.begin;
    ends[i] = nearest->place.end;
  }
  return Columns({std::move(has_place), std::move(exact), std::move(has_key), std::move(key_begins), std::move(begins), std::move(ends)})
      .block();
}

}  // namespace
}  // namespace zr::wasm

EMSCRIPTEN_BINDINGS(tools_module) {
  using namespace emscripten;
  using namespace zr::wasm;
  // Read by js/tools/tools-module.js at load, once every EMSCRIPTEN_BINDINGS block has run.
  function("guardedBindings", &guarded_bindings_js);
  guarded_function<&locate_pointers>("locatePointers", "locating JSON Pointers");
  guarded_function<&locate_nearest>("locateNearest", "locating JSON Pointers");
}

// The data types and codecs the package knows (known_extensions.hpp), one
// a line: "data_type", the name and whether the reader reads it ("read" or
// "-"), tab-separated; or "codec", the name, its kind and the same.
extern "C" EMSCRIPTEN_KEEPALIVE const char* zr_known_extensions() {
  // Made at each call, kept until the next; null with the flag raised when
  // memory ran out.
  static std::string lines;
  return zr::wasm::guard<const char*>([] {
    std::string out;
    const auto read = [](bool r) { return r ? "read" : "-"; };
#define ZR_DATA_TYPE_LINE(name, family, bits, r) out.append("data_type\t").append(name).append("\t").append(read(r)).append("\n");
    ZR_KNOWN_DATA_TYPES(ZR_DATA_TYPE_LINE)
#undef ZR_DATA_TYPE_LINE
    constexpr const char* kKinds[] = {"array_to_array", "array_to_bytes", "bytes_to_bytes"};
    for (const zr::KnownCodec& c : zr::kKnownCodecs)
      out.append("codec\t").append(c.name).append("\t").append(kKinds[static_cast<int>(c.kind)]).append("\t").append(read(c.read)).append("\n");
    lines = std::move(out);
    return lines.c_str();
  });
}
