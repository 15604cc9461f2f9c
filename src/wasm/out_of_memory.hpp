// Running out of WebAssembly memory (docs/memory.md). The core allocates
// through operator new and RapidJSON's ThrowingAllocator, both of which
// throw std::bad_alloc; guard<>, around each of the grid module's exports
// that allocates (grid_exports.cpp) and each of the document module's
// Embind bindings that does (guarded<F>, registration.hpp), is the one
// place that catches it. The call then answers with an empty value and
// raises a flag that the JS wrapper reads after the call and turns into a
// RangeError (js/wasm/grid-module.js, js/tools/tools-module.js).
//
// The grid module's answers are made in the heap before the call returns
// (answer blocks, answer_block.hpp), inside guard<>. Embind, in the
// document module, allocates around a call, where nothing catches: before
// it, a value object passed in; after it, the copy of the answer (a value
// object, a string's bytes). Where it uses operator new, it throws; where it uses malloc, it
// writes through a null. So a reserve is held between calls, which
// operator new spends when the heap is full (through its new handler)
// before it throws, and which a call that runs out lets go: an empty
// answer, or a value passed in, then finds room. The next guarded call (or
// allocation for the JS wrapper) takes it back first, and fails if it
// cannot. A call that succeeds makes sure, before it answers, that its
// answer's copies will fit without the reserve.
#pragma once
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>



namespace zr::wasm {

inline constexpr size_t kReserveBytes = size_t(64) << 10;

class OutOfMemory {
 public:
  bool raised = false;  // by the last guarded call; read and cleared by js/wasm/native.js
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
  if (bytes == 0) return;  // a number, or an answer block (answer_block.hpp), made whole in the heap
  if (!out_of_memory.reserve) throw std::bad_alloc();
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
  if constexpr (std::is_class_v<T>) return sizeof(T) + kCopySlack;
  else return 0;
}
inline size_t answer_bytes(const std::string& s) { return s.size() + kCopySlack; }

// What a call that ran out of memory answers with. Embind's JS values
// (registration.hpp) have an answer of their own: undefined.
template <class R>
struct EmptyAnswer {
  static R make() { return R{}; }
};

// Runs `run`, with its allocation failures caught: then the empty answer,
// with the reserve let go and the flag raised. The grid module's exports
// answer through the heap, so an answer made is whole, even if the reserve
// was spent making it (the next call takes it back first).
template <class R, class Run>
R guard(Run&& run) {
  out_of_memory.raised = false;
  try {
    if (!out_of_memory.hold_reserve()) throw std::bad_alloc();
    return run();
  } catch (const std::bad_alloc&) {
  } catch (const std::length_error&) {  // a size past the 32-bit address space
  }
  out_of_memory.release_reserve();
  out_of_memory.raised = true;
  return EmptyAnswer<R>::make();
}

// F as the document module's Embind registers it (registration.hpp), with
// its allocation failures caught.
template <auto F>
struct Guarded;
template <class R, class... A, R (*F)(A...)>
struct Guarded<F> {
  // Embind copies the answer after the call: room is made for the copies
  // first.
  static R call(A... a) {
    return guard<R>([&] {
      R answer = F(std::forward<A>(a)...);
      make_room(answer_bytes(answer));
      return answer;
    });
  }
};
template <auto F>
constexpr auto guarded = &Guarded<F>::call;

}  // namespace zr::wasm
