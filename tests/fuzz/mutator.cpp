// The fuzzer's structure-aware mutator (LLVMFuzzerCustomMutator and
// LLVMFuzzerCustomCrossOver): most mutations edit the JSON tree (numbers at
// the edges of uint64 and double, run items, duplicate keys, wrong types,
// swapped subtrees) and write it back, so most inputs still parse and reach
// the grid code. A quarter are libFuzzer's own byte-level mutations (with
// the -dict tokens), which keep the syntax-error paths covered.
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "generator.hpp"
#include "reference_json.hpp"

namespace {

using namespace zr_fuzz;

struct Node {
  Val::Kind kind = Val::Null;
  std::string text;               // number or literal text, or a string as written
  std::vector<Node> kids;         // elements, or member values
  std::vector<std::string> keys;  // member names as written
};

bool to_node(const Val& v, Node& out, int depth) {
  if (depth > 200) return false;
  out.kind = v.kind;
  out.text = v.kind == Val::String ? v.raw : v.text;
  out.kids.resize(v.items.size());
  for (size_t i = 0; i < v.items.size(); ++i)
    if (!to_node(*v.items[i], out.kids[i], depth + 1)) return false;
  out.keys = v.raw_keys;
  return true;
}

void write(const Node& n, std::string& out) {
  switch (n.kind) {
    case Val::String: out += '"' + n.text + '"'; break;
    case Val::Array:
    case Val::Object: {
      const bool object = n.kind == Val::Object;
      out += object ? '{' : '[';
      for (size_t i = 0; i < n.kids.size(); ++i) {
        if (i) out += ',';
        if (object) out += '"' + n.keys[i] + "\":";
        write(n.kids[i], out);
      }
      out += object ? '}' : ']';
      break;
    }
    default: out += n.text;
  }
}

void collect(Node& n, std::vector<Node*>& all) {
  all.push_back(&n);
  for (Node& k : n.kids) collect(k, all);
}

const char* const kNumbers[] = {
    "0", "1", "2", "3", "4", "5", "7", "10", "16", "100", "255", "256", "1000", "65536", "100000",
    "4294967295", "4294967296", "9007199254740991", "9007199254740992", "9007199254740993",
    "4611686018427387904", "9223372036854775807", "9223372036854775808", "18446744073709551614",
    "18446744073709551615", "18446744073709551616", "99999999999999999999", "1000000000000",
    "-1", "-0", "0.0", "1.0", "10.0", "1e3", "1E2", "1e0", "1.5", "0.5", "2.50e1", "1e400", "-1e400",
    "1e-400", "1e19", "1.8446744073709551615e19", "1.8446744073709551616e19", "123456789012345678901234567890",
    // at the edges of the float types' ranges (fill values)
    "65504", "65520", "3.4028234663852886e38", "3.4028235677973366e38", "1.7976931348623157e308", "1.7976931348623159e308",
    // Python's tokens (docs/writers-ledger.md, non-finite-tokens), and RapidJSON's, which no writer writes
    "NaN", "Infinity", "-Infinity", "Inf", "-Inf", "-NaN"};
const char* const kStrings[] = {"regular", "rectilinear", "inline", "external", "array", "group", "", "uint8",
                                "default", "bytes", "shape", "3", "10"};
const char* const kKeys[] = {"zarr_format", "node_type", "shape", "data_type", "chunk_grid", "name", "configuration",
                             "kind", "chunk_shape", "chunk_shapes", "chunk_key_encoding", "fill_value", "codecs",
                             "attributes", "x"};

template <size_t N>
const char* pick(Rng& rng, const char* const (&list)[N]) {
  return list[rng.below(N)];
}

Node number_node(std::string text) {
  Node n;
  n.kind = Val::Number;
  n.text = std::move(text);
  return n;
}

std::string random_number(Rng& rng) {
  switch (rng.below(4)) {
    case 0: return std::to_string(1 + rng.below(16));
    case 1: return std::to_string(rng.next() >> rng.below(64));
    default: return pick(rng, kNumbers);
  }
}

// A plain integer's text, nudged.
std::string tweak(Rng& rng, const std::string& text) {
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
    return random_number(rng);
  u128 v = 0;
  for (char c : text) v = v * 10 + u128(c - '0');
  if (v > kMax) return random_number(rng);
  const u64 x = u64(v);
  switch (rng.below(6)) {
    case 0: return std::to_string(u128(x) + 1 > kMax ? x : x + 1);  // to_string has no u128; clamp
    case 1: return std::to_string(x ? x - 1 : 0);
    case 2: return std::to_string(x > kMax / 2 ? x : 2 * x);
    case 3: return std::to_string(x / 2);
    case 4: return std::to_string(rng.below(x == kMax ? kMax : x + 1));
    default: return std::to_string(x + rng.below(8) < x ? x : x + rng.below(8));
  }
}

Node run_node(Rng& rng) {
  Node n;
  n.kind = Val::Array;
  n.kids = {number_node(std::to_string(1 + rng.below(12))), number_node(rng.chance(80) ? std::to_string(1 + rng.below(6)) : random_number(rng))};
  return n;
}

void mutate_tree(Node& root, Rng& rng) {
  std::vector<Node*> all;
  collect(root, all);
  Node* t = all[rng.below(all.size())];
  const Node donor = *all[rng.below(all.size())];  // copied before anything moves
  switch (rng.below(14)) {
    case 0:
    case 1:  // a number: nudged or replaced
      if (t->kind == Val::Number && rng.chance(60)) t->text = tweak(rng, t->text);
      else if (t->kind == Val::Number || rng.chance(30)) *t = number_node(random_number(rng));
      break;
    case 2:  // a string
      if (t->kind == Val::String || rng.chance(10)) {
        Node s;
        s.kind = Val::String;
        s.text = pick(rng, kStrings);
        *t = s;
      }
      break;
    case 3:  // insert into an array: a copy, a number or a run
      if (t->kind == Val::Array) {
        const size_t at = rng.below(t->kids.size() + 1);
        Node item = rng.chance(40) ? donor : rng.chance(50) ? run_node(rng) : number_node(random_number(rng));
        t->kids.insert(t->kids.begin() + at, std::move(item));
      }
      break;
    case 4:  // delete an element or member
      if (!t->kids.empty()) {
        const size_t at = rng.below(t->kids.size());
        t->kids.erase(t->kids.begin() + at);
        if (t->kind == Val::Object) t->keys.erase(t->keys.begin() + at);
      }
      break;
    case 5:  // duplicate an element or member (duplicate keys)
      if (!t->kids.empty()) {
        const size_t at = rng.below(t->kids.size());
        Node copy = t->kids[at];
        t->kids.insert(t->kids.begin() + at + 1, std::move(copy));
        if (t->kind == Val::Object) t->keys.insert(t->keys.begin() + at + 1, t->keys[at]);
      }
      break;
    case 6:  // rename a member
      if (t->kind == Val::Object && !t->keys.empty()) t->keys[rng.below(t->keys.size())] = pick(rng, kKeys);
      break;
    case 7:  // add a member
      if (t->kind == Val::Object) {
        t->keys.push_back(pick(rng, kKeys));
        t->kids.push_back(donor);
      }
      break;
    case 8: {  // wrap in an array
      Node w;
      w.kind = Val::Array;
      w.kids.push_back(std::move(*t));
      if (rng.chance(30)) w.kids.push_back(number_node(random_number(rng)));
      *t = std::move(w);
      break;
    }
    case 9:  // unwrap an array
      if (t->kind == Val::Array && !t->kids.empty()) {
        Node first = std::move(t->kids[rng.below(t->kids.size())]);
        *t = std::move(first);
      }
      break;
    case 10:  // replace with another subtree
      *t = donor;
      break;
    case 11: {  // replace with a value of another type
      Node v;
      switch (rng.below(6)) {
        case 0: v.kind = Val::Null, v.text = "null"; break;
        case 1: v.kind = Val::Bool, v.text = rng.chance(50) ? "true" : "false"; break;
        case 2: v.kind = Val::String, v.text = pick(rng, kStrings); break;
        case 3: v.kind = Val::Array; break;
        case 4: v.kind = Val::Object; break;
        default: v = number_node(random_number(rng)); break;
      }
      *t = std::move(v);
      break;
    }
    case 12:  // a run item: [v, n], or a malformed one
      if (t->kind == Val::Array || t->kind == Val::Number) {
        Node r = run_node(rng);
        if (rng.chance(15)) r.kids.pop_back();
        else if (rng.chance(15)) r.kids.push_back(number_node("1"));
        *t = std::move(r);
      }
      break;
    default:  // swap two elements
      if (t->kids.size() >= 2) {
        const size_t a = rng.below(t->kids.size()), b = rng.below(t->kids.size());
        std::swap(t->kids[a], t->kids[b]);
        if (t->kind == Val::Object) std::swap(t->keys[a], t->keys[b]);
      }
      break;
  }
}

// Splits an input into its mode byte, BOM flag and tree; false if it does not parse.
bool input_tree(const uint8_t* data, size_t size, uint8_t& mode, bool& bom, Node& root) {
  if (size == 0) return false;
  mode = data[0];
  std::string_view doc(reinterpret_cast<const char*>(data + 1), size - 1);
  bom = doc.substr(0, 3) == "\xEF\xBB\xBF";
  if (bom) doc.remove_prefix(3);
  Json json;
  return json.parse(doc) && to_node(json.root(), root, 0);
}

size_t output_tree(uint8_t mode, bool bom, const Node& root, uint8_t* out, size_t max_size) {
  std::string text(1, char(mode));
  if (bom) text += "\xEF\xBB\xBF";
  write(root, text);
  if (text.size() > max_size) return 0;
  std::memcpy(out, text.data(), text.size());
  return text.size();
}

}  // namespace

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  Rng rng{seed};
  uint8_t mode;
  bool bom;
  Node root;
  if (rng.chance(25) || !input_tree(data, size, mode, bom, root)) return LLVMFuzzerMutate(data, size, max_size);
  const int n = 1 + int(rng.below(3));
  for (int k = 0; k < n; ++k) mutate_tree(root, rng);
  if (rng.chance(4)) mode ^= 1;
  if (rng.chance(2)) bom = !bom;
  const size_t written = output_tree(mode, bom, root, data, max_size);
  return written ? written : LLVMFuzzerMutate(data, size, max_size);
}

// Crossover: a random subtree of one input grafted into the other.
extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2,
                                            uint8_t* out, size_t max_out_size, unsigned int seed) {
  Rng rng{seed};
  uint8_t mode, mode2;
  bool bom, bom2;
  Node a, b;
  if (!input_tree(data1, size1, mode, bom, a) || !input_tree(data2, size2, mode2, bom2, b)) return 0;
  std::vector<Node*> in_a, in_b;
  collect(a, in_a);
  collect(b, in_b);
  Node graft = *in_b[rng.below(in_b.size())];
  *in_a[rng.below(in_a.size())] = std::move(graft);
  return output_tree(mode, bom, a, out, max_out_size);
}

