#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# suite: the whole-benchmark features.
#  - gen all makes every task directory, each equal to running the task alone;
#  - shards merged equal one run (byte for byte but gen.json's command);
#  - merge refuses overlapping, missing, foreign and tampered shards;
#  - verify passes on a fresh directory and fails on a tampered one;
#  - --annotations writes a sidecar that matches data.json sample for sample.
set -u
GEN=$1
. "$(dirname "$0")/lib.sh"
scratch
T=counting_circles

# gen all makes the release's tasks; gen's own tasks only when --tasks names them
own=$(for t in $(tasks); do "$GEN" "$t" --help | grep -q '^in the release: *no' && echo "$t"; done | paste -sd, -)
[ -n "$own" ] && ok || fail "gen TASK --help names no task outside the release"
"$GEN" all --seed 7 --num_images 2 --out "$WORK/all" --quiet && ok || fail "gen all"
[ "$(ls "$WORK/all" | wc -l)" -eq 30 ] && ok || fail "gen all made $(ls "$WORK/all" | wc -l) tasks, not the release's 30"
for t in $(echo "$own" | tr , ' '); do [ ! -e "$WORK/all/$t" ] && ok || fail "gen all made $t, not in the release"; done
"$GEN" all --seed 7 --num_images 2 --tasks "$own" --out "$WORK/all" --quiet && ok || fail "gen all --tasks $own"
[ "$(ls "$WORK/all" | wc -l)" -eq "$(tasks | wc -l)" ] && ok || fail "gen all and gen all --tasks $own do not make every task"
for t in $(tasks); do
    "$GEN" check "$WORK/all/$t" >/dev/null && ok || fail "gen all: $t does not check"
    "$GEN" "$t" --seed 7 --num_images 2 --out "$WORK/alone" --quiet
    diff -r -x gen.json "$WORK/all/$t" "$WORK/alone" >/dev/null && ok || fail "gen all: $t differs from a run alone"
    rm -rf "$WORK/alone"
done
"$GEN" all --seed 7 --tasks "$T,countng_circles" --out "$WORK/bad" 2>/dev/null
[ $? -eq 2 ] && [ ! -e "$WORK/bad" ] && ok || fail "gen all --tasks with an unknown task"

# Shards.
"$GEN" $T --seed 11 --num_images 3 --out "$WORK/one" --quiet
for k in 1 2 3; do
    "$GEN" $T --seed 11 --num_images 3 --shard $k/3 --out "$WORK/s$k" --quiet && ok || fail "shard $k/3"
    "$GEN" check "$WORK/s$k" >/dev/null && ok || fail "shard $k/3 does not check"
done
"$GEN" merge "$WORK/merged" "$WORK/s3" "$WORK/s1" "$WORK/s2" --quiet && ok || fail "merge"
diff -r -x gen.json "$WORK/merged" "$WORK/one" >/dev/null && ok || fail "merged shards differ from one run"
"$GEN" verify "$WORK/merged" --quiet && ok || fail "merged directory does not verify"
"$GEN" all --seed 11 --num_images 3 --tasks $T --shard 2/2 --out "$WORK/allsh" --quiet && ok || fail "gen all --shard"

expect_merge() { # code what args...
    local code=$1 what=$2
    shift 2
    "$GEN" merge "$WORK/m" "$@" --quiet 2>/dev/null
    local rc=$?
    [ "$rc" -eq "$code" ] && [ ! -e "$WORK/m" ] && ok || fail "merge $what: exit $rc, expected $code, nothing written"
}
expect_merge 2 "overlapping" "$WORK/s1" "$WORK/s1" "$WORK/s2"
expect_merge 2 "missing a shard" "$WORK/s1" "$WORK/s2"
"$GEN" $T --seed 12 --num_images 3 --shard 3/3 --out "$WORK/other" --quiet
expect_merge 2 "of another seed" "$WORK/s1" "$WORK/s2" "$WORK/other"
expect_merge 2 "of a whole run" "$WORK/one"
cp -r "$WORK/s2" "$WORK/t2"
cp "$WORK/s1/data/1.png" "$WORK/t2/data/2.png"
expect_merge 1 "of a tampered shard" "$WORK/s1" "$WORK/t2" "$WORK/s3"

# verify.
"$GEN" verify "$WORK/one" >/dev/null && ok || fail "verify of a fresh directory"
cp -r "$WORK/one" "$WORK/tampered"
cp "$WORK/one/data/1.png" "$WORK/tampered/data/3.png"
out=$("$GEN" verify "$WORK/tampered")
[ $? -eq 1 ] && ok || fail "verify passed a tampered image"
grep -q "data/3.png: differs ([0-9]* pixels differ)" <<<"$out" && ok || fail "verify did not name the image: $out"
cp -r "$WORK/one" "$WORK/tampered2"
sed -i 's/"num_objects": 1}/"num_objects": 2}/' "$WORK/tampered2/data.json"
"$GEN" verify "$WORK/tampered2" | grep -q "data.json: differs" && ok || fail "verify passed a tampered data.json"
touch "$WORK/tampered2/data/999.png"
"$GEN" verify "$WORK/tampered2" | grep -q "data/999.png: not made by gen" && ok || fail "verify missed a stray image"
[ -z "$(ls -A "$WORK/one" | grep gen-tmp)" ] && ok || fail "verify left a temporary directory"

# Annotations.
"$GEN" $T --seed 3 --num_images 1 --num_sizes 4 --annotations --out "$WORK/ann" --quiet
[ -s "$WORK/ann/annotations.json" ] && ok || fail "no annotations.json"
[ "$(grep -c '"kind": "circle"' "$WORK/ann/annotations.json")" -eq 1 ] && ok || fail "annotations: one line per sample"
[ "$(grep -o '"kind": "circle"' "$WORK/ann/annotations.json" | wc -l)" -eq 4 ] && ok || fail "annotations: 4 circles"
grep -q '"bbox": \[' "$WORK/ann/annotations.json" && ok || fail "annotations: no bounding boxes"
grep -q 'annotations' "$WORK/ann/data.json" && fail "annotations leaked into data.json" || ok
"$GEN" verify "$WORK/ann" >/dev/null && ok || fail "annotated directory does not verify"
# Boxes are clipped to the canvas: list_colours' background reaches every edge of
# its picture box, which starts 12.6 px in (the original's matplotlib padding, stretched).
"$GEN" list_colours --seed 3 --num_images 1 --num_sizes 20 --annotations --out "$WORK/ann2" --quiet
AW=$(grep -o '"width": [0-9]*' "$WORK/ann2/annotations.json" | head -1 | tr -dc 0-9)
AH=$(grep -o '"height": [0-9]*' "$WORK/ann2/annotations.json" | head -1 | tr -dc 0-9)
grep -o '"bbox": \[[^]]*\]' "$WORK/ann2/annotations.json" | tr -d '"bbox: []' |
    awk -F, -v w="$AW" -v h="$AH" '$1 < 0 || $2 < 0 || $3 > w || $4 > h { bad++ } $1 <= 13 { edge++ }
        END { exit !(NR > 20 && bad == 0 && edge > 0) }' && ok || fail "annotations: a box outside the canvas"
# --scale: the same scene at half size (counting_circles' 500x300 canvas: IHDR 250x150), and it verifies.
"$GEN" $T --seed 3 --num_images 1 --num_sizes 4 --scale 0.5 --out "$WORK/half" --quiet && ok || fail "--scale 0.5"
[ "$(od -An -tu1 -j16 -N8 "$WORK/half/data/1.png" | tr -s ' ')" = " 0 0 0 250 0 0 0 150" ] && ok ||
    fail "--scale 0.5 did not make a 250x150 image"
"$GEN" verify "$WORK/half" >/dev/null && ok || fail "a scaled directory does not verify"

# preview: one PNG contact sheet.
"$GEN" preview $T --seed 1 --num_sizes 1..7 -o "$WORK/p.png" && ok || fail "preview"
[ "$(head -c 8 "$WORK/p.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] && ok || fail "preview is not a PNG"
"$GEN" preview nope -o "$WORK/q.png" 2>/dev/null
[ $? -eq 2 ] && [ ! -e "$WORK/q.png" ] && ok || fail "preview of an unknown task"
finish suite
