#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# training: splits, the contamination check, --exclude, metadata.jsonl and recipes
# (docs/training.md).
#  - gen overlap finds planted duplicates: a copied image, a re-encoded copy (other
#    bytes, same pixels), a sample regenerated with the same seed (at another
#    --scale: same scene, other pixels), and calls two other seeds clean;
#  - --split gives other samples than no split, and --exclude DIR replaces every
#    sample that collides with DIR, records it in gen.json, and verify replays it;
#  - metadata.jsonl lines parse, name existing files, carry exactly the record;
#  - a recipe equals its parts run by hand, and sharded + merged equals one run;
#  - bad recipes and options are usage errors that write nothing.
# With GEN_TRAINING_FULL=1 (the ctest "training_all" test, label heavy): a train
# split of gen all made with --exclude of the benchmark run shares no image and no
# scene with it, over every task at its release levels, 10 samples per level.
set -u
GEN=$1
. "$(dirname "$0")/lib.sh"
scratch
HERE=$(dirname "$0")

overlap_rc() { "$GEN" overlap "$1" "$2" --quiet >"$WORK/ov.txt" 2>&1; echo $?; }

if [ "${GEN_TRAINING_FULL:-0}" = 1 ]; then
    # The README's commands (README "Use", docs/training.md section 2), at fewer
    # images: the benchmark, then a train split apart from it.  The levels whose
    # whole sample space lies in the benchmark (graph_counting's level 1 is one
    # node where the spring layout always puts it) are left out, and said so.
    "$GEN" all --seed 7 --out "$WORK/bench" --quiet || fail "gen all"
    "$GEN" all --seed 7 --split train --exclude "$WORK/bench" --num_images 3 --out "$WORK/train" \
        --quiet 2>"$WORK/train.txt"
    rc=$?
    [ "$rc" = 0 ] && ok || fail "the README's train command: exit $rc: $(cat "$WORK/train.txt")"
    [ "$(ls "$WORK/train" | wc -l)" = 30 ] && ok || fail "the train split has $(ls "$WORK/train" | wc -l) tasks"
    grep -q "^gen: graph_counting: levels 1, 2 left out: every one of 65 draws" "$WORK/train.txt" && ok ||
        fail "graph_counting's levels 1 and 2 not said to be left out: $(cat "$WORK/train.txt")"
    grep -q '"levels":	\[3, 4,' "$WORK/train/graph_counting/gen.json" && ok || fail "graph_counting's levels"
    "$GEN" graph_counting --seed 7 --split train --exclude "$WORK/bench" --num_sizes 1 --num_images 1 \
        --out "$WORK/gc1" --quiet 2>"$WORK/gc1.txt"
    [ $? = 3 ] && [ ! -e "$WORK/gc1" ] && grep -q "level 1 left out" "$WORK/gc1.txt" && ok ||
        fail "graph_counting level 1 (one picture) alone should be refused with --exclude: $(cat "$WORK/gc1.txt")"
    rc=$(overlap_rc "$WORK/bench" "$WORK/train")
    [ "$rc" = 0 ] && ok || { fail "train split with --exclude overlaps the benchmark (exit $rc)"; cat "$WORK/ov.txt"; }
    n=$(grep -c '^[a-z_]*: image\|^[a-z_]*: sample' "$WORK/ov.txt")
    [ "$n" = 0 ] && ok || fail "$n duplicates listed"
    # verify replays the replaced samples (one task with many: cross_and_knots) and
    # the levels left out.
    for t in cross_and_knots graph_counting; do
        "$GEN" verify "$WORK/train/$t" --quiet && ok || fail "verify of the train split's $t"
    done
    finish training_all
fi

# ---- the README's train command, on three tasks -------------------------------
# graph_counting's level 1 is one picture, which the benchmark holds: the split
# leaves it out (said before anything is made) and makes the rest.
T3=graph_counting,match_shadow,sort_lines
"$GEN" all --seed 7 --tasks "$T3" --num_images 1 --out "$WORK/bench3" --quiet
"$GEN" all --seed 7 --split train --exclude "$WORK/bench3" --tasks "$T3" --num_images 2 --out "$WORK/train3" \
    2>"$WORK/train3.txt"
rc=$?
[ "$rc" = 0 ] && ok || fail "train split of three tasks: exit $rc: $(cat "$WORK/train3.txt")"
grep -q "^gen: graph_counting: level 1 left out: every one of 65 draws duplicates a sample of .*(0 distinct samples left" \
    "$WORK/train3.txt" && ok || fail "graph_counting level 1 not said to be left out: $(cat "$WORK/train3.txt")"
grep -q '"levels":	\[2, 3,' "$WORK/train3/graph_counting/gen.json" && ok || fail "graph_counting: levels in gen.json"
[ "$(ls "$WORK/train3")" = "$(printf 'graph_counting\nmatch_shadow\nsort_lines')" ] && ok || fail "train3: $(ls "$WORK/train3")"
"$GEN" verify "$WORK/train3/graph_counting" --quiet && ok || fail "verify of a split with a level left out"
"$GEN" overlap "$WORK/bench3" "$WORK/train3" >"$WORK/ov.txt"
[ $? = 0 ] && grep -q '^clean: 0 duplicates in 3 tasks$' "$WORK/ov.txt" && ok || fail "train3 overlap: $(cat "$WORK/ov.txt")"
grep -q ', $' "$WORK/ov.txt" && fail "overlap lines end in ', '" || ok
# A task that fails during the run costs that task only: the others are made, a
# summary names it, exit 7, and its directory is as it was (absent here).
GEN_TEST_FAIL=match_shadow:3 "$GEN" all --seed 7 --split half --exclude "$WORK/bench3" \
    --tasks "$T3" --num_images 1 --out "$WORK/half" 2>"$WORK/half.txt"
rc=$?
[ "$rc" = 7 ] && ok || fail "gen all with a failing task: exit $rc, expected 7: $(cat "$WORK/half.txt")"
grep -q '^gen: made 2 of 3 tasks; not made (their directories as they were): match_shadow$' "$WORK/half.txt" && ok ||
    fail "no summary of the tasks not made: $(cat "$WORK/half.txt")"
[ ! -e "$WORK/half/match_shadow" ] && [ -z "$(find "$WORK/half" -name '.gen-*')" ] && ok || fail "the failed task left files"
for t in graph_counting sort_lines; do
    "$GEN" verify "$WORK/half/$t" --quiet && ok || fail "gen all with a failing task: $t not made whole"
done
# gen overlap of that half-made tree: the task one side lacks is named, and the
# verdict is not "clean" (exit 7).
"$GEN" overlap "$WORK/bench3" "$WORK/half" >"$WORK/ov.txt"
rc=$?
[ "$rc" = 7 ] && ok || fail "overlap of a half-made tree: exit $rc, expected 7"
grep -q "^not compared: 1 task only in $WORK/bench3: match_shadow$" "$WORK/ov.txt" && ok ||
    fail "overlap does not name the task one side lacks: $(cat "$WORK/ov.txt")"
grep -q '^clean' "$WORK/ov.txt" && fail "overlap of a half-made tree says clean" || ok
grep -q '^incomplete: 0 duplicates in 2 tasks' "$WORK/ov.txt" && ok || fail "overlap verdict: $(tail -1 "$WORK/ov.txt")"
"$GEN" overlap "$WORK/bench3" "$WORK/half" --quiet >"$WORK/ov.txt"
grep -q "match_shadow" "$WORK/ov.txt" && ok || fail "overlap --quiet hides the task not compared"

# ---- planted duplicates ------------------------------------------------------
"$GEN" counting_circles --seed 1 --num_images 2 --num_sizes 1..5 --out "$WORK/a" --quiet
"$GEN" counting_circles --seed 2 --num_images 2 --num_sizes 1..5 --out "$WORK/b" --quiet
rc=$(overlap_rc "$WORK/a" "$WORK/b")
[ "$rc" = 0 ] && ok || fail "two seeds called overlapping (exit $rc)"
"$GEN" overlap "$WORK/a" "$WORK/b" >"$WORK/ov.txt"
grep -q 'counting_circles: 0 identical images (10 vs 10 images)' "$WORK/ov.txt" && ok || fail "two seeds: images"
grep -q 'counting_circles: 0 identical scenes (10 vs 10 samples)' "$WORK/ov.txt" && ok || fail "two seeds: scenes"
grep -q '^clean: 0 duplicates in 1 task' "$WORK/ov.txt" && ok || fail "two seeds: summary"

cp -r "$WORK/b" "$WORK/b_copy"
cp "$WORK/a/data/7.png" "$WORK/b_copy/data/3.png"
"$GEN" overlap "$WORK/a" "$WORK/b_copy" >"$WORK/ov.txt"
[ $? = 1 ] && ok || fail "copied image: exit is not 1"
grep -q 'image 7.png of A has the pixels of image 3.png of B' "$WORK/ov.txt" && ok || fail "copied image not named"

cp -r "$WORK/b" "$WORK/b_re"
python3 "$HERE/png_reencode.py" "$WORK/a/data/4.png" "$WORK/b_re/data/9.png"
cmp -s "$WORK/a/data/4.png" "$WORK/b_re/data/9.png" && fail "re-encoded copy has the same bytes" || ok
"$GEN" overlap "$WORK/a" "$WORK/b_re" >"$WORK/ov.txt"
[ $? = 1 ] && ok || fail "re-encoded copy: exit is not 1"
grep -q 'image 4.png of A has the pixels of image 9.png of B' "$WORK/ov.txt" && ok || fail "re-encoded copy not found"

# The same seed at half size: other pixels, the same scenes.
"$GEN" counting_circles --seed 1 --num_images 2 --num_sizes 1..5 --scale 0.5 --out "$WORK/a_half" --quiet
"$GEN" overlap "$WORK/a" "$WORK/a_half" >"$WORK/ov.txt"
[ $? = 1 ] && ok || fail "same seed at another scale: exit is not 1"
grep -q '0 identical images' "$WORK/ov.txt" && ok || fail "same seed at another scale: images should differ"
grep -q '10 identical scenes' "$WORK/ov.txt" && ok || fail "same seed at another scale: 10 scenes expected"
grep -q 'sample 7 of A has the scene of sample 7 of B' "$WORK/ov.txt" && ok || fail "scene duplicate not named"

# Trees: every task both hold.
mkdir -p "$WORK/t1" "$WORK/t2"
cp -r "$WORK/a" "$WORK/t1/counting_circles"
cp -r "$WORK/b_copy" "$WORK/t2/counting_circles"
"$GEN" overlap "$WORK/t1" "$WORK/t2" >"$WORK/ov.txt"
[ $? = 1 ] && ok || fail "trees: duplicate not found"
mkdir -p "$WORK/empty"
"$GEN" overlap "$WORK/t1" "$WORK/empty" >/dev/null 2>&1
[ $? = 2 ] && ok || fail "no common task: exit is not 2"

# Hostile directories: a FIFO, a link out of the directory, data/ as a link.
mkdir -p "$WORK/h/data"; echo '[]' >"$WORK/h/data.json"
mkfifo "$WORK/h/data/1.png"
timeout 20 "$GEN" overlap "$WORK/a" "$WORK/h" >/dev/null 2>&1
[ $? = 4 ] && ok || fail "overlap on a FIFO image is not exit 4"
rm "$WORK/h/data/1.png"; ln -s /etc/passwd "$WORK/h/data/1.png"
timeout 20 "$GEN" overlap "$WORK/a" "$WORK/h" >/dev/null 2>&1
[ $? = 4 ] && ok || fail "overlap follows a link out of the directory"
rm -r "$WORK/h/data"; ln -s "$WORK/a/data" "$WORK/h/data"
timeout 20 "$GEN" overlap "$WORK/a" "$WORK/h" >/dev/null 2>&1
[ $? = 4 ] && ok || fail "overlap follows data/ as a link"
# A gen.json that claims more samples than data/ holds is not re-derived.
cp -r "$WORK/a" "$WORK/a_claim"
sed -i 's/"num_images":	2/"num_images":	1000000/' "$WORK/a_claim/gen.json"
timeout 60 "$GEN" overlap "$WORK/b" "$WORK/a_claim" >"$WORK/ov.txt" 2>&1
grep -q 'scenes not compared' "$WORK/ov.txt" && ok || fail "forged num_images: $(cat "$WORK/ov.txt")"

# ---- splits and --exclude ----------------------------------------------------
"$GEN" cross_and_knots --seed 1 --num_images 30 --num_sizes 1 --out "$WORK/k_bench" --quiet
"$GEN" cross_and_knots --seed 1 --num_images 30 --num_sizes 1 --split train --out "$WORK/k_plain" --quiet
cmp -s "$WORK/k_bench/data/1.png" "$WORK/k_plain/data/1.png" && fail "--split train gives the unsplit sample 1" || ok
grep -q '"split":	"train"' "$WORK/k_plain/gen.json" && ok || fail "gen.json does not name the split"
rc=$(overlap_rc "$WORK/k_bench" "$WORK/k_plain")
[ "$rc" = 1 ] && ok || fail "cross_and_knots level 1 (36 distinct boards) should collide without --exclude"
"$GEN" cross_and_knots --seed 1 --num_images 30 --num_sizes 1 --split train --exclude "$WORK/k_bench" \
    --out "$WORK/k_train" --quiet && ok || fail "--exclude run failed"
rc=$(overlap_rc "$WORK/k_bench" "$WORK/k_train")
[ "$rc" = 0 ] && ok || fail "--exclude left duplicates: $(cat "$WORK/ov.txt")"
grep -q '"replaced":	{' "$WORK/k_train/gen.json" && ok || fail "gen.json has no replaced map"
grep -A2 '"replaced"' "$WORK/k_train/gen.json" | grep -q '"[0-9]*":	[0-9]' && ok || fail "nothing was replaced"
"$GEN" verify "$WORK/k_train" --quiet && ok || fail "verify does not replay the replaced samples"
# Same output with one thread and with two.
"$GEN" cross_and_knots --seed 1 --num_images 30 --num_sizes 1 --split train --exclude "$WORK/k_bench" \
    --out "$WORK/k_train1" --jobs 1 --quiet
diff -r -x gen.json "$WORK/k_train" "$WORK/k_train1" >/dev/null && ok || fail "--exclude depends on --jobs"
# Unsplit samples that are not replaced stay as they were.
python3 - "$WORK/k_train/gen.json" "$WORK/k_train" "$WORK/k_plain" <<'PY' && ok || fail "kept samples changed"
import json, sys, filecmp
rep = json.load(open(sys.argv[1]))["replaced"]
for f in range(1, 31):
    same = filecmp.cmp(f"{sys.argv[2]}/data/{f}.png", f"{sys.argv[3]}/data/{f}.png", shallow=False)
    assert same == (str(f) not in rep), f
PY
"$GEN" cross_and_knots --seed 1 --num_images 2 --num_sizes 1 --exclude "$WORK/k_bench" --shard 1/2 \
    --out "$WORK/x" --quiet 2>/dev/null
[ $? = 2 ] && [ ! -e "$WORK/x" ] && ok || fail "--exclude with --shard is not a usage error"
"$GEN" counting_circles --num_images 1 --exclude "$WORK/k_bench" --out "$WORK/x" --quiet 2>/dev/null
[ $? = 2 ] && [ ! -e "$WORK/x" ] && ok || fail "--exclude of another task's directory is not a usage error"
"$GEN" counting_circles --num_images 1 --split 'Train/../x' --out "$WORK/x" --quiet 2>/dev/null
[ $? = 2 ] && ok || fail "bad split name accepted"

# ---- metadata.jsonl -------------------------------------------------------------
for t in counting_circles mirror_image maze_solving vanishing_objects; do
    "$GEN" "$t" --seed 3 --num_images 2 --num_sizes "$("$GEN" list | awk -v t="$t" '$1 == t {print $3}')" \
        --metadata jsonl --out "$WORK/m_$t" --quiet || { fail "$t --metadata"; continue; }
    python3 - "$WORK/m_$t" <<'PY' && ok || fail "$t: metadata.jsonl"
import json, os, sys
d = sys.argv[1]
records = json.load(open(f"{d}/data.json"))
lines = open(f"{d}/metadata.jsonl").read().splitlines()
assert len(lines) == len(records), "one line per record"
for line, rec in zip(lines, records):
    m = json.loads(line)
    names = [k for k in m if k.endswith("file_name")]
    for k in names:
        assert os.path.isfile(os.path.join(d, m.pop(k))), k
    assert m == rec, (m, rec)
    assert len(names) == (2 if rec["id"].startswith("second") else 1)
PY
    "$GEN" verify "$WORK/m_$t" --quiet && ok || fail "$t: verify with metadata.jsonl"
done
# Sharded and merged keeps it.
"$GEN" mirror_image --seed 3 --num_images 2 --num_sizes 1..3 --metadata jsonl --shard 1/2 --out "$WORK/ms1" --quiet
"$GEN" mirror_image --seed 3 --num_images 2 --num_sizes 1..3 --metadata jsonl --shard 2/2 --out "$WORK/ms2" --quiet
"$GEN" mirror_image --seed 3 --num_images 2 --num_sizes 1..3 --metadata jsonl --out "$WORK/mw" --quiet
"$GEN" merge "$WORK/mm" "$WORK/ms1" "$WORK/ms2" --quiet 2>/dev/null
cmp -s "$WORK/mm/metadata.jsonl" "$WORK/mw/metadata.jsonl" && ok || fail "merged metadata.jsonl differs"

# ---- recipes --------------------------------------------------------------------
cat >"$WORK/r.json" <<'JSON'
{"seed": 7, "split": "train",
 "tasks": {"counting_circles": {"levels": "1..5", "count": 2},
           "maze_solving": {"levels": "3..6", "count": 1, "grid_size": 6, "scale": 1},
           "water_image": {"levels": [2, 4], "count": 3}}}
JSON
"$GEN" recipe "$WORK/r.json" --out "$WORK/R" --quiet && ok || fail "recipe run"
"$GEN" counting_circles --seed 7 --split train --num_sizes 1..5 --num_images 2 --out "$WORK/p1" --quiet
"$GEN" maze_solving --seed 7 --split train --num_sizes 3..6 --num_images 1 --out "$WORK/p2" --quiet
"$GEN" water_image --seed 7 --split train --num_sizes 2 4 --num_images 3 --out "$WORK/p3" --quiet
for p in "p1 counting_circles" "p2 maze_solving" "p3 water_image"; do
    set -- $p
    diff -r -x gen.json "$WORK/$1" "$WORK/R/$2" >/dev/null && ok || fail "recipe part $2 differs from a run by hand"
    diff <(grep -v '"command"' "$WORK/$1/gen.json") <(grep -v '"command"' "$WORK/R/$2/gen.json") >/dev/null && ok ||
        fail "recipe part $2: gen.json differs beyond the command"
done
grep -q '"kind":	"recipe"' "$WORK/R/gen.json" && ok || fail "no recipe gen.json"
"$GEN" verify "$WORK/R" --quiet && ok || fail "verify of a recipe"
echo tampered >>"$WORK/R/maze_solving/data.json"
"$GEN" verify "$WORK/R" --quiet >/dev/null 2>&1
[ $? = 1 ] && ok || fail "verify of a tampered recipe passes"
for k in 1 2; do
    "$GEN" recipe "$WORK/r.json" --out "$WORK/RS$k" --shard "$k/2" --quiet || fail "recipe shard $k"
done
for t in counting_circles maze_solving water_image; do
    "$GEN" merge "$WORK/RM/$t" "$WORK/RS1/$t" "$WORK/RS2/$t" --quiet 2>/dev/null
    diff -r -x gen.json "$WORK/RM/$t" "$WORK/p$( case $t in counting_circles) echo 1;; maze_solving) echo 2;; *) echo 3;; esac)" \
        >/dev/null && ok || fail "recipe $t sharded and merged differs from one run"
done
# The shard trees of a recipe merge whole, and the result is the recipe run (made
# again: the one above was tampered with).
"$GEN" recipe "$WORK/r.json" --out "$WORK/R" --quiet
"$GEN" merge "$WORK/RW" "$WORK/RS2" "$WORK/RS1" --quiet && ok || fail "merge of recipe shard trees"
same_but_command "$WORK/R" "$WORK/RW" && ok || fail "recipe shard trees merged differ from the recipe run"
diff <(grep -v '"command"' "$WORK/R/gen.json") <(grep -v '"command"' "$WORK/RW/gen.json") >/dev/null && ok ||
    fail "merged recipe gen.json differs beyond the command"
"$GEN" verify "$WORK/RW" --quiet && ok || fail "verify of merged recipe trees"
# Shards of two different recipes are refused before anything is written.
sed 's/"count": 3/"count": 4/' "$WORK/r.json" >"$WORK/r2.json"
"$GEN" recipe "$WORK/r2.json" --out "$WORK/RX2" --shard 2/2 --quiet
"$GEN" merge "$WORK/RX" "$WORK/RS1" "$WORK/RX2" --quiet 2>"$WORK/err.txt"
[ $? = 2 ] && [ ! -e "$WORK/RX" ] && ok || fail "shards of two recipes merged: $(cat "$WORK/err.txt")"
# The example of docs/training.md: valid, and 100,000 samples.
sed -n '/^```json$/,/^```$/p' "$HERE/../docs/training.md" | sed '1d;$d' >"$WORK/docs_recipe.json"
"$GEN" recipe "$WORK/docs_recipe.json" --dry-run >"$WORK/plan.txt" && ok || fail "docs recipe does not parse"
grep -q '^total  *100000 samples in 10 tasks' "$WORK/plan.txt" && ok || fail "docs recipe: $(tail -1 "$WORK/plan.txt")"
# The README's `gen recipe examples/mixture.json` needs that file: it is shipped,
# and it is the recipe the page shows.
diff "$WORK/docs_recipe.json" "$HERE/../examples/mixture.json" >/dev/null && ok ||
    fail "examples/mixture.json is not the recipe of docs/training.md"
bad_recipe() { # json what
    printf '%s' "$1" >"$WORK/bad.json"
    "$GEN" recipe "$WORK/bad.json" --out "$WORK/nothing" --quiet 2>"$WORK/err.txt"
    rc=$?
    [ $rc = 2 ] && [ ! -e "$WORK/nothing" ] && grep -q "$2" "$WORK/err.txt" && ok ||
        fail "bad recipe ($2): exit $rc, $(cat "$WORK/err.txt")"
}
bad_recipe '{"seed": 7, "tasks": {"counting_circle": {}}}' "did you mean 'counting_circles'"
bad_recipe '{"seed": 7, "tasks": {"counting_circles": {"levls": "1"}}}' "unknown key 'levls'"
bad_recipe '{"seed": 7, "tasks": {"counting_circles": {}}, "sede": 1}' "unknown key 'sede'"
bad_recipe '{"seed": 7, "seed": 8, "tasks": {"counting_circles": {}}}' "duplicate key 'seed'"
bad_recipe '{"seed": 7, "tasks": {"counting_circles": {}}} trailing' "more after the end of the document"
bad_recipe '{"tasks": {"counting_circles": {}}}' 'no "seed"'
bad_recipe '{"seed": 7, "tasks": {"counting_circles": {"count": 0}}}' '"count" must be'
bad_recipe '{"seed": 7, "tasks": {"counting_circles": {"levels": "5..1"}}}' "counting_circles"
bad_recipe '{"seed": 7, "tasks": {}}' "at least one task"
bad_recipe '[1, 2]' "must be a JSON object"
finish training
