// locate_pointers: every place of each JSON Pointer in JSON text, in bytes,
// from one SAX pass.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "json_document.hpp"
#include "member_span.hpp"
#include "test_support.hpp"

namespace {

using zr::ValueSpan;

std::vector<std::vector<ValueSpan>> locate(std::string_view json, std::vector<std::string_view> pointers) {
  const auto found = zr::locate_pointers(json, pointers);
  REQUIRE(static_cast<bool>(found));
  REQUIRE(found->places.size() == pointers.size());
  return found->places;
}

// Each place of one pointer as its text: "key: value" from the key's
// opening quote, or the value alone.
std::vector<std::string> texts(std::string_view json, std::string_view pointer) {
  std::vector<std::string> out;
  const auto places = locate(json, {pointer});
  for (const ValueSpan& s : places[0]) {
    REQUIRE(s.begin < s.end);
    REQUIRE(s.end <= json.size());
    const size_t from = s.key_begin.value_or(s.begin);
    REQUIRE(from <= s.begin);
    out.emplace_back(json.substr(from, s.end - from));
  }
  return out;
}

using Texts = std::vector<std::string>;

}  // namespace

TEST_CASE("locate_pointers finds values in nested objects and arrays, with their keys", "[json][locate]") {
  const std::string json = R"({"a": {"b": [10, {"c": null}, [true, "s"]]}, "d": -1.5e3})";
  CHECK(texts(json, "") == Texts{json});
  CHECK(texts(json, "/a") == Texts{R"("a": {"b": [10, {"c": null}, [true, "s"]]})"});
  CHECK(texts(json, "/a/b") == Texts{R"("b": [10, {"c": null}, [true, "s"]])"});
  CHECK(texts(json, "/a/b/0") == Texts{"10"});
  CHECK(texts(json, "/a/b/1") == Texts{R"({"c": null})"});
  CHECK(texts(json, "/a/b/1/c") == Texts{R"("c": null)"});
  CHECK(texts(json, "/a/b/2/1") == Texts{R"("s")"});
  CHECK(texts(json, "/d") == Texts{R"("d": -1.5e3)"});
  // Absent, past an array's end, or an index written with a leading zero.
  CHECK(texts(json, "/x").empty());
  CHECK(texts(json, "/a/b/3").empty());
  CHECK(texts(json, "/a/b/00").empty());
  CHECK(texts(json, "/a/b/-").empty());
  CHECK(texts(json, "/d/0").empty());
}

TEST_CASE("locate_pointers gives exact byte offsets: key_begin only for object members", "[json][locate]") {
  const std::string json = R"({"k":[1,{"m":2}]})";
  const auto places = locate(json, {"", "/k", "/k/0", "/k/1", "/k/1/m"});
  using Spans = std::vector<ValueSpan>;
  CHECK(places[0] == Spans{{std::nullopt, 0, 17}});
  CHECK(places[1] == Spans{{1, 5, 16}});
  CHECK(places[2] == Spans{{std::nullopt, 6, 7}});
  CHECK(places[3] == Spans{{std::nullopt, 8, 15}});
  CHECK(places[4] == Spans{{9, 13, 14}});
}

TEST_CASE("locate_pointers skips any whitespace around values", "[json][locate]") {
  const std::string json = " \n\t{ \r\n \"a\" \t:\n [ 1 ,\t2 ] ,\"b\"\n:\"x\"\n}\n ";
  CHECK(texts(json, "") == Texts{"{ \r\n \"a\" \t:\n [ 1 ,\t2 ] ,\"b\"\n:\"x\"\n}"});
  CHECK(texts(json, "/a") == Texts{"\"a\" \t:\n [ 1 ,\t2 ]"});
  CHECK(texts(json, "/a/1") == Texts{"2"});
  CHECK(texts(json, "/b") == Texts{"\"b\"\n:\"x\""});
  CHECK(texts("  7  ", "") == Texts{"7"});
  CHECK(texts("[]", "") == Texts{"[]"});
  CHECK(texts("{}", "/") == Texts{});
}

TEST_CASE("locate_pointers matches decoded keys, with ~0 and ~1 in the pointer", "[json][locate]") {
  // The keys "a/b", "m~n", "q\"r", "é" (written as \u00e9), "" and "0".
  const std::string json = R"({"a/b": 1, "m~n": 2, "q\"r": 3, "\u00e9": 4, "": 5, "0": 6, "a\/b~": 7})";
  CHECK(texts(json, "/a~1b") == Texts{R"("a/b": 1)"});
  CHECK(texts(json, "/m~0n") == Texts{R"("m~n": 2)"});
  CHECK(texts(json, "/q\"r") == Texts{R"("q\"r": 3)"});
  CHECK(texts(json, "/\xC3\xA9") == Texts{R"("\u00e9": 4)"});
  CHECK(texts(json, "/") == Texts{R"("": 5)"});
  CHECK(texts(json, "/0") == Texts{R"("0": 6)"});  // an index token names a key in an object
  CHECK(texts(json, "/a~1b~0") == Texts{R"("a\/b~": 7)"});
  CHECK(texts(json, "/a/b").empty());
}

TEST_CASE("locate_pointers refuses a malformed pointer by its index", "[json][locate]") {
  for (const auto& [pointers, bad] : std::vector<std::pair<std::vector<std::string_view>, size_t>>{
           {{"", "a"}, 1}, {{"/a~"}, 0}, {{"/ok", "/a~2"}, 1}, {{"/a", "/b", "x/"}, 2}}) {
    const auto found = zr::locate_pointers("{}", pointers);
    REQUIRE_FALSE(found);
    CHECK(found.error() == bad);
  }
  CHECK(static_cast<bool>(zr::locate_pointers("{}", std::vector<std::string_view>{})));
}

TEST_CASE("locate_pointers gives every copy of a duplicate key, and of what lies inside it", "[json][locate]") {
  const std::string json = R"({"a": {"x": 1}, "b": 0, "a": {"x": 2, "x": 3}})";
  CHECK(texts(json, "/a") == Texts{R"("a": {"x": 1})", R"("a": {"x": 2, "x": 3})"});
  CHECK(texts(json, "/a/x") == Texts{R"("x": 1)", R"("x": 2)", R"("x": 3)"});
}

TEST_CASE("locate_pointers answers each pointer asked for, however often it is asked", "[json][locate]") {
  const std::string json = R"({"a": [5, 6]})";
  const auto places = locate(json, {"/a/1", "/a", "/a/1", "/none", "/a/1"});
  CHECK(places[0] == places[2]);
  CHECK(places[0] == places[4]);
  CHECK(places[0].size() == 1);
  CHECK(places[1].size() == 1);
  CHECK(places[3].empty());
}

TEST_CASE("locate_pointers keeps the values that ended before a syntax error", "[json][locate]") {
  const std::string json = R"({"a": 1, "b": [2, {"c": 3}, 4 5], "d": 6})";
  const auto found = zr::locate_pointers(json, std::vector<std::string_view>{"", "/a", "/b", "/b/0", "/b/1/c",
                                                                              "/b/2", "/d"});
  REQUIRE(static_cast<bool>(found));
  CHECK_FALSE(found->complete);
  const auto& p = found->places;
  CHECK(p[0].empty());  // the root is still open at the error
  CHECK(p[1].size() == 1);
  CHECK(p[2].empty());  // so is /b
  CHECK(p[3].size() == 1);
  CHECK(p[4].size() == 1);
  CHECK(p[5].size() == 1);  // 4 ended before the error at 5
  CHECK(p[6].empty());      // never read
  CHECK(texts(R"({"a": "x", "b": tru})", "/a") == Texts{R"("a": "x")"});
  CHECK(texts("", "").empty());
  CHECK(texts("\xEF\xBB\xBF{}", "").empty());  // a byte-order mark is an error here
  CHECK(texts("{\"a\": \"\xFF\", \"b\": 1}", "/b").empty());  // invalid UTF-8 stops the reading
}

TEST_CASE("locate_pointers reports whether the whole text is one value", "[json][locate]") {
  const auto complete = [](std::string_view json) {
    const auto found = zr::locate_pointers(json, std::vector<std::string_view>{""});
    REQUIRE(static_cast<bool>(found));
    return found->complete;
  };
  CHECK(complete(" {\"a\": [1]} "));
  CHECK_FALSE(complete("{} {}"));
  CHECK_FALSE(complete(std::string("{}\0", 3)));
  CHECK_FALSE(complete("[1,"));
  // A root that ended is found even if text follows it.
  CHECK(texts("[1] x", "") == Texts{"[1]"});
}

TEST_CASE("locate_pointers counts bytes, not characters, in non-ASCII text", "[json][locate]") {
  // "é" is 2 bytes, "€" 3, "😀" 4.
  const std::string json = "{\"é\": \"€\", \"k\": [\"😀\", 1]}";
  const auto places = locate(json, {"/é", "/k/0", "/k/1"});
  using Spans = std::vector<ValueSpan>;
  CHECK(places[0] == Spans{{1, 7, 12}});
  CHECK(places[1] == Spans{{std::nullopt, 20, 26}});
  CHECK(places[2] == Spans{{std::nullopt, 28, 29}});
  CHECK(texts(json, "/k/0") == Texts{"\"😀\""});
}

TEST_CASE("locate_pointers reads numbers of any size and nesting of any depth", "[json][locate]") {
  const std::string big = "[1e400, " + std::string(500, '9') + ", -0.0]";
  CHECK(texts(big, "/0") == Texts{"1e400"});
  CHECK(texts(big, "/1") == Texts{std::string(500, '9')});
  CHECK(texts(R"({"a": 1e400 , "b": [2]})", "/a") == Texts{R"("a": 1e400)"});
  CHECK(texts(R"({"a": 1e400 , "b": [2]})", "/b/0") == Texts{"2"});
  const size_t depth = 200000;
  const std::string deep = std::string(depth, '[') + "7" + std::string(depth, ']');
  std::string pointer;
  for (size_t i = 0; i < depth; ++i) pointer += "/0";
  CHECK(texts(deep, pointer) == Texts{"7"});
}

TEST_CASE("top_level_member_span takes the last copy of a duplicate key, the one the parser keeps", "[json][locate]") {
  const std::string json = R"({"a": 1, "a": [2]})";
  const auto span = zr::top_level_member_span(json, "a");
  REQUIRE(span.has_value());
  CHECK(json.substr(span->begin, span->end - span->begin) == "[2]");
}

TEST_CASE("locate_pointers finds indices asked in any order, in every copy of an array", "[json][locate]") {
  const std::string json = R"({"a": [10, 11, 12, 13, 14, 15], "a": [16, 17, 18]})";
  const auto places = locate(json, {"/a/5", "/a/0", "/a/2", "/a/6", "/a/1"});
  const auto text = [&](const ValueSpan& s) { return json.substr(s.begin, s.end - s.begin); };
  REQUIRE(places[0].size() == 1);
  CHECK(text(places[0][0]) == "15");
  REQUIRE(places[1].size() == 2);
  CHECK(text(places[1][0]) == "10");
  CHECK(text(places[1][1]) == "16");
  REQUIRE(places[2].size() == 2);
  CHECK(text(places[2][1]) == "18");
  CHECK(places[3].empty());
  CHECK(places[4].size() == 2);
}

namespace {

// The text at a pointer's nearest place, and whether it is the pointer's own.
std::pair<std::string, bool> nearest(std::string_view json, std::string_view pointer) {
  const std::vector<std::string_view> pointers{pointer};
  const auto found = zr::locate_nearest(json, pointers);
  REQUIRE(static_cast<bool>(found));
  REQUIRE(found->size() == 1);
  REQUIRE((*found)[0].has_value());
  const zr::NearestPlace& n = *(*found)[0];
  const size_t from = n.place.key_begin.value_or(n.place.begin);
  return {std::string(json.substr(from, n.place.end - from)), n.exact};
}

}  // namespace

TEST_CASE("locate_nearest gives a pointer's own place, else its nearest ancestor's", "[json][locate]") {
  const std::string_view json = R"({"a": {"b": [1, {"c": 2}]}, "d": 3, "d": 4})";
  CHECK(nearest(json, "/a/b/1/c") == std::pair<std::string, bool>{R"("c": 2)", true});
  CHECK(nearest(json, "/a/b/1/x/y") == std::pair<std::string, bool>{R"({"c": 2})", false});
  CHECK(nearest(json, "/a/b/7") == std::pair<std::string, bool>{R"("b": [1, {"c": 2}])", false});
  CHECK(nearest(json, "/x") == std::pair<std::string, bool>{std::string(json), false});
  CHECK(nearest(json, "") == std::pair<std::string, bool>{std::string(json), true});
  CHECK(nearest(json, "/d") == std::pair<std::string, bool>{R"("d": 4)", true});  // the last copy
  const std::vector<std::string_view> bad{"/a", "x"};
  CHECK(zr::locate_nearest(json, bad).error() == 1);
  const std::vector<std::string_view> none{"/a"};
  CHECK(!(*zr::locate_nearest("{", none))[0].has_value());
}

// Asking for each ancestor of a pointer n deep costs n pointers of up to n
// tokens; the nearest place is found with one pointer, its ancestors kept
// on the way (one place each).
TEST_CASE("locate_nearest places a pointer 200,000 deep", "[json][locate]") {
  constexpr size_t kDepth = 200000;
  const std::string json = std::string(kDepth, '[') + "7" + std::string(kDepth, ']');
  std::string pointer;
  for (size_t i = 0; i < kDepth; ++i) pointer += "/0";
  const auto [own, exact] = nearest(json, pointer);
  CHECK(own == "7");
  CHECK(exact);
  const auto [above, missing] = nearest(json, pointer + "/0/0");
  CHECK(above == "7");
  CHECK(!missing);
}
