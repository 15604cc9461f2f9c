// Serialization (docs/semantics.md, "Serialization"): lossless first, then
// short, and canonical input comes back unchanged. The regular form when one
// exists.
#include "canonical_json.hpp"
#include "test_support.hpp"

using namespace zr_test;

namespace {

std::string rectilinear(const std::string& chunk_shapes) {
  return R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":)" + chunk_shapes + "}}";
}

std::string regular(const std::string& chunk_shape) {
  return R"({"name":"regular","configuration":{"chunk_shape":)" + chunk_shape + "}}";
}

// The canonical text of the grid declared by {shape, chunk_shapes}.
std::string canonical(const std::string& shape, const std::string& chunk_shapes) {
  return zr::to_json_text(grid_of(shape, chunk_shapes));
}

}  // namespace

TEST_CASE("Serialization writes compact rectilinear JSON with no whitespace", "[canonical]") {
  CHECK(canonical("[10, 6]", "[ 3 , [ 4 , 4 , 4 ] ]") == rectilinear("[3,[4,4,4]]"));
}

TEST_CASE("Serialization keeps integer axes as integers", "[canonical][semantics]") {
  CHECK(canonical("[10,0,12]", "[3,4,4]") == rectilinear("[3,4,4]"));
  CHECK(canonical("[18446744073709551615]", "[18446744073709551615]") == rectilinear("[18446744073709551615]"));
}

TEST_CASE("Serialization never collapses a list into an integer, even when its edges are equal",
          "[canonical][semantics]") {
  CHECK(canonical("[12]", "[[4,4,4]]") == rectilinear("[[4,4,4]]"));
  CHECK(canonical("[6]", "[[4,4,4]]") == rectilinear("[[4,4,4]]"));
  CHECK(canonical("[16]", "[[[4,4]]]") == rectilinear("[[[4,4]]]"));
  CHECK(canonical("[0]", "[[4]]") == rectilinear("[[4]]"));
}

TEST_CASE("A run [V, N] is written only when strictly shorter than V written N times", "[canonical][semantics]") {
  struct Case {
    const char *shape, *input, *output;
  };
  const Case c = GENERATE(values<Case>({
      // The examples of docs/semantics.md: a tie is written out.
      {"[12]", "[[4,4,4]]", "[[4,4,4]]"},
      {"[16]", "[[4,4,4,4]]", "[[[4,4]]]"},
      {"[10]", "[[5,5]]", "[[5,5]]"},
      {"[30]", "[[10,10,10]]", "[[[10,3]]]"},
      // More ties and near-ties.
      {"[3]", "[[1,1,1]]", "[[1,1,1]]"},
      {"[4]", "[[1,1,1,1]]", "[[[1,4]]]"},
      {"[200]", "[[100,100]]", "[[100,100]]"},
      {"[2000]", "[[1000,1000]]", "[[[1000,2]]]"},
      {"[10]", "[[[1,10]]]", "[[[1,10]]]"},
      // Runs given as pairs are written out when that is no longer.
      {"[8]", "[[[4,2]]]", "[[4,4]]"},
      {"[6]", "[[[1,3],3]]", "[[1,1,1,3]]"},
      // Equal neighbours are merged first, whatever the input wrote.
      {"[18]", "[[[4,2],4,4,2]]", "[[[4,4],2]]"},
      {"[20]", "[[4,[4,1],[4,2],5]]", "[[[4,4],5]]"},
      {"[7]", "[[1,[1,2],4,1]]", "[[1,1,1,4,1]]"},
      // Large values and counts.
      {"[1000000000000]", "[[[1,1000000000000]]]", "[[[1,1000000000000]]]"},
      {"[18446744073709551614]", "[[[9223372036854775807,2]]]", "[[[9223372036854775807,2]]]"},
      {"[18446744073709551615]", "[[18446744073709551615]]", "[[18446744073709551615]]"},
  }));
  INFO(c.input);
  CHECK(canonical(c.shape, c.input) == rectilinear(c.output));
}

TEST_CASE("The spec's example serializes to its canonical form", "[canonical][spec]") {
  CHECK(canonical("[6,6,6,6,6]", "[4,[1,2,3],[[4,2]],[[1,3],3],[4,4,4]]") ==
        rectilinear("[4,[1,2,3],[4,4],[1,1,1,3],[4,4,4]]"));
}

TEST_CASE("Canonical input comes back byte-identical", "[canonical][semantics]") {
  struct Case {
    const char *shape, *chunk_grid;
  };
  const Case c = GENERATE(values<Case>({
      {"[6,6,6,6,6]", R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[4,[1,2,3],[4,4],[1,1,1,3],[4,4,4]]}})"},
      {"[26,38]", R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[16,10],[24,14]]}})"},
      {"[100,100]", R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[5,5,5,15,15,20,35],10]}})"},
      {"[1000000000000,0]", R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[[1000,1000000000]],7]}})"},
      {"[1000,3]", R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[[64,15],40],[1,1,1]]}})"},
      {"[0]", R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[4]]}})"},
  }));
  const std::string doc = std::string(R"({"shape":)") + c.shape + R"(,"chunk_grid":)" + c.chunk_grid + "}";
  const auto read = zr::read_grid_metadata(doc);
  INFO(listing(read.errors));
  REQUIRE(read.grid.has_value());
  CHECK(zr::to_json_text(*read.grid) == c.chunk_grid);
}

TEST_CASE("Serialization round-trips: the same shape, declared edges and axis forms", "[canonical][semantics]") {
  const char* cases[][2] = {
      {"[6,6,6,6,6]", "[4,[1,2,3],[[4,2]],[[1,3],3],[4,4,4]]"},
      {"[6,0,0]", "[[4,4,4,[9,3]],[2],5]"},
      {"[18446744073709551615]", "[[[9223372036854775807,2],1]]"},
      {"[1000000000000]", "[[[1,999999999999],1]]"},
  };
  for (const auto& c : cases) {
    INFO(c[1]);
    const zr::ChunkGrid g = grid_of(c[0], c[1]);
    const std::string text = zr::to_json_text(g);
    const auto read = zr::read_grid_metadata(std::string(R"({"shape":)") + c[0] + R"(,"chunk_grid":)" + text + "}");
    REQUIRE(read.grid.has_value());
    CHECK(*read.grid == g);
    CHECK(read.grid->declared_grid_shape() == g.declared_grid_shape());
  }
}

TEST_CASE("A regular form exists when a regular grid declares exactly the same edges", "[canonical][regular]") {
  // [4, 4, 4] on length 12 qualifies.
  CHECK(zr::to_regular_json_text(grid_of("[12]", "[[4,4,4]]")) == std::optional<std::string>(regular("[4]")));
  CHECK(zr::to_regular_json_text(grid_of("[10]", "[[4,4,4]]")) == std::optional<std::string>(regular("[4]")));
  CHECK(zr::to_regular_json_text(grid_of("[5]", "[[[4,2]]]")) == std::optional<std::string>(regular("[4]")));
  // Integer axes always qualify, including on zero-length axes.
  CHECK(zr::to_regular_json_text(grid_of("[10,0,7]", "[3,5,7]")) == std::optional<std::string>(regular("[3,5,7]")));
  CHECK(zr::to_regular_json_text(grid_of("[10,12]", "[3,[6,6]]")) == std::optional<std::string>(regular("[3,6]")));
}

TEST_CASE("No regular form exists when the declared edges differ from any regular grid's", "[canonical][regular]") {
  // [4, 4, 4] on 6 declares an overflow chunk a regular grid would not.
  CHECK(zr::to_regular_json_text(grid_of("[6]", "[[4,4,4]]")) == std::nullopt);
  // [4, 4, 2] on 10 has a short last edge.
  CHECK(zr::to_regular_json_text(grid_of("[10]", "[[4,4,2]]")) == std::nullopt);
  // A list on a zero-length axis declares a cell; a regular grid there declares none.
  CHECK(zr::to_regular_json_text(grid_of("[0]", "[[4]]")) == std::nullopt);
  // One irregular axis is enough.
  CHECK(zr::to_regular_json_text(grid_of("[12,10]", "[4,[1,9]]")) == std::nullopt);
}

TEST_CASE("The regular form reads back with the same declared edges", "[canonical][regular]") {
  const zr::ChunkGrid g = grid_of("[12,10,0]", "[[4,4,4],5,3]");
  const auto text = zr::to_regular_json_text(g);
  REQUIRE(text.has_value());
  const auto read = zr::read_grid_metadata(R"({"shape":[12,10,0],"chunk_grid":)" + *text + "}");
  REQUIRE(read.grid.has_value());
  CHECK(read.grid->is_regular());
  for (size_t d = 0; d < g.ndim(); ++d) CHECK(edges_of(read.grid->axis(d)) == edges_of(g.axis(d)));
}
