#include "codec_rules.hpp"

#include "known_extensions.hpp"

#include <algorithm>
#include <vector>

namespace zr::rules {

namespace {

class CodecRules : public RuleReporter {
 public:
  explicit CodecRules(const RuleReporter& reporter) : RuleReporter(reporter) {}

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

  // One codec, checked in `ctx`, which it turns into the context of the
  // codecs after it: a codec that changes the rank (reshape) gives the new
  // rank, one that changes the data type (cast_value) leaves the element
  // size unknown, and after a codec this library does not know nothing is
  // known (its output is not checked against what follows).
  Kind codec(const JsonValue& v, const std::string& path, Context& ctx) {
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
    if (!ext) return ctx = {}, Kind::Unknown;
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
    if (n == "reshape") {
      ctx.ndim = reshape(*ext, path, ctx);
      return Kind::ArrayToArray;
    }
    if (n == "cast_value") ctx.one_byte.reset();
    if (const KnownCodec* known = known_codec(n)) {
      switch (known->kind) {
        case CodecKind::ArrayToArray: return Kind::ArrayToArray;
        case CodecKind::ArrayToBytes: return Kind::ArrayToBytes;
        case CodecKind::BytesToBytes: return Kind::BytesToBytes;
      }
    }
    warn(v.IsObject() ? path + "/name" : path,
         "found the codec \"" + std::string(n) + "\", an extension this library does not know; its place in the chain, and the codecs after it, are checked only in general");
    ctx = {};
    return Kind::Unknown;
  }

  // zarr-extensions codecs/reshape: `shape` lists the output axes, each an
  // edge (a positive integer, or -1 once, for what the others leave) or a
  // list of consecutive input axes merged into one. The output's rank, or
  // nothing when the configuration is refused.
  std::optional<size_t> reshape(const Extension& ext, const std::string& path, const Context& ctx) {
    const std::string at = config_path(ext, path, "shape");
    const std::string expected = "; expected an array of output axes: each a positive integer, -1 (once), or a list of consecutive input axes";
    const JsonValue* shape = config_member(ext, "shape");
    if (!shape) return error(at, absent(ext, "shape") + expected, ProblemCode::Missing), std::nullopt;
    if (!shape->IsArray()) return error(at, found(*shape) + expected, ProblemCode::WrongType), std::nullopt;
    if (shape->Empty()) return error(at, "found []" + expected, ProblemCode::EmptyList), std::nullopt;
    bool ok = true;
    bool inferred = false;
    std::optional<uint64_t> next_axis;  // the input axis a list must start at, after an earlier list
    for (rapidjson::SizeType i = 0; i < shape->Size(); ++i) {
      const JsonValue& entry = (*shape)[i];
      const std::string here = pointer_append(at, i);
      if (entry.IsArray()) {
        if (entry.Empty()) ok = false, error(here, "found []" + expected, ProblemCode::EmptyList);
        for (rapidjson::SizeType k = 0; k < entry.Size(); ++k) {
          const auto axis = integer_of(entry[k]);
          const bool in_rank = axis && !axis->negative && (!ctx.ndim || axis->magnitude < *ctx.ndim);
          const bool in_order = axis && (!next_axis || axis->magnitude == *next_axis);
          if (!in_rank || !in_order) {
            ok = false;
            error(pointer_append(here, k), found(entry[k]) + "; expected " + (next_axis ? "input axis " + std::to_string(*next_axis) + ", the next after the one before" : std::string("an input axis")) +
                                              (ctx.ndim ? " (the chunk has " + std::to_string(*ctx.ndim) + ")" : ""),
                  axis ? ProblemCode::Invalid : ProblemCode::WrongType);
            break;
          }
          next_axis = axis->magnitude + 1;
        }
        continue;
      }
      const auto edge = integer_of(entry);
      if (edge && edge->negative && edge->magnitude == 1 && !inferred) inferred = true;
      else if (!edge || edge->negative || edge->magnitude == 0) ok = false, error(here, found(entry) + expected, edge ? ProblemCode::Invalid : ProblemCode::WrongType);
    }
    return ok ? std::optional<size_t>(shape->Size()) : std::nullopt;
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
    Context here = ctx;
    for (rapidjson::SizeType i = 0; i < list->Size(); ++i) kinds.push_back(codec((*list)[i], pointer_append(path, i), here));
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
};

}  // namespace

void check_codecs(const RuleReporter& reporter, const JsonValue* codecs, std::optional<size_t> ndim, std::optional<bool> one_byte) {
  CodecRules(reporter).codecs(codecs, "/codecs", {ndim, one_byte}, true);
}

}  // namespace zr::rules
