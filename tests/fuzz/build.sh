#!/usr/bin/env bash
# Builds the libFuzzer target for the metadata reader with clang 14
# (Debian packages clang-14 and libclang-rt-14-dev), under ASan and UBSan.
# Needs RapidJSON's headers (rapidjson-dev).
#
#   tests/fuzz/build.sh [--force]
#
# The core's sources are CMake's list (zr_core in CMakeLists.txt), which a
# CMake configure step writes to $ZR_FUZZ_OUT/cmake/zr_core_sources.txt.
#
# Output: build/fuzz/metadata_fuzzer. Environment, for fuzzing a snapshot:
#   ZR_ROOT       the tree whose core is fuzzed (default: this one)
#   ZR_FUZZ_OUT   output directory (default: build/fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."

CXX=${CXX:-clang++-14}
if ! command -v "$CXX" > /dev/null; then
  echo "fuzz: $CXX not found; install clang-14 and libclang-rt-14-dev" >&2
  exit 1
fi
tree=${ZR_ROOT:-.}
out=${ZR_FUZZ_OUT:-build/fuzz}
mkdir -p "$out"

# The core only, none of the Embind layer (src/wasm/): configured (not
# built) with the host compiler, only for the list.
cmake -S "$tree" -B "$out/cmake" -DCMAKE_BUILD_TYPE=Release > /dev/null
sources=()
while IFS= read -r f; do [[ -n $f ]] && sources+=("$tree/$f"); done < "$out/cmake/zr_core_sources.txt"
# The core's header folders, as CMake lists them (headers are included by name).
includes=() headers=()
while IFS= read -r d; do [[ -n $d ]] && includes+=(-I"$tree/$d") && headers+=("$tree/$d"/*.hpp); done < "$out/cmake/zr_core_includes.txt"
common=(-std=c++20 -O1 -g -fno-omit-frame-pointer
  -fsanitize=address,undefined -fno-sanitize-recover=all
  -fsanitize-ignorelist=tests/fuzz/ubsan-ignore.txt
  -Wall -Wextra "${includes[@]}")
# Coverage instrumentation for the core only: the harness's own reference
# model and mutator would add thousands of features that guide nothing and
# slow libFuzzer's bookkeeping down.
core_flags=("${common[@]}" -fsanitize=fuzzer-no-link)

# Rebuild only when a source, a header or a build input changed.
target="$out/metadata_fuzzer"
# The harness: the target (metadata_fuzzer.cpp), its mutator and the headers
# they share, with the reference model of tests/reference/.
harness=(tests/fuzz/*.cpp)
inputs=("${sources[@]}" "${headers[@]}" "${harness[@]}" tests/fuzz/*.hpp tests/reference/*.hpp
  "$tree/CMakeLists.txt" tests/fuzz/build.sh tests/fuzz/ubsan-ignore.txt)
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
