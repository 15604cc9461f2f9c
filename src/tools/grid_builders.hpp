// Grids people build and combine: the trimmed grid of a shape and a chunk
// shape, and the concatenation of grids along one axis. Both work on runs:
// nothing is expanded, whatever the number of chunks.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "chunk_grid.hpp"
#include "expected.hpp"
#include "problem.hpp"

namespace zr {

// The grid whose last chunk on each axis ends at the array's end: on length
// L with chunk edge m, the list [[m, L / m], L % m]; where m divides L (and
// on a zero-length axis) the step axis m. `shape` and `chunk_shape` have one
// entry per axis. Fails (on the axis named) for an edge of 0.
Expected<ChunkGrid, AxisFaultAt> trimmed_grid(std::span<const uint64_t> shape, std::span<const uint64_t> chunk_shape);

// Why grids could not be concatenated: the part and axis where it was
// found, its kind, and what was found against what was expected.
struct ConcatFault {
  size_t part = 0;
  size_t axis = 0;
  ProblemCode code = ProblemCode::Invalid;
  std::string message;
};

// The grids laid end to end along `axis` (docs/semantics.md, "Concatenation").
// The other axes must have the same length and the same declared edges (run
// by run, whatever their form); the result keeps the first part's axis
// there. Along `axis`, every part but the last must end at its own length
// (edge sum == length). The result along `axis` is a step axis when every
// part is a step axis of one step, else the list of every part's declared
// runs, merged at the joins. O(runs) in all.
Expected<ChunkGrid, ConcatFault> concat_grids(std::span<const ChunkGrid* const> parts, size_t axis);

}  // namespace zr
