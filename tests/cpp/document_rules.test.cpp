// The rules for the whole array document beyond shape and chunk_grid
// (docs/semantics.md, "What validateMetadata checks"): one test per rule,
// each problem at its pointer and with its code.
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

zr::Validation check(const std::string& json) {
  auto v = zr::validate_metadata(json, kStrict);
  INFO(json << "\n" << listing(v.errors));
  return v;
}

void valid(const std::string& json) {
  const auto v = zr::validate_metadata(json);
  INFO(json << "\n" << listing(v.errors));
  CHECK(v.errors.empty());
}

// Exactly one error, at `path`, with `code` (by default; `strict` for a
// writers' ledger entry, read with a warning by default).
void invalid(const std::string& json, const std::string& path, Code code, zr::ReadOptions options = {}) {
  const auto v = zr::validate_metadata(json, options);
  INFO(json << "\n" << listing(v.errors));
  REQUIRE(v.errors.size() == 1);
  CHECK(v.errors[0].path == path);
  CHECK(v.errors[0].code == code);
  CHECK(v.errors[0].message.find("found") != std::string::npos);
  CHECK(v.errors[0].message.find("expected") != std::string::npos);
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

TEST_CASE("zarr_format must be 3 and node_type \"array\"", "[rules]") {
  invalid(doc({{"zarr_format", "2"}}), "/zarr_format", Code::Invalid);
  invalid(doc({{"zarr_format", ""}}), "/zarr_format", Code::Missing);
  invalid(doc({{"node_type", ""}}), "/node_type", Code::Missing);
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
  invalid(doc({{"data_type", R"("r12")"}, {"fill_value", "[0]"}}), "/data_type", Code::Invalid);
  invalid(doc({{"data_type", R"("r0")"}, {"fill_value", "[]"}}), "/data_type", Code::Invalid);
  invalid(doc({{"data_type", R"({"name":"r012"})"}, {"fill_value", "[]"}}), "/data_type/name", Code::Invalid);
}

TEST_CASE("An unknown data type is a warning naming it, not an error", "[rules]") {
  warned(doc({{"data_type", R"("string")"}, {"fill_value", R"("")"}}), "/data_type", Code::UnknownExtension);
  warned(doc({{"data_type", R"({"name":"numpy.datetime64","configuration":{"unit":"s","scale_factor":1}})"},
              {"fill_value", "-9223372036854775808"}}),
         "/data_type/name", Code::UnknownExtension);
  const auto v = zr::validate_metadata(doc({{"data_type", R"("string")"}, {"fill_value", R"("")"}}), kStrict);
  REQUIRE(v.warnings.size() == 1);
  CHECK(v.warnings[0].message.find("\"string\"") != std::string::npos);
}

TEST_CASE("data_type must be present, as a name or an object with a name", "[rules]") {
  invalid(doc({{"data_type", ""}}), "/data_type", Code::Missing);
  invalid(doc({{"data_type", "7"}}), "/data_type", Code::WrongType);
  invalid(doc({{"data_type", R"({"configuration":{}})"}}), "/data_type/name", Code::Missing);
}

TEST_CASE("An integer fill value must be in its data type's range, exactly", "[rules]") {
  valid(doc({{"data_type", R"("int8")"}, {"fill_value", "-128"}}));
  valid(doc({{"data_type", R"("int64")"}, {"fill_value", "-9223372036854775808"}}));
  valid(doc({{"data_type", R"("int64")"}, {"fill_value", "9223372036854775807"}}));
  valid(doc({{"data_type", R"("uint64")"}, {"fill_value", "18446744073709551615"}}));
  invalid(doc({{"data_type", R"("int16")"}, {"fill_value", "70000"}}), "/fill_value", Code::OutOfRange);
  invalid(doc({{"data_type", R"("int8")"}, {"fill_value", "-129"}}), "/fill_value", Code::OutOfRange);
  invalid(doc({{"data_type", R"("int64")"}, {"fill_value", "9223372036854775808"}}), "/fill_value", Code::OutOfRange);
  invalid(doc({{"data_type", R"("int64")"}, {"fill_value", "-9223372036854775809"}}), "/fill_value", Code::OutOfRange);
  invalid(doc({{"data_type", R"("uint8")"}, {"fill_value", "-1"}}), "/fill_value", Code::OutOfRange);
  invalid(doc({{"data_type", R"("uint64")"}, {"fill_value", "18446744073709551616"}}), "/fill_value", Code::OutOfRange);
  invalid(doc({{"data_type", R"("int32")"}, {"fill_value", "1.5"}}), "/fill_value", Code::NotInteger);
  invalid(doc({{"data_type", R"("int32")"}, {"fill_value", "1.0"}}), "/fill_value", Code::NotInteger, kStrict);
  invalid(doc({{"data_type", R"("int32")"}, {"fill_value", "null"}}), "/fill_value", Code::WrongType, kStrict);
  invalid(doc({{"data_type", R"("int32")"}, {"fill_value", R"("abc")"}}), "/fill_value", Code::WrongType);
}

TEST_CASE("A float fill value is a number, NaN, an infinity, or hex of the right width", "[rules]") {
  for (const char* f : {"0", "-3.4028234663852886e38", "1e-50", R"("NaN")", R"("Infinity")", R"("-Infinity")", R"("0x7fc00000")"})
    valid(doc({{"fill_value", f}}));
  valid(doc({{"data_type", R"("float64")"}, {"fill_value", "-1.5e300"}}));
  valid(doc({{"data_type", R"("float16")"}, {"fill_value", "-65504"}}));
  // A finite number that the type rounds to infinity.
  invalid(doc({{"fill_value", "-1.5e300"}}), "/fill_value", Code::OutOfRange);
  invalid(doc({{"data_type", R"("float64")"}, {"fill_value", "1e400"}}), "/fill_value", Code::OutOfRange);
  invalid(doc({{"data_type", R"("float16")"}, {"fill_value", "65520"}}), "/fill_value", Code::OutOfRange);
  // At the bounds, as a reader rounds: text to double, double to the type.
  invalid(doc({{"fill_value", "340282356779733642748073463979561713664"}}), "/fill_value", Code::OutOfRange);
  invalid(doc({{"fill_value", "3.4028235677973366e38"}}), "/fill_value", Code::OutOfRange);
  valid(doc({{"fill_value", "340282356779733642748073463979561713663"}}));
  valid(doc({{"fill_value", "-3.40282356779733642748073463979561713663e38"}}));
  invalid(doc({{"data_type", R"("float16")"}, {"fill_value", "65519.99999999999636202119290828704833984375"}}), "/fill_value", Code::OutOfRange);
  valid(doc({{"data_type", R"("float16")"}, {"fill_value", "65519.99999999999636202119290828704833984374"}}));
  invalid(doc({{"data_type", R"("float64")"}, {"fill_value", "1.797693134862315808e308"}}), "/fill_value", Code::OutOfRange);
  valid(doc({{"data_type", R"("float64")"}, {"fill_value", "1.7976931348623157e308"}}));
  valid(doc({{"data_type", R"("float64")"}, {"fill_value", "1e-400"}}));
  valid(doc({{"data_type", R"("float16")"}, {"fill_value", R"("0x7e00")"}}));
  valid(doc({{"data_type", R"("float64")"}, {"fill_value", R"("0x7ff8000000000000")"}}));
  invalid(doc({{"fill_value", R"("nan")"}}), "/fill_value", Code::Invalid);
  invalid(doc({{"fill_value", R"("abc")"}}), "/fill_value", Code::Invalid);
  invalid(doc({{"fill_value", R"("0x7e00")"}}), "/fill_value", Code::Invalid);
  invalid(doc({{"fill_value", R"("0x7fc0000g")"}}), "/fill_value", Code::Invalid);
  invalid(doc({{"fill_value", "true"}}), "/fill_value", Code::WrongType);
  invalid(doc({{"fill_value", "null"}}), "/fill_value", Code::WrongType, kStrict);
  invalid(doc({{"fill_value", ""}}), "/fill_value", Code::Missing);
}

TEST_CASE("A complex fill value is [real, imaginary], each a float fill value", "[rules]") {
  invalid(doc({{"data_type", R"("complex64")"}, {"fill_value", "0"}}), "/fill_value", Code::WrongType);
  invalid(doc({{"data_type", R"("complex64")"}, {"fill_value", "[0]"}}), "/fill_value", Code::WrongType);
  invalid(doc({{"data_type", R"("complex64")"}, {"fill_value", R"([0, "0x7ff8000000000000"])"}}), "/fill_value/1", Code::Invalid);
  valid(doc({{"data_type", R"("complex128")"}, {"fill_value", R"([0, "0x7ff8000000000000"])"}}));
}

TEST_CASE("A bool fill value is true or false", "[rules]") {
  invalid(doc({{"data_type", R"("bool")"}, {"fill_value", "0"}}), "/fill_value", Code::WrongType);
}

TEST_CASE("A raw fill value is an array of bits/8 bytes", "[rules]") {
  invalid(doc({{"data_type", R"("r16")"}, {"fill_value", "[0]"}}), "/fill_value", Code::WrongType);
  invalid(doc({{"data_type", R"("r16")"}, {"fill_value", "[0, 256]"}}), "/fill_value/1", Code::OutOfRange);
  invalid(doc({{"data_type", R"("r8")"}, {"fill_value", "0"}}), "/fill_value", Code::WrongType);
}

TEST_CASE("Chunk key encodings default and v2, with \"/\" or \".\"", "[rules]") {
  valid(doc({{"chunk_key_encoding", R"({"name":"default"})"}}));
  valid(doc({{"chunk_key_encoding", R"({"name":"default","configuration":{"separator":"."}})"}}));
  valid(doc({{"chunk_key_encoding", R"({"name":"v2","configuration":{"separator":"/"}})"}}));
  valid(doc({{"chunk_key_encoding", R"("v2")"}}));
  invalid(doc({{"chunk_key_encoding", R"({"configuration":{"separator":"/"}})"}}), "/chunk_key_encoding/name", Code::Missing);
  invalid(doc({{"chunk_key_encoding", R"({"name":"default","configuration":{"separator":"-"}})"}}),
          "/chunk_key_encoding/configuration/separator", Code::Invalid);
  invalid(doc({{"chunk_key_encoding", R"({"name":"v2","configuration":{"separator":0}})"}}),
          "/chunk_key_encoding/configuration/separator", Code::WrongType);
  invalid(doc({{"chunk_key_encoding", ""}}), "/chunk_key_encoding", Code::Missing);
  invalid(doc({{"chunk_key_encoding", "[]"}}), "/chunk_key_encoding", Code::WrongType);
  warned(doc({{"chunk_key_encoding", R"({"name":"hilbert"})"}}), "/chunk_key_encoding/name", Code::UnknownExtension);
}

TEST_CASE("Extension points may be given by their name alone", "[rules]") {
  valid(doc({{"codecs", R"(["bytes"])"}, {"data_type", R"("uint8")"}, {"chunk_key_encoding", R"("default")"}}));
  valid(doc({{"codecs", codecs(kBytesLE + R"(,"crc32c")")}}));
}

TEST_CASE("Codecs: an array with exactly one array-to-bytes codec", "[rules]") {
  invalid(doc({{"codecs", "[]"}}), "/codecs", Code::EmptyList, kStrict);
  invalid(doc({{"codecs", R"([{"name":"gzip","configuration":{"level":5}}])"}}), "/codecs", Code::CodecOrder);
  invalid(doc({{"codecs", codecs(kBytesLE + "," + kBytesLE)}}), "/codecs/1", Code::CodecOrder);
  invalid(doc({{"codecs", ""}}), "/codecs", Code::Missing);
  invalid(doc({{"codecs", "{}"}}), "/codecs", Code::WrongType);
}

TEST_CASE("Codecs come in order: array-to-array, array-to-bytes, bytes-to-bytes", "[rules]") {
  invalid(doc({{"codecs", codecs(R"({"name":"gzip","configuration":{"level":5}},)" + kBytesLE)}}), "/codecs/0", Code::CodecOrder);
  invalid(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"transpose","configuration":{"order":[1,0]}})")}}), "/codecs/1", Code::CodecOrder);
  valid(doc({{"codecs", codecs(R"({"name":"transpose","configuration":{"order":[1,0]}},)" + kBytesLE +
                               R"(,{"name":"zstd","configuration":{"level":0,"checksum":false}},"crc32c")")}}));
}

TEST_CASE("A codec needs a name", "[rules]") {
  invalid(doc({{"codecs", R"([{"configuration":{"endian":"little"}}])"}}), "/codecs/0/name", Code::Missing);
}

TEST_CASE("An unknown codec is a warning, and its place is not checked", "[rules]") {
  warned(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"numcodecs.zlib","configuration":{"level":1}})")}}), "/codecs/1/name",
         Code::UnknownExtension);
  const auto v = zr::validate_metadata(doc({{"data_type", R"("string")"}, {"fill_value", R"("")"}, {"codecs", R"([{"name":"vlen-utf8"}])"}}), kStrict);
  INFO(listing(v.errors));
  CHECK(v.errors.empty());
  CHECK(v.warnings.size() == 2);
}

TEST_CASE("bytes: endian \"little\" or \"big\", required unless elements are one byte", "[rules]") {
  valid(doc({{"codecs", R"([{"name":"bytes","configuration":{"endian":"big"}}])"}}));
  valid(doc({{"data_type", R"("uint8")"}, {"codecs", R"([{"name":"bytes"}])"}}));
  valid(doc({{"data_type", R"("bool")"}, {"fill_value", "false"}, {"codecs", R"([{"name":"bytes","configuration":{}}])"}}));
  invalid(doc({{"codecs", R"([{"name":"bytes"}])"}}), "/codecs/0", Code::Missing);
  invalid(doc({{"codecs", R"([{"name":"bytes","configuration":{}}])"}}), "/codecs/0/configuration/endian", Code::Missing);
  invalid(doc({{"codecs", R"([{"name":"bytes","configuration":{"endian":"middle"}}])"}}), "/codecs/0/configuration/endian", Code::Invalid);
}

TEST_CASE("gzip: level from 0 to 9", "[rules]") {
  const auto gz = [](const std::string& level) { return doc({{"codecs", codecs(kBytesLE + R"(,{"name":"gzip","configuration":{"level":)" + level + "}}")}}); };
  valid(gz("0"));
  valid(gz("9"));
  invalid(gz("10"), "/codecs/1/configuration/level", Code::OutOfRange);
  invalid(gz("-1"), "/codecs/1/configuration/level", Code::OutOfRange);
  invalid(gz("\"5\""), "/codecs/1/configuration/level", Code::WrongType);
  invalid(doc({{"codecs", codecs(kBytesLE + R"(,"gzip")")}}), "/codecs/1", Code::Missing);
}

TEST_CASE("zstd: an integer level and a boolean checksum", "[rules]") {
  invalid(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"zstd","configuration":{"level":1.5}})")}}), "/codecs/1/configuration/level", Code::NotInteger);
  invalid(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"zstd","configuration":{"level":1,"checksum":1}})")}}), "/codecs/1/configuration/checksum", Code::WrongType);
  valid(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"zstd","configuration":{"level":-5}})")}}));
}

TEST_CASE("blosc: cname, clevel, shuffle, typesize and blocksize", "[rules]") {
  const std::string ok = R"({"name":"blosc","configuration":{"typesize":4,"cname":"zstd","clevel":5,"shuffle":"shuffle","blocksize":0}})";
  valid(doc({{"codecs", codecs(kBytesLE + "," + ok)}}));
  invalid(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"blosc","configuration":{"typesize":4,"cname":"zip","clevel":5,"shuffle":"shuffle","blocksize":0}})")}}),
          "/codecs/1/configuration/cname", Code::Invalid);
  invalid(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"shuffle","blocksize":0}})")}}),
          "/codecs/1/configuration/typesize", Code::Missing);
  valid(doc({{"codecs", codecs(kBytesLE + R"(,{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"noshuffle","blocksize":0}})")}}));
}

TEST_CASE("transpose: order is a permutation of the axes", "[rules]") {
  const auto tr = [](const std::string& order) { return doc({{"codecs", codecs(R"({"name":"transpose","configuration":{"order":)" + order + "}}," + kBytesLE)}}); };
  valid(tr("[0,1]"));
  invalid(tr("[0]"), "/codecs/0/configuration/order", Code::AxisCount);
  invalid(tr("[0,0]"), "/codecs/0/configuration/order/1", Code::Invalid);
  invalid(tr("[0,2]"), "/codecs/0/configuration/order/1", Code::Invalid);
  invalid(tr(R"("C")"), "/codecs/0/configuration/order", Code::WrongType);
}

TEST_CASE("sharding_indexed: chunk_shape, codecs and index_codecs checked in full", "[rules]") {
  const auto shard = [](const std::string& config) { return doc({{"codecs", "[{\"name\":\"sharding_indexed\",\"configuration\":" + config + "}]"}}); };
  const std::string inner = R"("codecs":[{"name":"bytes","configuration":{"endian":"little"}}])";
  const std::string index = R"("index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}])";
  valid(shard(R"({"chunk_shape":[1,5],)" + inner + "," + index + R"(,"index_location":"end"})"));
  valid(shard(R"({"chunk_shape":[1,5],)" + inner + "," + index + R"(,"index_location":"start"})"));
  invalid(shard(R"({"chunk_shape":[1,5],)" + inner + "," + index + R"(,"index_location":"middle"})"), "/codecs/0/configuration/index_location", Code::Invalid);
  invalid(shard(R"({"chunk_shape":[5],)" + inner + "," + index + "}"), "/codecs/0/configuration/chunk_shape", Code::AxisCount);
  invalid(shard(R"({"chunk_shape":[0,5],)" + inner + "," + index + "}"), "/codecs/0/configuration/chunk_shape/0", Code::NotPositive);
  invalid(shard(R"({"chunk_shape":[1,5],"codecs":[],)" + index + "}"), "/codecs/0/configuration/codecs", Code::EmptyList);
  invalid(shard(R"({"chunk_shape":[1,5],)" + inner + R"(,"index_codecs":[{"name":"crc32c"}]})"), "/codecs/0/configuration/index_codecs", Code::CodecOrder);
  invalid(shard(R"({"chunk_shape":[1,5],)" + inner + R"(,"index_codecs":[{"name":"bytes"}]})"), "/codecs/0/configuration/index_codecs/0", Code::Missing);
  invalid(shard(R"({"chunk_shape":[1,5],)" + index + "}"), "/codecs/0/configuration/codecs", Code::Missing);
}

TEST_CASE("dimension_names: one string or null per axis", "[rules]") {
  valid(doc({{"dimension_names", R"(["y", null])"}}));
  invalid(doc({{"dimension_names", R"(["y"])"}}), "/dimension_names", Code::AxisCount);
  invalid(doc({{"dimension_names", R"(["y", 1])"}}), "/dimension_names/1", Code::WrongType);
  invalid(doc({{"dimension_names", R"("yx")"}}), "/dimension_names", Code::WrongType);
}

TEST_CASE("attributes must be an object", "[rules]") {
  valid(doc({{"attributes", ""}}));
  invalid(doc({{"attributes", "[]"}}), "/attributes", Code::WrongType);
}

TEST_CASE("Unknown members are refused unless marked must_understand false", "[rules]") {
  invalid(doc({{"extra", "1"}}), "/extra", Code::UnknownKey);
  invalid(doc({{"extra", R"({"must_understand": true})"}}), "/extra", Code::UnknownKey);
  invalid(doc({{"consolidated_metadata", "null"}}), "/consolidated_metadata", Code::UnknownKey);
  warned(doc({{"extra", R"({"name": "x", "must_understand": false})"}}), "/extra", Code::UnknownExtension);
}

TEST_CASE("storage_transformers: an unknown one is an error unless must_understand false", "[rules]") {
  valid(doc({{"storage_transformers", "[]"}}));
  invalid(doc({{"storage_transformers", R"([{"name":"chunk-manifest"}])"}}), "/storage_transformers/0", Code::UnknownName);
  warned(doc({{"storage_transformers", R"([{"name":"x","must_understand":false}])"}}), "/storage_transformers/0", Code::UnknownExtension);
  invalid(doc({{"storage_transformers", "{}"}}), "/storage_transformers", Code::WrongType);
}

TEST_CASE("Integral floats are forgiven only where the writers' ledger lists them", "[rules]") {
  // A gzip level of 5.0: no writer is known to write it.
  const std::string json = doc({{"codecs", R"([{"name":"bytes","configuration":{"endian":"little"}},{"name":"gzip","configuration":{"level":5.0}}])"}});
  const auto v = zr::validate_metadata(json);
  REQUIRE(v.errors.size() == 1);
  CHECK(v.errors[0].path == "/codecs/1/configuration/level");
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
