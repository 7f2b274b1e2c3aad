#!/usr/bin/env bash
# Sets everything up on a fresh Debian 12 machine, builds, and runs the whole
# test suite with ctest (GUI tests run offscreen).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
bash tools/build.sh
export QT_QPA_PLATFORM=offscreen
ctest --test-dir build --output-on-failure -j"$(nproc 2>/dev/null || echo 2)"
