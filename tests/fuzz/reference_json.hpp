// The reference reader's JSON parser: independent of the core's (RFC 8259,
// strict UTF-8, no RapidJSON), for the reference reader
// (reference_reader.hpp) and the structure-aware mutator (mutator.cpp).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace zr_fuzz {

// An independent JSON reader, written from RFC 8259 for this harness (no
// RapidJSON): an arena of nodes, parsed iteratively, so no nesting depth
// can overflow the stack. Numbers keep their text; strings are decoded.
// Beyond RFC 8259 it reads exactly the tokens NaN, Infinity and -Infinity,
// which Python's json module writes (docs/writers-ledger.md,
// non-finite-tokens), as values of their own kind, NonFinite; RapidJSON's
// Inf, -Inf and -NaN stay syntax errors.
struct Val {
  enum Kind : uint8_t { Null, Bool, Number, String, Array, Object, NonFinite } kind = Null;
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
      const size_t start = pos_;
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
      } else if (literal("NaN") || literal("Infinity") || literal("-Infinity")) {
        v->kind = Val::NonFinite;
        v->text.assign(in_.substr(start, pos_ - start));
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

}  // namespace zr_fuzz
