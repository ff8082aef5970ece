#!/bin/sh
# SPDX-License-Identifier: MIT
# gen against the ORIGINAL Percept-V scripts, task by task, in one run: CPU time
# per image on one core (user + system time of the process and its children, so a
# loaded machine does not skew the ratio; the original script as it is, gen with
# --jobs 1), over the release's levels (1..20; 3..22 for grid_path and
# maze_solving), N images a level on both sides.  Prints per task ms an image and
# the ratio, then the release as a whole twice: the 30 tasks' runs summed, and the
# originals' sum against one `gen all --jobs 1` process (how the release is made).
# gen's figures are medians of GEN_RUNS runs (default 5).
# Targets (issue 19): every task at least 10x its original, the whole release at
# least 100x.
#
#   PERCEPT_V_ORIGINAL=/path/to/copy bench/originals.sh [TASK ...]
#
# PERCEPT_V_ORIGINAL is your own local copy of dair-iitd/Percept-V (never part of
# this project); without it this prints "skipped" and exits 0.  N: ORIG_IMAGES
# (default 10, the release's count; all 30 tasks then take about 12 minutes, the
# originals nearly all of it).  The originals run with the stand-ins
# bench/fidelity.sh makes (font, swatch strip, 2400-px backgrounds); process
# start-up (Python's imports; gen's libraries and font) is part of both figures.
#
# Both sides write their images into BENCH_TMP (default /dev/shm, a tmpfs, when
# it is writable): on ext4, creating a file soon after many were deleted (this
# script deletes each task's run) makes the kernel scan recently freed inodes, up
# to 0.3 ms of system time a file on this machine against 0.03 ms otherwise; that
# cost is the file system's state, not the generator's, and is 5-10x gen's own
# work for a small Pillow image.  BENCH_TMP=/some/disk/dir measures with it.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
orig=${PERCEPT_V_ORIGINAL:-}
if [ -z "$orig" ] || [ ! -d "$orig" ]; then
    echo "originals: skipped: set PERCEPT_V_ORIGINAL to a local copy of the original Percept-V"
    exit 0
fi
orig=$(cd "$orig" && pwd)
py=/usr/bin/python3
gen=${GEN:-$top/build/gen}
n=${ORIG_IMAGES:-10}
[ $# -gt 0 ] || set -- $("$gen" list | awk 'NR > 1 {print $1}')
tmp=${BENCH_TMP:-}
if [ -z "$tmp" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then tmp=/dev/shm; fi
work=$(mktemp -d ${tmp:+-p "$tmp"})
trap 'rm -rf "$work"' EXIT
cp "$top/fonts/LiberationSans-Regular.ttf" "$work/arial.ttf"
cp "$top/fonts/LiberationSans-Regular.ttf" "$work/ARIAL.ttf"
(cd "$work" && "$py" "$orig/swatches.py" >/dev/null 2>&1) || true
(cd "$work" && "$py" - <<'PY'
import os, numpy as np
from PIL import Image
os.makedirs("background_image", exist_ok=True)
rng = np.random.default_rng(12345)
for i in range(1, 11):
    small = rng.integers(0, 256, (24, 24, 3), dtype=np.uint8)
    Image.fromarray(small).resize((2400, 2400), Image.BICUBIC).save(f"background_image/bg_{i}.png")
PY
)
# cpu DIR CMD...: runs CMD in DIR; prints the user + system seconds it took.
# Fails when CMD fails or outlives ORIG_TIMEOUT seconds (default 900: an original
# can loop forever, counting_locations now and then at level 20; see its page).
cpu() {
    "$py" -c 'import os, resource, subprocess, sys
os.chdir(sys.argv[1])
subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
               env=dict(os.environ, MPLBACKEND="Agg"), timeout=float(os.environ.get("ORIG_TIMEOUT", "900")))
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.4f" % (r.ru_utime + r.ru_stime))' "$@"
}
# gen_cpu DIR ARGS...: gen ARGS --out DIR/gen-K, GEN_RUNS times (default 5; each
# run a fresh directory, removed after); prints the median CPU seconds.  A gen run
# takes 0.03-0.7 s, short enough for one burst of a shared machine to move it, so
# it is repeated; an original's run takes seconds to minutes and is run once.
gen_cpu() {
    dir=$1; shift
    for k in $(seq 1 "${GEN_RUNS:-5}"); do
        cpu "$dir" "$gen" "$@" --out "$dir/gen-$k"
        rm -rf "$dir/gen-$k"
    done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
printf '%-24s %8s %10s %10s %8s\n' task images "orig ms" "gen ms" "ratio (CPU time an image)"
to=0; tg=0; total=0
for task in "$@"; do
    [ -f "$orig/$task/script.py" ] || { echo "$task: no script.py in $orig"; continue; }
    case $task in grid_path|maze_solving) levels=$(seq 3 22) ;; *) levels=$(seq 1 20) ;; esac
    d="$work/run-$task"
    mkdir -p "$d"
    cp "$orig/$task/script.py" "$d/"
    for f in arial.ttf ARIAL.ttf swatches.png; do [ -e "$work/$f" ] && ln -sf "$work/$f" "$d/$f"; done
    ln -sf "$work/background_image" "$d/background_image"
    # shellcheck disable=SC2086
    o=$(cpu "$d" "$py" script.py --num_images "$n" --num_sizes $levels) || { echo "$task: the original failed or ran past ORIG_TIMEOUT (${ORIG_TIMEOUT:-900} s)"; rm -rf "$d"; continue; }
    # shellcheck disable=SC2086
    g=$(gen_cpu "$d" "$task" --num_images "$n" --num_sizes $levels --seed 7 --jobs 1 --quiet)
    k=$(ls "$d/data" | wc -l)
    awk -v t="$task" -v k="$k" -v a="$o" -v b="$g" \
        'BEGIN { printf "%-24s %8d %10.2f %10.3f %7.1fx\n", t, k, a * 1000 / k, b * 1000 / k, a / b }'
    to=$(echo "$to + $o" | bc); tg=$(echo "$tg + $g" | bc); total=$((total + k))
    rm -rf "$d"
done
awk -v k="$total" -v o="$to" -v g="$tg" \
    'BEGIN { printf "%-24s %8d %10.2f %10.3f %7.1fx   (the tasks summed; each task: target 10x)\n", "all", k, o * 1000 / k, g * 1000 / k, o / g }'
# The release as gen makes it: one process for every task named.
d="$work/run-all"
mkdir -p "$d"
ga=$(gen_cpu "$d" all --tasks "$(echo "$@" | tr ' ' ',')" --num_images "$n" --seed 7 --jobs 1 --quiet)
awk -v k="$total" -v o="$to" -v g="$ga" \
    'BEGIN { printf "%-24s %8d %10.2f %10.3f %7.1fx   (gen all --jobs 1, one process; target 100x)\n", "gen all", k, o * 1000 / k, g * 1000 / k, o / g }'
rm -rf "$d"
