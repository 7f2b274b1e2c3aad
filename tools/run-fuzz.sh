#!/bin/sh
# Builds the setup-loader fuzz target with clang (libFuzzer + ASan + UBSan) and
# runs it, seeded with the library cars and tests/fuzz/seeds (nested unknown keys). Usage: tools/run-fuzz.sh [seconds]
# Environment: BUILD_DIR (default build-fuzz), JOBS (default 2).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD_DIR:-$ROOT/build-fuzz}
SECONDS_TO_RUN=${1:-600}

CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DVTW_FUZZ=ON -DVTW_BUILD_UI=OFF -DVTW_BUILD_TESTS=OFF
cmake --build "$BUILD" --target fuzz_setup_loader -j"${JOBS:-2}"

# New inputs go to the first directory; the cars are read-only seeds.
mkdir -p "$BUILD/fuzz-corpus" "$BUILD/fuzz-artifacts"
exec "$BUILD/tests/fuzz/fuzz_setup_loader" \
    -max_total_time="$SECONDS_TO_RUN" -rss_limit_mb=2048 -timeout=10 -max_len=65536 \
    -artifact_prefix="$BUILD/fuzz-artifacts/" -print_final_stats=1 \
    "$BUILD/fuzz-corpus" "$ROOT/resources/cars" "$ROOT/tests/fuzz/seeds"
