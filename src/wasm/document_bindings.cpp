// The Embind surface of read_document: one call parses and validates a
// zarr.json and gives back everything as plain JS values, exactly. Integers
// up to 2^53 - 1 cross as numbers, larger ones (to 2^64 - 1 in magnitude) as
// BigInt, other numbers as doubles; grids cross as Grid handles, moved out
// of the document. The parsed document is freed before the call returns.
// See docs/wasm-boundary.md.
#include <emscripten/bind.h>

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "document.hpp"
#include "out_of_memory.hpp"
#include "registration.hpp"

using namespace emscripten;
using zr::wasm::answer_bytes;
using zr::wasm::make_room;

namespace {

constexpr uint64_t kMaxSafe = (uint64_t(1) << 53) - 1;

// Embind copies a string (and a value object's strings) into JS through
// malloc without checking for null: room is made first (out_of_memory.hpp).
val js_string(std::string_view s) {
  const std::string text(s);
  make_room(answer_bytes(text));
  return val(text);
}
val js_problem(const zr::Problem& problem) {
  make_room(answer_bytes(problem));
  return val(problem);
}

class JsValues {
 public:
  // `bigints`: whether integers past 2^53 - 1 cross as BigInt (else as doubles).
  explicit JsValues(bool bigints = true) : bigints_(bigints) {}

  // A JSON value, however deep, as a JS value: built with an explicit
  // stack, so no nesting depth can overflow the wasm stack.
  val value(const zr::JsonValue& root) const {
    if (!root.IsObject() && !root.IsArray()) return scalar(root);
    struct Frame {
      const zr::JsonValue* json;
      val js;
      rapidjson::SizeType next;
    };
    val out = container(root);
    std::vector<Frame> stack{{&root, out, 0}};
    while (!stack.empty()) {
      Frame& top = stack.back();
      const zr::JsonValue& json = *top.json;
      const rapidjson::SizeType size = json.IsObject() ? json.MemberCount() : json.Size();
      if (top.next == size) {
        stack.pop_back();
        continue;
      }
      const rapidjson::SizeType i = top.next++;
      const zr::JsonValue& item = json.IsObject() ? (json.MemberBegin() + i)->value : json[i];
      const bool nested = item.IsObject() || item.IsArray();
      val js = nested ? container(item) : scalar(item);
      if (json.IsObject()) {
        const zr::JsonValue& key = (json.MemberBegin() + i)->name;
        set_member(top.js, std::string_view(key.GetString(), key.GetStringLength()), js);
      } else {
        top.js.set(i, js);
      }
      if (nested) stack.push_back({&item, js, 0});  // `top` is not used past here
    }
    return out;
  }

  // A member's value, or null when absent.
  val member(const zr::JsonValue* doc, std::string_view key) const {
    const zr::JsonValue* v = doc ? zr::member(*doc, key) : nullptr;
    return v ? value(*v) : val::null();
  }

 private:
  static val container(const zr::JsonValue& v) { return v.IsObject() ? val::object() : val::array(); }

  // JSON.parse defines "__proto__" as an own member; so do we.
  void set_member(val& object, std::string_view key, const val& v) const {
    if (key != "__proto__") return object.set(js_string(key), v);
    val descriptor = val::object();
    descriptor.set("value", v);
    descriptor.set("writable", true);
    descriptor.set("enumerable", true);
    descriptor.set("configurable", true);
    val::global("Object").call<void>("defineProperty", object, val("__proto__"), descriptor);
  }

  val integer(uint64_t magnitude, bool negative, std::string_view text) const {
    if (magnitude <= kMaxSafe || !bigints_) {
      const double d = static_cast<double>(magnitude);
      return val(negative ? -d : d);
    }
    return val::global("BigInt")(js_string(text));
  }

  val scalar(const zr::JsonValue& v) const {
    switch (zr::kind_of(v)) {
      case zr::JsonKind::Bool: return val(v.GetBool());
      case zr::JsonKind::String: return js_string(zr::string_of(v));
      case zr::JsonKind::Integer: return integer(v.GetUint64(), false, std::to_string(v.GetUint64()));
      case zr::JsonKind::OtherNumber: {
        const std::string_view text = zr::number_text_of(v);
        const bool negative = text[0] == '-';
        if (auto m = zr::plain_uint64(text.substr(negative ? 1 : 0))) return integer(*m, negative, text);
        // A fraction, an exponent, or past 2^64: JS's own Number() rounds the
        // text as JSON.parse would (and keeps libc's strtod out of the module).
        return val::global("Number")(std::string(text));
      }
      case zr::JsonKind::NonFinite: {  // ledger: non-finite-tokens (the float each token names, exactly)
        const std::string_view token = zr::number_text_of(v);
        const double inf = std::numeric_limits<double>::infinity();
        return val(token == "NaN" ? std::numeric_limits<double>::quiet_NaN() : token[0] == '-' ? -inf : inf);
      }
      default: return val::null();  // null (run lists are read into grids, never handed out)
    }
  }

  bool bigints_;
};

// As the Problem value_objects of bindings.cpp, for the wrapper's problemOf().
val problems_to_js(const zr::Problems& problems) {
  val out = val::array();
  for (size_t i = 0; i < problems.size(); ++i) out.set(i, js_problem(problems[i]));
  return out;
}

// An array's object in the answer, and the grid to set in it last.
using PendingGrids = std::vector<std::pair<val, zr::ChunkGrid*>>;

// {kind, errors, warnings, attributes} and, for an array, {grid, shape,
// dataType, fillValue, codecs, chunkKeyEncoding, dimensionNames}; for a
// group, {consolidated: null or [[path, entry], ...]}. Grids are left null
// and listed in `grids`.
val node_to_js(zr::DocumentNode& node, PendingGrids& grids) {
  const JsValues js;
  const zr::JsonValue* doc = node.value;
  val out = val::object();
  out.set("kind", val(node.type == zr::NodeType::Group ? "group" : "array"));
  out.set("errors", problems_to_js(node.errors));
  out.set("warnings", problems_to_js(node.warnings));
  out.set("attributes", js.member(doc, "attributes"));
  if (node.type == zr::NodeType::Group) {
    val entries = val::null();
    if (node.consolidated) {
      entries = val::array();
      for (size_t i = 0; i < node.entries.size(); ++i) {
        val pair = val::array();
        pair.set(0, js_string(node.entries[i].path));
        pair.set(1, node_to_js(node.entries[i], grids));  // depth at most kMaxConsolidatedDepth
        entries.set(i, pair);
      }
    }
    out.set("consolidated", entries);
    return out;
  }
  out.set("grid", val::null());
  if (node.grid) grids.emplace_back(out, &*node.grid);
  out.set("shape", js.member(doc, "shape"));
  out.set("dataType", js.member(doc, "data_type"));
  out.set("fillValue", JsValues(zr::integer_fill_value(node)).member(doc, "fill_value"));
  out.set("codecs", js.member(doc, "codecs"));
  out.set("chunkKeyEncoding", js.member(doc, "chunk_key_encoding"));
  out.set("dimensionNames", js.member(doc, "dimension_names"));
  return out;
}

// Any JSON text as a JS value, numbers exact as above; null when it does
// not parse. For text the core wrote (a grid's JSON).
val read_json(uintptr_t text, size_t length) {
  zr::ParsedJson parsed;
  zr::parse_json({reinterpret_cast<const char*>(text), length}, zr::Quirks::Builder, parsed);
  return parsed.ok ? JsValues().value(parsed.document) : val::null();
}

// `strict`: the writers' ledger's entries are errors (else read, with warnings).
val read_document(uintptr_t text, size_t length, bool strict) {
  zr::Document doc = zr::read_document({reinterpret_cast<const char*>(text), length},
                                       {strict ? zr::Quirks::Refuse : zr::Quirks::Read});
  PendingGrids grids;
  val out = node_to_js(doc.root, grids);
  // Each grid is moved into a Grid handle (the class bindings.cpp
  // registers), never copied, once nothing can fail: a handle made before
  // running out of memory would be held by no one.
  make_room(grids.size() * (sizeof(zr::ChunkGrid) + zr::wasm::kCopySlack));
  for (auto& [object, grid] : grids) object.set("grid", val(std::move(*grid)));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(document) {
  zr::wasm::guarded_function<&read_document>("readDocument", "reading metadata");
  zr::wasm::guarded_function<&read_json>("readJSON", "reading JSON");
}
