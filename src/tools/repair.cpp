#include "repair.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>

#include "document.hpp"
#include "json_document.hpp"

namespace zr {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kShapeSuffix = "/configuration/chunk_shape";

struct Edit {
  size_t begin, end;
  std::string text;
};

// One ledger entry's fix, placed in the text: its edits, and the place
// reported as changed (which holds the edits, except a removed member's
// commas).
struct Placed {
  const Problem* warning;
  std::string pointer;
  std::vector<Edit> edits;
  size_t begin, end;            // the place reported
  size_t hull_begin, hull_end;  // the place reported and every edit
  bool removed = false;
};

class Pass {
 public:
  Pass(std::string_view text, std::map<std::string, std::string>& reasons) : text_(text), reasons_(reasons) {
    skip_ = text.substr(0, kBom.size()) == kBom ? kBom.size() : 0;
  }

  // Places each fixable warning's fix; one that cannot be placed is left,
  // with its reason.
  std::vector<Placed> place(const Problems& warnings) {
    std::vector<const Problem*> fixable;
    std::vector<std::string> pointers;
    for (const Problem& w : warnings) {
      if (w.fix.kind == Fix::Kind::None || w.fix.kind == Fix::Kind::Unfixable) continue;
      fixable.push_back(&w);
      if (w.fix.kind == Fix::Kind::RemoveBom) continue;
      pointers.push_back(w.path);
      if (w.fix.kind == Fix::Kind::Rectilinear && grid_pointer(w.path)) {
        pointers.push_back(*grid_pointer(w.path));
        pointers.push_back(*grid_pointer(w.path) + "/name");
      }
    }
    const std::vector<std::string_view> views(pointers.begin(), pointers.end());
    const auto located = locate_pointers(text_.substr(skip_), views);
    for (size_t i = 0; located && i < pointers.size(); ++i) places_[pointers[i]] = located->places[i];
    std::vector<Placed> out;
    for (const Problem* w : fixable) {
      if (auto p = place_one(*w)) out.push_back(std::move(*p));
    }
    return out;
  }

 private:
  static std::optional<std::string> grid_pointer(const std::string& shape) {
    if (shape.size() < kShapeSuffix.size() || !shape.ends_with(kShapeSuffix)) return std::nullopt;
    return shape.substr(0, shape.size() - kShapeSuffix.size());
  }

  // The one place of `pointer`, in bytes of the whole text; a key written
  // twice leaves the entry as it is.
  std::optional<ValueSpan> one(const std::string& pointer, const Problem& w) {
    const std::vector<ValueSpan>& found = places_[pointer];
    if (found.size() != 1) {
      reasons_[w.path] = found.empty() ? "its place in the text was not found; left as it is"
                                       : "written " + std::to_string(found.size()) + " times (a duplicate key); left as it is";
      return std::nullopt;
    }
    ValueSpan s = found[0];
    if (s.key_begin) *s.key_begin += skip_;
    s.begin += skip_;
    s.end += skip_;
    return s;
  }

  std::string_view at(size_t begin, size_t end) const { return text_.substr(begin, end - begin); }

  std::optional<Placed> place_one(const Problem& w) {
    Placed p{&w, w.path, {}, 0, 0, 0, 0};
    switch (w.fix.kind) {
      case Fix::Kind::RemoveBom:
        p.pointer = "";
        p.edits = {{0, kBom.size(), ""}};
        p.end = kBom.size();
        break;
      case Fix::Kind::Value:
      case Fix::Kind::WrapName: {
        const auto s = one(w.path, w);
        if (!s) return std::nullopt;
        const std::string text = w.fix.kind == Fix::Kind::Value ? w.fix.text : "{\"name\": " + std::string(at(s->begin, s->end)) + "}";
        p.edits = {{s->begin, s->end, text}};
        p.begin = s->begin;
        p.end = s->end;
        break;
      }
      case Fix::Kind::RemoveMember: {
        const auto s = one(w.path, w);
        if (!s || !s->key_begin) return std::nullopt;
        // With the comma after it and the space up to the next key; the
        // last member takes the comma before it instead.
        size_t after = s->end;
        while (after < text_.size() && json_space(text_[after])) ++after;
        size_t begin = *s->key_begin, end = s->end;
        if (after < text_.size() && text_[after] == ',') {
          for (end = after + 1; end < text_.size() && json_space(text_[end]);) ++end;
        } else {
          size_t before = begin;
          while (before > 0 && json_space(text_[before - 1])) --before;
          if (before > 0 && text_[before - 1] == ',') begin = before - 1;
        }
        p.edits = {{begin, end, ""}};
        p.begin = *s->key_begin;
        p.end = s->end;
        p.removed = true;
        break;
      }
      case Fix::Kind::Rectilinear: {
        // The grid's name, and the key "chunk_shape" (its value, the edges,
        // stays as written: an integer is a step there too).
        const auto grid_at = grid_pointer(w.path);
        if (!grid_at) return std::nullopt;
        const auto grid = one(*grid_at, w);
        const auto name = one(*grid_at + "/name", w);
        const auto shape = one(w.path, w);
        if (!grid || !name || !shape || !shape->key_begin) return std::nullopt;
        size_t key_end = shape->begin;
        while (json_space(text_[key_end - 1])) --key_end;
        --key_end;  // the colon
        while (json_space(text_[key_end - 1])) --key_end;
        p.pointer = *grid_at;
        p.edits = {{name->begin, name->end, "\"rectilinear\""}, {*shape->key_begin, key_end, "\"kind\": \"inline\", \"chunk_shapes\""}};
        std::sort(p.edits.begin(), p.edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
        p.begin = grid->begin;
        p.end = grid->end;
        break;
      }
      case Fix::Kind::None:
      case Fix::Kind::Unfixable: return std::nullopt;
    }
    p.hull_begin = std::min(p.begin, p.edits.front().begin);
    p.hull_end = std::max(p.end, p.edits.back().end);
    return p;
  }

  std::string_view text_;
  size_t skip_;
  std::map<std::string, std::string>& reasons_;
  std::map<std::string, std::vector<ValueSpan>> places_;
};

// The smallest hull end among a range of fixes (sorted by hull start), and
// the smallest among those whose place is not the first's: a fix waits for
// one of another place, so two suffice. Merged in a segment tree, so that
// each fix asks about the fixes inside its place in O(log n), not O(n).
struct Nearest {
  static constexpr size_t kNone = SIZE_MAX;
  struct End {
    size_t end = kNone;
    size_t place = kNone;  // which place: fixes of equal places share it
  };
  End first, other;

  void add(const End& e) {
    if (e.end < first.end) {
      if (e.place != first.place) other = first;
      first = e;
    } else if (e.place != first.place && e.end < other.end) {
      other = e;
    }
  }
  void add(const Nearest& n) {
    add(n.first);
    add(n.other);
  }
  // The smallest hull end of a fix whose place is not `place`.
  size_t end_besides(size_t place) const { return first.place != place ? first.end : other.end; }
};

// The fixes that touch no other: one whose place holds another's waits
// for a later pass (its edges are repaired first), and of fixes that
// overlap, the first in the text goes first.
std::vector<Placed> disjoint(std::vector<Placed> placed) {
  std::sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) { return a.hull_begin < b.hull_begin; });
  const size_t n = placed.size();
  // Each distinct place, numbered in the order of places.
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  const auto place_of = [&](size_t i) { return std::pair(placed[i].begin, placed[i].end); };
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return place_of(a) < place_of(b); });
  std::vector<size_t> place(n);
  for (size_t k = 0; k < n; ++k) place[order[k]] = k > 0 && place_of(order[k]) == place_of(order[k - 1]) ? place[order[k - 1]] : k;
  std::vector<Nearest> tree(2 * n);
  for (size_t i = 0; i < n; ++i) tree[n + i].add(Nearest::End{placed[i].hull_end, place[i]});
  for (size_t i = n; i-- > 1;) {
    tree[i] = tree[2 * i];
    tree[i].add(tree[2 * i + 1]);
  }
  // Whether a fix of another place lies within [p.begin, p.end]: its hull
  // starts there (a range of the sorted fixes) and ends by p.end.
  const auto holds_another = [&](size_t i) {
    const Placed& p = placed[i];
    const auto by_start = [](const Placed& q, size_t at) { return q.hull_begin < at; };
    size_t lo = std::lower_bound(placed.begin(), placed.end(), p.begin, by_start) - placed.begin() + n;
    size_t hi = std::upper_bound(placed.begin(), placed.end(), p.end, [](size_t at, const Placed& q) { return at < q.hull_begin; }) -
                placed.begin() + n;
    Nearest found;
    for (; lo < hi; lo /= 2, hi /= 2) {
      if (lo & 1) found.add(tree[lo++]);
      if (hi & 1) found.add(tree[--hi]);
    }
    return found.end_besides(place[i]) <= p.end;
  };
  std::vector<bool> waits(n);
  for (size_t i = 0; i < n; ++i) waits[i] = holds_another(i);
  std::vector<Placed> out;
  for (size_t i = 0; i < n; ++i) {
    if (waits[i] || (!out.empty() && placed[i].hull_begin < out.back().hull_end)) continue;
    out.push_back(std::move(placed[i]));
  }
  return out;
}

// Applies `fixes` (disjoint, in text order) to `text`, recording each change.
std::string apply(std::string_view text, const std::vector<Placed>& fixes, std::vector<RepairChange>& changes) {
  std::string out;
  size_t copied = 0;
  for (const Placed& p : fixes) {
    std::string after_place(text.substr(p.begin, p.end - p.begin));
    for (auto e = p.edits.rbegin(); e != p.edits.rend(); ++e) {
      if (e->begin >= p.begin && e->end <= p.end) after_place.replace(e->begin - p.begin, e->end - e->begin, e->text);
    }
    changes.push_back({p.pointer, std::string(text.substr(p.begin, p.end - p.begin)), p.removed ? "" : after_place,
                       std::string(p.warning->entry)});
    for (const Edit& e : p.edits) {
      out.append(text.substr(copied, e.begin - copied));
      out += e.text;
      copied = e.end;
    }
  }
  out.append(text.substr(copied));
  return out;
}

}  // namespace

Repair repair_metadata(std::string_view input) {
  Repair out{std::string(input), {}, {}, {}};
  // Every fix in each read, however many: with the limit on problems
  // listed, each pass made at most 1000 changes, and the text was read
  // once for every 1000.
  const ReadOptions every_fix{Quirks::Repair};
  Document first = read_document(input, every_fix);
  if (!first.root.value) {
    out.errors = std::move(first.root.errors);
    return out;
  }
  // Each pass reads the text again, so that a fix that holds another (a
  // grid around its edges) sees the text it repaired; every pass applies
  // at least one fix, each of which ends a warning, so passes end. With
  // every fix read at once, there is a pass for each level of fixes that
  // hold others and for fixes that overlap (a member removed with the
  // comma before it), not one per 1000 changes.
  std::map<std::string, std::string> reasons;  // why a fix could not be placed, by pointer
  for (bool progress = true; progress;) {
    const Document doc = out.changes.empty() ? std::move(first) : read_document(out.text, every_fix);
    Pass pass(out.text, reasons);
    const std::vector<Placed> fixes = disjoint(pass.place(doc.root.warnings));
    progress = !fixes.empty();
    if (progress) out.text = apply(out.text, fixes, out.changes);
  }
  // A repair never makes a document worse: if it did (a "regular" grid's
  // configuration that already holds a "kind"), nothing changes.
  const Validation before = validate_metadata(input);
  const Validation after = validate_metadata(out.text);
  std::string worse;
  if (after.errors.size() > before.errors.size()) {
    worse = "repairing it would make the document invalid (" + after.errors.back().path + ": " + after.errors.back().message + "); left as it is";
    out.text = std::string(input);
    out.changes.clear();
  }
  for (const Problem& w : (worse.empty() ? after : before).warnings) {
    if (w.fix.kind == Fix::Kind::None) continue;
    const auto reason = reasons.find(w.path);
    out.unrepaired.push_back({w.path, std::string(w.entry),
                              !worse.empty()                         ? worse
                              : w.fix.kind == Fix::Kind::Unfixable ? w.fix.text
                              : reason != reasons.end()              ? reason->second
                                                                     : "it overlaps another change; left as it is"});
  }
  return out;
}

}  // namespace zr
