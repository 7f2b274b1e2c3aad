#!/usr/bin/env bash
# Runs the whole suite ROUNDS times in a row (default 10) with two extra busy processes
# competing for the cores, as a shared 2-core machine does: a test that relies on
# timing (a check right after an asynchronous state change) fails here long before it
# fails for a user. Stops at the first round that fails. Needs a built ./build.
# Usage: tools/stress-tests.sh [ROUNDS] [extra ctest arguments, e.g. -R tst_live]
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-10}
shift || true
[ -d build ] || { echo "no ./build: run tools/build.sh first" >&2; exit 2; }

busy=()
for _ in 1 2; do
    sh -c 'while :; do :; done' &
    busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT

export QT_QPA_PLATFORM=offscreen
for round in $(seq 1 "$rounds"); do
    echo "== round $round of $rounds (two busy processes running)"
    if ! ctest --test-dir build -j2 --output-on-failure "$@"; then
        echo "== round $round failed" >&2
        exit 1
    fi
done
echo "== $rounds rounds passed"
