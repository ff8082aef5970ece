#!/bin/sh
# gen against the ORIGINAL Percept-V scripts, task by task, in one run: CPU time
# per image on one core (user + system time of the process and its children, so a
# loaded machine does not skew the ratio; the original script as it is, gen with
# --jobs 1), over the
# release's levels (1..20; 3..22 for grid_path and maze_solving), N images a level
# on both sides.  Prints per task ms an image and the ratio, then the release as a
# whole (all tasks summed).  Targets (issue 19): every task at least 10x its
# original, the whole release at least 100x.
#
#   PERCEPT_V_ORIGINAL=/path/to/copy bench/originals.sh [TASK ...]
#
# PERCEPT_V_ORIGINAL is your own local copy of dair-iitd/Percept-V (never part of
# this project); without it this prints "skipped" and exits 0.  N: ORIG_IMAGES
# (default 2; the originals take 5 to 300 ms an image).  The originals run with the
# stand-ins bench/fidelity.sh makes (font, swatch strip, 2400-px backgrounds);
# process start-up (Python imports) is part of their time, as it is of gen's.
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
n=${ORIG_IMAGES:-2}
[ $# -gt 0 ] || set -- $("$gen" list | awk 'NR > 1 {print $1}')
work=$(mktemp -d)
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
cpu() {
    "$py" -c 'import os, resource, subprocess, sys
os.chdir(sys.argv[1])
subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
               env=dict(os.environ, MPLBACKEND="Agg"))
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.4f" % (r.ru_utime + r.ru_stime))' "$@"
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
    o=$(cpu "$d" "$py" script.py --num_images "$n" --num_sizes $levels) || { echo "$task: the original failed"; continue; }
    # shellcheck disable=SC2086
    g=$(cpu "$d" "$gen" "$task" --num_images "$n" --num_sizes $levels --seed 7 --jobs 1 --out "$d/gen" --quiet)
    k=$(ls "$d/data" | wc -l)
    awk -v t="$task" -v k="$k" -v a="$o" -v b="$g" \
        'BEGIN { printf "%-24s %8d %10.2f %10.3f %7.0fx\n", t, k, a * 1000 / k, b * 1000 / k, a / b }'
    to=$(echo "$to + $o" | bc); tg=$(echo "$tg + $g" | bc); total=$((total + k))
    rm -rf "$d"
done
awk -v k="$total" -v o="$to" -v g="$tg" \
    'BEGIN { printf "%-24s %8d %10.2f %10.3f %7.0fx   (whole release: target 100x; each task: 10x)\n", "all", k, o * 1000 / k, g * 1000 / k, o / g }'
