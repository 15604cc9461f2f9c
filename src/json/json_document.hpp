// Exact JSON reading for metadata: the document tree (json_document.cpp)
// and the parser that builds it (json_parse.cpp); numbers are
// json_numbers.hpp's, JSON Pointers json_pointer.hpp's. Integers up to
// 2^64 - 1 are kept exactly; every other number keeps its source text, so
// messages can quote what was written and the writers' ledger can judge
// "10.0" or "1e3" exactly. The tokens NaN, Infinity and -Infinity (not JSON) are read as
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
#include "json_numbers.hpp"
#include "json_pointer.hpp"
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

// How parse_json stores what RapidJSON has no kind for: strings and numbers
// other than exact integers are both DOM strings, told apart by a one-byte
// tag (object keys are stored untagged). Read them through kind_of,
// string_of and number_text_of.
inline constexpr char kStringTag = 'S';
inline constexpr char kNumberTag = 'N';
inline constexpr char kRunListTag = 'L';  // followed by the list's index in run_lists
// Followed by NaN, Infinity or -Infinity, a space, and the byte of the
// input where the token begins, in decimal: messages name where it is.
inline constexpr char kNonFiniteTag = 'F';

// RunList: an array read as runs while parsing (see parse_json).
// NonFinite: the token NaN, Infinity or -Infinity (see parse_json).
enum class JsonKind { Null, Bool, Object, Array, String, Integer, OtherNumber, RunList, NonFinite };

JsonKind kind_of(const JsonValue& v);
// Preconditions: kind_of(v) is String (resp. OtherNumber or NonFinite).
std::string_view string_of(const JsonValue& v);
std::string_view number_text_of(const JsonValue& v);
// Where a NonFinite value begins in the input, in bytes. Precondition:
// kind_of(v) is NonFinite.
int64_t non_finite_offset(const JsonValue& v);
// Sets `v` to the JSON number `text` (as parse_json stores it).
void set_number(JsonValue& v, std::string_view text, JsonPool& pool);
// A JSON string value, as parse_json stores one.
JsonValue json_string(std::string_view s, JsonPool& pool);
// "the string \"4\"", "4.0", "true", "an array", ... for messages.
std::string describe_value(const JsonValue& v);



// Reports each key written twice in one object, at its JSON Pointer, found
// without recursion; with `only` non-empty, among the root's members only
// those (as parse_json keeps them).
void report_duplicate_keys(const JsonValue& root, Problems& errors, std::span<const std::string_view> only);

// Every NonFinite value in `v`, with its JSON Pointer relative to `v`,
// found without recursion.
std::vector<std::pair<std::string, const JsonValue*>> non_finite_pointers(const JsonValue& v);


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
// 2, holds 67 million runs: about 2.4 GB while read and 2.1 GB kept, within
// WebAssembly's 4 GiB, since edge lists are read straight into runs.
inline constexpr size_t kMaxDocumentBytes = size_t(128) << 20;
// The most JSON values kept in the document tree (keys and containers
// included; edges in chunk_shapes lists, and members a reader did not ask
// for, are not kept). Each costs up to about 64 bytes while parsing, so
// this bounds that at about 2 GB.
inline constexpr size_t kMaxJsonValues = size_t(1) << 25;

// The four bytes JSON allows between tokens.
inline bool json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

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


}  // namespace zr
