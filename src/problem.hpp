// A problem found in a document or an argument: where (a JSON Pointer) and
// what was found against what was expected.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zr {

// What kind of problem, for callers to switch on without reading messages.
// The JS names (docs/wasm-boundary.md) are these in upper snake case.
enum class ProblemCode : uint8_t {
  Invalid,           // a value the rules refuse, of no more specific kind
  Syntax,            // not JSON
  Encoding,          // not UTF-8, or a byte-order mark in strict mode
  DuplicateKey,      // a key that appears twice in one object
  TooLarge,          // a document or a list past a documented limit
  TooManyProblems,   // the last entry of a full report
  Missing,           // a required member is absent
  WrongType,         // a JSON type, or an array length, other than the one expected
  NotInteger,        // a number that is not an exact non-negative integer
  NotPositive,       // 0 where a positive integer is expected
  EmptyList,         // [] where at least one edge is expected
  AxisCount,         // one entry per axis expected, and a different count found
  Overflow,          // a sum or product past 2^64 - 1
  SumBelowLength,    // edges that do not reach the axis length
  UnknownName,       // a name (of a grid, a kind) that is not supported
  IntegralFloat,     // warning: an integral float read as an integer (writers' ledger)
  RegularEdgeLists,  // warning: edge lists in a "regular" grid (writers' ledger)
  ByteOrderMark,     // warning: a byte-order mark (writers' ledger)
  UnknownExtension,  // warning: a data type, codec or other extension this library does not know
  UnknownKey,        // a member that is not part of the document, and not marked "must_understand": false
  CodecOrder,        // codecs out of the order array-to-array, one array-to-bytes, bytes-to-bytes
  OutOfRange,        // an integer outside the range its data type or setting allows
  Nonconformant,     // warning: metadata a known writer stored against the spec, read as meant (docs/writers-ledger.md)
};

// How a writers' ledger entry is written back conformantly
// (docs/writers-ledger.md, "Written back"), for repair (src/repair.hpp).
struct Fix {
  enum class Kind : uint8_t {
    None,          // no ledger entry
    Value,         // `text` replaces the value
    WrapName,      // a bare name becomes {"name": <the name as written>}
    RemoveMember,  // the member goes, with its comma
    Rectilinear,   // a "regular" grid of edge lists is named "rectilinear" (the warning is at its chunk_shape)
    RemoveBom,     // the byte-order mark goes
    Unfixable,     // left as it is; `text` says why
  };
  Kind kind = Kind::None;
  std::string text = {};
};

struct Problem {
  std::string path;
  std::string message;
  ProblemCode code = ProblemCode::Invalid;
  // For Syntax and Encoding: the byte of the input where reading failed.
  int64_t byte_offset = -1;
  // For a writers' ledger warning, the entry's id and its fix.
  std::string_view entry = {};
  Fix fix = {};
};

using Problems = std::vector<Problem>;

// At most this many problems are listed, so that a report stays in
// proportion to its input: nested duplicate keys, say, have pointers that
// grow with their depth.
inline constexpr size_t kMaxProblems = 1000;

inline bool problems_full(const Problems& problems) { return problems.size() > kMaxProblems; }

// Adds a problem; past kMaxProblems, one last entry says that more were found.
inline void report(Problems& problems, Problem problem) {
  if (problems.size() < kMaxProblems) {
    problems.push_back(std::move(problem));
  } else if (problems.size() == kMaxProblems) {
    problems.push_back({"", "found more problems; only the first " + std::to_string(kMaxProblems) + " are listed",
                        ProblemCode::TooManyProblems});
  }
}

// Appends one reference token to a JSON Pointer in place, escaping per RFC 6901.
inline void pointer_push(std::string& path, std::string_view token) {
  path += '/';
  for (char c : token) {
    if (c == '~') path += "~0";
    else if (c == '/') path += "~1";
    else path += c;
  }
}

inline std::string pointer_append(std::string_view base, std::string_view token) {
  std::string out(base);
  pointer_push(out, token);
  return out;
}

inline std::string pointer_append(std::string_view base, uint64_t index) {
  return pointer_append(base, std::to_string(index));
}

}  // namespace zr
