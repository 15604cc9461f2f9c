#!/usr/bin/env bash
# Builds the native core and its tests, then the WebAssembly module into dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build/native -j"$jobs"

# emcc 3.1.6 needs Debian's acorn, which Node 20 does not search by default.
export NODE_PATH=/usr/share/nodejs
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build/wasm -j"$jobs"
mkdir -p dist
cp build/wasm/zarr_rectilinear.mjs dist/zarr_rectilinear.mjs
node scripts/embed-wasm.mjs build/wasm/zarr_rectilinear.wasm dist/zarr_rectilinear.wasm.mjs
# Its types, written by hand, for the type check of js/ (tsconfig.json).
cp src/wasm/zarr_rectilinear.d.mts src/wasm/zarr_rectilinear.wasm.d.mts dist/
