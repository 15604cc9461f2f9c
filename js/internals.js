// @ts-check
// What the package's own tests and benchmarks look into: the loaded
// modules, the grid module's heap, and the words a slice crosses in. Not
// part of the API.
// The tests reach it through package.json's "imports" (`#internals`),
// which only files inside the package resolve, so that in Node they look
// into the same modules as the built package they test
// (scripts/node-build.mjs), not into a second copy loaded from js/.
export { native, heapInUse, problemCodes, f64View, using, withBytes } from './wasm/native.js';
export { toolsModule } from './tools/tools-module.js';
export { nearestPlaces } from './tools/locate-pointers.js';
export { sliceArg } from './grid/selection.js';
export { readCodecNames } from './zarrita/codec-chain.js';
