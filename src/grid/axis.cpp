#include "axis.hpp"

#include <algorithm>

#include "checked.hpp"

namespace zr {

std::string describe(const AxisFault& f, uint64_t length) {
  using K = AxisFault::Kind;
  switch (f.kind) {
    case K::ZeroStep: return "found 0; expected a positive integer step";
    case K::StepOverflow:
      return "found a step whose chunks reach past 2^64 - 1 on an axis of length " +
             std::to_string(length) + "; expected ceil(length / step) * step to fit in uint64";
    case K::EmptyList: return "found []; expected at least one edge length";
    case K::ZeroSize: return "found 0; expected a positive integer edge length";
    case K::ZeroCount: return "found a run count of 0; expected a positive integer";
    case K::RunOverflow: return "found a run whose total length exceeds 2^64 - 1; expected size * count to fit in uint64";
    case K::SumOverflow: return "found edges whose sum exceeds 2^64 - 1; expected a sum that fits in uint64";
    case K::SumBelowLength:
      return "found edges that sum to " + std::to_string(f.sum) + "; expected at least the axis length " +
             std::to_string(length);
  }
  return "invalid axis";
}

Run RunList::operator[](size_t r) const {
  const uint64_t count = firsts_[r + 1] - firsts_[r], span = starts_[r + 1] - starts_[r];
  return {count == 1 ? span : span / count, count};
}

Expected<Axis, AxisFault> Axis::from_step(uint64_t length, uint64_t step) {
  if (step == 0) return AxisFault{AxisFault::Kind::ZeroStep};
  Axis axis;
  axis.length_ = length;
  axis.step_ = step;
  if (length > 0) {
    const uint64_t count = ceil_div(length, step);
    if (!checked_mul(count, step)) return AxisFault{AxisFault::Kind::StepOverflow};
    const Run run{step, count};
    axis.sum_runs({&run, 1});  // checked above: cannot fail
  } else {
    axis.sum_runs({});
  }
  axis.index();
  return axis;
}

Expected<Axis, AxisFault> Axis::from_runs(uint64_t length, std::span<const Run> runs) {
  return from_runs(length, runs, nullptr);
}

Expected<Axis, AxisFault> Axis::from_runs(uint64_t length, std::vector<Run>&& runs) {
  return from_runs(length, runs, &runs);
}

Expected<Axis, AxisFault> Axis::from_runs(uint64_t length, std::span<const Run> runs, std::vector<Run>* owner) {
  if (runs.empty()) return AxisFault{AxisFault::Kind::EmptyList};
  Axis axis;
  axis.length_ = length;
  if (auto fault = axis.sum_runs(runs)) return *fault;
  const size_t last = runs.size() - 1;
  if (owner) std::vector<Run>().swap(*owner);  // `runs` is not read again
  if (axis.edge_sum() < length) return AxisFault{AxisFault::Kind::SumBelowLength, last, axis.edge_sum()};
  axis.index();
  return axis;
}

// One pass over the runs as given: each checked, equal neighbours merged,
// and the sums written. Edges of a list (count 1) need no multiplication,
// which WebAssembly checks with a call to a 128-bit multiply. The chunk
// count cannot overflow: each chunk holds at least one element, so the
// count is at most the (checked) edge sum.
std::optional<AxisFault> Axis::sum_runs(std::span<const Run> runs) {
  starts_.resize(runs.size() + 1);
  firsts_.resize(runs.size() + 1);
  starts_[0] = firsts_[0] = 0;
  size_t w = 0;       // maximal runs so far; their sums end at starts_[w], firsts_[w]
  uint64_t last = 0;  // the edge of run w - 1
  for (size_t i = 0; i < runs.size(); ++i) {
    const Run run = runs[i];
    if (run.size == 0) return AxisFault{AxisFault::Kind::ZeroSize, i};
    if (run.count == 0) return AxisFault{AxisFault::Kind::ZeroCount, i};
    const auto total = run.count == 1 ? std::optional(run.size) : checked_mul(run.size, run.count);
    if (!total) return AxisFault{AxisFault::Kind::RunOverflow, i};
    const auto sum = checked_add(starts_[w], *total);
    if (!sum) return AxisFault{AxisFault::Kind::SumOverflow, i};
    if (w == 0 || run.size != last) {
      ++w;
      firsts_[w] = firsts_[w - 1];
      last = run.size;
    }
    starts_[w] = *sum;
    firsts_[w] += run.count;
  }
  if (w < runs.size()) {  // merged: give back the slack
    starts_.resize(w + 1);
    firsts_.resize(w + 1);
    starts_.shrink_to_fit();
    firsts_.shrink_to_fit();
  }
  return std::nullopt;
}

void Axis::index() {
  index_buckets();
  active_ = length_ == 0 ? 0 : locate(length_ - 1).chunk + 1;
}

// Up to this many buckets, an axis gets up to 8 per run (32 KB at most):
// then nearly every bucket holds at most one run start, and its entry
// alone answers. A larger axis gets at most 2 per run.
constexpr uint64_t kFineBuckets = 4096;

void Axis::index_buckets() {
  buckets_.clear();
  if (index_table()) return;
  // One run needs no table (run_from finds it with a compare), and more
  // than UINT32_MAX / 2 lie beyond any input that fits in memory.
  const uint64_t runs = run_count();
  if (runs < 2 || runs > UINT32_MAX / 2) return;
  const uint64_t sum = edge_sum();
  const uint64_t limit = std::max(2 * runs, std::min(8 * runs, kFineBuckets));
  // The smallest power-of-two bucket width with fewer than `limit` buckets.
  bucket_shift_ = 0;
  while ((sum >> bucket_shift_) >= limit) ++bucket_shift_;
  const uint64_t count = (sum >> bucket_shift_) + 1;
  // Run r owns the buckets whose first index it holds: from
  // ceil(starts_[r] / width) up to ceil(starts_[r + 1] / width). Each run
  // writes kAhead buckets from its first without asking how many it owns,
  // so the loop has no branch to mispredict; the next run overwrites what
  // was not its own. Only a run owning more loops.
  constexpr uint64_t kAhead = 4;
  buckets_.resize(count + kAhead);
  const uint64_t round = (uint64_t(1) << bucket_shift_) - 1;
  const auto first_bucket = [&](uint64_t start) { return (start >> bucket_shift_) + ((start & round) != 0); };
  for (uint32_t r = 0; r < runs; ++r) {
    const uint64_t lo = first_bucket(starts_[r]);
    const uint64_t hi = std::min(first_bucket(starts_[r + 1]), count);
    for (uint64_t b = lo; b < lo + kAhead; ++b) buckets_[b] = r;
    for (uint64_t b = lo + kAhead; b < hi; ++b) buckets_[b] = r;
  }
  buckets_.resize(count);
  // The low words, in selects rather than branches, for the same reason.
  // A bucket wider than 2^31 keeps 0 there (its width would not fit). A
  // narrower one means a sum below limit * 2^31 <= 2^63: `end` cannot wrap.
  if (bucket_shift_ > 31) {
    for (uint64_t& entry : buckets_) entry <<= 32;
    return;
  }
  const uint64_t width = round + 1;
  for (uint64_t b = 0; b < count; ++b) {
    const uint64_t r = buckets_[b], origin = b << bucket_shift_, end = origin + width;
    const uint64_t next = starts_[r + 1];
    const uint64_t after = r + 2 < starts_.size() ? starts_[r + 2] : UINT64_MAX;
    const uint64_t low = next >= end ? width : after < end ? 0 : next - origin;
    buckets_[b] = r << 32 | low;
  }
}

// The chunk table of a small explicit axis (Axis::table_): its chunks'
// starts as doubles (exact: the edge sum is below 2^53) and a bucket per
// element, or else up to 8 buckets per chunk, at most 4096, each naming the
// chunk that holds its first index. False, with no table, for other axes.
bool Axis::index_table() {
  table_.clear();
  const uint64_t chunks = firsts_.back(), sum = edge_sum();
  if (run_count() < 2 || chunks > kTableChunks || sum >= (uint64_t(1) << 53)) return false;
  // An edge sum of at most 2^16 gets a bucket per element (128 KB at
  // most): no chunk starts inside a bucket, and its entry alone answers.
  const uint64_t limit = sum <= kDirectElements ? sum : std::min<uint64_t>(8 * chunks, 4096);
  bucket_shift_ = 0;
  while (((sum - 1) >> bucket_shift_) >= limit) ++bucket_shift_;
  const uint64_t count = ((sum - 1) >> bucket_shift_) + 1;
  table_starts_ = (chunks + 1) * sizeof(double);
  table_.resize(table_starts_ + count * sizeof(uint16_t));
  auto* starts = reinterpret_cast<double*>(table_.data());
  auto* buckets = reinterpret_cast<uint16_t*>(table_.data() + table_starts_);
  size_t c = 0;
  const RunList list = runs();
  for (size_t r = 0; r < list.size(); ++r) {
    const Run run = list[r];
    for (uint64_t j = 0; j < run.count; ++j) starts[c++] = static_cast<double>(starts_[r] + j * run.size);
  }
  starts[c] = static_cast<double>(sum);
  c = 0;
  for (uint64_t b = 0; b < count; ++b) {
    while (starts[c + 1] <= static_cast<double>(b << bucket_shift_)) ++c;
    buckets[b] = static_cast<uint16_t>(c);
  }
  return true;
}

void Axis::expand(std::span<uint64_t> out) const {
  auto it = out.begin();
  for (const Run& run : runs()) it = std::fill_n(it, run.count, run.size);
}

Expected<Axis, AxisFault> Axis::resize(uint64_t new_length, std::span<const uint64_t> appended) const {
  if (step_ != 0) return from_step(new_length, step_);
  const RunList kept = this->runs();
  std::vector<Run> runs(kept.begin(), kept.end());
  const uint64_t sum = edge_sum();
  if (new_length > sum) {
    if (appended.empty()) {
      runs.push_back({new_length - sum, 1});
    } else {
      for (uint64_t edge : appended) runs.push_back({edge, 1});
    }
  }
  auto axis = from_runs(new_length, runs);
  if (!axis) {
    // Report faults against the appended list, which is all the caller chose.
    AxisFault fault = axis.error();
    fault.item = fault.item >= kept.size() ? fault.item - kept.size() : 0;
    return fault;
  }
  return axis;
}

}  // namespace zr
