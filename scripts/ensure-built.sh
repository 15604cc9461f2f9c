#!/usr/bin/env bash
# Builds (after setup) when the WebAssembly module is missing or older than
# its sources; otherwise does nothing. Used by npm start, npm run site and
# prepack. Everything goes to stderr: `npm pack --json` prints its report on
# stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
module=dist/zarr_rectilinear.wasm.mjs
if [ -f "$module" ] && [ -z "$(find src CMakeLists.txt -newer "$module" -print -quit)" ]; then
  exit 0
fi
if [ -f "$module" ]; then
  echo "$module is older than its sources; rebuilding" >&2
else
  echo "$module is missing; building it" >&2
fi
bash scripts/setup.sh >&2
bash scripts/build.sh >&2
