// The reference reader: the spec's rules for a zarr.json's shape and
// chunk_grid applied to the tree of its own JSON parser (reference_json.hpp),
// with __int128 sums, and the rest of the document's rules
// (reference_rules.hpp). The axes it reads are the models of
// tests/reference/grid_model.hpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../reference/grid_model.hpp"
#include "reference_json.hpp"

namespace zr_fuzz {

using zr_model::kMax;
using zr_model::u128;
using zr_model::u64;
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

// What the walk of the whole tree finds that no single rule looks at:
// duplicate keys, and the tokens NaN, Infinity and -Infinity. Those in
// /shape or /chunk_grid concern read_grid_metadata too.
struct RefFound {
  bool dup_any = false, dup_grid = false;
  // Tokens (docs/writers-ledger.md, non-finite-tokens): in /attributes the
  // ledger's entry (read by default, an error with strict); anywhere else
  // an error, whatever the mode.
  bool token_attributes = false, token_grid = false, token_elsewhere = false;
};

// Iterative.
inline RefFound ref_walk(const Val& root) {
  enum class Where : uint8_t { Root, Grid, Attributes, Elsewhere };
  struct Item {
    const Val* v;
    Where where;
  };
  RefFound out;
  std::vector<Item> stack{{&root, Where::Root}};
  std::vector<std::string_view> keys;
  const auto below_root = [](std::string_view k) {
    return k == "shape" || k == "chunk_grid" ? Where::Grid : k == "attributes" ? Where::Attributes : Where::Elsewhere;
  };
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    if (it.v->IsObject()) {
      keys.clear();
      for (size_t i = 0; i < it.v->keys.size(); ++i) {
        const std::string_view k = it.v->keys[i];
        keys.push_back(k);
        stack.push_back({it.v->items[i], it.where == Where::Root ? below_root(k) : it.where});
      }
      std::sort(keys.begin(), keys.end());
      for (size_t i = 1; i < keys.size(); ++i) {
        if (keys[i] == keys[i - 1]) {
          out.dup_any = true;
          if (it.where == Where::Grid || (it.where == Where::Root && below_root(keys[i]) == Where::Grid)) out.dup_grid = true;
        }
      }
    } else if (it.v->IsArray()) {
      for (const Val* item : it.v->items) stack.push_back({item, it.where == Where::Root ? Where::Elsewhere : it.where});
    } else if (it.v->kind == Val::NonFinite) {
      (it.where == Where::Grid ? out.token_grid : it.where == Where::Attributes ? out.token_attributes : out.token_elsewhere) = true;
    }
  }
  return out;
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
  const RefFound found = ref_walk(doc);

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
      // Any other member may change what a chunk holds (encoded_chunk_shapes,
      // a proposal): refused in every mode (docs/semantics.md).
      for (const std::string& key : config->keys) {
        if (key != "kind" && key != "chunk_shapes") return false;
      }
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
  out.grid_ok = grid && !found.dup_grid && !found.token_grid;
  out.doc_ok = out.grid_ok && !found.dup_any && fields_ok && !found.token_elsewhere && (lenient || !found.token_attributes);
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
