// What each of the two WebAssembly modules registers alike
// (docs/wasm-boundary.md, "Two modules"): the wrapper's allocator
// (zr_malloc), the problem codes and the Problem value object, the Columns
// handle answers come in, the list of
// guarded bindings, the out-of-memory flag's address and the allocator's
// in-use bytes. Each module is linked with its own copy, so each has its
// own heap, reserve and flag.
#pragma once

namespace zr::wasm {

void register_module_basics();

}  // namespace zr::wasm
