// The tokens NaN, Infinity and -Infinity (written by Python's json module)
// and RapidJSON's Inf, -Inf and -NaN (written by no one), in every place of
// a zarr.json: validate_metadata and read_grid_metadata judge each alike
// (docs/writers-ledger.md, non-finite-tokens). Python's tokens read in
// attributes, with a warning (an error with strict); anywhere else they are
// a syntax error at their pointer, unless the rules refuse the value there
// already. RapidJSON's tokens are not JSON anywhere: a syntax error for the
// document. Every syntax error carries the token's byte offset.
#include "document.hpp"
#include "test_support.hpp"

using namespace zr_test;
using Catch::Matchers::Contains;

namespace {

// Where a token is put: `before` and `after` surround it in the document.
struct Place {
  const char* name;
  std::string pointer;
  std::string before, after;
};

const std::string kHead = R"({"zarr_format":3,"node_type":"array","shape":[4,6],"data_type":"float32",)";
const std::string kTail =
    R"("chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes","configuration":{"endian":"little"}}]})";

std::vector<Place> places() {
  return {
      {"attributes", "/attributes/a",
       kHead + R"("chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2,3]}},"attributes":{"a":)", "}," + kTail},
      {"an unknown member of chunk_grid", "/chunk_grid/extra",
       kHead + R"("chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2,3]},"extra":)", "}," + kTail},
      {"inside an unknown member of chunk_grid", "/chunk_grid/extra/0/x",
       kHead + R"("chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2,3]},"extra":[{"x":)", "}]}," + kTail},
      {"an unknown member of its configuration", "/chunk_grid/configuration/extra",
       kHead + R"("chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2,3],"extra":)", "}}," + kTail},
      {"a chunk size", "/chunk_grid/configuration/chunk_shape/1",
       kHead + R"("chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2,)", "]}}," + kTail},
      {"an edge", "/chunk_grid/configuration/chunk_shapes/0/1",
       kHead + R"("chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[2,)", "],3]}}," + kTail},
      {"a run's edge length", "/chunk_grid/configuration/chunk_shapes/0/0/0",
       kHead + R"("chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[[)", ",2]],3]}}," + kTail},
      {"the grid's name", "/chunk_grid/name", kHead + R"("chunk_grid":{"name":)", R"(,"configuration":{"chunk_shape":[2,3]}},)" + kTail},
  };
}

bool in_grid(const std::string& pointer) {
  return pointer.empty() || zr::pointer_within(pointer, "/shape") || zr::pointer_within(pointer, "/chunk_grid");
}

std::string line(const zr::Problem& p) {
  return p.path + " [" + std::to_string(static_cast<int>(p.code)) + "] @" + std::to_string(p.byte_offset) + " " + p.message;
}

// validate_metadata's problems in shape and chunk_grid are read_grid_metadata's,
// messages and byte offsets included, and the grid is read exactly when there are none.
void check_agree(const std::string& json, zr::ReadOptions options) {
  const auto v = zr::validate_metadata(json, options);
  const auto g = zr::read_grid_metadata(json, options);
  std::vector<std::string> from_validate, from_grid;
  for (const auto& p : v.errors) {
    if (in_grid(p.path)) from_validate.push_back(line(p));
  }
  for (const auto& p : g.errors) from_grid.push_back(line(p));
  CHECK(from_grid == from_validate);
  CHECK(g.grid.has_value() == from_validate.empty());
}

}  // namespace

TEST_CASE("Both entry points judge each non-finite token alike, in every place", "[ledger][json][metadata]") {
  for (const Place& place : places()) {
    // RapidJSON also reads a fraction or an exponent after a token.
    for (const std::string token : {"NaN", "Infinity", "-Infinity", "Inf", "-Inf", "-NaN", "NaN.5", "Infinitye5", "-Inf.25E+3", "-Infinity.0"}) {
      for (const bool strict : {false, true}) {
        const std::string json = place.before + token + place.after;
        const int64_t at = static_cast<int64_t>(place.before.size());
        const auto options = tolerant_if(!strict);
        INFO(place.name << ": " << token << (strict ? " (strict)" : " (default)") << "\n" << json);
        check_agree(json, options);
        const auto v = zr::validate_metadata(json, options);
        const auto g = zr::read_grid_metadata(json, options);
        INFO("validate_metadata:\n" << listing(v.errors) << "read_grid_metadata:\n" << listing(g.errors));
        const bool python = token == "NaN" || token == "Infinity" || token == "-Infinity";
        const bool attributes = place.pointer == "/attributes/a";
        const bool unknown = place.pointer.find("extra") != std::string::npos;
        if (!python) {
          // Not JSON, and no writer's: the document does not parse.
          REQUIRE(v.errors.size() == 1);
          CHECK(v.errors[0].path.empty());
          CHECK(v.errors[0].code == zr::ProblemCode::Syntax);
          CHECK(v.errors[0].byte_offset == at);
          CHECK_THAT(v.errors[0].message, Contains("found invalid JSON at byte " + std::to_string(at)));
        } else if (attributes && !strict) {
          // The writers' ledger: read as the float it names, with a warning.
          CHECK(v.errors.empty());
          REQUIRE(v.warnings.size() == 1);
          CHECK(v.warnings[0].path == place.pointer);
          CHECK_THAT(v.warnings[0].message, Contains("non-finite-tokens"));
        } else if (attributes || unknown) {
          // Strict refuses the ledger's entry; outside attributes no writer wrote it.
          REQUIRE(v.errors.size() == 1);
          CHECK(v.errors[0].path == place.pointer);
          CHECK(v.errors[0].code == zr::ProblemCode::Syntax);
          CHECK(v.errors[0].byte_offset == at);
          CHECK_THAT(v.errors[0].message, Contains("found " + token) && Contains("byte " + std::to_string(at)));
        } else {
          // A member the rules read refuses the value itself, once.
          REQUIRE(v.errors.size() == 1);
          CHECK(v.errors[0].path == place.pointer);
          CHECK(v.errors[0].code != zr::ProblemCode::Syntax);
          CHECK_THAT(v.errors[0].message, Contains("found " + token + " (a token JSON does not have)"));
        }
        // read_grid_metadata reads only shape and chunk_grid.
        CHECK(g.grid.has_value() == (python && attributes));
      }
    }
  }
}

TEST_CASE("A token's byte offset counts from the input's first byte: past a byte-order mark, inside a consolidated entry",
          "[ledger][json]") {
  const Place unknown = places()[1];
  const std::string bom = "\xEF\xBB\xBF";
  const std::string json = bom + unknown.before + "-Infinity" + unknown.after;
  check_agree(json, kTolerant);
  const auto v = zr::validate_metadata(json);
  INFO(listing(v.errors));
  REQUIRE(v.errors.size() == 1);
  CHECK(v.errors[0].byte_offset == static_cast<int64_t>(bom.size() + unknown.before.size()));

  const std::string group_head = R"({"zarr_format":3,"node_type":"group","attributes":{"x":NaN},"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"a":)";
  const std::string group = group_head + unknown.before + "Infinity" + unknown.after + "}}}";
  const auto read = zr::read_document(group, kStrict);
  INFO(listing(read.root.errors));
  REQUIRE(read.root.errors.size() == 2);
  CHECK(read.root.errors[0].path == "/attributes/x");
  CHECK(read.root.errors[0].byte_offset == static_cast<int64_t>(group_head.find("NaN")));
  CHECK(read.root.errors[1].path == "/consolidated_metadata/metadata/a/chunk_grid/extra");
  CHECK(read.root.errors[1].byte_offset == static_cast<int64_t>(group_head.size() + unknown.before.size()));
}

TEST_CASE("A token under a key written twice: both entry points report the duplicate key and the token", "[ledger][json]") {
  const Place conf = places()[3];
  for (const std::string second : {"1", "NaN"}) {
    const std::string json = conf.before + "-Infinity,\"extra\":" + second + conf.after;
    INFO(json);
    for (const bool strict : {false, true}) check_agree(json, tolerant_if(!strict));
    const auto g = zr::read_grid_metadata(json);
    INFO(listing(g.errors));
    REQUIRE(g.errors.size() == 2);
    CHECK(g.errors[0].code == zr::ProblemCode::DuplicateKey);
    CHECK(g.errors[1].code == zr::ProblemCode::Syntax);
    CHECK(g.errors[1].byte_offset == static_cast<int64_t>(conf.before.size()));
  }
}
