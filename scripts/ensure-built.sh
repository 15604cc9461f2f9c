#!/usr/bin/env bash
# Builds (after setup) when the WebAssembly module is missing or older than
# its sources; otherwise does nothing. Used by npm start, npm run site and
# prepack. Everything goes to stderr: `npm pack --json` prints its report on
# stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
# The oldest of what the build writes decides: the two modules
# (docs/wasm-boundary.md, "Two modules"), the unpacker, and the Node build,
# which bundles js/ too (scripts/node-build.mjs).
stale=""
for module in dist/zarr_rectilinear.wasm.mjs dist/zarr_rectilinear_tools.wasm.mjs dist/unpacker.wasm.mjs dist/node/index.mjs; do
  if [ ! -f "$module" ]; then
    stale="$module is missing; building it"
  elif [ -n "$(find src js CMakeLists.txt -newer "$module" -print -quit)" ]; then
    stale="$module is older than its sources; rebuilding"
  fi
done
if [ -z "$stale" ]; then
  exit 0
fi
echo "$stale" >&2
bash scripts/setup.sh >&2
bash scripts/build.sh >&2
