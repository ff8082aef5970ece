#!/bin/sh
# SPDX-License-Identifier: MIT
# Side by side: an ORIGINAL Percept-V script and gen, at the same levels.
#
#   PERCEPT_V_ORIGINAL=/path/to/copy bench/fidelity.sh TASK [LEVEL ...]
#
# PERCEPT_V_ORIGINAL is your own local copy of dair-iitd/Percept-V (task folders
# with script.py; swatches.py at its top).  It is never part of this project and
# nothing here needs it but this script, which says "skipped" and exits 0 without
# it.  It needs Debian's python3-numpy, -matplotlib, -pil, -opencv and -networkx
# for the originals.  LEVEL defaults to 1 10 20 (3 12 22 for grid_path and
# maze_solving).  Environment: ORIG_IMAGES (10 per level), GEN_IMAGES (30 per
# level), GEN (./build/gen), SEED (1), KEEP (a directory to keep both outputs in).
#
# The original runs in a scratch directory with the stand-ins it opens but the
# release never shipped: the bundled font under the names the scripts open, the
# swatch strip its own swatches.py draws, and ten 2400x2400 smooth-noise pictures
# as background_image/bg_N.png.  bench/fidelity.py then prints, per level, both
# sides' image sizes, record fields and JSON types, the mean of every number,
# bool and list length (with a flag where gen's mean is off by more than 3
# standard errors + 5%), the original's defect rate (bench/fidelity/TASK.py) and
# gen's redraw rate, and both wall times.
set -eu
[ $# -ge 1 ] || { sed -n '2,22p' "$0"; exit 2; }
task=$1; shift
top=$(cd "$(dirname "$0")/.." && pwd)
orig=${PERCEPT_V_ORIGINAL:-}
if [ -z "$orig" ] || [ ! -f "$orig/$task/script.py" ]; then
    echo "fidelity: skipped ($task): set PERCEPT_V_ORIGINAL to a local copy of the original Percept-V holding $task/script.py"
    exit 0
fi
orig=$(cd "$orig" && pwd)
py=/usr/bin/python3
"$py" -c 'import numpy, matplotlib, PIL, cv2, networkx' 2>/dev/null ||
    { echo "fidelity: the originals need python3-numpy, -matplotlib, -pil, -opencv, -networkx" >&2; exit 2; }
gen=${GEN:-$top/build/gen}
[ -x "$gen" ] || { echo "fidelity: no gen at $gen (build first, or set GEN)" >&2; exit 2; }
if [ $# -eq 0 ]; then
    case $task in grid_path|maze_solving) set -- 3 12 22 ;; *) set -- 1 10 20 ;; esac
fi
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work/orig" "$work/gen"
cd "$work/orig"
rm -rf data data.json
cp "$orig/$task/script.py" .
cp "$top/fonts/LiberationSans-Regular.ttf" arial.ttf
cp "$top/fonts/LiberationSans-Regular.ttf" ARIAL.ttf
case $task in colours_present|layered_colours|list_colours)
    [ -f swatches.png ] || "$py" "$orig/swatches.py" >/dev/null ;; esac
case $task in list_colours|list_shapes)
    [ -f background_image/bg_10.png ] || "$py" - <<'PY'
import os, numpy as np
from PIL import Image
os.makedirs("background_image", exist_ok=True)
rng = np.random.default_rng(12345)
for i in range(1, 11):
    small = rng.integers(0, 256, (24, 24, 3), dtype=np.uint8)
    Image.fromarray(small).resize((2400, 2400), Image.BICUBIC).save(f"background_image/bg_{i}.png")
PY
    ;; esac
t0=$(date +%s.%N)
MPLBACKEND=Agg "$py" script.py --num_images "${ORIG_IMAGES:-10}" --num_sizes "$@" >/dev/null
t1=$(date +%s.%N)
"$gen" "$task" --num_images "${GEN_IMAGES:-30}" --num_sizes "$@" --seed "${SEED:-1}" --jobs 1 \
    --out "$work/gen/$task" --force 2>"$work/gen.log" >/dev/null
t2=$(date +%s.%N)
"$py" "$top/bench/fidelity.py" "$task" "$work/orig" "$work/gen/$task" --levels "$*" \
    --orig-seconds "$(echo "$t1 - $t0" | bc)" --gen-seconds "$(echo "$t2 - $t1" | bc)" \
    --gen-log "$work/gen.log" --checks "$top/bench/fidelity"
[ -n "${KEEP:-}" ] || rm -rf "$work"
