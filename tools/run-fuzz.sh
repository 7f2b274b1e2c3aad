#!/bin/sh
# Builds the libFuzzer targets with clang (libFuzzer + ASan + UBSan) and runs them,
# one after another, each for the given time. Usage:
#   tools/run-fuzz.sh [TARGET|all] [seconds per target]      (default: all, 600 s)
# Targets: setup_loader curve_csv lookup_table script_csv sweep_merge recovery simulator
# tir_reader track_reader ac_car_data log_reader math_channels.
# Each is seeded with tests/fuzz/seeds/TARGET (the setup targets also with the library
# cars, the .tir reader with the bundled tyre files) and keeps what it finds in
# BUILD_DIR/fuzz-corpus/TARGET; an input that breaks a target is saved in
# BUILD_DIR/fuzz-artifacts/TARGET/. The exit status is 1 if any target found a
# problem, and not 0 if the build failed.
# Needs clang with libFuzzer (Debian: clang and libclang-rt-14-dev; tools/install-deps.sh
# installs them).
# Environment: BUILD_DIR (default build-fuzz), JOBS (build jobs, default 1).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD_DIR:-$ROOT/build-fuzz}
ALL="setup_loader curve_csv lookup_table script_csv sweep_merge recovery simulator tir_reader track_reader ac_car_data log_reader math_channels"
case "${1:-all}" in
    all) TARGETS=$ALL ;;
    [0-9]*) TARGETS=$ALL; set -- all "$1" ;; # the old form: tools/run-fuzz.sh SECONDS
    *) TARGETS=$1 ;;
esac
SECONDS_TO_RUN=${2:-600}

for target in $TARGETS; do
    [ -d "$ROOT/tests/fuzz/seeds/$target" ] || { echo "unknown fuzz target: $target (one of: $ALL)" >&2; exit 2; }
done

launcher=""
if command -v ccache >/dev/null 2>&1; then
    launcher="-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
    # Paths relative to the checkout, as tools/build-env.sh keys them: a fresh clone hits the cache.
    export CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=1
fi
# shellcheck disable=SC2086 # launcher is one argument or none
CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DVTW_FUZZ=ON -DVTW_BUILD_UI=OFF -DVTW_BUILD_TESTS=OFF $launcher
# Every target is built before any runs: one that does not build stops the script
# before the others spend their time.
# shellcheck disable=SC2086 # TARGETS is a list of names
cmake --build "$BUILD" -j"${JOBS:-1}" --target $(for target in $TARGETS; do printf 'fuzz_%s ' "$target"; done)

# A target that finds a problem does not stop the others; the exit status says.
status=0
for target in $TARGETS; do
    seeds="$ROOT/tests/fuzz/seeds/$target"
    case $target in
        setup_loader | simulator | recovery) seeds="$seeds $ROOT/resources/cars" ;;
        tir_reader) seeds="$seeds $ROOT/resources/tires" ;;
    esac
    # New inputs go to the first directory; the seeds are read only.
    mkdir -p "$BUILD/fuzz-corpus/$target" "$BUILD/fuzz-artifacts/$target"
    echo "== fuzz_$target for $SECONDS_TO_RUN s"
    # shellcheck disable=SC2086 # seeds is a list of directories
    "$BUILD/tests/fuzz/fuzz_$target" \
        -max_total_time="$SECONDS_TO_RUN" -rss_limit_mb=2048 -timeout=10 -max_len=65536 \
        -artifact_prefix="$BUILD/fuzz-artifacts/$target/" -print_final_stats=1 \
        "$BUILD/fuzz-corpus/$target" $seeds || {
        echo "== fuzz_$target found a problem: see $BUILD/fuzz-artifacts/$target/" >&2
        status=1
    }
done
exit $status
