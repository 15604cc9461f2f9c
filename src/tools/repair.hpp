// Repair: each writers' ledger entry of a zarr.json written back as
// conformant metadata (docs/writers-ledger.md, "Written back"), in place:
// every byte outside the changed places stays as it was. What replaces an
// entry is decided where the entry is read (the warning's Fix); this splices
// it in at the places locate_pointers finds.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "problem.hpp"

namespace zr {

struct RepairChange {
  std::string pointer;   // "" for the byte-order mark
  std::string old_text;  // as written (a removed member: its key and value)
  std::string new_text;  // "" when removed
  std::string entry;     // the ledger id
};

// A ledger entry left as it is, and why.
struct Unrepaired {
  std::string pointer;
  std::string entry;
  std::string reason;
};

struct Repair {
  std::string text;  // the repaired text (the input when nothing changed)
  std::vector<RepairChange> changes;  // in the order made, each at a place of the text as it then was
  std::vector<Unrepaired> unrepaired;
  Problems errors;  // why the text could not be read at all (then nothing changes)
};

Repair repair_metadata(std::string_view text);

}  // namespace zr
