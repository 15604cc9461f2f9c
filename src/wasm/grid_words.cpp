#include "grid_words.hpp"

#include <utility>

namespace zr::wasm {

std::vector<uint64_t> grid_words(const ChunkGrid& grid) {
  size_t total = 1;
  for (size_t d = 0; d < grid.ndim(); ++d) total += 3 + 2 * grid.axis(d).runs().size();
  std::vector<uint64_t> words;
  words.reserve(total);
  words.push_back(grid.ndim());
  for (size_t d = 0; d < grid.ndim(); ++d) {
    const Axis& axis = grid.axis(d);
    words.insert(words.end(), {axis.length(), axis.step(), axis.runs().size()});
    for (const Run& run : axis.runs()) words.insert(words.end(), {run.size, run.count});
  }
  return words;
}

std::optional<ChunkGrid> grid_from_words(std::span<const uint64_t> words) {
  size_t at = 0;
  const auto take = [&](size_t n) { return words.size() - at >= n; };
  if (!take(1)) return std::nullopt;
  const uint64_t ndim = words[at++];
  std::vector<Axis> axes;
  for (uint64_t d = 0; d < ndim; ++d) {
    if (!take(3)) return std::nullopt;
    const uint64_t length = words[at], step = words[at + 1], count = words[at + 2];
    at += 3;
    if (count > (words.size() - at) / 2) return std::nullopt;
    std::vector<Run> runs(count);
    for (Run& run : runs) {
      run = {words[at], words[at + 1]};
      at += 2;
    }
    auto axis = step != 0 ? Axis::from_step(length, step) : Axis::from_runs(length, std::move(runs));
    if (!axis) return std::nullopt;
    axes.push_back(std::move(*axis));
  }
  if (at != words.size()) return std::nullopt;
  return ChunkGrid(std::move(axes));
}

}  // namespace zr::wasm
