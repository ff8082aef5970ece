#!/usr/bin/env bash
# Builds gen (Release) and prints the figures docs/performance.md quotes:
#  1. per task, where a sample's time goes, one thread: scene, draw, row conversion,
#     deflate, PNG container, SHA-256 and file write (target: at most 3 ms an image);
#  2. the row converters on the same images;
#  3. every candidate deflate x level x row filter on the same images;
#  4. the whole benchmark, gen all --seed 7, all cores: wall, CPU, peak memory, median
#     of 3 (targets: at most 5 s wall on 2 cores, under 50 MB);
#  5. counting_circles, 200 images (levels 1..20), gen against the matplotlib-style
#     script of /work/shared/bench (or $MPL_SCRIPT), timed in the same run
#     (target: gen at least 50x faster).
# Figures are ratios within one run: the machine is shared and noisy.
# usage: bench/run.sh [TASK...]    (tasks limit parts 1 to 3)
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j --target bench gen >/dev/null
MPL_SCRIPT=${MPL_SCRIPT:-/work/shared/bench/counting_circles_matplotlib.py}
# Debian's python3-matplotlib is for Debian's python3, whatever python3 is first on PATH.
PY=${PY:-/usr/bin/python3}
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
echo "== 5. counting_circles, 10 images at each of levels 1..20 (200), gen vs matplotlib"
mkdir -p "$out/cc" "$out/mpl"
t0=$(date +%s.%N)
./build/gen counting_circles --num_images 10 --num_sizes 1..20 --seed 7 --out "$out/cc" --quiet
t1=$(date +%s.%N)
if [ -f "$MPL_SCRIPT" ] && "$PY" -c 'import matplotlib' 2>/dev/null; then
    (cd "$out/mpl" && "$PY" "$MPL_SCRIPT" --num_images 10)
    t2=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {printf "gen %.3f s, matplotlib %.2f s: gen is %.0fx faster (target: at least 50x)\n", b - a, c - b, (c - b) / (b - a)}'
else
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "gen %.3f s; matplotlib script or python3-matplotlib missing, no comparison\n", b - a}'
fi
