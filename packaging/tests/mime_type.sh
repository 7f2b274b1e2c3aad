#!/usr/bin/env bash
# The MIME declaration tells setups from other JSON: with it in a scratch
# XDG_DATA_HOME, GIO (as GNOME's file manager asks) names a setup vtw-cli saved, a
# library car's file and a compact setup application/x-vehicle-setup+json, and JSON
# that is not a setup application/json, however long the setup's curves.
# Usage: mime_type.sh path/to/vtw-cli path/to/vehicle-workbench-mime.xml path/to/a-library-car.json
# Exit 77 (ctest: skipped) without update-mime-database or gio (Debian: shared-mime-info,
# libglib2.0-bin; tools/install-deps.sh).
set -euo pipefail
cli=$1 xml=$2 car=$3
for tool in update-mime-database gio; do
    if [ -z "$(type -P $tool)" ]; then
        echo "SKIPPED: $tool is not installed"
        exit 77
    fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/data/mime/packages" "$work/files"
cp "$xml" "$work/data/mime/packages/vehicle-workbench.xml"
# Only the system's types and ours: the user's own (~/.local/share) stay out.
update-mime-database "$work/data/mime" >"$work/update.log" 2>&1 || { cat "$work/update.log"; exit 1; }
cd "$work/files"
"$cli" export -s lotus_elise_s2 -o saved.json
cp "$car" library-car.json
tr -d '\n ' <saved.json >compact.json
# A torque curve of 1500 points puts more than 16 KiB before the sections after
# "engine": the type must still be found in the first 16 KiB.
awk 'BEGIN { print "rpm,Nm"; for (i = 0; i < 1500; ++i) printf "%d,%g\n", 800 + 4 * i, 300 + 0.01 * i }' >long.csv
"$cli" import --curve engine.torqueCurve_rpm_Nm -i long.csv -o long-curve.json
[ "$(stat -c %s long-curve.json)" -gt 16384 ] || { echo "long-curve.json is not past 16 KiB"; exit 1; }
printf '{"name": "not a setup", "values": [1, 2, 3]}\n' >plain.json
printf '{"fileType": "something-else", "version": 1}\n' >other-type.json
fail=0
expect() {
    local got
    got=$(XDG_DATA_HOME=$work/data gio info -a standard::content-type "$1" | sed -n 's/.*standard::content-type: //p')
    if [ "$got" = "$2" ]; then echo "$1: $got"; else echo "$1: $got, expected $2"; fail=1; fi
}
expect saved.json application/x-vehicle-setup+json
expect library-car.json application/x-vehicle-setup+json
expect compact.json application/x-vehicle-setup+json
expect long-curve.json application/x-vehicle-setup+json
expect plain.json application/json
expect other-type.json application/json
exit $fail
