#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/previews/TASK-levels.png for the composed video tasks (comp_conjunctive,
# comp_sequential): five samples, one row each (seed 7, the first
# of level 1..4 of one run, files 1..4): levels 1, 2, 3 and 4 at the default 16
# frames, and level 4 at --frames 4.  A row shows four of the sample's frames at
# half size: the frames its steps name (a rule's frame=K in comp_conjunctive, a
# step that establishes a frame in comp_sequential; marked "asked"), then the first
# and the last, then evenly spaced ones; under them the record: the question, the
# five options with the answer in brackets, and each step's text and intermediate
# answer.  Needs Debian's python3-pil; GEN defaults to
# ./build/gen.
#
#   sh docs/make-comp-sheets.sh [TASK ...]     (default: both tasks)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gen=${GEN:-$top/build/gen}
py=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ $# -ge 1 ] || set -- comp_conjunctive comp_sequential
for task in "$@"; do
    # levels 1..4 are files 1..4 of one run (as gen all makes them); the last row
    # is file 4 of the same run at --frames 4
    "$gen" "$task" --seed 7 --num_sizes 1..4 --num_images 1 --out "$work/$task-F16" --quiet
    "$gen" "$task" --seed 7 --num_sizes 1..4 --num_images 1 --frames 4 --out "$work/$task-F4" --quiet
    rows="$work/$task-F16:1 $work/$task-F16:2 $work/$task-F16:3 $work/$task-F16:4 $work/$task-F4:4"
    "$py" - "$top/fonts/LiberationSans-Regular.ttf" "$top/docs/previews/$task-levels.png" "$task" $rows <<'PY'
import json, os, sys, textwrap
from PIL import Image, ImageDraw, ImageFont

font_path, out, task, dirs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
font = ImageFont.truetype(font_path, 13)
bold = ImageFont.truetype(font_path, 15)
COLS, THUMB_W, GAP, MARGIN = 4, 250, 6, 10      # four frames of 500 px at half size
LINE = 17
width = 2 * MARGIN + COLS * THUMB_W + (COLS - 1) * GAP
FRAME_OPS = {"first_seen", "last_seen", "recoloured", "crossed", "went_behind"}
blocks = []
for arg in dirs:
    d, file = arg.rsplit(":", 1)
    rec = [r for r in json.load(open(os.path.join(d, "data.json"))) if r["id"] == file + "_1.png"][0]
    frames = rec["frames"]
    n = len(frames)
    asked = []
    for s in rec["steps"]:
        words = s["rule"].split()
        if rec["logic"] == "conjunctive":
            asked += [int(w[6:]) - 1 for w in words if w.startswith("frame=")]
        elif words[0] in FRAME_OPS and s["answer"].isdigit():
            asked.append(int(s["answer"]) - 1)
    pick = []
    for k in asked + [0, n - 1] + [round(j * (n - 1) / 8) for j in range(1, 8)]:
        if k not in pick and 0 <= k < n and len(pick) < COLS:
            pick.append(k)
    pick.sort()
    thumbs = []
    for k in pick:
        im = Image.open(os.path.join(d, "data", frames[k])).convert("RGB")
        h = round(im.height * THUMB_W / im.width)
        thumbs.append((im.resize((THUMB_W, h), Image.LANCZOS), f"frame {k + 1}" + (" (asked)" if k in asked else "")))
    head = f"level {rec['num_conditions']} ({rec['logic']}), {n} frames"
    lines = [(head, bold)]
    for l in textwrap.wrap(rec["question"], 150):
        lines.append((l, font))
    letters = "ABCDE"
    opts = "   ".join(("[" + letters[i] + ". " + o + "]") if letters[i] == rec["answer"] else
                      (letters[i] + ". " + o) for i, o in enumerate(rec["options"]))
    lines.append(("options: " + opts + f"    ({rec['category']}; answer {rec['answer']})", font))
    for k, s in enumerate(rec["steps"], 1):
        for j, l in enumerate(textwrap.wrap(f"STEP {k}: {s['text']}  ->  {s['answer']}", 150)):
            lines.append((("    " if j else "") + l, font))
    blocks.append((thumbs, lines))
height = MARGIN
for thumbs, lines in blocks:
    height += LINE + max(t.height for t, _ in thumbs) + 4 + LINE * len(lines) + 2 * MARGIN
sheet = Image.new("RGB", (width, height), "white")
draw = ImageDraw.Draw(sheet)
y = MARGIN
for thumbs, lines in blocks:
    x = MARGIN
    for t, label in thumbs:
        draw.text((x, y), label, fill=(0, 0, 0), font=bold)
        sheet.paste(t, (x, y + LINE))
        draw.rectangle([x - 1, y + LINE - 1, x + t.width, y + LINE + t.height], outline=(160, 160, 160))
        x += THUMB_W + GAP
    y += LINE + max(t.height for t, _ in thumbs) + 4
    for text, f in lines:
        draw.text((MARGIN, y), text, fill=(0, 0, 0), font=f)
        y += LINE
    y += MARGIN
    draw.line([0, y, width, y], fill=(200, 200, 200))
    y += MARGIN
# few colours: a palette image is a third of the size and looks the same
sheet.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(out, optimize=True)
print(f"wrote {out} ({width}x{height})")
PY
done
