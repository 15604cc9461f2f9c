// Repair (src/tools/repair.hpp): each writers' ledger entry written back as
// conformant metadata, in place, and nothing else changed; what cannot be
// written conformantly is listed, not guessed.
#include "repair.hpp"

#include <algorithm>

#include "test_support.hpp"

using namespace zr_test;
using Catch::Matchers::Contains;

namespace {

struct Expected {
  std::string pointer, old_text, new_text, entry;
};

void check_changes(const zr::Repair& r, const std::vector<Expected>& expected) {
  REQUIRE(r.changes.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO(i);
    CHECK(r.changes[i].pointer == expected[i].pointer);
    CHECK(r.changes[i].old_text == expected[i].old_text);
    CHECK(r.changes[i].new_text == expected[i].new_text);
    CHECK(r.changes[i].entry == expected[i].entry);
  }
}

void check_strictly_valid(const std::string& text) {
  const auto strict = zr::validate_metadata(text, kStrict);
  INFO(text);
  INFO(listing(strict.errors));
  CHECK(strict.valid());
}

}  // namespace

TEST_CASE("repair: an array with the array entries, spacing and attributes kept") {
  const std::string before = "{\n"
                             "  \"zarr_format\": 3,\n"
                             "  \"node_type\":   \"array\",\n"
                             "  \"shape\": [4, 20],\n"
                             "  \"data_type\": \"uint8\",\n"
                             "  \"chunk_grid\": {\"name\": \"regular\", \"configuration\": {\"chunk_shape\" :  [2, [5, 10.0, true, 4]]}},\n"
                             "  \"chunk_key_encoding\": {\"name\": \"default\"},\n"
                             "  \"fill_value\": null,\n"
                             "  \"codecs\": [],\n"
                             "  \"attributes\": {\"x\": 1.50, \"big\": 1e400, \"s\": \"keep   me\"},\n"
                             "  \"dimension_names\": null\n"
                             "}";
  const std::string after = "{\n"
                            "  \"zarr_format\": 3,\n"
                            "  \"node_type\":   \"array\",\n"
                            "  \"shape\": [4, 20],\n"
                            "  \"data_type\": \"uint8\",\n"
                            "  \"chunk_grid\": {\"name\": \"rectilinear\", \"configuration\": {\"kind\": \"inline\", \"chunk_shapes\" :  [2, [5, 10, 1, 4]]}},\n"
                            "  \"chunk_key_encoding\": {\"name\": \"default\"},\n"
                            "  \"fill_value\": 0,\n"
                            "  \"codecs\": [{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}],\n"
                            "  \"attributes\": {\"x\": 1.50, \"big\": 1e400, \"s\": \"keep   me\"}\n"
                            "}";
  const zr::Repair r = zr::repair_metadata(before);
  CHECK(r.errors.empty());
  CHECK(r.unrepaired.empty());
  CHECK(r.text == after);
  // The grid's edges first; the grid around them in a second pass.
  check_changes(r, {{"/chunk_grid/configuration/chunk_shape/1/1", "10.0", "10", "integral-float-edge"},
                    {"/chunk_grid/configuration/chunk_shape/1/2", "true", "1", "true-as-one"},
                    {"/fill_value", "null", "0", "zarrita-null-fill-value"},
                    {"/codecs", "[]", R"([{"name": "bytes", "configuration": {"endian": "little"}}])", "zarrita-empty-codecs"},
                    {"/dimension_names", "\"dimension_names\": null", "", "dimension-names-null"},
                    {"/chunk_grid", R"({"name": "regular", "configuration": {"chunk_shape" :  [2, [5, 10, 1, 4]]}})",
                     R"({"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes" :  [2, [5, 10, 1, 4]]}})",
                     "regular-edge-lists"}});
  check_strictly_valid(r.text);
  // The same grid, read before and after.
  const auto grid_before = zr::read_document(before).root.grid;
  const auto grid_after = zr::read_document(r.text, kStrict).root.grid;
  REQUIRE(grid_before);
  REQUIRE(grid_after);
  CHECK(*grid_before == *grid_after);
}

TEST_CASE("repair: fill values, bare codec names, a zero chunk size, a member removed with the comma after it") {
  const std::string before =
      R"({"zarr_format":3,"node_type":"array","shape":[0,6],"data_type":"int32","dimension_names":null,)"
      R"("chunk_grid":{"name":"regular","configuration":{"chunk_shape":[false,3]}},"chunk_key_encoding":{"name":"default"},)"
      R"("fill_value":"\u0034\u0032","codecs":[{"name":"bytes","configuration":{"endian":"little"}},"crc32c"]})";
  const zr::Repair r = zr::repair_metadata(before);
  CHECK(r.text ==
        R"({"zarr_format":3,"node_type":"array","shape":[0,6],"data_type":"int32",)"
        R"("chunk_grid":{"name":"regular","configuration":{"chunk_shape":[1,3]}},"chunk_key_encoding":{"name":"default"},)"
        R"("fill_value":42,"codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name": "crc32c"}]})");
  check_changes(r, {{"/dimension_names", R"("dimension_names":null)", "", "dimension-names-null"},
                    {"/chunk_grid/configuration/chunk_shape/0", "false", "1", "zero-chunk-size"},
                    {"/fill_value", R"("\u0034\u0032")", "42", "fill-value-spelled"},
                    {"/codecs/1", R"("crc32c")", R"({"name": "crc32c"})", "bare-codec-names"}});
  check_strictly_valid(r.text);

  for (const auto& [type, fill, written] : std::vector<std::array<std::string, 3>>{
           {"float32", R"("3.14")", "3.14"}, {"uint16", "7.0", "7"}, {"complex64", "null", "[0, 0]"}, {"bool", "null", "false"},
           {"r24", "null", "[0, 0, 0]"}, {"int64", "null", "0"}}) {
    INFO(type);
    const std::string doc = R"({"zarr_format":3,"node_type":"array","shape":[2],"data_type":")" + type +
                            R"(","chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2]}},)"
                            R"("chunk_key_encoding":{"name":"default"},"fill_value":)" + fill +
                            R"(,"codecs":[{"name":"bytes","configuration":{"endian":"little"}}]})";
    const zr::Repair fixed = zr::repair_metadata(doc);
    REQUIRE(fixed.changes.size() == 1);
    CHECK(fixed.changes[0].new_text == written);
    check_strictly_valid(fixed.text);
  }
}

TEST_CASE("repair: a group, its consolidated entries, a byte-order mark, and NaN left as it is") {
  const std::string entry =
      R"({"zarr_format": 3, "node_type": "array", "shape": [6], "data_type": "float32", "fill_value": "NaN", )"
      R"("chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [[2.0, 4]]}}, )"
      R"("chunk_key_encoding": {"name": "default"}, "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}], )"
      R"("dimension_names": null, "attributes": {"scale": NaN}})";
  const std::string before = "\xEF\xBB\xBF" R"({"zarr_format": 3, "node_type": "group", "attributes": {"offset": -Infinity}, )"
                             R"("consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {"a/b": )" + entry +
                             R"(, "c": {"zarr_format": 3, "node_type": "group", "consolidated_metadata": null}}}})";
  const zr::Repair r = zr::repair_metadata(before);
  const std::string m = "/consolidated_metadata/metadata";
  check_changes(r, {{"", "\xEF\xBB\xBF", "", "byte-order-mark"},
                    {m + "/a~1b/chunk_grid/configuration/chunk_shapes/0/0", "2.0", "2", "integral-float-edge"},
                    {m + "/a~1b/dimension_names", R"("dimension_names": null)", "", "dimension-names-null"},
                    {m + "/c/consolidated_metadata", R"("consolidated_metadata": null)", "", "consolidated-metadata-null"}});
  CHECK_THAT(r.text, Contains(R"("chunk_shapes": [[2, 4]]}}, )") && Contains(R"("codecs": [{"name": "bytes", "configuration": {"endian": "little"}}], "attributes": {"scale": NaN}})") &&
                         Contains(R"("c": {"zarr_format": 3, "node_type": "group"}}}})"));
  CHECK(r.text.substr(0, 1) == "{");
  // Non-finite numbers have no JSON spelling: listed, and left.
  REQUIRE(r.unrepaired.size() == 2);
  CHECK(r.unrepaired[0].pointer == "/attributes/offset");
  CHECK(r.unrepaired[1].pointer == m + "/a~1b/attributes/scale");
  for (const auto& u : r.unrepaired) {
    CHECK(u.entry == "non-finite-tokens");
    CHECK_THAT(u.reason, Contains("left as it is"));
  }
  const auto strict = zr::validate_metadata(r.text, kStrict);
  CHECK(paths(strict.errors) == std::vector<std::string>{"/attributes/offset", m + "/a~1b/attributes/scale"});
}

TEST_CASE("repair: nothing to repair, unreadable text, and a repair that would break the document") {
  const std::string conformant = R"({"zarr_format":3,"node_type":"group"})";
  const zr::Repair none = zr::repair_metadata(conformant);
  CHECK(none.text == conformant);
  CHECK(none.changes.empty());
  CHECK(none.unrepaired.empty());

  const zr::Repair bad = zr::repair_metadata("{\"zarr_format\": 3,");
  CHECK(bad.text == "{\"zarr_format\": 3,");
  CHECK(bad.changes.empty());
  REQUIRE(bad.errors.size() == 1);
  CHECK(bad.errors[0].code == zr::ProblemCode::Syntax);

  // A "regular" configuration that holds a "kind" already: renaming it
  // would write "kind" twice, so it is left, with the reason.
  const std::string kind = R"({"zarr_format":3,"node_type":"array","shape":[4],"data_type":"uint8","fill_value":0,)"
                           R"("chunk_grid":{"name":"regular","configuration":{"kind":"inline","chunk_shape":[[2,2]]}},)"
                           R"("chunk_key_encoding":{"name":"default"},"codecs":[{"name":"bytes"}]})";
  const zr::Repair kept = zr::repair_metadata(kind);
  CHECK(kept.text == kind);
  CHECK(kept.changes.empty());
  REQUIRE(kept.unrepaired.size() == 1);
  CHECK(kept.unrepaired[0].entry == "regular-edge-lists");
  CHECK_THAT(kept.unrepaired[0].reason, Contains("invalid") && Contains("kind"));

  // A key written twice: its place is not one place.
  const std::string twice = R"({"zarr_format":3,"node_type":"array","shape":[4],"data_type":"uint8","fill_value":0,)"
                            R"("chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2]}},)"
                            R"("chunk_key_encoding":{"name":"default"},"codecs":[{"name":"bytes"}],"dimension_names":null,"dimension_names":null})";
  const zr::Repair dup = zr::repair_metadata(twice);
  CHECK(dup.text == twice);
  REQUIRE(dup.unrepaired.size() >= 1);
  CHECK_THAT(dup.unrepaired[0].reason, Contains("written 2 times"));
}

// A read lists at most kMaxProblems problems; repair reads every fix at once
// (with the limit, it read the text again for every 1000 changes).
TEST_CASE("Quirks::Repair lists every warning repair writes back, past the limit; other problems stay limited") {
  std::string edges, nans;
  for (int i = 0; i < 1500; ++i) {
    edges += i ? ",1.0" : "1.0";
    nans += i ? ",NaN" : "NaN";
  }
  const std::string text = R"({"zarr_format":3,"node_type":"array","shape":[1500],"data_type":"uint8","chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[)" +
                           edges + R"(]]}},"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes"}],"attributes":{"x":[)" + nans + "]}}";
  const auto count = [](const zr::Problems& warnings, bool fixable) {
    return std::count_if(warnings.begin(), warnings.end(), [&](const zr::Problem& w) {
      return (w.fix.kind != zr::Fix::Kind::None && w.fix.kind != zr::Fix::Kind::Unfixable) == fixable;
    });
  };
  const auto every_fix = zr::read_document(text, {zr::Quirks::Repair}).root.warnings;
  CHECK(count(every_fix, true) == 1500);
  CHECK(count(every_fix, false) <= 1001);
  CHECK(zr::read_document(text).root.warnings.size() == zr::kMaxProblems + 1);
  const zr::Repair r = zr::repair_metadata(text);
  CHECK(r.changes.size() == 1500);
  CHECK(r.text.find("1.0") == std::string::npos);
}
