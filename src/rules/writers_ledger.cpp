#include "writers_ledger.hpp"

namespace zr {

const LedgerEntry& ledger_entry(Quirk quirk) {
  // In the order of enum Quirk; the sources are in docs/writers-ledger.md.
  static constexpr LedgerEntry kEntries[] = {
      {"byte-order-mark", "Windows PowerShell 5.1 and other Windows tools that save UTF-8 with a BOM"},
      {"non-finite-tokens", "zarr-python 2, 3.0.0 to 3.0.6 and 3.1.1 and later, in attributes"},
      {"consolidated-metadata-null", "zarr-python 3.0.0 to 3.1.3, in every group"},
      {"dimension-names-null", "zarr-python 3.0 development releases"},
      {"integral-float-edge", "zarr-python 3.2"},
      {"true-as-one", "zarr-python 3.0 and 3.2"},
      {"regular-edge-lists", "zarr-python 3.2.0 and 3.2.1, for chunks=(2, (5, 10, 5))"},
      {"zero-chunk-size", "zarr-python 3.0 and 3.1, for a zero-length axis"},
      {"fill-value-spelled", "other software, found in public data (zarr-python's ledger)"},
      {"bare-codec-names", "zarrs 0.11.2 and 0.11.3"},
      {"zarrita-empty-codecs", "zarrita.js 0.7.5's create, by default"},
      {"zarrita-null-fill-value", "zarrita.js 0.7.5's create, by default"},
  };
  return kEntries[static_cast<size_t>(quirk)];
}

bool note_quirk(Quirks mode, QuirkSite site, Problems& errors, Problems& warnings, Fix fix) {
  const LedgerEntry& entry = ledger_entry(site.quirk);
  const std::string named = std::string(entry.id) + ", written by " + std::string(entry.writers);
  switch (mode) {
    case Quirks::Read:
    case Quirks::Repair:
      report(warnings,
             {std::move(site.path), "found " + site.found + "; read as " + site.read_as + " (writers' ledger: " + named + ")",
              site.warning_code, -1, entry.id, std::move(fix)},
             mode == Quirks::Repair);
      return true;
    case Quirks::Refuse:
      report(errors, {std::move(site.path),
                      "found " + site.found + "; expected " + site.expected + " (strict; writers' ledger: " + named + ")",
                      site.strict_code, site.byte_offset});
      return false;
    case Quirks::Builder:
      report(errors, {std::move(site.path), "found " + site.found + "; expected " + site.expected, site.strict_code});
      return false;
  }
  return false;
}

}  // namespace zr
