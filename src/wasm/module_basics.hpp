// What each of the two WebAssembly modules exports alike
// (docs/wasm-boundary.md, "Two modules"), as plain exports: the wrapper's
// allocator (zr_malloc), the out-of-memory flag's address, the allocator's
// in-use bytes, the problem codes' JS names, the largest document, and the
// conversion of a Columns block to doubles. Each module is linked with its
// own copy, so each has its own heap, reserve and flag.
#pragma once
