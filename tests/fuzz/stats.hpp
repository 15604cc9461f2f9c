// Statistics of a fuzz run, printed every 10^6 inputs and at exit. Under
// run.sh --ci they are the same on every run, so they also show whether a
// change to the harness changed what the run fed it.
#pragma once

#include <cstdint>
#include <cstdio>

namespace zr_fuzz {

struct Stats {
  std::uint64_t inputs = 0, parsed = 0, accepted = 0, valid_docs = 0, lenient = 0, expanded = 0, huge = 0;
};
inline Stats stats;

inline void print_stats() {
  if (stats.inputs == 0) return;
  const auto pct = [](std::uint64_t a, std::uint64_t b) { return b ? 100.0 * double(a) / double(b) : 0.0; };
  std::fprintf(stderr,
               "zr-fuzz stats: inputs=%llu parsed_json=%llu (%.1f%%) grid_accepted=%llu (%.1f%%) "
               "document_valid=%llu (%.1f%%) lenient_inputs=%llu expanded_checks=%llu beyond_1e5_edges=%llu\n",
               (unsigned long long)stats.inputs, (unsigned long long)stats.parsed, pct(stats.parsed, stats.inputs),
               (unsigned long long)stats.accepted, pct(stats.accepted, stats.inputs),
               (unsigned long long)stats.valid_docs, pct(stats.valid_docs, stats.inputs),
               (unsigned long long)stats.lenient, (unsigned long long)stats.expanded,
               (unsigned long long)stats.huge);
}

}  // namespace zr_fuzz
