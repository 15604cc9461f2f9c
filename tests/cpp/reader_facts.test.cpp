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
std::string sharded(const std::string& inner) {
  return R"([{"name":"sharding_indexed","configuration":{"chunk_shape":)" + inner +
         R"(,"codecs":[{"name":"bytes"}],"index_codecs":[{"name":"bytes"}]}}])";
}

}  // namespace

TEST_CASE("reader_facts: the grid's name, largest written edge and run count, with their pointers") {
  const auto f = zr::reader_facts(array("[30,9000000000]", rectilinear("[[10,[5,2],10],[[4294967296,2],[1,4294967297]]]")));
  REQUIRE(f.read);
  CHECK(f.grid_name == "rectilinear");
  CHECK(f.largest_edge == 4294967296u);
  CHECK(f.largest_edge_at == "/chunk_grid/configuration/chunk_shapes/1/0/0");
  CHECK(f.largest_count == 4294967297u);
  CHECK(f.largest_count_at == "/chunk_grid/configuration/chunk_shapes/1/1/1");
  CHECK(f.inner_chunk_shape_at.empty());
  CHECK(f.undivided_shard_edge_at.empty());
}

TEST_CASE("reader_facts: an integer step is an edge at its axis; a regular grid's chunk_shape too") {
  const auto f = zr::reader_facts(array("[30,40]", rectilinear("[[10,20],16]")));
  CHECK(f.largest_edge == 20);
  CHECK(f.largest_edge_at == "/chunk_grid/configuration/chunk_shapes/0/1");
  CHECK(f.largest_count == 1);
  const auto g = zr::reader_facts(array("[30,40]", R"({"name":"regular","configuration":{"chunk_shape":[10,25]}})"));
  CHECK(g.grid_name == "regular");
  CHECK(g.largest_edge == 25);
  CHECK(g.largest_edge_at == "/chunk_grid/configuration/chunk_shape/1");
}

TEST_CASE("reader_facts: the first shard edge that the inner chunk edge does not divide") {
  const std::string grid = rectilinear("[[10,[20,3]],[[8,2],12]]");
  const auto divides = zr::reader_facts(array("[70,28]", grid, sharded("[10,4]")));
  CHECK(divides.inner_chunk_shape_at == "/codecs/0/configuration/chunk_shape");
  CHECK(divides.undivided_shard_edge_at.empty());
  const auto not_divides = zr::reader_facts(array("[70,28]", grid, sharded("[10,8]")));
  CHECK(not_divides.undivided_shard_edge_at == "/chunk_grid/configuration/chunk_shapes/1/1");
  const auto regular = zr::reader_facts(array("[70,28]", R"({"name":"regular","configuration":{"chunk_shape":[20,12]}})", sharded("[8,4]")));
  CHECK(regular.undivided_shard_edge_at == "/chunk_grid/configuration/chunk_shape/0");
}

TEST_CASE("reader_facts: text that is not a JSON object reads nothing") {
  CHECK_FALSE(zr::reader_facts("[1,2]").read);
  CHECK_FALSE(zr::reader_facts("{").read);
  CHECK(zr::reader_facts(R"({"chunk_grid":5})").grid_name.empty());
}
