// Where a member's value lies in JSON text, in bytes, so that a tool can
// replace it, or serve it, without touching any other byte. The reader
// module's way to find a place (the consolidated store's entries, the
// CLI's compact): it checks the text with the document parser and then
// walks it, where locate_pointers (json_pointer.hpp), which finds every
// place of any pointer in any text, is the tools' (docs/size.md).
#pragma once
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zr {

struct ByteSpan {
  size_t begin, end;
};

// The byte range [begin, end) of the value at each JSON Pointer made of
// object members only ("/consolidated_metadata/metadata/a~1b"), in JSON
// text, found in one walk that enters only the objects on the pointers'
// way: nullopt for a pointer whose value is absent, or that passes through
// a value that is not an object, and for every pointer when the text does
// not parse (a byte-order mark, which the document reader reads, is passed
// over). Where a key is written twice, the last place: the one the parser
// keeps.
std::vector<std::optional<ByteSpan>> member_spans(std::string_view bytes, std::span<const std::string_view> pointers);

// The same for one top-level member.
std::optional<ByteSpan> top_level_member_span(std::string_view bytes, std::string_view key);

}  // namespace zr
