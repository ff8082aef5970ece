#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rewrites docs/report-example.png and docs/report-gallery.png: the gen report
# page for the simulated model of docs/make-eval-plot.sh on the whole benchmark
# (seed 7), as headless Chromium draws it: its top (table and plot), and the page
# of one task (counting_circles) with its gallery.  Needs Debian's chromium.
# usage: docs/make-report-shot.sh [path/to/gen]     (default build/gen)
set -euo pipefail
cd "$(dirname "$0")/.."
GEN=${1:-build/gen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
GEN=$(realpath "$GEN")
awk_model=$PWD/docs/simulated-model.awk
(
    cd "$work"
    "$GEN" all --seed 7 --out percept-v --quiet
    "$GEN" gold percept-v -o gold.json
    awk -f "$awk_model" gold.json > answer_simulated.json
    "$GEN" report percept-v answer_simulated.json -o report.html
    grep '"id": "counting_circles/' answer_simulated.json |
        sed 's/"id": "counting_circles\//"id": "/; 1s/^/[/; $s/,$//; $s/$/]/' > cc.json
    "$GEN" report percept-v/counting_circles cc.json -o cc.html --quiet
)
shot() { # page width height output
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=0.6 \
        --window-size="$2,$3" --screenshot="$work/shot.png" "file://$work/$1" 2>/dev/null
    small "$work/shot.png" "$4"
}
# Re-encoded small: the docs carry them in git.
small() {
python3 - "$1" "$2" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
pos, out, idat = 8, [], b""
while pos < len(data):
    (n,) = struct.unpack(">I", data[pos:pos + 4])
    kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
    pos += 12 + n
    if kind == b"IDAT":
        idat += body
    elif kind in (b"IHDR", b"IEND"):
        out.append((kind, body))
def chunk(k, b):
    return struct.pack(">I", len(b)) + k + b + struct.pack(">I", zlib.crc32(k + b) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(*out[0]) + chunk(b"IDAT", zlib.compress(zlib.decompress(idat), 9)) + chunk(*out[1])
open(sys.argv[2], "wb").write(png)
PY
}
shot report.html 1200 2450 docs/report-example.png
shot cc.html 1200 1500 docs/report-gallery.png
ls -l docs/report-example.png docs/report-gallery.png
