// A problem found in a document or an argument: where (a JSON Pointer) and
// what was found against what was expected.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zr {

// What kind of problem, for callers to switch on without reading messages:
// each kind's C++ name and its JS name (docs/wasm-boundary.md), listed once
// here for the enum below and the table of names, which both modules
// export (zr_problem_code_names).
#define ZR_PROBLEM_CODES(X)                                                                                          \
  /* a value the rules refuse, of no more specific kind */                                                           \
  X(Invalid, "INVALID")                                                                                              \
  /* not JSON */                                                                                                     \
  X(Syntax, "SYNTAX")                                                                                                \
  /* not UTF-8, or a byte-order mark in strict mode */                                                               \
  X(Encoding, "ENCODING")                                                                                            \
  /* a key that appears twice in one object */                                                                       \
  X(DuplicateKey, "DUPLICATE_KEY")                                                                                   \
  /* a document or a list past a documented limit */                                                                 \
  X(TooLarge, "TOO_LARGE")                                                                                           \
  /* the last entry of a full report */                                                                              \
  X(TooManyProblems, "TOO_MANY_PROBLEMS")                                                                            \
  /* a required member is absent */                                                                                  \
  X(Missing, "MISSING")                                                                                              \
  /* a JSON type, or an array length, other than the one expected */                                                 \
  X(WrongType, "WRONG_TYPE")                                                                                         \
  /* a number that is not an exact non-negative integer */                                                           \
  X(NotInteger, "NOT_INTEGER")                                                                                       \
  /* 0 where a positive integer is expected */                                                                       \
  X(NotPositive, "NOT_POSITIVE")                                                                                     \
  /* [] where at least one edge is expected */                                                                       \
  X(EmptyList, "EMPTY_LIST")                                                                                         \
  /* one entry per axis expected, and a different count found */                                                     \
  X(AxisCount, "AXIS_COUNT")                                                                                         \
  /* a sum or product past 2^64 - 1 */                                                                               \
  X(Overflow, "OVERFLOW")                                                                                            \
  /* edges that do not reach the axis length */                                                                      \
  X(SumBelowLength, "SUM_BELOW_LENGTH")                                                                              \
  /* a name (of a grid, a kind) that is not supported */                                                             \
  X(UnknownName, "UNKNOWN_NAME")                                                                                     \
  /* warning: an integral float read as an integer (writers' ledger) */                                              \
  X(IntegralFloat, "INTEGRAL_FLOAT")                                                                                 \
  /* warning: edge lists in a "regular" grid (writers' ledger) */                                                    \
  X(RegularEdgeLists, "REGULAR_EDGE_LISTS")                                                                          \
  /* warning: a byte-order mark (writers' ledger) */                                                                 \
  X(ByteOrderMark, "BYTE_ORDER_MARK")                                                                                \
  /* warning: a data type, codec or other extension this library does not know */                                    \
  X(UnknownExtension, "UNKNOWN_EXTENSION")                                                                           \
  /* a member that is not part of the document, and not marked "must_understand": false */                           \
  X(UnknownKey, "UNKNOWN_KEY")                                                                                       \
  /* codecs out of the order array-to-array, one array-to-bytes, bytes-to-bytes */                                   \
  X(CodecOrder, "CODEC_ORDER")                                                                                       \
  /* an integer outside the range its data type or setting allows */                                                 \
  X(OutOfRange, "OUT_OF_RANGE")                                                                                      \
  /* warning: metadata a known writer stored against the spec, read as meant (docs/writers-ledger.md) */             \
  X(Nonconformant, "NONCONFORMANT")

enum class ProblemCode : uint8_t {
#define ZR_PROBLEM_CODE_ENUM(name, js_name) name,
  ZR_PROBLEM_CODES(ZR_PROBLEM_CODE_ENUM)
#undef ZR_PROBLEM_CODE_ENUM
};

// Each kind with its JS name, in the enum's order.
struct ProblemCodeName {
  ProblemCode code;
  const char* js_name;
};
inline constexpr ProblemCodeName kProblemCodeNames[] = {
#define ZR_PROBLEM_CODE_NAME(name, js_name) {ProblemCode::name, js_name},
    ZR_PROBLEM_CODES(ZR_PROBLEM_CODE_NAME)
#undef ZR_PROBLEM_CODE_NAME
};

// How a writers' ledger entry is written back conformantly
// (docs/writers-ledger.md, "Written back"), for repair (src/tools/repair.hpp).
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
  // For Syntax and Encoding: the byte of the input where reading failed
  // (for a token JSON does not have, where the token begins).
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
// With `every_fix`, a writers' ledger warning that repair writes back is
// added past that limit (Quirks::Repair, writers_ledger.hpp).
inline void report(Problems& problems, Problem problem, bool every_fix = false) {
  if (every_fix && problem.fix.kind != Fix::Kind::None && problem.fix.kind != Fix::Kind::Unfixable) {
    problems.push_back(std::move(problem));
  } else if (problems.size() < kMaxProblems) {
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
