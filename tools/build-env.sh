# Sourced by the build scripts: the CMake generator and compiler cache they share, in
# the array `generator`. Ninja where installed. A compiler cache where installed, with
# paths taken relative to the checkout, so that a fresh clone elsewhere (CI's) hits what
# another checkout built: a rebuild takes minutes, not most of an hour.
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
if command -v ccache >/dev/null 2>&1; then
    generator+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi
