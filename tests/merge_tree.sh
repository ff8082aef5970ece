#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# merge_tree: gen merge of whole `gen all --shard K/N` trees.
#  - shard trees merged (in any order) equal one gen all run, byte for byte but
#    gen.json's command, and every merged task checks and verifies;
#  - merge refuses trees that do not belong together (missing, overlapping,
#    another seed, num_images, N, task set or gen version, a tree mixed with a task
#    shard, a stray directory), exit 2, naming the problem, writing nothing;
#  - a tampered image in one tree gives exit 1 and leaves no OUT behind.
set -u
GEN=$1
. "$(dirname "$0")/lib.sh"
scratch
# A pair task, a swatches task, a grid task and a plain one.
TASKS=change_colour,colours_present,grid_path,counting_circles

"$GEN" all --seed 21 --num_images 2 --tasks $TASKS --out "$WORK/one" --quiet && ok || fail "gen all"
for k in 1 2 3; do
    "$GEN" all --seed 21 --num_images 2 --tasks $TASKS --shard $k/3 --out "$WORK/t$k" --quiet && ok ||
        fail "gen all --shard $k/3"
done
# A log file beside the task directories (as a cluster job leaves) is ignored.
echo "job log" >"$WORK/t2/slurm-1_2.out"
"$GEN" merge "$WORK/merged" "$WORK/t3" "$WORK/t1" "$WORK/t2" 2>"$WORK/msg" && ok || fail "merge of shard trees"
grep -q "merged 3 shard trees into '$WORK/merged' (4 tasks, 160 samples)" "$WORK/msg" && ok ||
    fail "merge summary: $(cat "$WORK/msg")"
same_but_command "$WORK/merged" "$WORK/one" >/dev/null && ok || fail "merged trees differ from one gen all run"
for t in ${TASKS//,/ }; do
    "$GEN" check "$WORK/merged/$t" >/dev/null && ok || fail "$t: merged directory does not check"
done
"$GEN" verify "$WORK/merged/grid_path" --quiet && ok || fail "merged grid_path does not verify"
[ "$(ls -A "$WORK/merged")" = "$(ls -A "$WORK/one")" ] && ok || fail "merged tree holds other entries than one run"

expect_refusal() { # what message-pattern trees...
    local what=$1 pattern=$2
    shift 2
    "$GEN" merge "$WORK/m" "$@" 2>"$WORK/msg"
    local rc=$?
    [ "$rc" -eq 2 ] && [ ! -e "$WORK/m" ] && ok || fail "merge $what: exit $rc, expected 2, nothing written"
    grep -q -- "$pattern" "$WORK/msg" && ok || fail "merge $what: message '$(cat "$WORK/msg")' lacks '$pattern'"
}
expect_refusal "missing a tree" "shard 2/3 is missing" "$WORK/t1" "$WORK/t3"
expect_refusal "overlapping trees" "are both shard 1/3 (overlapping shards)" "$WORK/t1" "$WORK/t2" "$WORK/t1" "$WORK/t3"

"$GEN" all --seed 22 --num_images 2 --tasks $TASKS --shard 3/3 --out "$WORK/seed" --quiet
expect_refusal "of another seed" "differ in seed" "$WORK/t1" "$WORK/t2" "$WORK/seed"
"$GEN" all --seed 21 --num_images 3 --tasks $TASKS --shard 3/3 --out "$WORK/num" --quiet
expect_refusal "of another num_images" "differ in num_images" "$WORK/t1" "$WORK/t2" "$WORK/num"
"$GEN" all --seed 21 --num_images 2 --tasks $TASKS --shard 2/2 --out "$WORK/n2" --quiet
expect_refusal "of another N" "differ in shard count N" "$WORK/t1" "$WORK/n2" "$WORK/t3"
"$GEN" all --seed 21 --num_images 2 --tasks change_colour,colours_present,grid_path --shard 3/3 --out "$WORK/fewer" --quiet
expect_refusal "of another task set" "has task 'counting_circles' but '$WORK/fewer' has not" \
    "$WORK/t1" "$WORK/t2" "$WORK/fewer"
"$GEN" all --seed 21 --num_images 2 --tasks $TASKS,sort_lines --shard 3/3 --out "$WORK/more" --quiet
expect_refusal "of a larger task set" "has task 'sort_lines' but" "$WORK/t1" "$WORK/t2" "$WORK/more"

cp -r "$WORK/t3" "$WORK/version"
sed -i 's/"version":[^,]*,/"version": "0.0.9",/' "$WORK/version/grid_path/gen.json"
expect_refusal "of another gen version" "by gen 0.0.9" "$WORK/t1" "$WORK/t2" "$WORK/version"
cp -r "$WORK/t3" "$WORK/mixk"
rm -rf "$WORK/mixk/grid_path" && cp -r "$WORK/t2/grid_path" "$WORK/mixk/grid_path"
expect_refusal "of a tree holding two shards" "(a tree holds one shard)" "$WORK/t1" "$WORK/t2" "$WORK/mixk"
cp -r "$WORK/t3" "$WORK/stray"
mkdir "$WORK/stray/notes"
expect_refusal "of a tree with a stray directory" "'$WORK/stray/notes' is not a task directory of gen all" \
    "$WORK/t1" "$WORK/t2" "$WORK/stray"
expect_refusal "of a tree and a task shard" "is a shard tree of gen all but '$WORK/t3/grid_path' is not" \
    "$WORK/t1" "$WORK/t2" "$WORK/t3/grid_path"
"$GEN" all --seed 21 --num_images 2 --tasks $TASKS --out "$WORK/whole" --quiet
expect_refusal "of whole runs" "is a whole run, not a shard" "$WORK/whole" "$WORK/whole"

# A tampered image: exit 1, and OUT (new) is not left half-merged.
cp -r "$WORK/t2" "$WORK/tampered"
first=$(ls "$WORK/tampered/grid_path/data" | head -1)
cp "$WORK/one/grid_path/data/1.png" "$WORK/tampered/grid_path/data/$first"
"$GEN" merge "$WORK/m" "$WORK/t1" "$WORK/tampered" "$WORK/t3" 2>"$WORK/msg"
rc=$?
[ "$rc" -eq 1 ] && [ ! -e "$WORK/m" ] && ok || fail "merge of a tampered tree: exit $rc, expected 1, nothing left"
grep -q "grid_path/data/$first' does not match its shard's gen.json" "$WORK/msg" && ok ||
    fail "tampered tree: message '$(cat "$WORK/msg")'"
finish merge_tree
