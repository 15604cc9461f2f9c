// The writers' ledger (docs/writers-ledger.md) in whole documents: each
// entry reads by default as its writers meant, with a warning that names
// it, and is an error with strict. (Grid entries: metadata.test.cpp. What
// no writer is known to write stays an error: the bad-input catalogue,
// tests/data/bad-inputs/.)
#include "document.hpp"
#include "test_support.hpp"

using namespace zr_test;
using Catch::Matchers::Contains;
using Catch::Matchers::UnorderedEquals;
using Paths = std::vector<std::string>;

namespace {

std::string array_doc(const std::string& extra, const std::string& data_type = "float32",
                      const std::string& fill = "0", const std::string& codecs = R"([{"name":"bytes","configuration":{"endian":"little"}}])") {
  return R"({"zarr_format":3,"node_type":"array","shape":[4,6],"data_type":")" + data_type +
         R"(","chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2,3]}},)"
         R"("chunk_key_encoding":{"name":"default"},"fill_value":)" + fill + R"(,"codecs":)" + codecs + extra + "}";
}

// Reads `json` by default and with strict: one warning (naming `id`) at
// `path` and no error; one error there, naming `id`, with strict.
zr::Document one_entry(const std::string& json, const std::string& path, const std::string& id) {
  INFO(json);
  const auto strict = zr::read_document(json, kStrict);
  INFO(listing(strict.root.errors));
  REQUIRE(strict.root.errors.size() == 1);
  CHECK(strict.root.errors[0].path == path);
  CHECK_THAT(strict.root.errors[0].message, Contains(id) && Contains("strict"));
  auto read = zr::read_document(json);
  INFO(listing(read.root.errors));
  CHECK(read.root.valid());
  REQUIRE(read.root.warnings.size() == 1);
  CHECK(read.root.warnings[0].path == path);
  CHECK_THAT(read.root.warnings[0].message, Contains(id));
  return read;
}

const zr::JsonValue& member_of(const zr::Document& doc, std::string_view key) {
  const zr::JsonValue* v = zr::member(*doc.root.value, key);
  REQUIRE(v);
  return *v;
}

}  // namespace

TEST_CASE("dimension_names: null reads as none", "[ledger]") {
  one_entry(array_doc(R"(,"dimension_names":null,"storage_transformers":[])"), "/dimension_names", "dimension-names-null");
  CHECK_FALSE(zr::validate_metadata(array_doc(R"(,"dimension_names":5)")).valid());
}

TEST_CASE("consolidated_metadata: null reads as none; 7 stays an error", "[ledger]") {
  const auto doc = one_entry(R"({"zarr_format":3,"node_type":"group","attributes":{},"consolidated_metadata":null})",
                             "/consolidated_metadata", "consolidated-metadata-null");
  CHECK_FALSE(doc.root.consolidated);
  CHECK_FALSE(zr::validate_metadata(R"({"zarr_format":3,"node_type":"group","consolidated_metadata":7})").valid());
}

TEST_CASE("NaN, Infinity and -Infinity in attributes read as those floats", "[ledger][json]") {
  const std::string json = array_doc(R"(,"attributes":{"a":NaN,"b":[Infinity,{"c":-Infinity}],"d":"NaN"})");
  const auto read = zr::read_document(json);
  INFO(listing(read.root.errors));
  CHECK(read.root.valid());
  CHECK_THAT(paths(read.root.warnings), UnorderedEquals(Paths{"/attributes/a", "/attributes/b/0", "/attributes/b/1/c"}));
  CHECK_THAT(read.root.warnings[0].message, Contains("non-finite-tokens"));
  const zr::JsonValue& a = *zr::member(member_of(read, "attributes"), "a");
  CHECK(zr::kind_of(a) == zr::JsonKind::NonFinite);
  CHECK(zr::number_text_of(a) == "NaN");
  CHECK(zr::read_document(json, kStrict).root.errors.size() == 3);
  // In a group and in a consolidated entry too.
  const auto group = zr::read_document(
      R"({"zarr_format":3,"node_type":"group","attributes":{"x":Infinity},"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"a":)" +
      array_doc(R"(,"attributes":{"y":NaN})") + "}}}");
  INFO(listing(group.root.errors));
  CHECK(group.root.valid());
  CHECK_THAT(paths(group.root.warnings), UnorderedEquals(Paths{"/attributes/x", "/consolidated_metadata/metadata/a/attributes/y"}));
}

TEST_CASE("Fill values spelled as strings or integral floats read as the number they spell", "[ledger]") {
  struct Case {
    std::string type, fill, kind, text;
  };
  const Case c = GENERATE(values<Case>({
      {"int32", R"("42")", "integer", "42"},
      {"int32", "0.0", "integer", "0"},
      {"int8", R"("-3")", "number", "-3"},
      {"uint64", R"("18446744073709551615")", "integer", "18446744073709551615"},
      {"float32", R"("3.14")", "number", "3.14"},
  }));
  INFO(c.type << " " << c.fill);
  const auto read = one_entry(array_doc("", c.type, c.fill), "/fill_value", "fill-value-spelled");
  const zr::JsonValue& fill = member_of(read, "fill_value");
  if (c.kind == "integer") CHECK(std::to_string(fill.GetUint64()) == c.text);
  else CHECK(zr::number_text_of(fill) == c.text);
}

TEST_CASE("zarrita.js's fill_value null reads as the data type's zero", "[ledger]") {
  struct Case {
    std::string type, zero;
  };
  const Case c = GENERATE(values<Case>({{"float32", "0"}, {"int64", "0"}, {"bool", "false"}, {"complex64", "[0,0]"}, {"r16", "[0,0]"}}));
  INFO(c.type);
  const auto read = one_entry(array_doc("", c.type, "null", c.type == "r16" || c.type == "bool" ? R"([{"name":"bytes"}])" : R"([{"name":"bytes","configuration":{"endian":"little"}}])"),
                              "/fill_value", "zarrita-null-fill-value");
  const zr::JsonValue& fill = member_of(read, "fill_value");
  if (c.zero == "false") CHECK(fill.IsFalse());
  else if (c.zero == "0") CHECK((fill.IsUint64() && fill.GetUint64() == 0));
  else CHECK((fill.IsArray() && fill.Size() == 2 && fill[0].GetUint64() == 0 && fill[1].GetUint64() == 0));
}

TEST_CASE("zarrita.js's codecs [] read as little-endian bytes", "[ledger]") {
  const auto read = one_entry(array_doc("", "float32", "0", "[]"), "/codecs", "zarrita-empty-codecs");
  const zr::JsonValue& codecs = member_of(read, "codecs");
  REQUIRE(codecs.Size() == 1);
  CHECK(zr::string_of(*zr::member(codecs[0], "name")) == "bytes");
  CHECK(zr::string_of(*zr::member(*zr::member(codecs[0], "configuration"), "endian")) == "little");
  // With a data type this library does not know, and inside a shard, [] stays an error.
  CHECK_FALSE(zr::validate_metadata(array_doc("", "string", "\"\"", "[]")).valid());
  const std::string sharded = R"([{"name":"sharding_indexed","configuration":{"chunk_shape":[1,1],"codecs":[],"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}}])";
  CHECK_FALSE(zr::validate_metadata(array_doc("", "float32", "0", sharded)).valid());
}

TEST_CASE("Codecs written as bare names read as {\"name\": ...}", "[ledger]") {
  const auto read = one_entry(array_doc("", "uint8", "0", R"(["bytes"])"), "/codecs/0", "bare-codec-names");
  const zr::JsonValue& codecs = member_of(read, "codecs");
  REQUIRE(codecs[0].IsObject());
  CHECK(zr::string_of(*zr::member(codecs[0], "name")) == "bytes");
  // The data type's bare name is the spec's own form: no warning.
  CHECK(zr::validate_metadata(array_doc("")).warnings.empty());
}

TEST_CASE("A byte-order mark reads with a warning, and is an error with strict", "[ledger][json]") {
  one_entry("\xEF\xBB\xBF" + array_doc(""), "", "byte-order-mark");
}

TEST_CASE("Every ledger entry has an id and writers", "[ledger]") {
  for (uint8_t q = 0; q <= static_cast<uint8_t>(zr::Quirk::ZarritaNullFillValue); ++q) {
    const auto& entry = zr::ledger_entry(static_cast<zr::Quirk>(q));
    CHECK_FALSE(entry.id.empty());
    CHECK_FALSE(entry.writers.empty());
  }
}
