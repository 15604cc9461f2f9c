#include "canonical_json.hpp"

#include "checked.hpp"

namespace zr {

namespace {

// A run is written as [V,N] only when that is strictly shorter than V
// written N times with commas; on a tie it is written out.
bool write_as_pair(const Run& run) {
  const uint64_t v = std::to_string(run.size).size();
  const uint64_t pair = v + std::to_string(run.count).size() + 3;
  // Written out: N * v + (N - 1). Compare without overflow for huge N.
  if (run.count > pair) return true;
  return pair < run.count * v + (run.count - 1);
}

void append_axis(const Axis& axis, std::string& out) {
  if (axis.is_step()) {
    out += std::to_string(axis.step());
    return;
  }
  out += '[';
  bool first = true;
  for (const Run& run : axis.runs()) {
    const auto separator = [&] {
      if (!first) out += ',';
      first = false;
    };
    if (write_as_pair(run)) {
      separator();
      out += '[' + std::to_string(run.size) + ',' + std::to_string(run.count) + ']';
    } else {
      const std::string edge = std::to_string(run.size);
      for (uint64_t i = 0; i < run.count; ++i) {
        separator();
        out += edge;
      }
    }
  }
  out += ']';
}

// The step of a regular grid that declares the same edges as `axis`.
std::optional<uint64_t> regular_chunk_length(const Axis& axis) {
  if (axis.is_step()) return axis.step();
  const auto runs = axis.runs();
  if (runs.size() != 1 || axis.length() == 0) return std::nullopt;
  if (runs[0].count != ceil_div(axis.length(), runs[0].size)) return std::nullopt;
  return runs[0].size;
}

}  // namespace

std::string to_json_text(const ChunkGrid& grid) {
  std::string out = R"({"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[)";
  for (size_t d = 0; d < grid.ndim(); ++d) {
    if (d) out += ',';
    append_axis(grid.axis(d), out);
  }
  out += "]}}";
  return out;
}

std::optional<std::string> to_regular_json_text(const ChunkGrid& grid) {
  std::string out = R"({"name":"regular","configuration":{"chunk_shape":[)";
  for (size_t d = 0; d < grid.ndim(); ++d) {
    const auto length = regular_chunk_length(grid.axis(d));
    if (!length) return std::nullopt;
    if (d) out += ',';
    out += std::to_string(*length);
  }
  out += "]}}";
  return out;
}

}  // namespace zr
