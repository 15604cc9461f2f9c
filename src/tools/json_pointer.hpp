// JSON Pointers (RFC 6901) in JSON text: their reference tokens, and where
// the values they name lie, in bytes, found without building a document.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "expected.hpp"

namespace zr {

// Whether the JSON Pointer `path` is `base` or points inside it.
inline bool pointer_within(std::string_view path, std::string_view base) {
  return path.substr(0, base.size()) == base && (path.size() == base.size() || path[base.size()] == '/');
}

// The decoded reference tokens of a JSON Pointer (RFC 6901), appended to
// `out`; false when it is not one.
bool pointer_tokens(std::string_view pointer, std::vector<std::string>& out);

// Where one value lies in JSON text, in bytes: [begin, end) is the value as
// written; key_begin is the opening quote of its key, for an object member
// (none for an array element or the root).
struct ValueSpan {
  std::optional<size_t> key_begin;
  size_t begin, end;
  bool operator==(const ValueSpan&) const = default;
};
struct PointerPlaces {
  // One list per pointer asked for, in text order: a key written twice
  // gives two places, and so does every pointer inside it.
  std::vector<std::vector<ValueSpan>> places;
  bool complete = false;  // the whole text is one JSON value
};
// Every place of each JSON Pointer (RFC 6901) in UTF-8 JSON text, read in
// one SAX pass that keeps no DOM: O(text + pointers + places) time, memory
// for the nesting depth, the pointers and the places. A pointer matches
// the decoded keys ("/a~1b" is the key "a/b", however the text escapes it);
// an array index is written in decimal without leading zeros. At a syntax
// or encoding error (a byte-order mark is one) reading stops: the values
// that ended before it are kept, the containers still open are not. (Text
// with a number beyond a double's range is read a second time, with such
// numbers blanked out, as parse_json does.) The
// error is the index of the first pointer that is not a JSON Pointer
// (neither "" nor starting with "/", or a "~" not followed by 0 or 1).
Expected<PointerPlaces, size_t> locate_pointers(std::string_view bytes, std::span<const std::string_view> pointers);

// For each JSON Pointer, the place of the deepest value along it that the
// text holds: its own value (`exact`), else its nearest ancestor's (a
// member missing from an object, an element past an array's end); the
// last place where a key is written twice; nullopt when not even the root
// is there. As locate_pointers, in one pass: O(text + pointers), however
// deep the pointers (asking locate_pointers for every ancestor would take
// time and memory in the square of their depth).
struct NearestPlace {
  ValueSpan place;
  bool exact;
};
Expected<std::vector<std::optional<NearestPlace>>, size_t> locate_nearest(std::string_view bytes,
                                                                        std::span<const std::string_view> pointers);

}  // namespace zr
