#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# pngcheck_all: pngcheck finds no error in any image of the whole benchmark
# (gen all --seed 7 over every task: the release's 30 with 7,200 images and the two
# video tasks with 6,400 frames), and libpng decodes them (gen check).
# The encoder's shortcuts (the clear skipped after a refill, rows and columns no
# primitive reaches written without reading the canvas: render.h contracts 5-7)
# change nothing: the same runs with GEN_TEST_FULL_CANVAS=1 give the same files.
set -u
GEN=$1
. "$(dirname "$0")/lib.sh"
scratch
command -v pngcheck >/dev/null || { fail "pngcheck is not installed (sh scripts/install-deps.sh)"; finish pngcheck_all; }
# every task: gen all leaves gen's own (video) tasks out unless --tasks names them
ALL=$(tasks | paste -sd, -)
"$GEN" all --seed 7 --tasks "$ALL" --out "$WORK/all" --quiet && ok || fail "gen all --seed 7"
n=$(find "$WORK/all" -name '*.png' | wc -l)
[ "$n" -ge 7200 ] && ok || fail "only $n images"
bad=$(find "$WORK/all" -name '*.png' -print0 | xargs -0 pngcheck -q 2>&1)
[ -z "$bad" ] && ok || fail "pngcheck: $(head -5 <<<"$bad")"
for t in $(tasks); do
    "$GEN" check "$WORK/all/$t" >/dev/null && ok || fail "$t does not check"
done
GEN_TEST_FULL_CANVAS=1 "$GEN" all --seed 7 --tasks "$ALL" --out "$WORK/full" --quiet && ok || fail "gen all --seed 7, full canvas"
for t in $(tasks); do
    diff -r "$WORK/all/$t/data" "$WORK/full/$t/data" >/dev/null && cmp -s "$WORK/all/$t/data.json" "$WORK/full/$t/data.json" \
        && ok || fail "$t: the encoder's shortcuts change the output ($(diff -rq "$WORK/all/$t/data" "$WORK/full/$t/data" | head -3))"
done
# Scaled (spans are scaled too) and other seeds, levels past the release's.
for args in "--seed 11 --num_images 3 --scale 0.5" "--seed 12 --num_images 2 --scale 1.5"; do
    "$GEN" all $args --tasks "$ALL" --out "$WORK/s" --quiet && GEN_TEST_FULL_CANVAS=1 "$GEN" all $args --tasks "$ALL" --out "$WORK/sf" --quiet \
        && diff -r "$WORK/s" "$WORK/sf" -x gen.json >/dev/null && ok || fail "gen all $args: the shortcuts change the output"
    rm -rf "$WORK/s" "$WORK/sf"
done
# (graph_counting and numbered_shapes place readably up to about 25 objects on their canvases)
for tl in counting_circles:25,30 numbered_shapes:21,25 graph_counting:21,25; do
    t=${tl%%:*} l=${tl#*:}
    "$GEN" "$t" --seed 13 --num_images 2 --num_sizes "$l" --out "$WORK/x" --quiet \
        && GEN_TEST_FULL_CANVAS=1 "$GEN" "$t" --seed 13 --num_images 2 --num_sizes "$l" --out "$WORK/xf" --quiet \
        && diff -r "$WORK/x/data" "$WORK/xf/data" >/dev/null && ok || fail "$t levels $l: the shortcuts change the output"
    rm -rf "$WORK/x" "$WORK/xf"
done
finish pngcheck_all
