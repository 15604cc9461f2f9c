#include "document_rules.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace zr {

namespace {

std::string found(const JsonValue& v) { return "found " + describe_value(v); }

bool is_string(const JsonValue& v) { return kind_of(v) == JsonKind::String; }

bool is_number(const JsonValue& v) {
  const JsonKind k = kind_of(v);
  return k == JsonKind::Integer || k == JsonKind::OtherNumber;
}

// Whether a JSON number would be read as infinity for float<bits>: a fill
// value of 1e39 for float32 (or 1e400 for float64) is finite text that no
// reader can hold. Readers round the text to a double, then the double to
// the type (JSON.parse and Math.fround, Python's json and NumPy), so the
// bounds are the smallest decimals that end at infinity that way: for
// float64, 2^1024 - 2^970 (the largest double plus half its last place);
// for float32, 2^128 - 2^103 (FLT_MAX plus half its last place) less half a
// double's last place there, 2^74, since the tie rounds up to that double;
// for float16, 65520 less 2^-38 likewise. Preconditions: is_number(v), bits
// 16, 32 or 64.
bool overflows_float(const JsonValue& v, unsigned bits) {
  static constexpr std::string_view kFloat16 = "65519.99999999999636202119290828704833984375";
  static constexpr std::string_view kFloat32 = "340282356779733642748073463979561713664";
  static constexpr std::string_view kFloat64 =
      "17976931348623158079372897140530341507993413271003782693617377898044496829276475094664901797758720709633028641"
      "66928879109465555478519404026306574886715058206819089020007083836762738548458177115317644757302700698555713669"
      "59622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";
  const std::string_view bound = bits == 16 ? kFloat16 : bits == 32 ? kFloat32 : kFloat64;
  if (kind_of(v) == JsonKind::Integer) return magnitude_at_least(std::to_string(v.GetUint64()), bound);
  return magnitude_at_least(number_text_of(v), bound);
}

// An integer literal, exactly: its sign and magnitude. nullopt for any other
// value, including 1.0 and 1e3 (lenient mode does not reach these members).
struct Integer {
  bool negative;
  uint64_t magnitude;
};
std::optional<Integer> integer_of(const JsonValue& v) {
  if (kind_of(v) == JsonKind::Integer) return Integer{false, v.GetUint64()};
  if (kind_of(v) != JsonKind::OtherNumber) return std::nullopt;
  const std::string_view t = number_text_of(v);
  if (t.size() < 2 || t[0] != '-') return std::nullopt;
  const auto magnitude = plain_uint64(t.substr(1));
  if (!magnitude) return std::nullopt;
  return Integer{*magnitude != 0, *magnitude};
}

// Whether a number is written as an integer (an optional minus sign and
// digits), however large.
bool integer_literal(const JsonValue& v) {
  if (kind_of(v) == JsonKind::Integer) return true;
  if (kind_of(v) != JsonKind::OtherNumber) return false;
  std::string_view t = number_text_of(v);
  if (!t.empty() && t[0] == '-') t.remove_prefix(1);
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The code for a value that is not an integer in range.
ProblemCode not_integer_code(const JsonValue& v) {
  if (integer_literal(v)) return ProblemCode::OutOfRange;
  return is_number(v) ? ProblemCode::NotInteger : ProblemCode::WrongType;
}

// Whether an integer lies in [lo, hi], both given as signed 64-bit values
// except that an unsigned upper bound may reach 2^64 - 1 (hi_unsigned).
bool in_range(Integer i, int64_t lo, uint64_t hi) {
  if (i.negative) return lo < 0 && i.magnitude <= uint64_t(-(lo + 1)) + 1;
  return i.magnitude <= hi && (lo <= 0 || i.magnitude >= uint64_t(lo));
}

std::string range_text(int64_t lo, uint64_t hi) {
  return "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
}

struct DataType {
  enum class Family { Bool, Int, UInt, Float, Complex, Raw } family;
  unsigned bits;
};

// A name in one of the known extension points, or a name of an extension.
struct Extension {
  std::string_view name;
  const JsonValue* configuration = nullptr;  // null when absent
  bool must_understand = true;
};

class Rules {
 public:
  Rules(Problems& errors, Problems& warnings, Quirks quirks = Quirks::Refuse, JsonPool* pool = nullptr)
      : errors_(errors), warnings_(warnings), quirks_(quirks), pool_(pool) {}

  // A ledger entry met at `site`: true when it is to be read as meant.
  bool quirk(QuirkSite site, Fix fix) { return note_quirk(quirks_, std::move(site), errors_, warnings_, std::move(fix)); }
  // The value as the ledger reads it. The document is the caller's own,
  // built mutable (check_array_rules); the rules only look at it otherwise.
  static JsonValue& rewrite(const JsonValue& v) { return const_cast<JsonValue&>(v); }

  void error(std::string path, std::string message, ProblemCode code) { report(errors_, {std::move(path), std::move(message), code}); }
  void warn(std::string path, std::string message) {
    report(warnings_, {std::move(path), std::move(message), ProblemCode::UnknownExtension});
  }

  // An extension point: a name, or an object {"name", "configuration"?, "must_understand"?}.
  std::optional<Extension> extension(const JsonValue& v, const std::string& path, std::string_view what) {
    if (is_string(v)) return Extension{string_of(v)};
    const std::string expected = "; expected " + std::string(what) + ": a name or an object with a \"name\"";
    if (!v.IsObject()) return error(path, found(v) + expected, ProblemCode::WrongType), std::nullopt;
    Extension out;
    bool ok = true;
    const JsonValue* name = member(v, "name");
    if (!name) error(pointer_append(path, "name"), "found no \"name\"" + expected, ProblemCode::Missing), ok = false;
    else if (!is_string(*name)) error(pointer_append(path, "name"), found(*name) + "; expected a name (a string)", ProblemCode::WrongType), ok = false;
    else out.name = string_of(*name);
    if (const JsonValue* c = member(v, "configuration")) {
      if (!c->IsObject()) error(pointer_append(path, "configuration"), found(*c) + "; expected an object", ProblemCode::WrongType), ok = false;
      else out.configuration = c;
    }
    if (const JsonValue* m = member(v, "must_understand")) {
      if (!m->IsBool()) error(pointer_append(path, "must_understand"), found(*m) + "; expected true or false", ProblemCode::WrongType), ok = false;
      else out.must_understand = m->GetBool();
    }
    if (!ok) return std::nullopt;
    return out;
  }

  // --- data type -----------------------------------------------------------

  std::optional<DataType> data_type(const JsonValue* v) {
    const std::string path = "/data_type";
    if (!v) return error(path, "found no \"data_type\"; expected a data type name or object", ProblemCode::Missing), std::nullopt;
    const auto ext = extension(*v, path, "a data type");
    if (!ext) return std::nullopt;
    const std::string at = v->IsObject() ? path + "/name" : path;
    using F = DataType::Family;
    static constexpr std::pair<std::string_view, DataType> kCore[] = {
        {"bool", {F::Bool, 8}},       {"int8", {F::Int, 8}},       {"int16", {F::Int, 16}},      {"int32", {F::Int, 32}},
        {"int64", {F::Int, 64}},      {"uint8", {F::UInt, 8}},     {"uint16", {F::UInt, 16}},    {"uint32", {F::UInt, 32}},
        {"uint64", {F::UInt, 64}},    {"float16", {F::Float, 16}}, {"float32", {F::Float, 32}},  {"float64", {F::Float, 64}},
        {"complex64", {F::Complex, 64}}, {"complex128", {F::Complex, 128}}};
    for (const auto& [name, type] : kCore) {
      if (ext->name == name) return type;
    }
    const std::string_view name = ext->name;
    if (name.size() >= 2 && name[0] == 'r' && name[1] >= '0' && name[1] <= '9') {
      const auto bits = plain_uint64(name.substr(1));
      if (!bits || *bits == 0 || *bits % 8 != 0 || name[1] == '0' || *bits > (uint64_t(1) << 32)) {
        error(at, "found the raw data type \"" + std::string(name) + "\"; expected r<bits> with bits a positive multiple of 8, such as \"r8\" or \"r16\"",
              ProblemCode::Invalid);
        return std::nullopt;
      }
      return DataType{F::Raw, unsigned(*bits)};
    }
    warn(at, "found the data type \"" + std::string(name) + "\", an extension this library does not know; its fill value and codecs are checked only in general");
    return std::nullopt;
  }

  // --- fill value ----------------------------------------------------------

  bool float_fill(const JsonValue& v, const std::string& path, unsigned bits) {
    if (is_number(v)) {
      if (!overflows_float(v, bits)) return true;
      error(path, found(v) + ", which is past the largest finite float" + std::to_string(bits) +
                      " and would be read as infinity; expected a number in range, or \"Infinity\" / \"-Infinity\"",
            ProblemCode::OutOfRange);
      return false;
    }
    const std::string expected = "; expected a number, \"NaN\", \"Infinity\", \"-Infinity\" or \"0x\" and " +
                                 std::to_string(bits / 4) + " hex digits (float" + std::to_string(bits) + ")";
    if (!is_string(v)) return error(path, found(v) + expected, ProblemCode::WrongType), false;
    const std::string_view s = string_of(v);
    if (s == "NaN" || s == "Infinity" || s == "-Infinity") return true;
    if (is_json_number(s)) {  // ledger: fill-value-spelled
      const std::string text(s);
      if (!quirk({Quirk::FillValueSpelled, path, describe_value(v), "the number " + text, expected.substr(11), ProblemCode::Invalid},
                 {Fix::Kind::Value, text}))
        return false;
      set_number(rewrite(v), text, *pool_);
      return float_fill(v, path, bits);
    }
    if (s.size() == 2 + bits / 4 && s.substr(0, 2) == "0x" &&
        std::all_of(s.begin() + 2, s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
      return true;
    error(path, found(v) + expected, ProblemCode::Invalid);
    return false;
  }

  // `spelled`: whether the writers' ledger's "42" and 0.0 are read here
  // (a fill value, not one of a raw type's bytes).
  void integer_fill(const JsonValue& v, const std::string& path, int64_t lo, uint64_t hi, std::string_view type,
                    bool spelled = false) {
    const std::string expected = "; expected " + range_text(lo, hi) + " (" + std::string(type) + ")";
    auto i = integer_of(v);
    if (!i && spelled) {  // ledger: fill-value-spelled
      const bool text = is_string(v) && is_json_number(string_of(v));
      const auto integral = text || kind_of(v) == JsonKind::OtherNumber ? integral_text(text ? string_of(v) : number_text_of(v))
                                                                         : std::nullopt;
      const auto spelled_as = integral ? std::optional(Integer{(*integral)[0] == '-', *plain_uint64(std::string_view(*integral).substr((*integral)[0] == '-'))})
                                       : std::nullopt;
      if (spelled_as && in_range(*spelled_as, lo, hi)) {
        if (!quirk({Quirk::FillValueSpelled, path, describe_value(v), "the integer " + *integral, expected.substr(11), not_integer_code(v)},
                   {Fix::Kind::Value, *integral}))
          return;
        set_number(rewrite(v), *integral, *pool_);
        return;
      }
    }
    if (!i) {
      error(path, found(v) + expected, not_integer_code(v));
    } else if (!in_range(*i, lo, hi)) {
      error(path, found(v) + expected, ProblemCode::OutOfRange);
    }
  }

  void fill_value(const JsonValue* v, const std::optional<DataType>& type, std::string_view type_name) {
    const std::string path = "/fill_value";
    if (!v) return error(path, "found no \"fill_value\"; expected a fill value for the data type", ProblemCode::Missing);
    if (!type) return;
    using F = DataType::Family;
    const unsigned b = type->bits;
    if (v->IsNull()) {  // ledger: zarrita-null-fill-value
      // zarrita fills a missing chunk with null, which a typed array reads as 0.
      JsonValue zero;
      if (type->family == F::Bool) zero.SetBool(false);
      else if (type->family == F::Complex) zero.SetArray().PushBack(0u, *pool_).PushBack(0u, *pool_);
      else if (type->family == F::Raw) for (zero.SetArray(); zero.Size() < b / 8;) zero.PushBack(0u, *pool_);
      else zero.SetUint64(0);
      const std::string zero_text = type->family == F::Bool ? "false" : type->family == F::Complex ? "[0, 0]" : type->family == F::Raw ? "zero bytes" : "0";
      std::string written = zero_text;  // a raw type's zero is one 0 per byte
      if (type->family == F::Raw) {
        written = "[0";
        for (unsigned i = 1; i < b / 8; ++i) written += ", 0";
        written += "]";
      }
      if (quirk({Quirk::ZarritaNullFillValue, path, "null", zero_text + ", as zarrita.js reads a missing chunk",
                 "a fill value for the data type " + std::string(type_name), ProblemCode::WrongType},
                {Fix::Kind::Value, std::move(written)})) {
        rewrite(*v) = std::move(zero);
      }
      return;
    }
    switch (type->family) {
      case F::Bool:
        if (!v->IsBool()) error(path, found(*v) + "; expected true or false (bool)", ProblemCode::WrongType);
        break;
      case F::Int: {
        const int64_t lo = b == 64 ? INT64_MIN : -(int64_t(1) << (b - 1));
        integer_fill(*v, path, lo, (uint64_t(1) << (b - 1)) - 1, type_name, true);
        break;
      }
      case F::UInt: integer_fill(*v, path, 0, b == 64 ? UINT64_MAX : (uint64_t(1) << b) - 1, type_name, true); break;
      case F::Float: float_fill(*v, path, b); break;
      case F::Complex:
        if (!v->IsArray() || v->Size() != 2) {
          error(path, found(*v) + "; expected [real, imaginary], two float" + std::to_string(b / 2) + " fill values (" +
                          std::string(type_name) + ")",
                ProblemCode::WrongType);
        } else {
          float_fill((*v)[0], pointer_append(path, 0), b / 2);
          float_fill((*v)[1], pointer_append(path, 1), b / 2);
        }
        break;
      case F::Raw: {
        const std::string expected = "; expected an array of " + std::to_string(b / 8) + " integers from 0 to 255 (" +
                                     std::string(type_name) + ", one per byte)";
        if (!v->IsArray() || v->Size() != b / 8) return error(path, found(*v) + expected, ProblemCode::WrongType);
        for (rapidjson::SizeType i = 0; i < v->Size(); ++i) integer_fill((*v)[i], pointer_append(path, i), 0, 255, "a byte");
        break;
      }
    }
  }

  // --- chunk key encoding ----------------------------------------------------

  void chunk_key_encoding(const JsonValue* v) {
    const std::string path = "/chunk_key_encoding";
    if (!v) return error(path, "found no \"chunk_key_encoding\"; expected {\"name\": \"default\"} or {\"name\": \"v2\"}", ProblemCode::Missing);
    const auto ext = extension(*v, path, "a chunk key encoding");
    if (!ext) return;
    if (ext->name != "default" && ext->name != "v2") {
      warn(v->IsObject() ? path + "/name" : path, "found the chunk key encoding \"" + std::string(ext->name) +
                                                      "\", an extension this library does not know; expected \"default\" or \"v2\" for a known one");
      return;
    }
    if (!ext->configuration) return;  // "default" separates with "/", "v2" with "."
    const JsonValue* sep = member(*ext->configuration, "separator");
    if (!sep) return;
    const std::string at = path + "/configuration/separator";
    if (!is_string(*sep)) return error(at, found(*sep) + "; expected \"/\" or \".\"", ProblemCode::WrongType);
    if (string_of(*sep) != "/" && string_of(*sep) != ".") error(at, found(*sep) + "; expected \"/\" or \".\"", ProblemCode::Invalid);
  }

  // --- codecs ----------------------------------------------------------------

  enum class Kind { ArrayToArray, ArrayToBytes, BytesToBytes, Unknown };

  // `one_byte`: whether the elements are one byte (unknown for an unknown data type).
  struct Context {
    std::optional<size_t> ndim;
    std::optional<bool> one_byte;
  };

  const JsonValue* config_member(const Extension& ext, std::string_view key) {
    return ext.configuration ? member(*ext.configuration, key) : nullptr;
  }

  // Where a configuration member is, or would be: with no configuration,
  // the codec itself (a pointer that resolves in the document).
  static std::string config_path(const Extension& ext, const std::string& path, std::string_view key) {
    return ext.configuration ? path + "/configuration/" + std::string(key) : path;
  }
  static std::string absent(const Extension& ext, std::string_view key) {
    return "found no \"" + std::string(key) + "\"" + (ext.configuration ? "" : " (no configuration)");
  }

  // An integer configuration member in [lo, hi]; `required` reports its absence.
  void config_integer(const Extension& ext, const std::string& path, std::string_view key, int64_t lo, uint64_t hi, bool required) {
    const JsonValue* v = config_member(ext, key);
    const std::string at = config_path(ext, path, key);
    const std::string expected = "; expected " + range_text(lo, hi);
    if (!v) {
      if (required) error(at, absent(ext, key) + expected, ProblemCode::Missing);
      return;
    }
    const auto i = integer_of(*v);
    if (!i) error(at, found(*v) + expected, not_integer_code(*v));
    else if (!in_range(*i, lo, hi)) error(at, found(*v) + expected, ProblemCode::OutOfRange);
  }

  void config_choice(const Extension& ext, const std::string& path, std::string_view key,
                     std::initializer_list<std::string_view> choices, bool required) {
    const JsonValue* v = config_member(ext, key);
    const std::string at = config_path(ext, path, key);
    std::string expected = "; expected ";
    size_t n = 0;
    for (std::string_view c : choices) expected += (n++ ? ", \"" : "\"") + std::string(c) + "\"";
    if (!v) {
      if (required) error(at, absent(ext, key) + expected, ProblemCode::Missing);
      return;
    }
    if (!is_string(*v)) return error(at, found(*v) + expected, ProblemCode::WrongType);
    if (std::find(choices.begin(), choices.end(), string_of(*v)) == choices.end()) error(at, found(*v) + expected, ProblemCode::Invalid);
  }

  Kind codec(const JsonValue& v, const std::string& path, const Context& ctx) {
    if (is_string(v)) {  // ledger: bare-codec-names
      const std::string name(string_of(v));
      const std::string object = "{\"name\": \"" + name + "\"}";
      if (quirk({Quirk::BareCodecNames, path, "the name \"" + name + "\"", object, "a codec object such as " + object, ProblemCode::WrongType},
                {Fix::Kind::WrapName})) {
        JsonValue named(rapidjson::kObjectType);
        named.AddMember("name", json_string(name, *pool_), *pool_);
        rewrite(v) = std::move(named);
      }
    }
    const auto ext = extension(v, path, "a codec");
    if (!ext) return Kind::Unknown;
    const std::string_view n = ext->name;
    if (n == "bytes") {
      config_choice(*ext, path, "endian", {"little", "big"}, ctx.one_byte == false);
      return Kind::ArrayToBytes;
    }
    if (n == "transpose") {
      transpose(*ext, path, ctx);
      return Kind::ArrayToArray;
    }
    if (n == "sharding_indexed") {
      sharding(*ext, path, ctx);
      return Kind::ArrayToBytes;
    }
    if (n == "gzip") {
      config_integer(*ext, path, "level", 0, 9, true);
      return Kind::BytesToBytes;
    }
    if (n == "zstd") {
      config_integer(*ext, path, "level", -131072, 22, true);
      if (const JsonValue* c = config_member(*ext, "checksum"); c && !c->IsBool())
        error(path + "/configuration/checksum", found(*c) + "; expected true or false", ProblemCode::WrongType);
      return Kind::BytesToBytes;
    }
    if (n == "blosc") {
      config_choice(*ext, path, "cname", {"blosclz", "lz4", "lz4hc", "snappy", "zlib", "zstd"}, true);
      config_integer(*ext, path, "clevel", 0, 9, true);
      config_choice(*ext, path, "shuffle", {"noshuffle", "shuffle", "bitshuffle"}, true);
      const JsonValue* shuffle = config_member(*ext, "shuffle");
      const bool shuffled = shuffle && is_string(*shuffle) && string_of(*shuffle) != "noshuffle";
      config_integer(*ext, path, "typesize", 1, UINT32_MAX, shuffled);
      config_integer(*ext, path, "blocksize", 0, UINT32_MAX, true);
      return Kind::BytesToBytes;
    }
    if (n == "crc32c") return Kind::BytesToBytes;
    warn(v.IsObject() ? path + "/name" : path,
         "found the codec \"" + std::string(n) + "\", an extension this library does not know; its place in the chain is not checked");
    return Kind::Unknown;
  }

  void transpose(const Extension& ext, const std::string& path, const Context& ctx) {
    const std::string at = config_path(ext, path, "order");
    const std::string expected = ctx.ndim ? "; expected a permutation of 0 to " + std::to_string(*ctx.ndim) + " - 1, one entry per axis"
                                          : "; expected a permutation of the axes";
    const JsonValue* order = config_member(ext, "order");
    if (!order) return error(at, absent(ext, "order") + expected, ProblemCode::Missing);
    if (!order->IsArray()) return error(at, found(*order) + expected, ProblemCode::WrongType);
    const size_t n = order->Size();
    if (ctx.ndim && n != *ctx.ndim) return error(at, "found " + std::to_string(n) + " entries" + expected, ProblemCode::AxisCount);
    std::vector<bool> seen(n);
    for (rapidjson::SizeType i = 0; i < n; ++i) {
      const auto v = integer_of((*order)[i]);
      if (!v || v->negative || v->magnitude >= n || seen[v->magnitude]) {
        return error(pointer_append(at, i), found((*order)[i]) + expected, v ? ProblemCode::Invalid : ProblemCode::WrongType);
      }
      seen[v->magnitude] = true;
    }
  }

  void sharding(const Extension& ext, const std::string& path, const Context& ctx) {
    const std::string config = path + "/configuration";
    if (!ext.configuration) return error(path, "found no \"configuration\"; expected {\"chunk_shape\", \"codecs\", \"index_codecs\"}", ProblemCode::Missing);
    const std::string at = config + "/chunk_shape";
    const JsonValue* shape = config_member(ext, "chunk_shape");
    const std::string expected = "; expected an array of positive integers, one per axis";
    if (!shape) error(at, "found no \"chunk_shape\"" + expected, ProblemCode::Missing);
    else if (!shape->IsArray()) error(at, found(*shape) + expected, ProblemCode::WrongType);
    else if (ctx.ndim && shape->Size() != *ctx.ndim)
      error(at, "found " + std::to_string(shape->Size()) + " entries; expected " + std::to_string(*ctx.ndim) + ", one per axis", ProblemCode::AxisCount);
    else {
      for (rapidjson::SizeType i = 0; i < shape->Size(); ++i) {
        const auto v = integer_of((*shape)[i]);
        if (!v || v->negative) error(pointer_append(at, i), found((*shape)[i]) + "; expected a positive integer", ProblemCode::WrongType);
        else if (v->magnitude == 0) error(pointer_append(at, i), "found 0; expected a positive integer", ProblemCode::NotPositive);
      }
    }
    codecs(config_member(ext, "codecs"), config + "/codecs", ctx);
    // The shard index is uint64: two per inner chunk, never one byte.
    codecs(config_member(ext, "index_codecs"), config + "/index_codecs", Context{ctx.ndim, false});
    config_choice(ext, path, "index_location", {"start", "end"}, false);
  }

  // `top`: the array's own codecs (not a shard's).
  void codecs(const JsonValue* list, const std::string& path, const Context& ctx, bool top = false) {
    const std::string expected = "an array of codecs: array-to-array codecs, then one array-to-bytes codec, then bytes-to-bytes codecs";
    if (!list) return error(path, "found no \"" + path.substr(path.rfind('/') + 1) + "\"; expected " + expected, ProblemCode::Missing);
    if (!list->IsArray()) return error(path, found(*list) + "; expected " + expected, ProblemCode::WrongType);
    // ledger: zarrita-empty-codecs (zarrita encodes a known data type with
    // little-endian bytes when no codec does)
    if (list->Empty() && top && ctx.one_byte) {
      constexpr std::string_view kBytes = "[{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}]";
      if (!quirk({Quirk::ZarritaEmptyCodecs, path, "[]", std::string(kBytes) + ", as zarrita.js reads it", expected, ProblemCode::EmptyList},
                 {Fix::Kind::Value, std::string(kBytes)}))
        return;
      JsonValue config(rapidjson::kObjectType);
      config.AddMember("endian", json_string("little", *pool_), *pool_);
      JsonValue bytes(rapidjson::kObjectType);
      bytes.AddMember("name", json_string("bytes", *pool_), *pool_).AddMember("configuration", config, *pool_);
      rewrite(*list).PushBack(bytes, *pool_);
    }
    if (list->Empty()) return error(path, "found []; expected " + expected, ProblemCode::EmptyList);
    std::vector<Kind> kinds;
    for (rapidjson::SizeType i = 0; i < list->Size(); ++i) kinds.push_back(codec((*list)[i], pointer_append(path, i), ctx));
    const bool all_known = std::find(kinds.begin(), kinds.end(), Kind::Unknown) == kinds.end();
    const auto first = std::find(kinds.begin(), kinds.end(), Kind::ArrayToBytes);
    if (first == kinds.end()) {
      // With an unknown codec, that one may be the array-to-bytes codec.
      if (all_known) error(path, "found no array-to-bytes codec; expected exactly one, such as \"bytes\" or \"sharding_indexed\"", ProblemCode::CodecOrder);
      return;
    }
    const size_t to_bytes = size_t(first - kinds.begin());
    const std::string to_bytes_path = pointer_append(path, to_bytes);
    for (size_t i = 0; i < kinds.size(); ++i) {
      const std::string at = pointer_append(path, i);
      if (kinds[i] == Kind::ArrayToBytes && i != to_bytes)
        error(at, "found a second array-to-bytes codec (the first is at " + to_bytes_path + "); expected exactly one", ProblemCode::CodecOrder);
      else if (kinds[i] == Kind::ArrayToArray && i > to_bytes)
        error(at, "found an array-to-array codec after the array-to-bytes codec at " + to_bytes_path + "; expected it before", ProblemCode::CodecOrder);
      else if (kinds[i] == Kind::BytesToBytes && i < to_bytes)
        error(at, "found a bytes-to-bytes codec before the array-to-bytes codec at " + to_bytes_path + "; expected it after", ProblemCode::CodecOrder);
    }
  }

  // --- the rest --------------------------------------------------------------

  void dimension_names(const JsonValue* v, std::optional<size_t> ndim) {
    if (!v) return;
    const std::string path = "/dimension_names";
    const std::string expected = "; expected an array of names (strings or null), one per axis";
    if (v->IsNull()) {  // ledger: dimension-names-null
      quirk({Quirk::DimensionNamesNull, path, "null", "no dimension names", expected.substr(11), ProblemCode::WrongType}, {Fix::Kind::RemoveMember});
      return;
    }
    if (!v->IsArray()) return error(path, found(*v) + expected, ProblemCode::WrongType);
    if (ndim && v->Size() != *ndim) return error(path, "found " + std::to_string(v->Size()) + " names; expected " + std::to_string(*ndim) + ", one per axis", ProblemCode::AxisCount);
    for (rapidjson::SizeType i = 0; i < v->Size(); ++i) {
      if (!is_string((*v)[i]) && !(*v)[i].IsNull()) error(pointer_append(path, i), found((*v)[i]) + "; expected a name (a string) or null", ProblemCode::WrongType);
    }
  }

  void attributes(const JsonValue* v) {
    if (v && !v->IsObject()) error("/attributes", found(*v) + "; expected an object", ProblemCode::WrongType);
  }

  void storage_transformers(const JsonValue* v) {
    if (!v) return;
    const std::string path = "/storage_transformers";
    if (!v->IsArray()) return error(path, found(*v) + "; expected an array of storage transformers", ProblemCode::WrongType);
    for (rapidjson::SizeType i = 0; i < v->Size(); ++i) {
      const std::string at = pointer_append(path, i);
      const auto ext = extension((*v)[i], at, "a storage transformer");
      if (!ext) continue;
      // No storage transformer is known.
      if (ext->must_understand) {
        error(at, "found the storage transformer \"" + std::string(ext->name) + "\", which this library does not know and which does not say \"must_understand\": false; expected none",
              ProblemCode::UnknownName);
      } else {
        warn(at, "found the storage transformer \"" + std::string(ext->name) + "\", unknown and marked \"must_understand\": false; ignored");
      }
    }
  }

  // Members not in `known`: an error, unless an object with "must_understand": false.
  void unknown_members(const JsonValue& doc, std::span<const std::string_view> known, std::string_view what) {
    for (auto m = doc.MemberBegin(); m != doc.MemberEnd(); ++m) {
      const std::string_view key(m->name.GetString(), m->name.GetStringLength());
      if (std::find(known.begin(), known.end(), key) != known.end()) continue;
      const std::string at = pointer_append("", key);
      const JsonValue* mu = m->value.IsObject() ? member(m->value, "must_understand") : nullptr;
      if (mu && mu->IsBool() && !mu->GetBool()) {
        warn(at, "found the member \"" + std::string(key) + "\", unknown and marked \"must_understand\": false; ignored");
      } else {
        error(at, "found the member \"" + std::string(key) + "\", which is not part of " + std::string(what) +
                      "; expected only its members, or an extension object with \"must_understand\": false",
              ProblemCode::UnknownKey);
      }
    }
  }

 private:
  Problems& errors_;
  Problems& warnings_;
  Quirks quirks_;
  JsonPool* pool_;  // for rewrites (check_array_rules)
};

constexpr std::string_view kArrayMembers[] = {"zarr_format", "node_type",        "shape",  "data_type",       "chunk_grid",
                                              "chunk_key_encoding", "fill_value", "codecs", "attributes", "storage_transformers",
                                              "dimension_names"};
constexpr std::string_view kGroupMembers[] = {"zarr_format", "node_type", "attributes", "consolidated_metadata"};

}  // namespace

void check_array_rules(const JsonValue& doc, std::optional<size_t> ndim, Quirks quirks, JsonPool& pool,
                       Problems& errors, Problems& warnings) {
  Rules rules(errors, warnings, quirks, &pool);
  rules.unknown_members(doc, kArrayMembers, "an array document");
  const JsonValue* dt = member(doc, "data_type");
  const auto type = rules.data_type(dt);
  std::string type_name;
  if (dt && kind_of(*dt) == JsonKind::String) type_name = string_of(*dt);
  else if (const JsonValue* n = dt && dt->IsObject() ? member(*dt, "name") : nullptr; n && kind_of(*n) == JsonKind::String) type_name = string_of(*n);
  rules.fill_value(member(doc, "fill_value"), type, type_name);
  rules.chunk_key_encoding(member(doc, "chunk_key_encoding"));
  std::optional<bool> one_byte;
  if (type) one_byte = type->bits == 8 || type->family == DataType::Family::Raw;
  rules.codecs(member(doc, "codecs"), "/codecs", {ndim, one_byte}, true);
  rules.dimension_names(member(doc, "dimension_names"), ndim);
  rules.attributes(member(doc, "attributes"));
  rules.storage_transformers(member(doc, "storage_transformers"));
}

bool float_place(const JsonValue& doc, std::string_view pointer) {
  std::vector<std::string> tokens;
  if (!pointer_tokens(pointer, tokens)) return false;
  const JsonValue* node = &doc;
  for (size_t i = 0; i < tokens.size() && node && node->IsObject(); ++i) {
    if (tokens[i] == "attributes") return true;
    if (tokens[i] == "fill_value") {
      Problems errors, warnings;  // an unknown data type is a warning; an invalid one an error
      const JsonValue* type = member(*node, "data_type");
      if (!type) return false;
      const auto known = Rules(errors, warnings).data_type(type);
      using F = DataType::Family;
      return errors.empty() && (!known || known->family == F::Float || known->family == F::Complex);
    }
    if (tokens[i] != "consolidated_metadata" || i + 2 >= tokens.size() || tokens[i + 1] != "metadata") return false;
    const JsonValue* consolidated = member(*node, "consolidated_metadata");
    const JsonValue* metadata = consolidated && consolidated->IsObject() ? member(*consolidated, "metadata") : nullptr;
    node = metadata && metadata->IsObject() ? member(*metadata, tokens[i + 2]) : nullptr;
    i += 2;
  }
  return false;
}

void check_group_rules(const JsonValue& doc, Problems& errors, Problems& warnings) {
  Rules(errors, warnings).unknown_members(doc, kGroupMembers, "a group document");
}

}  // namespace zr
