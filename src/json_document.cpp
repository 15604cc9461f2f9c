#include "json_document.hpp"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cmath>
#include <cstring>
#include <unordered_map>
#include <vector>

#include <rapidjson/error/en.h>

namespace zr {

std::optional<uint64_t> plain_uint64(std::string_view text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, uint64_t(c - '0'), &v)) return std::nullopt;
  }
  return v;
}

// JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view t) {
  size_t i = 0;
  const auto digits = [&] {
    const size_t from = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    return i > from;
  };
  if (i < t.size() && t[i] == '-') ++i;
  if (i < t.size() && t[i] == '0') ++i;
  else if (!digits()) return false;
  if (i < t.size() && t[i] == '.' && (++i, !digits())) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == t.size();
}

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

// Strings and non-integer numbers are both stored as DOM strings, told
// apart by a one-byte tag. Object keys are stored untagged.
constexpr char kStringTag = 'S';
constexpr char kNumberTag = 'N';
constexpr char kRunListTag = 'L';  // followed by the list's index in run_lists
constexpr char kNonFiniteTag = 'F';  // followed by NaN, Infinity or -Infinity

// A number token that RapidJSON refuses (1e400, or hundreds of digits),
// replaced by `null` and spaces in a same-length copy of the text.
struct Patch {
  size_t begin, length;
  bool operator<(size_t offset) const { return begin < offset; }
};

// Finds the number tokens outside strings that may be beyond a double's
// range, and blanks them out as `null` padded with spaces.
std::vector<Patch> patch_huge_numbers(std::string& text) {
  std::vector<Patch> patches;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (c != '-' && (c < '0' || c > '9')) continue;
    size_t end = i;
    bool exponent = false;
    while (end < text.size() && std::strchr("0123456789+-.eE", text[end]) && text[end] != '\0') {
      exponent = exponent || text[end] == 'e' || text[end] == 'E';
      ++end;
    }
    // The shortest number beyond a double is "1e309"; long digit strings too.
    if (end - i >= 5 && (exponent || end - i > 300) && is_json_number(std::string_view(text).substr(i, end - i))) {
      text.replace(i, end - i, "null" + std::string(end - i - 4, ' '));
      patches.push_back({i, end - i});
    }
    i = end - 1;
  }
  return patches;
}

// Reads the items of one array, named by its keys from the root, as runs
// instead of DOM values (see parse_json). An item that turns out to be
// anything else is replayed into the DOM exactly as written so far, and the
// rest of it is parsed as usual.
class RunListReader {
 public:
  RunListReader(RunListPath path, std::vector<std::vector<Run>>& lists) : at_(path.keys), runs_(path.runs), lists_(lists) {}

  bool active() const { return active_; }

  // Container and key events, to follow the path. StartArray returns true
  // when it begins an item to read as runs.
  bool start_array() {
    if (!frames_.empty() && frames_.back() == Frame::Lists) {
      active_ = true;
      blocks_.clear();
      part_ = Part::None;
      return true;
    }
    push(Frame::Lists);
    return false;
  }
  void start_object() { push(Frame::Path); }
  void end_container() { frames_.pop_back(); }
  void key(std::string_view k) { key_matches_ = frames_.back() == Frame::Path && k == at_[frames_.size() - 1]; }

  // While active: whether the event belongs to a list of runs. False means
  // the item is something else: replay() it, then handle the event as usual.
  bool integer(uint64_t v) {
    if (v == 0) return false;
    switch (part_) {
      case Part::None: add({v, 0}); return true;  // count 0 marks a plain edge until the end
      case Part::Open: size_ = v, part_ = Part::Size; return true;
      case Part::Size: count_ = v, part_ = Part::Count; return true;
      case Part::Count: return false;
    }
    return false;
  }
  bool open_run() { return runs_ && part_ == Part::None && (part_ = Part::Open, true); }
  // Returns true when the event was taken; `finished` when it ended the item.
  bool close(bool& finished) {
    finished = false;
    if (part_ == Part::Count) {
      add({size_, count_});
      part_ = Part::None;
      return true;
    }
    if (part_ != Part::None || blocks_.empty()) return false;
    // Copied once, into memory of its exact size: what the axis keeps.
    size_t total = 0;
    for (const auto& block : blocks_) total += block.size();
    std::vector<Run> list;
    list.reserve(total);
    for (const auto& block : blocks_) {
      for (const Run& r : block) list.push_back({r.size, r.count + (r.count == 0)});
    }
    blocks_.clear();
    lists_.push_back(std::move(list));
    active_ = false;
    finished = true;
    return true;
  }
  size_t last_index() const { return lists_.size() - 1; }

  // False when the document refused a value (it is full).
  template <class Doc>
  bool replay(Doc& doc) {
    active_ = false;
    if (!doc.StartArray()) return false;
    push(Frame::Off);
    for (const auto& block : blocks_) {
      for (const Run& r : block) {
        const bool ok = r.count == 0 ? doc.Uint64(r.size)
                                     : doc.StartArray() && doc.Uint64(r.size) && doc.Uint64(r.count) && doc.EndArray(2);
        if (!ok) return false;
      }
    }
    if (part_ == Part::None) return true;
    if (!doc.StartArray()) return false;
    push(Frame::Off);
    if (part_ != Part::Open && !doc.Uint64(size_)) return false;
    return part_ != Part::Count || doc.Uint64(count_);
  }

 private:
  void add(Run r) {
    if (blocks_.empty() || blocks_.back().size() == kBlockRuns) blocks_.emplace_back();
    blocks_.back().push_back(r);
  }

  // Path: an object on the way to the array; Lists: that array.
  enum class Frame : char { Off, Path, Lists };
  enum class Part : char { None, Open, Size, Count };  // within a run [size, count]

  // The root object is on the path; below it, a container is on it only as
  // the value of the key the path names next: an object before the last
  // key, the array after it.
  void push(Frame wanted) {
    Frame f = Frame::Off;
    if (frames_.empty()) {
      if (wanted == Frame::Path && !at_.empty()) f = Frame::Path;
    } else if (frames_.back() == Frame::Path && key_matches_) {
      const bool last = frames_.size() == at_.size();
      if (wanted == (last ? Frame::Lists : Frame::Path)) f = wanted;
    }
    frames_.push_back(f);
    key_matches_ = false;
  }

  std::span<const std::string_view> at_;
  bool runs_;  // whether [size, count] items are read, or only plain edges
  std::vector<std::vector<Run>>& lists_;
  std::vector<Frame> frames_;
  bool key_matches_ = false;
  bool active_ = false;
  // The item's runs so far, in blocks that grow without moving what they
  // hold: a list of 10^7 edges is never copied while it grows.
  static constexpr size_t kBlockRuns = size_t(1) << 16;
  std::vector<std::vector<Run>> blocks_;
  Part part_ = Part::None;
  uint64_t size_ = 0, count_ = 0;
};

// The document being built, refused past kMaxJsonValues values (keys and
// containers included): more could not be held in WebAssembly's memory.
struct BoundedDocument {
  JsonDocument& doc;
  size_t values = 0;
  bool full = false;
  size_t depth = 0;  // containers open

  bool take() { return ++values <= kMaxJsonValues || (full = true, false); }
  bool Null() { return take() && doc.Null(); }
  bool Bool(bool b) { return take() && doc.Bool(b); }
  bool Uint64(uint64_t u) { return take() && doc.Uint64(u); }
  bool String(const char* s, rapidjson::SizeType n) { return take() && doc.String(s, n, true); }
  bool Key(const char* s, rapidjson::SizeType n) { return take() && doc.Key(s, n, true); }
  bool StartObject() { return take() && (++depth, doc.StartObject()); }
  bool EndObject(rapidjson::SizeType n) { return --depth, doc.EndObject(n); }
  bool StartArray() { return take() && (++depth, doc.StartArray()); }
  bool EndArray(rapidjson::SizeType n) { return --depth, doc.EndArray(n); }
};

// Forwards SAX events to a Document, storing exact integers as uint64 and
// tagging strings and other numbers; the lists that `lists` names become
// RunList values. Top-level members outside `only` (when it is not empty)
// are parsed but not kept: each stands as null, whatever its size.
struct TaggingHandler : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, TaggingHandler> {
  BoundedDocument out;
  RunListReader& lists;
  std::span<const std::string_view> only;
  std::string scratch;
  const rapidjson::MemoryStream* stream = nullptr;
  std::string_view source;  // the text being parsed
  // For a patched text: where the patches are, and the original text.
  const std::vector<Patch>* patches = nullptr;
  std::string_view original;
  size_t skipping = 0;      // containers open in a value not kept
  bool skip_value = false;  // the next value is a member not kept
  TaggingHandler(JsonDocument& d, RunListReader& l, std::span<const std::string_view> o)
      : out{d}, lists(l), only(o) {}

  // A scalar not kept: inside a skipped value, or the whole of one.
  bool skipped_scalar() {
    if (skipping) return true;
    if (!skip_value) return false;
    skip_value = false;
    out.doc.Null();
    return true;
  }
  bool skipped_start() {
    if (skipping) return ++skipping, true;
    if (!skip_value) return false;
    skip_value = false;
    skipping = 1;
    return true;
  }
  bool skipped_end() {
    if (!skipping) return false;
    if (--skipping == 0) out.doc.Null();
    return true;
  }

  // Any event that cannot belong to a list of runs ends reading one.
  bool interrupt() { return !lists.active() || lists.replay(out); }
  bool tagged(char tag, const char* s, size_t n) {
    scratch.assign(1, tag);
    scratch.append(s, n);
    return out.String(scratch.data(), static_cast<rapidjson::SizeType>(scratch.size()));
  }
  bool Null() {
    if (skipped_scalar()) return true;
    if (patches) {
      const size_t begin = stream->Tell() - 4;  // reported after "null"
      const auto p = std::lower_bound(patches->begin(), patches->end(), begin);
      if (p != patches->end() && p->begin == begin) {
        return RawNumber(original.data() + begin, static_cast<rapidjson::SizeType>(p->length), true);
      }
    }
    return interrupt() && out.Null();
  }
  bool Bool(bool b) { return skipped_scalar() || (interrupt() && out.Bool(b)); }
  // RapidJSON parses non-negative integers itself, quickly and exactly.
  bool Uint(unsigned u) { return Uint64(u); }
  bool Uint64(uint64_t u) {
    if (skipped_scalar()) return true;
    if (lists.active()) {
      if (lists.integer(u)) return true;
      if (!lists.replay(out)) return false;
    }
    return out.Uint64(u);
  }
  // Any other number keeps its exact text, read back from the source: the
  // parser reports a number just after its last character.
  bool Int(int) { return number_from_source(); }
  bool Int64(int64_t) { return number_from_source(); }
  bool Double(double d) { return std::isfinite(d) ? number_from_source() : non_finite(); }
  // ledger: non-finite-tokens
  // RapidJSON also takes Inf and -Inf; only the tokens that writers wrote
  // (Python's json module) are read.
  std::optional<size_t> bad_token;  // where a token was refused
  size_t non_finite_count = 0;
  bool non_finite() {
    if (skipped_scalar()) return true;
    const size_t end = stream->Tell();
    size_t begin = end;
    while (begin > 0 && (std::isalpha(static_cast<unsigned char>(source[begin - 1])) || source[begin - 1] == '-')) --begin;
    const std::string_view token = source.substr(begin, end - begin);
    if (token != "NaN" && token != "Infinity" && token != "-Infinity") return bad_token = begin, false;
    ++non_finite_count;
    return interrupt() && tagged(kNonFiniteTag, token.data(), token.size());
  }
  bool number_from_source() {
    if (skipped_scalar()) return true;
    const size_t end = stream->Tell();
    size_t begin = end;
    while (begin > 0 && std::strchr("0123456789+-.eE", source[begin - 1]) && source[begin - 1] != '\0') --begin;
    return RawNumber(source.data() + begin, static_cast<rapidjson::SizeType>(end - begin), true);
  }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    // A leading zero is a syntax error in JSON, so digits alone are canonical.
    if (auto v = plain_uint64({s, n})) return Uint64(*v);
    if (skipped_scalar()) return true;
    return interrupt() && tagged(kNumberTag, s, n);
  }
  bool String(const char* s, rapidjson::SizeType n, bool) {
    return skipped_scalar() || (interrupt() && tagged(kStringTag, s, n));
  }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    if (skipping) return true;
    const std::string_view key(s, n);
    skip_value = out.depth == 1 && !only.empty() && std::find(only.begin(), only.end(), key) == only.end();
    lists.key(key);
    return out.Key(s, n);
  }
  bool StartObject() {
    if (skipped_start()) return true;
    if (!interrupt()) return false;
    lists.start_object();
    return out.StartObject();
  }
  bool EndObject(rapidjson::SizeType n) {
    if (skipped_end()) return true;
    lists.end_container();
    return out.EndObject(n);
  }
  bool StartArray() {
    if (skipped_start()) return true;
    if (lists.active()) {
      if (lists.open_run()) return true;
      if (!lists.replay(out)) return false;
    }
    if (lists.start_array()) return true;
    return out.StartArray();
  }
  bool EndArray(rapidjson::SizeType n) {
    if (skipped_end()) return true;
    if (lists.active()) {
      bool finished;
      if (lists.close(finished)) {
        if (!finished) return true;
        const std::string index = std::to_string(lists.last_index());
        return tagged(kRunListTag, index.data(), index.size());
      }
      if (!lists.replay(out)) return false;
    }
    lists.end_container();
    return out.EndArray(n);
  }
};

// A node on the explicit stack of the duplicate-key walk. The pointer of a
// node is rebuilt from its parents only when a problem is reported.
struct WalkNode {
  const JsonValue* value;
  size_t parent;
  std::string_view key;  // empty with is_index for array elements
  size_t index;
  bool is_index;
};

std::string pointer_of(const std::vector<WalkNode>& nodes, size_t i) {
  std::vector<size_t> chain;
  for (size_t k = i; k != 0; k = nodes[k].parent) chain.push_back(k);
  // Built in place: linear in the pointer's length, however deep.
  std::string path;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const WalkNode& n = nodes[*it];
    if (n.is_index) pointer_push(path, std::to_string(n.index));
    else pointer_push(path, n.key);
  }
  return path;
}

void report_duplicate_keys(const JsonValue& root, Problems& errors, std::span<const std::string_view> only) {
  // Only containers go on the stack: a document of 10^7 numbers walks
  // only its few arrays and objects.
  const auto container = [](const JsonValue& v) { return v.IsObject() || v.IsArray(); };
  std::vector<WalkNode> nodes{{&root, 0, {}, 0, false}};
  std::vector<std::string_view> keys;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const JsonValue& v = *nodes[i].value;
    if (v.IsObject()) {
      keys.clear();
      for (auto m = v.MemberBegin(); m != v.MemberEnd(); ++m) {
        std::string_view key(m->name.GetString(), m->name.GetStringLength());
        if (i == 0 && !only.empty() && std::find(only.begin(), only.end(), key) == only.end()) continue;
        keys.push_back(key);
        if (container(m->value)) nodes.push_back({&m->value, i, key, 0, false});
      }
      std::sort(keys.begin(), keys.end());
      for (size_t k = 1; k < keys.size(); ++k) {
        if (keys[k] == keys[k - 1] && (k == 1 || keys[k - 2] != keys[k]) && !problems_full(errors)) {
          report(errors, {pointer_append(pointer_of(nodes, i), keys[k]),
                            "found the key \"" + std::string(keys[k]) + "\" more than once; expected unique keys",
                          ProblemCode::DuplicateKey});
        }
      }
    } else if (v.IsArray()) {
      for (rapidjson::SizeType k = 0; k < v.Size(); ++k) {
        if (container(v[k])) nodes.push_back({&v[k], i, {}, k, true});
      }
    }
  }
}

// The pointers asked for, as a trie of decoded reference tokens: the SAX
// pass follows it one key or index at a time, so that matching costs
// O(1) per value plus the key's length, however deep the value lies (an
// array walks its sorted index children alongside its elements).
class PointerTrie {
 public:
  static constexpr int32_t kNone = -1;

  // nullopt (and the index of the bad pointer) if one is malformed.
  std::optional<size_t> add_all(std::span<const std::string_view> pointers) {
    tokens_.resize(pointers.size());
    for (size_t i = 0; i < pointers.size(); ++i) {
      if (!pointer_tokens(pointers[i], tokens_[i])) return i;
    }
    // The maps below view the decoded tokens, which no longer move.
    nodes_.assign(1, Node{});
    slot_of_.resize(pointers.size());
    for (size_t i = 0; i < pointers.size(); ++i) {
      int32_t node = 0;
      for (const std::string& token : tokens_[i]) node = child_for(node, token);
      if (nodes_[node].slot == kNone) nodes_[node].slot = static_cast<int32_t>(slots_++);
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

 private:
  struct Node {
    std::unordered_map<std::string_view, int32_t> keys;
    std::vector<std::pair<uint64_t, int32_t>> indices;  // tokens that can name an array element
    int32_t slot = kNone;
  };

  int32_t child_for(int32_t node, const std::string& token) {
    if (const auto it = nodes_[node].keys.find(token); it != nodes_[node].keys.end()) return it->second;
    const auto child = static_cast<int32_t>(nodes_.size());
    nodes_.emplace_back();
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

}  // namespace

Expected<PointerPlaces, size_t> locate_pointers(std::string_view bytes, std::span<const std::string_view> pointers) {
  PointerTrie trie;
  if (const auto bad = trie.add_all(pointers)) return *bad;
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

std::optional<ByteSpan> top_level_member_span(std::string_view bytes, std::string_view key) {
  if (bytes.size() > kMaxDocumentBytes) return std::nullopt;
  const std::string pointer = pointer_append("", key);
  const std::string_view pointers[] = {pointer};
  const auto found = locate_pointers(bytes, pointers);
  if (!found || !found->complete || found->places[0].empty()) return std::nullopt;
  const ValueSpan& first = found->places[0].front();
  return ByteSpan{first.begin, first.end};
}

JsonKind kind_of(const JsonValue& v) {
  if (v.IsNull()) return JsonKind::Null;
  if (v.IsBool()) return JsonKind::Bool;
  if (v.IsObject()) return JsonKind::Object;
  if (v.IsArray()) return JsonKind::Array;
  if (v.IsUint64()) return JsonKind::Integer;
  switch (v.GetString()[0]) {
    case kNumberTag: return JsonKind::OtherNumber;
    case kRunListTag: return JsonKind::RunList;
    case kNonFiniteTag: return JsonKind::NonFinite;
    default: return JsonKind::String;
  }
}

std::string_view string_of(const JsonValue& v) { return {v.GetString() + 1, v.GetStringLength() - 1}; }
std::string_view number_text_of(const JsonValue& v) { return string_of(v); }

std::string describe_value(const JsonValue& v) {
  constexpr size_t kQuoteLimit = 40;
  const auto quote = [](std::string_view s) {
    return s.size() <= kQuoteLimit ? std::string(s) : std::string(s.substr(0, kQuoteLimit)) + "...";
  };
  switch (kind_of(v)) {
    case JsonKind::Null: return "null";
    case JsonKind::Bool: return v.GetBool() ? "true" : "false";
    case JsonKind::Object: return "an object";
    case JsonKind::Array: return v.Empty() ? "[]" : "an array";
    case JsonKind::RunList: return "an array";
    case JsonKind::String: return "the string \"" + quote(string_of(v)) + "\"";
    case JsonKind::Integer: return std::to_string(v.GetUint64());
    case JsonKind::OtherNumber: return quote(number_text_of(v));
    case JsonKind::NonFinite: return std::string(number_text_of(v)) + " (a token JSON does not have)";
  }
  return "a value";
}

namespace {

// A JSON number as 0.digits × 10^point, digits without leading zeros (none
// for zero).
struct Decimal {
  bool negative = false;
  std::string digits;
  int64_t point = 0;
};

Decimal decimal_of(std::string_view t) {
  // JSON grammar (already checked by the parser): -?int(.frac)?([eE][+-]?exp)?
  Decimal d;
  d.negative = !t.empty() && t[0] == '-';
  if (d.negative) t.remove_prefix(1);
  size_t i = 0;
  for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) d.digits += t[i];
  d.point = static_cast<int64_t>(d.digits.size());
  if (i < t.size() && t[i] == '.') {
    for (++i; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) d.digits += t[i];
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    const bool negative_exponent = t[i] == '-';
    if (t[i] == '+' || t[i] == '-') ++i;
    int64_t exponent = 0;
    // Clamped: any exponent beyond 2^40 is as good as infinite here.
    for (; i < t.size(); ++i) exponent = std::min<int64_t>(exponent * 10 + (t[i] - '0'), int64_t(1) << 40);
    d.point += negative_exponent ? -exponent : exponent;
  }
  const size_t first = std::min(d.digits.find_first_not_of('0'), d.digits.size());
  d.point -= static_cast<int64_t>(first);
  d.digits.erase(0, first);
  return d;
}

}  // namespace

ExactNumber exact_number(std::string_view t) {
  using K = ExactNumber::Kind;
  const Decimal d = decimal_of(t);
  if (d.negative) return {K::Negative};  // -0 included: it is not how JSON writes 0
  if (d.digits.empty()) return {K::Integer, 0};  // 0.0, 0e5
  const int64_t kept = std::clamp<int64_t>(d.point, 0, static_cast<int64_t>(d.digits.size()));
  if (d.point < 0 || d.digits.find_first_not_of('0', kept) != std::string::npos) return {K::Fraction};
  if (d.point > 20) return {K::TooLarge};
  const auto value = plain_uint64(d.digits.substr(0, kept) + std::string(d.point - kept, '0'));
  if (!value) return {K::TooLarge};
  return {K::Integer, *value};
}

std::optional<std::string> integral_text(std::string_view t) {
  const bool negative = !t.empty() && t[0] == '-';
  const ExactNumber exact = exact_number(negative ? t.substr(1) : t);
  if (exact.kind != ExactNumber::Kind::Integer) return std::nullopt;
  return (negative && exact.value != 0 ? "-" : "") + std::to_string(exact.value);
}

void set_number(JsonValue& v, std::string_view text, JsonPool& pool) {
  if (const auto u = plain_uint64(text)) return void(v.SetUint64(*u));
  const std::string tagged = kNumberTag + std::string(text);
  v.SetString(tagged.data(), static_cast<rapidjson::SizeType>(tagged.size()), pool);
}

JsonValue json_string(std::string_view s, JsonPool& pool) {
  const std::string tagged = kStringTag + std::string(s);
  return JsonValue(tagged.data(), static_cast<rapidjson::SizeType>(tagged.size()), pool);
}

std::vector<std::pair<std::string, const JsonValue*>> non_finite_pointers(const JsonValue& root) {
  // As the duplicate-key walk: containers only on the list, pointers built
  // only for what is found.
  std::vector<std::pair<std::string, const JsonValue*>> out;
  std::vector<WalkNode> nodes{{&root, 0, {}, 0, false}};
  if (kind_of(root) == JsonKind::NonFinite) out.emplace_back("", &root);
  for (size_t i = 0; i < nodes.size(); ++i) {
    const JsonValue& v = *nodes[i].value;
    const auto visit = [&](const JsonValue& item, std::string_view key, size_t index, bool is_index) {
      if (item.IsObject() || item.IsArray()) {
        nodes.push_back({&item, i, key, index, is_index});
      } else if (kind_of(item) == JsonKind::NonFinite) {
        std::string path = pointer_of(nodes, i);
        if (is_index) pointer_push(path, std::to_string(index));
        else pointer_push(path, key);
        out.emplace_back(std::move(path), &item);
      }
    };
    if (v.IsObject()) {
      for (auto m = v.MemberBegin(); m != v.MemberEnd(); ++m) visit(m->value, {m->name.GetString(), m->name.GetStringLength()}, 0, false);
    } else if (v.IsArray()) {
      for (rapidjson::SizeType k = 0; k < v.Size(); ++k) visit(v[k], {}, k, true);
    }
  }
  return out;
}

bool magnitude_at_least(std::string_view number_text, std::string_view bound_text) {
  const Decimal a = decimal_of(number_text);
  const Decimal b = decimal_of(bound_text);
  if (a.digits.empty() || b.digits.empty()) return b.digits.empty();
  if (a.point != b.point) return a.point > b.point;
  for (size_t i = 0; i < std::max(a.digits.size(), b.digits.size()); ++i) {
    const char x = i < a.digits.size() ? a.digits[i] : '0';
    const char y = i < b.digits.size() ? b.digits[i] : '0';
    if (x != y) return x > y;
  }
  return true;
}

const JsonValue* member(const JsonValue& object, std::string_view key) {
  for (auto m = object.MemberBegin(); m != object.MemberEnd(); ++m) {
    if (std::string_view(m->name.GetString(), m->name.GetStringLength()) == key) return &m->value;
  }
  return nullptr;
}

std::vector<Run>* ParsedJson::runs_of(const JsonValue& v) {
  if (kind_of(v) != JsonKind::RunList) return nullptr;
  const std::string_view digits = string_of(v);
  size_t index = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), index);
  return &run_lists[index];
}

void parse_json(std::string_view bytes, Quirks quirks, ParsedJson& out, std::span<const std::string_view> only,
                RunListPath run_lists) {
  if (bytes.size() > kMaxDocumentBytes) {
    out.errors.push_back({"", "found a document of " + std::to_string(bytes.size()) + " bytes; expected at most " +
                                  std::to_string(kMaxDocumentBytes) + " (128 MiB)",
                      ProblemCode::TooLarge});
    return;
  }
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  size_t skipped = 0;  // so that error offsets count from the input's first byte
  if (bytes.substr(0, 3) == kBom) {  // ledger: byte-order-mark
    const bool read = note_quirk(quirks, {Quirk::ByteOrderMark, "", "a UTF-8 byte-order mark", "JSON text after it",
                                          "JSON text without one", ProblemCode::Encoding, ProblemCode::ByteOrderMark},
                                 out.errors, out.warnings, {Fix::Kind::RemoveBom});
    if (!read) return;
    bytes.remove_prefix(3);
    skipped = 3;
  }
  constexpr unsigned kFlags =
      rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag | rapidjson::kParseNanAndInfFlag;
  rapidjson::ParseResult result;
  bool full = false;
  std::optional<size_t> bad_token;
  const auto parse = [&](std::string_view text, const std::vector<Patch>* patches) {
    rapidjson::MemoryStream stream(text.data(), text.size());
    JsonReader reader;
    auto generate = [&](JsonDocument& doc) {
      out.run_lists.clear();
      RunListReader lists(run_lists, out.run_lists);
      TaggingHandler handler(doc, lists, only);
      handler.stream = &stream;
      handler.source = text;
      handler.patches = patches;
      handler.original = bytes;
      result = reader.Parse<kFlags>(stream, handler);
      full = handler.out.full;
      bad_token = handler.bad_token;
      out.non_finite = handler.non_finite_count;
      // Inf, -Inf or -NaN: as invalid as without the flag.
      if (bad_token) result.Set(rapidjson::kParseErrorValueInvalid, *bad_token);
      // MemoryStream reads a NUL byte as the end of input: the parser stops
      // there and skips nothing after it. Any byte left over is an error.
      if (!result.IsError() && stream.Tell() != text.size()) {
        result.Set(rapidjson::kParseErrorDocumentRootNotSingular, stream.Tell());
      }
      return !result.IsError();
    };
    out.document.Populate(generate);
  };
  parse(bytes, nullptr);
  if (result.Code() == rapidjson::kParseErrorNumberTooBig) {
    // Valid JSON all the same: read such numbers from their text.
    std::string patched(bytes);
    const std::vector<Patch> patches = patch_huge_numbers(patched);
    parse(patched, &patches);
  }
  if (full) {
    const std::string limit = std::to_string(kMaxJsonValues);
    out.errors.push_back({"", "found more than " + limit + " JSON values (keys and containers included; valid " +
                                  "chunk_shapes edge lists, read as runs, not counted); expected at most " + limit,
                      ProblemCode::TooLarge});
    return;
  }
  if (result.IsError()) {
    const size_t at = result.Offset() + skipped;
    out.errors.push_back({"", "found invalid JSON at byte " + std::to_string(at) + ": " +
                                  rapidjson::GetParseError_En(result.Code()),
                          result.Code() == rapidjson::kParseErrorStringInvalidEncoding ? ProblemCode::Encoding
                                                                                         : ProblemCode::Syntax,
                          static_cast<int64_t>(at)});
    return;
  }
  report_duplicate_keys(out.document, out.errors, only);
  out.ok = true;
}

}  // namespace zr
