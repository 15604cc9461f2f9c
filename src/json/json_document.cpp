// The document tree parse_json builds (json_document.hpp): what each value
// is and holds, and the walks that report duplicate keys and find the
// tokens JSON does not have.
#include "json_document.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "json_numbers.hpp"

namespace zr {

namespace {

// A node on the explicit stack of the duplicate-key walk. The pointer of a
// node is rebuilt from its parents only when a problem is reported.
struct WalkNode {
  const JsonValue* value;
  size_t parent;
  std::string_view key;  // empty with is_index for array elements
  size_t index;
  bool is_index;
};

std::string pointer_of(const std::vector<WalkNode>& nodes, size_t i) {
  std::vector<size_t> chain;
  for (size_t k = i; k != 0; k = nodes[k].parent) chain.push_back(k);
  // Built in place: linear in the pointer's length, however deep.
  std::string path;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const WalkNode& n = nodes[*it];
    if (n.is_index) pointer_push(path, std::to_string(n.index));
    else pointer_push(path, n.key);
  }
  return path;
}

}  // namespace

void report_duplicate_keys(const JsonValue& root, Problems& errors, std::span<const std::string_view> only) {
  // Only containers go on the stack: a document of 10^7 numbers walks
  // only its few arrays and objects.
  const auto container = [](const JsonValue& v) { return v.IsObject() || v.IsArray(); };
  std::vector<WalkNode> nodes{{&root, 0, {}, 0, false}};
  std::vector<std::string_view> keys;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const JsonValue& v = *nodes[i].value;
    if (v.IsObject()) {
      keys.clear();
      for (auto m = v.MemberBegin(); m != v.MemberEnd(); ++m) {
        std::string_view key(m->name.GetString(), m->name.GetStringLength());
        if (i == 0 && !only.empty() && std::find(only.begin(), only.end(), key) == only.end()) continue;
        keys.push_back(key);
        if (container(m->value)) nodes.push_back({&m->value, i, key, 0, false});
      }
      std::sort(keys.begin(), keys.end());
      for (size_t k = 1; k < keys.size(); ++k) {
        if (keys[k] == keys[k - 1] && (k == 1 || keys[k - 2] != keys[k]) && !problems_full(errors)) {
          report(errors, {pointer_append(pointer_of(nodes, i), keys[k]),
                            "found the key \"" + std::string(keys[k]) + "\" more than once; expected unique keys",
                          ProblemCode::DuplicateKey});
        }
      }
    } else if (v.IsArray()) {
      for (rapidjson::SizeType k = 0; k < v.Size(); ++k) {
        if (container(v[k])) nodes.push_back({&v[k], i, {}, k, true});
      }
    }
  }
}

JsonKind kind_of(const JsonValue& v) {
  if (v.IsNull()) return JsonKind::Null;
  if (v.IsBool()) return JsonKind::Bool;
  if (v.IsObject()) return JsonKind::Object;
  if (v.IsArray()) return JsonKind::Array;
  if (v.IsUint64()) return JsonKind::Integer;
  switch (v.GetString()[0]) {
    case kNumberTag: return JsonKind::OtherNumber;
    case kRunListTag: return JsonKind::RunList;
    case kNonFiniteTag: return JsonKind::NonFinite;
    default: return JsonKind::String;
  }
}

std::string_view string_of(const JsonValue& v) { return {v.GetString() + 1, v.GetStringLength() - 1}; }
std::string_view number_text_of(const JsonValue& v) {
  const std::string_view text = string_of(v);
  return v.GetString()[0] == kNonFiniteTag ? text.substr(0, text.find(' ')) : text;
}

int64_t non_finite_offset(const JsonValue& v) {
  const std::string_view text = string_of(v);
  size_t at = 0;  // as runs_of reads its index: one from_chars for both
  std::from_chars(text.data() + text.find(' ') + 1, text.data() + text.size(), at);
  return static_cast<int64_t>(at);
}

std::string describe_value(const JsonValue& v) {
  constexpr size_t kQuoteLimit = 40;
  const auto quote = [](std::string_view s) {
    return s.size() <= kQuoteLimit ? std::string(s) : std::string(s.substr(0, kQuoteLimit)) + "...";
  };
  switch (kind_of(v)) {
    case JsonKind::Null: return "null";
    case JsonKind::Bool: return v.GetBool() ? "true" : "false";
    case JsonKind::Object: return "an object";
    case JsonKind::Array: return v.Empty() ? "[]" : "an array";
    case JsonKind::RunList: return "an array";
    case JsonKind::String: return "the string \"" + quote(string_of(v)) + "\"";
    case JsonKind::Integer: return std::to_string(v.GetUint64());
    case JsonKind::OtherNumber: return quote(number_text_of(v));
    case JsonKind::NonFinite: return std::string(number_text_of(v)) + " (a token JSON does not have)";
  }
  return "a value";
}

void set_number(JsonValue& v, std::string_view text, JsonPool& pool) {
  if (const auto u = plain_uint64(text)) return void(v.SetUint64(*u));
  const std::string tagged = kNumberTag + std::string(text);
  v.SetString(tagged.data(), static_cast<rapidjson::SizeType>(tagged.size()), pool);
}

JsonValue json_string(std::string_view s, JsonPool& pool) {
  const std::string tagged = kStringTag + std::string(s);
  return JsonValue(tagged.data(), static_cast<rapidjson::SizeType>(tagged.size()), pool);
}

std::vector<std::pair<std::string, const JsonValue*>> non_finite_pointers(const JsonValue& root) {
  // As the duplicate-key walk: containers only on the list, pointers built
  // only for what is found.
  std::vector<std::pair<std::string, const JsonValue*>> out;
  std::vector<WalkNode> nodes{{&root, 0, {}, 0, false}};
  if (kind_of(root) == JsonKind::NonFinite) out.emplace_back("", &root);
  for (size_t i = 0; i < nodes.size(); ++i) {
    const JsonValue& v = *nodes[i].value;
    const auto visit = [&](const JsonValue& item, std::string_view key, size_t index, bool is_index) {
      if (item.IsObject() || item.IsArray()) {
        nodes.push_back({&item, i, key, index, is_index});
      } else if (kind_of(item) == JsonKind::NonFinite) {
        std::string path = pointer_of(nodes, i);
        if (is_index) pointer_push(path, std::to_string(index));
        else pointer_push(path, key);
        out.emplace_back(std::move(path), &item);
      }
    };
    if (v.IsObject()) {
      for (auto m = v.MemberBegin(); m != v.MemberEnd(); ++m) visit(m->value, {m->name.GetString(), m->name.GetStringLength()}, 0, false);
    } else if (v.IsArray()) {
      for (rapidjson::SizeType k = 0; k < v.Size(); ++k) visit(v[k], {}, k, true);
    }
  }
  return out;
}

const JsonValue* member(const JsonValue& object, std::string_view key) {
  for (auto m = object.MemberBegin(); m != object.MemberEnd(); ++m) {
    if (std::string_view(m->name.GetString(), m->name.GetStringLength()) == key) return &m->value;
  }
  return nullptr;
}

std::vector<Run>* ParsedJson::runs_of(const JsonValue& v) {
  if (kind_of(v) != JsonKind::RunList) return nullptr;
  const std::string_view digits = string_of(v);
  size_t index = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), index);
  return &run_lists[index];
}

}  // namespace zr
