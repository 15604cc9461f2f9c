#include "answer_block.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

#include "json_numbers.hpp"

namespace zr::wasm {

namespace {

constexpr uint64_t kMaxSafeInteger = (uint64_t(1) << 53) - 1;

enum Tag : uint64_t { Null, False, True, String, Number, BigInteger, Array, Object };

void tag(AnswerBlock& block, Tag kind, size_t payload) { block.number(static_cast<double>(kind + 8 * payload)); }

void tagged_bytes(AnswerBlock& block, Tag kind, std::string_view bytes) {
  tag(block, kind, bytes.size());
  block.bytes(bytes);
}

void scalar(AnswerBlock& block, const JsonValue& v, bool bigints) {
  switch (kind_of(v)) {
    case JsonKind::Bool: return tag(block, v.GetBool() ? True : False, 0);
    case JsonKind::String: return tagged_bytes(block, String, string_of(v));
    case JsonKind::Integer: {
      const std::string digits = std::to_string(v.GetUint64());
      return tagged_bytes(block, bigints && v.GetUint64() > kMaxSafeInteger ? BigInteger : Number, digits);
    }
    case JsonKind::OtherNumber: {
      const std::string_view text = number_text_of(v);
      const bool negative = text[0] == '-';
      const auto magnitude = plain_uint64(text.substr(negative ? 1 : 0));
      // A fraction, an exponent, or past 2^64 is read by JS's Number(), as
      // JSON.parse reads it (and keeps libc's strtod out of the module).
      return tagged_bytes(block, bigints && magnitude && *magnitude > kMaxSafeInteger ? BigInteger : Number, text);
    }
    // ledger: non-finite-tokens. The float each token names, by the text
    // Number() reads as that float.
    case JsonKind::NonFinite: {
      const std::string_view token = number_text_of(v);
      return tagged_bytes(block, Number, token == "NaN" ? "NaN" : token[0] == '-' ? "-Infinity" : "Infinity");
    }
    default: return tag(block, Null, 0);  // null (run lists are read into grids, never handed out)
  }
}

}  // namespace

void AnswerBlock::number(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  words_.push_back(bits);
}

void AnswerBlock::text(std::string_view s) {
  number(static_cast<double>(s.size()));
  bytes_.append(s);
}

uint64_t* new_block(size_t words, size_t bytes) {
  auto* block = static_cast<uint64_t*>(std::malloc((2 + words) * 8 + bytes));
  if (!block) throw std::bad_alloc();
  block[0] = words;
  block[1] = bytes;
  return block + 2;
}

uintptr_t AnswerBlock::release() const {
  uint64_t* out = new_block(words_.size(), bytes_.size());
  std::memcpy(out, words_.data(), words_.size() * 8);
  std::memcpy(out + words_.size(), bytes_.data(), bytes_.size());
  return reinterpret_cast<uintptr_t>(out - 2);
}

void write_problems(AnswerBlock& block, const Problems& problems) {
  block.number(static_cast<double>(problems.size()));
  for (const Problem& p : problems) {
    block.number(static_cast<double>(p.code));
    block.number(static_cast<double>(p.byte_offset));
    block.text(p.path);
    block.text(p.message);
  }
}

void write_json(AnswerBlock& block, const JsonValue& root, bool bigints) {
  // Containers still being written, each with the next of its items.
  struct Frame {
    const JsonValue* json;
    rapidjson::SizeType next;
  };
  std::vector<Frame> stack;
  const auto open = [&](const JsonValue& v) {
    if (!v.IsObject() && !v.IsArray()) return scalar(block, v, bigints);
    tag(block, v.IsObject() ? Object : Array, v.IsObject() ? v.MemberCount() : v.Size());
    stack.push_back({&v, 0});
  };
  open(root);
  while (!stack.empty()) {
    Frame& top = stack.back();
    const JsonValue& json = *top.json;
    if (top.next == (json.IsObject() ? json.MemberCount() : json.Size())) {
      stack.pop_back();
      continue;
    }
    const rapidjson::SizeType i = top.next++;
    if (json.IsObject()) {
      const JsonValue& key = (json.MemberBegin() + i)->name;
      tagged_bytes(block, String, std::string_view(key.GetString(), key.GetStringLength()));
      open((json.MemberBegin() + i)->value);  // may grow the stack: `top` is not used past here
    } else {
      open(json[i]);
    }
  }
}

}  // namespace zr::wasm
