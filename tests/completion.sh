#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# completion: scripts/completion.bash (installed as bash-completion/completions/gen).
#  - the first word offers the 13 subcommands and every task of `gen list`;
#  - each subcommand offers its options, and the union of all offered options is
#    exactly the set `gen --help` names;
#  - --task, --tasks (comma lists) and preview offer task names; --out, -o and
#    the directory arguments of check, verify and merge offer paths; numeric
#    options offer nothing; --opt=value is understood.
set -u
GEN=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
. "$HERE/lib.sh"
scratch

# shellcheck source=../scripts/completion.bash
. "$SRC/scripts/completion.bash"
complete -p gen | grep -q -- '-F _gen gen' && ok || fail "completion.bash does not register _gen for gen"

# What bash would offer for a command line (words split on spaces and, as
# COMP_WORDBREAKS does, around '='; a trailing space starts a new, empty word).
offer() {
    local line="$GEN ${1#gen }"
    read -r -a COMP_WORDS <<<"${line//=/ = }"
    [[ $line == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE=$line
    COMP_POINT=${#line}
    COMPREPLY=()
    _gen 2>/dev/null
    printf '%s\n' "${COMPREPLY[@]}" | sort
}
expect() { # line expected-words...
    local line=$1
    shift
    local got want
    got=$(offer "$line" | tr '\n' ' ')
    want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    [ "$got" = "$want" ] && ok || fail "'$line' offers '$got', expected '$want'"
}

all_tasks=$("$GEN" list | awk 'NR > 1 { print $1 }' | sort)
ntasks=$(wc -l <<<"$all_tasks") # the 30 of the release, and the video tasks where built
[ "$ntasks" -ge 30 ] && ok || fail "gen list shows $ntasks tasks"
first=$(offer "gen ")
for w in all list check verify merge preview overlap recipe gold requests ask score report --help --version $all_tasks; do
    grep -qx -- "$w" <<<"$first" || { fail "the first word does not offer '$w'"; continue; }
    ok
done
[ "$(wc -l <<<"$first")" -eq $((15 + ntasks)) ] && ok ||
    fail "the first word offers $(wc -l <<<"$first") words, expected $((15 + ntasks))"
expect "gen count" count_coloured_circles counting_circles counting_locations counting_shapes
expect "gen mer" merge
expect "gen counting_circles --num_i" --num_images
expect "gen all --t" --tasks
expect "gen all --tasks counting_circles,sort_l" counting_circles,sort_lines
expect "gen all --tasks=grid_p" grid_path
expect "gen check --t" --task
expect "gen check x --task maze" maze_solving
expect "gen preview water" water_image
expect "gen preview water_image -" --seed --grid_size --num_sizes --frames --thumb --out -o
expect "gen verify --" --quiet
expect "gen merge out --" --force --quiet
expect "gen counting_circles --seed " # a number
expect "gen counting_circles --num_sizes=" # a number
expect "gen list " # takes nothing
expect "gen ask d --con" --concurrency
expect "gen ask d --api" --api-key-env
expect "gen ask d --endpoint " # a URL

# Paths.
mkdir -p "$WORK/dirA" "$WORK/dirB"
touch "$WORK/file.txt"
expect "gen counting_circles --out $WORK/di" "$WORK/dirA" "$WORK/dirB"
expect "gen check $WORK/di" "$WORK/dirA" "$WORK/dirB"
expect "gen merge out $WORK/dirA $WORK/dirB $WORK/d" "$WORK/dirA" "$WORK/dirB"
expect "gen preview grid_path -o $WORK/fi" "$WORK/file.txt"

# Every option offered somewhere is one gen --help names, and the reverse.
offered=$(for l in "gen counting_circles -" "gen all -" "gen check x -" "gen verify -" "gen merge -" \
    "gen preview grid_path -" "gen overlap a -" "gen recipe r.json -" "gen gold d -" "gen requests d -" \
    "gen ask d -" "gen score d a -" "gen report d a -" "gen -"; do offer "$l"; done | sort -u)
named=$("$GEN" --help | grep -oE -- '(^|[^A-Za-z0-9_-])(--[a-z][a-z_-]*[a-z]|-[a-z])([^A-Za-z0-9_]|$)' |
    grep -oE -- '--?[a-z][a-z_-]*[a-z]|-[a-z]' | sort -u)
[ "$offered" = "$named" ] && ok ||
    fail "offered and --help differ: $(diff <(echo "$offered") <(echo "$named") | grep '^[<>]' | tr '\n' ' ')"
finish completion
