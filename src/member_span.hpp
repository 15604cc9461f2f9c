// Where a member's value lies in JSON text, in bytes, so that a tool can
// replace it, or serve it, without touching any other byte. The reader
// module's way to find a place (zarr-rectilinear's memberSpan and the
// consolidated store): it checks the text with the document parser and
// then walks it, where locate_pointers (json_pointer.hpp), which finds
// every place of any pointer in any text, is the tools' (docs/size.md).
#pragma once
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace zr {

struct ByteSpan {
  size_t begin, end;
};

// The byte range [begin, end) of the value at `keys`, a path of object
// members from the root, in JSON text: nullopt when the text does not
// parse (a byte-order mark, which the document reader reads, is passed
// over), or a member on the way is absent or not in an object; the first
// place when a key is written twice.
std::optional<ByteSpan> member_span(std::string_view bytes, std::span<const std::string> keys);

// The same for one top-level member.
std::optional<ByteSpan> top_level_member_span(std::string_view bytes, std::string_view key);

}  // namespace zr
