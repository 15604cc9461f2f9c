// What other readers of a zarr.json differ on, read from the document as
// written: the grid's name, its largest written edge and run count,
// whether a sharded array's inner chunk edges divide every shard edge, and
// the names of its data type and codecs.
// Facts only, each at its JSON Pointer; which reader does what with them is
// data in the JS package (js/tools/reader-facts.js, docs/readers.md).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zr {

// A name as written (a data type's or a codec's), and where.
struct NameAt {
  std::string name;
  std::string at;
};

// The facts of one array document.
struct ReaderFacts {
  std::string pointer;    // where the document is: "" for the root, else a consolidated entry's
  std::string grid_name;  // chunk_grid.name as written ("" when it is not a string)
  // Over the written edges of the grid (integer steps, plain edges, runs'
  // edges): the largest, at the first item that writes it. An edge in a run
  // is pointed at by its run when the run's count is 1 (written [V, 1] or
  // V, the core does not keep which), at the root and in a consolidated
  // entry alike.
  uint64_t largest_edge = 0;
  std::string largest_edge_at;
  // Over the written run counts (a plain edge counts 1).
  uint64_t largest_count = 0;
  std::string largest_count_at;
  // The chunk_shape of the first "sharding_indexed" codec ("" unsharded), and
  // the first written shard edge that its entry for that axis does not divide.
  std::string inner_chunk_shape_at;
  std::string undivided_shard_edge_at;
  // The data type's name (written bare or as {"name": ...}; "" when neither).
  NameAt data_type;
  // Every codec's name, a sharding codec's own codecs after it, in document order.
  std::vector<NameAt> codecs;
};

// The facts of every array document in `json`: the root, or a group's
// consolidated entries (as read_document reads them), in document order.
// For text that readMetadata reads without errors: values that the rules
// refuse are skipped, not checked; text that is not JSON gives none.
std::vector<ReaderFacts> reader_facts(std::string_view json);

}  // namespace zr
