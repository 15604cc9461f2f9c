// The rules for the whole array document beyond shape and chunk_grid
// (docs/semantics.md, "What validateMetadata checks"): one test per rule,
// with what it accepts and what it warns about. What each rule refuses, at
// its pointer and with its code, is in the bad-input catalogue
// (tests/data/bad-inputs/, checked by bad_inputs.test.cpp).
#include <map>

#include "document.hpp"
#include "test_support.hpp"

using namespace zr_test;
using Code = zr::ProblemCode;

namespace {

// A valid float32 array document with `changes` applied: a member's JSON
// text, or "" to leave it out. Members keep a fixed order; new ones go last.
std::string doc(const std::vector<std::pair<std::string, std::string>>& changes = {}) {
  std::vector<std::pair<std::string, std::string>> members = {
      {"zarr_format", "3"},
      {"node_type", R"("array")"},
      {"shape", "[10,20]"},
      {"data_type", R"("float32")"},
      {"chunk_grid", R"({"name":"regular","configuration":{"chunk_shape":[5,5]}})"},
      {"chunk_key_encoding", R"({"name":"default","configuration":{"separator":"/"}})"},
      {"fill_value", "0"},
      {"codecs", R"([{"name":"bytes","configuration":{"endian":"little"}}])"},
      {"attributes", "{}"},
  };
  for (const auto& [key, value] : changes) {
    auto it = std::find_if(members.begin(), members.end(), [&](const auto& m) { return m.first == key; });
    if (it == members.end()) members.push_back({key, value});
    else it->second = value;
  }
  std::string out = "{";
  for (const auto& [key, value] : members) {
    if (value.empty()) continue;
    out += (out.size() > 1 ? ",\"" : "\"") + key + "\":" + value;
  }
  return out + "}";
}

void valid(const std::string& json) {
  const auto v = zr::validate_metadata(json);
  INFO(json << "\n" << listing(v.errors));
  CHECK(v.errors.empty());
}

// Valid, with one warning at `path` with `code`.
void warned(const std::string& json, const std::string& path, Code code) {
  const auto v = zr::validate_metadata(json, kStrict);
  INFO(json << "\n" << listing(v.errors) << listing(v.warnings));
  CHECK(v.errors.empty());
  REQUIRE(v.warnings.size() == 1);
  CHECK(v.warnings[0].path == path);
  CHECK(v.warnings[0].code == code);
}

const std::string kBytesLE = R"({"name":"bytes","configuration":{"endian":"little"}})";
std::string codecs(const std::string& items) { return "[" + items + "]"; }

}  // namespace

TEST_CASE("The base document of these tests is valid, with no warnings", "[rules]") {
  const auto v = zr::validate_metadata(doc(), kStrict);
  INFO(listing(v.errors));
  CHECK(v.errors.empty());
  CHECK(v.warnings.empty());
}

TEST_CASE("The core data types are known", "[rules]") {
  for (const char* t : {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
                        "float64"})
    valid(doc({{"data_type", std::string("\"") + t + "\""}}));
  valid(doc({{"data_type", R"("bool")"}, {"fill_value", "false"}}));
  valid(doc({{"data_type", R"("complex64")"}, {"fill_value", "[0, 1.5]"}}));
  valid(doc({{"data_type", R"("complex128")"}, {"fill_value", R"(["NaN", "-Infinity"])"}}));
  valid(doc({{"data_type", R"({"name":"int16"})"}}));
}

TEST_CASE("A raw data type r<bits> needs bits a positive multiple of 8", "[rules]") {
  valid(doc({{"data_type", R"("r8")"}, {"fill_value", "[0]"}}));
  valid(doc({{"data_type", R"("r24")"}, {"fill_value", "[1,2,255]"}}));
}

TEST_CASE("An unknown data type is a warning naming it, not an error", "[rules]") {
  warned(doc({{"data_type", R"({"name":"numpy.datetime64","configuration":{"unit":"s","scale_factor":1}})"},
              {"fill_value", "-9223372036854775808"}}),
         "/data_type/name", Code::UnknownExtension);
  const auto v = zr::validate_metadata(doc({{"data_type", R"("numpy.datetime64")"}, {"fill_value", "0"}}), kStrict);
  REQUIRE(v.warnings.size() == 1);
  CHECK(v.warnings[0].message.find("\"numpy.datetime64\"") != std::string::npos);
}

TEST_CASE("zarr-python's string and variable_length_bytes are known, their fill values checked", "[rules]") {
  valid(doc({{"data_type", R"("string")"}, {"fill_value", R"("")"}, {"codecs", R"([{"name":"vlen-utf8"}])"}}));
  valid(doc({{"data_type", R"("variable_length_bytes")"}, {"fill_value", R"("AQI=")"}, {"codecs", R"([{"name":"vlen-bytes"}])"}}));
  const auto v = zr::validate_metadata(doc({{"data_type", R"("string")"}, {"fill_value", "0"}, {"codecs", R"([{"name":"vlen-utf8"}])"}}));
  REQUIRE(v.errors.size() == 1);
  CHECK(v.errors[0].path == "/fill_value");
  CHECK(v.errors[0].code == Code::WrongType);
}

TEST_CASE("An integer fill value must be in its data type's range, exactly", "[rules]") {
  valid(doc({{"data_type", R"("int8")"}, {"fill_value", "-128"}}));
  valid(doc({{"data_type", R"("int64")"}, {"fill_value", "-9223372036854775808"}}));
  valid(doc({{"data_type", R"("int64")"}, {"fill_value", "9223372036854775807"}}));
  valid(doc({{"data_type", R"("uint64")"}, {"fill_value", "18446744073709551615"}}));
}

TEST_CASE("A float fill value is a number, NaN, an infinity, or hex of the right width", "[rules]") {
  for (const char* f : {"0", "-3.4028234663852886e38", "1e-50", R"("NaN")", R"("Infinity")", R"("-Infinity")", R"("0x7fc00000")"})
    valid(doc({{"fill_value", f}}));
  valid(doc({{"data_type", R"("float64")"}, {"fill_value", "-1.5e300"}}));
  valid(doc({{"data_type", R"("float16")"}, {"fill_value", "-65504"}}));
  // At the bounds, as a reader rounds: text to double, double to the type
  // (just past them is the catalogue's).
  valid(doc({{"fill_value", "340282356779733642748073463979561713663"}}));
  valid(doc({{"fill_value", "-3.40282356779733642748073463979561713663e38"}}));
  valid(doc({{"data_type", R"("float16")"}, {"fill_value", "65519.99999999999636202119290828704833984374"}}));
  valid(doc({{"data_type", R"("float64")"}, {"fill_value", "1.7976931348623157e308"}}));
  valid(doc({{"data_type", R"("float64")"}, {"fill_value", "1.7976931348623158e308"}}));  // the same double
  valid(doc({{"data_type", R"("float64")"}, {"fill_value", "1e-400"}}));
  valid(doc({{"data_type", R"("float16")"}, {"fill_value", R"("0x7e00")"}}));
  valid(doc({{"data_type", R"("float64")"}, {"fill_value", R"("0x7ff8000000000000")"}}));
}

TEST_CASE("A complex fill value is [real, imaginary], each a float fill value", "[rules]") {
  valid(doc({{"data_type", R"("complex128")"}, {"fill_value", R"([0, "0x7ff8000000000000"])"}}));
}

TEST_CASE("Chunk key encodings default and v2, with \"/\" or \".\"", "[rules]") {
  valid(doc({{"chunk_key_encoding", R"({"name":"default"})"}}));
  valid(doc({{"chunk_key_encoding", R"({"name":"default","configuration":{"separator":"."}})"}}));
  valid(doc({{"chunk_key_encoding", R"({"name":"v2","configuration":{"separator":"/"}})"}}));
  valid(doc({{"chunk_key_encoding", R"("v2")"}}));
  warned(doc({{"chunk_key_encoding", R"({"name":"hilbert"})"}}), "/chunk_key_encoding/name", Code::UnknownExtension);
}

TEST_CASE("Extension points may be given by their name alone", "[rules]") {
  valid(doc({{"codecs", R"(["bytes"])"}, {"data_type", R"("uint8")"}, {"chunk_key_encoding", R"("default")"}}));
  valid(doc({{"codecs", codecs(kBytesLE + R"(,"crc32c")")}}));
}

TEST_CASE("Codecs come in order: array-to-array, array-to-bytes, bytes-to-bytes", "[rules]") {
  valid(doc({{"codecs", codecs(R"({"name":"transpose","configuration":{"order":[1,0]}},)" + kBytesLE +
                               R"(,{"name":"zstd","configuration":{"level":0,"checksum":false}},"crc32c")")}}));
}

TEST_CASE("An unknown codec is a warning, and its place is not checked", "[rules]") {
  warned(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"numcodecs.unheard-of","configuration":{"level":1}})")}}), "/codecs/1/name",
         Code::UnknownExtension);
  const auto v = zr::validate_metadata(doc({{"data_type", R"("numpy.datetime64")"}, {"fill_value", "0"}, {"codecs", R"([{"name":"mystery"}])"}}), kStrict);
  INFO(listing(v.errors));
  CHECK(v.errors.empty());
  CHECK(v.warnings.size() == 2);
}

TEST_CASE("After a codec it does not know, no rank is checked; after reshape, the rank reshape makes", "[rules]") {
  const std::string shard12 = R"({"name":"sharding_indexed","configuration":{"chunk_shape":[12],"codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}]}})";
  valid(doc({{"codecs", "[" + std::string(R"({"name":"reshape","configuration":{"shape":[[0,1]]}},)") + shard12 + "]"}}));
  const auto v = zr::validate_metadata(doc({{"codecs", "[" + std::string(R"({"name":"mystery"},)") + shard12 + "]"}}));
  INFO(listing(v.errors));
  CHECK(v.errors.empty());
  REQUIRE(v.warnings.size() == 1);
  CHECK(v.warnings[0].path == "/codecs/0/name");
}

TEST_CASE("bytes: endian \"little\" or \"big\", required unless elements are one byte", "[rules]") {
  valid(doc({{"codecs", R"([{"name":"bytes","configuration":{"endian":"big"}}])"}}));
  valid(doc({{"data_type", R"("uint8")"}, {"codecs", R"([{"name":"bytes"}])"}}));
  valid(doc({{"data_type", R"("bool")"}, {"fill_value", "false"}, {"codecs", R"([{"name":"bytes","configuration":{}}])"}}));
}

TEST_CASE("gzip: level from 0 to 9", "[rules]") {
  const auto gz = [](const std::string& level) { return doc({{"codecs", codecs(kBytesLE + R"(,{"name":"gzip","configuration":{"level":)" + level + "}}")}}); };
  valid(gz("0"));
  valid(gz("9"));
}

TEST_CASE("zstd: an integer level and a boolean checksum", "[rules]") {
  valid(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"zstd","configuration":{"level":-5}})")}}));
}

TEST_CASE("blosc: cname, clevel, shuffle, typesize and blocksize", "[rules]") {
  const std::string ok = R"({"name":"blosc","configuration":{"typesize":4,"cname":"zstd","clevel":5,"shuffle":"shuffle","blocksize":0}})";
  valid(doc({{"codecs", codecs(kBytesLE + "," + ok)}}));
  valid(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"noshuffle","blocksize":0}})")}}));
}

TEST_CASE("transpose: order is a permutation of the axes", "[rules]") {
  const auto tr = [](const std::string& order) { return doc({{"codecs", codecs(R"({"name":"transpose","configuration":{"order":)" + order + "}}," + kBytesLE)}}); };
  valid(tr("[0,1]"));
}

TEST_CASE("sharding_indexed: chunk_shape, codecs and index_codecs checked in full", "[rules]") {
  const auto shard = [](const std::string& config) { return doc({{"codecs", "[{\"name\":\"sharding_indexed\",\"configuration\":" + config + "}]"}}); };
  const std::string inner = R"("codecs":[{"name":"bytes","configuration":{"endian":"little"}}])";
  const std::string index = R"("index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}])";
  valid(shard(R"({"chunk_shape":[1,5],)" + inner + "," + index + R"(,"index_location":"end"})"));
  valid(shard(R"({"chunk_shape":[1,5],)" + inner + "," + index + R"(,"index_location":"start"})"));
}

TEST_CASE("dimension_names: one string or null per axis", "[rules]") {
  valid(doc({{"dimension_names", R"(["y", null])"}}));
}

TEST_CASE("attributes must be an object", "[rules]") {
  valid(doc({{"attributes", ""}}));
}

TEST_CASE("Unknown members are refused unless marked must_understand false", "[rules]") {
  warned(doc({{"extra", R"({"name": "x", "must_understand": false})"}}), "/extra", Code::UnknownExtension);
}

TEST_CASE("storage_transformers: an unknown one is an error unless must_understand false", "[rules]") {
  valid(doc({{"storage_transformers", "[]"}}));
  warned(doc({{"storage_transformers", R"([{"name":"x","must_understand":false}])"}}), "/storage_transformers/0", Code::UnknownExtension);
}

TEST_CASE("Groups refuse unknown members unless must_understand false", "[rules]") {
  const auto errors_of = [](const std::string& json) { return zr::read_document(json).root.errors; };
  CHECK(errors_of(R"({"zarr_format":3,"node_type":"group","attributes":{}})").empty());
  CHECK(errors_of(R"({"zarr_format":3,"node_type":"group","consolidated_metadata":null})").empty());
  const auto e = errors_of(R"({"zarr_format":3,"node_type":"group","extra":1})");
  REQUIRE(e.size() == 1);
  CHECK(e[0].path == "/extra");
  CHECK(e[0].code == Code::UnknownKey);
  CHECK(errors_of(R"({"zarr_format":3,"node_type":"group","extra":{"must_understand":false}})").empty());
  CHECK(errors_of(R"({"zarr_format":99,"node_type":"group","attributes":7})").size() == 2);
}

TEST_CASE("Consolidated entries are checked by the same rules", "[rules]") {
  const std::string entry = doc({{"codecs", "[]"}});
  const auto d = zr::read_document(R"({"zarr_format":3,"node_type":"group","consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"a":)" + entry + "}}}", kStrict);
  REQUIRE(d.root.errors.size() == 1);
  CHECK(d.root.errors[0].path == "/consolidated_metadata/metadata/a/codecs");
  CHECK(d.root.errors[0].code == Code::EmptyList);
}
