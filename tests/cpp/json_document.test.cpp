// Exact JSON reading: what a number's text denotes, and where a top-level
// member's value lies in the bytes.
#include <random>

#include "json_document.hpp"
#include "member_span.hpp"
#include "test_support.hpp"

using namespace zr_test;
using zr::ExactNumber;
using NK = zr::ExactNumber::Kind;

namespace {

// The text of the top-level member's value, or "<none>".
std::string span_text(std::string_view json, std::string_view key) {
  const auto span = zr::top_level_member_span(json, key);
  if (!span) return "<none>";
  REQUIRE(span->begin <= span->end);
  REQUIRE(span->end <= json.size());
  return std::string(json.substr(span->begin, span->end - span->begin));
}

}  // namespace

TEST_CASE("An integral number text denotes its exact integer, in any notation", "[json]") {
  struct Case {
    const char* text;
    uint64_t value;
  };
  const Case c = GENERATE(values<Case>({
      {"10.0", 10},
      {"1e3", 1000},
      {"1E+3", 1000},
      {"100e-2", 1},
      {"123.4500e2", 12345},
      {"0.0", 0},
      {"0e400", 0},
      {"0e99999999999999999999", 0},
      {"18446744073709551615.0", 18446744073709551615u},
      {"1.8446744073709551615e19", 18446744073709551615u},
  }));
  INFO(c.text);
  const ExactNumber n = zr::exact_number(c.text);
  REQUIRE(n.kind == NK::Integer);
  CHECK(n.value == c.value);
}

TEST_CASE("A number text beyond 2^64 - 1 is too large, however it is written", "[json]") {
  for (const char* text : {"18446744073709551616", "18446744073709551616.0", "1e20", "1e400", "1.5e400",
                           "1e99999999999999999999", "1.8446744073709551616e19"}) {
    INFO(text);
    CHECK(zr::exact_number(text).kind == NK::TooLarge);
  }
  CHECK(zr::exact_number(std::string(400, '9')).kind == NK::TooLarge);
}

TEST_CASE("Plain digits read as uint64 up to 2^64 - 1 and no further", "[json]") {
  CHECK(zr::plain_uint64("0") == 0);
  CHECK(zr::plain_uint64("9999999999999999999") == 9999999999999999999u);  // 19 digits
  CHECK(zr::plain_uint64("10000000000000000000") == 10000000000000000000u);
  CHECK(zr::plain_uint64("18446744073709551615") == kMax);
  CHECK_FALSE(zr::plain_uint64("18446744073709551616"));
  CHECK_FALSE(zr::plain_uint64("99999999999999999999"));
  CHECK_FALSE(zr::plain_uint64("100000000000000000000"));  // 21 digits
  for (std::string_view bad : {"", "-1", "1.5", "1e3", "12a", " 1", "1844674407370955161/", "1844674407370955161:"}) {
    CHECK_FALSE(zr::plain_uint64(bad));
  }
}

TEST_CASE("A number text with a fractional part is a fraction", "[json]") {
  for (const char* text : {"1.5", "0.5", "1e-1", "1.2345e2", "1e-400", "1e-99999999999999999999", "10.01"}) {
    INFO(text);
    CHECK(zr::exact_number(text).kind == NK::Fraction);
  }
}

TEST_CASE("A number text with a minus sign is negative, even -0", "[json]") {
  for (const char* text : {"-1", "-0", "-0.0", "-1e400", "-18446744073709551616", "-2.5"}) {
    INFO(text);
    CHECK(zr::exact_number(text).kind == NK::Negative);
  }
}

TEST_CASE("A top-level member's value is found as an exact byte range", "[json]") {
  const std::string json = R"({"a": [1, {"chunk_grid": 2}], "chunk_grid" : {"name": "x", "v": [1, 2]} , "c": 3,)"
                           R"( "s": "str", "t": true, "n": null, "e": {}})";
  CHECK(span_text(json, "chunk_grid") == R"({"name": "x", "v": [1, 2]})");
  CHECK(span_text(json, "a") == R"([1, {"chunk_grid": 2}])");
  CHECK(span_text(json, "c") == "3");
  CHECK(span_text(json, "s") == R"("str")");
  CHECK(span_text(json, "t") == "true");
  CHECK(span_text(json, "n") == "null");
  CHECK(span_text(json, "e") == "{}");
}

TEST_CASE("A top-level member span is nothing when the member is absent or the text does not parse", "[json]") {
  CHECK(span_text(R"({"x": {"chunk_grid": 1}})", "chunk_grid") == "<none>");  // nested, not top-level
  CHECK(span_text(R"({"x": 1})", "chunk_grid") == "<none>");
  CHECK(span_text(R"({"chunk_grid": [1, 2)", "chunk_grid") == "<none>");
  CHECK(span_text(R"([{"chunk_grid": 1}])", "chunk_grid") == "<none>");
  CHECK(span_text("", "chunk_grid") == "<none>");
}

TEST_CASE("Replacing a member's span leaves every other byte as it was", "[json]") {
  const std::string json = "{\n  \"shape\": [ 6 ],\n  \"chunk_grid\": {\"name\": \"regular\",\n \"configuration\": "
                           "{\"chunk_shape\": [4]}},\n  \"z\": 1\n}\n";
  const auto span = zr::top_level_member_span(json, "chunk_grid");
  REQUIRE(span.has_value());
  const std::string replaced = json.substr(0, span->begin) + "0" + json.substr(span->end);
  CHECK(replaced == "{\n  \"shape\": [ 6 ],\n  \"chunk_grid\": 0,\n  \"z\": 1\n}\n");
}

TEST_CASE("Edge lists under the named array are read as runs; any other item stays as written", "[json][runs]") {
  const std::string json =
      R"({"a":{"b":[[4,[2,3],5],[1,"x"],[],[7,[8,9,1]],6,[[1,2],[3,4]],[[5,0]],[2,[3]]],"c":[[1,2]]},"b":[[1]]})";
  constexpr std::string_view at[] = {"a", "b"};
  zr::ParsedJson parsed;
  zr::parse_json(json, zr::Quirks::Refuse, parsed, {}, {at});
  REQUIRE(parsed.ok);
  const zr::JsonValue& list = parsed.document["a"]["b"];
  REQUIRE(list.IsArray());
  REQUIRE(list.Size() == 8);
  using Runs = std::vector<zr::Run>;
  const auto runs = [&](rapidjson::SizeType i) -> Runs {
    const Runs* r = parsed.runs_of(list[i]);
    return r ? *r : Runs{};
  };
  // A plain edge is a run of count 1.
  CHECK(zr::kind_of(list[0]) == zr::JsonKind::RunList);
  CHECK(runs(0) == Runs{{4, 1}, {2, 3}, {5, 1}});
  CHECK(zr::describe_value(list[0]) == "an array");
  CHECK(runs(5) == Runs{{1, 2}, {3, 4}});
  // Anything else is replayed into the document exactly: a string after an
  // edge, an empty list, a run of three, a bare integer, a zero count, a
  // run cut short.
  CHECK(parsed.runs_of(list[1]) == nullptr);
  REQUIRE(list[1].IsArray());
  CHECK(list[1].Size() == 2);
  CHECK(list[1][0].GetUint64() == 1);
  CHECK(zr::string_of(list[1][1]) == "x");
  CHECK(list[2].IsArray());
  CHECK(list[2].Empty());
  REQUIRE(list[3].IsArray());
  CHECK(list[3][0].GetUint64() == 7);
  REQUIRE(list[3][1].Size() == 3);
  CHECK(list[3][1][2].GetUint64() == 1);
  CHECK(list[4].GetUint64() == 6);
  REQUIRE(list[6].IsArray());
  CHECK(list[6][0][1].GetUint64() == 0);
  REQUIRE(list[7].IsArray());
  CHECK(list[7][0].GetUint64() == 2);
  REQUIRE(list[7][1].Size() == 1);
  CHECK(list[7][1][0].GetUint64() == 3);
  // Only the named array: not a sibling, and not the same key elsewhere.
  CHECK(zr::kind_of(parsed.document["a"]["c"]) == zr::JsonKind::Array);
  CHECK(zr::kind_of(parsed.document["b"][0]) == zr::JsonKind::Array);
}

// The value an edge-list item denotes when read without runs: its runs, or
// nothing when the item is not a list of runs.
std::optional<std::vector<zr::Run>> runs_denoted(const zr::JsonValue& item) {
  if (!item.IsArray() || item.Empty()) return std::nullopt;
  std::vector<zr::Run> runs;
  for (const zr::JsonValue& v : item.GetArray()) {
    if (v.IsUint64() && v.GetUint64() > 0) {
      runs.push_back({v.GetUint64(), 1});
    } else if (v.IsArray() && v.Size() == 2 && v[0].IsUint64() && v[1].IsUint64() && v[0].GetUint64() > 0 &&
               v[1].GetUint64() > 0) {
      runs.push_back({v[0].GetUint64(), v[1].GetUint64()});
    } else {
      return std::nullopt;
    }
  }
  return runs;
}

TEST_CASE("Edge lists read as runs agree with the same text read without runs: values, errors and offsets", "[json][runs]") {
  // Plain edges are read from the text past RapidJSON (json_parse.cpp,
  // read_plain_edges): whatever follows them, the result must be what the
  // document says, and an error the one RapidJSON finds, at its byte.
  const char* tokens[] = {"7", "42", "999999", "1", "0", "01", "1.5", "2e3", "-3", "\"x\"", "null", "[2,3]", "[2,3,4]",
                          "[]", "[0,1]", "18446744073709551615", "18446744073709551616", "1234567890123456789",
                          "12345678901234567890", "true", "{}", "NaN"};
  const char* separators[] = {",", ",", ",", ", ", " ,\n", ",\t", "", ",,", " ", ",\r\n "};
  std::mt19937 rng(2026);
  const auto pick = [&](auto& list) { return list[rng() % std::size(list)]; };
  constexpr std::string_view at[] = {"a"};
  for (int round = 0; round < 20000; ++round) {
    std::string text = R"({"a":[)";
    const int items = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < items; ++i) {
      if (i) text += ',';
      text += '[';
      const int n = static_cast<int>(rng() % 12);
      for (int k = 0; k < n; ++k) {
        if (k) text += rng() % 6 ? "," : pick(separators);
        text += rng() % 3 ? std::to_string(1 + rng() % 100000) : pick(tokens);
      }
      if (rng() % 40 == 0) text += ',';
      if (rng() % 60 == 0) text += '\0';
      text += ']';
    }
    text += "]}";
    zr::ParsedJson runs, plain;
    zr::parse_json(text, zr::Quirks::Refuse, runs, {}, {at});
    zr::parse_json(text, zr::Quirks::Refuse, plain, {}, {});
    INFO(text);
    REQUIRE(runs.ok == plain.ok);
    if (!plain.ok) {
      REQUIRE(runs.errors.size() == plain.errors.size());
      CHECK(runs.errors[0].message == plain.errors[0].message);
      CHECK(runs.errors[0].byte_offset == plain.errors[0].byte_offset);
      continue;
    }
    const zr::JsonValue& got = runs.document["a"];
    const zr::JsonValue& want = plain.document["a"];
    REQUIRE(got.Size() == want.Size());
    for (rapidjson::SizeType i = 0; i < want.Size(); ++i) {
      const auto denoted = runs_denoted(want[i]);
      if (const std::vector<zr::Run>* read = runs.runs_of(got[i])) {
        REQUIRE(denoted);
        CHECK(*read == *denoted);
      } else {
        CHECK_FALSE(denoted);
        CHECK(got[i] == want[i]);
      }
    }
  }
}

TEST_CASE("Reading edge lists as runs keeps duplicate keys and a root array as they were", "[json][runs]") {
  constexpr std::string_view at[] = {"a"};
  zr::ParsedJson twice;
  zr::parse_json(R"({"a":[[1]],"a":[[2]]})", zr::Quirks::Refuse, twice, {}, {at});
  CHECK(paths(twice.errors) == std::vector<std::string>{"/a"});
  CHECK(twice.run_lists.size() == 2);
  zr::ParsedJson root;
  zr::parse_json("[[1,2]]", zr::Quirks::Refuse, root, {}, {at});
  REQUIRE(root.ok);
  CHECK(zr::kind_of(root.document[0]) == zr::JsonKind::Array);
}

TEST_CASE("With `only`, other top-level members are parsed but not kept: each stands as null", "[json]") {
  constexpr std::string_view only[] = {"shape"};
  zr::ParsedJson parsed;
  zr::parse_json(R"({"shape":[1,2],"attributes":{"a":[1,2,{"b":3,"b":4}],"c":"d"},"x":"y","n":1e400,"shape2":[]})", zr::Quirks::Refuse,
                 parsed, only);
  REQUIRE(parsed.ok);
  CHECK(parsed.errors.empty());  // the duplicate inside attributes is not looked at
  const zr::JsonValue& doc = parsed.document;
  REQUIRE(doc["shape"].IsArray());
  CHECK(doc["shape"][1].GetUint64() == 2);
  for (const char* key : {"attributes", "x", "n", "shape2"}) {
    INFO(key);
    CHECK(doc[key].IsNull());
  }
  // Syntax and encoding are still checked everywhere.
  zr::ParsedJson broken;
  zr::parse_json(R"({"shape":[1],"attributes":{"a":[1,}})", zr::Quirks::Refuse, broken, only);
  CHECK_FALSE(broken.ok);
}

TEST_CASE("A number near a double's limit is a number, kept as written, even where RapidJSON rounds it to infinity", "[json]") {
  // 1.7976931348623158e308 is the largest double; RapidJSON's fast path
  // would round it, and the next one, to infinity, as though it were the
  // token: parse_json takes every number as text instead.
  zr::ParsedJson parsed;
  zr::parse_json(R"({"a":1.7976931348623158e308,"b":[-1.7976931348623159e308]})", zr::Quirks::Refuse, parsed);
  INFO(listing(parsed.errors));
  REQUIRE(parsed.ok);
  CHECK(parsed.non_finite == 0);
  const zr::JsonValue& doc = parsed.document;
  REQUIRE(zr::kind_of(doc["a"]) == zr::JsonKind::OtherNumber);
  CHECK(zr::number_text_of(doc["a"]) == "1.7976931348623158e308");
  REQUIRE(zr::kind_of(doc["b"][0]) == zr::JsonKind::OtherNumber);
  CHECK(zr::number_text_of(doc["b"][0]) == "-1.7976931348623159e308");
}

TEST_CASE("Edge lists read without runs keep any item holding a run as written", "[json][runs]") {
  constexpr std::string_view at[] = {"e"};
  zr::ParsedJson parsed;
  zr::parse_json(R"({"e":[[1,2,3],[4,[5,1]],[0]]})", zr::Quirks::Refuse, parsed, {}, {at, false});
  REQUIRE(parsed.ok);
  const zr::JsonValue& e = parsed.document["e"];
  using Runs = std::vector<zr::Run>;
  REQUIRE(parsed.runs_of(e[0]) != nullptr);
  CHECK(*parsed.runs_of(e[0]) == Runs{{1, 1}, {2, 1}, {3, 1}});
  CHECK(parsed.runs_of(e[1]) == nullptr);  // [5, 1] is a run, not an edge
  REQUIRE(e[1].IsArray());
  CHECK(e[1][1].Size() == 2);
  CHECK(parsed.runs_of(e[2]) == nullptr);  // [0]: dask's zero-length axis
}

TEST_CASE("member_spans finds values by pointers of decoded keys, in one walk", "[json]") {
  const std::string json = "\xEF\xBB\xBF"
                           R"( {"x": "{\"a\": 1}", "c\u006fnsolidated": {"m": {"a/b": [1, "]"], "\ud83d\ude00": {"k": -0.0}}}, "z": {"k": 1}, "z": {"k": 2}})";
  const std::vector<std::string_view> pointers = {"/consolidated/m/a~1b", "/consolidated/m/\xF0\x9F\x98\x80/k", "/x", "/x/a",
                                             "/consolidated/n", "/consolidated/m/\xF0\x9F\x98\x80", "/z/k", "/z"};
  const auto spans = zr::member_spans(json, pointers);
  const auto text = [&](size_t i) {
    return spans[i] ? json.substr(spans[i]->begin, spans[i]->end - spans[i]->begin) : std::string("<none>");
  };
  CHECK(text(0) == R"([1, "]"])");
  CHECK(text(1) == "-0.0");
  CHECK(text(2) == R"("{\"a\": 1}")");
  CHECK(text(3) == "<none>");  // a string, not an object
  CHECK(text(4) == "<none>");
  CHECK(text(5) == R"({"k": -0.0})");  // an object entered for another pointer, and asked for itself
  CHECK(text(6) == "2");               // the last copy, as the parser keeps
  CHECK(text(7) == R"({"k": 2})");
  const std::vector<std::string_view> one = {"/a"};
  CHECK(zr::member_spans(R"({"a": [1, )", one)[0] == std::nullopt);  // does not parse
}
