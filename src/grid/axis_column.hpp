// One axis's share of a batch lookup: its column of indices (every
// stride-th value of a row-major batch), answered a tile at a time, with
// the axis's tables in locals and the chunk of the previous index kept.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#include "axis.hpp"

namespace zr {

// An index element as given by a caller: an exact uint64, or a double that
// must be a non-negative integer.
inline bool to_index(uint64_t v, uint64_t& out) {
  out = v;
  return true;
}
// A double above 2^53 - 1 may already be rounded, so it is not an exact index.
inline constexpr double kMaxExactDouble = 9007199254740991.0;
// Conversions go through int64, which is exact here (values stay below
// 2^53): WebAssembly on x86 converts signed integers in one instruction,
// unsigned ones in several.
inline bool to_index(double v, uint64_t& out) {
  if (!(v >= 0 && v <= kMaxExactDouble) || std::floor(v) != v) return false;
  out = static_cast<uint64_t>(static_cast<int64_t>(v));
  return true;
}

// A lookup result (at most its index) in the caller's type.
template <class Out, class In>
Out as_result(uint64_t v) {
  if constexpr (std::is_same_v<In, double>) return static_cast<Out>(static_cast<int64_t>(v));
  else return static_cast<Out>(v);
}

// The chunk of the previous index is kept as the elements [origin, origin +
// span) it holds inside the axis: sorted or locally coherent indices (rows
// of a region, a scan) mostly fall in it and are answered by a subtraction,
// two at a time. Random indices would pay for that test and gain nothing,
// so a column tests it only while it pays: after a tile where at least a
// quarter of the indices fell in their predecessor's chunk. A tile that
// does not test still counts how many did, to switch back.
template <class Out, class In>
class AxisColumn {
  // Doubles in and out stay doubles in the kept chunk: a subtraction of
  // integers below 2^53, exact, with no conversion either way.
  static constexpr bool kDoubles = std::is_same_v<In, double> && std::is_same_v<Out, double>;

 public:
  explicit AxisColumn(const Axis& axis) : axis_(axis.lookup()), length_(axis.length()) {
    if constexpr (kDoubles) {
      // Every index below 2^53 and the axis length is exact as a double.
      limit_ = static_cast<double>(static_cast<int64_t>(std::min<uint64_t>(length_, uint64_t(1) << 53)));
      const uint64_t size = axis_.step != 0 ? axis_.step : axis_.run_count == 1 ? axis.runs()[0].size : 0;
      if (size != 0 && size < (uint64_t(1) << 53)) size_ = static_cast<double>(static_cast<int64_t>(size));
    }
  }

  // Locates values[0], values[stride], ... (`count` of them) into the same
  // places of `chunks` and `offsets`. Returns `count`, or the position of
  // the first value that is not an index inside the axis.
  size_t locate(const In* values, size_t stride, size_t count, Out* chunks, Out* offsets) {
    size_t repeats = 0, done;
    if constexpr (kDoubles) {
      // A table or a regular axis answers doubles with no search; a value
      // to refuse sends the tile through the general loop, which names it.
      if (axis_.chunk_starts && (axis_.table_shift == 0 ? locate_direct(values, stride, count, chunks, offsets)
                                                         : locate_table(values, stride, count, chunks, offsets))) {
        return count;
      }
      if (size_ != 0 && locate_regular(values, stride, count, chunks, offsets)) return count;
      done = testing_ ? locate_testing(values, stride, count, chunks, offsets, repeats)
                      : locate_searching(values, stride, count, chunks, offsets, repeats);
    } else {
      // Bigint input is rare: one loop for it, for less code.
      done = locate_testing(values, stride, count, chunks, offsets, repeats);
    }
    testing_ = 4 * repeats >= done;
    return done;
  }

 private:
  // Each loop works on a copy of the column, so that its fields stay in
  // registers: stores to the outputs cannot touch the copy. Each is a
  // function of its own (about 4% faster on random input), so that neither
  // loop's code crowds the other's registers.
  [[gnu::noinline]] size_t locate_testing(const In* values, size_t stride, size_t count, Out* chunks, Out* offsets, size_t& repeats) {
    AxisColumn c = *this;
    size_t i = 0, misses = 0;
    for (size_t k = 0; i < count; ++i, k += stride) {
      // Two at a time, with one branch: the loop is short of instructions
      // per index, not of memory.
      Out first, second;
      if (i + 1 < count && (int(c.kept(values[k], first)) & int(c.kept(values[k + stride], second)))) {
        chunks[k] = chunks[k + stride] = c.chunk_;
        offsets[k] = first;
        offsets[k + stride] = second;
        ++i;
        k += stride;
        continue;
      }
      if (c.kept(values[k], first)) {
        chunks[k] = c.chunk_;
        offsets[k] = first;
        continue;
      }
      ++misses;
      uint64_t index;
      Located at;
      if (!c.search(values[k], index, at)) break;
      c.keep(index, at);
      chunks[k] = c.chunk_;
      offsets[k] = as_result<Out, In>(at.offset);
    }
    repeats = i - misses;
    *this = c;
    return i;
  }

  [[gnu::noinline]] size_t locate_searching(const In* values, size_t stride, size_t count, Out* chunks, Out* offsets, size_t& repeats) {
    const AxisColumn c = *this;
    Out last = chunk_;
    size_t i = 0;
    for (size_t k = 0; i < count; ++i, k += stride) {
      uint64_t index;
      Located at;
      if (!c.search(values[k], index, at)) break;
      const Out chunk = as_result<Out, In>(at.chunk);
      repeats += chunk == last;
      last = chunk;
      chunks[k] = chunk;
      offsets[k] = as_result<Out, In>(at.offset);
    }
    // The last chunk's extent was not kept: none is known.
    chunk_ = last;
    origin_ = span_ = 0;
    low_ = high_ = 0;
    return i;
  }

  // Whether x is an index inside the axis; then `index` is x, else 0 (a
  // valid index, so that the lookup that follows needs no branch).
  [[gnu::always_inline]] bool is_index(double x, double& index) const {
    const bool ok = (x >= 0) & (x < limit_) & (std::floor(x) == x);  // NaN fails
    index = ok ? x : 0.0;
    return ok;
  }

  // The branch-free loops of a table axis and of a regular one (a step,
  // or a single run). False when some value was not an index.
  [[gnu::noinline]] bool locate_table(const double* values, size_t stride, size_t count, double* chunks, double* offsets) const {
    const AxisLookup a = axis_;
    return each_index(values, stride, count, chunks, offsets, [&](double x, double& chunk, double& offset) {
      const size_t c = a.table_chunk(x);
      chunk = static_cast<double>(static_cast<uint32_t>(c));
      offset = (x - a.chunk_starts[c]) + 0.0;  // an index of -0 is an offset of +0
    });
  }

  // values[0], values[stride], ... one at a time: `answer(x, chunk, offset)`
  // answers an index x (0 for a value to refuse).
  template <class Answer>
  [[gnu::always_inline]] bool each_index(const double* values, size_t stride, size_t count, double* chunks, double* offsets,
                                         Answer answer) const {
    bool good = true;
    for (size_t i = 0, k = 0; i < count; ++i, k += stride) {
      double x;
      good &= is_index(values[k], x);
      answer(x, chunks[k], offsets[k]);
    }
    return good;
  }

  // The same with a bucket per element: its entry is the chunk. With
  // WebAssembly SIMD (which the module needs anyway: -msimd128), two
  // values at a time, the tables read per lane (docs/benchmarks.md).
  [[gnu::noinline]] bool locate_direct(const double* values, size_t stride, size_t count, double* chunks, double* offsets) const {
    const AxisLookup a = axis_;
#ifdef __wasm_simd128__
    v128_t all = wasm_i64x2_splat(-1);
    for (size_t i = 0, k = 0; i < count; i += 2, k += 2 * stride) {
      // A last value alone takes both lanes (a step of 0).
      const size_t step = i + 1 < count ? stride : 0;
      v128_t x;
      all = wasm_v128_and(all, is_index2(values, k, step, x));
      // Integers between 0 and 2^32 as doubles and back by adding 2^52: the
      // low word of x + 2^52 is x. V8 converts a lane in one instruction
      // this way, in several by the conversion instructions (-20%).
      const v128_t magic = wasm_f64x2_splat(0x1p52);
      const v128_t at = wasm_f64x2_add(x, magic);
      const uint32_t c0 = a.chunk_buckets[static_cast<uint32_t>(wasm_i64x2_extract_lane(at, 0))];
      const uint32_t c1 = a.chunk_buckets[static_cast<uint32_t>(wasm_i64x2_extract_lane(at, 1))];
      const v128_t start = wasm_v128_load64_lane(a.chunk_starts + c1, wasm_v128_load64_zero(a.chunk_starts + c0), 1);
      store2(chunks, k, step, wasm_f64x2_sub(wasm_v128_or(wasm_i64x2_make(c0, c1), magic), magic));
      store2(offsets, k, step, wasm_f64x2_add(wasm_f64x2_sub(x, start), wasm_f64x2_splat(0)));
    }
    return wasm_i64x2_all_true(all);
#else
    return each_index(values, stride, count, chunks, offsets, [&](double x, double& chunk, double& offset) {
      const uint32_t c = a.chunk_buckets[static_cast<uint32_t>(static_cast<int32_t>(x))];
      chunk = static_cast<double>(c);
      offset = (x - a.chunk_starts[c]) + 0.0;
    });
#endif
  }

#ifdef __wasm_simd128__
  // is_index for values[k] and values[k + stride]: their lanes of `index`
  // are the values or 0, the result's lanes all ones or all zeros.
  [[gnu::always_inline]] v128_t is_index2(const double* values, size_t k, size_t stride, v128_t& index) const {
    const v128_t x = wasm_v128_load64_lane(values + k + stride, wasm_v128_load64_zero(values + k), 1);
    const v128_t ok = wasm_v128_and(wasm_v128_and(wasm_f64x2_ge(x, wasm_f64x2_splat(0)), wasm_f64x2_lt(x, wasm_f64x2_splat(limit_))),
                                    wasm_f64x2_eq(wasm_f64x2_floor(x), x));
    index = wasm_v128_and(x, ok);
    return ok;
  }
  [[gnu::always_inline]] static void store2(double* out, size_t k, size_t stride, v128_t pair) {
    wasm_v128_store64_lane(out + k, pair, 0);
    wasm_v128_store64_lane(out + k + stride, pair, 1);
  }
#endif

  // floor(x / size) is exact for integers x < 2^53: a quotient that is not
  // an integer lies at least 1 / size below the next one, farther than its
  // rounding error, x / size * 2^-53.
  [[gnu::noinline]] bool locate_regular(const double* values, size_t stride, size_t count, double* chunks, double* offsets) const {
    const double size = size_;
#ifdef __wasm_simd128__
    v128_t all = wasm_i64x2_splat(-1);
    const v128_t sizes = wasm_f64x2_splat(size);
    for (size_t i = 0, k = 0; i < count; i += 2, k += 2 * stride) {
      const size_t step = i + 1 < count ? stride : 0;
      v128_t x;
      all = wasm_v128_and(all, is_index2(values, k, step, x));
      const v128_t c = wasm_f64x2_floor(wasm_f64x2_div(x, sizes));
      store2(chunks, k, step, wasm_f64x2_add(c, wasm_f64x2_splat(0)));
      store2(offsets, k, step, wasm_f64x2_sub(x, wasm_f64x2_mul(c, sizes)));
    }
    return wasm_i64x2_all_true(all);
#else
    return each_index(values, stride, count, chunks, offsets, [&](double x, double& chunk, double& offset) {
      const double c = std::floor(x / size);
      chunk = c + 0.0;
      offset = x - c * size;
    });
#endif
  }

  // Whether `value` lies in the kept chunk, with no branch; `offset` is its
  // offset there when it does.
  [[gnu::always_inline]] bool kept(In value, Out& offset) const {
    if constexpr (kDoubles) {
      // [low_, high_) lies within [0, 2^53], so an integer in it is an
      // exact index; NaN fails the compares. Adding 0 makes an index of -0
      // an offset of +0, as a search gives.
      offset = (value - low_) + 0.0;
      return (value >= low_) & (value < high_) & (std::floor(value) == value);
    } else {
      uint64_t index = 0;
      const bool exact = to_index(value, index);
      const uint64_t within = index - origin_;
      offset = as_result<Out, In>(within);
      return exact & (within < span_);
    }
  }

  // False when `value` is not an index inside the axis.
  [[gnu::always_inline]] bool search(In value, uint64_t& index, Located& at) const {
    if (!to_index(value, index) || index >= length_) return false;
    at = axis_.locate(index);
    return true;
  }

  [[gnu::always_inline]] void keep(uint64_t index, const Located& at) {
    origin_ = index - at.offset;
    span_ = std::min(at.size, length_ - origin_);
    if constexpr (kDoubles) {
      low_ = static_cast<double>(static_cast<int64_t>(origin_));
      high_ = static_cast<double>(static_cast<int64_t>(std::min<uint64_t>(origin_ + span_, uint64_t(1) << 53)));
    }
    chunk_ = as_result<Out, In>(at.chunk);
  }

  AxisLookup axis_;
  uint64_t length_;
  uint64_t origin_ = 0, span_ = 0;  // the kept chunk's extent; empty at first
  double low_ = 0, high_ = 0;       // the same, as doubles (kDoubles)
  double limit_ = 0;                // min(length, 2^53), for kDoubles
  double size_ = 0;                 // a regular axis's chunk size, else 0 (kDoubles)
  Out chunk_ = 0;
  bool testing_ = true;
};

}  // namespace zr
