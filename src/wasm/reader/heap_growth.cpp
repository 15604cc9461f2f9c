// How the grid module's memory grows (it is a standalone module with no
// glue: docs/wasm-boundary.md). emscripten's standalone runtime grows it
// by exactly what sbrk asks, and each growth costs V8 a detached buffer
// and accounting that may start a garbage collection: building a grid of
// 10^7 edges grew memory 164 times and took a third longer than with the
// glue, which grows it by a fifth of its size at a time (or what is asked,
// if more; at most 96 MiB past what is asked), as this does. Linked into
// the grid module only, where -Wl,--wrap=emscripten_resize_heap
// (CMakeLists.txt) sends sbrk's calls here instead of to the standalone
// runtime's definition.
#include <algorithm>
#include <cstddef>
#include <cstdint>

extern "C" void emscripten_notify_memory_growth(size_t memory_index);

namespace {
constexpr uint64_t kPage = 65536;
constexpr uint64_t kMaxBytes = uint64_t(ZR_MAX_MEMORY);  // -sMAXIMUM_MEMORY, set once in CMakeLists.txt
constexpr uint64_t kMostExtra = uint64_t(96) << 20;
}  // namespace

extern "C" int __wrap_emscripten_resize_heap(size_t requested) {
  const uint64_t old_bytes = uint64_t(__builtin_wasm_memory_size(0)) * kPage;
  if (requested > kMaxBytes) return 0;
  // The size and a fifth, then a tenth, then a twentieth (each at least
  // what is asked and at most kMostExtra past it), then (0) just what is
  // asked.
  for (const uint64_t part : {5, 10, 20, 0}) {
    const uint64_t wanted =
        part == 0 ? requested : std::clamp(old_bytes + old_bytes / part, uint64_t(requested), requested + kMostExtra);
    const uint64_t target = std::min((wanted + kPage - 1) / kPage * kPage, kMaxBytes);
    if (target <= old_bytes) return 1;
    if (__builtin_wasm_memory_grow(0, (target - old_bytes) / kPage) != SIZE_MAX) {
      emscripten_notify_memory_growth(0);
      return 1;
    }
  }
  return 0;
}
