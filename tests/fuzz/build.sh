#!/usr/bin/env bash
# Builds the libFuzzer target for the metadata reader with clang 14
# (Debian packages clang-14 and libclang-rt-14-dev), under ASan and UBSan.
# Needs RapidJSON's headers (rapidjson-dev).
#
#   tests/fuzz/build.sh [--force]
#
# Output: build/fuzz/metadata_fuzzer. Environment, for fuzzing a snapshot:
#   ZR_SRC        directory of the core sources (default: src)
#   ZR_FUZZ_OUT   output directory (default: build/fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."

CXX=${CXX:-clang++-14}
if ! command -v "$CXX" > /dev/null; then
  echo "fuzz: $CXX not found; install clang-14 and libclang-rt-14-dev" >&2
  exit 1
fi
src=${ZR_SRC:-src}
out=${ZR_FUZZ_OUT:-build/fuzz}
mkdir -p "$out"

# The core only: every .cpp in src/, none from the Embind layer (src/wasm/).
sources=("$src"/*.cpp)
common=(-std=c++20 -O1 -g -fno-omit-frame-pointer
  -fsanitize=address,undefined -fno-sanitize-recover=all
  -fsanitize-ignorelist=tests/fuzz/ubsan-ignore.txt
  -Wall -Wextra -I"$src")
# Coverage instrumentation for the core only: the harness's own reference
# model and mutator would add thousands of features that guide nothing and
# slow libFuzzer's bookkeeping down.
core_flags=("${common[@]}" -fsanitize=fuzzer-no-link)

# Rebuild only when a source, a header or a build input changed.
target="$out/metadata_fuzzer"
# The harness: the target (metadata_fuzzer.cpp), its mutator and the headers
# they share, with the reference model of tests/reference/.
harness=(tests/fuzz/*.cpp)
inputs=("$src"/*.cpp "$src"/*.hpp "${harness[@]}" tests/fuzz/*.hpp tests/reference/*.hpp
  tests/fuzz/build.sh tests/fuzz/ubsan-ignore.txt)
if [[ -x "$target" && "${1:-}" != "--force" ]]; then
  stale=0
  for f in "${inputs[@]}"; do [[ "$f" -nt "$target" ]] && stale=1; done
  [[ $stale == 0 ]] && exit 0
fi
objects=() pids=()
rm -f "$out"/*.o
for f in "${sources[@]}"; do
  o="$out/$(basename "$f" .cpp).o"
  "$CXX" "${core_flags[@]}" -c "$f" -o "$o" & pids+=($!)
  objects+=("$o")
done
harness_objects=()
for f in "${harness[@]}"; do
  o="$out/harness_$(basename "$f" .cpp).o"
  "$CXX" "${common[@]}" -c "$f" -o "$o" & pids+=($!)
  harness_objects+=("$o")
done
for p in "${pids[@]}"; do wait "$p"; done
"$CXX" "${common[@]}" -fsanitize=fuzzer "${objects[@]}" "${harness_objects[@]}" -o "$target.tmp"
mv "$target.tmp" "$target"
echo "fuzz: built $target"
