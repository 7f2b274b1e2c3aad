#!/usr/bin/env bash
# Every vtw-cli command line the README's code blocks show runs as shown: exit code 0
# and something written (to standard output, or the file it names). The lines are read
# from the README itself, so a line added there is run here too. What a line needs
# that a reader has (a setup file, an Assetto Corsa car, a track file, math channels,
# an interrupted sweep) is made first in a scratch folder; the paths of the
# examples (~, /opt/vtw, resources/) lead there. GNU parallel's lines run their command
# once per argument after ':::' in this shell (the ssh hosts are not this machine's),
# and the Slurm script once per array task. The README's large sweeps (400 to 20000
# points, minutes of computing on a shared 2-core machine) run with 24 points (each of
# the Slurm script's 16 shards still gets one; an interrupted sweep keeps 20): the
# lines are otherwise as shown, shards, resume and merges included.
# Usage: readme_commands.sh path/to/vtw-cli path/to/source
set -uo pipefail
cli=$1 source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# The program under every name the README calls it by.
mkdir -p bin build/app/cli opt/vtw
for link in bin/vtw-cli build/app/cli/vtw-cli opt/vtw/vtw-cli; do ln -s "$cli" "$link"; done
export PATH="$work/bin:$PATH"

# The files the examples name.
"$cli" export -s lotus_elise_s2 -o opt/vtw/my-car.json || exit 1
cp opt/vtw/my-car.json my-car.json
cp opt/vtw/my-car.json my_car_tuned.json
cp "$source_dir/resources/tracks/Monza.csv" my-track.csv
cat >my-math-channels.json <<'EOF'
{"fileType": "vtw-math-channels", "version": 1,
 "channels": [{"name": "ax_g", "unit": "g", "formula": "ax / 9.80665"}]}
EOF
mkdir -p ac/content/cars
"$cli" export --ac ac/content/cars/my_car/data -s corvette_c5 >ac-export.log || exit 1
"$cli" export --ac ac/content/cars/my_car_copy/data -s corvette_c5 >>ac-export.log || exit 1

# The lines: inside ``` blocks, continuations joined, comments left out.
awk '/^ *```/ { inside = !inside; next }
     inside {
         line = $0; sub(/^ +/, "", line)
         if (joined != "") { line = joined " " line; joined = "" }
         if (line ~ /\\$/) { sub(/ *\\$/, "", line); joined = line; next }
         if (line !~ /^#/ && line ~ /(^|[ \/])vtw-cli /) print line
     }' "$source_dir/README.md" >lines
count=$(wc -l <lines)
[ "$count" -ge 20 ] || { echo "FAIL: only $count vtw-cli lines found in the README's code blocks"; exit 1; }

failed=0
run() { # one command in this folder: exit 0 and output, or a file written, or it fails
    local shown=$1 command=$2
    touch stamp
    sleep 0.01
    local started=$SECONDS
    if ! bash -c "$command" <stamp >out 2>err; then
        echo "FAIL: $shown"
        sed 's/^/    /' err | head -20
        failed=$((failed + 1))
        return
    fi
    if [ ! -s out ] && [ -z "$(find . -newer stamp -type f -size +0 ! -name out ! -name err ! -name stamp)" ]; then
        echo "FAIL: $shown: wrote nothing"
        failed=$((failed + 1))
        return
    fi
    echo "ok ($((SECONDS - started)) s): $shown"
}
while IFS= read -r -u 3 line; do
    command=${line//\~/$work}
    command=${command//\/opt\/vtw/$work/opt/vtw}
    command=${command// resources\// $source_dir/resources/}
    if [[ $command =~ --count\ ([0-9]+) ]] && [ "${BASH_REMATCH[1]}" -gt 200 ]; then
        command=${command//--count ${BASH_REMATCH[1]}/--count 24}
    fi
    # An interrupted sweep's rows: the first 20 of its finished table (6 header lines).
    if [[ $command == *"--resume bias.csv.partial"* ]] && [ ! -e bias.csv.partial ]; then
        head -n 26 bias.csv >bias.csv.partial
    fi
    if [[ $command == parallel* ]]; then
        arguments=${command##*:::}
        command=${command%%:::*}
        command=vtw-cli${command#*vtw-cli}
        for argument in $arguments; do
            run "$line [{} = $argument]" "${command//\{\}/$argument}"
        done
    elif [[ $command == *SLURM_ARRAY_TASK_ID* ]]; then
        for task in $(seq 0 15); do
            run "$line [task $task of 16]" \
                "SLURM_CPUS_PER_TASK=2 SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_COUNT=16; $command"
        done
    else
        run "$line" "$command"
    fi
done 3<lines
echo "$count README lines, $failed runs failed"
[ "$failed" -eq 0 ]
