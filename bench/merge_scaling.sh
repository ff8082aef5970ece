#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# How gen merge's time grows with the number of samples: 4 shards of
# counting_circles (level 1, --scale 0.25 so that making them is quick) at
# 10,000, 20,000 and 40,000 samples; the wall time of the merge (/usr/bin/time),
# microseconds per sample, and the time as a multiple of the smallest size's.
# Linear time keeps microseconds per sample flat (ratios 1, 2, 4); quadratic
# doubles them with each size (ratios 1, 4, 16).
# usage: bench/merge_scaling.sh [OTHER_GEN]   (OTHER_GEN: also time another build,
#        e.g. one of an older revision, on the same shards in the same run)
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j --target gen >/dev/null
GEN=$PWD/build/gen
OTHER=${1:+$(realpath "$1")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { # GEN OUT SHARDS...: wall seconds of one merge
    local gen=$1 out=$2
    shift 2
    rm -rf "$out"
    /usr/bin/time -f %e -o "$work/t" "$gen" merge "$out" "$@" --quiet
    cat "$work/t"
}

printf '%-8s %-10s %9s %12s %7s\n' samples build seconds "us/sample" ratio
declare -A first
for n in 10000 20000 40000; do
    shards=()
    for k in 1 2 3 4; do
        "$GEN" counting_circles --num_images "$n" --num_sizes 1 --scale 0.25 --seed 1 --shard "$k/4" \
            --out "$work/s$n-$k" --quiet
        shards+=("$work/s$n-$k")
    done
    for build in this ${OTHER:+other}; do
        gen=$GEN
        [ "$build" = other ] && gen=$OTHER
        s=$(seconds "$gen" "$work/m" "${shards[@]}")
        [ -n "${first[$build]:-}" ] || first[$build]=$s
        awk -v n="$n" -v b="$build" -v s="$s" -v f="${first[$build]}" \
            'BEGIN { printf "%-8d %-10s %9.2f %12.1f %7.2f\n", n, b, s, s / n * 1e6, s / f }'
    done
    rm -rf "$work"/s"$n"-* "$work/m"
done
