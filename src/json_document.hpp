// Exact JSON reading for metadata. Integers up to 2^64 - 1 are kept
// exactly; every other number keeps its source text, so messages can quote
// what was written and the writers' ledger can judge "10.0" or "1e3"
// exactly. The tokens NaN, Infinity and -Infinity (not JSON) are read as
// values of their own kind (docs/writers-ledger.md, non-finite-tokens).
#pragma once
#include <cstdint>
#include <cstdlib>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/reader.h>

#include "axis.hpp"
#include "expected.hpp"
#include "problem.hpp"
#include "writers_ledger.hpp"

namespace zr {

// RapidJSON's CrtAllocator hands on a null from malloc, and RapidJSON
// writes through it. This one throws std::bad_alloc, as operator new does,
// so that running out of memory while parsing unwinds like any other
// allocation failure (docs/memory.md).
struct ThrowingAllocator {
  static const bool kNeedFree = true;
  void* Malloc(size_t size) {
    if (size == 0) return nullptr;
    void* p = std::malloc(size);
    if (!p) throw std::bad_alloc();
    return p;
  }
  void* Realloc(void* original, size_t, size_t size) {
    if (size == 0) {
      std::free(original);
      return nullptr;
    }
    void* p = std::realloc(original, size);  // on failure `original` is still held, and freed by its owner
    if (!p) throw std::bad_alloc();
    return p;
  }
  static void Free(void* p) { std::free(p); }
};

using JsonPool = rapidjson::MemoryPoolAllocator<ThrowingAllocator>;
using JsonDocument = rapidjson::GenericDocument<rapidjson::UTF8<>, JsonPool, ThrowingAllocator>;
using JsonValue = rapidjson::GenericValue<rapidjson::UTF8<>, JsonPool>;
using JsonReader = rapidjson::GenericReader<rapidjson::UTF8<>, rapidjson::UTF8<>, ThrowingAllocator>;

// RunList: an array read as runs while parsing (see parse_json).
// NonFinite: the token NaN, Infinity or -Infinity (see parse_json).
enum class JsonKind { Null, Bool, Object, Array, String, Integer, OtherNumber, RunList, NonFinite };

JsonKind kind_of(const JsonValue& v);
// Preconditions: kind_of(v) is String (resp. OtherNumber or NonFinite).
std::string_view string_of(const JsonValue& v);
std::string_view number_text_of(const JsonValue& v);
// Sets `v` to the JSON number `text` (as parse_json stores it).
void set_number(JsonValue& v, std::string_view text, JsonPool& pool);
// A JSON string value, as parse_json stores one.
JsonValue json_string(std::string_view s, JsonPool& pool);
// "the string \"4\"", "4.0", "true", "an array", ... for messages.
std::string describe_value(const JsonValue& v);

// What an OtherNumber text such as "10.0", "1e3" or "-2" denotes exactly.
struct ExactNumber {
  enum class Kind { Integer, TooLarge, Fraction, Negative } kind;
  uint64_t value = 0;  // for Integer
};
ExactNumber exact_number(std::string_view number_text);
// Whether |number_text| >= |bound_text| (both JSON numbers), exactly, however
// many digits either has: compared as decimals, never rounded to a double.
bool magnitude_at_least(std::string_view number_text, std::string_view bound_text);
// Decimal digits alone as a uint64; nullopt for anything else or past 2^64 - 1.
std::optional<uint64_t> plain_uint64(std::string_view digits);
// The integer a JSON number text denotes ("-2.0" and "4e1" included), as
// an integer literal ("-2", "40"); nullopt for a fraction, or a magnitude
// past 2^64 - 1.
std::optional<std::string> integral_text(std::string_view number_text);
// Whether `text` follows JSON's number grammar.
bool is_json_number(std::string_view text);

// Whether the JSON Pointer `path` is `base` or points inside it.
inline bool pointer_within(std::string_view path, std::string_view base) {
  return path.substr(0, base.size()) == base && (path.size() == base.size() || path[base.size()] == '/');
}

// Every NonFinite value in `v`, with its JSON Pointer relative to `v`,
// found without recursion.
std::vector<std::pair<std::string, const JsonValue*>> non_finite_pointers(const JsonValue& v);

// The decoded reference tokens of a JSON Pointer (RFC 6901), appended to
// `out`; false when it is not one.
bool pointer_tokens(std::string_view pointer, std::vector<std::string>& out);

// Finds the member `key` in an object; nullptr if absent.
const JsonValue* member(const JsonValue& object, std::string_view key);

struct ParsedJson {
  JsonDocument document;
  bool ok = false;
  Problems errors;    // syntax, encoding, byte-order mark, duplicate keys
  Problems warnings;  // a byte-order mark, read (writers' ledger)
  size_t non_finite = 0;  // NonFinite values kept in the document
  std::vector<std::vector<Run>> run_lists;  // what RunList values hold

  // The runs of a RunList value (a plain edge is a run of count 1), or
  // nullptr for any other value.
  std::vector<Run>* runs_of(const JsonValue& v);
};

// The largest document read. The densest valid one, 128 MiB of edges 1 and
// 2, holds 67 million runs: about 2.5 GB once read, within WebAssembly's
// 4 GiB, since edge lists are read straight into runs.
inline constexpr size_t kMaxDocumentBytes = size_t(128) << 20;
// The most JSON values kept in the document tree (keys and containers
// included; edges in chunk_shapes lists, and members a reader did not ask
// for, are not kept). Each costs up to about 64 bytes while parsing, so
// this bounds that at about 2 GB.
inline constexpr size_t kMaxJsonValues = size_t(1) << 25;

// Parses UTF-8 bytes with an iterative parser: no nesting depth can
// overflow the stack. Duplicate keys anywhere are reported at their pointer.
// With `only` non-empty, only those top-level members are kept (any other
// stands as null) and looked at for duplicate keys: a reader that needs a
// few members is not held up, failed or filled by the rest of the document.
//
// `run_lists.keys` names, by its keys from the root, an array of edge lists
// (such as chunk_shapes). Each of its items that is a non-empty list of
// positive integers (and, with `run_lists.runs`, [positive integer,
// positive integer] runs) is read straight into run_lists and stands in the
// document as a RunList value: ten million edges never become DOM values,
// nor count towards kMaxJsonValues. Any other item stays as it was written,
// for messages to quote.
struct RunListPath {
  std::span<const std::string_view> keys;
  bool runs = true;
};
// A byte-order mark is read by the writers' ledger's rule (`quirks`).
void parse_json(std::string_view bytes, Quirks quirks, ParsedJson& out,
                std::span<const std::string_view> only = {}, RunListPath run_lists = {});

// The byte range [begin, end) of the value of a top-level member `key` in
// JSON text, so that it can be replaced without touching any other byte.
// nullopt when the text does not parse or has no such member; the first
// place when the key is written twice.
struct ByteSpan {
  size_t begin, end;
};
std::optional<ByteSpan> top_level_member_span(std::string_view bytes, std::string_view key);

// Where one value lies in JSON text, in bytes: [begin, end) is the value as
// written; key_begin is the opening quote of its key, for an object member
// (none for an array element or the root).
struct ValueSpan {
  std::optional<size_t> key_begin;
  size_t begin, end;
  bool operator==(const ValueSpan&) const = default;
};
struct PointerPlaces {
  // One list per pointer asked for, in text order: a key written twice
  // gives two places, and so does every pointer inside it.
  std::vector<std::vector<ValueSpan>> places;
  bool complete = false;  // the whole text is one JSON value
};
// Every place of each JSON Pointer (RFC 6901) in UTF-8 JSON text, read in
// one SAX pass that keeps no DOM: O(text + pointers + places) time, memory
// for the nesting depth, the pointers and the places. A pointer matches
// the decoded keys ("/a~1b" is the key "a/b", however the text escapes it);
// an array index is written in decimal without leading zeros. At a syntax
// or encoding error (a byte-order mark is one) reading stops: the values
// that ended before it are kept, the containers still open are not. (Text
// with a number beyond a double's range is read a second time, with such
// numbers blanked out, as parse_json does.) The
// error is the index of the first pointer that is not a JSON Pointer
// (neither "" nor starting with "/", or a "~" not followed by 0 or 1).
Expected<PointerPlaces, size_t> locate_pointers(std::string_view bytes, std::span<const std::string_view> pointers);

}  // namespace zr
