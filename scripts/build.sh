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
# The unpacker that decodes the modules (js/wasm/unpack.js), not compressed:
# first, as embedding each module decodes it back with it.
node scripts/embed-wasm.mjs --raw build/wasm/unpacker.wasm dist/unpacker.wasm.mjs
# The reader module (standalone: js/wasm/grid-loader.js instantiates it) and the
# tools module, with emscripten's glue (docs/wasm-boundary.md, "Two
# modules"). Files of earlier layouts go.
rm -f dist/zarr_rectilinear.mjs dist/zarr_rectilinear_document.mjs dist/zarr_rectilinear_document.wasm.mjs dist/zarr_rectilinear_document.d.mts dist/zarr_rectilinear_document.wasm.d.mts
cp build/wasm/zarr_rectilinear_tools.mjs dist/zarr_rectilinear_tools.mjs
for module in zarr_rectilinear zarr_rectilinear_tools; do
  node scripts/embed-wasm.mjs build/wasm/$module.wasm dist/$module.wasm.mjs
done
# The package as Node itself loads it: js/ bundled, the modules' raw bytes
# beside it (scripts/node-build.mjs). Rebuilt whenever js/ changes.
node scripts/node-build.mjs build/wasm
# Their types, written by hand, for the type check of js/ (tsconfig.json).
cp src/wasm/*.d.mts src/unpack/*.d.mts dist/
