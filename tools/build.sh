#!/usr/bin/env bash
# Configures and builds the project in ./build (Release). Extra arguments go to CMake.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/build-env.sh
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build build -j"$(nproc 2>/dev/null || echo 2)"
