#!/bin/sh
# SPDX-License-Identifier: MIT
# The redraw rates of a composed video task's levels, as its page gives them: gen's
# "redrawn" line of three runs, seed 7, levels 1..4: N samples a level (default 200) at
# the default 16 frames and at --frames 4, and N/20 a level at --frames 64, each with
# its CPU time.  Prints the page's markdown table.  GEN defaults to ./build/gen.
#
#   sh docs/measure-comp-redraws.sh TASK [N]
set -eu
[ $# -ge 1 ] || { sed -n '2,7p' "$0"; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
gen=${GEN:-$top/build/gen}
task=$1
n=${2:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for f in 16 4 64; do
    k=$n
    [ "$f" = 64 ] && k=$((n / 20))
    /usr/bin/time -f "%U %S" -o "$work/time-$f" "$gen" "$task" --num_images "$k" --num_sizes 1..4 --frames "$f" \
        --seed 7 --out "$work/out-$f" --jobs 2 2>"$work/err-$f" || { echo "--frames $f: $(grep -v redrawn "$work/err-$f")" >&2; echo "failed" >"$work/line-$f"; continue; }
    grep redrawn "$work/err-$f" >"$work/line-$f" || echo "gen: $task: 0 of $((4 * k)) samples redrawn (0 scenes thrown away); by level" >"$work/line-$f"
done
# "by level 1: 23/200, 2: 27/200, ..." -> one cell a level
cell() { # line level
    sed -n "s/.*by level.*[ ,]$2: \([0-9]*\)\/\([0-9]*\).*/\1 \2/p" "$1" | awk '{printf "%d/%d (%.0f%%)", $1, $2, 100 * $1 / $2}'
}
echo "| level | samples redrawn, 16 frames | 4 frames | 64 frames |"
echo "|---|---|---|---|"
for l in 1 2 3 4; do
    a=$(cell "$work/line-16" $l); b=$(cell "$work/line-4" $l); c=$(cell "$work/line-64" $l)
    fail() { grep -q '^failed' "$1" && echo "failed (exit 3)"; }
    [ -n "$a" ] || a=$(fail "$work/line-16") || a=0/$n
    [ -n "$b" ] || b=$(fail "$work/line-4") || b=0/$n
    [ -n "$c" ] || c=$(fail "$work/line-64") || c=0/$((n / 20))
    echo "| $l | $a | $b | $c |"
done
all() { grep -q '^failed' "$1" && { echo "a level failed"; return; }; sed -n 's/.*: \([0-9]*\) of \([0-9]*\) samples redrawn (\([0-9]*\) scenes.*/\1\/\2, \3 worlds thrown away/p' "$1"; }
echo "| all | $(all "$work/line-16") | $(all "$work/line-4") | $(all "$work/line-64") |"
for f in 16 4 64; do
    echo "CPU at --frames $f: $(awk '/^[0-9.]+ [0-9.]+$/ {printf "%.1f s user + %.1f s system", $1, $2}' "$work/time-$f")" >&2
done
