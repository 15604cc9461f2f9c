// The Embind surface of read_document: one call parses and validates a
// zarr.json and gives back everything as plain JS values, exactly. Integers
// up to 2^53 - 1 cross as numbers, larger ones (to 2^64 - 1 in magnitude) as
// BigInt, other numbers as doubles (js_values.hpp); grids cross as their
// words' bytes (grid_words.hpp), for the grid module to build again. The parsed
// document is freed before the call returns. See docs/wasm-boundary.md.
#include <emscripten/bind.h>

#include <cstdint>
#include <vector>

#include "document.hpp"
#include "grid_words.hpp"
#include "js_values.hpp"
#include "out_of_memory.hpp"
#include "registration.hpp"

using namespace emscripten;
using zr::wasm::JsValues;
using zr::wasm::js_string;
using zr::wasm::problems_to_js;

namespace {

// A grid as its words (grid_words.hpp), copied out of this module's heap
// into a Uint8Array of JS's own (their bytes: emscripten 3.1.6 has no
// uint64 memory view), for the grid module to build again.
val grid_words_js(const zr::ChunkGrid& grid) {
  const std::vector<uint64_t> words = zr::wasm::grid_words(grid);
  const auto* bytes = reinterpret_cast<const uint8_t*>(words.data());
  return val(typed_memory_view(words.size() * sizeof(uint64_t), bytes)).call<val>("slice");
}

// {kind, errors, warnings, attributes} and, for an array, {grid, shape,
// dataType, fillValue, codecs, chunkKeyEncoding, dimensionNames}; for a
// group, {consolidated: null or [[path, entry], ...]}.
val node_to_js(const zr::DocumentNode& node) {
  const JsValues js;
  const zr::JsonValue* doc = node.value;
  val out = val::object();
  out.set("kind", val(node.type == zr::NodeType::Group ? "group" : "array"));
  out.set("errors", problems_to_js(node.errors));
  out.set("warnings", problems_to_js(node.warnings));
  out.set("attributes", js.member(doc, "attributes"));
  if (node.type == zr::NodeType::Group) {
    val entries = val::null();
    if (node.consolidated) {
      entries = val::array();
      for (size_t i = 0; i < node.entries.size(); ++i) {
        val pair = val::array();
        pair.set(0, js_string(node.entries[i].path));
        pair.set(1, node_to_js(node.entries[i]));  // depth at most kMaxConsolidatedDepth
        entries.set(i, pair);
      }
    }
    out.set("consolidated", entries);
    return out;
  }
  out.set("grid", node.grid ? grid_words_js(*node.grid) : val::null());
  out.set("shape", js.member(doc, "shape"));
  out.set("dataType", js.member(doc, "data_type"));
  out.set("fillValue", JsValues(zr::integer_fill_value(node)).member(doc, "fill_value"));
  out.set("codecs", js.member(doc, "codecs"));
  out.set("chunkKeyEncoding", js.member(doc, "chunk_key_encoding"));
  out.set("dimensionNames", js.member(doc, "dimension_names"));
  return out;
}

// `strict`: the writers' ledger's entries are errors (else read, with warnings).
val read_document(uintptr_t text, size_t length, bool strict) {
  zr::Document doc = zr::read_document({reinterpret_cast<const char*>(text), length},
                                       {strict ? zr::Quirks::Refuse : zr::Quirks::Read});
  return node_to_js(doc.root);
}

}  // namespace

EMSCRIPTEN_BINDINGS(document) {
  zr::wasm::guarded_function<&read_document>("readDocument", "reading metadata");
}
