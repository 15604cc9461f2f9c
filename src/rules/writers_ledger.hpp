// The writers' ledger (docs/writers-ledger.md): metadata against the spec
// that known writers stored, and how it is read. Every place that reads an
// entry names its id in a "ledger:" comment; a test checks those marks
// against the doc.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "problem.hpp"

namespace zr {

enum class Quirk : uint8_t {
  ByteOrderMark,
  NonFiniteTokens,
  ConsolidatedMetadataNull,
  DimensionNamesNull,
  IntegralFloatEdge,
  TrueAsOne,
  RegularEdgeLists,
  ZeroChunkSize,
  FillValueSpelled,
  BareCodecNames,
  ZarritaEmptyCodecs,
  ZarritaNullFillValue,
};

struct LedgerEntry {
  std::string_view id;       // stable: docs/writers-ledger.md's heading
  std::string_view writers;  // who wrote it, for messages
};
const LedgerEntry& ledger_entry(Quirk quirk);

// How a ledger entry is read.
enum class Quirks : uint8_t {
  Read,     // as its writers meant, with a warning naming the entry (the default)
  Refuse,   // an error naming the entry (strict: for writers that must write conformant metadata)
  Builder,  // an error naming nothing: builder arguments, which no writer stored
  // As Read, and every warning that repair writes back is listed, past the
  // limit on problems (kMaxProblems): repair lists each change it makes
  // anyway, and fixes only what it was told of, so with the limit it read
  // the document once for every 1000 changes (src/tools/repair.cpp).
  Repair,
};

// Whether ledger entries are read as meant (with a warning).
inline bool reads_as_meant(Quirks mode) { return mode == Quirks::Read || mode == Quirks::Repair; }

// One ledger entry met at `path`. `found` is what was found ("null", "4.0,
// a float"), `read_as` what it reads as, `expected` what the spec wants.
// With Quirks::Read it adds a warning and returns true: read it as meant;
// the warning carries the entry's id and `fix`, how repair writes it back.
// Otherwise it adds an error (`strict_code`: what the value is refused
// for) and returns false.
struct QuirkSite {
  Quirk quirk;
  std::string path;
  std::string found;
  std::string read_as;
  std::string expected;
  ProblemCode strict_code;
  ProblemCode warning_code = ProblemCode::Nonconformant;
  int64_t byte_offset = -1;  // the error's, when `strict_code` is Syntax (Problem::byte_offset)
};
bool note_quirk(Quirks mode, QuirkSite site, Problems& errors, Problems& warnings, Fix fix);

}  // namespace zr
