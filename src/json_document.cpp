#include "json_document.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <vector>

#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>

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

namespace {

// Strings and non-integer numbers are both stored as DOM strings, told
// apart by a one-byte tag. Object keys are stored untagged.
constexpr char kStringTag = 'S';
constexpr char kNumberTag = 'N';
constexpr char kRunListTag = 'L';  // followed by the list's index in run_lists

// A number token that RapidJSON refuses (1e400, or hundreds of digits),
// replaced by `null` and spaces in a same-length copy of the text.
struct Patch {
  size_t begin, length;
  bool operator<(size_t offset) const { return begin < offset; }
};

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
  rapidjson::Document& doc;
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
  TaggingHandler(rapidjson::Document& d, RunListReader& l, std::span<const std::string_view> o)
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
  bool Double(double) { return number_from_source(); }
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

// Watches SAX events for the top-level member `key` and records where its
// value begins and ends, using the stream position at each event.
struct SpanFinder : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, SpanFinder> {
  const rapidjson::MemoryStream& stream;
  std::string_view bytes, key;
  int depth = 0;
  bool in_value = false;
  std::optional<ByteSpan> span;
  SpanFinder(const rapidjson::MemoryStream& s, std::string_view b, std::string_view k) : stream(s), bytes(b), key(k) {}

  size_t here() const { return stream.Tell(); }
  // A scalar or a closing bracket at the member's own depth ends its value.
  // The parser reports a scalar after consuming it, a closing bracket before.
  bool finish(size_t pending) {
    if (in_value && depth == 1) span->end = here() + pending, in_value = false;
    return true;
  }
  bool Default() { return finish(0); }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    if (depth == 1 && !span && std::string_view(s, n) == key) {
      size_t begin = here();  // just past the key's closing quote
      while (begin < bytes.size() && (std::isspace(static_cast<unsigned char>(bytes[begin])) || bytes[begin] == ':')) ++begin;
      span = ByteSpan{begin, begin};
      in_value = true;
    }
    return true;
  }
  bool StartObject() { return ++depth, true; }
  bool StartArray() { return ++depth, true; }
  bool EndObject(rapidjson::SizeType) { return --depth, finish(1); }
  bool EndArray(rapidjson::SizeType) { return --depth, finish(1); }
};

}  // namespace

std::optional<ByteSpan> top_level_member_span(std::string_view bytes, std::string_view key) {
  if (bytes.size() > kMaxDocumentBytes) return std::nullopt;
  rapidjson::MemoryStream stream(bytes.data(), bytes.size());
  SpanFinder finder(stream, bytes, key);
  rapidjson::Reader reader;
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag |
                              rapidjson::kParseNumbersAsStringsFlag;
  if (reader.Parse<kFlags>(stream, finder).IsError() || !finder.span || finder.in_value) return std::nullopt;
  return finder.span;
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
  }
  return "a value";
}

ExactNumber exact_number(std::string_view t) {
  using K = ExactNumber::Kind;
  // JSON grammar (already checked by the parser): -?int(.frac)?([eE][+-]?exp)?
  const bool negative = !t.empty() && t[0] == '-';
  if (negative) t.remove_prefix(1);
  std::string digits;
  size_t i = 0;
  for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) digits += t[i];
  int64_t point = static_cast<int64_t>(digits.size());  // decimal point position within `digits`
  if (i < t.size() && t[i] == '.') {
    for (++i; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) digits += t[i];
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    const bool negative_exponent = t[i] == '-';
    if (t[i] == '+' || t[i] == '-') ++i;
    int64_t exponent = 0;
    // Clamped: any exponent beyond 2^40 is as good as infinite here.
    for (; i < t.size(); ++i) exponent = std::min<int64_t>(exponent * 10 + (t[i] - '0'), int64_t(1) << 40);
    point += negative_exponent ? -exponent : exponent;
  }
  const size_t first = std::min(digits.find_first_not_of('0'), digits.size());
  point -= static_cast<int64_t>(first);
  digits.erase(0, first);
  if (negative) return {K::Negative};  // -0 included: it is not how JSON writes 0
  if (digits.empty()) return {K::Integer, 0};  // 0.0, 0e5
  const int64_t kept = std::clamp<int64_t>(point, 0, static_cast<int64_t>(digits.size()));
  if (point < 0 || digits.find_first_not_of('0', kept) != std::string::npos) return {K::Fraction};
  if (point > 20) return {K::TooLarge};
  const auto value = plain_uint64(digits.substr(0, kept) + std::string(point - kept, '0'));
  if (!value) return {K::TooLarge};
  return {K::Integer, *value};
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

void parse_json(std::string_view bytes, bool lenient, ParsedJson& out, std::span<const std::string_view> only,
                RunListPath run_lists) {
  if (bytes.size() > kMaxDocumentBytes) {
    out.errors.push_back({"", "found a document of " + std::to_string(bytes.size()) + " bytes; expected at most " +
                                  std::to_string(kMaxDocumentBytes) + " (128 MiB)",
                      ProblemCode::TooLarge});
    return;
  }
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  size_t skipped = 0;  // so that error offsets count from the input's first byte
  if (bytes.substr(0, 3) == kBom) {
    Problem bom{"", "found a UTF-8 byte-order mark; expected JSON text without one",
                lenient ? ProblemCode::ByteOrderMark : ProblemCode::Encoding};
    (lenient ? out.warnings : out.errors).push_back(bom);
    if (!lenient) return;
    bytes.remove_prefix(3);
    skipped = 3;
  }
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;
  rapidjson::ParseResult result;
  bool full = false;
  const auto parse = [&](std::string_view text, const std::vector<Patch>* patches) {
    rapidjson::MemoryStream stream(text.data(), text.size());
    rapidjson::Reader reader;
    auto generate = [&](rapidjson::Document& doc) {
      out.run_lists.clear();
      RunListReader lists(run_lists, out.run_lists);
      TaggingHandler handler(doc, lists, only);
      handler.stream = &stream;
      handler.source = text;
      handler.patches = patches;
      handler.original = bytes;
      result = reader.Parse<kFlags>(stream, handler);
      full = handler.out.full;
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
