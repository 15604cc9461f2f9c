// Running out of WebAssembly memory (docs/memory.md). The core allocates
// through operator new and RapidJSON's ThrowingAllocator, both of which
// throw std::bad_alloc; guarded<F>, used where a binding that allocates is
// registered, is the one place that catches it. The call then answers with
// an empty value and raises a flag that the JS wrapper (js/native.js) reads
// after the call and turns into a RangeError.
//
// Embind allocates around a call, where nothing catches: before it, a
// value object passed in; after it, the copy of the answer (a class
// handle, a value object, a string's bytes, a list's items as they are
// read). Where it uses operator new, it throws; where it uses malloc, it
// writes through a null. So a reserve is held between calls, which
// operator new spends when the heap is full (through its new handler)
// before it throws, and which a call that runs out lets go: an empty
// answer, or a value passed in, then finds room. The next guarded call (or
// allocation for the JS wrapper) takes it back first, and fails if it
// cannot. A call that succeeds makes sure, before it answers, that its
// answer's copies will fit without the reserve.
#pragma once
#include <algorithm>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <emscripten/val.h>

#include "chunk_grid.hpp"
#include "problem.hpp"

namespace zr::wasm {

inline constexpr size_t kReserveBytes = size_t(64) << 10;

class OutOfMemory {
 public:
  bool raised = false;  // by the last guarded call; read and cleared by js/native.js
  void* reserve = nullptr;

  OutOfMemory() {
    hold_reserve();
    std::set_new_handler(&spend_reserve);
  }
  // Takes the reserve back after it was let go; false when it cannot be had.
  bool hold_reserve() {
    if (!reserve) reserve = std::malloc(kReserveBytes);
    return reserve != nullptr;
  }
  void release_reserve() {
    std::free(reserve);
    reserve = nullptr;
  }

 private:
  // operator new calls this when malloc fails, then tries again.
  static void spend_reserve();
};
inline OutOfMemory out_of_memory;

inline void OutOfMemory::spend_reserve() {
  if (!out_of_memory.reserve) throw std::bad_alloc();
  out_of_memory.release_reserve();
}

// Throws std::bad_alloc unless `bytes` can be had in one block now, the
// reserve aside. Nothing else allocates before Embind copies an answer, and
// each copy made while a list is read is freed before the next, so the
// copies then find room. A call that had operator new spend the reserve
// ran out of memory all but in name (and the next could not take it back):
// it throws too.
inline void make_room(size_t bytes) {
  if (!out_of_memory.reserve) throw std::bad_alloc();
  if (bytes == 0) return;
  // Held through a volatile: a compiler may drop a malloc whose block is
  // only tested and freed, as if it could not fail.
  void* volatile block = std::malloc(bytes);
  if (!block) throw std::bad_alloc();
  std::free(block);
}

// What Embind allocates to hand an answer over: for a class, the object,
// with room for the chunk headers of a few allocations and the bytes of
// short strings; nothing for a number or a JS value.
inline constexpr size_t kCopySlack = 256;
template <class T>
size_t answer_bytes(const T&) {
  if constexpr (std::is_class_v<T> && !std::is_same_v<T, emscripten::val>) return sizeof(T) + kCopySlack;
  else return 0;
}
inline size_t answer_bytes(const std::string& s) { return s.size() + kCopySlack; }
// A problem as a value object: its copy, then each string's bytes.
inline size_t answer_bytes(const Problem& p) { return sizeof(p) + 2 * (p.path.size() + p.message.size()) + kCopySlack; }
// A list of problems: the list, and the largest item as it is read.
inline size_t answer_bytes(const Problems& list) {
  size_t item = 0;
  for (const Problem& p : list) item = std::max(item, answer_bytes(p));
  return sizeof(list) + item + kCopySlack;
}

template <class R>
R empty_answer() {
  if constexpr (std::is_same_v<R, ChunkGrid>) return ChunkGrid({});
  else if constexpr (std::is_same_v<R, emscripten::val>) return emscripten::val::undefined();
  else return R{};
}

template <class R, class Run>
R guard(Run&& run) {
  out_of_memory.raised = false;
  try {
    if (!out_of_memory.hold_reserve()) throw std::bad_alloc();
    R answer = run();
    make_room(answer_bytes(answer));
    return answer;
  } catch (const std::bad_alloc&) {
  } catch (const std::length_error&) {  // a size past the 32-bit address space
  }
  out_of_memory.release_reserve();
  out_of_memory.raised = true;
  return empty_answer<R>();
}

// F as Embind registers it: a function, or a method as a function of its
// object, with its allocation failures caught.
template <auto F>
struct Guarded;
template <class R, class... A, R (*F)(A...)>
struct Guarded<F> {
  static R call(A... a) { return guard<R>([&] { return F(std::forward<A>(a)...); }); }
};
template <class R, class C, class... A, R (C::*F)(A...)>
struct Guarded<F> {
  static R call(C& self, A... a) { return guard<R>([&] { return (self.*F)(std::forward<A>(a)...); }); }
};
template <class R, class C, class... A, R (C::*F)(A...) const>
struct Guarded<F> {
  static R call(const C& self, A... a) { return guard<R>([&] { return (self.*F)(std::forward<A>(a)...); }); }
};
template <auto F>
constexpr auto guarded = &Guarded<F>::call;

}  // namespace zr::wasm
