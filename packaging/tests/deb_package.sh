#!/usr/bin/env bash
# The Debian package as a user gets it: built with cpack from this build, unpacked
# into a scratch root (dpkg -x, nothing installed on the machine), and run from there
# with the system's libraries only. Its name and version are the program's; its
# Depends names the package of every library the programs load; the window, the CLI,
# the data with its licences, the docs, the desktop entry, icons, MIME type, manual
# page and completion are where a desktop and man look for them.
# Usage: deb_package.sh path/to/source path/to/build path/to/vtw-cli [with-window]
set -euo pipefail
source_dir=$1 build=$2 cli=$3 window=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; fail "cpack -G DEB failed"; }
debs=("$work"/out/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "cpack wrote no single .deb: ${debs[*]}"
deb=${debs[0]}
version=$("$cli" --version | sed -n 's/^vtw-cli //p')
[ "$(dpkg-deb -f "$deb" Package)" = vehicle-workbench ] || fail "package name $(dpkg-deb -f "$deb" Package)"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] ||
    fail "package version $(dpkg-deb -f "$deb" Version), vtw-cli --version says $version"
[ "$(basename "$deb")" = "vehicle-workbench_${version}_$(dpkg --print-architecture).deb" ] || fail "file name $(basename "$deb")"
depends=$(dpkg-deb -f "$deb" Depends)
# The packages Depends names, one a line, without versions.
tr ',|' '\n\n' <<<"$depends" | sed -e 's/(.*)//' -e 's/ //g' -e '/^$/d' >"$work/depends"
for needed in libqt6core6 libqcustomplot2.1-qt6; do
    grep -qx "$needed" "$work/depends" || fail "Depends lacks $needed: $depends"
done

dpkg-deb -x "$deb" "$work/root"
root=$work/root
programs=(usr/bin/vtw-cli)
files=(usr/bin/vtw-cli
       usr/share/man/man1/vtw-cli.1.gz
       usr/share/bash-completion/completions/vtw-cli
       usr/share/doc/vehicle-workbench/README.md
       usr/share/doc/vehicle-workbench/CHANGELOG.md
       usr/share/doc/vehicle-workbench/docs/physics.md
       usr/share/doc/vehicle-workbench/docs/analysis.md
       usr/share/vehicle-workbench/cars/corvette_c5.json
       usr/share/vehicle-workbench/tires/mf_185_80R14.tir
       usr/share/vehicle-workbench/tires/LICENSE-projectchrono.txt)
if [ -n "$window" ]; then
    programs+=(usr/bin/vehicle-workbench)
    files+=(usr/bin/vehicle-workbench
            usr/share/applications/vehicle-workbench.desktop
            usr/share/mime/packages/vehicle-workbench.xml
            usr/share/icons/hicolor/scalable/apps/vehicle-workbench.svg
            usr/share/icons/hicolor/16x16/apps/vehicle-workbench.png
            usr/share/icons/hicolor/256x256/apps/vehicle-workbench.png)
    # The platform plugin a desktop session loads is loaded, not linked: ldd cannot see it.
    xcb=$(dpkg -S '*/qt6/plugins/platforms/libqxcb.so' | sed -n '1s/:.*//p')
    grep -qx "$xcb" "$work/depends" || fail "Depends lacks $xcb, which holds Qt's X11 platform plugin: $depends"
    grep -qx libqt6widgets6 "$work/depends" || fail "Depends lacks libqt6widgets6: $depends"
fi
for f in "${files[@]}"; do
    [ -s "$root/$f" ] || fail "the package has no $f"
done
# Every file the installed README links to (docs/physics.md, the screenshots, ...) is
# where the link leads.
docs=$root/usr/share/doc/vehicle-workbench
for target in $(grep -o '](\([^)#: ]*\))' "$docs/README.md" | sed 's/^](\(.*\))$/\1/' | sort -u); do
    [ -e "$docs/$target" ] || fail "the installed README links to $target, which is not in usr/share/doc/vehicle-workbench"
done
# Every folder of resources/ is in the package with all its files.
for dir in "$source_dir"/resources/*/; do
    name=$(basename "$dir")
    for f in "$dir"*; do
        cmp -s "$f" "$root/usr/share/vehicle-workbench/$name/$(basename "$f")" ||
            fail "the package's usr/share/vehicle-workbench/$name/$(basename "$f") is not resources/$name/$(basename "$f")"
    done
done

# The libraries: all found without LD_LIBRARY_PATH; those the programs link directly
# (their NEEDED entries; the rest come with those) each from a package Depends names.
owner() { # the package that installed a library (usr-merged paths tried both ways)
    local path=$1 alt
    case $path in /usr/lib/*) alt=${path#/usr} ;; /lib/*) alt=/usr$path ;; *) alt=$path ;; esac
    { dpkg -S "$path" || dpkg -S "$(readlink -f "$path")" || dpkg -S "$alt" || true; } 2>>"$work/dpkg-S.log" |
        sed -n '1s/:.*//p' # (head would close the pipe early: a failure under pipefail)
}
libraries=0
for program in "${programs[@]}"; do
    env -u LD_LIBRARY_PATH ldd "$root/$program" >"$work/ldd" || fail "ldd $program"
    if grep -q 'not found' "$work/ldd"; then cat "$work/ldd"; fail "$program needs libraries the system lacks"; fi
    while read -r soname; do
        path=$(sed -n "s|^[[:space:]]*$soname => \(/[^ ]*\) (.*|\1|p" "$work/ldd")
        [ -n "$path" ] || fail "$program needs $soname, which ldd does not resolve"
        package=$(owner "$path")
        [ -n "$package" ] || fail "no package owns $path"
        grep -qx "$package" "$work/depends" || fail "$program links $path from $package, which Depends lacks: $depends"
        libraries=$((libraries + 1))
    done < <(objdump -p "$root/$program" | awk '$1 == "NEEDED" {print $2}')
done

# The unpacked programs run, and read the unpacked data.
run() { env -u LD_LIBRARY_PATH "$@"; }
[ "$(run "$root/usr/bin/vtw-cli" --version)" = "vtw-cli $version" ] || fail "unpacked vtw-cli --version"
run "$root/usr/bin/vtw-cli" run -s lotus_elise_s2 -m braking >"$work/run.json"
grep -q '"braking_100_0_kmh_m"' "$work/run.json" || { cat "$work/run.json"; fail "unpacked vtw-cli run"; }
run "$root/usr/bin/vtw-cli" tire --tir "$root/usr/share/vehicle-workbench/tires/mf_185_80R14.tir" \
    --sweep slip-angle >"$work/tire.csv" 2>"$work/tire.err"
[ "$(wc -l <"$work/tire.csv")" -gt 10 ] || { cat "$work/tire.err"; fail "unpacked vtw-cli tire --tir on the unpacked data"; }
if [ -n "$window" ]; then
    shown=$(run QT_QPA_PLATFORM=offscreen "$root/usr/bin/vehicle-workbench" --version)
    [ "$shown" = "Vehicle Tuning Workbench $version" ] || fail "unpacked vehicle-workbench --version: $shown"
fi
echo "$(basename "$deb"): $(du -k "$deb" | cut -f1) KiB, Depends: $depends"
echo "unpacked: ${#files[@]} files in place, $libraries linked libraries each from a package Depends names, the programs run"
