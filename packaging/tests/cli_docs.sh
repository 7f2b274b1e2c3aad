#!/usr/bin/env bash
# vtw-cli's manual page and bash completion say what its help says: every command of
# 'vtw-cli --help' and every option of each 'vtw-cli COMMAND --help', read here with
# grep (not the generator's parsing), is in both; the page renders without warnings.
# Usage: cli_docs.sh path/to/vtw-cli path/to/vtw-cli.1 path/to/completion
set -euo pipefail
cli=$1 man=$2 completion=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

commands=$("$cli" --help | sed -n '/^commands:/,/^$/p' | grep -E '^  [a-z]' | awk '{print $1}')
[ -n "$commands" ] || { echo "no commands in 'vtw-cli --help'"; exit 1; }

# The page as text (roff's \- is a plain hyphen in option names).
sed -e 's/\\-/-/g' -e 's/\\f[BIR]//g' "$man" >"$work/page"
source "$completion"
# (Its output is grepped as a whole: grep -q stopping early would break a pipe from it.)
complete_words() { # the completions of the words given, the last one being completed
    COMP_WORDS=("$cli" "$@")
    COMP_CWORD=$(($# ))
    COMPREPLY=()
    _vtw_cli
    printf '%s\n' "${COMPREPLY[@]}"
}

checked=0
for command in $commands; do
    grep -qx "\.SS \"vtw-cli $command.*\"" "$work/page" || { echo "man page: no section for $command"; exit 1; }
    grep -qx "$command" <<<"$(complete_words "${command:0:3}")" ||
        { echo "completion: '${command:0:3}' does not complete to $command"; exit 1; }
    options=$("$cli" "$command" --help | grep -oE '^  (-[a-zA-Z], )?--[a-z0-9-]+' | grep -oE -- '--[a-z0-9-]+')
    offered=$(complete_words "$command" --)
    for option in $options; do
        grep -qF -- "$option" "$work/page" || { echo "man page: $command has no $option"; exit 1; }
        grep -qx -- "$option" <<<"$offered" || { echo "completion: $command offers no $option"; exit 1; }
        checked=$((checked + 1))
    done
done
grep -qx braking <<<"$(complete_words run -m "")" || { echo "completion: -m does not offer the maneuver ids"; exit 1; }

if [ -n "$(type -P groff)" ]; then
    groff -man -Tutf8 -ww -z "$man" 2>"$work/warnings"
    if [ -s "$work/warnings" ]; then
        echo "groff warns about the man page:"; cat "$work/warnings"; exit 1
    fi
fi
echo "$(wc -w <<<"$commands") commands and $checked options of the help are in the man page and the completion"
