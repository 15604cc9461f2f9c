#include "document.hpp"

#include <algorithm>
#include <cctype>

#include "document_rules.hpp"
#include "non_finite_tokens.hpp"

namespace zr {

namespace {

std::string found(const JsonValue& v) { return "found " + describe_value(v); }

// What makes a consolidated entry's name unfit as a child path, or "" when
// it is fit. Readers join names to a store's root, a folder or a URL, so a
// name is relative path steps that stay below the group: no empty, "." or
// ".." step (nor a leading "/"), no backslash (a separator to Windows and
// to URL parsers), no control character, and no URL scheme ("https:").
std::string unfit_name(std::string_view name) {
  if (name.empty()) return "an empty name";
  if (name.front() == '/') return "a name that starts with \"/\"";
  for (const unsigned char c : name) {
    if (c == '\\') return "a backslash";
    if (c < 0x20 || c == 0x7f) return "a control character";
  }
  for (size_t i = 0; i + 1 < name.size(); ++i) {
    // C1 controls (U+0080 to U+009F) are 0xC2 0x80 to 0xC2 0x9F in UTF-8.
    if (static_cast<unsigned char>(name[i]) == 0xc2 && static_cast<unsigned char>(name[i + 1]) < 0xa0 &&
        static_cast<unsigned char>(name[i + 1]) >= 0x80)
      return "a control character";
  }
  size_t begin = 0;
  for (;;) {
    const size_t end = std::min(name.find('/', begin), name.size());
    const std::string_view step = name.substr(begin, end - begin);
    if (step.empty()) return "an empty step (\"//\" or a trailing \"/\")";
    if (step == "." || step == "..") return "a \"" + std::string(step) + "\" step";
    if (end == name.size()) break;
    begin = end + 1;
  }
  // A scheme: a letter, then letters, digits, "+", "-" or ".", then ":".
  const size_t colon = name.find(':');
  if (colon != std::string_view::npos && colon < name.find('/') && std::isalpha(static_cast<unsigned char>(name[0]))) {
    const std::string_view scheme = name.substr(0, colon);
    if (std::all_of(scheme.begin(), scheme.end(), [](unsigned char c) { return std::isalnum(c) || c == '+' || c == '-' || c == '.'; }))
      return "a URL scheme (\"" + std::string(scheme) + ":\")";
  }
  return "";
}

// Problems found relative to a document, moved to where it is in the text
// (`every_fix`: as report's).
void report_at(Problems& to, const std::string& pointer, Problems&& from, bool every_fix = false) {
  for (Problem& p : from) {
    p.path.insert(0, pointer);
    report(to, std::move(p), every_fix);
  }
}

class DocumentReader {
 public:
  DocumentReader(ParsedJson& parsed, ReadOptions options) : parsed_(parsed), options_(options) {}

  // Reads `doc` into `node` (whose pointer is set). Returns how many of its
  // errors are parse problems (duplicate keys) inside it, which the
  // enclosing document lists already.
  size_t read(DocumentNode& node, const JsonValue& doc, size_t depth) {
    if (!node.pointer.empty()) {
      for (const Problem& p : parsed_.errors) {
        if (pointer_within(p.path, node.pointer)) report(node.errors, p);
      }
    }
    const size_t inherited = node.errors.size();
    Problems errors, warnings;  // at pointers relative to `doc`
    const JsonValue* metadata = nullptr;
    if (!doc.IsObject()) {
      errors.push_back({"", found(doc) + "; expected an array or group document (an object)", ProblemCode::WrongType});
    } else {
      node.value = &doc;
      const JsonValue* type = member(doc, "node_type");
      const bool group = type && kind_of(*type) == JsonKind::String && string_of(*type) == "group";
      node.type = group ? NodeType::Group : NodeType::Array;
      if (group) metadata = check_group(node, doc, errors, warnings, depth);
      else node.grid = check_array_document(doc, parsed_, options_, errors, warnings);
      if (parsed_.non_finite) judge_non_finite_tokens(doc, group, options_.quirks, errors, warnings);
    }
    report_at(node.errors, node.pointer, std::move(errors));
    report_at(node.warnings, node.pointer, std::move(warnings), options_.quirks == Quirks::Repair);
    if (metadata) read_entries(node, *metadata, depth);
    if (!node.errors.empty()) node.grid.reset();
    return inherited;
  }

 private:
  // zarr_format, node_type, attributes and consolidated_metadata; returns
  // the consolidated `metadata` object when its entries are to be read.
  const JsonValue* check_group(DocumentNode& node, const JsonValue& doc, Problems& errors, Problems& warnings,
                               size_t depth) {
    check_node_fields(doc, "group", errors);
    check_group_rules(doc, errors, warnings);
    const JsonValue* attributes = member(doc, "attributes");
    if (attributes && !attributes->IsObject())
      errors.push_back({"/attributes", found(*attributes) + "; expected an object", ProblemCode::WrongType});

    const JsonValue* consolidated = member(doc, "consolidated_metadata");
    if (!consolidated) return nullptr;
    const std::string at = "/consolidated_metadata";
    const std::string expected = "an object {\"kind\": \"inline\", \"must_understand\": false, \"metadata\": {...}}";
    if (consolidated->IsNull()) {  // ledger: consolidated-metadata-null
      note_quirk(options_.quirks, {Quirk::ConsolidatedMetadataNull, at, "null", "no consolidated metadata", expected + " (or no member)",
                                   ProblemCode::WrongType},
                 errors, warnings, {Fix::Kind::RemoveMember});
      return nullptr;
    }
    if (!consolidated->IsObject()) return errors.push_back({at, found(*consolidated) + "; expected " + expected, ProblemCode::WrongType}), nullptr;
    bool ok = true;
    const auto require = [&](std::string_view key, std::string_view what) {
      const JsonValue* v = member(*consolidated, key);
      if (!v) errors.push_back({pointer_append(at, key), "found no \"" + std::string(key) + "\"; expected " + std::string(what), ProblemCode::Missing});
      ok = ok && v;
      return v;
    };
    if (const JsonValue* kind = require("kind", "\"inline\"")) {
      if (kind_of(*kind) != JsonKind::String || string_of(*kind) != "inline") {
        errors.push_back({at + "/kind", found(*kind) + "; expected \"inline\""});
        ok = false;
      }
    }
    const JsonValue* must_understand = member(*consolidated, "must_understand");
    if (must_understand && !must_understand->IsBool()) {
      errors.push_back({at + "/must_understand", found(*must_understand) + "; expected false", ProblemCode::WrongType});
    }
    const JsonValue* metadata = require("metadata", "an object from child paths to their documents");
    if (metadata && !metadata->IsObject()) {
      errors.push_back({at + "/metadata", found(*metadata) + "; expected an object from child paths to their documents", ProblemCode::WrongType});
      ok = false;
    }
    if (ok && depth >= kMaxConsolidatedDepth) {
      errors.push_back({at, "found consolidated metadata nested more than " + std::to_string(kMaxConsolidatedDepth) +
                                " deep; expected at most " + std::to_string(kMaxConsolidatedDepth), ProblemCode::TooLarge});
      ok = false;
    }
    node.consolidated = ok;
    return ok ? metadata : nullptr;
  }

  void read_entries(DocumentNode& node, const JsonValue& metadata, size_t depth) {
    const std::string base = node.pointer + "/consolidated_metadata/metadata";
    node.entries.reserve(metadata.MemberCount());
    for (auto m = metadata.MemberBegin(); m != metadata.MemberEnd(); ++m) {
      DocumentNode& entry = node.entries.emplace_back();
      entry.path.assign(m->name.GetString(), m->name.GetStringLength());
      entry.pointer = pointer_append(base, entry.path);
      const size_t inherited = read(entry, m->value, depth + 1);
      if (const std::string why = unfit_name(entry.path); !why.empty()) {
        // Member names are stored untagged: quoted here, not by describe_value.
        constexpr size_t kQuoteLimit = 40;
        const std::string shown = entry.path.size() <= kQuoteLimit ? entry.path : entry.path.substr(0, kQuoteLimit) + "...";
        report(entry.errors, {entry.pointer, "found the name \"" + shown + "\", " + why +
                                                 "; expected a child path: names joined by \"/\", none empty, \".\" or \"..\""});
        entry.grid.reset();
      }
      for (size_t i = inherited; i < entry.errors.size(); ++i) report(node.errors, entry.errors[i]);
      for (const Problem& w : entry.warnings) report(node.warnings, w, options_.quirks == Quirks::Repair);
    }
  }

  ParsedJson& parsed_;
  ReadOptions options_;
};

}  // namespace

Document read_document(std::string_view json, ReadOptions options) {
  Document out{std::make_unique<ParsedJson>(), {}};
  const JsonValue* doc = parse_document(json, options, *out.parsed);
  out.root.errors = out.parsed->errors;
  out.root.warnings = out.parsed->warnings;
  if (doc) DocumentReader(*out.parsed, options).read(out.root, *doc, 0);
  return out;
}

Validation validate_metadata(std::string_view json, ReadOptions options) {
  Document doc = read_document(json, options);
  return {std::move(doc.root.errors), std::move(doc.root.warnings)};
}

bool integer_fill_value(const DocumentNode& node) {
  const JsonValue* type = node.value ? member(*node.value, "data_type") : nullptr;
  if (!type || kind_of(*type) != JsonKind::String) return false;
  const std::string_view name = string_of(*type);
  return name == "int64" || name == "uint64";
}

}  // namespace zr
