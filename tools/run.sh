#!/usr/bin/env bash
# Sets everything up on a fresh Debian 12 machine and launches the workbench
# with the default car (Corvette C5) loaded.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
bash tools/build.sh
exec ./build/app/vehicle-workbench "$@"
