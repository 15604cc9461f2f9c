// Where JSON Pointers lead in JSON text, found in one SAX pass without a
// DOM (json_pointer.hpp).
#include "json_pointer.hpp"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <unordered_map>

#include "json_document.hpp"
#include "json_numbers.hpp"

namespace zr {

// RFC 6901: "" or "/" followed by tokens separated by "/", in which "~1"
// stands for "/" and "~0" for "~".
bool pointer_tokens(std::string_view pointer, std::vector<std::string>& out) {
  if (pointer.empty()) return true;
  if (pointer[0] != '/') return false;
  out.emplace_back();
  for (size_t i = 1; i < pointer.size(); ++i) {
    const char c = pointer[i];
    if (c == '/') {
      out.emplace_back();
    } else if (c == '~') {
      if (i + 1 == pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) return false;
      out.back() += pointer[++i] == '0' ? '~' : '/';
    } else {
      out.back() += c;
    }
  }
  return true;
}

namespace {

// The pointers asked for, as a trie of decoded reference tokens: the SAX
// pass follows it one key or index at a time, so that matching costs
// O(1) per value plus the key's length, however deep the value lies (an
// array walks its sorted index children alongside its elements).
class PointerTrie {
 public:
  static constexpr int32_t kNone = -1;

  // nullopt (and the index of the bad pointer) if one is malformed. With
  // `every_prefix`, the places of each pointer's ancestors are kept too.
  std::optional<size_t> add_all(std::span<const std::string_view> pointers, bool every_prefix = false) {
    tokens_.resize(pointers.size());
    for (size_t i = 0; i < pointers.size(); ++i) {
      if (!pointer_tokens(pointers[i], tokens_[i])) return i;
    }
    // The maps below view the decoded tokens, which no longer move.
    nodes_.assign(1, Node{});
    slot_of_.resize(pointers.size());
    node_of_.resize(pointers.size());
    for (size_t i = 0; i < pointers.size(); ++i) {
      int32_t node = 0;
      if (every_prefix) give_slot(node);
      for (const std::string& token : tokens_[i]) {
        node = child_for(node, token);
        if (every_prefix) give_slot(node);
      }
      give_slot(node);
      node_of_[i] = node;
      slot_of_[i] = static_cast<size_t>(nodes_[node].slot);
    }
    for (Node& n : nodes_) std::sort(n.indices.begin(), n.indices.end());
    return std::nullopt;
  }

  int32_t key_child(int32_t node, std::string_view key) const {
    if (node == kNone) return kNone;
    const auto& keys = nodes_[node].keys;
    const auto it = keys.find(key);
    return it == keys.end() ? kNone : it->second;
  }
  // The children that an array element can be, by index, sorted: an array
  // is read in index order, so its reader walks this list once.
  std::span<const std::pair<uint64_t, int32_t>> index_children(int32_t node) const {
    if (node == kNone) return {};
    return nodes_[node].indices;
  }
  // Where a node's places are kept, or kNone if no pointer ends there.
  int32_t slot(int32_t node) const { return node == kNone ? kNone : nodes_[node].slot; }
  size_t slots() const { return slots_; }
  size_t slot_of(size_t pointer) const { return slot_of_[pointer]; }
  // The node a pointer ends at, and a node's parent (kNone for the root).
  int32_t node_of(size_t pointer) const { return node_of_[pointer]; }
  int32_t parent(int32_t node) const { return nodes_[node].parent; }

 private:
  struct Node {
    std::unordered_map<std::string_view, int32_t> keys;
    std::vector<std::pair<uint64_t, int32_t>> indices;  // tokens that can name an array element
    int32_t slot = kNone;
    int32_t parent = kNone;
  };

  void give_slot(int32_t node) {
    if (nodes_[node].slot == kNone) nodes_[node].slot = static_cast<int32_t>(slots_++);
  }

  int32_t child_for(int32_t node, const std::string& token) {
    if (const auto it = nodes_[node].keys.find(token); it != nodes_[node].keys.end()) return it->second;
    const auto child = static_cast<int32_t>(nodes_.size());
    nodes_.emplace_back();
    nodes_.back().parent = node;
    nodes_[node].keys.emplace(token, child);
    // "0" or digits without a leading zero: also an array index.
    if (token == "0" || (!token.empty() && token[0] != '0')) {
      if (const auto index = plain_uint64(token)) nodes_[node].indices.emplace_back(*index, child);
    }
    return child;
  }

  std::vector<std::vector<std::string>> tokens_;
  std::vector<Node> nodes_;
  std::vector<size_t> slot_of_;
  std::vector<int32_t> node_of_;
  size_t slots_ = 0;
};

// Follows the SAX events along the trie and records where each value the
// trie names begins and ends, from the stream position at each event. The
// parser reports a scalar and a key after consuming them, an opening or a
// closing bracket before.
struct PointerFinder : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, PointerFinder> {
  struct Open {  // a container still open
    int32_t node;
    std::optional<size_t> key_begin;
    size_t begin;
    bool is_array;
    uint64_t next_index = 0;
    size_t next_child = 0;  // in an array's index_children
    int32_t member = PointerTrie::kNone;  // an object's current member
    std::optional<size_t> member_key_begin;
  };

  const rapidjson::MemoryStream& stream;
  std::string_view bytes;
  const PointerTrie& trie;
  std::vector<std::vector<ValueSpan>>& places;  // by trie slot
  const std::vector<Patch>* patches;  // numbers read as `null` (see patch_huge_numbers)
  std::vector<Open> open;
  size_t last = 0;  // just past the previous token

  PointerFinder(const rapidjson::MemoryStream& s, std::string_view b, const PointerTrie& t,
                std::vector<std::vector<ValueSpan>>& p, const std::vector<Patch>* patched)
      : stream(s), bytes(b), trie(t), places(p), patches(patched) {}

  size_t here() const { return stream.Tell(); }
  // The next token's first byte: past spaces, a ':' or a ','. Each byte is
  // skipped at most once, since `last` only moves forward.
  size_t next_token() const {
    size_t at = last;
    while (at < bytes.size() && (bytes[at] == ' ' || bytes[at] == '\t' || bytes[at] == '\n' || bytes[at] == '\r' ||
                                 bytes[at] == ':' || bytes[at] == ',')) {
      ++at;
    }
    return at;
  }
  // The trie node and key of the value that starts now.
  std::pair<int32_t, std::optional<size_t>> starting() {
    if (open.empty()) return {0, std::nullopt};
    Open& parent = open.back();
    if (parent.is_array) {
      const auto children = trie.index_children(parent.node);
      const uint64_t index = parent.next_index++;
      size_t& k = parent.next_child;
      while (k < children.size() && children[k].first < index) ++k;
      return {k < children.size() && children[k].first == index ? children[k].second : PointerTrie::kNone,
              std::nullopt};
    }
    return {parent.member, parent.member_key_begin};
  }
  void record(int32_t node, std::optional<size_t> key_begin, size_t begin, size_t end) {
    if (const int32_t slot = trie.slot(node); slot != PointerTrie::kNone) places[slot].push_back({key_begin, begin, end});
  }

  bool Default() {  // a scalar, just consumed
    const auto [node, key_begin] = starting();
    if (trie.slot(node) != PointerTrie::kNone) record(node, key_begin, next_token(), here());
    last = here();
    return true;
  }
  bool Null() {
    if (patches) {
      // A blanked-out number ends where the number did.
      const size_t begin = here() - 4;
      const auto patch = std::lower_bound(patches->begin(), patches->end(), begin);
      if (patch != patches->end() && patch->begin == begin) {
        const auto [node, key_begin] = starting();
        record(node, key_begin, begin, begin + patch->length);
        last = begin + patch->length;
        return true;
      }
    }
    return Default();
  }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    Open& object = open.back();
    object.member = trie.key_child(object.node, std::string_view(s, n));
    object.member_key_begin = object.member == PointerTrie::kNone ? std::nullopt : std::optional(next_token());
    last = here();
    return true;
  }
  bool start(bool is_array) {
    const auto [node, key_begin] = starting();
    open.push_back({node, key_begin, here(), is_array, 0, 0, PointerTrie::kNone, std::nullopt});
    last = here() + 1;
    return true;
  }
  bool end() {
    const Open& closed = open.back();
    record(closed.node, closed.key_begin, closed.begin, here() + 1);
    open.pop_back();
    last = here() + 1;
    return true;
  }
  bool StartObject() { return start(false); }
  bool StartArray() { return start(true); }
  bool EndObject(rapidjson::SizeType) { return end(); }
  bool EndArray(rapidjson::SizeType) { return end(); }
};

// The places of every node of `trie` that has a slot, by slot, in one SAX
// pass; and whether the whole text is one JSON value.
std::pair<std::vector<std::vector<ValueSpan>>, bool> find_places(std::string_view bytes, const PointerTrie& trie) {
  std::vector<std::vector<ValueSpan>> by_slot;
  const auto read = [&](std::string_view text, const std::vector<Patch>* patches) {
    by_slot.assign(trie.slots(), {});
    rapidjson::MemoryStream stream(text.data(), text.size());
    PointerFinder finder(stream, text, trie, by_slot, patches);
    JsonReader reader;
    // ledger: non-finite-tokens (their places are found as any value's)
    constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag |
                                rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseNanAndInfFlag;
    const rapidjson::ParseResult result = reader.Parse<kFlags>(stream, finder);
    // MemoryStream reads a NUL byte as the end of input (see parse_json).
    return std::pair(result.Code(), !result.IsError() && stream.Tell() == text.size());
  };
  auto [code, complete] = read(bytes, nullptr);
  if (code == rapidjson::kParseErrorNumberTooBig) {
    // RapidJSON refuses numbers beyond a double even as strings: read a
    // copy with them blanked out, byte for byte, once more.
    std::string patched(bytes);
    const std::vector<Patch> patches = patch_huge_numbers(patched);
    std::tie(code, complete) = read(patched, &patches);
  }
  return {std::move(by_slot), complete};
}

}  // namespace

Expected<PointerPlaces, size_t> locate_pointers(std::string_view bytes, std::span<const std::string_view> pointers) {
  PointerTrie trie;
  if (const auto bad = trie.add_all(pointers)) return *bad;
  auto [by_slot, complete] = find_places(bytes, trie);
  PointerPlaces out;
  out.complete = complete;
  // A pointer asked for twice gets a copy; the last to ask takes the places.
  std::vector<size_t> last_asked(trie.slots());
  for (size_t i = 0; i < pointers.size(); ++i) last_asked[trie.slot_of(i)] = i;
  out.places.resize(pointers.size());
  for (size_t i = 0; i < pointers.size(); ++i) {
    std::vector<ValueSpan>& found = by_slot[trie.slot_of(i)];
    out.places[i] = last_asked[trie.slot_of(i)] == i ? std::move(found) : found;
  }
  return out;
}

Expected<std::vector<std::optional<NearestPlace>>, size_t> locate_nearest(std::string_view bytes,
                                                                        std::span<const std::string_view> pointers) {
  PointerTrie trie;
  if (const auto bad = trie.add_all(pointers, true)) return *bad;
  const std::vector<std::vector<ValueSpan>> by_slot = find_places(bytes, trie).first;
  std::vector<std::optional<NearestPlace>> out(pointers.size());
  for (size_t i = 0; i < pointers.size(); ++i) {
    // Up from the pointer's own node: O(its depth).
    for (int32_t node = trie.node_of(i); node != PointerTrie::kNone; node = trie.parent(node)) {
      const std::vector<ValueSpan>& found = by_slot[static_cast<size_t>(trie.slot(node))];
      if (found.empty()) continue;
      out[i] = NearestPlace{found.back(), node == trie.node_of(i)};
      break;
    }
  }
  return out;
}

}  // namespace zr
