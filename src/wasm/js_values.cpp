#include "js_values.hpp"

#include <limits>
#include <string>
#include <vector>

#include "json_numbers.hpp"
#include "out_of_memory.hpp"

namespace zr::wasm {

using emscripten::val;

namespace {

constexpr uint64_t kMaxSafeInteger = (uint64_t(1) << 53) - 1;

// {path, message, code, byteOffset}: the code as its number (the names are
// zr_problem_code_names()'s), the offset -1 unless a syntax or encoding
// problem.
val js_problem(const Problem& problem) {
  val out = val::object();
  out.set("path", js_string(problem.path));
  out.set("message", js_string(problem.message));
  out.set("code", static_cast<int>(problem.code));
  out.set("byteOffset", static_cast<double>(problem.byte_offset));
  return out;
}

val container(const JsonValue& v) { return v.IsObject() ? val::object() : val::array(); }

// JSON.parse defines "__proto__" as an own member; so do we.
void set_member(val& object, std::string_view key, const val& v) {
  if (key != "__proto__") return object.set(js_string(key), v);
  val descriptor = val::object();
  descriptor.set("value", v);
  descriptor.set("writable", true);
  descriptor.set("enumerable", true);
  descriptor.set("configurable", true);
  val::global("Object").call<void>("defineProperty", object, val("__proto__"), descriptor);
}

}  // namespace

// Embind copies a string (and a value object's strings) into JS through
// malloc without checking for null: room is made first (out_of_memory.hpp).
val js_string(std::string_view s) {
  const std::string text(s);
  make_room(answer_bytes(text));
  return val(text);
}

val problems_to_js(const Problems& problems) {
  val out = val::array();
  for (size_t i = 0; i < problems.size(); ++i) out.set(i, js_problem(problems[i]));
  return out;
}

val JsValues::value(const JsonValue& root) const {
  if (!root.IsObject() && !root.IsArray()) return scalar(root);
  struct Frame {
    const JsonValue* json;
    val js;
    rapidjson::SizeType next;
  };
  val out = container(root);
  std::vector<Frame> stack{{&root, out, 0}};
  while (!stack.empty()) {
    Frame& top = stack.back();
    const JsonValue& json = *top.json;
    const rapidjson::SizeType size = json.IsObject() ? json.MemberCount() : json.Size();
    if (top.next == size) {
      stack.pop_back();
      continue;
    }
    const rapidjson::SizeType i = top.next++;
    const JsonValue& item = json.IsObject() ? (json.MemberBegin() + i)->value : json[i];
    const bool nested = item.IsObject() || item.IsArray();
    val js = nested ? container(item) : scalar(item);
    if (json.IsObject()) {
      const JsonValue& key = (json.MemberBegin() + i)->name;
      set_member(top.js, std::string_view(key.GetString(), key.GetStringLength()), js);
    } else {
      top.js.set(i, js);
    }
    if (nested) stack.push_back({&item, js, 0});  // `top` is not used past here
  }
  return out;
}

val JsValues::member(const JsonValue* doc, std::string_view key) const {
  const JsonValue* v = doc ? zr::member(*doc, key) : nullptr;
  return v ? value(*v) : val::null();
}

val JsValues::integer(uint64_t magnitude, bool negative, std::string_view text) const {
  if (magnitude <= kMaxSafeInteger || !bigints_) {
    const double d = static_cast<double>(magnitude);
    return val(negative ? -d : d);
  }
  return val::global("BigInt")(js_string(text));
}

val JsValues::scalar(const JsonValue& v) const {
  switch (kind_of(v)) {
    case JsonKind::Bool: return val(v.GetBool());
    case JsonKind::String: return js_string(string_of(v));
    case JsonKind::Integer: return integer(v.GetUint64(), false, std::to_string(v.GetUint64()));
    case JsonKind::OtherNumber: {
      const std::string_view text = number_text_of(v);
      const bool negative = text[0] == '-';
      if (auto m = plain_uint64(text.substr(negative ? 1 : 0))) return integer(*m, negative, text);
      // A fraction, an exponent, or past 2^64: JS's own Number() rounds the
      // text as JSON.parse would (and keeps libc's strtod out of the module).
      return val::global("Number")(std::string(text));
    }
    case JsonKind::NonFinite: {  // ledger: non-finite-tokens (the float each token names, exactly)
      const std::string_view token = number_text_of(v);
      const double inf = std::numeric_limits<double>::infinity();
      return val(token == "NaN" ? std::numeric_limits<double>::quiet_NaN() : token[0] == '-' ? -inf : inf);
    }
    default: return val::null();  // null (run lists are read into grids, never handed out)
  }
}

}  // namespace zr::wasm
