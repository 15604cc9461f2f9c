// The document module's own Embind surface (docs/wasm-boundary.md, "Two
// modules"): what both modules register (module_basics.hpp), the
// validation of a whole zarr.json, and where a top-level member lies. Its
// other entry points register beside what they answer with:
// document_bindings.cpp (readDocument), reader_bindings.cpp (readerFacts)
// and repair_bindings.cpp (repairMetadata). No grid lives here past a call:
// a grid read crosses to the grid module as words (grid_words.hpp).
#include <emscripten/bind.h>

#include <cstdint>

#include "arguments.hpp"
#include "document.hpp"
#include "js_values.hpp"
#include "json_pointer.hpp"
#include "module_basics.hpp"
#include "out_of_memory.hpp"
#include "registration.hpp"

namespace zr::wasm {
namespace {

using emscripten::val;

// The byte range of a top-level member's value; `found` false when absent.
struct MemberSpan {
  bool found = false;
  size_t begin = 0, end = 0;
};

MemberSpan member_span(uintptr_t text, size_t length, uintptr_t key, size_t key_length) {
  const auto span = top_level_member_span(bytes_at(text, length), bytes_at(key, key_length));
  return span ? MemberSpan{true, span->begin, span->end} : MemberSpan{};
}

// A whole document's problems (an array or a group), as {errors, warnings}.
// `strict`: the writers' ledger's entries are errors (else warnings).
val validate_metadata(uintptr_t text, size_t length, bool strict) {
  const Validation v = zr::validate_metadata(bytes_at(text, length), {strict ? Quirks::Refuse : Quirks::Read});
  val out = val::object();
  out.set("errors", problems_to_js(v.errors));
  out.set("warnings", problems_to_js(v.warnings));
  return out;
}

}  // namespace
}  // namespace zr::wasm

EMSCRIPTEN_BINDINGS(document_module) {
  using namespace emscripten;
  using namespace zr::wasm;
  register_module_basics();
  value_object<MemberSpan>("MemberSpan")
      .field("found", &MemberSpan::found)
      .field("begin", &MemberSpan::begin)
      .field("end", &MemberSpan::end);
  guarded_function<&validate_metadata>("validateMetadata", "validating metadata");
  guarded_function<&member_span>("memberSpan", "reading JSON");
}
