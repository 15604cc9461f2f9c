// Every entry of the bad-input catalogue (tests/data/bad-inputs/*.json; the
// format is in docs/architecture.md, "The bad-input catalogue") against the
// core, by default and with strict: validate_metadata reports exactly the
// problems listed, in order (validateMetadata; it returns read_document's,
// which the CLI's validate reads); read_grid_metadata reports those in shape
// and chunk_grid, or reads the grid where the entry says fromMetadata accepts
// it. The node suites read the same files (tests/data/bad-inputs.mjs).
#include <rapidjson/document.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "test_support.hpp"

using namespace zr_test;
using Catch::Matchers::Contains;

namespace {

struct Expected {
  std::string pointer, code;
  std::vector<std::string> message_contains;
};

// Documents over 1 MiB (the 100 MB ones, seconds a call) are the node
// suite's, which checks them in WebAssembly's memory: here they are not built.
constexpr uint64_t kLarge = uint64_t(1) << 20;

struct Entry {
  std::string where;  // "<file> entry <index>: <name>", for INFO
  std::string name;
  uint64_t size = 0;     // the document's length in bytes
  std::string document;  // built when size <= kLarge
  std::vector<Expected> errors, strict_errors;
  std::set<std::string> refused_by;
  bool has_strict_errors = false;
};

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string text_of(const rapidjson::Value& v) { return std::string(v.GetString(), v.GetStringLength()); }

// A document's parts: text (UTF-8), {hex} for bytes that are not UTF-8,
// {repeat, times} for the large documents. A JSON string is one text part.
std::vector<const rapidjson::Value*> parts_of(const rapidjson::Value& document) {
  if (document.IsString()) return {&document};
  REQUIRE(document.IsArray());
  std::vector<const rapidjson::Value*> out;
  for (const auto& part : document.GetArray()) out.push_back(&part);
  return out;
}

uint64_t size_of(const rapidjson::Value& part) {
  if (part.IsString()) return part.GetStringLength();
  if (part.HasMember("hex")) return part["hex"].GetStringLength() / 2;
  return part["repeat"].GetStringLength() * part["times"].GetUint64();
}

void append(std::string& out, const rapidjson::Value& part) {
  if (part.IsString()) {
    out += text_of(part);
  } else if (part.HasMember("hex")) {
    const std::string hex = text_of(part["hex"]);
    REQUIRE(hex.size() % 2 == 0);
    for (size_t i = 0; i < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  } else {
    for (uint64_t i = 0, n = part["times"].GetUint64(); i < n; ++i) out += text_of(part["repeat"]);
  }
}

std::vector<Expected> errors_of(const rapidjson::Value& list) {
  std::vector<Expected> out;
  for (const auto& e : list.GetArray()) {
    for (const auto& m : e.GetObject()) {
      const std::string key = text_of(m.name);
      INFO(key);
      REQUIRE((key == "pointer" || key == "code" || key == "message_contains"));
    }
    Expected x{text_of(e["pointer"]), text_of(e["code"]), {}};
    if (e.HasMember("message_contains")) {
      for (const auto& s : e["message_contains"].GetArray()) x.message_contains.push_back(text_of(s));
    }
    out.push_back(std::move(x));
  }
  return out;
}

// Every entry of every file, files in name order: read once for the run.
const std::vector<Entry>& catalogue() {
  static const std::vector<Entry> entries = [] {
    std::vector<std::filesystem::path> files;
    for (const auto& f : std::filesystem::directory_iterator(ZR_TEST_DATA_DIR "/bad-inputs")) {
      if (f.path().extension() == ".json") files.push_back(f.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<Entry> out;
    for (const auto& file : files) {
      const std::string text = read_file(file);
      rapidjson::Document d;
      d.Parse(text.data(), text.size());
      INFO(file);
      REQUIRE_FALSE(d.HasParseError());
      size_t index = 0;
      for (const auto& raw : d["entries"].GetArray()) {
        Entry e;
        e.name = text_of(raw["name"]);
        e.where = file.stem().string() + " entry " + std::to_string(index++) + ": " + e.name;
        INFO(e.where);
        for (const auto& m : raw.GetObject()) {
          const std::string key = text_of(m.name);
          INFO(key);
          REQUIRE((key == "name" || key == "document" || key == "errors" || key == "strict_errors" || key == "refused_by"));
        }
        const auto parts = parts_of(raw["document"]);
        for (const auto* part : parts) e.size += size_of(*part);
        if (e.size <= kLarge) {
          for (const auto* part : parts) append(e.document, *part);
        }
        e.errors = errors_of(raw["errors"]);
        e.has_strict_errors = raw.HasMember("strict_errors");
        e.strict_errors = e.has_strict_errors ? errors_of(raw["strict_errors"]) : e.errors;
        for (const auto& p : raw["refused_by"].GetArray()) e.refused_by.insert(text_of(p));
        out.push_back(std::move(e));
      }
    }
    return out;
  }();
  return entries;
}

std::string code_name(zr::ProblemCode code) {
  for (const auto& c : zr::kProblemCodeNames) {
    if (c.code == code) return c.js_name;
  }
  return "?";
}

// "pointer CODE" lines, for comparing what was found with what was expected.
std::vector<std::string> found(const zr::Problems& problems) {
  std::vector<std::string> out;
  for (const auto& p : problems) out.push_back(p.path + " " + code_name(p.code));
  return out;
}
std::vector<std::string> wanted(const std::vector<Expected>& errors) {
  std::vector<std::string> out;
  for (const auto& e : errors) out.push_back(e.pointer + " " + e.code);
  return out;
}

bool in_shape_or_chunk_grid(const std::string& pointer) {
  for (const std::string top : {"/shape", "/chunk_grid"}) {
    if (pointer == top || pointer.rfind(top + "/", 0) == 0) return true;
  }
  return pointer.empty();
}

// Each message says what was found and, unless the JSON parser's reason
// follows, what was expected; a syntax error, at which byte; and each holds
// what the catalogue asks of it.
void check_messages(const zr::Problems& problems, const std::vector<Expected>& errors) {
  REQUIRE(problems.size() == errors.size());
  for (size_t i = 0; i < problems.size(); ++i) {
    const auto& p = problems[i];
    INFO(p.path << ": " << p.message);
    CHECK(p.message.rfind("found ", 0) == 0);
    if (p.code != zr::ProblemCode::Syntax && p.code != zr::ProblemCode::Encoding) CHECK_THAT(p.message, Contains("expected"));
    // Text that is not JSON is found at a byte, which the message names.
    if (p.code == zr::ProblemCode::Syntax) {
      CHECK(p.byte_offset >= 0);
      CHECK_THAT(p.message, Contains("byte " + std::to_string(p.byte_offset)));
    }
    for (const auto& part : errors[i].message_contains) CHECK_THAT(p.message, Contains(part));
  }
}

void check_entry(const Entry& e, bool strict) {
  const zr::ReadOptions options = tolerant_if(!strict);
  const auto& errors = strict ? e.strict_errors : e.errors;
  INFO(e.where << (strict ? " (strict)" : " (default)"));
  const auto v = zr::validate_metadata(e.document, options);
  const auto grid = zr::read_grid_metadata(e.document, options);
  INFO("validate_metadata:\n" << listing(v.errors) << "read_grid_metadata:\n" << listing(grid.errors));
  if (errors.empty()) {
    // Read by default, with a warning: the writers' ledger.
    CHECK(v.errors.empty());
    CHECK_FALSE(v.warnings.empty());
    CHECK(grid.grid.has_value());
    return;
  }
  if (e.refused_by.count("validateMetadata")) {
    CHECK(found(v.errors) == wanted(errors));
    if (found(v.errors) == wanted(errors)) check_messages(v.errors, errors);
  } else {
    CHECK(v.errors.empty());
  }
  if (e.refused_by.count("fromMetadata")) {
    std::vector<Expected> in_grid;
    std::copy_if(errors.begin(), errors.end(), std::back_inserter(in_grid), [](const Expected& x) { return in_shape_or_chunk_grid(x.pointer); });
    CHECK(found(grid.errors) == wanted(in_grid));
    CHECK_FALSE(grid.grid.has_value());
    // The same problems as validate_metadata's, messages included.
    std::vector<std::string> messages;
    for (const auto& p : v.errors) {
      if (in_shape_or_chunk_grid(p.path)) messages.push_back(p.message);
    }
    std::vector<std::string> grid_messages;
    for (const auto& p : grid.errors) grid_messages.push_back(p.message);
    CHECK(grid_messages == messages);
  } else {
    // read_grid_metadata reads only shape and chunk_grid.
    CHECK(grid.errors.empty());
    CHECK(grid.grid.has_value());
  }
}

}  // namespace

TEST_CASE("The bad-input catalogue is well formed: distinct names and documents, each refused somewhere", "[bad-inputs]") {
  const auto& entries = catalogue();
  CHECK(entries.size() >= 500);
  std::set<std::string> names, documents;
  const std::set<std::string> points = {"validateMetadata", "fromMetadata", "validate"};
  for (const auto& e : entries) {
    INFO(e.where);
    CHECK(names.insert(e.name).second);
    if (e.size <= kLarge) CHECK(documents.insert(e.document).second);
    CHECK_FALSE(e.refused_by.empty());
    for (const auto& p : e.refused_by) CHECK(points.count(p) == 1);
    CHECK_FALSE((e.errors.empty() && e.strict_errors.empty()));
    // strict_errors is given only where it differs.
    if (e.has_strict_errors) CHECK(wanted(e.strict_errors) != wanted(e.errors));
  }
}

TEST_CASE("Every bad input is refused with exactly its problems, by default and with strict", "[bad-inputs][metadata]") {
  for (const auto& e : catalogue()) {
    if (e.size > kLarge) continue;
    check_entry(e, false);
    check_entry(e, true);
  }
}
