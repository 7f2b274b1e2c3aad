#!/usr/bin/env bash
# Configures and builds the project in ./build (Release). Extra arguments go to CMake.
set -euo pipefail
cd "$(dirname "$0")/.."
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build build -j"$(nproc 2>/dev/null || echo 2)"
