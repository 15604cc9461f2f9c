#include "member_span.hpp"

#include <algorithm>
#include <cstdint>

#include "json_document.hpp"
#include "problem.hpp"

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

// Where the root value begins, past any white space.
size_t walk_start(Walk& walk) {
  walk.skip_space();
  return walk.at();
}

}  // namespace

std::vector<std::optional<ByteSpan>> member_spans(std::string_view bytes, std::span<const std::string_view> pointers) {
  std::vector<std::optional<ByteSpan>> out(pointers.size());
  if (bytes.size() > kMaxDocumentBytes) return out;
  ParsedJson parsed;
  parse_json(bytes, Quirks::Read, parsed);
  if (!parsed.ok) return out;
  // The pointers, and each object on their way, sorted for lookup (as
  // string_views, whose sort the module has already).
  std::vector<std::string_view> sorted(pointers.begin(), pointers.end());
  std::vector<std::string_view> entered;
  for (const std::string_view p : pointers) {
    for (size_t k = p.find('/', 1); k != std::string_view::npos; k = p.find('/', k + 1)) entered.push_back(p.substr(0, k));
  }
  std::sort(sorted.begin(), sorted.end());
  std::sort(entered.begin(), entered.end());
  std::vector<std::optional<ByteSpan>> spans(sorted.size());  // by place in `sorted`
  const auto is_entered = [&](std::string_view p) { return std::binary_search(entered.begin(), entered.end(), p); };
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  const size_t start = bytes.substr(0, 3) == kBom ? 3 : 0;
  Walk walk(bytes.substr(start));
  const auto place = [&](std::string_view p) { return std::lower_bound(sorted.begin(), sorted.end(), p) - sorted.begin(); };
  const auto record = [&](std::string_view pointer, size_t begin, size_t end) {
    const auto at = place(pointer);
    if (at < static_cast<ptrdiff_t>(sorted.size()) && sorted[at] == pointer) spans[at] = ByteSpan{start + begin, start + end};
  };
  // The objects being walked, each with its pointer and first byte; the
  // root first.
  struct Open {
    std::string pointer;
    size_t begin;
  };
  std::vector<Open> objects{{"", walk_start(walk)}};
  std::string key;
  if (!walk.take('{')) return out;
  while (!objects.empty()) {
    if (walk.take('}')) {
      record(objects.back().pointer, objects.back().begin, walk.at());
      objects.pop_back();
      if (!objects.empty()) walk.take(',');
      continue;
    }
    key.clear();
    walk.skip_space();
    if (!walk.string(&key) || !walk.take(':')) return out;
    walk.skip_space();
    const size_t begin = walk.at();
    std::string pointer = pointer_append(objects.back().pointer, key);
    if (is_entered(pointer) && walk.take('{')) {
      objects.push_back({std::move(pointer), begin});
      continue;
    }
    if (!walk.value()) return out;
    record(pointer, begin, walk.at());
    walk.take(',');
  }
  for (size_t i = 0; i < pointers.size(); ++i) out[i] = spans[place(pointers[i])];
  return out;
}

std::optional<ByteSpan> top_level_member_span(std::string_view bytes, std::string_view key) {
  const std::string pointer = pointer_append("", key);
  const std::string_view pointers[] = {pointer};
  return member_spans(bytes, pointers)[0];
}

}  // namespace zr
