#!/usr/bin/env bash
# Installs what the workbench needs to build and test on Debian 12.
# Idempotent: apt-get skips packages that are already installed.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    ccache # a compiler cache: rebuilds of this or another checkout take minutes, not most of an hour
    qt6-base-dev libqcustomplot-dev
    libmuparser-dev # the formulas of math channels
    parallel # GNU parallel, for the test that runs a sweep's shards side by side
    librsvg2-bin # rsvg-convert renders the application icon's PNG sizes at build time
    dpkg-dev # dpkg-shlibdeps works out the Debian package's library dependencies (cpack -G DEB)
    # For the tests of the desktop entry, the MIME type and the manual page:
    desktop-file-utils shared-mime-info libglib2.0-bin groff-base
    clang-tools # clang-query, for the test that every function passing a Quad is forced inline
    clang libclang-rt-14-dev # the fuzz targets (tools/run-fuzz.sh): clang and its libFuzzer runtime
)

if [ "$(id -u)" -eq 0 ]; then
    sudo=""
else
    sudo="sudo"
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
else
    echo "All build dependencies are installed."
fi
