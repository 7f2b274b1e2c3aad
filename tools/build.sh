#!/usr/bin/env bash
# Configures and builds the project in ./build (Release). Extra arguments go to CMake.
set -euo pipefail
cd "$(dirname "$0")/.."
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
# A compiler cache, where installed, makes rebuilds of other checkouts cheap.
command -v ccache >/dev/null 2>&1 && generator+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build build -j"$(nproc 2>/dev/null || echo 2)"
