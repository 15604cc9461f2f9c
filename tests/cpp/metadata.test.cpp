// Reading and validating zarr.json: every rule of the spec and of
// docs/semantics.md ("What validateMetadata checks"), each problem at its
// exact JSON Pointer.
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

TEST_CASE("Edge lengths must be positive integers: non-integers, 0 and negatives are errors", "[metadata][spec]") {
  // Each bad value, placed where an edge length, a step or a run count goes.
  const std::string bad = GENERATE(as<std::string>{}, "4.0", "true", "false", R"("4")", "null", "1e3", "0", "-1",
                                   "-0", "1.5", "0.0", "{}", "18446744073709551616");
  const std::string shown = bad == "{}" ? "an object" : bad == R"("4")" ? R"(the string "4")" : bad;
  struct Place {
    std::string shape, chunk_shapes, path;
  };
  const Place place = GENERATE_COPY(values<Place>({
      {"[100]", "[" + bad + "]", kShapes + "/0"},                // an integer step
      {"[100]", "[[4," + bad + ",4]]", kShapes + "/0/1"},        // an explicit edge
      {"[100]", "[[[" + bad + ",2],4]]", kShapes + "/0/0/0"},    // a run's edge length
      {"[100]", "[[4,[4," + bad + "]]]", kShapes + "/0/1/1"},    // a run's count
      {"[10,10]", "[10,[" + bad + "]]", kShapes + "/1/0"},       // on a later axis
  }));
  const std::string doc = document(place.shape, rectilinear(place.chunk_shapes));
  INFO(doc);
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(listing(v.errors));
  CHECK(paths(v.errors) == Paths{place.path});
  CHECK_THAT(message_at(v.errors, place.path), Contains("found " + shown) && Contains("expected a positive integer"));
  CHECK(grid_errors(doc, kStrict) == Paths{place.path});
}

TEST_CASE("A regular grid's chunk_shape must hold positive integers", "[metadata][spec]") {
  const std::string bad = GENERATE(as<std::string>{}, "4.0", "true", R"("4")", "null", "1e3", "0", "-1");
  const std::string doc = document("[10,10]", regular("[5," + bad + "]"));
  INFO(doc);
  CHECK(grid_errors(doc, kStrict) == Paths{kShape + "/1"});
}

TEST_CASE("Array lengths in shape must be non-negative integers", "[metadata]") {
  const std::string bad = GENERATE(as<std::string>{}, "-1", "4.0", "true", R"("4")", "null", "1e3", "1.5", "[]",
                                   "{}", "18446744073709551616");
  const std::string doc = document("[6," + bad + "]", rectilinear("[4,[4,4]]"));
  INFO(doc);
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(listing(v.errors));
  CHECK(paths(v.errors) == Paths{"/shape/1"});
  CHECK_THAT(v.errors.at(0).message, Contains("expected a non-negative integer"));
  CHECK(grid_errors(doc, kStrict) == Paths{"/shape/1"});
}

TEST_CASE("shape must be an array", "[metadata]") {
  CHECK(grid_errors(document("6", rectilinear("[4]")), kStrict) == Paths{"/shape"});
  CHECK(grid_errors(document("{}", rectilinear("[4]")), kStrict) == Paths{"/shape"});
  CHECK(grid_errors(document("null", rectilinear("[4]")), kStrict) == Paths{"/shape"});
}

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

TEST_CASE("Numbers beyond 2^64 - 1 are errors, in strict and lenient mode", "[metadata][semantics]") {
  // Including numbers beyond a double's range, which are valid JSON all the same.
  const std::string big = GENERATE(as<std::string>{}, "18446744073709551616", "1e20", "99999999999999999999999",
                                   "1e400", "1.5e400", "1e99999999999999999999", std::string(400, '9'));
  for (bool lenient : {false, true}) {
    INFO(big << (lenient ? " lenient" : " strict"));
    const auto v = zr::validate_metadata(document("[" + big + "]", rectilinear("[[" + big + "]]")), zr_test::tolerant_if(lenient));
    CHECK_THAT(paths(v.errors), UnorderedEquals(Paths{"/shape/0", kShapes + "/0/0"}));
    CHECK_THAT(message_at(v.errors, "/shape/0"), Contains(big.substr(0, 40)) && Contains("2^64"));
  }
}

// --- run items --------------------------------------------------------------------------------

TEST_CASE("A run item is exactly two positive integers", "[metadata][semantics]") {
  struct Case {
    const char* chunk_shapes;
    const char* path;
  };
  const Case c = GENERATE(values<Case>({
      {"[[[4]]]", "/0/0"},            // [v]
      {"[[[4,2,1]]]", "/0/0"},        // [v, n, x]
      {"[[[[4,2],3]]]", "/0/0/0"},    // [[v, n], m]
      {"[[[4,0]]]", "/0/0/1"},        // a count of 0
      {"[[[0,3]]]", "/0/0/0"},        // an edge length of 0
      {"[[[4,-2]]]", "/0/0/1"},       // a negative count
      {"[[[4,2.0]]]", "/0/0/1"},      // a float count
      {"[[5,[4,2],[]]]", "/0/2"},     // an empty run
  }));
  const std::string doc = document("[8]", rectilinear(c.chunk_shapes));
  INFO(doc);
  CHECK(grid_errors(doc, kStrict) == Paths{kShapes + c.path});
}

TEST_CASE("A malformed run's message says what was found and what was expected", "[metadata]") {
  const auto v = zr::validate_metadata(document("[8]", rectilinear("[[[4,2,1]]]")), kStrict);
  CHECK_THAT(message_at(v.errors, kShapes + "/0/0"), Contains("3 elements") && Contains("exactly two"));
}

// --- empty lists --------------------------------------------------------------------------------

TEST_CASE("An empty list is an error everywhere, even on a zero-length axis", "[metadata][semantics]") {
  // As an axis entry.
  CHECK(grid_errors(document("[6]", rectilinear("[[]]")), kStrict) == Paths{kShapes + "/0"});
  CHECK(grid_errors(document("[0]", rectilinear("[[]]")), kStrict) == Paths{kShapes + "/0"});
  CHECK(grid_errors(document("[0,6]", rectilinear("[[],[]]")), kStrict) == Paths{kShapes + "/0", kShapes + "/1"});
  // As a run item.
  CHECK(grid_errors(document("[6]", rectilinear("[[6,[]]]")), kStrict) == Paths{kShapes + "/0/1"});
  // As chunk_shapes of a 1-d array: the axis count is wrong.
  CHECK(grid_errors(document("[6]", rectilinear("[]")), kStrict) == Paths{kShapes});
  const auto v = zr::validate_metadata(document("[0]", rectilinear("[[]]")), kStrict);
  CHECK_THAT(message_at(v.errors, kShapes + "/0"), Contains("found []"));
}

// --- axes against the shape ---------------------------------------------------------------------

TEST_CASE("chunk_shapes has exactly one entry per axis of shape", "[metadata][spec]") {
  CHECK(grid_errors(document("[6,6]", rectilinear("[4]")), kStrict) == Paths{kShapes});
  CHECK(grid_errors(document("[6,6]", rectilinear("[4,4,4]")), kStrict) == Paths{kShapes});
  CHECK(grid_errors(document("[]", rectilinear("[4]")), kStrict) == Paths{kShapes});
  CHECK(grid_errors(document("[6,6]", regular("[4]")), kStrict) == Paths{kShape});
  const auto v = zr::validate_metadata(document("[6,6]", rectilinear("[4,4,4]")), kStrict);
  CHECK_THAT(message_at(v.errors, kShapes), Contains("found 3") && Contains("expected 2"));
  // The entries are still checked, each at its own path.
  CHECK(grid_errors(document("[6,6]", rectilinear(R"([4,0,"x"])")), kStrict) ==
        Paths{kShapes, kShapes + "/1", kShapes + "/2"});
}

TEST_CASE("The edges of an axis must sum to at least its length", "[metadata][spec][semantics]") {
  CHECK(grid_errors(document("[6]", rectilinear("[[4,1]]")), kStrict) == Paths{kShapes + "/0"});
  CHECK(grid_errors(document("[6,10]", rectilinear("[[4,2],[[4,2],1]]")), kStrict) == Paths{kShapes + "/1"});
  const auto v = zr::validate_metadata(document("[6]", rectilinear("[[4,1]]")), kStrict);
  CHECK_THAT(message_at(v.errors, kShapes + "/0"), Contains("5") && Contains("6"));
  // Exactly reaching the length is valid.
  CHECK(grid_errors(document("[6]", rectilinear("[[4,2]]")), kStrict).empty());
}

TEST_CASE("A sum of edges beyond 2^64 - 1 is an error at the edge that overflows", "[metadata][semantics]") {
  CHECK(grid_errors(document("[5]", rectilinear("[[18446744073709551615,1]]")), kStrict) == Paths{kShapes + "/0/1"});
  CHECK(grid_errors(document("[5]", rectilinear("[[1,[9223372036854775808,1],9223372036854775808]]")), kStrict) ==
        Paths{kShapes + "/0/2"});
  // Exactly 2^64 - 1 is fine.
  CHECK(grid_errors(document("[5]", rectilinear("[[18446744073709551614,1]]")), kStrict).empty());
}

TEST_CASE("A run whose total exceeds 2^64 - 1 is an error at the run", "[metadata][semantics]") {
  // The spec's note: [[9223372036854775807, 4]].
  CHECK(grid_errors(document("[5]", rectilinear("[[[9223372036854775807,4]]]")), kStrict) == Paths{kShapes + "/0/0"});
  CHECK(grid_errors(document("[5]", rectilinear("[[5,[2,9223372036854775808]]]")), kStrict) == Paths{kShapes + "/0/1"});
}

TEST_CASE("An integer step whose ceil(L / m) * m exceeds 2^64 - 1 is an error", "[metadata][semantics]") {
  CHECK(grid_errors(document("[18446744073709551615]", rectilinear("[9223372036854775809]")), kStrict) ==
        Paths{kShapes + "/0"});
  CHECK(grid_errors(document("[18446744073709551615]", regular("[2]")), kStrict) == Paths{kShape + "/0"});
  CHECK(grid_errors(document("[18446744073709551615]", rectilinear("[3]")), kStrict).empty());
}

// --- names, kinds and missing fields ----------------------------------------------------------------

TEST_CASE("The grid name must be \"regular\" or \"rectilinear\"", "[metadata][spec]") {
  const auto unknown = R"({"name":"irregular","configuration":{"kind":"inline","chunk_shapes":[4]}})";
  CHECK(grid_errors(document("[6]", unknown), kStrict) == Paths{"/chunk_grid/name"});
  const auto v = zr::validate_metadata(document("[6]", unknown), kStrict);
  CHECK_THAT(message_at(v.errors, "/chunk_grid/name"), Contains("irregular") && Contains("rectilinear"));
  CHECK(grid_errors(document("[6]", R"({"name":5,"configuration":{}})"), kStrict) == Paths{"/chunk_grid/name"});
}

TEST_CASE("The kind must be \"inline\"", "[metadata][spec]") {
  const std::string external = R"({"name":"rectilinear","configuration":{"kind":"external","chunk_shapes":[4]}})";
  CHECK(grid_errors(document("[6]", external), kStrict) == Paths{"/chunk_grid/configuration/kind"});
  const std::string number = R"({"name":"rectilinear","configuration":{"kind":1,"chunk_shapes":[4]}})";
  CHECK(grid_errors(document("[6]", number), kStrict) == Paths{"/chunk_grid/configuration/kind"});
  const std::string missing = R"({"name":"rectilinear","configuration":{"chunk_shapes":[4]}})";
  CHECK(grid_errors(document("[6]", missing), kStrict) == Paths{"/chunk_grid/configuration/kind"});
  const auto v = zr::validate_metadata(document("[6]", external), kStrict);
  CHECK_THAT(message_at(v.errors, "/chunk_grid/configuration/kind"), Contains("external") && Contains("inline"));
}

TEST_CASE("Missing or mistyped grid fields are errors at their pointer", "[metadata][spec]") {
  struct Case {
    std::string json, path;
  };
  const Case c = GENERATE(values<Case>({
      {R"({"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4]}}})", "/shape"},
      {R"({"shape":[6]})", "/chunk_grid"},
      {R"({"shape":[6],"chunk_grid":[4]})", "/chunk_grid"},
      {R"({"shape":[6],"chunk_grid":"rectilinear"})", "/chunk_grid"},
      {R"({"shape":[6],"chunk_grid":{"configuration":{"kind":"inline","chunk_shapes":[4]}}})", "/chunk_grid/name"},
      {R"({"shape":[6],"chunk_grid":{"name":"rectilinear"}})", "/chunk_grid/configuration"},
      {R"({"shape":[6],"chunk_grid":{"name":"rectilinear","configuration":[]}})", "/chunk_grid/configuration"},
      {R"({"shape":[6],"chunk_grid":{"name":"regular","configuration":null}})", "/chunk_grid/configuration"},
      {R"({"shape":[6],"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline"}}})",
       "/chunk_grid/configuration/chunk_shapes"},
      {R"({"shape":[6],"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":4}}})",
       "/chunk_grid/configuration/chunk_shapes"},
      {R"({"shape":[6],"chunk_grid":{"name":"regular","configuration":{"chunk_shapes":[4]}}})",
       "/chunk_grid/configuration/chunk_shape"},
      {R"({"shape":[6],"chunk_grid":{"name":"regular","configuration":{"chunk_shape":4}}})",
       "/chunk_grid/configuration/chunk_shape"},
  }));
  INFO(c.json);
  CHECK(grid_errors(c.json, kStrict) == Paths{c.path});
  const auto v = zr::validate_metadata(c.json, kStrict);
  CHECK_THAT(message_at(v.errors, c.path), Contains("found") && Contains("expected"));
}

TEST_CASE("validate_metadata checks the required v3 fields and their JSON types", "[metadata]") {
  struct Case {
    std::string from, to, path;
  };
  const Case c = GENERATE(values<Case>({
      {R"("zarr_format":3,)", "", "/zarr_format"},
      {R"("zarr_format":3,)", R"("zarr_format":2,)", "/zarr_format"},
      {R"("zarr_format":3,)", R"("zarr_format":"3",)", "/zarr_format"},
      {R"("node_type":"array",)", "", "/node_type"},
      {R"("node_type":"array",)", R"("node_type":"table",)", "/node_type"},
      {R"("data_type":"float32",)", "", "/data_type"},
      {R"("data_type":"float32",)", R"("data_type":5,)", "/data_type"},
      {R"("chunk_key_encoding":{"name":"default"},)", "", "/chunk_key_encoding"},
      {R"("chunk_key_encoding":{"name":"default"},)", R"("chunk_key_encoding":7,)", "/chunk_key_encoding"},
      {R"("fill_value":0,)", "", "/fill_value"},
      {R"("codecs":[{"name":"bytes","configuration":{"endian":"little"}}],)", "", "/codecs"},
      {R"("codecs":[{"name":"bytes","configuration":{"endian":"little"}}],)", R"("codecs":{"name":"bytes","configuration":{"endian":"little"}},)", "/codecs"},
  }));
  std::string doc = document("[6]", rectilinear("[4]"));
  const auto at = doc.find(c.from);
  REQUIRE(at != std::string::npos);
  doc.replace(at, c.from.size(), c.to);
  INFO(doc);
  const auto v = zr::validate_metadata(doc, kStrict);
  CHECK_FALSE(v.valid());
  CHECK(paths(v.errors) == Paths{c.path});
  // These fields are not read_grid_metadata's business.
  CHECK(grid_errors(doc, kStrict).empty());
}

TEST_CASE("validate_metadata accepts any present fill_value for an unknown data type object", "[metadata]") {
  std::string doc = document("[6]", rectilinear("[4]"));
  doc.replace(doc.find(R"("fill_value":0)"), 14, R"("fill_value":null)");
  doc.replace(doc.find(R"("data_type":"float32")"), 21, R"("data_type":{"name":"x","configuration":{}})");
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(doc << "\n" << listing(v.errors));
  CHECK(v.valid());
}

TEST_CASE("read_grid_metadata reports exactly validate_metadata's problems in shape and chunk_grid", "[metadata]") {
  // A document with problems everywhere.
  const std::string doc =
      R"({"zarr_format":2,"shape":[6,-1],"chunk_grid":{"name":"rectilinear","configuration":)"
      R"({"kind":"inline","chunk_shapes":[[4],[0]]}},"codecs":{},"attributes":{"k":1,"k":2}})";
  const auto v = zr::validate_metadata(doc, kStrict);
  const auto r = zr::read_grid_metadata(doc, kStrict);
  zr::Problems expected;
  for (const auto& p : v.errors) {
    if (p.path.rfind("/shape", 0) == 0 || p.path.rfind("/chunk_grid", 0) == 0) expected.push_back(p);
  }
  INFO(listing(v.errors));
  REQUIRE(expected.size() == 3);  // /shape/1, chunk_shapes/0 (sum 4 < 6), chunk_shapes/1/0
  REQUIRE(r.errors.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    CHECK(r.errors[i].path == expected[i].path);
    CHECK(r.errors[i].message == expected[i].message);
  }
  CHECK_FALSE(r.grid.has_value());
}

// --- every problem -------------------------------------------------------------------------------------

TEST_CASE("Every problem is reported, not just the first", "[metadata]") {
  const std::string doc =
      R"({"zarr_format":3,"node_type":"array","shape":[6,-1,6,6,6],"data_type":"float32","chunk_grid":)"
      R"({"name":"rectilinear","configuration":{"kind":"external","chunk_shapes":[0,4,[[4,0]],[1,1],[true,[4,2,1]]]}},)"
      R"("chunk_key_encoding":{"name":"default"},"fill_value":0})";
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(listing(v.errors));
  CHECK_THAT(paths(v.errors), UnorderedEquals(Paths{"/shape/1", "/chunk_grid/configuration/kind", kShapes + "/0",
                                                    kShapes + "/2/0/1", kShapes + "/3", kShapes + "/4/0",
                                                    kShapes + "/4/1", "/codecs"}));
}

TEST_CASE("Every problem is reported: axes after an invalid axis are still checked against their lengths",
          "[metadata]") {
  // Axis 0 is invalid (a 0 step). Axis 1's edges fall short of its length,
  // axis 2's step overflows, axis 3's run overflows: each is its own problem.
  const std::string doc = document("[6,10,18446744073709551615,5]",
                                   rectilinear("[0,[[4,2],1],9223372036854775809,[[[9223372036854775807,4]]]]"));
  CHECK_THAT(grid_errors(doc, kStrict),
             UnorderedEquals(Paths{kShapes + "/0", kShapes + "/1", kShapes + "/2", kShapes + "/3/0"}));
  // The same axes, without the invalid one in front, are each reported.
  CHECK(grid_errors(document("[10]", rectilinear("[[[4,2],1]]")), kStrict) == Paths{kShapes + "/0"});
  CHECK(grid_errors(document("[18446744073709551615]", rectilinear("[9223372036854775809]")), kStrict) == Paths{kShapes + "/0"});
}

TEST_CASE("Every problem is reported: a strict \"regular\" grid with edge lists still checks its other entries",
          "[metadata]") {
  // chunk_shape [0, [5, 10, 5], "x"]: the 0 and the string are errors as much as the list.
  const std::string doc = document("[10,20,30]", regular(R"([0,[5,10,5],"x"])"));
  CHECK_THAT(grid_errors(doc, kStrict), UnorderedEquals(Paths{kShape + "/0", kShape + "/1", kShape + "/2"}));
}

TEST_CASE("Every problem is reported: a strict \"regular\" grid with edge lists is still checked against shape",
          "[metadata]") {
  // Three entries for two axes: the count is wrong as well as the list.
  CHECK_THAT(grid_errors(document("[10,20]", regular("[2,[5,10,5],3]")), kStrict),
             UnorderedEquals(Paths{kShape, kShape + "/1"}));
  // A step whose chunks overflow uint64 on its axis is wrong as well as the list.
  CHECK_THAT(grid_errors(document("[18446744073709551615,20]", regular("[2,[5,10,5]]")), kStrict),
             UnorderedEquals(Paths{kShape + "/0", kShape + "/1"}));
}

// --- JSON text itself -----------------------------------------------------------------------------------

TEST_CASE("A duplicate key is an error at that key's pointer", "[metadata][json]") {
  // At the root.
  const std::string root = R"({"shape":[6],"shape":[7],"chunk_grid":)" + rectilinear("[4]") + "}";
  CHECK(grid_errors(root, kStrict) == Paths{"/shape"});
  CHECK_THAT(message_at(zr::validate_metadata(root, kStrict).errors, "/shape"), Contains("\"shape\""));
  // Inside chunk_grid.
  const std::string nested = R"({"shape":[6],"chunk_grid":{"name":"rectilinear","configuration":)"
                             R"({"kind":"inline","kind":"inline","chunk_shapes":[4]}}})";
  CHECK(grid_errors(nested, kStrict) == Paths{"/chunk_grid/configuration/kind"});
}

TEST_CASE("A duplicate key outside shape and chunk_grid fails validation but not grid reading", "[metadata][json]") {
  std::string doc = document("[6]", rectilinear("[4]"));
  doc.replace(doc.find(R"("attributes":{})"), 15, R"("attributes":{"a/b~c":1,"x":[{"k":1,"k":2,"k":3}],"a/b~c":2})");
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(listing(v.errors));
  // Reported once per key, with RFC 6901 escapes, inside arrays too.
  CHECK_THAT(paths(v.errors), UnorderedEquals(Paths{"/attributes/a~1b~0c", "/attributes/x/0/k"}));
  CHECK(grid_errors(doc, kStrict).empty());
}

TEST_CASE("Byte input must be valid UTF-8", "[metadata][json]") {
  const std::string bad = GENERATE(as<std::string>{}, "\xff", "\xc0\xaf", "\xed\xa0\x80", "\xe2\x82", "\x80",
                                   "\xf4\x90\x80\x80");
  std::string doc = document("[6]", rectilinear("[4]"));
  doc.replace(doc.find(R"("attributes":{})"), 15, "\"attributes\":{\"name\":\"caf" + bad + "\"}");
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(listing(v.errors));
  CHECK(paths(v.errors) == Paths{""});
  CHECK(grid_errors(doc, kStrict) == Paths{""});
  // Valid multi-byte UTF-8 is fine.
  std::string good = document("[6]", rectilinear("[4]"));
  good.replace(good.find(R"("attributes":{})"), 15, "\"attributes\":{\"name\":\"caf\xc3\xa9 \xf0\x9f\x8c\x8d\"}");
  CHECK(zr::validate_metadata(good, kStrict).valid());
}

TEST_CASE("A byte-order mark is an error in strict mode and a warning in lenient mode", "[metadata][json]") {
  const std::string doc = "\xEF\xBB\xBF" + document("[6]", rectilinear("[4]"));
  const auto strict = zr::validate_metadata(doc, kStrict);
  CHECK(paths(strict.errors) == Paths{""});
  CHECK_THAT(strict.errors.at(0).message, Contains("byte-order mark"));
  CHECK(grid_errors(doc, kStrict) == Paths{""});

  const auto lenient = zr::validate_metadata(doc, zr_test::kTolerant);
  INFO(listing(lenient.errors));
  CHECK(lenient.valid());
  CHECK(paths(lenient.warnings) == Paths{""});
  const auto read = zr::read_grid_metadata(doc, zr_test::kTolerant);
  REQUIRE(read.grid.has_value());
  CHECK(*read.grid == grid_of("[6]", "[4]"));
  CHECK(paths(read.warnings) == Paths{""});
}

TEST_CASE("A JSON syntax error is reported at the document, with its byte offset", "[metadata][json]") {
  struct Case {
    std::string json;
    size_t offset;
  };
  const Case c = GENERATE(values<Case>({
      {R"({"shape": [6],})", 14},  // a trailing comma: the '}' at byte 14
      {R"({"shape": [6])", 13},    // truncated
      {"", 0},                     // empty
      {R"({"shape": [6] "x": 1})", 14},
  }));
  INFO(c.json);
  for (bool lenient : {false, true}) {
    const auto v = zr::validate_metadata(c.json, zr_test::tolerant_if(lenient));
    REQUIRE(paths(v.errors) == Paths{""});
    CHECK_THAT(v.errors[0].message, Contains("byte " + std::to_string(c.offset)));
    CHECK(grid_errors(c.json, zr_test::tolerant_if(lenient)) == Paths{""});
  }
}

TEST_CASE("Numbers beyond a double's range that are not integers are reported as such", "[metadata][json]") {
  struct Case {
    const char* text;
    const char* why;
  };
  const Case c = GENERATE(values<Case>({
      {"-1e400", "negative"},
      {"1e-400", "not an integer"},
      {"-99999999999999999999999999", "negative"},
  }));
  INFO(c.text);
  for (bool lenient : {false, true}) {
    const auto v = zr::validate_metadata(document("[10]", rectilinear(std::string("[[") + c.text + ",10]]")), zr_test::tolerant_if(lenient));
    CHECK(paths(v.errors) == Paths{kShapes + "/0/0"});
    CHECK_THAT(message_at(v.errors, kShapes + "/0/0"), Contains(c.why));
  }
  // 0e400 is zero, which is not a positive edge length.
  const auto zero = zr::validate_metadata(document("[10]", rectilinear("[[0e400,10]]")), zr_test::kTolerant);
  CHECK_THAT(message_at(zero.errors, kShapes + "/0/0"), Contains("found 0"));
}

TEST_CASE("Text that looks like a huge number inside a string is left as it is", "[metadata][json]") {
  // 1e400 in shape makes the reader take its path for numbers beyond a double;
  // the string values must not change on the way.
  const std::string grid = R"({"name":"irregular \"1e400\" \\","configuration":{"kind":"inline","chunk_shapes":[4]}})";
  const std::string doc = R"({"shape":[1e400],"chunk_grid":)" + grid + R"(,"1e999":["x\\",1e999]})";
  const auto v = zr::validate_metadata(doc, kStrict);
  INFO(doc << "\n" << listing(v.errors));
  CHECK_THAT(paths(v.errors), Catch::Matchers::VectorContains(std::string("/shape/0")));
  CHECK_THAT(message_at(v.errors, "/chunk_grid/name"), Contains(R"(irregular "1e400" \)"));
}

TEST_CASE("A syntax error after a number beyond a double's range keeps its byte offset", "[metadata][json]") {
  const auto v = zr::validate_metadata(R"({"shape": [1e400],})", kStrict);
  REQUIRE(paths(v.errors) == Paths{""});
  CHECK_THAT(v.errors[0].message, Contains("byte 18"));
}

TEST_CASE("A byte offset counts from the input's first byte, byte-order mark included", "[metadata][json]") {
  // Lenient mode skips the mark, and the trailing comma's '}' is at byte 3 + 14.
  const auto v = zr::validate_metadata("\xEF\xBB\xBF" R"({"shape": [6],})", zr_test::kTolerant);
  REQUIRE(paths(v.errors) == Paths{""});
  CHECK_THAT(v.errors[0].message, Contains("byte 17"));
  CHECK(paths(v.warnings) == Paths{""});
}

TEST_CASE("The document must be a JSON object", "[metadata][json]") {
  for (const char* json : {"[1,2]", "null", "6", R"("zarr")"}) {
    INFO(json);
    const auto v = zr::validate_metadata(json, kStrict);
    CHECK(paths(v.errors) == Paths{""});
    CHECK_THAT(v.errors.at(0).message, Contains("expected"));
    CHECK(grid_errors(json, kStrict) == Paths{""});
  }
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

TEST_CASE("What no writer is known to write stays an error: fractions, negatives, zero, false, strings, floats in shape",
          "[metadata][ledger]") {
  const std::string bad = GENERATE(as<std::string>{}, "1.5", "4.5", "-1.0", "-4", "0.0", "0e3", "false", R"("4")", "null",
                                   "1e-1", "1.8446744073709551616e19");
  const std::string doc = document("[10]", rectilinear("[[" + bad + ",10]]"));
  INFO(doc);
  CHECK(grid_errors(doc) == Paths{kShapes + "/0/0"});
  CHECK(grid_errors(document("[10.0]", rectilinear("[4]"))) == Paths{"/shape/0"});
  CHECK(grid_errors(document("[10]", regular("[4.0]"))) == Paths{kShape + "/0"});
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

TEST_CASE("A malformed edge list read back into the document leaves the members after it as they are",
          "[metadata][json][runs]") {
  // The list [4, [1, 1, 1]] is replayed into the document when its run turns
  // out to have three elements; "kind" after it must still be read.
  const std::string grid =
      R"({"name":"rectilinear","configuration":{"chunk_shapes":[[4,[1,1,1]],[2]],"kind":"inline"}})";
  for (const bool lenient : {false, true}) {
    CHECK(grid_errors(document("[4,2]", grid), zr_test::tolerant_if(lenient)) == Paths{kShapes + "/0/1"});
  }
}
