// The canonical, compact and lossless JSON text of a grid (docs/semantics.md,
// "Serialization"), and its regular-grid form when one exists.
#pragma once
#include <optional>
#include <string>

#include "chunk_grid.hpp"

namespace zr {

// {"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[...]}}
std::string to_json_text(const ChunkGrid& grid);

// {"name":"regular","configuration":{"chunk_shape":[...]}} when a regular
// grid of the same shape declares exactly the same edges on every axis.
std::optional<std::string> to_regular_json_text(const ChunkGrid& grid);

}  // namespace zr
