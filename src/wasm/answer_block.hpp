// Answers of a size known only once computed (a grid's problems, columns
// of values, JSON, text) leave a module as one malloc'd block, which the
// JS wrapper reads and frees (js/wasm/wasm-module.js, takeBlock). Its layout:
//
//   word 0: W, the number of 8-byte words after the two header words
//   word 1: B, the number of bytes after those words
//   then W words, then B bytes.
//
// What the words hold is each answer's own: uint64 values for columns,
// doubles for the others, which the readers in js/ name beside the
// exports (docs/wasm-boundary.md, "Answer blocks").
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "json_document.hpp"
#include "problem.hpp"

namespace zr::wasm {

// A block of `words` words and `bytes` bytes, its header written: the
// first of its words. Throws std::bad_alloc when it cannot be had.
uint64_t* new_block(size_t words, size_t bytes);

class AnswerBlock {
 public:
  void word(uint64_t w) { words_.push_back(w); }
  // A double, as its bits.
  void number(double d);
  // Bytes, with no word.
  void bytes(std::string_view s) { bytes_.append(s); }
  // Bytes, after their length as a number().
  void text(std::string_view s);
  // The block, malloc'd; throws std::bad_alloc when it cannot be had.
  uintptr_t release() const;

 private:
  std::vector<uint64_t> words_;
  std::string bytes_;
};

// Problems as numbers and text: their count, then for each its code (the
// ProblemCode's number), its byte offset (-1 when none), its path and its
// message (each a text()).
void write_problems(AnswerBlock& block, const Problems& problems);

// A JSON value, however deep, as a stream of tags in pre-order (each a
// number: kind + 8 x payload), written without recursion. The kinds, and
// what follows each: 0 null, 1 false, 2 true; 3 a string (payload: its
// bytes, which follow in the bytes); 4 a number whose text JS's Number()
// reads as JSON.parse would (payload: the text's bytes), 5 an integer past
// 2^53 - 1 in magnitude, for BigInt() (likewise); 6 an array (payload: its
// items, which follow); 7 an object (payload: its members, each a key as
// kind 3, then its value). Read by js/document/json-block.js. With `bigints` false,
// an integer past 2^53 - 1 is a number (kind 4), as a double reads it: a
// float's place, such as a float array's fill value.
void write_json(AnswerBlock& block, const JsonValue& root, bool bigints = true);

}  // namespace zr::wasm
