// read_document: one parse of a zarr.json, read as an array or a group;
// a group's consolidated metadata read entry by entry, each problem at its
// JSON Pointer into the whole text.
#include "document.hpp"
#include "test_support.hpp"

using namespace zr_test;
using Paths = std::vector<std::string>;

namespace {

const std::string kArray =
    R"({"zarr_format":3,"node_type":"array","shape":[6,10],"data_type":"uint64",)"
    R"("chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[2,4],[[5,2]]]}},)"
    R"("chunk_key_encoding":{"name":"default"},"fill_value":18446744073709551615,"codecs":[{"name":"bytes","configuration":{"endian":"little"}}],)"
    R"("dimension_names":["y","x"],"attributes":{"units":"K"}})";

// An array entry as zarr-python writes it inside consolidated metadata.
std::string array_entry(const std::string& shape, const std::string& chunk_shape) {
  return R"({"zarr_format":3,"node_type":"array","shape":)" + shape +
         R"(,"data_type":"float32","chunk_grid":{"name":"regular","configuration":{"chunk_shape":)" + chunk_shape +
         R"(}},"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes","configuration":{"endian":"little"}}]})";
}

std::string group(const std::string& members = "") {
  return R"({"zarr_format":3,"node_type":"group","attributes":{})" + members + "}";
}

std::string consolidated(const std::string& metadata) {
  return R"(,"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":)" + metadata + "}";
}

const zr::DocumentNode& entry(const zr::DocumentNode& node, const std::string& path) {
  for (const auto& e : node.entries) {
    if (e.path == path) return e;
  }
  FAIL("no entry " << path);
  return node;
}

}  // namespace

TEST_CASE("An array document reads once: its grid, and its values kept as parsed", "[document]") {
  const zr::Document doc = zr::read_document(kArray, kStrict);
  const zr::DocumentNode& root = doc.root;
  INFO(listing(root.errors));
  REQUIRE(root.valid());
  CHECK(root.type == zr::NodeType::Array);
  REQUIRE(root.grid.has_value());
  CHECK(root.grid->grid_shape() == std::vector<uint64_t>{2, 2});
  REQUIRE(root.value != nullptr);
  const zr::JsonValue* fill = zr::member(*root.value, "fill_value");
  REQUIRE(fill != nullptr);
  CHECK(fill->GetUint64() == kMax);
  CHECK(zr::string_of(*zr::member(*root.value, "data_type")) == "uint64");
  CHECK_FALSE(root.consolidated);
}

TEST_CASE("An array document is checked exactly as validate_metadata checks it", "[document]") {
  for (const std::string json : {std::string(R"({"shape":[6]})"), std::string("[1]"), std::string("{"),
                                 kArray.substr(0, kArray.size() - 1) + R"(,"shape":[6,10]})"}) {
    const auto read = zr::read_document(json, kStrict);
    const auto v = zr::validate_metadata(json, kStrict);
    CHECK(paths(read.root.errors) == paths(v.errors));
    CHECK_FALSE(read.root.grid.has_value());
    CHECK(read.root.type == zr::NodeType::Array);
  }
}

TEST_CASE("A group needs zarr_format 3 and an object for attributes", "[document]") {
  CHECK(zr::read_document(group(), kStrict).root.valid());
  CHECK(zr::read_document(group(), kStrict).root.type == zr::NodeType::Group);
  const auto bad = zr::read_document(R"({"zarr_format":2,"node_type":"group","attributes":[]})", kStrict);
  CHECK(paths(bad.root.errors) == Paths{"/zarr_format", "/attributes"});
  CHECK_FALSE(bad.root.grid.has_value());
}

TEST_CASE("Consolidated metadata gives each entry by its flattened path, validated on its own", "[document]") {
  const std::string json =
      group(consolidated("{\"a\":" + group() + ",\"a/b\":" + array_entry("[10]", "[4]") + ",\"c\":" + kArray + "}"));
  const auto doc = zr::read_document(json, kStrict);
  INFO(listing(doc.root.errors));
  REQUIRE(doc.root.valid());
  REQUIRE(doc.root.consolidated);
  REQUIRE(doc.root.entries.size() == 3);
  CHECK(entry(doc.root, "a").type == zr::NodeType::Group);
  const auto& b = entry(doc.root, "a/b");
  CHECK(b.type == zr::NodeType::Array);
  CHECK(b.pointer == "/consolidated_metadata/metadata/a~1b");
  REQUIRE(b.grid.has_value());
  CHECK(b.grid->grid_shape() == std::vector<uint64_t>{3});
  const auto& c = entry(doc.root, "c");
  REQUIRE(c.grid.has_value());
  CHECK(zr::member(*c.value, "fill_value")->GetUint64() == kMax);
}

TEST_CASE("An invalid entry is reported at its pointer, by the entry and by its group", "[document]") {
  const std::string json = group(consolidated("{\"a/b\":" + array_entry("[10]", "[0]") + ",\"d\":" + array_entry("[4]", "[2]") + "}"));
  const auto doc = zr::read_document(json, kStrict);
  const Paths expected{"/consolidated_metadata/metadata/a~1b/chunk_grid/configuration/chunk_shape/0"};
  CHECK(paths(doc.root.errors) == expected);
  const auto& bad = entry(doc.root, "a/b");
  CHECK(paths(bad.errors) == expected);
  CHECK_FALSE(bad.grid.has_value());
  CHECK(entry(doc.root, "d").valid());
  CHECK(entry(doc.root, "d").grid.has_value());
}

TEST_CASE("A duplicate key inside an entry makes that entry invalid", "[document]") {
  const std::string json = group(consolidated(R"({"x":{"zarr_format":3,"node_type":"group","node_type":"group"}})"));
  const auto doc = zr::read_document(json, kStrict);
  const Paths expected{"/consolidated_metadata/metadata/x/node_type"};
  CHECK(paths(doc.root.errors) == expected);  // listed once
  CHECK(paths(entry(doc.root, "x").errors) == expected);
}

TEST_CASE("A child group may hold consolidated metadata of its own", "[document]") {
  const std::string inner = group(consolidated("{\"b\":" + array_entry("[5]", "[-1]") + "}"));
  const auto doc = zr::read_document(group(consolidated("{\"a\":" + inner + ",\"a/b\":" + array_entry("[5]", "[2]") + "}")), kStrict);
  const Paths expected{"/consolidated_metadata/metadata/a/consolidated_metadata/metadata/b/chunk_grid/configuration/chunk_shape/0"};
  CHECK(paths(doc.root.errors) == expected);
  const auto& a = entry(doc.root, "a");
  REQUIRE(a.consolidated);
  CHECK(paths(a.errors) == expected);
  CHECK(paths(entry(a, "b").errors) == expected);
  CHECK(entry(doc.root, "a/b").valid());
}

TEST_CASE("consolidated_metadata: null reads as none, with a warning", "[document]") {
  const auto doc = zr::read_document(group(R"(,"consolidated_metadata":null)"));
  CHECK(doc.root.valid());
  CHECK_FALSE(doc.root.consolidated);
  CHECK(paths(doc.root.warnings) == Paths{"/consolidated_metadata"});
}

TEST_CASE("consolidated_metadata needs kind \"inline\" and a metadata object", "[document]") {
  const auto doc = zr::read_document(group(R"(,"consolidated_metadata":{"kind":"file","must_understand":1,"metadata":[]})"), kStrict);
  CHECK(paths(doc.root.errors) ==
        Paths{"/consolidated_metadata/kind", "/consolidated_metadata/must_understand", "/consolidated_metadata/metadata"});
  CHECK_FALSE(doc.root.consolidated);
  CHECK(paths(zr::read_document(group(R"(,"consolidated_metadata":{"metadata":{}})"), kStrict).root.errors) ==
        Paths{"/consolidated_metadata/kind"});
  CHECK(paths(zr::read_document(group(R"(,"consolidated_metadata":{"kind":"inline","metadata":{"x":3}})"), kStrict).root.errors) ==
        Paths{"/consolidated_metadata/metadata/x"});
}

TEST_CASE("Consolidated metadata nested past the limit is an error, not read", "[document]") {
  std::string json = group();
  for (size_t i = 0; i <= zr::kMaxConsolidatedDepth; ++i) json = group(consolidated("{\"a\":" + json + "}"));
  const auto doc = zr::read_document(json, kStrict);
  REQUIRE(doc.root.errors.size() == 1);
  std::string expected;
  for (size_t i = 0; i < zr::kMaxConsolidatedDepth; ++i) expected += "/consolidated_metadata/metadata/a";
  CHECK(doc.root.errors[0].path == expected + "/consolidated_metadata");
}

TEST_CASE("A consolidated entry's name is a child path: no step out, no scheme, no control character", "[document]") {
  for (const std::string name : {"", ".", "..", "../../outside", "a/../../b", "a/./b", "/abs", "a//b", "a/", "a\\\\b",
                                 "https:/evil.example", "file:x", "a:b", "a\\u001bb", "a\\u0085b", "a\\u007fb"}) {
    const auto doc = zr::read_document(group(consolidated("{\"" + name + "\":" + group() + "}")));
    INFO(name);
    REQUIRE(doc.root.errors.size() == 1);
    CHECK(doc.root.errors[0].message.find("expected a child path") != std::string::npos);
    REQUIRE(doc.root.entries.size() == 1);
    CHECK(paths(doc.root.entries[0].errors) == paths(doc.root.errors));
    CHECK(doc.root.errors[0].path == doc.root.entries[0].pointer);
  }
  const auto named = zr::read_document(group(consolidated("{\"../x\":" + group() + "}")));
  CHECK(named.root.errors.at(0).message.rfind("found the name \"../x\", a \"..\" step;", 0) == 0);
  const auto array = zr::read_document(group(consolidated("{\"..\":" + array_entry("[4]", "[2]") + "}")));
  CHECK_FALSE(array.root.entries.at(0).grid.has_value());
  for (const std::string name : {"a", "a/b", "a.b/c..d", "...", "b/c:d", "1:x", "é/ü", "__x"}) {
    INFO(name);
    CHECK(zr::read_document(group(consolidated("{\"" + name + "\":" + group() + "}"))).root.valid());
  }
}
