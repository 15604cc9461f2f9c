#include "reader_facts.hpp"

#include <optional>
#include <vector>

#include "json_document.hpp"
#include "document.hpp"
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
  // parsing (the root's), or a list of plain edges and [edge, count] runs
  // (a consolidated entry's, or a "regular" grid's integers).
  void axis(ParsedJson& parsed, const JsonValue& v, const std::string& at, std::optional<uint64_t> inner) {
    if (const std::vector<Run>* runs = parsed.runs_of(v)) {
      for (size_t k = 0; k < runs->size(); ++k) item((*runs)[k], pointer_append(at, k), inner);
    } else if (const auto step = uint_of(&v)) {
      edge(*step, at, inner);
    } else if (v.IsArray()) {
      for (rapidjson::SizeType k = 0; k < v.Size(); ++k) {
        const JsonValue& written = v[k];
        const bool run = written.IsArray() && written.Size() == 2;
        const auto size = uint_of(run ? &written[0] : &written);
        const auto count = run ? uint_of(&written[1]) : std::optional<uint64_t>(1);
        if (size && count) item({*size, *count}, pointer_append(at, k), inner);
      }
    }
  }

 private:
  // An item of a list: a plain edge, or a run (whose edge and count have
  // pointers of their own). A run of count 1 is pointed at as a whole, as
  // an edge is, however it was written: the root's lists are read into runs,
  // which do not keep whether [V, 1] or V was written, and a document's
  // pointers are the same whether it is the root or a consolidated entry.
  void item(Run r, const std::string& at, std::optional<uint64_t> inner) {
    const bool run = r.count > 1;
    edge(r.size, run ? pointer_append(at, 0) : at, inner);
    if (r.count > facts_.largest_count) {
      facts_.largest_count = r.count;
      facts_.largest_count_at = run ? pointer_append(at, 1) : at;
    }
  }

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
const JsonValue* inner_chunk_shape(const JsonValue& doc, const std::string& base, std::string& at) {
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
    at = pointer_append(pointer_append(pointer_append(pointer_append(base, "codecs"), i), "configuration"), "chunk_shape");
    return shape;
  }
  return nullptr;
}

// A name, bare or as an extension object's "name", with its pointer.
NameAt name_of(const JsonValue* v, const std::string& at) {
  if (v && kind_of(*v) == JsonKind::String) return {std::string(string_of(*v)), at};
  const JsonValue* name = v && v->IsObject() ? member(*v, "name") : nullptr;
  if (name && kind_of(*name) == JsonKind::String) return {std::string(string_of(*name)), pointer_append(at, "name")};
  return {};
}

// The codecs of a list, each sharding codec's own after it.
void codec_names(const JsonValue* codecs, const std::string& at, size_t depth, std::vector<NameAt>& out) {
  if (!codecs || !codecs->IsArray() || depth > kMaxConsolidatedDepth) return;
  for (rapidjson::SizeType i = 0; i < codecs->Size(); ++i) {
    const std::string here = pointer_append(at, i);
    NameAt named = name_of(&(*codecs)[i], here);
    if (named.name.empty()) continue;
    const bool sharding = named.name == "sharding_indexed";
    out.push_back(std::move(named));
    const JsonValue* config = sharding && (*codecs)[i].IsObject() ? member((*codecs)[i], "configuration") : nullptr;
    if (!config || !config->IsObject()) continue;
    codec_names(member(*config, "codecs"), pointer_append(pointer_append(here, "configuration"), "codecs"), depth + 1, out);
    codec_names(member(*config, "index_codecs"), pointer_append(pointer_append(here, "configuration"), "index_codecs"), depth + 1, out);
  }
}

ReaderFacts array_facts(ParsedJson& parsed, const JsonValue& doc, const std::string& base) {
  ReaderFacts facts;
  facts.pointer = base;
  facts.data_type = name_of(member(doc, "data_type"), pointer_append(base, "data_type"));
  codec_names(member(doc, "codecs"), pointer_append(base, "codecs"), 0, facts.codecs);
  const JsonValue* inner = inner_chunk_shape(doc, base, facts.inner_chunk_shape_at);
  const JsonValue* grid = member(doc, "chunk_grid");
  const JsonValue* name = grid && grid->IsObject() ? member(*grid, "name") : nullptr;
  if (!name || kind_of(*name) != JsonKind::String) return facts;
  facts.grid_name = string_of(*name);
  const JsonValue* config = member(*grid, "configuration");
  const std::string_view key = facts.grid_name == "regular" ? "chunk_shape" : "chunk_shapes";
  const JsonValue* axes = config && config->IsObject() ? member(*config, key) : nullptr;
  if (!axes || !axes->IsArray()) return facts;
  const std::string at = pointer_append(pointer_append(pointer_append(base, "chunk_grid"), "configuration"), key);
  FactReader reader(facts);
  for (rapidjson::SizeType i = 0; i < axes->Size(); ++i) {
    const std::optional<uint64_t> divisor = inner && i < inner->Size() ? uint_of(&(*inner)[i]) : std::nullopt;
    reader.axis(parsed, (*axes)[i], pointer_append(at, i), divisor);
  }
  return facts;
}

// A document and, for a group, the entries of its consolidated metadata.
void collect(ParsedJson& parsed, const JsonValue& doc, const std::string& base, size_t depth, std::vector<ReaderFacts>& out) {
  if (!doc.IsObject()) return;
  const JsonValue* type = member(doc, "node_type");
  if (!(type && kind_of(*type) == JsonKind::String && string_of(*type) == "group")) return out.push_back(array_facts(parsed, doc, base));
  const JsonValue* consolidated = member(doc, "consolidated_metadata");
  const JsonValue* metadata = consolidated && consolidated->IsObject() ? member(*consolidated, "metadata") : nullptr;
  if (!metadata || !metadata->IsObject() || depth >= kMaxConsolidatedDepth) return;
  const std::string entries = pointer_append(pointer_append(base, "consolidated_metadata"), "metadata");
  for (auto m = metadata->MemberBegin(); m != metadata->MemberEnd(); ++m) {
    collect(parsed, m->value, pointer_append(entries, std::string_view(m->name.GetString(), m->name.GetStringLength())), depth + 1, out);
  }
}

}  // namespace

std::vector<ReaderFacts> reader_facts(std::string_view json) {
  std::vector<ReaderFacts> out;
  ParsedJson parsed;
  if (const JsonValue* doc = parse_document(json, {}, parsed)) collect(parsed, *doc, "", 0, out);
  return out;
}

}  // namespace zr
