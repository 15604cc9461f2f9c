// One axis of a chunk grid: an integer step or a list of runs of edge
// lengths. Runs are never expanded; lookups are a binary search over runs,
// then arithmetic inside the run.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "expected.hpp"

namespace zr {

struct Run {
  uint64_t size;
  uint64_t count;
  bool operator==(const Run&) const = default;
};

struct Located {
  uint64_t chunk;
  uint64_t offset;
  uint64_t size;  // the chunk's declared edge length
};

// Why an axis could not be built. `item` is the index of the offending
// entry in the list that was passed in (the run or the appended edge).
struct AxisFault {
  enum class Kind {
    ZeroStep,          // an integer step of 0
    StepOverflow,      // ceil(length / step) * step exceeds uint64
    EmptyList,         // an explicit list with no edges
    ZeroSize,          // an edge length of 0
    ZeroCount,         // a run count of 0
    RunOverflow,       // size * count exceeds uint64
    SumOverflow,       // the running sum of edges exceeds uint64
    SumBelowLength,    // the edges do not reach the axis length
  };
  Kind kind;
  size_t item = 0;
  uint64_t sum = 0;  // for SumBelowLength: the sum that was reached
};

// A human-readable account of a fault: what was found, what was expected.
std::string describe(const AxisFault& fault, uint64_t length);

class Axis {
 public:
  static Expected<Axis, AxisFault> from_step(uint64_t length, uint64_t step);
  // `runs` as declared: one entry per item; a plain edge is a run of count 1.
  static Expected<Axis, AxisFault> from_runs(uint64_t length, std::span<const Run> runs);
  // The same, reusing the memory of `runs`.
  static Expected<Axis, AxisFault> from_runs(uint64_t length, std::vector<Run>&& runs);

  uint64_t length() const { return length_; }
  bool is_step() const { return step_ != 0; }
  uint64_t step() const { return step_; }
  // Maximal runs: equal neighbours merged. For a step axis, one run (or
  // none on a zero-length axis).
  std::span<const Run> runs() const { return runs_; }
  uint64_t declared_count() const { return firsts_.back(); }
  uint64_t active_count() const { return active_; }
  uint64_t edge_sum() const { return starts_.back(); }

  // Precondition: index < edge_sum(). Random access, with few branches.
  Located locate(uint64_t index) const;
  // The same, always inlined: for the batch lookups' loops, where a call per
  // index costs about a sixth of the time in WebAssembly.
  Located locate_inlined(uint64_t index) const;
  // The same for a nondecreasing sequence of indices: `run` (start at 0)
  // moves forward only, merge-style. Any index is still answered correctly.
  Located locate_forward(uint64_t index, size_t& run) const;
  // The chunk just past the run that `run` (as locate_forward left it) names:
  // chunks before it have the same size. A step axis is one run.
  uint64_t run_end(size_t run) const { return firsts_[run + 1]; }
  // The run that holds a chunk. Precondition: chunk < declared_count().
  size_t run_of_chunk(uint64_t chunk) const;

  // Preconditions: chunk < declared_count().
  uint64_t origin(uint64_t chunk) const;
  uint64_t size(uint64_t chunk) const;
  uint64_t data_size(uint64_t chunk) const;

  // Writes every declared edge; `out.size()` must equal declared_count().
  void expand(std::span<uint64_t> out) const;

  // The resize policy (docs/semantics.md, "Resize"). `appended` is used only
  // when a list axis grows past its edge sum; empty means "one edge of the
  // difference".
  Expected<Axis, AxisFault> resize(uint64_t new_length, std::span<const uint64_t> appended) const;

  bool operator==(const Axis& other) const {
    return length_ == other.length_ && step_ == other.step_ && runs_ == other.runs_;
  }

 private:
  Axis() = default;
  void index_runs();
  void index_buckets();
  size_t run_of_index(uint64_t index) const;
  size_t run_by_search(uint64_t index) const;
  Located in_run(size_t run, uint64_t index) const;

  uint64_t length_ = 0;
  uint64_t step_ = 0;              // 0 for an explicit list
  std::vector<Run> runs_;          // maximal runs
  std::vector<uint64_t> starts_;   // starts_[r]: array index where run r begins; back() = edge sum
  std::vector<uint64_t> firsts_;   // firsts_[r]: first chunk of run r; back() = declared count
  uint64_t active_ = 0;            // chunks that overlap [0, length)
  // Acceleration table: buckets_[b] is the run holding index
  // b << bucket_shift_. At most two buckets per run, so memory stays O(runs).
  std::vector<uint32_t> buckets_;
  unsigned bucket_shift_ = 0;
};

// The per-lookup path, here so that the batch lookups inline it.

[[gnu::always_inline]] inline size_t Axis::run_of_index(uint64_t index) const {
  if (!buckets_.empty()) {
    // A bucket usually holds at most two run boundaries: two conditional
    // increments compile to selects, not branches. starts_.back() is the
    // edge sum, above any index, so r + 1 never passes the last run.
    size_t r = buckets_[index >> bucket_shift_];
    r += starts_[r + 1] <= index;
    r += starts_[r + 1] <= index;
    if (starts_[r + 1] > index) return r;
  }
  return run_by_search(index);
}

[[gnu::always_inline]] inline Located Axis::in_run(size_t r, uint64_t index) const {
  const Run& run = runs_[r];
  const uint64_t within = index - starts_[r];
  if (run.count == 1) return {firsts_[r], within, run.size};  // explicit edges: no division
  // 32-bit division is several times cheaper than 64-bit where values fit.
  if ((within | run.size) >> 32 == 0) {
    const auto w = static_cast<uint32_t>(within), size = static_cast<uint32_t>(run.size);
    return {firsts_[r] + w / size, w % size, run.size};
  }
  return {firsts_[r] + within / run.size, within % run.size, run.size};
}

[[gnu::always_inline]] inline Located Axis::locate_inlined(uint64_t index) const {
  if (step_ != 0) {
    if ((index | step_) >> 32 == 0) {
      const auto i = static_cast<uint32_t>(index), step = static_cast<uint32_t>(step_);
      return {i / step, i % step, step_};
    }
    return {index / step_, index % step_, step_};
  }
  return in_run(run_of_index(index), index);
}

}  // namespace zr
