#!/usr/bin/env bash
# A sweep split into three shards run side by side by GNU parallel, then merged,
# is byte for byte the sweep run in one process: the README's recipe, run for real.
# Usage: sweep_parallel.sh path/to/vtw-cli. Exit 77 (ctest: skipped) without GNU parallel.
set -euo pipefail
cli=$1
if ! command -v parallel >/dev/null 2>&1; then
    echo "SKIPPED: GNU parallel is not installed (tools/install-deps.sh installs the Debian package 'parallel')"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
sweep=(sweep -m braking --param brakes.frontBias --from 0.5 --to 0.8 --count 7
       --param2 brakes.maxTorque --from2 3000 --to2 5000 --count2 3 --threads 1)
"$cli" "${sweep[@]}" -o whole.csv
parallel --will-cite --halt now,fail=1 -q "$cli" "${sweep[@]}" --shard {}/3 -o shard{}.csv ::: 0 1 2
"$cli" merge shard0.csv shard1.csv shard2.csv -o merged.csv
grep -qx '# shard 1/3' shard1.csv
cmp whole.csv merged.csv
echo "$(($(wc -l <merged.csv) - 7)) rows from 3 shards run by GNU parallel merge into the one-process sweep's bytes"
