#!/usr/bin/env bash
# npm test: set up, build, then run every suite: C++ (ctest, plain and under
# sanitizers), a short deterministic fuzz run, JS against the built package
# (node --test), the packed-tarball smoke test, and the browser tests in
# headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/build.sh

echo "== C++ core (ctest)"
ctest --test-dir build/native --output-on-failure -j"$(nproc)"

echo "== C++ core under ASan and UBSan (ctest)"
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DZR_SANITIZE=ON > /dev/null
cmake --build build/asan -j"$(nproc)" --target zr_tests > /dev/null
ctest --test-dir build/asan --output-on-failure -j"$(nproc)"

echo "== Fuzzing the metadata reader (deterministic, bounded)"
bash tests/fuzz/run.sh --ci

echo "== TypeScript declarations (tsc --noEmit)"
npx tsc --noEmit -p tests/types
npx tsc --noEmit -p tests/types/viewer
npx tsc --noEmit -p tests/types/browser   # a browser project: lib ES2022 + DOM, no @types/node, skipLibCheck off

echo "== JS checked against the declarations (tsc, checkJs)"
npx tsc -p tsconfig.json

echo "== JS package (node --test)"
node --expose-gc --test tests/js/ tests/cli/ tests/zarrita/

echo "== npm pack smoke test"
node --test tests/smoke/

echo "== Browser (headless Chromium)"
node --test tests/browser/
