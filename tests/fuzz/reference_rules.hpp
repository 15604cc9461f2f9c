// The reference's rules for the rest of an array document (data type, fill
// value, chunk key encoding, codecs, dimension names, attributes, storage
// transformers, unknown members), written again from docs/semantics.md,
// "What validateMetadata checks", for the reference reader's tree: only
// whether a document passes, no messages.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reference_json.hpp"

namespace zr_fuzz {

using i128 = __int128;

// An integer literal's value; past 39 digits, a value beyond any range.
inline std::optional<i128> ref_int(const Val* v) {
  if (!v || !is_number(*v)) return std::nullopt;
  std::string_view t = text(*v);
  const bool neg = !t.empty() && t[0] == '-';
  if (neg) t.remove_prefix(1);
  if (t.empty() || t.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  if (t.size() > 38) return neg ? -(i128(1) << 120) : (i128(1) << 120);
  i128 x = 0;
  for (char c : t) x = x * 10 + (c - '0');
  return neg ? -x : x;
}

inline bool ref_int_in(const Val* v, i128 lo, i128 hi) {
  const auto x = ref_int(v);
  return x && *x >= lo && *x <= hi;
}

inline bool ref_is(const Val* v, Val::Kind k) { return v && v->kind == k; }

inline bool ref_one_of(const Val* v, std::initializer_list<std::string_view> names) {
  return ref_is(v, Val::String) && std::find(names.begin(), names.end(), text(*v)) != names.end();
}

// An extension point: a name, or {"name": string, "configuration"?: object, "must_understand"?: bool}.
struct RefExt {
  std::string name;
  const Val* config = nullptr;
  bool must_understand = true;
};
inline std::optional<RefExt> ref_ext(const Val* v) {
  if (ref_is(v, Val::String)) return RefExt{std::string(text(*v))};
  if (!ref_is(v, Val::Object)) return std::nullopt;
  const Val* name = find(*v, "name");
  const Val* config = find(*v, "configuration");
  const Val* mu = find(*v, "must_understand");
  if (!ref_is(name, Val::String)) return std::nullopt;
  if (config && !config->IsObject()) return std::nullopt;
  if (mu && mu->kind != Val::Bool) return std::nullopt;
  return RefExt{std::string(text(*name)), config, !mu || text(*mu) == "true"};
}

inline const Val* ref_conf(const RefExt& e, std::string_view key) { return e.config ? find(*e.config, key) : nullptr; }

struct RefType {
  char family;  // 'b'ool, 'i'nt, 'u'int, 'f'loat, 'c'omplex, 'r'aw
  int bits;
};

// nullopt: not a type to check by (unknown); `bad`: a malformed raw name.
inline std::optional<RefType> ref_type(const std::string& n, bool& bad) {
  if (n == "bool") return RefType{'b', 8};
  for (int b : {8, 16, 32, 64}) {
    if (n == "int" + std::to_string(b)) return RefType{'i', b};
    if (n == "uint" + std::to_string(b)) return RefType{'u', b};
  }
  for (int b : {16, 32, 64})
    if (n == "float" + std::to_string(b)) return RefType{'f', b};
  if (n == "complex64") return RefType{'c', 64};
  if (n == "complex128") return RefType{'c', 128};
  if (n.size() >= 2 && n[0] == 'r' && n[1] >= '0' && n[1] <= '9') {
    const std::string digits = n.substr(1);
    const bool ok = digits.find_first_not_of("0123456789") == std::string::npos && digits[0] != '0' &&
                    digits.size() <= 10 && std::stoull(digits) % 8 == 0 && std::stoull(digits) <= (1ull << 32);
    if (!ok) return bad = true, std::nullopt;
    return RefType{'r', int(std::stoull(digits))};
  }
  return std::nullopt;
}

// Whether a number's text is read as infinity for float<bits>, as readers
// read it: rounded to a double (strtod rounds correctly), then the double to
// the type, to nearest even. Past the largest finite value plus half its
// last place, a type's rounding gives infinity; at exactly that tie too,
// since the largest finite value's significand is odd.
inline bool ref_past_float_range(std::string_view number, int bits) {
  const double d = std::fabs(std::strtod(std::string(number).c_str(), nullptr));
  if (bits == 16) return d >= 0x1.ffep15;   // 65504 + 16
  if (bits == 32) return d >= 0x1.ffffffp127;  // FLT_MAX + 2^103
  return std::isinf(d);
}

inline bool ref_float_fill(const Val* v, int bits) {
  if (!v) return false;
  if (is_number(*v)) return !ref_past_float_range(text(*v), bits);
  if (!is_string(*v)) return false;
  const std::string_view s = text(*v);
  if (s == "NaN" || s == "Infinity" || s == "-Infinity") return true;
  return s.size() == size_t(2 + bits / 4) && s.substr(0, 2) == "0x" &&
         s.substr(2).find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
}

inline bool ref_fill(const Val* v, const RefType& t) {
  const i128 one = 1;
  switch (t.family) {
    case 'b': return ref_is(v, Val::Bool);
    case 'i': return ref_int_in(v, -(one << (t.bits - 1)), (one << (t.bits - 1)) - 1);
    case 'u': return ref_int_in(v, 0, (one << t.bits) - 1);
    case 'f': return ref_float_fill(v, t.bits);
    case 'c': return ref_is(v, Val::Array) && v->Size() == 2 && ref_float_fill(&(*v)[0], t.bits / 2) && ref_float_fill(&(*v)[1], t.bits / 2);
    default:
      if (!ref_is(v, Val::Array) || v->Size() != size_t(t.bits / 8)) return false;
      for (const Val* b : v->items)
        if (!ref_int_in(b, 0, 255)) return false;
      return true;
  }
}

// one_byte: 1 yes, 0 no, -1 unknown.
inline bool ref_codecs(const Val* list, std::optional<size_t> ndim, int one_byte);

// The codec's kind ('A' array-to-array, 'B' array-to-bytes, 'C' bytes-to-bytes,
// '?' unknown), or 0 when it is invalid.
inline char ref_codec(const Val* v, std::optional<size_t> ndim, int one_byte) {
  // The fuzzer reads strictly: a codec's bare name is a writers' ledger
  // entry (docs/writers-ledger.md), an error with strict.
  if (ref_is(v, Val::String)) return 0;
  const auto e = ref_ext(v);
  if (!e) return 0;
  const std::string& n = e->name;
  const auto optional_choice = [&](std::string_view key, std::initializer_list<std::string_view> names) {
    const Val* x = ref_conf(*e, key);
    return !x || ref_one_of(x, names);
  };
  if (n == "bytes") {
    const Val* endian = ref_conf(*e, "endian");
    if (!endian && one_byte == 0) return 0;
    return optional_choice("endian", {"little", "big"}) ? 'B' : 0;
  }
  if (n == "transpose") {
    const Val* order = ref_conf(*e, "order");
    if (!ref_is(order, Val::Array) || (ndim && order->Size() != *ndim)) return 0;
    std::vector<bool> seen(order->Size());
    for (const Val* x : order->items) {
      if (!ref_int_in(x, 0, i128(order->Size()) - 1) || seen[size_t(*ref_int(x))]) return 0;
      seen[size_t(*ref_int(x))] = true;
    }
    return 'A';
  }
  if (n == "sharding_indexed") {
    if (!e->config) return 0;
    const Val* shape = ref_conf(*e, "chunk_shape");
    if (!ref_is(shape, Val::Array) || (ndim && shape->Size() != *ndim)) return 0;
    for (const Val* x : shape->items)
      if (!ref_int_in(x, 1, (i128(1) << 64) - 1)) return 0;  // a uint64 edge
    if (!ref_codecs(ref_conf(*e, "codecs"), ndim, one_byte) || !ref_codecs(ref_conf(*e, "index_codecs"), ndim, 0)) return 0;
    return optional_choice("index_location", {"start", "end"}) ? 'B' : 0;
  }
  if (n == "gzip") return ref_int_in(ref_conf(*e, "level"), 0, 9) ? 'C' : 0;
  if (n == "zstd") {
    const Val* checksum = ref_conf(*e, "checksum");
    return ref_int_in(ref_conf(*e, "level"), -131072, 22) && (!checksum || checksum->kind == Val::Bool) ? 'C' : 0;
  }
  if (n == "blosc") {
    const Val* shuffle = ref_conf(*e, "shuffle");
    const Val* typesize = ref_conf(*e, "typesize");
    const bool ok = ref_one_of(ref_conf(*e, "cname"), {"blosclz", "lz4", "lz4hc", "snappy", "zlib", "zstd"}) &&
                    ref_int_in(ref_conf(*e, "clevel"), 0, 9) && ref_one_of(shuffle, {"noshuffle", "shuffle", "bitshuffle"}) &&
                    ref_int_in(ref_conf(*e, "blocksize"), 0, 0xFFFFFFFF) &&
                    (typesize ? ref_int_in(typesize, 1, 0xFFFFFFFF) : text(*shuffle) == "noshuffle");
    return ok ? 'C' : 0;
  }
  if (n == "crc32c") return 'C';
  if (n == "reshape") {  // zarr-extensions codecs/reshape
    const Val* shape = ref_conf(*e, "shape");
    if (!ref_is(shape, Val::Array) || shape->Size() == 0) return 0;
    bool inferred = false;
    std::optional<i128> next;  // the input axis a list must start at
    for (const Val* x : shape->items) {
      if (x->IsArray()) {
        if (x->Size() == 0) return 0;
        for (const Val* axis : x->items) {
          if (!ref_int_in(axis, 0, ndim ? i128(*ndim) - 1 : (i128(1) << 64) - 1)) return 0;
          if (next && *ref_int(axis) != *next) return 0;
          next = *ref_int(axis) + 1;
        }
        continue;
      }
      if (ref_int_in(x, -1, -1) && !inferred) inferred = true;
      else if (!ref_int_in(x, 1, (i128(1) << 64) - 1)) return 0;
    }
    return 'A';
  }
  // The other codecs the package knows (docs/semantics.md, "Codecs"), by
  // kind; their configurations are not checked.
  static constexpr std::pair<std::string_view, char> kKnown[] = {
      {"zlib", 'C'}, {"lz4", 'C'}, {"vlen-utf8", 'B'}, {"vlen-bytes", 'B'}, {"json2", 'B'}, {"bitround", 'A'},
      {"cast_value", 'A'}, {"scale_offset", 'A'}, {"numcodecs.blosc", 'C'}, {"numcodecs.lz4", 'C'}, {"numcodecs.zstd", 'C'},
      {"numcodecs.gzip", 'C'}, {"numcodecs.zlib", 'C'}, {"numcodecs.bz2", 'C'}, {"numcodecs.vlen-utf8", 'B'},
      {"numcodecs.shuffle", 'C'}, {"numcodecs.delta", 'A'}, {"numcodecs.bitround", 'A'}, {"numcodecs.json2", 'B'}};
  for (const auto& [name, kind] : kKnown) {
    if (n == name) return kind;
  }
  return '?';
}

inline bool ref_codecs(const Val* list, std::optional<size_t> ndim, int one_byte) {
  if (!ref_is(list, Val::Array) || list->Size() == 0) return false;
  std::string kinds;
  for (const Val* c : list->items) {
    const char k = ref_codec(c, ndim, one_byte);
    if (!k) return false;
    kinds += k;
    // What the codecs after this one see: reshape's rank; after cast_value
    // no element size; after a codec not known, nothing.
    const auto e = ref_ext(c);
    if (k == '?') ndim.reset(), one_byte = -1;
    else if (e->name == "reshape") ndim = find(*e->config, "shape")->Size();
    else if (e->name == "cast_value") one_byte = -1;
  }
  const size_t b = kinds.find('B');
  if (b == std::string::npos) return kinds.find('?') != std::string::npos;
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i] == 'B' && i != b) return false;
    if (kinds[i] == 'A' && i > b) return false;
    if (kinds[i] == 'C' && i < b) return false;
  }
  return true;
}

// Everything but zarr_format, node_type, shape and chunk_grid.
inline bool ref_rules_ok(const Val& doc) {
  static constexpr std::string_view kKnown[] = {"zarr_format", "node_type", "shape", "data_type", "chunk_grid", "chunk_key_encoding",
                                                "fill_value", "codecs", "attributes", "storage_transformers", "dimension_names"};
  for (size_t i = 0; i < doc.keys.size(); ++i) {
    if (std::find(std::begin(kKnown), std::end(kKnown), doc.keys[i]) != std::end(kKnown)) continue;
    const Val* mu = doc.items[i]->IsObject() ? find(*doc.items[i], "must_understand") : nullptr;
    if (!ref_is(mu, Val::Bool) || text(*mu) != "false") return false;
  }
  const Val* shape = find(doc, "shape");
  const std::optional<size_t> ndim = ref_is(shape, Val::Array) ? std::optional<size_t>(shape->Size()) : std::nullopt;

  const auto dt = ref_ext(find(doc, "data_type"));
  if (!dt) return false;
  bool bad = false;
  const auto type = ref_type(dt->name, bad);
  if (bad) return false;
  const Val* fill = find(doc, "fill_value");
  if (!fill || (type && !ref_fill(fill, *type))) return false;

  const auto cke = ref_ext(find(doc, "chunk_key_encoding"));
  if (!cke) return false;
  if ((cke->name == "default" || cke->name == "v2") && ref_conf(*cke, "separator") && !ref_one_of(ref_conf(*cke, "separator"), {"/", "."}))
    return false;

  const int one_byte = !type ? -1 : (type->bits == 8 || type->family == 'r') ? 1 : 0;
  if (!ref_codecs(find(doc, "codecs"), ndim, one_byte)) return false;

  if (const Val* names = find(doc, "dimension_names")) {
    if (!names->IsArray() || (ndim && names->Size() != *ndim)) return false;
    for (const Val* n : names->items)
      if (!ref_is(n, Val::String) && !ref_is(n, Val::Null)) return false;
  }
  if (const Val* a = find(doc, "attributes"); a && !a->IsObject()) return false;
  if (const Val* st = find(doc, "storage_transformers")) {
    if (!st->IsArray()) return false;
    for (const Val* t : st->items) {
      const auto e = ref_ext(t);
      if (!e || e->must_understand) return false;
    }
  }
  return true;
}

}  // namespace zr_fuzz
