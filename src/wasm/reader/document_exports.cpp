// The reader module's exports for whole documents (docs/wasm-boundary.md,
// "The reader module"): readMetadata's one read of a zarr.json, the
// validation of any node, where a top-level member lies, and which places
// may hold a float. Plain exports, as the grid's are: the answers cross as
// answer blocks (answer_block.hpp), grids as the addresses of ChunkGrids
// the wrapper then owns, so a page that reads arrays instantiates this one
// module.
#include <emscripten/em_macros.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "answer_block.hpp"
#include "arguments.hpp"
#include "document.hpp"
#include "document_rules.hpp"
#include "member_span.hpp"
#include "out_of_memory.hpp"
#include "results.hpp"
#include "struct_words.hpp"

using namespace zr::wasm;

namespace {

// A member's value, or null when absent.
void member_json(AnswerBlock& block, const zr::JsonValue* doc, std::string_view key, bool bigints = true) {
  static const zr::JsonValue null_value;
  const zr::JsonValue* v = doc ? zr::member(*doc, key) : nullptr;
  write_json(block, v ? *v : null_value, bigints);
}

// One node, its entries after it (read by js/document/read-metadata.js, readNode):
// its kind (0 an array, 1 a group), its errors and warnings
// (write_problems), its attributes (write_json, null when absent); then
// for an array, the address of its grid (0 when none, else a ChunkGrid
// held in `grids` until the block is made) and shape, data_type,
// fill_value, codecs, chunk_key_encoding and dimension_names; for a group,
// the number of its consolidated entries (-1 when it has none), each a
// path (text) and a node. The depth is at most kMaxConsolidatedDepth.
void write_node(AnswerBlock& block, zr::DocumentNode& node, std::vector<std::unique_ptr<zr::ChunkGrid>>& grids) {
  const zr::JsonValue* doc = node.value;
  const bool group = node.type == zr::NodeType::Group;
  block.number(group ? 1 : 0);
  write_problems(block, node.errors);
  write_problems(block, node.warnings);
  member_json(block, doc, "attributes");
  if (group) {
    block.number(node.consolidated ? static_cast<double>(node.entries.size()) : -1);
    for (zr::DocumentNode& entry : node.entries) {
      block.text(entry.path);
      write_node(block, entry, grids);
    }
    return;
  }
  uintptr_t address = 0;
  if (node.grid) {
    grids.push_back(std::make_unique<zr::ChunkGrid>(std::move(*node.grid)));
    address = reinterpret_cast<uintptr_t>(grids.back().get());
  }
  block.number(static_cast<double>(address));
  member_json(block, doc, "shape");
  member_json(block, doc, "data_type");
  member_json(block, doc, "fill_value", zr::integer_fill_value(node));
  member_json(block, doc, "codecs");
  member_json(block, doc, "chunk_key_encoding");
  member_json(block, doc, "dimension_names");
}

}  // namespace

extern "C" {

// readMetadata: a zarr.json parsed once, validated, its grids built, and
// every value a reader needs, exactly. `strict`: the writers' ledger's
// entries are errors (else read, with warnings). Running out of memory on
// the way frees every grid built.
EMSCRIPTEN_KEEPALIVE uintptr_t zr_read_document(uintptr_t text, size_t length, int strict) {
  return guard<uintptr_t>([&] {
    zr::Document doc = zr::read_document(bytes_at(text, length), {strict ? zr::Quirks::Refuse : zr::Quirks::Read});
    std::vector<std::unique_ptr<zr::ChunkGrid>> grids;
    AnswerBlock block;
    write_node(block, doc.root, grids);
    const uintptr_t answer = block.release();
    for (auto& grid : grids) grid.release();  // the wrapper's now
    return answer;
  });
}

// A whole document's problems (an array or a group): its errors, then its
// warnings (write_problems).
EMSCRIPTEN_KEEPALIVE uintptr_t zr_validate_metadata(uintptr_t text, size_t length, int strict) {
  return guard<uintptr_t>([&] {
    const zr::Validation v = zr::validate_metadata(bytes_at(text, length), {strict ? zr::Quirks::Refuse : zr::Quirks::Read});
    AnswerBlock block;
    write_problems(block, v.errors);
    write_problems(block, v.warnings);
    return block.release();
  });
}

// The byte range of the value at each of `count` JSON Pointers made of
// object members (zr::member_spans): a Columns block (results.hpp) of three
// columns, one entry per pointer: found (1 or 0), begin, end. The pointers
// are UTF-8 bytes one after another at `pointers`, their lengths uint32 at
// `lengths`, as for zr_float_places.
EMSCRIPTEN_KEEPALIVE uintptr_t zr_member_spans(uintptr_t text, size_t length, uintptr_t pointers, uintptr_t lengths,
                                               size_t count) {
  return guard<uintptr_t>([&] {
    const auto spans = zr::member_spans(bytes_at(text, length), string_views(pointers, lengths, count));
    std::vector<uint64_t> found(count), begins(count), ends(count);
    for (size_t i = 0; i < count; ++i) {
      if (!spans[i]) continue;
      found[i] = 1;
      begins[i] = spans[i]->begin;
      ends[i] = spans[i]->end;
    }
    return Columns({std::move(found), std::move(begins), std::move(ends)}).block();
  });
}

// Which of `count` JSON Pointers name a place in the document `text` where
// a float may stand (zr::float_place): one column, 1 or 0 per pointer. For
// JS numbers past 2^53 - 1, which are suspect only where an integer is
// wanted. The pointers are UTF-8 bytes one after another at `pointers`,
// their lengths uint32 at `lengths`. A Columns block, failed when the text
// does not parse.
EMSCRIPTEN_KEEPALIVE uintptr_t zr_float_places(uintptr_t text, size_t length, uintptr_t pointers, uintptr_t lengths,
                                               size_t count) {
  return guard<uintptr_t>([&] {
    zr::ParsedJson parsed;
    zr::parse_json(bytes_at(text, length), zr::Quirks::Read, parsed);
    if (!parsed.ok) return Columns::failed(0).block();
    const std::vector<std::string_view> list = string_views(pointers, lengths, count);
    std::vector<uint64_t> floats(count);
    for (size_t i = 0; i < count; ++i) floats[i] = zr::float_place(parsed.document, list[i]);
    return Columns({std::move(floats)}).block();
  });
}

}  // extern "C"
