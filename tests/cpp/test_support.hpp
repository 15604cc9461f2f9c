// Small helpers shared by the C++ tests: building axes and grids that must
// be valid, and looking at problems by their JSON Pointer.
#pragma once
#define CATCH_CONFIG_ENABLE_OPTIONAL_STRINGMAKER
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "axis.hpp"
#include "chunk_grid.hpp"
#include "document.hpp"
#include "metadata.hpp"
#include "problem.hpp"
#include "selection.hpp"

namespace zr_test {

inline constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();  // 2^64 - 1
inline constexpr uint64_t kTwo63 = uint64_t(1) << 63;

// Reading modes: strict refuses the writers' ledger's entries; the default
// reads them with warnings (docs/writers-ledger.md).
inline constexpr zr::ReadOptions kStrict{zr::Quirks::Refuse};
inline constexpr zr::ReadOptions kTolerant{zr::Quirks::Read};
inline zr::ReadOptions tolerant_if(bool tolerant) { return tolerant ? kTolerant : kStrict; }

// An integer-step axis that must be valid.
inline zr::Axis step_axis(uint64_t length, uint64_t step) {
  auto axis = zr::Axis::from_step(length, step);
  REQUIRE(static_cast<bool>(axis));
  return *axis;
}

// An explicit axis, as declared runs ({v, 1} is a plain edge), that must be valid.
inline zr::Axis list_axis(uint64_t length, std::vector<zr::Run> runs) {
  auto axis = zr::Axis::from_runs(length, runs);
  REQUIRE(static_cast<bool>(axis));
  return *axis;
}

// An explicit axis from plain edges.
inline zr::Axis edges_axis(uint64_t length, const std::vector<uint64_t>& edges) {
  std::vector<zr::Run> runs;
  for (uint64_t e : edges) runs.push_back({e, 1});
  return list_axis(length, runs);
}

// Every declared edge of an axis.
inline std::vector<uint64_t> edges_of(const zr::Axis& axis) {
  std::vector<uint64_t> out(axis.declared_count());
  axis.expand(out);
  return out;
}

inline std::vector<std::string> paths(const zr::Problems& problems) {
  std::vector<std::string> out;
  for (const auto& p : problems) out.push_back(p.path);
  return out;
}

// "path: message" lines, for INFO when an assertion fails.
inline std::string listing(const zr::Problems& problems) {
  std::string out;
  for (const auto& p : problems) out += "  " + p.path + ": " + p.message + "\n";
  return out;
}

// The message of the first problem at `path`, or "" when there is none.
inline std::string message_at(const zr::Problems& problems, const std::string& path) {
  for (const auto& p : problems) {
    if (p.path == path) return p.message;
  }
  return "";
}

// The grid of `{"shape": shape, "chunk_shapes": chunk_shapes}`, which must be valid.
inline zr::ChunkGrid grid_of(const std::string& shape, const std::string& chunk_shapes) {
  auto read = zr::read_chunk_shapes(R"({"shape":)" + shape + R"(,"chunk_shapes":)" + chunk_shapes + "}");
  INFO("shape " << shape << ", chunk_shapes " << chunk_shapes << "\n" << listing(read.errors));
  REQUIRE(read.errors.empty());
  REQUIRE(read.grid.has_value());
  return *read.grid;
}

// Looks up row-major `rows` with locate_many, as uint64 and as double, and
// checks every element against Axis::locate, one by one.
inline void check_rows_one_by_one(const zr::ChunkGrid& g, const std::vector<uint64_t>& rows) {
  const std::vector<double> as_double(rows.begin(), rows.end());
  std::vector<uint64_t> chunks(rows.size()), offsets(rows.size());
  std::vector<double> c2(rows.size()), o2(rows.size());
  REQUIRE(g.locate_many(std::span<const uint64_t>(rows), chunks.data(), offsets.data()) == zr::npos);
  REQUIRE(g.locate_many(std::span<const double>(as_double), c2.data(), o2.data()) == zr::npos);
  for (size_t k = 0; k < rows.size(); ++k) {
    const zr::Located one = g.axis(k % g.ndim()).locate(rows[k]);
    INFO("element " << k << ", index " << rows[k]);
    CHECK(chunks[k] == one.chunk);
    CHECK(offsets[k] == one.offset);
    CHECK(c2[k] == double(one.chunk));
    CHECK(o2[k] == double(one.offset));
  }
}

inline zr::SignedIndex signed_index(int64_t v) {
  return {v < 0, v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v)};
}

}  // namespace zr_test
