// Reading and validating zarr.json by the rules of the spec and of
// docs/semantics.md ("What validateMetadata checks"): what they accept, and
// what they read with a warning. What each refuses, at its exact JSON
// Pointer, is the bad-input catalogue's (tests/data/bad-inputs/, checked by
// bad_inputs.test.cpp); here are only the refusals it cannot list: pointers
// built at depth, byte offsets after a byte-order mark, strict and default
// side by side.
#include "test_support.hpp"

using namespace zr_test;
using Catch::Matchers::Contains;
using Catch::Matchers::UnorderedEquals;
using Paths = std::vector<std::string>;

namespace {

const std::string kShapes = "/chunk_grid/configuration/chunk_shapes";
const std::string kShape = "/chunk_grid/configuration/chunk_shape";

std::string rectilinear(const std::string& chunk_shapes) {
  return R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":)" + chunk_shapes + "}}";
}

std::string regular(const std::string& chunk_shape) {
  return R"({"name":"regular","configuration":{"chunk_shape":)" + chunk_shape + "}}";
}

// A complete, otherwise valid zarr.json array document.
std::string document(const std::string& shape, const std::string& chunk_grid) {
  return R"({"zarr_format":3,"node_type":"array","shape":)" + shape + R"(,"data_type":"float32","chunk_grid":)" +
         chunk_grid +
         R"(,"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"attributes":{}})";
}

// The paths of what read_grid_metadata found wrong.
Paths grid_errors(const std::string& json, zr::ReadOptions options = {}) {
  const auto read = zr::read_grid_metadata(json, options);
  INFO(listing(read.errors));
  CHECK(read.grid.has_value() == read.errors.empty());
  return paths(read.errors);
}

// The grid of a document that must read without errors.
zr::ChunkGrid read_ok(const std::string& json, zr::ReadOptions options = {}) {
  auto read = zr::read_grid_metadata(json, options);
  INFO(json << "\n" << listing(read.errors));
  REQUIRE(read.errors.empty());
  REQUIRE(read.grid.has_value());
  return *read.grid;
}

}  // namespace

// --- valid documents ------------------------------------------------------------------------

TEST_CASE("The spec's example document is valid", "[metadata][spec]") {
  const std::string doc = document("[6,6,6,6,6]", rectilinear("[4,[1,2,3],[[4,2]],[[1,3],3],[4,4,4]]"));
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(listing(v.errors));
  CHECK(v.valid());
  CHECK(v.warnings.empty());
  const auto g = read_ok(doc);
  CHECK(g.grid_shape() == std::vector<uint64_t>{2, 3, 2, 4, 2});
  CHECK(g.declared_grid_shape() == std::vector<uint64_t>{2, 3, 2, 4, 3});
}

TEST_CASE("A regular grid reads losslessly as integer axes", "[metadata][spec]") {
  const auto g = read_ok(document("[10,9,0]", regular("[4,3,7]")));
  CHECK(g.is_regular());
  CHECK(g == grid_of("[10,9,0]", "[4,3,7]"));
  CHECK(zr::validate_metadata(document("[10,9,0]", regular("[4,3,7]")), kStrict).valid());
}

TEST_CASE("Reading a grid needs only shape and chunk_grid", "[metadata]") {
  const auto g = read_ok(R"({"shape":[6],"chunk_grid":)" + rectilinear("[[4,4,4]]") + "}");
  CHECK(g == grid_of("[6]", "[[4,4,4]]"));
  // validate_metadata checks the whole document.
  const auto v = zr::validate_metadata(R"({"shape":[6],"chunk_grid":)" + rectilinear("[[4,4,4]]") + "}", kStrict);
  CHECK_THAT(paths(v.errors), UnorderedEquals(Paths{"/zarr_format", "/node_type", "/data_type",
                                                    "/chunk_key_encoding", "/fill_value", "/codecs"}));
}

TEST_CASE("Zero-length axes are valid with a step or a non-empty list", "[metadata][spec]") {
  const auto g = read_ok(document("[0,0]", rectilinear("[4,[4]]")));
  CHECK(g.grid_shape() == std::vector<uint64_t>{0, 0});
  CHECK(g.declared_grid_shape() == std::vector<uint64_t>{0, 1});
}

TEST_CASE("Overflowing the axis length by whole chunks is permitted", "[metadata][spec]") {
  const auto g = read_ok(document("[6]", rectilinear("[[4,4,4,[9,3]]]")));
  CHECK(g.grid_shape() == std::vector<uint64_t>{2});
  CHECK(g.declared_grid_shape() == std::vector<uint64_t>{6});
}

// --- integers ----------------------------------------------------------------------------------

TEST_CASE("Integers are parsed exactly, up to 2^64 - 1", "[metadata][semantics]") {
  const auto g = read_ok(document("[18446744073709551615,18446744073709551615]",
                                  rectilinear("[[18446744073709551615],[[18446744073709551614,1],1]]")));
  CHECK(g.shape() == std::vector<uint64_t>{kMax, kMax});
  CHECK(edges_of(g.axis(0)) == std::vector<uint64_t>{kMax});
  CHECK(edges_of(g.axis(1)) == std::vector<uint64_t>{kMax - 1, 1});
  // 2^53 + 1 is not rounded through a double.
  const auto h = read_ok(document("[9007199254740993]", rectilinear("[9007199254740993]")));
  CHECK(h.shape() == std::vector<uint64_t>{9007199254740993u});
  CHECK(h.axis(0).step() == 9007199254740993u);
  const auto s = read_ok(document("[18446744073709551615]", regular("[18446744073709551615]")));
  CHECK(s.axis(0).declared_count() == 1);
}

// --- at the limits ----------------------------------------------------------------------------------

TEST_CASE("Sums and steps exactly at their limits are valid", "[metadata][spec][semantics]") {
  // Edges that exactly reach the length.
  CHECK(grid_errors(document("[6]", rectilinear("[[4,2]]")), kStrict).empty());
  // A sum of exactly 2^64 - 1.
  CHECK(grid_errors(document("[5]", rectilinear("[[18446744073709551614,1]]")), kStrict).empty());
  // A step whose ceil(L / m) * m is 2^64 - 1.
  CHECK(grid_errors(document("[18446744073709551615]", rectilinear("[3]")), kStrict).empty());
}

TEST_CASE("validate_metadata accepts any present fill_value for an unknown data type object", "[metadata]") {
  std::string doc = document("[6]", rectilinear("[4]"));
  doc.replace(doc.find(R"("fill_value":0)"), 14, R"("fill_value":null)");
  doc.replace(doc.find(R"("data_type":"float32")"), 21, R"("data_type":{"name":"x","configuration":{}})");
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(doc << "\n" << listing(v.errors));
  CHECK(v.valid());
}

// --- JSON text itself -----------------------------------------------------------------------------------

TEST_CASE("Valid multi-byte UTF-8 is read", "[metadata][json]") {
  std::string good = document("[6]", rectilinear("[4]"));
  good.replace(good.find(R"("attributes":{})"), 15, "\"attributes\":{\"name\":\"caf\xc3\xa9 \xf0\x9f\x8c\x8d\"}");
  CHECK(zr::validate_metadata(good, kStrict).valid());
}

TEST_CASE("A byte-order mark is a warning in lenient mode (an error in strict: the bad-input catalogue)", "[metadata][json]") {
  const std::string doc = "\xEF\xBB\xBF" + document("[6]", rectilinear("[4]"));
  const auto lenient = zr::validate_metadata(doc, zr_test::kTolerant);
  INFO(listing(lenient.errors));
  CHECK(lenient.valid());
  CHECK(paths(lenient.warnings) == Paths{""});
  const auto read = zr::read_grid_metadata(doc, zr_test::kTolerant);
  REQUIRE(read.grid.has_value());
  CHECK(*read.grid == grid_of("[6]", "[4]"));
  CHECK(paths(read.warnings) == Paths{""});
}

TEST_CASE("A byte offset counts from the input's first byte, byte-order mark included", "[metadata][json]") {
  // Lenient mode skips the mark, and the trailing comma is at byte 3 + 13.
  const auto v = zr::validate_metadata("\xEF\xBB\xBF" R"({"shape": [6],})", zr_test::kTolerant);
  REQUIRE(paths(v.errors) == Paths{""});
  CHECK_THAT(v.errors[0].message, Contains("trailing comma at byte 16"));
  CHECK(v.errors[0].byte_offset == 16);
  CHECK(paths(v.warnings) == Paths{""});
}

TEST_CASE("Deep nesting is parsed without exhausting the stack", "[metadata][json]") {
  const size_t depth = 100000;
  std::string arrays = std::string(depth, '[') + std::string(depth, ']');
  std::string objects;
  for (size_t i = 0; i < depth; ++i) objects += R"({"a":)";
  objects += "1" + std::string(depth, '}');
  std::string doc = document("[6]", rectilinear("[4]"));
  doc.replace(doc.find(R"("attributes":{})"), 15, R"("attributes":{"arrays":)" + arrays + R"(,"objects":)" + objects + "}");
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(listing(v.errors));
  CHECK(v.valid());
  CHECK(read_ok(doc) == grid_of("[6]", "[4]"));
}

TEST_CASE("A duplicate key deep inside nesting is reported at its full pointer", "[metadata][json]") {
  const size_t depth = 1000;
  std::string nested, expected = "/attributes";
  for (size_t i = 0; i < depth; ++i) {
    nested += R"({"a":[)";
    expected += "/a/0";
  }
  nested += R"({"x":1,"x":2})";
  for (size_t i = 0; i < depth; ++i) nested += "]}";
  std::string doc = document("[6]", rectilinear("[4]"));
  doc.replace(doc.find(R"("attributes":{})"), 15, R"("attributes":)" + nested);
  const auto v = zr::validate_metadata(doc, kStrict);
  CHECK(paths(v.errors) == Paths{expected + "/x"});
}

// --- the writers' ledger (docs/writers-ledger.md) -------------------------------------------------------------

TEST_CASE("Integral floats are read as integers in chunk grid edges, with a warning at each", "[metadata][semantics][ledger]") {
  const std::string doc = document("[1000,30]", rectilinear("[[[1e2,10]],10.0]"));
  const Paths where = {kShapes + "/0/0/0", kShapes + "/1"};
  // Strict: each is an error that names the ledger entry.
  CHECK_THAT(grid_errors(doc, kStrict), UnorderedEquals(where));
  CHECK_THAT(zr::read_grid_metadata(doc, kStrict).errors.at(0).message, Contains("integral-float-edge"));
  // By default: each is a warning, and the values are exact.
  const auto read = zr::read_grid_metadata(doc);
  INFO(listing(read.errors));
  REQUIRE(read.grid.has_value());
  CHECK(*read.grid == grid_of("[1000,30]", "[[[100,10]],10]"));
  CHECK_THAT(paths(read.warnings), UnorderedEquals(where));
  CHECK_THAT(message_at(read.warnings, kShapes + "/1"), Contains("10.0") && Contains("integral-float-edge") && Contains("zarr-python 3.2"));
  const auto v = zr::validate_metadata(doc);
  CHECK(v.valid());
  CHECK(v.warnings.size() == 2);
}

TEST_CASE("Integral floats are read exactly, in any notation", "[metadata][ledger]") {
  struct Case {
    const char* text;
    uint64_t value;
  };
  const Case c = GENERATE(values<Case>({
      {"10.000", 10},
      {"100e-1", 10},
      {"1E+2", 100},
      {"0.5e1", 5},
      {"18446744073709551615.0", 18446744073709551615u},
      {"1.8446744073709551615e19", 18446744073709551615u},
  }));
  INFO(c.text);
  const auto g = read_ok(document("[" + std::to_string(c.value) + "]", rectilinear(std::string("[[") + c.text + "]]")));
  CHECK(edges_of(g.axis(0)) == std::vector<uint64_t>{c.value});
}

TEST_CASE("true is read as 1 as a chunk size or an edge, with a warning", "[metadata][ledger]") {
  const std::string doc = document("[3,2,2]", R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[true,[true,1],[[true,2]]]}})");
  const auto read = zr::read_grid_metadata(doc);
  INFO(listing(read.errors));
  REQUIRE(read.grid.has_value());
  CHECK(*read.grid == grid_of("[3,2,2]", "[1,[1,1],[[1,2]]]"));
  CHECK_THAT(paths(read.warnings), UnorderedEquals(Paths{kShapes + "/0", kShapes + "/1/0", kShapes + "/2/0/0"}));
  CHECK_THAT(read.warnings.at(0).message, Contains("true-as-one"));
  CHECK(read_ok(document("[4]", regular("[true]"))).axis(0) == step_axis(4, 1));
  CHECK(grid_errors(doc, kStrict).size() == 3);
  // Not as a run count, nor a length.
  CHECK(grid_errors(document("[4]", rectilinear("[[[1,true]]]"))) == Paths{kShapes + "/0/0/1"});
  CHECK(grid_errors(document("[true]", regular("[1]"))) == Paths{"/shape/0"});
}

TEST_CASE("A regular chunk size of 0 or false on a zero-length axis reads as 1, with a warning", "[metadata][ledger]") {
  for (const std::string size : {"0", "false"}) {
    INFO(size);
    const std::string doc = document("[0,4]", regular("[" + size + ",2]"));
    const auto read = zr::read_grid_metadata(doc);
    INFO(listing(read.errors));
    REQUIRE(read.grid.has_value());
    CHECK(read.grid->axis(0) == step_axis(0, 1));
    CHECK(paths(read.warnings) == Paths{kShape + "/0"});
    CHECK_THAT(read.warnings.at(0).message, Contains("zero-chunk-size"));
    CHECK(grid_errors(doc, kStrict) == Paths{kShape + "/0"});
    // On an axis that is not empty no writer wrote it: an error.
    CHECK(grid_errors(document("[3,4]", regular("[" + size + ",2]"))) == Paths{kShape + "/0"});
    // Nor in a rectilinear grid.
    CHECK(grid_errors(document("[0]", rectilinear("[" + size + "]"))) == Paths{kShapes + "/0"});
  }
}

TEST_CASE("zarr-python 3.2's \"regular\" grid with edge lists reads as rectilinear, with a warning",
          "[metadata][semantics][ledger]") {
  const std::string doc = document("[10,20]", R"({"name":"regular","configuration":{"chunk_shape":[2,[5,10,5]]}})");
  // Strict: an error at the list, naming the entry.
  CHECK(grid_errors(doc, kStrict) == Paths{kShape + "/1"});
  CHECK_THAT(zr::read_grid_metadata(doc, kStrict).errors.at(0).message, Contains("regular-edge-lists"));
  CHECK_FALSE(zr::validate_metadata(doc, kStrict).valid());
  // By default: the same grid as the rectilinear spelling.
  const auto read = zr::read_grid_metadata(doc);
  INFO(listing(read.errors));
  REQUIRE(read.grid.has_value());
  CHECK(*read.grid == grid_of("[10,20]", "[2,[5,10,5]]"));
  CHECK_FALSE(read.grid->is_regular());
  CHECK(paths(read.warnings) == Paths{kShape});
  const auto v = zr::validate_metadata(doc);
  CHECK(v.valid());
  CHECK(paths(v.warnings) == Paths{kShape});
  // Its lists are still checked in full.
  const std::string bad = document("[10,20]", R"({"name":"regular","configuration":{"chunk_shape":[2,[5,0,5]]}})");
  CHECK(grid_errors(bad) == Paths{kShape + "/1/1"});
}

TEST_CASE("Strict mode gives no warnings", "[metadata]") {
  const auto read = zr::read_grid_metadata(document("[6]", rectilinear("[4]")), kStrict);
  CHECK(read.warnings.empty());
}

// --- the builders' documents ------------------------------------------------------------------------------

TEST_CASE("read_chunk_shapes reports paths as if its arguments were {shape, chunk_shapes}", "[metadata][builders]") {
  CHECK(zr::read_chunk_shapes(R"({"shape":[6,6],"chunk_shapes":[4,[0]]})").errors.at(0).path == "/chunk_shapes/1/0");
  CHECK(paths(zr::read_chunk_shapes(R"({"shape":[6,6],"chunk_shapes":[4]})").errors) == Paths{"/chunk_shapes"});
  CHECK(paths(zr::read_chunk_shapes(R"({"chunk_shapes":[4]})").errors) == Paths{"/shape"});
  CHECK(paths(zr::read_chunk_shapes(R"({"shape":[6]})").errors) == Paths{"/chunk_shapes"});
  CHECK(paths(zr::read_chunk_shapes(R"({"shape":[-6],"chunk_shapes":[[]]})").errors) ==
        Paths{"/shape/0", "/chunk_shapes/0"});
  CHECK(paths(zr::read_chunk_shapes(R"({"shape":[6],"chunk_shapes":[4.0]})").errors) == Paths{"/chunk_shapes/0"});
  const auto ok = zr::read_chunk_shapes(R"({"shape":[6,6],"chunk_shapes":[4,[[3,2]]]})");
  REQUIRE(ok.grid.has_value());
  CHECK(ok.errors.empty());
}

TEST_CASE("read_edges takes dask-style edges: the shape is their sums", "[metadata][builders][semantics]") {
  const auto read = zr::read_edges(R"({"chunk_shapes":[[4,4,2],[],[0],[3]]})");
  INFO(listing(read.errors));
  REQUIRE(read.grid.has_value());
  const zr::ChunkGrid& g = *read.grid;
  CHECK(g.shape() == std::vector<uint64_t>{10, 0, 0, 3});
  CHECK(g.axis(0) == edges_axis(10, {4, 4, 2}));
  // [] and [0] are a zero-length axis with integer step 1.
  CHECK(g.axis(1) == step_axis(0, 1));
  CHECK(g.axis(2) == step_axis(0, 1));
  CHECK(g.axis(3) == edges_axis(3, {3}));
  CHECK(g.grid_shape() == std::vector<uint64_t>{3, 0, 0, 1});
}

TEST_CASE("read_edges reports each bad edge at its pointer", "[metadata][builders]") {
  CHECK(paths(zr::read_edges(R"({"chunk_shapes":[[4,0]]})").errors) == Paths{"/chunk_shapes/0/1"});
  CHECK(paths(zr::read_edges(R"({"chunk_shapes":[[0,0]]})").errors) ==
        Paths{"/chunk_shapes/0/0", "/chunk_shapes/0/1"});
  CHECK(paths(zr::read_edges(R"({"chunk_shapes":[[[4,2]]]})").errors) == Paths{"/chunk_shapes/0/0"});
  CHECK(paths(zr::read_edges(R"({"chunk_shapes":[5,[2.0]]})").errors) == Paths{"/chunk_shapes/0", "/chunk_shapes/1/0"});
  CHECK(paths(zr::read_edges(R"({"chunk_shapes":[[18446744073709551615,1]]})").errors) == Paths{"/chunk_shapes/0/1"});
  CHECK(paths(zr::read_edges(R"({"edges":[[4]]})").errors) == Paths{"/chunk_shapes"});
  CHECK_FALSE(zr::read_edges(R"({"chunk_shapes":[[4,0]]})").grid.has_value());
}

