// One read of a zarr.json document: parsed once, validated as an array or
// a group, with the parsed values kept so that a caller can hand out
// shape, data_type, fill_value and the rest exactly. A group's consolidated
// metadata (zarr-python's inline form) gives one entry per child path, each
// validated as a document of its own. See docs/semantics.md.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chunk_grid.hpp"
#include "json_document.hpp"
#include "metadata.hpp"
#include "problem.hpp"

namespace zr {

enum class NodeType { Array, Group };

// Consolidated metadata nested deeper than this (a group entry holding its
// own consolidated_metadata, and so on) is an error and is not read: the
// problems of an entry are listed again by each group that holds it.
inline constexpr size_t kMaxConsolidatedDepth = 32;

// One document: the root, or an entry of a group's consolidated metadata.
struct DocumentNode {
  // node_type "group" reads as a group; anything else is checked as an array.
  NodeType type = NodeType::Array;
  std::string path;                  // an entry's key in its group's metadata ("a/b"); "" for the root
  std::string pointer;               // where the document is in the text parsed ("" for the root)
  const JsonValue* value = nullptr;  // the document, when it is an object
  // Every problem in this document, its entries' included, at JSON Pointers
  // into the whole text.
  Problems errors;
  Problems warnings;
  std::optional<ChunkGrid> grid;  // an array's, when it has no errors
  // A group's consolidated metadata: whether it is there (an object; null
  // reads as absent, with a warning), and its entries in document order.
  bool consolidated = false;
  std::vector<DocumentNode> entries;

  bool valid() const { return errors.empty(); }
};

struct Document {
  std::unique_ptr<ParsedJson> parsed;  // what every node's `value` points into
  DocumentNode root;
};

// Parses `json` once and reads it as an array or a group document.
Document read_document(std::string_view json, ReadOptions options = {});

// The problems of a whole document, an array or a group (its consolidated
// metadata included), as read_document finds them.
struct Validation {
  Problems errors;
  Problems warnings;
  bool valid() const { return errors.empty(); }
};
Validation validate_metadata(std::string_view json, ReadOptions options = {});

// Whether an array's fill_value past 2^53 is an exact integer (int64 and
// uint64); any other data type holds a float there, which a double reads.
bool integer_fill_value(const DocumentNode& node);

}  // namespace zr
