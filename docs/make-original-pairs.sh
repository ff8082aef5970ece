#!/bin/sh
# docs/pairs/TASK.png: the original script's first image at the task's middle
# release level (10; 12 for grid_path and maze_solving) on the left, gen's (seed 7)
# on the right, 10 px of grey apart, for the task pages.
#
#   PERCEPT_V_ORIGINAL=/path/to/copy sh docs/make-original-pairs.sh TASK ...
#
# PERCEPT_V_ORIGINAL is a local copy of dair-iitd/Percept-V (as for
# bench/fidelity.sh); the original runs in a scratch directory with the bundled
# font as its arial.ttf.  Needs Debian's python3-pil; GEN defaults to ./build/gen.
# The originals draw at random: another run gives another scene, never gen's.
set -eu
[ $# -ge 1 ] || { sed -n '2,11p' "$0"; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
orig=${PERCEPT_V_ORIGINAL:?set PERCEPT_V_ORIGINAL to a local copy of the original Percept-V}
orig=$(cd "$orig" && pwd)
gen=${GEN:-$top/build/gen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$top/docs/pairs"
for task in "$@"; do
    case $task in grid_path|maze_solving) level=12 ;; *) level=10 ;; esac
    mkdir -p "$work/$task"
    cp "$orig/$task/script.py" "$work/$task/"
    for f in arial.ttf ARIAL.ttf; do cp "$top/fonts/LiberationSans-Regular.ttf" "$work/$task/$f"; done
    (cd "$work/$task" && /usr/bin/python3 script.py --num_images 1 --num_sizes "$level" >/dev/null)
    "$gen" "$task" --num_images 1 --num_sizes "$level" --seed 7 --quiet --out "$work/$task/gen"
    o=$(ls "$work/$task/data/"*.png | head -n 1)
    g=$(ls "$work/$task/gen/data/"*.png | head -n 1)
    /usr/bin/python3 - "$o" "$g" "$top/docs/pairs/$task.png" <<'PY'
import sys
from PIL import Image
a, b = (Image.open(p).convert("RGB") for p in sys.argv[1:3])
im = Image.new("RGB", (a.width + 10 + b.width, max(a.height, b.height)), (160, 160, 160))
im.paste(a, (0, 0))
im.paste(b, (a.width + 10, 0))
im.save(sys.argv[3], optimize=True)
PY
    echo "docs/pairs/$task.png"
done
