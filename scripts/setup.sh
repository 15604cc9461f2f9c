#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks (apt packages, npm packages),
# and says nothing when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v cmake > /dev/null || missing+=(cmake)
command -v g++ > /dev/null || missing+=(g++)
command -v em++ > /dev/null || missing+=(emscripten)
[ -f /usr/include/rapidjson/document.h ] || missing+=(rapidjson-dev)
[ -f /usr/include/catch2/catch.hpp ] || missing+=(catch2)
command -v chromium > /dev/null || missing+=(chromium)
# The modules' .lzma (scripts/embed-wasm.mjs).
command -v xz > /dev/null || missing+=(xz-utils)
# The unpacker's tests check it against liblzma (tests/cpp/unpack*.cpp).
[ -f /usr/include/lzma.h ] || missing+=(liblzma-dev)
# The zarr-python fixtures' numcodecs.bz2 chunks are encoded with it (tests/zarrita/falcon-encode.mjs).
command -v bzip2 > /dev/null || missing+=(bzip2)
# The fuzzer: clang with libFuzzer and the sanitizer runtimes.
command -v clang++-14 > /dev/null || missing+=(clang-14)
compgen -G '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' > /dev/null || missing+=(libclang-rt-14-dev)

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! command -v apt-get > /dev/null || { [ -n "$sudo" ] && ! command -v sudo > /dev/null; }; then
    reason="this is not root and there is no sudo"
    command -v apt-get > /dev/null || reason="there is no apt-get"
    echo "setup: cannot install the missing packages ($reason)." >&2
    echo "setup: install these Debian packages (or their equivalents), then run this again:" >&2
    echo "  ${missing[*]}" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" > /dev/null
fi

# npm ci when node_modules is missing or older than the lockfile.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
