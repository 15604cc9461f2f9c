#include "member_span.hpp"

#include <cstdint>

#include "json_document.hpp"

namespace zr {

namespace {

// A walk over text that parse_json has read: every value is well-formed,
// so a container is skipped by counting its brackets outside strings, and
// only keys on the path are decoded. Every read is bounds-checked all the
// same.
class Walk {
 public:
  explicit Walk(std::string_view text) : s_(text) {}

  size_t at() const { return i_; }
  void skip_space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool take(char c) {
    skip_space();
    if (i_ >= s_.size() || s_[i_] != c) return false;
    ++i_;
    return true;
  }
  // Past the string that starts here, its decoded text into `out` if given.
  bool string(std::string* out) {
    if (!take('"')) return false;
    while (i_ < s_.size()) {
      const char c = s_[i_++];
      if (c == '"') return true;
      if (c != '\\') {
        if (out) out->push_back(c);
        continue;
      }
      if (i_ >= s_.size()) return false;
      const char e = s_[i_++];
      if (e != 'u') {
        if (out) out->push_back(unescaped(e));
        continue;
      }
      uint32_t code = hex4();
      // A high surrogate is followed by its low one (the parser checked).
      if (code >= 0xD800 && code < 0xDC00 && i_ + 1 < s_.size() && s_[i_] == '\\' && s_[i_ + 1] == 'u') {
        i_ += 2;
        code = 0x10000 + ((code - 0xD800) << 10) + (hex4() - 0xDC00);
      }
      if (out) utf8(code, *out);
    }
    return false;
  }
  // Past the value that starts here.
  bool value() {
    skip_space();
    if (i_ >= s_.size()) return false;
    if (s_[i_] == '"') return string(nullptr);
    if (s_[i_] != '{' && s_[i_] != '[') {
      while (i_ < s_.size() && std::string_view(",}] \t\n\r").find(s_[i_]) == std::string_view::npos) ++i_;
      return true;
    }
    size_t depth = 0;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '"') {
        if (!string(nullptr)) return false;
        continue;
      }
      ++i_;
      if (c == '{' || c == '[') ++depth;
      if ((c == '}' || c == ']') && --depth == 0) return true;
    }
    return false;
  }

 private:
  static char unescaped(char e) {
    switch (e) {
      case 'b': return '\b';
      case 'f': return '\f';
      case 'n': return '\n';
      case 'r': return '\r';
      case 't': return '\t';
      default: return e;  // " \ /
    }
  }
  uint32_t hex4() {
    uint32_t v = 0;
    for (int k = 0; k < 4 && i_ < s_.size(); ++k) {
      const char h = s_[i_++];
      v = v * 16 + static_cast<uint32_t>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
    }
    return v;
  }
  static void utf8(uint32_t c, std::string& out) {
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (c >> 12)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (c >> 18)));
      out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }

  std::string_view s_;
  size_t i_ = 0;
};

}  // namespace

std::optional<ByteSpan> member_span(std::string_view bytes, std::span<const std::string> keys) {
  if (bytes.size() > kMaxDocumentBytes) return std::nullopt;
  ParsedJson parsed;
  parse_json(bytes, Quirks::Read, parsed);
  if (!parsed.ok) return std::nullopt;
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  const size_t start = bytes.substr(0, 3) == kBom ? 3 : 0;
  Walk walk(bytes.substr(start));
  std::string key;
  for (size_t depth = 0; depth < keys.size(); ++depth) {
    if (!walk.take('{')) return std::nullopt;
    if (walk.take('}')) return std::nullopt;
    for (;;) {
      key.clear();
      walk.skip_space();
      if (!walk.string(&key) || !walk.take(':')) return std::nullopt;
      walk.skip_space();
      const size_t begin = walk.at();
      if (key == keys[depth]) {
        if (depth + 1 < keys.size()) break;  // into this member's value
        if (!walk.value()) return std::nullopt;
        return ByteSpan{start + begin, start + walk.at()};
      }
      if (!walk.value() || !walk.take(',')) return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<ByteSpan> top_level_member_span(std::string_view bytes, std::string_view key) {
  const std::string keys[] = {std::string(key)};
  return member_span(bytes, keys);
}

}  // namespace zr
