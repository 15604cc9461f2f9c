#include "document_rules.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "codec_rules.hpp"
#include "known_extensions.hpp"
#include "rule_support.hpp"

namespace zr {

namespace {

using namespace rules;

// The rules for every member but the codecs (codec_rules.hpp).
class Rules : public RuleReporter {
 public:
  using RuleReporter::RuleReporter;

  // --- data type -----------------------------------------------------------

  std::optional<DataType> data_type(const JsonValue* v) {
    const std::string path = "/data_type";
    if (!v) return error(path, "found no \"data_type\"; expected a data type name or object", ProblemCode::Missing), std::nullopt;
    const auto ext = extension(*v, path, "a data type");
    if (!ext) return std::nullopt;
    const std::string at = v->IsObject() ? path + "/name" : path;
    using F = DataType::Family;
    static constexpr std::pair<std::string_view, DataType> kCore[] = {
#define ZR_DATA_TYPE_ENTRY(name, family, bits, read) {name, {F::family, bits}},
        ZR_KNOWN_DATA_TYPES(ZR_DATA_TYPE_ENTRY)
#undef ZR_DATA_TYPE_ENTRY
    };
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
    const bool varying = type->family == F::String || type->family == F::Bytes;  // no zero to read null as
    if (v->IsNull() && !varying) {  // ledger: zarrita-null-fill-value
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
      case F::String:
        if (!is_string(*v)) error(path, found(*v) + "; expected a string for data_type string", ProblemCode::WrongType);
        break;
      case F::Bytes:  // zarr-python writes the bytes in base64
        if (!is_string(*v)) error(path, found(*v) + "; expected the bytes as a base64 string for data_type variable_length_bytes", ProblemCode::WrongType);
        break;
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
  std::optional<bool> one_byte;  // unknown for a type of elements of varying size
  if (type && type->bits != 0) one_byte = type->bits == 8 || type->family == DataType::Family::Raw;
  check_codecs(rules, member(doc, "codecs"), ndim, one_byte);
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
