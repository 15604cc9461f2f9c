// One axis of a chunk grid: an integer step or a list of runs of edge
// lengths. Runs are never expanded; lookups are a binary search over runs,
// then arithmetic inside the run.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "expected.hpp"

namespace zr {

struct Run {
  uint64_t size;
  uint64_t count;
  bool operator==(const Run&) const = default;
};

// An axis's maximal runs, read from its two prefix sums (Axis::starts_ and
// Axis::firsts_): run r holds firsts[r + 1] - firsts[r] chunks over
// starts[r + 1] - starts[r] elements, so its edge is their quotient, exact.
// Keeping the sums alone is what holds an axis to 32 bytes per run
// (docs/benchmarks.md, "Lookups at the limit"). A view: valid while the
// axis lives; it yields runs by value.
class RunList {
 public:
  RunList(const uint64_t* starts, const uint64_t* firsts, size_t count) : starts_(starts), firsts_(firsts), count_(count) {}
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  // Out of line: inlined at each of its callers, its division grew the
  // module by hundreds of bytes; the lookups' loops read the sums directly.
  Run operator[](size_t r) const;

  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Run;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Run;
    iterator() = default;
    iterator(const RunList& list, size_t r) : starts_(list.starts_), firsts_(list.firsts_), r_(r) {}
    Run operator*() const { return RunList(starts_, firsts_, r_ + 1)[r_]; }
    iterator& operator++() {
      ++r_;
      return *this;
    }
    iterator operator++(int) {
      iterator was = *this;
      ++r_;
      return was;
    }
    bool operator==(const iterator& other) const { return r_ == other.r_; }

   private:
    // The axis's sums, not the list: an iterator may outlive the list.
    const uint64_t* starts_ = nullptr;
    const uint64_t* firsts_ = nullptr;
    size_t r_ = 0;
  };
  iterator begin() const { return {*this, 0}; }
  iterator end() const { return {*this, count_}; }

 private:
  const uint64_t* starts_;
  const uint64_t* firsts_;
  size_t count_;
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

// An axis's lookup tables as plain pointers and values: what answers an
// index. A batch loop copies it into locals once per axis, instead of
// reloading the axis's vectors for every index. Valid while the axis lives.
struct AxisLookup {
  uint64_t step;            // 0 for an explicit list
  const uint64_t* starts;   // starts[r], firsts[r] as in Axis
  const uint64_t* firsts;
  size_t run_count;
  const uint64_t* buckets;  // null when the axis has none
  unsigned bucket_shift;
  uint64_t bucket_mask;     // (1 << bucket_shift) - 1
  // The chunk table of a small axis (Axis::table_), null when it has none:
  // chunk c spans [chunk_starts[c], chunk_starts[c + 1]), as doubles; the
  // chunk holding the first index of each bucket of 2^table_shift indices.
  const double* chunk_starts;
  const uint16_t* chunk_buckets;
  unsigned table_shift;

  // Precondition: index < the axis's edge sum.
  Located locate(uint64_t index) const;
  // The chunk of a table axis that holds x, an integer below the edge sum.
  size_t table_chunk(double x) const;
  // locate() on a table axis: out of line, so that its many inlined
  // copies stay small; the batch loops of doubles use table_chunk.
  [[gnu::noinline]] Located locate_in_table(uint64_t index) const;
  size_t run_of_index(uint64_t index) const;
  Located in_run(size_t run, uint64_t index) const;
  // The run holding `index`, from run r, at or before it: two steps
  // forward, else a binary search.
  size_t run_from(size_t r, uint64_t index) const;
  // A binary search: rare enough to be kept out of the batch loops, where
  // each copy would grow the module.
  [[gnu::noinline]] size_t run_by_search(uint64_t index) const;
};

// An allocator whose resize() leaves new integers unwritten: an axis's
// sums and buckets are written right after, and writing zeros first was a
// third pass over memory for a list of 10^7 edges.
template <class T>
struct Unwritten : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = Unwritten<U>;
  };
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
using Words = std::vector<uint64_t, Unwritten<uint64_t>>;

class Axis {
 public:
  static Expected<Axis, AxisFault> from_step(uint64_t length, uint64_t step);
  // `runs` as declared: one entry per item; a plain edge is a run of count 1.
  static Expected<Axis, AxisFault> from_runs(uint64_t length, std::span<const Run> runs);
  // The same, freeing `runs` once summed, before the lookup tables are
  // built: a list read from a document never lies beside the whole axis.
  static Expected<Axis, AxisFault> from_runs(uint64_t length, std::vector<Run>&& runs);

  uint64_t length() const { return length_; }
  bool is_step() const { return step_ != 0; }
  uint64_t step() const { return step_; }
  // Maximal runs: equal neighbours merged. For a step axis, one run (or
  // none on a zero-length axis).
  RunList runs() const { return {starts_.data(), firsts_.data(), run_count()}; }
  uint64_t declared_count() const { return firsts_.back(); }
  uint64_t active_count() const { return active_; }
  uint64_t edge_sum() const { return starts_.back(); }

  // Precondition: index < edge_sum(). Random access, with few branches.
  Located locate(uint64_t index) const;
  // Its tables, for the batch lookups' loops, which inline the lookup: a
  // call per index costs about a sixth of the time in WebAssembly.
  AxisLookup lookup() const {
    const bool table = !table_.empty();
    return {step_, starts_.data(), firsts_.data(), run_count(),
            buckets_.empty() ? nullptr : buckets_.data(), bucket_shift_, (uint64_t(1) << bucket_shift_) - 1,
            table ? reinterpret_cast<const double*>(table_.data()) : nullptr,
            table ? reinterpret_cast<const uint16_t*>(table_.data() + table_starts_) : nullptr, bucket_shift_};
  }
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
    return length_ == other.length_ && step_ == other.step_ && starts_ == other.starts_ && firsts_ == other.firsts_;
  }

 private:
  Axis() = default;
  static Expected<Axis, AxisFault> from_runs(uint64_t length, std::span<const Run> runs, std::vector<Run>* owner);
  // Sets starts_ and firsts_ from `runs` as declared; a fault names the item.
  std::optional<AxisFault> sum_runs(std::span<const Run> runs);
  // The lookup tables and the active count, once the sums are set.
  void index();
  size_t run_count() const { return starts_.size() - 1; }
  void index_buckets();
  bool index_table();

  uint64_t length_ = 0;
  uint64_t step_ = 0;              // 0 for an explicit list
  // The maximal runs, as two prefix sums (RunList reads a run from them):
  Words starts_;   // starts_[r]: array index where run r begins; back() = edge sum
  Words firsts_;   // firsts_[r]: first chunk of run r; back() = declared count
  uint64_t active_ = 0;            // chunks that overlap [0, length)
  // Acceleration table, one entry per bucket of 2^bucket_shift_ indices:
  // the run r holding the bucket's first index in the high 32 bits; in the
  // low 32 bits, where in the bucket run r + 1 starts, when it is the only
  // run that starts in it (the bucket's width when none does), else 0. An
  // index then lies in run r or r + 1, told by one compare and no further
  // load. At most 8 buckets per run, and 2 past 4096 buckets (see
  // index_buckets), so memory stays O(runs); none for a single run.
  Words buckets_;
  unsigned bucket_shift_ = 0;
  // An axis of at most kTableChunks chunks (and an edge sum below 2^53)
  // gets a chunk table instead (see index_table): every chunk's start as a
  // double, then one uint16 chunk per bucket (one bucket per element up to
  // kDirectElements, 128 KB; else 8 per chunk, 24 KB at most), so that a
  // batch of doubles is answered from the first-level cache with no
  // division and no branch that random indices mispredict. Bytes, in which
  // both arrays are created (storage of bytes may hold objects of any
  // type); the starts take the first table_starts_ bytes.
  std::vector<std::byte> table_;
  size_t table_starts_ = 0;
};

// Up to this many chunks an axis gets a chunk table (Axis::table_), with a
// bucket per element up to this edge sum.
inline constexpr uint64_t kTableChunks = 2048;
inline constexpr uint64_t kDirectElements = uint64_t(1) << 16;

// The per-lookup path, here so that the batch lookups inline it.

[[gnu::always_inline]] inline size_t AxisLookup::run_of_index(uint64_t index) const {
  if (!buckets) return run_from(0, index);
  const uint64_t entry = buckets[index >> bucket_shift];
  const size_t r = static_cast<size_t>(entry >> 32);
  const uint64_t next = entry & UINT32_MAX;
  // Where the bucket holds at most one run start (next != 0, nearly
  // always), one compare tells run r from r + 1: a select, not a branch,
  // since which it is is as random as the indices.
  if (next != 0) return r + ((index & bucket_mask) >= next);
  return run_from(r, index);
}

[[gnu::always_inline]] inline size_t AxisLookup::run_from(size_t r, uint64_t index) const {
  // Two conditional increments compile to selects, not branches.
  // starts[run_count] is the edge sum, above any index, so r + 1 never
  // passes the last run.
  r += starts[r + 1] <= index;
  r += starts[r + 1] <= index;
  if (starts[r + 1] > index) return r;
  return run_by_search(index);
}

[[gnu::always_inline]] inline Located AxisLookup::in_run(size_t r, uint64_t index) const {
  const uint64_t within = index - starts[r];
  const uint64_t count = firsts[r + 1] - firsts[r], span = starts[r + 1] - starts[r];
  if (count == 1) return {firsts[r], within, span};  // explicit edges: no division
  // 32-bit division is several times cheaper than 64-bit where values fit.
  if (span >> 32 == 0) {
    const auto w = static_cast<uint32_t>(within), size = static_cast<uint32_t>(span) / static_cast<uint32_t>(count);
    return {firsts[r] + w / size, w % size, size};
  }
  const uint64_t size = span / count;
  return {firsts[r] + within / size, within % size, size};
}

[[gnu::always_inline]] inline size_t AxisLookup::table_chunk(double x) const {
  // The table's bucket gives the chunk of its first index; at most 8
  // buckets per chunk, so that mostly at most one chunk starts inside
  // a bucket: two steps forward by selects, and a loop rarely taken.
  // chunk_starts[count] is the edge sum, above x: no step passes the last
  // chunk.
  size_t c = chunk_buckets[static_cast<uint64_t>(static_cast<int64_t>(x)) >> table_shift];
  c += chunk_starts[c + 1] <= x;
  c += chunk_starts[c + 1] <= x;
  while (chunk_starts[c + 1] <= x) ++c;
  return c;
}

[[gnu::always_inline]] inline Located AxisLookup::locate(uint64_t index) const {
  if (chunk_starts) return locate_in_table(index);
  if (step != 0) {
    if ((index | step) >> 32 == 0) {
      const auto i = static_cast<uint32_t>(index), s = static_cast<uint32_t>(step);
      return {i / s, i % s, step};
    }
    return {index / step, index % step, step};
  }
  return in_run(run_of_index(index), index);
}

}  // namespace zr
