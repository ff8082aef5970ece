#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds gen (Release) and prints the figures docs/performance.md quotes:
#  1. per task, where a sample's time goes, one thread: scene, draw, row conversion,
#     deflate, PNG container, SHA-256 and file write (target: at most 3 ms an image);
#  2. the row converters on the same images;
#  3. every candidate deflate x level x row filter on the same images;
#  4. the whole benchmark, gen all --seed 7, all cores: wall, CPU, peak memory, median
#     of 3 (targets: at most 5 s wall on 2 cores, under 50 MB);
#  5. every task against its original script (bench/originals.sh; needs
#     PERCEPT_V_ORIGINAL): CPU time an image, targets 10x a task, 100x the release.
# Figures are ratios within one run: the machine is shared and noisy.
# usage: bench/run.sh [TASK...]    (tasks limit parts 1 to 3)
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j --target bench gen >/dev/null
./build/gen --version | sed -n '/^png:/,$p'
echo
echo "== 1. per task (one thread; ms per image)"
./build/bench tasks "$@"
echo
echo "== 2. row converters (one thread)"
./build/bench rows "$@"
echo
echo "== 3. PNG settings on the same images (one thread)"
./build/bench png "$@"
echo
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "== 4. gen all --seed 7, all cores ($(nproc)), 3 runs"
for i in 1 2 3; do
    rm -rf "$out/all"
    ./build/bench run ./build/gen all --seed 7 --out "$out/all" --quiet
done | tee "$out/runs"
images=$(find "$out/all" -path '*/data/*.png' | wc -l)
bytes=$(du -sb "$out/all" | cut -f1)
sort -t' ' -k2 -n "$out/runs" | sed -n 2p | awk -v n="$images" -v b="$bytes" \
    '{printf "median: wall %s s, %d images (%.0f per second), %.0f MB on disk; target: at most 5 s wall, under 50 MB RSS\n", $2, n, n / $2, b / 1e6}'
rm -rf "$out/all"
echo
echo "== 5. every task against its ORIGINAL script, CPU time an image on one core (bench/originals.sh)"
# Needs PERCEPT_V_ORIGINAL (a local copy of the original Percept-V); skipped without it.
bench/originals.sh "$@"
