#!/usr/bin/env bash
# npm start: set up, build if the module is missing or older than its
# sources, then serve the web demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ ! -f dist/zarr_rectilinear.mjs ] || [ -n "$(find src CMakeLists.txt -newer dist/zarr_rectilinear.mjs -print -quit)" ]; then
  bash scripts/build.sh
fi
# The demo opens this store by URL.
[ -f build/fixture-store/zarr.json ] || node scripts/make-fixture-store.mjs build/fixture-store > /dev/null
exec node scripts/start.mjs
