#!/usr/bin/env bash
# Runs the metadata fuzzer (tests/fuzz/metadata_fuzzer.cpp).
#
#   tests/fuzz/run.sh <seconds>   a long run; the corpus grows in build/fuzz/corpus
#   tests/fuzz/run.sh --ci        deterministic: replays tests/fuzz/regressions/,
#                                 then a fixed -seed and -runs from a fresh corpus
#
# Both start from tests/fuzz/corpus, every tests/cli/fixtures/**/*.json and
# every document of the bad-input catalogue (tests/data/bad-inputs/, written
# out by catalogue-seeds.mjs), each copied at run time once per mode byte
# ('0' strict, '1' lenient). A crash
# leaves its input in build/fuzz/artifacts/: copy it to tests/fuzz/regressions/
# so that every later --ci run replays it.
#
# Environment: ZR_FUZZ_RUNS (executions: for --ci, default 100000; for a
# long run, a limit besides the seconds), ZR_FUZZ_SEED
# (default 1), ZR_FUZZ_MAX_LEN (default 1024), and ZR_ROOT / ZR_FUZZ_OUT (see
# build.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."

usage() { echo "usage: tests/fuzz/run.sh <seconds> | --ci" >&2; exit 2; }
[[ $# -eq 1 ]] || usage
mode=$1
if [[ $mode != --ci && ! $mode =~ ^[0-9]+$ ]]; then usage; fi

bash tests/fuzz/build.sh
out=${ZR_FUZZ_OUT:-build/fuzz}
fuzzer=$out/metadata_fuzzer
artifacts=$out/artifacts
mkdir -p "$artifacts"

export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=2:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# Seeds: the hand-written corpus, the CLI fixtures and the bad-input
# catalogue, in both modes.
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
cp tests/fuzz/corpus/* "$seeds/"
while IFS= read -r -d '' f; do
  name=$(echo "$f" | tr '/' '_')
  { printf '0'; cat "$f"; } > "$seeds/0_$name"
  { printf '1'; cat "$f"; } > "$seeds/1_$name"
done < <(find tests/cli/fixtures -name '*.json' -print0)
node tests/fuzz/catalogue-seeds.mjs "$seeds"

common=(-dict=tests/fuzz/json.dict -max_len="${ZR_FUZZ_MAX_LEN:-1024}" -timeout=30 -rss_limit_mb=2048
  -print_final_stats=1 -artifact_prefix="$artifacts/")

if [[ $mode == --ci ]]; then
  regressions=(tests/fuzz/regressions/*)
  if [[ -e ${regressions[0]} ]]; then
    echo "== fuzz: replaying ${#regressions[@]} regression inputs"
    "$fuzzer" "${regressions[@]}"
  fi
  corpus=$(mktemp -d)
  trap 'rm -rf "$seeds" "$corpus"' EXIT
  echo "== fuzz: deterministic run (-seed=${ZR_FUZZ_SEED:-1} -runs=${ZR_FUZZ_RUNS:-100000})"
  # Deterministic: a fixed seed; no mutations taken from compared values
  # (-use_cmp=0: some are pointers, which ASLR changes from run to run); and
  # seeds of distinct sizes (padded with spaces), since libFuzzer orders
  # them by size and a directory lists them in no fixed order.
  declare -A used=()
  while read -r size f; do
    pad=0
    while [[ -n ${used[$((size + pad))]:-} ]]; do pad=$((pad + 1)); done
    if ((pad > 0)); then printf '%*s' "$pad" '' >> "$seeds/$f"; fi
    used[$((size + pad))]=1
  done < <(cd "$seeds" && ls | LC_ALL=C sort | xargs stat -c '%s %n')
  "$fuzzer" "${common[@]}" -use_cmp=0 -reload=0 -seed="${ZR_FUZZ_SEED:-1}" -runs="${ZR_FUZZ_RUNS:-100000}" "$corpus" "$seeds"
else
  corpus=$out/corpus
  mkdir -p "$corpus"
  # ZR_FUZZ_RUNS, if set, ends the run sooner: after that many executions
  # in all. ZR_FUZZ_JOBS runs that many fuzzers side by side on one corpus,
  # each logging to $out/fuzz-<job>.log.
  jobs=${ZR_FUZZ_JOBS:-1}
  runs=()
  [[ -n ${ZR_FUZZ_RUNS:-} ]] && runs=(-runs="$((ZR_FUZZ_RUNS / jobs))")
  echo "== fuzz: ${mode} s${ZR_FUZZ_RUNS:+ or $ZR_FUZZ_RUNS executions}, $jobs job(s), corpus $corpus"
  if [[ $jobs == 1 ]]; then
    "$fuzzer" "${common[@]}" -max_total_time="$mode" "${runs[@]}" "$corpus" "$seeds"
  else
    root=$(pwd)
    cd "$out"  # where libFuzzer writes its fuzz-<job>.log files
    "$root/$fuzzer" "${common[@]/#-dict=/-dict=$root/}" -artifact_prefix="$root/$artifacts/" -jobs="$jobs" -workers="$jobs" \
      -max_total_time="$mode" "${runs[@]}" "$root/$corpus" "$seeds"
  fi
fi
