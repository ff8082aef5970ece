#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# first_use: the traps a new user fell into (issue 37), each closed:
#  1. gen all --out a task directory, and gen TASK --out a tree, are refused
#     (exit 2) before anything is written; a directory that is both a task and a
#     tree is refused by every reader (exit 4);
#  2. gen score TREE ANSWERS --task T scores T's answers and says once how many
#     answers to other tasks it set aside; a task of the tree without a single
#     answer reads "no answers" (not "no parse") and is warned of, even --quiet;
#  3. gen check TREE and gen verify TREE take trees: a line per task and a
#     summary (and --task picks one task of the tree for check);
#  4. verify, merge and overlap draw a progress line on a terminal, and every run
#     of gen TASK / gen all ends with a line per task (tasks without redraws too)
#     and, for several tasks, a summary.
set -u
GEN=$1
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
scratch
cd "$WORK" || exit 1
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
T=tree
"$GEN" all --tasks counting_circles,change_colour --num_images 1 --seed 3 --out $T --quiet ||
    { echo "first_use: gen all failed"; exit 1; }
"$GEN" counting_circles --num_images 1 --num_sizes 1,2 --seed 3 --out cc --quiet || { echo "first_use: gen failed"; exit 1; }

# run CODE PATTERN ARGS...: gen ARGS exits CODE with PATTERN on stderr.
run() {
    local code=$1 pattern=$2
    shift 2
    "$GEN" "$@" >out.txt 2>err.txt
    local rc=$?
    [ $rc -eq "$code" ] && ok || fail "gen $*: exit $rc, not $code: $(cat err.txt)"
    [ -z "$pattern" ] || { grep -qE -- "$pattern" err.txt && ok || fail "gen $*: stderr '$(cat err.txt)' lacks '$pattern'"; }
}

# 1. A tree into a task directory, a task into a tree: refused, nothing written.
before=$(ls -R cc | md5sum)
run 2 "refused to write a tree into 'cc': it is a task directory \(it holds data.json\)" \
    all --tasks list_shapes --num_images 1 --seed 1 --out cc
[ "$(ls -R cc | md5sum)" = "$before" ] && ok || fail "gen all wrote into the task directory"
before=$(ls -R $T | md5sum)
run 2 "refused to write list_shapes into 'tree': it is a tree of task directories \(it holds change_colour/ and more\); give the task a directory of its own, such as --out tree/list_shapes" \
    list_shapes --num_images 1 --seed 1 --out $T
[ "$(ls -R $T | md5sum)" = "$before" ] && ok || fail "gen list_shapes wrote into the tree"
# the tree itself and its task directories are still fine outputs
"$GEN" all --tasks counting_circles,change_colour --num_images 1 --seed 3 --out $T --quiet && ok || fail "gen all over its own tree"
"$GEN" list_shapes --num_images 1 --seed 1 --out $T/list_shapes --quiet && ok || fail "gen TASK into a tree's task directory"
rm -rf $T/list_shapes
# a directory both: every reader refuses it
mkdir mixed
cp -r cc/. mixed/
cp -r $T/change_colour mixed/
"$GEN" gold cc -o cc-gold.json
mixed_msg="refused to read 'mixed': it is both a task directory \(it holds data.json\) and a tree of them \(it holds change_colour/\)"
run 4 "$mixed_msg" gold mixed
run 4 "$mixed_msg" score mixed cc-gold.json
run 4 "$mixed_msg" requests mixed --model m -o req.jsonl
run 4 "$mixed_msg" report mixed cc-gold.json -o report.html
run 4 "$mixed_msg" check mixed
run 4 "$mixed_msg" verify mixed
run 4 "$mixed_msg" overlap mixed cc
run 4 "$mixed_msg" ask mixed --endpoint http://127.0.0.1:9/v1 --model m -o results.jsonl
[ ! -e req.jsonl ] && [ ! -e report.html ] && [ ! -e results.jsonl ] && ok || fail "a reader of 'mixed' wrote a file"

# 2. --task on a tree with answers to the whole tree.
"$GEN" gold $T -o gold.json
cc_n=$(grep -c '"id": "counting_circles/' gold.json)
ch_n=$(grep -c '"id": "change_colour/' gold.json)
run 0 "^gen: set aside $ch_n answers to other tasks than counting_circles \(--task counting_circles\)$" \
    score $T gold.json --task counting_circles -o eval-cc.json
[ "$(grep -c 'set aside' err.txt)" -eq 1 ] && ok || fail "set aside said $(grep -c 'set aside' err.txt) times"
grep -q '"counting_circles"' eval-cc.json && ! grep -q change_colour eval-cc.json && grep -q '"Overall Accuracy": 100' eval-cc.json &&
    ok || fail "--task counting_circles: $(head -c 300 eval-cc.json)"
grep -qE "^counting_circles +$cc_n +$cc_n +0 +100.0$" out.txt && ok || fail "--task summary: $(cat out.txt)"
run 0 "set aside $cc_n answers to other tasks than change_colour" report $T gold.json --task change_colour -o rep.html
# an id of the task itself that is not in the tree is still an error
sed 's#"counting_circles/1.png"#"counting_circles/999.png"#' gold.json >bad.json
run 6 "1 answer matches no record \('counting_circles/999.png'\)" score $T bad.json --task counting_circles
# a task without a single answer: "no answers", and a warning even with --quiet
keep() { "$PY" -c 'import json, sys; print(json.dumps([r for r in json.load(open(sys.argv[1])) if not r["id"].startswith(sys.argv[2])]))' "$@"; }
keep gold.json change_colour/ >part.json
"$GEN" score $T part.json >out.txt 2>err.txt
rc=$?
[ $rc -eq 0 ] && ok || fail "score with a task unanswered: exit $rc: $(cat err.txt)"
grep -qE "^change_colour +$ch_n +0 +- +0.0  no answers$" out.txt && ok || fail "no 'no answers' row: $(cat out.txt)"
grep -q "^gen: warning: 'part.json' has no answers to 1 task of 'tree': change_colour; its records are counted wrong" err.txt &&
    ok || fail "no warning: $(cat err.txt)"
"$GEN" score $T part.json --quiet >out.txt 2>err.txt
[ ! -s out.txt ] && grep -q "no answers to 1 task" err.txt && ok || fail "--quiet hides the warning: $(cat err.txt)"
# some answers missing: counted apart from "no parse"
keep gold.json change_colour/second1.png >part2.json
"$GEN" score $T part2.json >out.txt 2>err.txt
grep -qE "^change_colour +$ch_n +$((ch_n - 1)) +0 " out.txt && grep -q "1 without an answer (no line, or a failed request): counted wrong" out.txt &&
    ok || fail "a missing answer: $(cat out.txt) $(cat err.txt)"

# 3. check and verify take trees.
run 0 "" check $T
[ "$(cat out.txt)" = $'change_colour: valid\ncounting_circles: valid\ntree: 2 tasks, all valid' ] && ok ||
    fail "check TREE: $(cat out.txt)"
run 0 "" check $T --task counting_circles
[ "$(cat out.txt)" = $'counting_circles: valid\ntree: 1 task, all valid' ] && ok || fail "check TREE --task: $(cat out.txt)"
run 0 "" verify $T
grep -qx "tree/change_colour: [0-9]* files identical, 0 differ" out.txt &&
    grep -qx "tree/counting_circles: [0-9]* files identical, 0 differ" out.txt &&
    [ "$(tail -n 1 out.txt)" = "tree: 2 tasks, all verified" ] && ok || fail "verify TREE: $(cat out.txt)"
echo stray >$T/counting_circles/data/99.png
run 1 "" check $T
grep -qx "counting_circles: data/99.png: .*" out.txt && grep -qx "counting_circles: 1 problem" out.txt &&
    [ "$(tail -n 1 out.txt)" = "tree: 1 of 2 tasks is not valid (1 problem)" ] && ok || fail "check TREE with a problem: $(cat out.txt)"
run 1 "" verify $T --quiet
grep -q "data/99.png: not made by gen" out.txt && grep -qx "tree: 2 tasks, some differ or could not be verified (above)" out.txt &&
    ok || fail "verify TREE with a stray file: $(cat out.txt)"
rm $T/counting_circles/data/99.png
mkdir linked
ln -s "$WORK/$T/change_colour" linked/change_colour
run 4 "" check linked
grep -q "change_colour: not checked: refused to read 'linked/change_colour': .*symbolic link" out.txt && ok ||
    fail "a linked task directory: $(cat out.txt)"

# 4. Closing lines and summaries of runs; progress lines on a terminal.
"$GEN" counting_circles --num_images 2 --num_sizes 1..3 --seed 3 --out c2 2>err.txt
grep -qx "gen: counting_circles: 6 samples, none redrawn" err.txt && ok || fail "gen TASK's closing line: $(cat err.txt)"
"$GEN" all --tasks sort_lines,graph_counting --num_images 2 --seed 7 --out t2 2>err.txt
grep -qx "gen: sort_lines: 40 samples, none redrawn" err.txt &&
    grep -q "^gen: graph_counting: [0-9]* of 40 samples redrawn" err.txt &&
    grep -qE "^gen: made 2 tasks, 80 samples in 't2' \([0-9.]+ s\)$" err.txt && ok || fail "gen all's closing lines: $(cat err.txt)"
"$GEN" all --tasks sort_lines,graph_counting --num_images 2 --seed 7 --out t2 --quiet 2>err.txt
[ ! -s err.txt ] && ok || fail "--quiet printed: $(cat err.txt)"
if command -v script >/dev/null; then
    # GEN_PROGRESS_NOW=1: the line from the start (it waits a second otherwise)
    "$GEN" all --tasks layered_shapes --num_images 2 --seed 5 --shard 1/2 --out s1 --quiet
    "$GEN" all --tasks layered_shapes --num_images 2 --seed 5 --shard 2/2 --out s2 --quiet
    for cmd in "merge m s1 s2" "verify m" "overlap m/layered_shapes s1" "verify $T"; do
        GEN_PROGRESS_NOW=1 script -qec "'$GEN' $cmd" /dev/null >tty.txt 2>&1
        grep -qE $'\r''[A-Za-z_: ]*[0-9]+/[0-9]+ ' tty.txt && ok || fail "no progress line for gen $cmd on a terminal: $(head -c 300 tty.txt | cat -v)"
        [ "$cmd" = "merge m s1 s2" ] || { GEN_PROGRESS_NOW=1 script -qec "'$GEN' $cmd --quiet" /dev/null >tty.txt 2>&1
            grep -q $'\r'"[a-z]" tty.txt && fail "gen $cmd --quiet drew a progress line: $(cat -v tty.txt)" || ok; }
    done
    rm -rf m
    GEN_PROGRESS_NOW=1 script -qec "'$GEN' merge m s1 s2 --quiet" /dev/null >tty.txt 2>&1
    grep -q $'\r'"[a-z]" tty.txt && fail "gen merge --quiet drew a progress line: $(cat -v tty.txt)" || ok
fi
finish first_use
