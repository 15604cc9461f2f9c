// reader_facts: what other readers differ on, at its JSON Pointer in the
// document as written.
#include "reader_facts.hpp"
#include "test_support.hpp"

namespace {

std::string array(const std::string& shape, const std::string& grid, const std::string& codecs = R"([{"name":"bytes"}])") {
  return R"({"zarr_format":3,"node_type":"array","shape":)" + shape + R"(,"data_type":"uint8","chunk_grid":)" + grid +
         R"(,"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":)" + codecs + "}";
}
std::string rectilinear(const std::string& chunk_shapes) {
  return R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":)" + chunk_shapes + "}}";
}
// The facts of a document holding one array.
zr::ReaderFacts one(const std::string& json) {
  auto all = zr::reader_facts(json);
  REQUIRE(all.size() == 1);
  return all[0];
}

std::string sharded(const std::string& inner) {
  return R"([{"name":"sharding_indexed","configuration":{"chunk_shape":)" + inner +
         R"(,"codecs":[{"name":"bytes"}],"index_codecs":[{"name":"bytes"}]}}])";
}

}  // namespace

TEST_CASE("reader_facts: the grid's name, largest written edge and run count, with their pointers") {
  const auto f = one(array("[30,9000000000]", rectilinear("[[10,[5,2],10],[[4294967296,2],[1,4294967297]]]")));
  CHECK(f.pointer.empty());
  CHECK(f.grid_name == "rectilinear");
  CHECK(f.largest_edge == 4294967296u);
  CHECK(f.largest_edge_at == "/chunk_grid/configuration/chunk_shapes/1/0/0");
  CHECK(f.largest_count == 4294967297u);
  CHECK(f.largest_count_at == "/chunk_grid/configuration/chunk_shapes/1/1/1");
  CHECK(f.inner_chunk_shape_at.empty());
  CHECK(f.undivided_shard_edge_at.empty());
}

TEST_CASE("reader_facts: an integer step is an edge at its axis; a regular grid's chunk_shape too") {
  const auto f = one(array("[30,40]", rectilinear("[[10,20],16]")));
  CHECK(f.largest_edge == 20);
  CHECK(f.largest_edge_at == "/chunk_grid/configuration/chunk_shapes/0/1");
  CHECK(f.largest_count == 1);
  const auto g = one(array("[30,40]", R"({"name":"regular","configuration":{"chunk_shape":[10,25]}})"));
  CHECK(g.grid_name == "regular");
  CHECK(g.largest_edge == 25);
  CHECK(g.largest_edge_at == "/chunk_grid/configuration/chunk_shape/1");
}

TEST_CASE("reader_facts: the first shard edge that the inner chunk edge does not divide") {
  const std::string grid = rectilinear("[[10,[20,3]],[[8,2],12]]");
  const auto divides = one(array("[70,28]", grid, sharded("[10,4]")));
  CHECK(divides.inner_chunk_shape_at == "/codecs/0/configuration/chunk_shape");
  CHECK(divides.undivided_shard_edge_at.empty());
  const auto not_divides = one(array("[70,28]", grid, sharded("[10,8]")));
  CHECK(not_divides.undivided_shard_edge_at == "/chunk_grid/configuration/chunk_shapes/1/1");
  const auto regular = one(array("[70,28]", R"({"name":"regular","configuration":{"chunk_shape":[20,12]}})", sharded("[8,4]")));
  CHECK(regular.undivided_shard_edge_at == "/chunk_grid/configuration/chunk_shape/0");
}

TEST_CASE("reader_facts: a group's consolidated entries, each at its pointer, written lists read as the root's") {
  const std::string entry = array("[30,9000000000]", rectilinear("[[10,[5,2],10],[[4294967296,2],[1,4294967297]]]"));
  const std::string text = R"({"zarr_format":3,"node_type":"group","attributes":{},"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"a/b":)" +
                           entry + R"(,"g":{"zarr_format":3,"node_type":"group","attributes":{}}}}})";
  const auto all = zr::reader_facts(text);
  REQUIRE(all.size() == 1);
  const std::string at = "/consolidated_metadata/metadata/a~1b";
  CHECK(all[0].pointer == at);
  CHECK(all[0].largest_edge_at == at + "/chunk_grid/configuration/chunk_shapes/1/0/0");
  CHECK(all[0].largest_count == 4294967297u);
  CHECK(all[0].largest_count_at == at + "/chunk_grid/configuration/chunk_shapes/1/1/1");
}

TEST_CASE("reader_facts: a document's pointers are the same at the root and as a consolidated entry (a run of count 1 is pointed at whole)") {
  const std::string entry = array("[4294967297,6]", rectilinear("[[[4294967296,1],1],[[3,2]]]"));
  const auto root = one(entry);
  const auto all = zr::reader_facts(R"({"zarr_format":3,"node_type":"group","attributes":{},"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"a":)" +
                                    entry + "}}}");
  REQUIRE(all.size() == 1);
  const std::string at = "/consolidated_metadata/metadata/a";
  CHECK(root.largest_edge_at == "/chunk_grid/configuration/chunk_shapes/0/0");
  CHECK(all[0].largest_edge_at == at + root.largest_edge_at);
  CHECK(root.largest_count_at == "/chunk_grid/configuration/chunk_shapes/1/0/1");
  CHECK(all[0].largest_count_at == at + root.largest_count_at);
}

TEST_CASE("reader_facts: text that is not a JSON object gives no facts") {
  CHECK(zr::reader_facts("[1,2]").empty());
  CHECK(zr::reader_facts("{").empty());
  CHECK(one(R"({"chunk_grid":5})").grid_name.empty());
}

TEST_CASE("reader_facts: the data type's name and every codec's, a sharding codec's own after it, with their pointers") {
  const auto f = one(array("[30]", rectilinear("[[10,20]]"), sharded("[10]")));
  CHECK(f.data_type.name == "uint8");
  CHECK(f.data_type.at == "/data_type");
  std::vector<std::string> codecs;
  for (const auto& c : f.codecs) codecs.push_back(c.name + " " + c.at);
  CHECK(codecs == std::vector<std::string>{"sharding_indexed /codecs/0/name", "bytes /codecs/0/configuration/codecs/0/name",
                                           "bytes /codecs/0/configuration/index_codecs/0/name"});
  std::string named = array("[30]", rectilinear("[[10,20]]"), R"(["bytes"])");
  named.replace(named.find(R"("uint8")"), 7, R"({"name":"complex64"})");
  const auto g = one(named);
  CHECK(g.data_type.name == "complex64");
  CHECK(g.data_type.at == "/data_type/name");
  REQUIRE(g.codecs.size() == 1);
  CHECK(g.codecs[0].at == "/codecs/0");
}
