#include "queries.hpp"

#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "canonical_json.hpp"
#include "answer_block.hpp"
#include "json_document.hpp"

namespace zr::wasm {

namespace {

Columns runs_columns(const std::vector<Run>& runs) {
  std::vector<uint64_t> sizes, counts;
  sizes.reserve(runs.size());
  counts.reserve(runs.size());
  for (const Run& r : runs) {
    sizes.push_back(r.size);
    counts.push_back(r.count);
  }
  return Columns({std::move(sizes), std::move(counts)});
}

}  // namespace

Columns runs(const ChunkGrid& g, size_t axis, bool data) {
  const Axis* a = axis_of(g, axis);
  if (!a) return Columns::failed(0);
  return runs_columns(data ? zr::data_runs(*a) : std::vector<Run>(a->runs().begin(), a->runs().end()));
}

AxisCounts axis_counts(const ChunkGrid& g, size_t axis) {
  const Axis* a = axis_of(g, axis);
  return a ? zr::counts_of(*a) : AxisCounts{};
}

AxisChunk axis_chunk(const ChunkGrid& g, size_t axis, uint64_t chunk) {
  const Axis* a = axis_of(g, axis);
  return a ? zr::axis_chunk(*a, chunk) : AxisChunk{};
}

AxisChunk chunk_at(const ChunkGrid& g, size_t axis, uint64_t element) {
  const Axis* a = axis_of(g, axis);
  return a ? zr::chunk_at(*a, element) : AxisChunk{};
}

ChunkRange chunk_range(const ChunkGrid& g, size_t axis, uint64_t start, uint64_t stop) {
  const Axis* a = axis_of(g, axis);
  return a ? zr::chunk_range(*a, start, stop) : ChunkRange{};
}

Columns chunk_groups(const ChunkGrid& g, size_t axis, uint64_t start, uint64_t stop, uint64_t min_size,
                     size_t max_groups) {
  const Axis* a = axis_of(g, axis);
  if (!a) return Columns::failed(0);
  const auto groups = zr::chunk_groups(*a, start, stop, min_size, max_groups);
  if (!groups) return Columns::failed(0);
  std::vector<std::vector<uint64_t>> columns(5);
  for (auto& c : columns) c.reserve(groups->size());
  for (const ChunkGroup& group : *groups) {
    columns[0].push_back(group.first);
    columns[1].push_back(group.count);
    columns[2].push_back(group.origin);
    columns[3].push_back(group.last_origin);
    columns[4].push_back(group.end);
  }
  return Columns(std::move(columns));
}

bool expand_edges(const ChunkGrid& g, size_t axis, uintptr_t out, bool as_double) {
  const Axis* a = axis_of(g, axis);
  if (!a) return false;
  std::span<uint64_t> edges(at<uint64_t>(out), a->declared_count());
  if (!as_double) {
    a->expand(edges);
    return true;
  }
  for (const Run& r : a->runs()) {
    if (static_cast<double>(r.size) > kMaxSafe) return false;
  }
  double* o = at<double>(out);
  for (const Run& r : a->runs()) o = std::fill_n(o, r.count, static_cast<double>(r.size));
  return true;
}

std::string to_json_text(const ChunkGrid& g) { return zr::to_json_text(g); }
std::string to_regular_json_text(const ChunkGrid& g) { return zr::to_regular_json_text(g).value_or(""); }

uintptr_t read_json(uintptr_t text, size_t length) {
  ParsedJson parsed;
  zr::parse_json(bytes_at(text, length), Quirks::Builder, parsed);
  AnswerBlock block;
  if (parsed.ok) write_json(block, parsed.document);
  else write_json(block, JsonValue());  // null
  return block.release();
}

}  // namespace zr::wasm
