#!/usr/bin/env bash
# The desktop entry is valid (desktop-file-validate) and agrees with the rest: it
# starts the window with the files it is given (%F), names the icon the build renders
# and the MIME type the package declares, and that declaration is well-formed XML.
# Usage: desktop_files.sh path/to/packaging. Exit 77 (ctest: skipped) without
# desktop-file-validate (Debian: desktop-file-utils, tools/install-deps.sh).
set -euo pipefail
dir=$1
desktop=$dir/vehicle-workbench.desktop mime=$dir/vehicle-workbench-mime.xml
if [ -z "$(type -P desktop-file-validate)" ]; then
    echo "SKIPPED: desktop-file-validate is not installed (Debian package desktop-file-utils)"
    exit 77
fi
out=$(desktop-file-validate "$desktop" 2>&1) || { echo "$out"; exit 1; }
[ -z "$out" ] || { echo "desktop-file-validate: $out"; exit 1; }
value() { sed -n "s/^$1=//p" "$desktop"; }
[ "$(value Exec)" = "vehicle-workbench %F" ] || { echo "Exec must pass the files: $(value Exec)"; exit 1; }
[ "$(value Icon)" = "vehicle-workbench" ] || { echo "Icon is not the rendered icon's name: $(value Icon)"; exit 1; }
type=$(sed -n 's/.*<mime-type type="\([^"]*\)".*/\1/p' "$mime")
[ "$(value MimeType)" = "$type;" ] || { echo "MimeType $(value MimeType) is not the declared $type"; exit 1; }
if [ -n "$(type -P xmllint)" ]; then
    xmllint --noout "$mime"
fi
echo "desktop entry valid; Exec, Icon and MimeType ($type) agree with the icon and MIME declaration"
