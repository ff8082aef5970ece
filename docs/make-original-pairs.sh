#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/pairs/TASK.png: the original script's first image at the task's middle
# release level (10; 12 for grid_path and maze_solving) on the left, gen's (seed 7)
# on the right, 10 px of grey apart, for the task pages. For the tasks that draw a
# pair of images (match_outline, match_shadow, mirror_image, water_image) each side
# is that sample's first and second image, 4 px of light grey apart. Pictures wider than
# 1000 px in all are scaled down to 1000 px in all, alike; the pair is stored as a palette
# image (one of more than 256 colours reduced to 256 by libimagequant where Pillow has it).
#
#   PERCEPT_V_ORIGINAL=/path/to/copy sh docs/make-original-pairs.sh TASK ...
#
# PERCEPT_V_ORIGINAL is a local copy of dair-iitd/Percept-V (as for
# bench/fidelity.sh); the original runs in a scratch directory with the bundled
# font as its arial.ttf, the copy's swatches.py drawn there as swatches.png (for
# colours_present, layered_colours, list_colours) and a 2400x2400 smooth-noise
# picture as background_image/bg_1.png (for list_colours and list_shapes; the
# release never shipped its pictures). Needs Debian's python3-pil, -numpy,
# -matplotlib, -opencv and -networkx; GEN defaults to ./build/gen.
# The originals draw at random: another run gives another scene, never gen's.
set -eu
[ $# -ge 1 ] || { sed -n '2,19p' "$0"; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
orig=${PERCEPT_V_ORIGINAL:?set PERCEPT_V_ORIGINAL to a local copy of the original Percept-V}
orig=$(cd "$orig" && pwd)
gen=${GEN:-$top/build/gen}
py=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$top/docs/pairs"
for task in "$@"; do
    case $task in grid_path|maze_solving) level=12 ;; *) level=10 ;; esac
    mkdir -p "$work/$task"
    cp "$orig/$task/script.py" "$work/$task/"
    for f in arial.ttf ARIAL.ttf; do cp "$top/fonts/LiberationSans-Regular.ttf" "$work/$task/$f"; done
    case $task in colours_present|layered_colours|list_colours)
        (cd "$work/$task" && "$py" "$orig/swatches.py" >/dev/null) ;; esac
    case $task in list_colours|list_shapes)
        (cd "$work/$task" && "$py" - <<'PY'
import os, numpy as np
from PIL import Image
os.makedirs("background_image", exist_ok=True)
small = np.random.default_rng(12345).integers(0, 256, (24, 24, 3), dtype=np.uint8)
Image.fromarray(small).resize((2400, 2400), Image.BICUBIC).save("background_image/bg_1.png")
PY
        ) ;; esac
    (cd "$work/$task" && "$py" script.py --num_images 1 --num_sizes "$level" >/dev/null)
    "$gen" "$task" --num_images 1 --num_sizes "$level" --seed 7 --quiet --out "$work/$task/gen"
    case $task in
    match_outline|match_shadow|mirror_image|water_image)
        imgs="$work/$task/data/first1.png $work/$task/data/second1.png"
        imgs="$imgs $work/$task/gen/data/first1.png $work/$task/gen/data/second1.png" ;;
    *)  imgs="$(ls "$work/$task/data/"*.png | head -n 1) $(ls "$work/$task/gen/data/"*.png | head -n 1)" ;;
    esac
    "$py" - "$top/docs/pairs/$task.png" $imgs <<'PY'
import sys
from PIL import Image, features
out, paths = sys.argv[1], sys.argv[2:]
ims = [Image.open(p).convert("RGB") for p in paths]
f = min(1.0, 1000 / sum(im.width for im in ims))  # the pictures at most 1000 px wide in all
if f < 1:
    ims = [im.resize((round(im.width * f), round(im.height * f)), Image.LANCZOS) for im in ims]
def row(parts, gap, grey):
    im = Image.new("RGB", (sum(p.width for p in parts) + gap * (len(parts) - 1),
                           max(p.height for p in parts)), (grey,) * 3)
    x = 0
    for p in parts:
        im.paste(p, (x, 0))
        x += p.width + gap
    return im
half = len(ims) // 2
sides = [row(ims[:half], 4, 220), row(ims[half:], 4, 220)] if half > 1 else ims
im = row(sides, 10, 160)
if im.getcolors(256) is None:  # more than 256 colours: a 256-colour palette
    q = Image.LIBIMAGEQUANT if features.check("libimagequant") else Image.MEDIANCUT
    # a fresh copy of the bytes first: Pillow 9.4 can leave RGB's unused fourth byte
    # at 0 (after a resize), which libimagequant takes for full transparency
    im = Image.frombytes("RGB", im.size, im.tobytes())
    im = im.quantize(256, method=q, dither=Image.NONE)
else:  # 256 colours or fewer: the same pixels in a palette image
    p = im.convert("P", palette=Image.ADAPTIVE, colors=256)
    im = p if p.convert("RGB").tobytes() == im.tobytes() else im
im.save(out, optimize=True)
PY
    echo "docs/pairs/$task.png"
done
