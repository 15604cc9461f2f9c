#!/usr/bin/env bash
# npm start: set up, build if the module is missing or older than its
# sources, then serve the web demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-built.sh
# The demo opens this store by URL.
# (Written again when it predates the consolidated metadata the group page lists.)
grep -qs consolidated_metadata build/fixture-store/zarr.json || node scripts/make-fixture-store.mjs build/fixture-store > /dev/null
exec node scripts/start.mjs
