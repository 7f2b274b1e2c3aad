#!/usr/bin/env bash
# Builds the physics tests without the step's AVX2 target clones (core/lanes/Lanes.h), in
# ./build-baseline, and runs them with ctest. On an AVX2 machine the normal build only
# ever runs the AVX2 clone; this checks the baseline x86-64 code the loader picks on
# other processors. Only the core: no widgets, no GUI tests. Extra arguments go to CMake.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/build-env.sh
cmake -S . -B build-baseline "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DVTW_NO_TARGET_CLONES=ON -DVTW_BUILD_UI=OFF "$@"
cmake --build build-baseline -j"$(nproc 2>/dev/null || echo 2)" --target vtw_physics_tests
ctest --test-dir build-baseline -L physics --output-on-failure -j"$(nproc 2>/dev/null || echo 2)"
