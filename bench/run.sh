#!/usr/bin/env bash
# Builds gen (Release) and prints the benchmark figures that docs/performance.md
# quotes: per task, where the time of a sample goes and its ratio to the PNG encode
# alone; then every candidate PNG setting on the same images.
# usage: bench/run.sh [TASK...]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j --target bench gen >/dev/null
echo "== per task (one thread; ms per image; x png = whole cost / encode alone)"
./build/bench tasks "$@"
echo
echo "== PNG settings on the same images"
./build/bench png "$@"
echo
echo "== whole runs: release levels, 10 samples per level, all cores"
for t in $(./build/gen list | awk 'NR > 1 {print $1}'); do
    if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$t"; then continue; fi
    out=$(mktemp -d)
    start=$(date +%s.%N)
    ./build/gen "$t" --seed 7 --out "$out" --quiet
    end=$(date +%s.%N)
    n=$(ls "$out/data" | wc -l)
    awk -v t="$t" -v n="$n" -v a="$start" -v b="$end" \
        'BEGIN {printf "%-24s %5d images %7.2f s %8.1f images/s\n", t, n, b - a, n / (b - a)}'
    rm -rf "$out"
done
