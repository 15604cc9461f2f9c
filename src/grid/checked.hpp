// Checked uint64 arithmetic. Every array quantity in the core goes through
// these helpers, so an overflow is reported instead of silently wrapping.
#pragma once
#include <cstdint>
#include <optional>

namespace zr {

inline std::optional<uint64_t> checked_add(uint64_t a, uint64_t b) {
  uint64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

inline std::optional<uint64_t> checked_mul(uint64_t a, uint64_t b) {
  uint64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

// ceil(a / b) for b > 0, without computing a + b - 1 (which can overflow).
inline uint64_t ceil_div(uint64_t a, uint64_t b) { return a / b + (a % b != 0); }

}  // namespace zr
