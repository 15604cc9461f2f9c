#include "results.hpp"

#include <algorithm>

#include "arguments.hpp"

namespace zr::wasm {

bool Columns::copy(uintptr_t out, bool as_double) const {
  uint64_t* o64 = at<uint64_t>(out);
  double* of = at<double>(out);
  for (const auto& c : columns_) {
    if (!as_double) {
      o64 = std::copy(c.begin(), c.end(), o64);
      continue;
    }
    for (uint64_t v : c) {
      if (static_cast<double>(v) > kMaxSafe) return false;
      *of++ = static_cast<double>(v);
    }
  }
  return true;
}

}  // namespace zr::wasm
