#include "reader_facts.hpp"

#include <optional>
#include <vector>

#include "json_document.hpp"
#include "metadata.hpp"

namespace zr {

namespace {

std::optional<uint64_t> uint_of(const JsonValue* v) {
  return v && v->IsUint64() ? std::optional<uint64_t>(v->GetUint64()) : std::nullopt;
}

class FactReader {
 public:
  explicit FactReader(ReaderFacts& facts) : facts_(facts) {}

  // One axis of the grid: an integer step, a list read as runs while
  // parsing, or (in a "regular" grid) a plain list of integers.
  void axis(ParsedJson& parsed, const JsonValue& v, const std::string& at, std::optional<uint64_t> inner) {
    if (const std::vector<Run>* runs = parsed.runs_of(v)) {
      for (size_t k = 0; k < runs->size(); ++k) {
        const Run& r = (*runs)[k];
        const std::string item = pointer_append(at, k);
        edge(r.size, r.count > 1 ? pointer_append(item, 0) : item, inner);
        if (r.count > facts_.largest_count) {
          facts_.largest_count = r.count;
          facts_.largest_count_at = r.count > 1 ? pointer_append(item, 1) : item;
        }
      }
    } else if (const auto step = uint_of(&v)) {
      edge(*step, at, inner);
    }
  }

 private:
  void edge(uint64_t size, const std::string& at, std::optional<uint64_t> inner) {
    if (size > facts_.largest_edge) {
      facts_.largest_edge = size;
      facts_.largest_edge_at = at;
    }
    if (inner && *inner != 0 && size % *inner != 0 && facts_.undivided_shard_edge_at.empty()) facts_.undivided_shard_edge_at = at;
  }

  ReaderFacts& facts_;
};

// The inner chunk shape of the first sharding codec, with its pointer.
const JsonValue* inner_chunk_shape(const JsonValue& doc, std::string& at) {
  const JsonValue* codecs = member(doc, "codecs");
  if (!codecs || !codecs->IsArray()) return nullptr;
  for (rapidjson::SizeType i = 0; i < codecs->Size(); ++i) {
    const JsonValue& codec = (*codecs)[i];
    if (!codec.IsObject()) continue;
    const JsonValue* name = member(codec, "name");
    if (!name || kind_of(*name) != JsonKind::String || string_of(*name) != "sharding_indexed") continue;
    const JsonValue* config = member(codec, "configuration");
    const JsonValue* shape = config && config->IsObject() ? member(*config, "chunk_shape") : nullptr;
    if (!shape || !shape->IsArray()) return nullptr;
    at = pointer_append(pointer_append(pointer_append("/codecs", i), "configuration"), "chunk_shape");
    return shape;
  }
  return nullptr;
}

}  // namespace

ReaderFacts reader_facts(std::string_view json) {
  ReaderFacts facts;
  ParsedJson parsed;
  const JsonValue* doc = parse_document(json, {}, parsed);
  if (!doc) return facts;
  facts.read = true;
  const JsonValue* inner = inner_chunk_shape(*doc, facts.inner_chunk_shape_at);
  const JsonValue* grid = member(*doc, "chunk_grid");
  if (!grid || !grid->IsObject()) return facts;
  const JsonValue* name = member(*grid, "name");
  if (!name || kind_of(*name) != JsonKind::String) return facts;
  facts.grid_name = string_of(*name);
  const JsonValue* config = member(*grid, "configuration");
  const std::string_view key = facts.grid_name == "regular" ? "chunk_shape" : "chunk_shapes";
  const JsonValue* axes = config && config->IsObject() ? member(*config, key) : nullptr;
  if (!axes || !axes->IsArray()) return facts;
  const std::string at = pointer_append("/chunk_grid/configuration", key);
  FactReader reader(facts);
  for (rapidjson::SizeType i = 0; i < axes->Size(); ++i) {
    const std::optional<uint64_t> divisor = inner && i < inner->Size() ? uint_of(&(*inner)[i]) : std::nullopt;
    reader.axis(parsed, (*axes)[i], pointer_append(at, i), divisor);
  }
  return facts;
}

}  // namespace zr
