#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# video_store: the program side of the video tasks (issue 30): samples of F frames
# written as data/N_1.png .. data/N_F.png, the record's id (N_1.png) and "frames",
# gen.json's "frames", and check, verify, merge, --scale, --annotations,
# --metadata jsonl, overlap, --exclude and preview over them; --frames refused
# out of 2..64 and for the tasks that are not video tasks.
# usage: video_store.sh path/to/gen     (VIDEO_TASKS="a b" overrides the tasks)
# Exit 77 (skipped) only when none of the video tasks is in this build.
set -u
GEN=$1
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
scratch
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

present=()
for t in ${VIDEO_TASKS:-comp_conjunctive comp_sequential}; do
    tasks | grep -qx "$t" && present+=("$t") || echo "video_store: task $t is not in this build"
done
[ ${#present[@]} -gt 0 ] || { echo "video_store: no video task in this build: skipped"; exit 77; }

# layout TASKDIR F: every record's id is N_1.png and its "frames" N_1.png ..
# N_F.png; data/ holds exactly those files, PNGs of one size per sample;
# metadata.jsonl (if there) names them with data/; annotations.json (if there)
# has F images a record.  Prints what is wrong.
layout() {
    "$PY" - "$1" "$2" <<'PY'
import json, os, struct, sys
d, F = sys.argv[1], int(sys.argv[2])
recs = json.load(open(os.path.join(d, "data.json")))
want, bad = set(), []
def size(name):
    with open(os.path.join(d, "data", name), "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        bad.append(name + " is not a PNG")
        return None
    return struct.unpack(">II", head[16:24])
for r in recs:
    keys = list(r)
    if keys[:2] != ["id", "frames"]:
        bad.append("record %s: id and frames are not first: %s" % (r.get("id"), keys[:3]))
    n = r["id"][:-len("_1.png")]
    if r["id"] != n + "_1.png" or not n.isdigit():
        bad.append("id %s is not N_1.png" % r["id"])
    names = ["%s_%d.png" % (n, k) for k in range(1, F + 1)]
    if r["frames"] != names:
        bad.append("record %s: frames %s" % (r["id"], r["frames"]))
    want.update(names)
    sizes = {size(x) for x in names if os.path.exists(os.path.join(d, "data", x))}
    if len(sizes) != 1:
        bad.append("record %s: frames of sizes %s" % (r["id"], sizes))
have = set(os.listdir(os.path.join(d, "data")))
if have != want:
    bad.append("data/ differs: missing %s, extra %s" % (sorted(want - have)[:3], sorted(have - want)[:3]))
meta = os.path.join(d, "metadata.jsonl")
if os.path.exists(meta):
    for line, r in zip(open(meta), recs):
        m = json.loads(line)
        if m["file_name"] != "data/" + r["id"] or m["frame_file_names"] != ["data/" + x for x in r["frames"]]:
            bad.append("metadata.jsonl: %s" % line[:120])
        if {k: v for k, v in m.items() if k not in ("file_name", "frame_file_names")} != r:
            bad.append("metadata.jsonl: the record of %s differs from data.json" % r["id"])
ann = os.path.join(d, "annotations.json")
if os.path.exists(ann):
    for a, r in zip(json.load(open(ann)), recs):
        if a["id"] != r["id"] or [im["file"] for im in a["images"]] != r["frames"]:
            bad.append("annotations.json: %s names %s" % (a["id"], [im["file"] for im in a["images"]][:3]))
m = json.load(open(os.path.join(d, "gen.json")))
if m.get("frames") != F:
    bad.append("gen.json: frames %s, expected %d" % (m.get("frames"), F))
print("\n".join(bad[:10]))
PY
}

for T in "${present[@]}"; do
    A=$WORK/$T-f4
    # --- a small run of 4 frames, with every side file ---------------------------------
    "$GEN" "$T" --seed 5 --num_images 1 --frames 4 --annotations --metadata jsonl --out "$A" --quiet &&
        ok || fail "$T: gen --frames 4 exited $?"
    out=$(layout "$A" 4)
    [ -z "$out" ] && ok || fail "$T --frames 4: $out"
    nrec=$("$PY" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$A/data.json")
    lv=$("$GEN" list | awk -v t="$T" '$1 == t { print $3 }')
    want=$((${lv#*..} - ${lv%..*} + 1))
    [ "$nrec" -eq "$want" ] && ok || fail "$T: $nrec records, expected $want (one a level of $lv)"
    [ "$(ls "$A/data" | wc -l)" -eq $((4 * want)) ] && ok || fail "$T: data/ holds $(ls "$A/data" | wc -l) files"
    "$GEN" check "$A" >"$WORK/c.txt" && ok || fail "$T: check of a run failed: $(head -3 "$WORK/c.txt")"
    "$GEN" verify "$A" >"$WORK/v.txt" && ok || fail "$T: verify of a run failed: $(head -3 "$WORK/v.txt")"

    # determinism: the same command, the same bytes, whatever the threads
    "$GEN" "$T" --seed 5 --num_images 1 --frames 4 --annotations --metadata jsonl --out "$WORK/again" --quiet \
        --jobs 1
    diff -r -x gen.json "$A" "$WORK/again" >/dev/null && ok || fail "$T: the same run with --jobs 1 made other bytes"
    rm -rf "$WORK/again"
    # without gen.json, check takes F from the records (and the release's 50 samples a level)
    cp -r "$A" "$WORK/nomani"
    rm "$WORK/nomani/gen.json"
    "$GEN" check "$WORK/nomani" --task "$T" >"$WORK/c.txt"
    grep -q "records, expected $((50 * want))" "$WORK/c.txt" && ! grep -q "frame" "$WORK/c.txt" && ok ||
        fail "$T: check without gen.json: $(head -3 "$WORK/c.txt")"
    rm -rf "$WORK/nomani"

    # --- the default: 16 frames -----------------------------------------------------------
    D=$WORK/$T-f16
    "$GEN" "$T" --seed 5 --num_images 1 --num_sizes 1 2 --out "$D" --quiet && ok || fail "$T: default run exited $?"
    out=$(layout "$D" 16)
    [ -z "$out" ] && ok || fail "$T default frames: $out"
    "$GEN" check "$D" >/dev/null && ok || fail "$T: check of the 16-frame run failed"

    # --- shards merge to the bytes of the whole run -----------------------------------------
    for k in 1 2 3; do
        "$GEN" "$T" --seed 5 --num_images 1 --frames 4 --annotations --metadata jsonl --shard $k/3 \
            --out "$WORK/s$k" --quiet || fail "$T: shard $k/3 exited $?"
    done
    "$GEN" merge "$WORK/m" "$WORK/s1" "$WORK/s2" "$WORK/s3" --quiet && ok || fail "$T: merge exited $?"
    diff -r -x gen.json "$A" "$WORK/m" >/dev/null && ok || fail "$T: merged shards differ from the whole run"
    diff <(grep -v '"command"' "$A/gen.json") <(grep -v '"command"' "$WORK/m/gen.json") >/dev/null &&
        ok || fail "$T: merged gen.json differs in more than its command"
    # shards of other frames are not one job
    "$GEN" "$T" --seed 5 --num_images 1 --frames 5 --shard 3/3 --annotations --metadata jsonl --out "$WORK/s3b" --quiet
    "$GEN" merge "$WORK/m2" "$WORK/s1" "$WORK/s2" "$WORK/s3b" --quiet 2>"$WORK/e.txt"
    [ $? -eq 2 ] && grep -q frames "$WORK/e.txt" && ok || fail "$T: shards of 4 and 5 frames merged: $(cat "$WORK/e.txt")"
    rm -rf "$WORK/s1" "$WORK/s2" "$WORK/s3" "$WORK/s3b" "$WORK/m" "$WORK/m2"

    # --- --scale: every frame at half size --------------------------------------------------
    "$GEN" "$T" --seed 5 --num_images 1 --num_sizes 1 --frames 3 --scale 0.5 --out "$WORK/half" --quiet &&
        ok || fail "$T: --scale 0.5 exited $?"
    sizes=$("$PY" - "$A/data" "$WORK/half/data" <<'PY'
import os, struct, sys
def size(p):
    with open(p, "rb") as f:
        return struct.unpack(">II", f.read(24)[16:24])
full, half = size(os.path.join(sys.argv[1], "1_1.png")), {size(os.path.join(sys.argv[2], n)) for n in os.listdir(sys.argv[2])}
want = {(-(-full[0] // 2), -(-full[1] // 2))}
print("ok" if half == want else "full %s, half %s" % (full, half))
PY
)
    [ "$sizes" = ok ] && ok || fail "$T: --scale 0.5 frames: $sizes"
    "$GEN" verify "$WORK/half" >/dev/null && ok || fail "$T: verify of the --scale run failed"

    # --- check names a missing frame and a stray one ----------------------------------------
    cp -r "$A" "$WORK/broken"
    rm "$WORK/broken/data/2_3.png"
    cp "$WORK/broken/data/1_1.png" "$WORK/broken/data/1_5.png"
    "$GEN" check "$WORK/broken" >"$WORK/c.txt"
    [ $? -eq 1 ] && ok || fail "$T: check passed a directory with a missing frame"
    grep -q "2_3.png.*missing" "$WORK/c.txt" && ok || fail "$T: check did not name the missing frame: $(cat "$WORK/c.txt")"
    grep -q "data/1_5.png: not named" "$WORK/c.txt" && ok || fail "$T: check did not name the stray frame: $(cat "$WORK/c.txt")"
    "$GEN" verify "$WORK/broken" >"$WORK/v.txt"
    [ $? -eq 1 ] && grep -q "2_3.png: missing" "$WORK/v.txt" && ok || fail "$T: verify: $(head -3 "$WORK/v.txt")"
    rm -rf "$WORK/broken"
    # a record whose frames do not follow its id
    cp -r "$A" "$WORK/renamed"
    sed -i 's/"2_2.png"/"2_9.png"/' "$WORK/renamed/data.json"
    "$GEN" check "$WORK/renamed" >"$WORK/c.txt"
    [ $? -eq 1 ] && grep -q "frame 2 is named '2_9.png'" "$WORK/c.txt" && ok ||
        fail "$T: check of a renamed frame: $(cat "$WORK/c.txt")"
    rm -rf "$WORK/renamed"
    # a five-way record that contradicts itself: a letter past E, four options, a
    # value that is not the lettered option, a step too many
    cp -r "$A" "$WORK/choice"
    "$PY" - "$WORK/choice/data.json" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[1]))
r[0]["answer"] = "Z"
r[1]["options"] = r[1]["options"][:4]
r[2]["answer_value"] = "nothing"
r[3]["steps"] = r[3]["steps"] + r[3]["steps"][:1]
json.dump(r, open(sys.argv[1], "w"))
PYEOF
    "$GEN" check "$WORK/choice" >"$WORK/c.txt"
    [ $? -eq 1 ] && grep -q "'answer' is 'Z', not one letter A-E" "$WORK/c.txt" &&
        grep -q "'options' has 4 options, expected 5" "$WORK/c.txt" &&
        grep -q "'answer_value' is not option" "$WORK/c.txt" &&
        grep -q "expected one per condition" "$WORK/c.txt" && ok ||
        fail "$T: check of a contradictory five-way record: $(cat "$WORK/c.txt")"
    rm -rf "$WORK/choice"
    # gen score and gen report refuse a level gen check refuses (issue 36: a table row 2147483648)
    cp -r "$A" "$WORK/choice"
    "$GEN" gold "$A" -o "$WORK/gold.jsonl" 2>/dev/null
    "$PY" - "$WORK/choice/data.json" <<'PYEOF'
import json, sys
r = json.load(open(sys.argv[1]))
r[0]["num_conditions"] = 2147483648
json.dump(r, open(sys.argv[1], "w"))
PYEOF
    for c in score report; do
        "$GEN" $c "$WORK/choice" "$WORK/gold.jsonl" -o "$WORK/out.$c" --quiet >"$WORK/c.txt" 2>&1
        [ $? -eq 4 ] && grep -q "'num_conditions' (the level) is 2147483648, but the record has" "$WORK/c.txt" &&
            [ ! -e "$WORK/out.$c" ] && ok || fail "$T: gen $c took num_conditions 2147483648: $(cat "$WORK/c.txt")"
    done
    rm -rf "$WORK/choice" "$WORK/gold.jsonl"

    # --- overlap: a video is all its frames -------------------------------------------------
    "$GEN" overlap "$A" "$A" >"$WORK/o.txt"
    [ $? -eq 1 ] && grep -q "video 1_1.png of A has the pixels of video 1_1.png of B" "$WORK/o.txt" &&
        grep -q "$want identical videos ($want vs $want videos)" "$WORK/o.txt" && ok ||
        fail "$T: overlap of a run with itself: $(cat "$WORK/o.txt")"
    "$GEN" "$T" --seed 5 --num_images 1 --frames 4 --split train --exclude "$A" --out "$WORK/train" --quiet &&
        ok || fail "$T: --split train --exclude exited $?"
    "$GEN" overlap "$A" "$WORK/train" >"$WORK/o.txt" && grep -q "^clean" "$WORK/o.txt" && ok ||
        fail "$T: overlap of a split: $(cat "$WORK/o.txt")"
    "$GEN" check "$WORK/train" >/dev/null && "$GEN" verify "$WORK/train" >/dev/null && ok ||
        fail "$T: the --exclude run does not check or verify"
    rm -rf "$WORK/train"

    # --- preview: first, middle and last frame of a sample side by side ---------------------
    "$GEN" preview "$T" --seed 5 --num_sizes 1 --frames 5 --thumb 200 -o "$WORK/p.png" 2>/dev/null && ok ||
        fail "$T: preview exited $?"
    psize=$("$PY" -c 'import struct,sys; print("%d %d" % struct.unpack(">II", open(sys.argv[1],"rb").read(24)[16:24]))' \
        "$WORK/p.png" 2>/dev/null)
    [ "${psize%% *}" -ge 600 ] 2>/dev/null && ok || fail "$T: preview is $psize, not three frames wide"

    # --- the options -------------------------------------------------------------------------
    expect 2 "bad --frames '1' \(expected a whole number from 2 to 64\)" "$T" --frames 1 --out "$WORK/out"
    expect 2 "bad --frames '65'" "$T" --frames 65 --out "$WORK/out"
    expect 2 "bad --frames 'x'" "$T" --frames x --out "$WORK/out"
    "$GEN" "$T" --help | grep -q "frames" && ok || fail "$T --help does not mention frames"
    [ "$("$GEN" list | awk -v t="$T" '$1 == t { print $2 }')" = F ] && ok || fail "$T: gen list does not show F images"
done

# --frames on a task of single images is refused, not ignored
expect 2 "--frames is for the video tasks, not .counting_circles." counting_circles --frames 4 --out "$WORK/out"
expect 2 "--frames is for the video tasks, not .match_outline." match_outline --frames 16 --out "$WORK/out"
expect 2 "bad --frames '0'" preview counting_circles --frames 0 -o "$WORK/out"
expect 2 "--frames is for the video tasks" preview counting_circles --frames 4 -o "$WORK/out"
# gen all gives --frames to the video tasks only
T=${present[0]}
"$GEN" all --tasks counting_circles,$T --seed 5 --num_images 1 --frames 3 --out "$WORK/all" --quiet &&
    ok || fail "gen all --frames 3 exited $?"
grep -q '"frames"' "$WORK/all/counting_circles/gen.json" && fail "counting_circles' gen.json has frames" || ok
[ -z "$(layout "$WORK/all/$T" 3)" ] && ok || fail "gen all --frames 3: $T: $(layout "$WORK/all/$T" 3)"
"$GEN" check "$WORK/all/$T" >/dev/null && "$GEN" check "$WORK/all/counting_circles" >/dev/null && ok ||
    fail "gen all --frames: check failed"
# shards of such a tree merge into it; a shard of other frames is refused
for k in 1 2; do
    "$GEN" all --tasks counting_circles,$T --seed 5 --num_images 1 --frames 3 --shard $k/2 --out "$WORK/t$k" --quiet ||
        fail "gen all --shard $k/2 exited $?"
done
"$GEN" merge "$WORK/tm" "$WORK/t1" "$WORK/t2" --quiet && ok || fail "merge of two gen all shards exited $?"
out=$(same_but_command "$WORK/all" "$WORK/tm") && ok || fail "merged gen all shards differ from the whole run: $out"
"$GEN" all --tasks counting_circles,$T --seed 5 --num_images 1 --frames 4 --shard 2/2 --out "$WORK/t3" --quiet
"$GEN" merge "$WORK/tm2" "$WORK/t1" "$WORK/t3" --quiet 2>"$WORK/e.txt"
[ $? -eq 2 ] && grep -q "frames" "$WORK/e.txt" && ok || fail "gen all shards of 3 and 4 frames merged: $(cat "$WORK/e.txt")"
# a recipe takes "frames" for a video task only
printf '{"seed": 5, "tasks": {"counting_circles": {"levels": "1..2", "count": 1}, "%s": {"count": 1, "frames": 3}}}\n' \
    "$T" >"$WORK/r.json"
"$GEN" recipe "$WORK/r.json" --out "$WORK/rec" --quiet && ok || fail "a recipe with frames exited $?"
[ -z "$(layout "$WORK/rec/$T" 3)" ] && ok || fail "recipe frames 3: $(layout "$WORK/rec/$T" 3)"
"$GEN" verify "$WORK/rec" >/dev/null && ok || fail "verify of the recipe failed"
echo '{"seed": 5, "tasks": {"counting_circles": {"frames": 3}}}' >"$WORK/r2.json"
expect 2 "unknown key 'frames'" recipe "$WORK/r2.json" --out "$WORK/out"

finish video_store
