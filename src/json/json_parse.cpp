// parse_json (json_document.hpp): UTF-8 bytes to the document tree, with
// exact numbers, edge lists read straight into runs, and the limits that
// keep a hostile document within memory.
#include "json_document.hpp"

#include <algorithm>
#include <cctype>
#include <memory>
#include <utility>

#include <rapidjson/error/en.h>

#include "json_numbers.hpp"

namespace zr {

namespace {

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
      clear();
      unparsed_ = 0;
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
  // Whether the next item would be a plain edge of the list being read.
  bool between_items() const { return active_ && part_ == Part::None; }
  // A plain edge read from the text by the handler, not by RapidJSON
  // (TaggingHandler::read_plain_edges): its array count misses it.
  [[gnu::always_inline]] void add_unparsed_edge(uint64_t v) {
    add({v, 0});
    ++unparsed_;
  }
  // The edges RapidJSON did not count in the array that closes at `depth`
  // (the document's depth inside it), for its EndArray: only a list that
  // was replayed into the document closes there. Taken once.
  size_t take_uncounted(size_t depth) {
    if (depth != replayed_depth_) return 0;
    replayed_depth_ = 0;
    return std::exchange(uncounted_, 0);
  }
  // Returns true when the event was taken; `finished` when it ended the item.
  bool close(bool& finished) {
    finished = false;
    if (part_ == Part::Count) {
      add({size_, count_});
      part_ = Part::None;
      return true;
    }
    if (part_ != Part::None || blocks_.empty()) return false;
    // Copied once, block by block, into memory of its exact size, plain
    // edges made runs of count 1 first: no call per item.
    std::vector<Run> list;
    list.reserve((blocks_.size() - 1) * kBlockRuns + fill_);
    for (size_t b = 0; b < blocks_.size(); ++b) {
      Run* block = blocks_[b].get();
      const size_t n = used(b);
      for (size_t i = 0; i < n; ++i) block[i].count += block[i].count == 0;
      list.insert(list.end(), block, block + n);
    }
    clear();
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
    replayed_depth_ = doc.depth;
    uncounted_ = std::exchange(unparsed_, 0);
    push(Frame::Off);
    for (size_t b = 0; b < blocks_.size(); ++b) {
      for (const Run& r : std::span(blocks_[b].get(), used(b))) {
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
  // Once per item: a store, and a new block now and then.
  [[gnu::always_inline]] void add(Run r) {
    if (fill_ == kBlockRuns) {
      blocks_.emplace_back(new Run[kBlockRuns]);
      fill_ = 0;
    }
    blocks_.back()[fill_++] = r;
  }
  size_t used(size_t block) const { return block + 1 == blocks_.size() ? fill_ : kBlockRuns; }
  void clear() {
    blocks_.clear();
    fill_ = kBlockRuns;
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
  std::vector<std::unique_ptr<Run[]>> blocks_;  // full, but for the last
  size_t fill_ = kBlockRuns;                    // items in the last block
  Part part_ = Part::None;
  uint64_t size_ = 0, count_ = 0;
  size_t unparsed_ = 0;        // edges of the active list read by the handler
  size_t uncounted_ = 0;       // those of the list last replayed
  size_t replayed_depth_ = 0;  // the document's depth inside that list; 0: none
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
  rapidjson::MemoryStream* stream = nullptr;
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
  bool Uint64(uint64_t u) {
    if (skipped_scalar()) return true;
    if (lists.active()) {
      if (lists.integer(u)) {
        if (lists.between_items()) read_plain_edges();
        return true;
      }
      if (!lists.replay(out)) return false;
    }
    return out.Uint64(u);
  }
  // The plain edges after this one, read straight from the text while each
  // is a clean positive integer below 2^64: whitespace, a comma,
  // whitespace, digits, then whitespace, a comma or a bracket. Through
  // RapidJSON each edge took its number parser, a copy of its text and
  // three calls: most of the time a document of 10^7 edges took. RapidJSON
  // resumes after the last edge read here, in the state it left (after an
  // element), so anything else, and every error and its offset, stays its
  // own; it does not count these edges in the array (take_uncounted).
  void read_plain_edges() {
    const char* p = stream->src_;
    const char* const end = stream->end_;
    for (;;) {
      const char* q = p;
      while (q != end && json_space(*q)) ++q;
      if (q == end || *q != ',') break;
      ++q;
      while (q != end && json_space(*q)) ++q;
      if (q == end || *q < '1' || *q > '9') break;  // 0 or not an integer: RapidJSON's
      const char* const digits = q;
      while (q != end && *q >= '0' && *q <= '9') ++q;
      if (q == end || !(json_space(*q) || *q == ',' || *q == ']')) break;  // a fraction, an exponent, ...
      // As RawNumber reads an integer: past 2^64 - 1, RapidJSON's.
      const auto v = plain_uint64({digits, static_cast<size_t>(q - digits)});
      if (!v) break;
      lists.add_unparsed_edge(*v);
      p = q;
    }
    stream->src_ = p;
  }
  // ledger: non-finite-tokens
  // RapidJSON also takes Inf, -Inf and -NaN; only the tokens that writers
  // wrote (Python's json module) are read. The others are refused even in a
  // member that is not kept: text that is not JSON fails every reader of
  // the document alike, as `nan` does.
  std::optional<size_t> bad_token;  // where a token was refused
  size_t non_finite_count = 0;
  size_t source_offset = 0;  // bytes of the input before the text parsed (a byte-order mark)
  bool non_finite(std::string_view token) {
    const size_t begin = stream->Tell() - token.size();  // reported just after it
    if (token != "NaN" && token != "Infinity" && token != "-Infinity") return bad_token = begin, false;
    if (skipped_scalar()) return true;
    ++non_finite_count;
    const std::string text = std::string(token) + ' ' + std::to_string(source_offset + begin);
    return interrupt() && tagged(kNonFiniteTag, text.data(), text.size());
  }
  // Every number comes as its text (kParseNumbersAsStringsFlag: RapidJSON
  // converts none, so its floating-point conversion is not linked in), and
  // so does each token, which begins with a letter after an optional minus
  // where a number begins with a digit. RapidJSON reads a fraction and an
  // exponent after a token too (NaN.5, Infinitye5): not JSON, refused by
  // non_finite with the tokens it does not take.
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    const std::string_view text(s, n);
    if (std::isalpha(static_cast<unsigned char>(text[text[0] == '-' ? 1 : 0]))) return non_finite(text);
    // A leading zero is a syntax error in JSON, so digits alone are canonical.
    if (auto v = plain_uint64(text)) return Uint64(*v);
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
    return out.EndArray(n + static_cast<rapidjson::SizeType>(lists.take_uncounted(out.depth)));
  }
};

// What a syntax error is and where, in the words of someone who reads the
// text: RapidJSON reports a trailing comma at the bracket after it ("Invalid
// value", "Missing a name"), a misspelled literal such as `nan` at the
// letter it stopped on, and a NUL byte (where its MemoryStream ends) as
// the end of the input: "The document is empty" for a binary file. `at`
// (an offset in `text`) is moved to the comma, the literal's first letter,
// the NUL byte; `skipped` bytes came before `text` in the input.
std::string syntax_message(std::string_view text, rapidjson::ParseErrorCode code, size_t& at, size_t skipped) {
  const auto byte = [&] { return "at byte " + std::to_string(at + skipped); };
  if (at < text.size() && text[at] == '\0') return "found a NUL byte " + byte() + "; expected JSON text (UTF-8), not binary data";
  const bool closing = at < text.size() && (text[at] == ']' || text[at] == '}');
  if (closing && (code == rapidjson::kParseErrorValueInvalid || code == rapidjson::kParseErrorObjectMissName)) {
    size_t before = at;
    while (before > 0 && json_space(text[before - 1])) --before;
    if (before > 0 && text[before - 1] == ',') {
      at = before - 1;
      return "found a trailing comma " + byte() + "; expected a value after it (JSON has no trailing commas)";
    }
  }
  if (code == rapidjson::kParseErrorValueInvalid) {
    while (at > 0 && std::isalpha(static_cast<unsigned char>(text[at - 1]))) --at;
  }
  return "found invalid JSON " + byte() + ": " + rapidjson::GetParseError_En(code);
}

}  // namespace

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
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag |
                              rapidjson::kParseNanAndInfFlag | rapidjson::kParseNumbersAsStringsFlag;
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
      handler.patches = patches;
      handler.original = bytes;
      handler.source_offset = skipped;
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
    size_t at = result.Offset();
    const std::string message = syntax_message(bytes, result.Code(), at, skipped);
    out.errors.push_back({"", message,
                          result.Code() == rapidjson::kParseErrorStringInvalidEncoding ? ProblemCode::Encoding
                                                                                         : ProblemCode::Syntax,
                          static_cast<int64_t>(at + skipped)});
    return;
  }
  report_duplicate_keys(out.document, out.errors, only);
  out.ok = true;
}

}  // namespace zr
