// The reference reader: an independent JSON parser (RFC 8259, strict UTF-8,
// no RapidJSON) and the spec's rules for a zarr.json's shape and chunk_grid
// applied to its tree, with __int128 sums. The axes it reads are the models
// of tests/reference/grid_model.hpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../reference/grid_model.hpp"

namespace zr_fuzz {

using zr_model::kMax;
using zr_model::u128;
using zr_model::u64;

// An independent JSON reader, written from RFC 8259 for this harness (no
// RapidJSON): an arena of nodes, parsed iteratively, so no nesting depth
// can overflow the stack. Numbers keep their text; strings are decoded.
struct Val {
  enum Kind : uint8_t { Null, Bool, Number, String, Array, Object } kind = Null;
  std::string text;                 // a number's or literal's text, or a decoded string
  std::string raw;                  // a string as written, between its quotes
  std::vector<const Val*> items;    // array elements, or object member values
  std::vector<std::string> keys;    // object member names (decoded), parallel to items
  std::vector<std::string> raw_keys;
  bool IsArray() const { return kind == Array; }
  bool IsObject() const { return kind == Object; }
  size_t Size() const { return items.size(); }
  const Val& operator[](size_t i) const { return *items[i]; }
};

class Json {
 public:
  // False on any syntax or encoding error, or on bytes after the value.
  bool parse(std::string_view in) {
    in_ = in;
    pos_ = 0;
    nodes_.clear();
    std::vector<Val*> open;  // containers being filled, innermost last
    ws();
    for (;;) {
      // A value.
      Val* v = make();
      if (!open.empty()) open.back()->items.push_back(v);
      const int c = peek();
      if (c == '{' || c == '[') {
        ++pos_;
        v->kind = c == '{' ? Val::Object : Val::Array;
        open.push_back(v);
        ws();
        if (peek() == (c == '{' ? '}' : ']')) {
          ++pos_;
          open.pop_back();
        } else if (c == '{') {
          if (!key(*v)) return false;
          continue;
        } else {
          continue;
        }
      } else if (c == '"') {
        ++pos_;
        v->kind = Val::String;
        const size_t from = pos_;
        if (!string(v->text)) return false;
        v->raw.assign(in_.substr(from, pos_ - 1 - from));
      } else if (c == '-' || (c >= '0' && c <= '9')) {
        v->kind = Val::Number;
        if (!number(v->text)) return false;
      } else if (literal("true") || literal("false")) {
        v->kind = Val::Bool;
        v->text = in_[pos_ - 1] == 'e' && in_[pos_ - 2] == 'u' ? "true" : "false";
      } else if (literal("null")) {
        v->kind = Val::Null;
        v->text = "null";
      } else {
        return false;
      }
      // After a value: a separator, closing brackets, or the end.
      for (;;) {
        ws();
        if (open.empty()) return pos_ == in_.size();
        Val* top = open.back();
        const int d = peek();
        if (d == ',') {
          ++pos_;
          ws();
          if (top->IsObject() && !key(*top)) return false;
          break;
        }
        if (d == (top->IsObject() ? '}' : ']')) {
          ++pos_;
          open.pop_back();
          continue;
        }
        return false;
      }
    }
  }
  const Val& root() const { return nodes_.front(); }

 private:
  int peek() const { return pos_ < in_.size() ? static_cast<unsigned char>(in_[pos_]) : -1; }
  void ws() {
    while (pos_ < in_.size() && (in_[pos_] == ' ' || in_[pos_] == '\t' || in_[pos_] == '\n' || in_[pos_] == '\r')) ++pos_;
  }
  Val* make() { return &nodes_.emplace_back(); }
  bool literal(std::string_view word) {
    if (in_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  // `"name" :` then whitespace, before a member's value.
  bool key(Val& object) {
    if (peek() != '"') return false;
    ++pos_;
    std::string name;
    const size_t from = pos_;
    if (!string(name)) return false;
    object.keys.push_back(std::move(name));
    object.raw_keys.emplace_back(in_.substr(from, pos_ - 1 - from));
    ws();
    if (peek() != ':') return false;
    ++pos_;
    ws();
    return true;
  }
  bool number(std::string& out) {
    const size_t from = pos_;
    const auto digits = [&] {
      const size_t d = pos_;
      while (pos_ < in_.size() && in_[pos_] >= '0' && in_[pos_] <= '9') ++pos_;
      return pos_ > d;
    };
    if (peek() == '-') ++pos_;
    if (peek() == '0') ++pos_;
    else if (!digits()) return false;
    if (peek() == '.') {
      ++pos_;
      if (!digits()) return false;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (!digits()) return false;
    }
    out.assign(in_.substr(from, pos_ - from));
    return true;
  }
  int hex4() {
    if (pos_ + 4 > in_.size()) return -1;
    int v = 0;
    for (int k = 0; k < 4; ++k) {
      const char h = in_[pos_++];
      v <<= 4;
      if (h >= '0' && h <= '9') v |= h - '0';
      else if (h >= 'a' && h <= 'f') v |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F') v |= h - 'A' + 10;
      else return -1;
    }
    return v;
  }
  static void utf8(uint32_t cp, std::string& out) {
    if (cp < 0x80) out += char(cp);
    else if (cp < 0x800) out += char(0xC0 | (cp >> 6)), out += char(0x80 | (cp & 0x3F));
    else if (cp < 0x10000)
      out += char(0xE0 | (cp >> 12)), out += char(0x80 | ((cp >> 6) & 0x3F)), out += char(0x80 | (cp & 0x3F));
    else
      out += char(0xF0 | (cp >> 18)), out += char(0x80 | ((cp >> 12) & 0x3F)), out += char(0x80 | ((cp >> 6) & 0x3F)),
          out += char(0x80 | (cp & 0x3F));
  }
  // After the opening quote, up to and including the closing one.
  bool string(std::string& out) {
    for (;;) {
      const int c = peek();
      if (c < 0) return false;
      ++pos_;
      if (c == '"') return true;
      if (c < 0x20) return false;  // control characters must be escaped
      if (c == '\\') {
        const int e = peek();
        ++pos_;
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            int cp = hex4();
            if (cp < 0) return false;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
              // A high surrogate needs its low half. (A lone low half is
              // grammatical JSON and is kept, as RapidJSON does.)
              if (in_.substr(pos_, 2) != "\\u") return false;
              pos_ += 2;
              const int lo = hex4();
              if (lo < 0xDC00 || lo > 0xDFFF) return false;
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            utf8(uint32_t(cp), out);
            break;
          }
          default: return false;
        }
        continue;
      }
      if (c < 0x80) {
        out += char(c);
        continue;
      }
      // UTF-8, RFC 3629: no overlong forms, no surrogates, at most U+10FFFF.
      int need;
      unsigned char lo = 0x80, hi = 0xBF;
      if (c >= 0xC2 && c <= 0xDF) need = 1;
      else if (c == 0xE0) need = 2, lo = 0xA0;
      else if (c == 0xED) need = 2, hi = 0x9F;
      else if (c >= 0xE1 && c <= 0xEF) need = 2;
      else if (c == 0xF0) need = 3, lo = 0x90;
      else if (c >= 0xF1 && c <= 0xF3) need = 3;
      else if (c == 0xF4) need = 3, hi = 0x8F;
      else return false;
      out += char(c);
      for (int k = 0; k < need; ++k) {
        const int b = peek();
        if (b < (k == 0 ? lo : 0x80) || b > (k == 0 ? hi : 0xBF)) return false;
        out += char(b);
        ++pos_;
      }
    }
  }

  std::string_view in_;
  size_t pos_ = 0;
  std::deque<Val> nodes_;  // stable addresses
};

inline bool is_number(const Val& v) { return v.kind == Val::Number; }
inline bool is_string(const Val& v) { return v.kind == Val::String; }
inline std::string_view text(const Val& v) { return v.text; }

// The first member named `key`, as a reader that takes the first would.
inline const Val* find(const Val& obj, std::string_view key) {
  if (!obj.IsObject()) return nullptr;
  for (size_t i = 0; i < obj.keys.size(); ++i)
    if (obj.keys[i] == key) return obj.items[i];
  return nullptr;
}

// Exact value of a JSON number's text if it is a non-negative integer that
// fits uint64. Plain digits always; in lenient mode also any integral float
// (10.0, 1e3, 1.5e1), decided exactly with decimal arithmetic written here.
inline std::optional<u64> ref_integer(std::string_view t, bool lenient) {
  if (t.empty()) return std::nullopt;
  if (t[0] == '-') return std::nullopt;
  size_t i = 0;
  std::string mantissa;  // all significant digits
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') mantissa += t[i++];
  const size_t int_digits = mantissa.size();
  bool plain = i == t.size();
  if (!plain && !lenient) return std::nullopt;
  long long exp10 = 0;  // value = mantissa * 10^(exp10 - fraction digits)
  size_t frac_digits = 0;
  if (i < t.size() && t[i] == '.') {
    ++i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') mantissa += t[i++], ++frac_digits;
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    bool neg = false;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) neg = t[i++] == '-';
    long long e = 0;
    for (; i < t.size(); ++i) e = std::min<long long>(e * 10 + (t[i] - '0'), 1000000000000LL);
    exp10 = neg ? -e : e;
  }
  (void)int_digits;
  // Strip leading zeros.
  size_t first = 0;
  while (first < mantissa.size() && mantissa[first] == '0') ++first;
  mantissa = mantissa.substr(first);
  long long shift = exp10 - (long long)frac_digits;  // value = mantissa * 10^shift
  if (mantissa.empty()) return u64(0);
  // Move trailing zeros of the mantissa into the shift.
  while (!mantissa.empty() && mantissa.back() == '0') mantissa.pop_back(), ++shift;
  if (shift < 0) return std::nullopt;  // a fraction
  if ((long long)mantissa.size() + shift > 20) return std::nullopt;
  u128 v = 0;
  for (char c : mantissa) v = v * 10 + u128(c - '0');
  for (long long k = 0; k < shift; ++k) v *= 10;
  if (v > kMax) return std::nullopt;
  return u64(v);
}

struct RefResult {
  bool grid_ok = false;  // read_grid_metadata should accept
  bool doc_ok = false;   // validate_metadata should report valid
  std::vector<zr_model::AxisModel> axes;
};

// Duplicate keys anywhere (`any`), and inside /shape or /chunk_grid
// (`in_grid`), where read_grid_metadata reports them too. Iterative.
inline void ref_duplicates(const Val& root, bool& any, bool& in_grid) {
  struct Item {
    const Val* v;
    bool grid;  // at or below /shape or /chunk_grid
    bool root;
  };
  std::vector<Item> stack{{&root, false, true}};
  std::vector<std::string_view> keys;
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    if (it.v->IsObject()) {
      keys.clear();
      for (size_t i = 0; i < it.v->keys.size(); ++i) {
        const std::string_view k = it.v->keys[i];
        keys.push_back(k);
        stack.push_back({it.v->items[i], it.grid || (it.root && (k == "shape" || k == "chunk_grid")), false});
      }
      std::sort(keys.begin(), keys.end());
      for (size_t i = 1; i < keys.size(); ++i) {
        if (keys[i] == keys[i - 1]) {
          any = true;
          if (it.grid || (it.root && (keys[i] == "shape" || keys[i] == "chunk_grid"))) in_grid = true;
        }
      }
    } else if (it.v->IsArray()) {
      for (const Val* item : it.v->items) stack.push_back({item, it.grid, false});
    }
  }
}

inline std::optional<u64> ref_positive(const Val& v, bool lenient) {
  if (!is_number(v)) return std::nullopt;
  auto x = ref_integer(text(v), lenient);
  if (!x || *x == 0) return std::nullopt;
  return x;
}

// One axis entry of chunk_shapes (or lenient regular chunk_shape). The
// model's constructors apply the rules on the edge sum: it fits in 64 bits
// and reaches the length.
inline std::optional<zr_model::AxisModel> ref_axis(const Val& v, u64 length, bool lenient) {
  if (!v.IsArray()) {
    auto m = ref_positive(v, lenient);
    if (!m) return std::nullopt;
    return zr_model::AxisModel::of_step(length, *m);
  }
  if (v.Size() == 0) return std::nullopt;
  std::vector<zr_model::Run> runs;
  for (size_t i = 0; i < v.Size(); ++i) {
    const Val& item = v[i];
    if (item.IsArray()) {
      if (item.Size() != 2) return std::nullopt;
      auto sz = ref_positive(item[0], lenient);
      auto n = ref_positive(item[1], lenient);
      if (!sz || !n) return std::nullopt;
      runs.push_back({*sz, *n});
    } else {
      auto sz = ref_positive(item, lenient);
      if (!sz) return std::nullopt;
      runs.push_back({*sz, 1});
    }
  }
  return zr_model::AxisModel::of_runs(length, std::move(runs));
}

// The rest of the document's rules (reference_rules.hpp, included below).
inline bool ref_rules_ok(const Val& doc);

inline RefResult ref_read(std::string_view bytes, bool lenient) {
  RefResult out;
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") {
    if (!lenient) return out;
    bytes.remove_prefix(3);
  }
  Json json;
  if (!json.parse(bytes)) return out;
  const Val& doc = json.root();
  if (!doc.IsObject()) return out;
  bool dup_any = false, dup_grid = false;
  ref_duplicates(doc, dup_any, dup_grid);

  // Document-level fields (validate_metadata only).
  bool fields_ok = true;
  {
    const Val* f = find(doc, "zarr_format");
    fields_ok &= f && is_number(*f) && text(*f) == "3";
    const Val* nt = find(doc, "node_type");
    fields_ok &= nt && is_string(*nt) && text(*nt) == "array";
    fields_ok &= ref_rules_ok(doc);  // reference_rules.hpp
  }

  const auto grid = [&]() -> bool {
    const Val* shape = find(doc, "shape");
    if (!shape || !shape->IsArray()) return false;
    std::vector<u64> lengths;
    for (const Val* xp : shape->items) {
      const Val& x = *xp;
      if (!is_number(x)) return false;
      auto l = ref_integer(text(x), lenient);
      if (!l) return false;
      lengths.push_back(*l);
    }
    const Val* cg = find(doc, "chunk_grid");
    if (!cg || !cg->IsObject()) return false;
    const Val* name = find(*cg, "name");
    const Val* config = find(*cg, "configuration");
    if (!name || !is_string(*name) || !config || !config->IsObject()) return false;
    const Val* entries = nullptr;
    if (text(*name) == "regular") {
      entries = find(*config, "chunk_shape");
      if (!entries || !entries->IsArray()) return false;
      if (!lenient) {
        for (const Val* e : entries->items) {
          if (e->IsArray()) return false;
        }
      }
    } else if (text(*name) == "rectilinear") {
      const Val* kind = find(*config, "kind");
      if (!kind || !is_string(*kind) || text(*kind) != "inline") return false;
      entries = find(*config, "chunk_shapes");
      if (!entries || !entries->IsArray()) return false;
    } else {
      return false;
    }
    if (entries->Size() != lengths.size()) return false;
    for (size_t i = 0; i < entries->Size(); ++i) {
      auto a = ref_axis((*entries)[i], lengths[i], lenient);
      if (!a) return false;
      out.axes.push_back(std::move(*a));
    }
    return true;
  }();
  out.grid_ok = grid && !dup_grid;
  out.doc_ok = grid && !dup_any && fields_ok;
  if (!out.grid_ok) out.axes.clear();
  return out;
}

// Does `path` resolve in the document, or at least its parent (for a
// member reported missing)?
inline bool pointer_resolves(const Val& root, std::string_view path) {
  if (path.empty()) return true;
  if (path[0] != '/') return false;
  std::vector<std::string> tokens;
  size_t i = 1;
  for (;;) {
    const size_t slash = path.find('/', i);
    std::string_view raw = path.substr(i, slash == std::string_view::npos ? std::string_view::npos : slash - i);
    std::string tok;
    for (size_t k = 0; k < raw.size(); ++k) {
      if (raw[k] == '~' && k + 1 < raw.size() && (raw[k + 1] == '0' || raw[k + 1] == '1')) {
        tok += raw[k + 1] == '0' ? '~' : '/';
        ++k;
      } else if (raw[k] == '~') {
        return false;  // a bad escape
      } else {
        tok += raw[k];
      }
    }
    tokens.push_back(std::move(tok));
    if (slash == std::string_view::npos) break;
    i = slash + 1;
  }
  // With duplicate keys a token can name several members: any may lead on.
  std::vector<std::pair<const Val*, size_t>> todo{{&root, 0}};
  while (!todo.empty()) {
    const auto [v, k] = todo.back();
    todo.pop_back();
    if (k == tokens.size()) return true;
    if (v->IsObject()) {
      bool any = false;
      for (size_t i = 0; i < v->keys.size(); ++i)
        if (v->keys[i] == tokens[k]) todo.push_back({v->items[i], k + 1}), any = true;
      if (!any && k + 1 == tokens.size()) return true;  // a missing member of an existing object
    } else if (v->IsArray()) {
      const std::string& t = tokens[k];
      if (t.empty() || t.size() > 10 || (t.size() > 1 && t[0] == '0') ||
          t.find_first_not_of("0123456789") != std::string::npos)
        continue;
      const u64 idx = std::stoull(t);
      if (idx < v->Size()) todo.push_back({v->items[idx], k + 1});
    }
  }
  return false;
}

}  // namespace zr_fuzz

#include "reference_rules.hpp"
