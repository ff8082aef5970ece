#!/usr/bin/env bash
# Builds gen (Release) and prints the figures docs/performance.md quotes:
#  1. per task, where the time of a sample goes, and its cost as a multiple of
#     encoding its own pixels (the floor: a PNG must be encoded whatever we draw);
#  2. every candidate PNG setting on the same images;
#  3. the whole benchmark (gen all): wall time, images per second, peak memory,
#     at 10 and at 30 samples per level (memory must not grow with --num_images).
# Figures are ratios within one run: the machine is shared and noisy.
# usage: bench/run.sh [TASK...]    (tasks limit parts 1 and 2)
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j --target bench gen >/dev/null
echo "== 1. per task (one thread; ms per image; x png = whole cost / encode alone)"
./build/bench tasks "$@"
echo
echo "== 2. PNG settings on the same images (one thread)"
./build/bench png "$@"
echo
echo "== 3. the whole benchmark, all cores ($(nproc))"
out=$(mktemp -d)
for n in 10 30; do
    rm -rf "$out/all"
    printf 'gen all --num_images %-3s ' "$n"
    ./build/bench run ./build/gen all --seed 7 --num_images "$n" --out "$out/all" --quiet
    images=$(find "$out/all" -path '*/data/*.png' | wc -l)
    echo "  $images images"
done
rm -rf "$out"
