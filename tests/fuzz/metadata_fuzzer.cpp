// libFuzzer target for the metadata reader and everything a reader does with
// the grid it gets back.
//
// Input: one mode byte, then the document bytes. Bit 0 of the mode byte
// picks lenient mode; the other bits seed the random lookups (together with
// a hash of the document).
//
// For every input:
//   - read_grid_metadata and validate_metadata agree with each other (the
//     grid problems of validate_metadata are exactly read_grid_metadata's),
//     and with an independent reference reader of the spec's rules (plain
//     RapidJSON DOM, __int128 sums): accepted exactly when valid;
//   - read_document agrees with validate_metadata on array documents (the
//     same problems, and a grid equal to read_grid_metadata's exactly when
//     valid);
//   - every error path is a JSON Pointer that resolves into the document,
//     or whose parent does (a missing member).
// For every accepted document:
//   - strict and lenient readings agree when lenient mode had nothing to
//     forgive;
//   - the grid round-trips through to_json_text (read back as a zarr.json
//     and as read_chunk_shapes' {shape, chunk_shapes}) to an equal grid,
//     and the text is a fixed point; to_regular_json_text likewise;
//   - lookups, chunk geometry, slices, blocks, points and masks agree with
//     a reference model that walks the declared runs linearly, and, when
//     the declared edges number at most 10^5, with the expanded edges.
// Any disagreement is a __builtin_trap(), after printing what differed.
//
// Statistics (inputs, parsed JSON, accepted grids) are printed at exit.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "canonical_json.hpp"
#include "chunk_grid.hpp"
#include "document.hpp"
#include "json_document.hpp"
#include "metadata.hpp"
#include "selection.hpp"

namespace {

using u64 = uint64_t;
using u128 = unsigned __int128;
constexpr u64 kMax = ~u64(0);
constexpr u64 kExpandLimit = 100000;  // expanded-edge checks only up to this many declared edges

// ---------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------

struct Stats {
  u64 inputs = 0, parsed = 0, accepted = 0, valid_docs = 0, lenient = 0, expanded = 0, huge = 0;
} stats;

void print_stats() {
  if (stats.inputs == 0) return;
  const auto pct = [](u64 a, u64 b) { return b ? 100.0 * double(a) / double(b) : 0.0; };
  std::fprintf(stderr,
               "zr-fuzz stats: inputs=%llu parsed_json=%llu (%.1f%%) grid_accepted=%llu (%.1f%%) "
               "document_valid=%llu (%.1f%%) lenient_inputs=%llu expanded_checks=%llu beyond_1e5_edges=%llu\n",
               (unsigned long long)stats.inputs, (unsigned long long)stats.parsed, pct(stats.parsed, stats.inputs),
               (unsigned long long)stats.accepted, pct(stats.accepted, stats.inputs),
               (unsigned long long)stats.valid_docs, pct(stats.valid_docs, stats.inputs),
               (unsigned long long)stats.lenient, (unsigned long long)stats.expanded,
               (unsigned long long)stats.huge);
}

// ---------------------------------------------------------------------------
// Failure reporting
// ---------------------------------------------------------------------------

std::string_view g_doc;
bool g_lenient = false;

// The document with non-printable bytes as \xNN, for messages.
std::string escaped(std::string_view bytes, size_t limit = 2000) {
  std::string out;
  for (size_t i = 0; i < bytes.size() && i < limit; ++i) {
    const unsigned char c = bytes[i];
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out += char(c);
    } else {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  if (bytes.size() > limit) out += "...";
  return out;
}

[[noreturn]] void fail(const char* what, const std::string& detail = {}) {
  std::fprintf(stderr, "\n*** zr-fuzz mismatch: %s\n", what);
  if (!detail.empty()) std::fprintf(stderr, "    %s\n", detail.c_str());
  std::fprintf(stderr, "    mode: %s, document (%zu bytes): %s\n", g_lenient ? "lenient" : "strict", g_doc.size(),
               escaped(g_doc).c_str());
  __builtin_trap();
}

#define CHECK(cond, detail)                                                                  \
  do {                                                                                       \
    if (!(cond)) fail("CHECK(" #cond ")", "line " + std::to_string(__LINE__) + ": " + (detail)); \
  } while (0)

std::string s(u64 v) { return std::to_string(v); }

// ---------------------------------------------------------------------------
// A small deterministic PRNG (splitmix64)
// ---------------------------------------------------------------------------

struct Rng {
  u64 state;
  u64 next() {
    u64 z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  u64 below(u64 n) { return n ? next() % n : 0; }  // [0, n)
  bool chance(int percent) { return below(100) < u64(percent); }
};

// A value in [low, 2^64 - 1]: just out of range, or far out.
u64 at_least(Rng& rng, u64 low) {
  if (rng.chance(50)) {
    const u64 k = rng.below(3);
    return low + k < low ? kMax : low + k;
  }
  const u64 span = kMax - low;  // values above low
  return low + (span == kMax ? rng.next() : rng.below(span + 1));
}

// ---------------------------------------------------------------------------
// The reference reader: the spec's rules on a plain RapidJSON DOM.
// ---------------------------------------------------------------------------

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

bool is_number(const Val& v) { return v.kind == Val::Number; }
bool is_string(const Val& v) { return v.kind == Val::String; }
std::string_view text(const Val& v) { return v.text; }

// The first member named `key`, as a reader that takes the first would.
const Val* find(const Val& obj, std::string_view key) {
  if (!obj.IsObject()) return nullptr;
  for (size_t i = 0; i < obj.keys.size(); ++i)
    if (obj.keys[i] == key) return obj.items[i];
  return nullptr;
}

// Exact value of a JSON number's text if it is a non-negative integer that
// fits uint64. Plain digits always; in lenient mode also any integral float
// (10.0, 1e3, 1.5e1), decided exactly with decimal arithmetic written here.
std::optional<u64> ref_integer(std::string_view t, bool lenient) {
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

// One declared item of an axis: a run of `count` edges of `size`.
struct RefRun {
  u64 size, count;
};

struct RefAxis {
  u64 length = 0;
  bool step = false;
  u64 step_size = 0;
  std::vector<RefRun> runs;  // as declared (step axes: one run, or none when length is 0)
  // prefix sums over runs
  std::vector<u64> start, first;  // size runs+1
  u64 declared = 0, sum = 0, active = 0;

  void index() {
    start.assign(1, 0);
    first.assign(1, 0);
    for (const RefRun& r : runs) {
      start.push_back(start.back() + r.size * r.count);
      first.push_back(first.back() + r.count);
    }
    declared = first.back();
    sum = start.back();
    // Active: chunks whose origin is below length. Linear over runs.
    active = 0;
    for (size_t k = 0; k < runs.size(); ++k) {
      if (start[k] >= length) break;
      const u128 span = std::min<u64>(length, start[k + 1]) - start[k];
      active += u64((span + runs[k].size - 1) / runs[k].size);
    }
  }

  // Linear scan over runs: the run holding element `i` (< sum).
  struct Loc {
    u64 chunk, offset;
  };
  Loc locate(u64 i) const {
    for (size_t k = 0; k < runs.size(); ++k) {
      if (i < start[k + 1]) {
        const u64 within = i - start[k];
        return {first[k] + within / runs[k].size, within % runs[k].size};
      }
    }
    fail("reference locate past the edge sum");
  }
  u64 origin(u64 c) const {
    for (size_t k = 0; k < runs.size(); ++k) {
      if (c < first[k + 1]) return start[k] + (c - first[k]) * runs[k].size;
    }
    fail("reference origin past the declared count");
  }
  u64 size(u64 c) const {
    for (size_t k = 0; k < runs.size(); ++k) {
      if (c < first[k + 1]) return runs[k].size;
    }
    fail("reference size past the declared count");
  }
  u64 data_size(u64 c) const {
    const u64 o = origin(c);
    if (o >= length) return 0;
    return std::min<u64>(size(c), length - o);
  }
};

struct RefResult {
  bool grid_ok = false;  // read_grid_metadata should accept
  bool doc_ok = false;   // validate_metadata should report valid
  std::vector<RefAxis> axes;
};

bool has_grid_prefix(std::string_view path) {
  const auto pre = [&](std::string_view p) {
    return path.substr(0, p.size()) == p && (path.size() == p.size() || path[p.size()] == '/');
  };
  return path.empty() || pre("/shape") || pre("/chunk_grid");
}

// Duplicate keys anywhere (`any`), and inside /shape or /chunk_grid
// (`in_grid`), where read_grid_metadata reports them too. Iterative.
void ref_duplicates(const Val& root, bool& any, bool& in_grid) {
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

std::optional<u64> ref_positive(const Val& v, bool lenient) {
  if (!is_number(v)) return std::nullopt;
  auto x = ref_integer(text(v), lenient);
  if (!x || *x == 0) return std::nullopt;
  return x;
}

// One axis entry of chunk_shapes (or lenient regular chunk_shape).
std::optional<RefAxis> ref_axis(const Val& v, u64 length, bool lenient) {
  RefAxis a;
  a.length = length;
  if (v.IsArray()) {
    if (v.Size() == 0) return std::nullopt;
    u128 sum = 0;
    for (size_t i = 0; i < v.Size(); ++i) {
      const Val& item = v[i];
      RefRun r;
      if (item.IsArray()) {
        if (item.Size() != 2) return std::nullopt;
        auto sz = ref_positive(item[0], lenient);
        auto n = ref_positive(item[1], lenient);
        if (!sz || !n) return std::nullopt;
        r = {*sz, *n};
      } else {
        auto sz = ref_positive(item, lenient);
        if (!sz) return std::nullopt;
        r = {*sz, 1};
      }
      sum += u128(r.size) * r.count;
      if (sum > kMax) return std::nullopt;
      a.runs.push_back(r);
    }
    if (sum < length) return std::nullopt;
  } else {
    auto m = ref_positive(v, lenient);
    if (!m) return std::nullopt;
    a.step = true;
    a.step_size = *m;
    if (length > 0) {
      const u128 count = (u128(length) + *m - 1) / *m;
      if (count * *m > kMax) return std::nullopt;
      a.runs.push_back({*m, u64(count)});
    }
  }
  a.index();
  return a;
}

RefResult ref_read(std::string_view bytes, bool lenient) {
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
    const Val* dt = find(doc, "data_type");
    fields_ok &= dt && (is_string(*dt) || dt->IsObject());
    const Val* cke = find(doc, "chunk_key_encoding");
    fields_ok &= cke && cke->IsObject();
    fields_ok &= find(doc, "fill_value") != nullptr;
    const Val* codecs = find(doc, "codecs");
    fields_ok &= codecs && codecs->IsArray();
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
bool pointer_resolves(const Val& root, std::string_view path) {
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

// ---------------------------------------------------------------------------
// Checks on an accepted grid
// ---------------------------------------------------------------------------

std::vector<zr::Run> merged(const std::vector<RefRun>& runs) {
  std::vector<zr::Run> out;
  for (const RefRun& r : runs) {
    if (!out.empty() && out.back().size == r.size) out.back().count += r.count;
    else out.push_back({r.size, r.count});
  }
  return out;
}

std::string shape_text(const zr::ChunkGrid& g) {
  std::string out = "[";
  for (size_t d = 0; d < g.ndim(); ++d) out += (d ? "," : "") + s(g.axis(d).length());
  return out + "]";
}

// The chunk_shapes value inside to_json_text's output.
std::string chunk_shapes_of(const std::string& json) {
  constexpr std::string_view key = "\"chunk_shapes\":";
  const size_t at = json.find(key);
  CHECK(at != std::string::npos, json);
  CHECK(json.size() >= at + key.size() + 2 && json.substr(json.size() - 2) == "}}", json);
  return json.substr(at + key.size(), json.size() - 2 - at - key.size());
}

void check_round_trip(const zr::ChunkGrid& g) {
  const std::string text = zr::to_json_text(g);
  // As a zarr.json document.
  const std::string doc = "{\"shape\":" + shape_text(g) + ",\"chunk_grid\":" + text + "}";
  const zr::GridRead again = zr::read_grid_metadata(doc);
  CHECK(again.grid.has_value(), "to_json_text did not read back: " + doc +
                                    (again.errors.empty() ? "" : " -- " + again.errors[0].path + ": " + again.errors[0].message));
  CHECK(*again.grid == g, "to_json_text read back to a different grid: " + doc);
  CHECK(again.warnings.empty(), doc);
  CHECK(zr::to_json_text(*again.grid) == text, "to_json_text is not a fixed point: " + text);
  // As the builder's {shape, chunk_shapes}.
  const std::string builder = "{\"shape\":" + shape_text(g) + ",\"chunk_shapes\":" + chunk_shapes_of(text) + "}";
  const zr::GridRead built = zr::read_chunk_shapes(builder);
  CHECK(built.grid.has_value() && *built.grid == g, "read_chunk_shapes disagrees: " + builder);
  // Compactness: no two neighbouring items of a list axis have equal runs
  // written separately is guaranteed by the merge; check the [V,N] rule.
  // Canonical text contains no whitespace.
  CHECK(text.find_first_of(" \t\r\n") == std::string::npos, text);

  // The regular form, when it exists, declares the same edges.
  bool expect_regular = true;
  for (size_t d = 0; d < g.ndim(); ++d) {
    const zr::Axis& a = g.axis(d);
    if (a.is_step()) continue;
    const auto runs = a.runs();
    expect_regular = expect_regular && runs.size() == 1 && a.length() > 0 &&
                     runs[0].count == a.length() / runs[0].size + (a.length() % runs[0].size != 0);
  }
  const auto regular = zr::to_regular_json_text(g);
  CHECK(regular.has_value() == expect_regular, text);
  if (regular) {
    const std::string rdoc = "{\"shape\":" + shape_text(g) + ",\"chunk_grid\":" + *regular + "}";
    const zr::GridRead r = zr::read_grid_metadata(rdoc);
    CHECK(r.grid.has_value(), "to_regular_json_text did not read back: " + rdoc);
    CHECK(r.grid->is_regular(), rdoc);
    for (size_t d = 0; d < g.ndim(); ++d) {
      const auto x = r.grid->axis(d).runs();
      const auto y = g.axis(d).runs();
      CHECK(r.grid->axis(d).length() == g.axis(d).length() && std::equal(x.begin(), x.end(), y.begin(), y.end()),
            "regular form declares other edges: " + rdoc);
    }
  }
}

// Python's slice clamping for a positive step, with __int128.
u64 py_clamp(u64 length, const std::optional<zr::SignedIndex>& b, u64 dflt) {
  if (!b) return dflt;
  __int128 v = b->negative ? -__int128(b->magnitude) : __int128(b->magnitude);
  if (v < 0) v += length;
  if (v < 0) v = 0;
  if (v > __int128(length)) v = length;
  return u64(v);
}

zr::SignedIndex random_signed(Rng& rng, u64 length) {
  zr::SignedIndex v;
  switch (rng.below(6)) {
    case 0: v = {false, rng.below(length + 1 == 0 ? kMax : length + 1)}; break;
    case 1: v = {true, rng.below(length + 1 == 0 ? kMax : length + 1)}; break;
    case 2: v = {false, rng.next()}; break;
    case 3: v = {true, rng.next()}; break;
    case 4: v = {false, length}; break;
    default: v = {rng.chance(50), rng.below(4)}; break;
  }
  return v;
}

// An index in [0, length), biased to the interesting places.
u64 random_index(Rng& rng, const RefAxis& a) {
  const u64 L = a.length;
  switch (rng.below(5)) {
    case 0: return 0;
    case 1: return L - 1;
    case 2: {
      // Next to a run boundary.
      const u64 b = a.start[rng.below(a.start.size())];
      const u64 v = rng.chance(50) ? b : b - 1;  // may wrap; clamped below
      return v < L ? v : rng.below(L);
    }
    case 3: {
      // Next to a chunk boundary inside a run.
      const size_t k = rng.below(a.runs.size());
      const u64 c = rng.below(a.runs[k].count);
      const u128 o = u128(a.start[k]) + u128(c) * a.runs[k].size + (rng.chance(50) ? 0 : a.runs[k].size - 1);
      return o < L ? u64(o) : rng.below(L);
    }
    default: return rng.below(L);
  }
}

struct SliceEntry {
  u64 chunk, start, stop, out_start, out_stop;
  bool operator==(const SliceEntry&) const = default;
};

// Reference projection of range [a, b) with `step`, walking the declared
// runs. nullopt when it would take more than `budget` steps.
std::optional<std::vector<SliceEntry>> ref_slice(const RefAxis& ax, u64 a, u64 b, u64 step, u64 budget) {
  std::vector<SliceEntry> out;
  if (a >= b) return out;
  u64 work = 0;
  for (size_t k = 0; k < ax.runs.size(); ++k) {
    const u64 rs = ax.start[k], re = ax.start[k + 1], v = ax.runs[k].size;
    if (re <= a) continue;
    if (rs >= b) break;
    // Chunks of this run that overlap [a, b).
    const u64 lo = std::max(a, rs), hi = std::min(b, re);
    const u64 c0 = (lo - rs) / v, c1 = (hi - rs - 1) / v;  // inclusive
    // When the step exceeds the chunk size, visit selected elements; else chunks.
    if (step > v) {
      // First selected element >= lo.
      u128 x = u128(a) + (u128(lo - a) + step - 1) / step * step;
      for (; x < hi; x += step) {
        if (++work > budget) return std::nullopt;
        const u64 c = (u64(x) - rs) / v;
        const u64 o = rs + c * v;
        const u64 e = std::min<u64>(o + v, ax.length);
        const u64 lim = std::min(b, e);
        const u64 cnt = u64((u128(lim) - x + step - 1) / step);
        const u64 os = u64((x - a) / step);
        out.push_back({ax.first[k] + c, u64(x) - o, lim - o, os, os + cnt});
      }
    } else {
      for (u64 c = c0; c <= c1; ++c) {
        if (++work > budget) return std::nullopt;
        const u64 o = rs + c * v;
        const u64 e = std::min<u64>(o + v, ax.length);  // data end
        const u64 from = std::max(o, a), lim = std::min(b, e);
        if (from >= lim) continue;
        const u128 x = u128(a) + (u128(from - a) + step - 1) / step * step;
        if (x >= lim) continue;
        const u64 cnt = u64((u128(lim) - x + step - 1) / step);
        const u64 os = u64((x - a) / step);
        out.push_back({ax.first[k] + c, u64(x) - o, lim - o, os, os + cnt});
      }
    }
  }
  return out;
}

std::vector<SliceEntry> entries(const zr::SliceProjection& p) {
  CHECK(p.chunks.size() == p.starts.size() && p.chunks.size() == p.stops.size() &&
            p.chunks.size() == p.out_starts.size() && p.chunks.size() == p.out_stops.size(),
        "slice projection columns differ in length");
  std::vector<SliceEntry> out;
  for (size_t i = 0; i < p.chunks.size(); ++i)
    out.push_back({p.chunks[i], p.starts[i], p.stops[i], p.out_starts[i], p.out_stops[i]});
  return out;
}

std::string describe_slice(u64 a, u64 b, u64 step) { return "[" + s(a) + ", " + s(b) + ") step " + s(step); }

// An upper bound on the chunks a projection visits: it must stay small, or
// the projection itself would be the out-of-memory.
u64 slice_work(const RefAxis& ax, u64 a, u64 b, u64 step) {
  if (a >= b) return 0;
  const u64 elements = u64((u128(b - a) + step - 1) / step);
  const u64 chunks = ax.locate(b - 1).chunk - ax.locate(a).chunk + 1;
  return std::min(elements, chunks);
}

void check_slices(const zr::Axis& axis, const RefAxis& ref, Rng& rng) {
  const u64 L = ref.length;
  // Fixed bounds first, so that any accepted document exercises them; then
  // random ones. Python's slice semantics: -0 is 0.
  using SI = zr::SignedIndex;
  std::vector<std::pair<std::optional<SI>, std::optional<SI>>> fixed{
      {std::nullopt, std::nullopt}, {SI{false, 0}, SI{false, L}}, {SI{true, L}, SI{true, 0}},
      {SI{true, kMax}, SI{false, kMax}}, {SI{false, kMax}, SI{true, kMax}}, {SI{true, 0}, std::nullopt}};
  for (size_t t = 0; t < fixed.size() + 6; ++t) {
    zr::SliceSpec spec;
    if (t < fixed.size()) {
      std::tie(spec.start, spec.stop) = fixed[t];
    } else {
      if (rng.chance(80)) spec.start = random_signed(rng, L);
      if (rng.chance(80)) spec.stop = random_signed(rng, L);
    }
    switch (rng.below(4)) {
      case 0: spec.step = 1; break;
      case 1: spec.step = 1 + rng.below(4); break;
      case 2: spec.step = 1 + rng.below(L ? L : 1); break;
      default: spec.step = 1 + rng.below(kMax); break;
    }
    const zr::Range r = zr::normalize_slice(L, spec);
    const u64 a = py_clamp(L, spec.start, 0), b0 = py_clamp(L, spec.stop, L);
    const u64 b = std::max(a, b0);
    CHECK(r.start == a && r.stop == b, "normalize_slice gives [" + s(r.start) + ", " + s(r.stop) + ") for " +
                                           describe_slice(a, b, spec.step));
    u64 lo = r.start, hi = r.stop;
    if (slice_work(ref, lo, hi, spec.step) > 20000) {
      // Narrow the range to keep the projection (and this harness) small.
      hi = lo + std::min<u64>(hi - lo, 1 + rng.below(1000));
      if (slice_work(ref, lo, hi, spec.step) > 20000) continue;
    }
    const auto expected = ref_slice(ref, lo, hi, spec.step, 40000);
    if (!expected) continue;
    const auto got = entries(zr::project_slice(axis, {lo, hi}, spec.step));
    // The streamed form gives the same entries, within the announced bound
    // (callers size their output buffers by it).
    std::vector<SliceEntry> streamed;
    zr::for_each_slice_chunk(axis, {lo, hi}, spec.step, [&](u64 c, u64 a0, u64 b0, u64 o0, u64 o1) {
      streamed.push_back({c, a0, b0, o0, o1});
    });
    CHECK(streamed == got, "for_each_slice_chunk differs from project_slice for " + describe_slice(lo, hi, spec.step));
    const u64 bound = zr::slice_entry_bound(axis, {lo, hi}, spec.step);
    CHECK(bound >= got.size(), "slice_entry_bound " + s(bound) + " is below the " + s(got.size()) + " entries of " +
                                   describe_slice(lo, hi, spec.step));
    if (got != *expected) {
      std::string detail = "project_slice " + describe_slice(lo, hi, spec.step) + " on length " + s(L) + ": got " +
                           s(got.size()) + " entries, expected " + s(expected->size());
      for (size_t i = 0; i < std::min(got.size(), expected->size()); ++i) {
        if (!(got[i] == (*expected)[i])) {
          const auto& g = got[i];
          const auto& e = (*expected)[i];
          detail += "; first difference at " + s(i) + ": got {" + s(g.chunk) + "," + s(g.start) + "," + s(g.stop) +
                    "," + s(g.out_start) + "," + s(g.out_stop) + "} expected {" + s(e.chunk) + "," + s(e.start) + "," +
                    s(e.stop) + "," + s(e.out_start) + "," + s(e.out_stop) + "}";
          break;
        }
      }
      fail("project_slice", detail);
    }
  }
  // Blocks: chunks [first, last) over the active count, clipped to the array.
  for (int t = 0; t < 3; ++t) {
    zr::SliceSpec spec;
    if (rng.chance(85)) spec.start = random_signed(rng, ref.active);
    if (rng.chance(85)) spec.stop = random_signed(rng, ref.active);
    const zr::Range r = zr::block_range(axis, spec);
    const u64 c0 = py_clamp(ref.active, spec.start, 0);
    const u64 c1 = std::max(c0, py_clamp(ref.active, spec.stop, ref.active));
    zr::Range e{0, 0};
    if (c0 != c1) {
      e.start = ref.origin(c0);
      e.stop = c1 >= ref.active ? L : ref.origin(c1);
    }
    CHECK(r.start == e.start && r.stop == e.stop,
          "block_range chunks [" + s(c0) + ", " + s(c1) + "): got [" + s(r.start) + ", " + s(r.stop) + "), expected [" +
              s(e.start) + ", " + s(e.stop) + ")");
  }
}

struct PointRef {
  u64 chunk, offset, position;
};

template <class T>
void check_points_typed(const zr::Axis& axis, const RefAxis& ref, const std::vector<T>& values,
                        std::optional<size_t> bad) {
  const auto got = zr::project_points(axis, std::span<const T>(values));
  if (bad) {
    CHECK(!got, "project_points accepted an out-of-range value at " + s(*bad));
    CHECK(got.error() == *bad, "project_points reported " + s(got.error()) + ", expected " + s(*bad));
    return;
  }
  CHECK(bool(got), "project_points rejected element " + (got ? std::string() : s(got.error())));
  std::vector<PointRef> expected;
  for (size_t i = 0; i < values.size(); ++i) {
    const __int128 v = __int128(values[i]);
    const u64 index = u64(v < 0 ? v + ref.length : v);
    const auto l = ref.locate(index);
    expected.push_back({l.chunk, l.offset, i});
  }
  std::stable_sort(expected.begin(), expected.end(), [](const PointRef& a, const PointRef& b) { return a.chunk < b.chunk; });
  const zr::PointsProjection& p = got.value();
  CHECK(p.offsets.size() == values.size() && p.positions.size() == values.size(), "points projection size");
  CHECK(p.chunks.size() == p.starts.size() && p.chunks.size() == p.stops.size(), "points projection groups");
  size_t k = 0;
  for (size_t g = 0; g < p.chunks.size(); ++g) {
    CHECK(p.starts[g] == k && p.stops[g] > p.starts[g], "points group bounds");
    CHECK(g == 0 || p.chunks[g] > p.chunks[g - 1], "points groups ascend");
    for (; k < p.stops[g]; ++k) {
      CHECK(expected[k].chunk == p.chunks[g] && expected[k].offset == p.offsets[k] &&
                expected[k].position == p.positions[k],
            "project_points entry " + s(k) + ": got chunk " + s(p.chunks[g]) + " offset " + s(p.offsets[k]) +
                " position " + s(p.positions[k]) + ", expected " + s(expected[k].chunk) + " " + s(expected[k].offset) +
                " " + s(expected[k].position));
    }
  }
  CHECK(k == values.size(), "points groups cover every value");
}

// n indices of the axis as T, each counted from the start or (negative) from
// the end. An empty axis has none: every value is 0 and `bad` is the first.
template <class T>
std::vector<T> signed_indices(Rng& rng, const RefAxis& ref, size_t n, std::optional<size_t>& bad) {
  const u64 L = ref.length;
  std::vector<T> values;
  for (size_t i = 0; i < n; ++i) {
    if (L == 0) {
      values.push_back(0);
      if (!bad) bad = i;
      continue;
    }
    const u64 idx = random_index(rng, ref);
    values.push_back(rng.chance(50) ? T(idx) : T(idx) - T(L));
  }
  return values;
}

void check_points(const zr::Axis& axis, const RefAxis& ref, Rng& rng) {
  const u64 L = ref.length;
  const size_t n = rng.below(24);
  // uint64 values.
  {
    std::vector<u64> values;
    std::optional<size_t> bad;
    for (size_t i = 0; i < n; ++i) values.push_back(L ? random_index(rng, ref) : at_least(rng, 0));
    if (L == 0 && n > 0) bad = 0;  // every value is outside an empty axis
    if (L > 0 && n > 0 && rng.chance(20)) {
      bad = rng.below(n);
      values[*bad] = at_least(rng, L);
    }
    check_points_typed<u64>(axis, ref, values, bad);
  }
  // int64 values, negative counting from the end (only where they fit).
  if (L <= (u64(1) << 62)) {
    std::optional<size_t> bad;
    std::vector<int64_t> values = signed_indices<int64_t>(rng, ref, n, bad);
    if (n > 0 && L > 0 && rng.chance(20)) {
      const size_t at = rng.below(n);
      values[at] = rng.chance(50) ? int64_t(L) : -int64_t(L) - 1;
      bad = at;
    }
    check_points_typed<int64_t>(axis, ref, values, bad);
  }
  // double values (exact only up to 2^53).
  if (L < (u64(1) << 53)) {  // doubles are exact indices only up to 2^53 - 1
    std::optional<size_t> bad;
    std::vector<double> values = signed_indices<double>(rng, ref, n, bad);
    if (n > 0 && L > 0 && rng.chance(25)) {
      const size_t at = rng.below(n);
      const double choices[] = {double(L), -double(L) - 1, 0.5, -0.5, __builtin_nan(""), 9007199254740992.0,
                                -__builtin_inf(), 1e300};
      values[at] = choices[rng.below(8)];
      bad = at;
    }
    // NaN and friends compare weirdly in __int128 conversion: only valid ones reach it.
    check_points_typed<double>(axis, ref, values, bad);
  }
  // A mask of the axis length, when small.
  if (L <= 4096) {
    std::vector<uint8_t> mask(L);
    for (auto& m : mask) m = rng.chance(30) ? uint8_t(1 + rng.below(255)) : 0;
    const zr::PointsProjection p = zr::project_mask(axis, mask);
    std::vector<u64> selected;
    for (u64 i = 0; i < L; ++i)
      if (mask[i]) selected.push_back(i);
    std::vector<PointRef> expected;
    for (size_t i = 0; i < selected.size(); ++i) {
      const auto l = ref.locate(selected[i]);
      expected.push_back({l.chunk, l.offset, i});
    }
    // Selected indices ascend, so chunks do too: no reordering.
    CHECK(p.offsets.size() == expected.size(), "mask projection size");
    size_t k = 0;
    for (size_t g = 0; g < p.chunks.size(); ++g) {
      for (k = p.starts[g]; k < p.stops[g]; ++k) {
        CHECK(expected[k].chunk == p.chunks[g] && expected[k].offset == p.offsets[k] && p.positions[k] == k,
              "project_mask entry " + s(k));
      }
    }
  }
}

void check_axis(const zr::ChunkGrid& grid, size_t d, const RefAxis& ref, Rng& rng, bool expand) {
  const zr::Axis& axis = grid.axis(d);
  const std::string where = "axis " + s(d) + ": ";
  CHECK(axis.length() == ref.length, where + "length");
  CHECK(axis.is_step() == ref.step, where + "is_step");
  if (ref.step) CHECK(axis.step() == ref.step_size, where + "step");
  CHECK(axis.declared_count() == ref.declared, where + "declared count " + s(axis.declared_count()) + " vs " + s(ref.declared));
  CHECK(axis.edge_sum() == ref.sum, where + "edge sum");
  CHECK(axis.active_count() == ref.active, where + "active count " + s(axis.active_count()) + " vs " + s(ref.active));
  const auto want = merged(ref.runs);
  const auto runs = axis.runs();
  CHECK(std::equal(runs.begin(), runs.end(), want.begin(), want.end()), where + "runs are not the merged declared runs");

  if (expand) {
    // The expanded-edges model: the spec's cumulative sums and a linear scan.
    std::vector<u64> edges;
    for (const RefRun& r : ref.runs) edges.insert(edges.end(), r.count, r.size);
    std::vector<u64> got(axis.declared_count());
    axis.expand(got);
    CHECK(got == edges, where + "expand");
    std::vector<u64> cum{0};
    for (u64 e : edges) cum.push_back(cum.back() + e);
    for (int t = 0; t < 4 && ref.length > 0; ++t) {
      const u64 i = random_index(rng, ref);
      size_t c = 0;
      while (!(cum[c + 1] > i)) ++c;  // the first cumulative sum above the index
      const zr::Located l = axis.locate(i);
      CHECK(l.chunk == c && l.offset == i - cum[c], where + "locate(" + s(i) + ") against expanded edges");
    }
    for (int t = 0; t < 4 && !edges.empty(); ++t) {
      const u64 c = rng.below(edges.size());
      CHECK(axis.origin(c) == cum[c] && axis.size(c) == edges[c], where + "origin/size of chunk " + s(c));
      const u64 data = cum[c] >= ref.length ? 0 : std::min<u64>(edges[c], ref.length - cum[c]);
      CHECK(axis.data_size(c) == data, where + "data_size of chunk " + s(c));
    }
  }

  // The run-walking model, valid for any size.
  if (ref.length > 0) {
    std::vector<u64> idx;
    const size_t n = 1 + rng.below(12);
    for (size_t i = 0; i < n; ++i) idx.push_back(random_index(rng, ref));
    if (rng.chance(50)) std::sort(idx.begin(), idx.end());
    std::vector<u64> chunks(n), offsets(n);
    CHECK(grid.locate_axis(d, std::span<const u64>(idx), chunks.data(), offsets.data()) == zr::npos, where + "locate_axis rejected");
    for (size_t i = 0; i < n; ++i) {
      const auto l = ref.locate(idx[i]);
      CHECK(chunks[i] == l.chunk && offsets[i] == l.offset,
            where + "locate(" + s(idx[i]) + ") gave (" + s(chunks[i]) + ", " + s(offsets[i]) + "), expected (" +
                s(l.chunk) + ", " + s(l.offset) + ")");
      const zr::Located one = axis.locate(idx[i]);
      CHECK(one.chunk == l.chunk && one.offset == l.offset, where + "Axis::locate");
    }
    // The same as doubles, where exact.
    if (ref.length < (u64(1) << 53)) {
      std::vector<double> di(idx.begin(), idx.end()), dc(n), dof(n);
      CHECK(grid.locate_axis(d, std::span<const double>(di), dc.data(), dof.data()) == zr::npos, where + "locate_axis F64");
      for (size_t i = 0; i < n; ++i) CHECK(dc[i] == double(chunks[i]) && dof[i] == double(offsets[i]), where + "F64 locate");
    }
  }
  // Out of range: the first bad element is reported.
  {
    const size_t n = 1 + rng.below(6), at = rng.below(n);
    std::vector<u64> idx;
    for (size_t i = 0; i < n; ++i) idx.push_back(i == at || ref.length == 0 ? at_least(rng, ref.length) : random_index(rng, ref));
    std::vector<u64> chunks(n), offsets(n);
    const size_t got = grid.locate_axis(d, std::span<const u64>(idx), chunks.data(), offsets.data());
    const size_t want_at = ref.length == 0 ? 0 : at;
    CHECK(got == want_at, where + "locate_axis out of range reported " + s(got) + ", expected " + s(want_at));
    std::vector<double> bad_doubles{-1.0, -0.5, 0.5, __builtin_nan(""), __builtin_inf(), -__builtin_inf(), 18446744073709551616.0, 9007199254740992.0 + 2, 1e300};
    if (ref.length < (u64(1) << 53)) bad_doubles.push_back(double(ref.length));
    std::vector<double> di{bad_doubles[rng.below(bad_doubles.size())]}, dc(1), dof(1);
    CHECK(grid.locate_axis(d, std::span<const double>(di), dc.data(), dof.data()) == 0, where + "a bad double index was accepted");
  }
  // Chunk geometry, run-walking.
  for (int t = 0; t < 6 && ref.declared > 0; ++t) {
    u64 c;
    switch (rng.below(4)) {
      case 0: c = 0; break;
      case 1: c = ref.declared - 1; break;
      case 2: c = ref.active ? ref.active - 1 : 0; break;
      default: c = rng.below(ref.declared); break;
    }
    CHECK(axis.origin(c) == ref.origin(c), where + "origin(" + s(c) + ")");
    CHECK(axis.size(c) == ref.size(c), where + "size(" + s(c) + ")");
    CHECK(axis.data_size(c) == ref.data_size(c), where + "data_size(" + s(c) + ")");
  }
  check_slices(axis, ref, rng);
  check_points(axis, ref, rng);
}

void check_grid(const zr::ChunkGrid& grid, const RefResult& ref, Rng& rng) {
  CHECK(grid.ndim() == ref.axes.size(), "ndim");
  u128 declared_total = 0;
  for (const RefAxis& a : ref.axes) declared_total += a.declared;
  const bool expand = declared_total <= kExpandLimit;
  if (expand) ++stats.expanded;
  else ++stats.huge;
  for (size_t d = 0; d < grid.ndim(); ++d) check_axis(grid, d, ref.axes[d], rng, expand);

  // N-d: shapes, num_chunks, is_regular, in_declared_grid, locate_many.
  u128 product = 1;
  bool overflow = false;
  bool all_step = true;
  for (size_t d = 0; d < grid.ndim(); ++d) {
    product *= ref.axes[d].active;
    if (product > kMax) overflow = true, product = u128(kMax) + 1;  // saturate (product of 0 stays 0 below)
    all_step = all_step && ref.axes[d].step;
  }
  bool any_zero = false;
  for (const RefAxis& a : ref.axes) any_zero = any_zero || a.active == 0;
  const auto n = grid.num_chunks();
  if (any_zero) {
    CHECK(n && *n == 0, "num_chunks is 0 when an axis has no chunks, whatever the others hold");
  }
  else if (overflow) CHECK(!n, "num_chunks should overflow");
  else CHECK(n && *n == u64(product), "num_chunks");
  CHECK(grid.is_regular() == all_step, "is_regular");

  const size_t nd = grid.ndim();
  if (nd == 0) return;
  bool empty = false;
  for (const RefAxis& a : ref.axes) empty = empty || a.length == 0;
  if (!empty) {
    const size_t rows = 1 + rng.below(8);
    std::vector<u64> idx, chunks(rows * nd), offsets(rows * nd);
    for (size_t r = 0; r < rows; ++r)
      for (size_t d = 0; d < nd; ++d) idx.push_back(random_index(rng, ref.axes[d]));
    // One bad row, sometimes.
    std::optional<size_t> bad;
    if (rng.chance(25)) {
      bad = rng.below(rows);
      const size_t d = rng.below(nd);
      idx[*bad * nd + d] = ref.axes[d].length + rng.below(kMax - ref.axes[d].length + 1 == 0 ? kMax : kMax - ref.axes[d].length + 1);
      if (idx[*bad * nd + d] < ref.axes[d].length) idx[*bad * nd + d] = ref.axes[d].length;
    }
    const size_t got = grid.locate_many(std::span<const u64>(idx), chunks.data(), offsets.data());
    CHECK(got == (bad ? *bad : zr::npos), "locate_many reported row " + s(got));
    for (size_t k = 0; k < (bad ? *bad : rows) * nd; ++k) {
      const auto l = ref.axes[k % nd].locate(idx[k]);
      CHECK(chunks[k] == l.chunk && offsets[k] == l.offset, "locate_many element " + s(k));
    }
  }
  // Chunk coordinates, inside and outside the declared grid.
  std::vector<u64> coords(nd), out(nd);
  bool inside = true;
  for (size_t d = 0; d < nd; ++d) {
    const RefAxis& a = ref.axes[d];
    coords[d] = rng.chance(90) && a.declared ? rng.below(a.declared) : a.declared + rng.below(3);
    inside = inside && coords[d] < a.declared;
  }
  CHECK(grid.in_declared_grid(coords) == inside, "in_declared_grid");
  if (inside) {
    grid.chunk_origin(coords, out);
    for (size_t d = 0; d < nd; ++d) CHECK(out[d] == ref.axes[d].origin(coords[d]), "chunk_origin");
    grid.chunk_shape(coords, out);
    for (size_t d = 0; d < nd; ++d) CHECK(out[d] == ref.axes[d].size(coords[d]), "chunk_shape");
    grid.chunk_data_shape(coords, out);
    for (size_t d = 0; d < nd; ++d) CHECK(out[d] == ref.axes[d].data_size(coords[d]), "chunk_data_shape");
  }
}

bool same(const zr::Problems& a, const zr::Problems& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].path != b[i].path || a[i].message != b[i].message) return false;
  return true;
}

std::string first_problem(const zr::Problems& p) {
  return p.empty() ? std::string("(none)") : p[0].path + ": " + p[0].message;
}

// ---------------------------------------------------------------------------
// A structure-aware mutator: most mutations edit the JSON tree (numbers at
// the edges of uint64 and double, run items, duplicate keys, wrong types,
// swapped subtrees) and write it back, so most inputs still parse and reach
// the grid code. A quarter are libFuzzer's own byte-level mutations (with
// the -dict tokens), which keep the syntax-error paths covered.
// ---------------------------------------------------------------------------

struct Node {
  Val::Kind kind = Val::Null;
  std::string text;               // number or literal text, or a string as written
  std::vector<Node> kids;         // elements, or member values
  std::vector<std::string> keys;  // member names as written
};

bool to_node(const Val& v, Node& out, int depth) {
  if (depth > 200) return false;
  out.kind = v.kind;
  out.text = v.kind == Val::String ? v.raw : v.text;
  out.kids.resize(v.items.size());
  for (size_t i = 0; i < v.items.size(); ++i)
    if (!to_node(*v.items[i], out.kids[i], depth + 1)) return false;
  out.keys = v.raw_keys;
  return true;
}

void write(const Node& n, std::string& out) {
  switch (n.kind) {
    case Val::String: out += '"' + n.text + '"'; break;
    case Val::Array:
    case Val::Object: {
      const bool object = n.kind == Val::Object;
      out += object ? '{' : '[';
      for (size_t i = 0; i < n.kids.size(); ++i) {
        if (i) out += ',';
        if (object) out += '"' + n.keys[i] + "\":";
        write(n.kids[i], out);
      }
      out += object ? '}' : ']';
      break;
    }
    default: out += n.text;
  }
}

void collect(Node& n, std::vector<Node*>& all) {
  all.push_back(&n);
  for (Node& k : n.kids) collect(k, all);
}

const char* const kNumbers[] = {
    "0", "1", "2", "3", "4", "5", "7", "10", "16", "100", "255", "256", "1000", "65536", "100000",
    "4294967295", "4294967296", "9007199254740991", "9007199254740992", "9007199254740993",
    "4611686018427387904", "9223372036854775807", "9223372036854775808", "18446744073709551614",
    "18446744073709551615", "18446744073709551616", "99999999999999999999", "1000000000000",
    "-1", "-0", "0.0", "1.0", "10.0", "1e3", "1E2", "1e0", "1.5", "0.5", "2.50e1", "1e400", "-1e400",
    "1e-400", "1e19", "1.8446744073709551615e19", "1.8446744073709551616e19", "123456789012345678901234567890"};
const char* const kStrings[] = {"regular", "rectilinear", "inline", "external", "array", "group", "", "uint8",
                                "default", "bytes", "shape", "3", "10"};
const char* const kKeys[] = {"zarr_format", "node_type", "shape", "data_type", "chunk_grid", "name", "configuration",
                             "kind", "chunk_shape", "chunk_shapes", "chunk_key_encoding", "fill_value", "codecs",
                             "attributes", "x"};

template <size_t N>
const char* pick(Rng& rng, const char* const (&list)[N]) {
  return list[rng.below(N)];
}

Node number_node(std::string text) {
  Node n;
  n.kind = Val::Number;
  n.text = std::move(text);
  return n;
}

std::string random_number(Rng& rng) {
  switch (rng.below(4)) {
    case 0: return std::to_string(1 + rng.below(16));
    case 1: return std::to_string(rng.next() >> rng.below(64));
    default: return pick(rng, kNumbers);
  }
}

// A plain integer's text, nudged.
std::string tweak(Rng& rng, const std::string& text) {
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
    return random_number(rng);
  u128 v = 0;
  for (char c : text) v = v * 10 + u128(c - '0');
  if (v > kMax) return random_number(rng);
  const u64 x = u64(v);
  switch (rng.below(6)) {
    case 0: return std::to_string(u128(x) + 1 > kMax ? x : x + 1);  // to_string has no u128; clamp
    case 1: return std::to_string(x ? x - 1 : 0);
    case 2: return std::to_string(x > kMax / 2 ? x : 2 * x);
    case 3: return std::to_string(x / 2);
    case 4: return std::to_string(rng.below(x == kMax ? kMax : x + 1));
    default: return std::to_string(x + rng.below(8) < x ? x : x + rng.below(8));
  }
}

Node run_node(Rng& rng) {
  Node n;
  n.kind = Val::Array;
  n.kids = {number_node(std::to_string(1 + rng.below(12))), number_node(rng.chance(80) ? std::to_string(1 + rng.below(6)) : random_number(rng))};
  return n;
}

void mutate_tree(Node& root, Rng& rng) {
  std::vector<Node*> all;
  collect(root, all);
  Node* t = all[rng.below(all.size())];
  const Node donor = *all[rng.below(all.size())];  // copied before anything moves
  switch (rng.below(14)) {
    case 0:
    case 1:  // a number: nudged or replaced
      if (t->kind == Val::Number && rng.chance(60)) t->text = tweak(rng, t->text);
      else if (t->kind == Val::Number || rng.chance(30)) *t = number_node(random_number(rng));
      break;
    case 2:  // a string
      if (t->kind == Val::String || rng.chance(10)) {
        Node s;
        s.kind = Val::String;
        s.text = pick(rng, kStrings);
        *t = s;
      }
      break;
    case 3:  // insert into an array: a copy, a number or a run
      if (t->kind == Val::Array) {
        const size_t at = rng.below(t->kids.size() + 1);
        Node item = rng.chance(40) ? donor : rng.chance(50) ? run_node(rng) : number_node(random_number(rng));
        t->kids.insert(t->kids.begin() + at, std::move(item));
      }
      break;
    case 4:  // delete an element or member
      if (!t->kids.empty()) {
        const size_t at = rng.below(t->kids.size());
        t->kids.erase(t->kids.begin() + at);
        if (t->kind == Val::Object) t->keys.erase(t->keys.begin() + at);
      }
      break;
    case 5:  // duplicate an element or member (duplicate keys)
      if (!t->kids.empty()) {
        const size_t at = rng.below(t->kids.size());
        Node copy = t->kids[at];
        t->kids.insert(t->kids.begin() + at + 1, std::move(copy));
        if (t->kind == Val::Object) t->keys.insert(t->keys.begin() + at + 1, t->keys[at]);
      }
      break;
    case 6:  // rename a member
      if (t->kind == Val::Object && !t->keys.empty()) t->keys[rng.below(t->keys.size())] = pick(rng, kKeys);
      break;
    case 7:  // add a member
      if (t->kind == Val::Object) {
        t->keys.push_back(pick(rng, kKeys));
        t->kids.push_back(donor);
      }
      break;
    case 8: {  // wrap in an array
      Node w;
      w.kind = Val::Array;
      w.kids.push_back(std::move(*t));
      if (rng.chance(30)) w.kids.push_back(number_node(random_number(rng)));
      *t = std::move(w);
      break;
    }
    case 9:  // unwrap an array
      if (t->kind == Val::Array && !t->kids.empty()) {
        Node first = std::move(t->kids[rng.below(t->kids.size())]);
        *t = std::move(first);
      }
      break;
    case 10:  // replace with another subtree
      *t = donor;
      break;
    case 11: {  // replace with a value of another type
      Node v;
      switch (rng.below(6)) {
        case 0: v.kind = Val::Null, v.text = "null"; break;
        case 1: v.kind = Val::Bool, v.text = rng.chance(50) ? "true" : "false"; break;
        case 2: v.kind = Val::String, v.text = pick(rng, kStrings); break;
        case 3: v.kind = Val::Array; break;
        case 4: v.kind = Val::Object; break;
        default: v = number_node(random_number(rng)); break;
      }
      *t = std::move(v);
      break;
    }
    case 12:  // a run item: [v, n], or a malformed one
      if (t->kind == Val::Array || t->kind == Val::Number) {
        Node r = run_node(rng);
        if (rng.chance(15)) r.kids.pop_back();
        else if (rng.chance(15)) r.kids.push_back(number_node("1"));
        *t = std::move(r);
      }
      break;
    default:  // swap two elements
      if (t->kids.size() >= 2) {
        const size_t a = rng.below(t->kids.size()), b = rng.below(t->kids.size());
        std::swap(t->kids[a], t->kids[b]);
        if (t->kind == Val::Object) std::swap(t->keys[a], t->keys[b]);
      }
      break;
  }
}

// Splits an input into its mode byte, BOM flag and tree; false if it does not parse.
bool input_tree(const uint8_t* data, size_t size, uint8_t& mode, bool& bom, Node& root) {
  if (size == 0) return false;
  mode = data[0];
  std::string_view doc(reinterpret_cast<const char*>(data + 1), size - 1);
  bom = doc.substr(0, 3) == "\xEF\xBB\xBF";
  if (bom) doc.remove_prefix(3);
  Json json;
  return json.parse(doc) && to_node(json.root(), root, 0);
}

size_t output_tree(uint8_t mode, bool bom, const Node& root, uint8_t* out, size_t max_size) {
  std::string text(1, char(mode));
  if (bom) text += "\xEF\xBB\xBF";
  write(root, text);
  if (text.size() > max_size) return 0;
  std::memcpy(out, text.data(), text.size());
  return text.size();
}

}  // namespace

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  Rng rng{seed};
  uint8_t mode;
  bool bom;
  Node root;
  if (rng.chance(25) || !input_tree(data, size, mode, bom, root)) return LLVMFuzzerMutate(data, size, max_size);
  const int n = 1 + int(rng.below(3));
  for (int k = 0; k < n; ++k) mutate_tree(root, rng);
  if (rng.chance(4)) mode ^= 1;
  if (rng.chance(2)) bom = !bom;
  const size_t written = output_tree(mode, bom, root, data, max_size);
  return written ? written : LLVMFuzzerMutate(data, size, max_size);
}

// Crossover: a random subtree of one input grafted into the other.
extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2,
                                            uint8_t* out, size_t max_out_size, unsigned int seed) {
  Rng rng{seed};
  uint8_t mode, mode2;
  bool bom, bom2;
  Node a, b;
  if (!input_tree(data1, size1, mode, bom, a) || !input_tree(data2, size2, mode2, bom2, b)) return 0;
  std::vector<Node*> in_a, in_b;
  collect(a, in_a);
  collect(b, in_b);
  Node graft = *in_b[rng.below(in_b.size())];
  *in_a[rng.below(in_a.size())] = std::move(graft);
  return output_tree(mode, bom, a, out, max_out_size);
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::atexit(print_stats);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t mode = data[0];
  const bool lenient = mode & 1;
  const std::string_view doc(reinterpret_cast<const char*>(data + 1), size - 1);
  g_doc = doc;
  g_lenient = lenient;
  ++stats.inputs;
  if (lenient) ++stats.lenient;
  if (stats.inputs % 1000000 == 0) print_stats();

  const zr::ReadOptions options{lenient};
  const zr::GridRead read = zr::read_grid_metadata(doc, options);
  const zr::Validation validation = zr::validate_metadata(doc, options);

  // Parsed: no syntax, encoding or byte-order-mark error for the document.
  const bool syntax_error = !validation.errors.empty() && validation.errors[0].path.empty() &&
                            (validation.errors[0].message.rfind("found invalid JSON", 0) == 0 ||
                             validation.errors[0].message.rfind("found a UTF-8 byte-order mark", 0) == 0);
  if (!syntax_error) ++stats.parsed;

  // Self-consistency of the two reports.
  CHECK(read.grid.has_value() == read.errors.empty(), "a grid exactly when there are no errors");
  zr::Problems grid_part;
  for (const auto& p : validation.errors)
    if (has_grid_prefix(p.path)) grid_part.push_back(p);
  CHECK(same(grid_part, read.errors), "validate_metadata's grid problems differ from read_grid_metadata's: " +
                                          first_problem(grid_part) + " vs " + first_problem(read.errors));
  CHECK(same(validation.warnings, read.warnings), "warnings differ");
  if (!lenient) CHECK(read.warnings.empty() && validation.warnings.empty(), "warnings in strict mode");

  // read_document checks an array document as validate_metadata does, and
  // builds the same grid exactly when it is valid.
  {
    const zr::Document once = zr::read_document(doc, options);
    if (once.root.type == zr::NodeType::Array) {
      CHECK(same(once.root.errors, validation.errors), "read_document's problems differ from validate_metadata's: " +
                                                          first_problem(once.root.errors) + " vs " + first_problem(validation.errors));
      CHECK(same(once.root.warnings, validation.warnings), "read_document's warnings differ from validate_metadata's");
      CHECK(once.root.grid.has_value() == validation.valid(), "read_document: a grid exactly when the document is valid");
      CHECK(!once.root.grid || (read.grid && *once.root.grid == *read.grid), "read_document's grid differs from read_grid_metadata's");
    }
  }
  for (const auto& p : validation.errors) {
    CHECK(p.path.empty() || p.path[0] == '/', "not a JSON Pointer: " + p.path);
    CHECK(!p.message.empty(), "an empty message at " + p.path);
  }

  // The independent reference reader.
  const RefResult ref = ref_read(doc, lenient);
  if (ref.grid_ok != read.grid.has_value()) {
    fail(ref.grid_ok ? "read_grid_metadata rejected a grid that the reference reader accepts"
                     : "read_grid_metadata accepted a grid that the reference reader rejects",
         "first problem reported: " + first_problem(read.errors));
  }
  if (ref.doc_ok != validation.valid()) {
    fail(ref.doc_ok ? "validate_metadata rejected a valid document" : "validate_metadata accepted an invalid document",
         first_problem(validation.errors));
  }
  // Error paths point into the document.
  if (!syntax_error && !validation.errors.empty()) {
    std::string_view body = doc;
    if (lenient && body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
    Json parsed;
    if (parsed.parse(body)) {
      for (const auto& p : validation.errors) {
        CHECK(pointer_resolves(parsed.root(), p.path), "error path does not resolve: " + p.path + ": " + p.message);
      }
    }
  }
  if (validation.valid()) ++stats.valid_docs;
  if (!read.grid) return 0;
  ++stats.accepted;
  const zr::ChunkGrid& grid = *read.grid;

  // Strict and lenient agree when there was nothing to forgive.
  if (read.warnings.empty()) {
    const zr::GridRead other = zr::read_grid_metadata(doc, {!lenient});
    CHECK(other.grid.has_value() && *other.grid == grid && other.warnings.empty(),
          "strict and lenient readings differ without warnings");
  }

  check_round_trip(grid);

  u64 seed = 0xcbf29ce484222325ull ^ (u64(mode) << 56);
  for (unsigned char c : doc) seed = (seed ^ c) * 0x100000001b3ull;
  Rng rng{seed};
  check_grid(grid, ref, rng);
  return 0;
}
