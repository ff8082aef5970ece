#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# eval: gen gold, gen requests and gen score end to end.  Gold answers, written in each
# task's original format for records of the original scripts' own output
# (tests/release_data), score 100.0 for every task and category, with the keys the
# release's eval.py makes; requests are
# valid batch lines whose images are the files of data/; the batch output and JSONL
# shapes of the same answers score the same; bad input gets its exit code, a clear
# message and no output file.  JSON is read by eval_probe (tests/eval_probe.c).
set -u
GEN=$1
PROBE=$2
. "$(dirname "$0")/lib.sh"
scratch
# The tasks of the release (gen list's image count is a number): the video tasks of
# issue 30 have no release format, and tests/eval_comp.sh tests them.
release_tasks() { "$GEN" list | awk 'NR > 1 && $2 ~ /^[0-9]+$/ {print $1}'; }
R=$WORK/pv
"$GEN" all --seed 11 --num_images 1 --tasks "$(release_tasks | paste -sd,)" --out "$R" --quiet ||
    { echo "eval: gen all failed"; exit 1; }

CC=$R/counting_circles
# records of the original scripts (6 per task), as a tree of task directories
F=$WORK/release
cp -r "$(dirname "$0")/release_data" "$F"

# 1. Per task: gold -> score is 100.0 overall and in every category, keys = eval.py's.
for t in $(release_tasks); do
    "$GEN" gold "$F/$t" -o "$WORK/gold-$t.json" && ok || fail "gen gold $t"
    "$GEN" score "$F/$t" "$WORK/gold-$t.json" -o "$WORK/eval-$t.json" --quiet && ok || fail "gen score $t"
    out=$("$PROBE" axes "$F/$t" "$WORK/eval-$t.json") && ok || fail "$t: $out"
done
grep -q '"gpt_response": "QUADRANT:[1-4] COUNT:[0-9]*"' "$WORK/gold-circle_location.json" && ok ||
    fail "circle_location gold is not QUADRANT:x COUNT:y"
grep -q '"gpt_response": "SHAPES : [a-z]* , ' "$WORK/gold-grid_path.json" && ok || fail "grid_path gold is not SHAPES : a , b"
grep -q '"gpt_response": "S,[0-9,]*,E"' "$WORK/gold-maze_solving.json" && ok || fail "maze_solving gold is not S,2,E"
# gen's own counting_circles records are the release's (num_objects)
"$GEN" gold "$CC" -o "$WORK/gold-cc.json" && ok || fail "gen gold counting_circles"
grep -q '"gpt_response": "COUNT:[0-9]*"' "$WORK/gold-cc.json" && ok || fail "gold lacks COUNT:x answers"
[ "$(grep -c '"id": ' "$WORK/gold-cc.json")" -eq 20 ] && ok || fail "gold: not one line per record"

# 2. The whole tree: ids TASK/ID, the table, the mean, the plot.
"$GEN" gold "$F" -o "$WORK/gold.json" && ok || fail "gen gold tree"
grep -q '"id": "maze_solving/1.png"' "$WORK/gold.json" && ok || fail "tree gold ids are not TASK/ID"
sum=$("$GEN" score "$F" "$WORK/gold.json" -o "$WORK/eval.json" --annotated "$WORK/ann.json" --plot "$WORK/plot.png")
[ $? -eq 0 ] && ok || fail "gen score tree"
out=$("$PROBE" axes "$F" "$WORK/eval.json") && ok || fail "tree: $out"
grep -qE '^mean +180 +180 +100.0' <<<"$sum" && ok || fail "summary lacks the mean line: $sum"
[ "$(grep -c '^[a-z_]* *6 *6 *0 *100.0$' <<<"$sum")" -eq 30 ] && ok || fail "summary lacks a line per task"
out=$("$PROBE" annotated "$WORK/ann.json" 180) && ok || fail "annotated: $out"
grep -q '"Output": 1, "ERROR": null, "correct": true' "$WORK/ann.json" && ok ||
    fail "annotated lacks Output, ERROR and correct"
[ "$(head -c 8 "$WORK/plot.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && ok || fail "plot is not a PNG"

# 3. Requests: valid JSON lines with the documented fields, images = data/ files.
"$GEN" requests "$R" --model test-model -o "$WORK/req.jsonl" && ok || fail "gen requests tree"
out=$("$PROBE" requests "$R" "$WORK/req.jsonl") && ok || fail "requests: $out"
"$GEN" requests "$R/mirror_image" --model test-model --max_tokens 512 > "$WORK/req-mi.jsonl" && ok ||
    fail "gen requests one task"
out=$("$PROBE" requests "$R/mirror_image" "$WORK/req-mi.jsonl" 512) && ok || fail "requests mirror_image: $out"

# 3b. Few-shot requests (--shots K): the exemplars are samples 41, 91 and 141, laid out
# after the sample as image(s) then gold answer, and are not asked about themselves;
# --prompts takes the prompt files from another copy (ROOT/TASK/prompts).
"$GEN" all --seed 5 --num_images 8 --tasks counting_circles,change_colour --out "$WORK/fs" --quiet ||
    fail "gen all for --shots"
"$GEN" requests "$WORK/fs" --model m --shots 3 -o "$WORK/fs3.jsonl" && ok || fail "requests --shots 3"
[ "$(wc -l < "$WORK/fs3.jsonl")" -eq $((2 * 160 - 6)) ] && ok || fail "--shots 3: not every non-exemplar asked once"
grep -qF '"custom_id": "counting_circles/41.png"' "$WORK/fs3.jsonl" && fail "an exemplar is asked about" || ok
grep -qF '"custom_id": "counting_circles/42.png"' "$WORK/fs3.jsonl" && ok || fail "sample 42 is not asked about"
python3 - "$WORK/fs3.jsonl" "$WORK/fs" <<'PY' && ok || fail "--shots layout"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
gold = {t: {r["id"]: r for r in json.load(open(sys.argv[2] + "/" + t + "/data.json"))}
        for t in ("counting_circles", "change_colour")}
for r in rows:
    task = r["custom_id"].split("/")[0]
    c = r["body"]["messages"][0]["content"]
    n = 2 if task == "change_colour" else 1
    kinds = [p["type"] for p in c]
    assert kinds == ["text"] + ["image_url"] * n + ["text"] + (["image_url"] * n + ["text"]) * 3, kinds
    key = "num_differences" if n == 2 else "num_objects"
    ids = [("second%d.png" if n == 2 else "%d.png") % k for k in (41, 91, 141)]
    answers = [c[2 + n + (n + 1) * k + n]["text"] for k in range(3)]
    assert answers == ["COUNT:%d" % gold[task][i][key] for i in ids], answers
PY
"$GEN" requests "$WORK/fs/counting_circles" --model m --shots 1 -o "$WORK/fs1.jsonl" && ok || fail "requests --shots 1"
[ "$(wc -l < "$WORK/fs1.jsonl")" -eq 159 ] && ok || fail "--shots 1 leaves out more than sample 41"
mkdir -p "$WORK/alt/counting_circles/prompts"
for f in input_prompt rules output_prompt; do echo "other $f" > "$WORK/alt/counting_circles/prompts/$f.txt"; done
"$GEN" requests "$WORK/fs/counting_circles" --model m --prompts "$WORK/alt" -o "$WORK/alt.jsonl" && ok ||
    fail "requests --prompts"
grep -qF '"text": "other input_prompt\nother rules\nother output_prompt"' "$WORK/alt.jsonl" && ok ||
    fail "--prompts did not take the other prompt files"
expect 4 "it has no sample 41" requests "$R/counting_circles" --model m --shots 1 -o "$WORK/out"
expect 2 "bad --shots '4'" requests "$R/counting_circles" --model m --shots 4 -o "$WORK/out"

# 3c. A directory of any name: --task names its task.
cp -r "$F/graph_counting" "$WORK/some-run"
expect 4 "cannot tell the task of .*name it with --task TASK" gold "$WORK/some-run" -o "$WORK/out"
"$GEN" gold "$WORK/some-run" --task graph_counting -o "$WORK/some-gold.json" && ok || fail "gold --task"
"$GEN" score "$WORK/some-run" "$WORK/some-gold.json" --task graph_counting --quiet -o "$WORK/some-eval.json" && ok ||
    fail "score --task"
cmp -s "$WORK/some-eval.json" "$WORK/eval-graph_counting.json" && ok || fail "score --task differs from the named directory"
expect 2 "unknown task 'graph_countin' for --task \(did you mean 'graph_counting'\?\)" gold "$WORK/some-run" --task graph_countin
# --parser strict reads lower-case keys, which the release's case-sensitive regex misses
printf '[{"id": "%s", "gpt_response": "nodes:%s edges:%s"}]\n' \
    $(python3 -c "import json;r=json.load(open('$F/graph_counting/data.json'))[0];print(r['id'],r['num_nodes'],r['num_edges'])") \
    > "$WORK/lower.json"
"$GEN" score "$F/graph_counting" "$WORK/lower.json" --annotated "$WORK/lower-rel.json" --quiet && ok || fail "score lower"
"$GEN" score "$F/graph_counting" "$WORK/lower.json" --parser strict --annotated "$WORK/lower-strict.json" --quiet && ok ||
    fail "score --parser strict"
grep -q '"ERROR": "No match found", "correct": false' "$WORK/lower-rel.json" && ok || fail "release read lower-case keys"
grep -q '"ERROR": null, "correct": true' "$WORK/lower-strict.json" && ok || fail "strict did not read lower-case keys"
expect 2 "unknown parser 'loose'" score "$F/graph_counting" "$WORK/lower.json" --parser loose

# 4. The same answers in the batch output and JSONL shapes score the same.
"$PROBE" wrap "$WORK/gold.json" > "$WORK/batch.jsonl"
"$PROBE" jsonl "$WORK/gold.json" > "$WORK/answers.jsonl"
for f in batch.jsonl answers.jsonl; do
    "$GEN" score "$F" "$WORK/$f" -o "$WORK/eval-$f.json" --quiet && ok || fail "score $f"
    cmp -s "$WORK/eval.json" "$WORK/eval-$f.json" && ok || fail "$f scores differently from the answers file"
done
# one task scored from TASK/ID custom_ids (as gen requests names them)
"$PROBE" wrap "$WORK/gold-sort_lines.json" | sed 's/"custom_id":"/&sort_lines\//' > "$WORK/sl.jsonl"
"$GEN" score "$F/sort_lines" "$WORK/sl.jsonl" -o "$WORK/eval-sl.json" --quiet && ok || fail "score TASK/ID ids"
cmp -s "$WORK/eval-sort_lines.json" "$WORK/eval-sl.json" && ok || fail "TASK/ID ids score differently"

# 5. Missing, wrong and failed answers count as wrong, never dropped.
grep -v '"id": "1.png"' "$WORK/gold-cc.json" | sed 's/"COUNT:5"/"COUNT:6"/' |
    sed '$!N;s/},\n]/}\n]/;P;D' > "$WORK/part.json"
"$GEN" score "$R/counting_circles" "$WORK/part.json" -o "$WORK/part-eval.json" --quiet && ok || fail "partial answers"
grep -q '"Overall Accuracy": 90.0' "$WORK/part-eval.json" && ok || fail "a missing and a wrong answer: $(head -2 "$WORK/part-eval.json")"
grep -q '"1": 0.0' "$WORK/part-eval.json" && grep -q '"5": 0.0' "$WORK/part-eval.json" && ok ||
    fail "the missing and the wrong answer are not in their categories"
printf '%s\n' '{"id": "x", "custom_id": "1.png", "response": null, "error": {"message": "rate limited"}}' \
    > "$WORK/failed.jsonl"
"$GEN" score "$R/counting_circles" "$WORK/failed.jsonl" --annotated "$WORK/failed-ann.json" --quiet && ok ||
    fail "a failed request"
grep -q '"ERROR": "request failed: rate limited"' "$WORK/failed-ann.json" && ok || fail "failed request not reported"

# 6. Hostile responses: megabytes, escapes of binary, deep nesting: scored, no crash
# (a \u0000 is refused: tests/hostile_eval.sh, item 10).
{
    printf '{"id": "1.png", "response": "'
    head -c 3000000 /dev/zero | tr '\0' 'x'
    printf '"}\n{"id": "2.png", "response": "\\u00ff\\n\\u0001\\u0085ANSWER: 1"}\n'
    printf '{"id": "3.png", "response": "ANSWER: %s"}\n' "$(head -c 100000 /dev/zero | tr '\0' '[')"
} > "$WORK/hostile.jsonl"
"$GEN" score "$R/counting_circles" "$WORK/hostile.jsonl" --annotated "$WORK/h-ann.json" --quiet && ok ||
    fail "hostile responses"
grep -q '"ERROR": "list index out of range", "correct": false' "$WORK/h-ann.json" && ok ||
    fail "3 MB line without a number not unparseable"
[ "$(grep -c '"correct": false' "$WORK/h-ann.json")" -eq 20 ] && ok || fail "a hostile response is correct"

# An output that is not a regular file (a FIFO here, /dev/null in use) is written
# into, never replaced by a renamed temporary file.
mkfifo "$WORK/fifo"
cat "$WORK/fifo" > "$WORK/from-fifo" &
catpid=$!
"$GEN" gold "$CC" -o "$WORK/fifo" && ok || fail "gold into a FIFO"
if [ -p "$WORK/fifo" ]; then ok; else fail "the FIFO was replaced by a file"; kill "$catpid"; fi
wait "$catpid"
cmp -s "$WORK/from-fifo" "$WORK/gold-cc.json" && ok || fail "the FIFO did not carry the gold file"

# 7. Bad input: exit code, message, nothing written (expect: tests/lib.sh).
printf '[{"id": "1.png", "gpt_response": "ANSWER: 1"},\n {"id": 2,,}]\n' > "$WORK/notjson.json"
expect 6 "cannot read '.*notjson.json': not valid JSON \(line 2\)" score "$CC" "$WORK/notjson.json" -o "$WORK/out"
printf '{"id": "1.png", "response": "ANSWER: 1"}\n{"id": "2.png", "response": \n' > "$WORK/badline.jsonl"
expect 6 "not valid JSON \(line 2\)" score "$CC" "$WORK/badline.jsonl" -o "$WORK/out"
printf '[{"id": "1.png", "gpt_response": "ANSWER: 1"}, {"id": "../../etc/passwd", "gpt_response": ""},
  {"id": "counting_shapes/1.png", "gpt_response": ""}, {"id": "99.png", "gpt_response": ""},
  {"id": "100.png", "gpt_response": ""}]\n' > "$WORK/unknown.json"
expect 6 "4 answers match no record \('../../etc/passwd', 'counting_shapes/1.png', '99.png', \.\.\.\)" \
    score "$CC" "$WORK/unknown.json" -o "$WORK/out"
printf '[{"id": "1.png", "gpt_response": "ANSWER: 1"}, {"id": "1.png", "gpt_response": "ANSWER: 2"}]\n' > "$WORK/dup.json"
expect 6 "id '1.png' is answered twice" score "$CC" "$WORK/dup.json" -o "$WORK/out"
printf '[{"gpt_response": "ANSWER: 1"}]\n' > "$WORK/noid.json"
expect 6 "record 1 has no string id" score "$CC" "$WORK/noid.json" -o "$WORK/out"
printf '{"id": "1.png", "response": "\xff\xfe"}\n' > "$WORK/utf8.jsonl"
expect 6 "not valid UTF-8 \(line 1\)" score "$CC" "$WORK/utf8.jsonl" -o "$WORK/out"
printf 'ANSWER: 1\n' > "$WORK/text.txt"
expect 6 "not valid JSON \(line 1\)" score "$CC" "$WORK/text.txt" -o "$WORK/out"
: > "$WORK/empty.json"
expect 6 "empty file" score "$CC" "$WORK/empty.json" -o "$WORK/out"
truncate -s 1100M "$WORK/huge.json"
expect 6 "larger than 1 GiB" score "$CC" "$WORK/huge.json" -o "$WORK/out"
rm -f "$WORK/huge.json"
expect 4 "cannot read '.*nowhere': no such directory" score "$WORK/nowhere" "$WORK/dup.json" -o "$WORK/out"
expect 4 "cannot read '.*missing.json'" score "$CC" "$WORK/missing.json" -o "$WORK/out"
mkdir -p "$WORK/empty-root"
expect 4 "no data.json in it, nor in any task directory" score "$WORK/empty-root" "$WORK/dup.json" -o "$WORK/out"
mkdir -p "$WORK/broken/counting_circles" && printf '[{"id": "1.png"}]' > "$WORK/broken/counting_circles/data.json"
expect 4 "cannot read '.*data.json': record '1.png': field 'num_objects' is missing" gold "$WORK/broken" -o "$WORK/out"
expect 4 "cannot write '.*nodir/p.png'" score "$CC" "$WORK/gold-cc.json" -o "$WORK/out" \
    --plot "$WORK/nodir/p.png"
expect 2 "score needs a directory and an answers file" score "$CC"
expect 2 "unknown option '--bogus' for score" score "$CC" "$WORK/gold.json" --bogus
expect 2 "named for two outputs" score "$CC" "$WORK/gold.json" -o "$WORK/out" --annotated "$WORK/out"
expect 2 "gold needs a directory" gold
expect 2 "requests needs --model" requests "$CC" -o "$WORK/out"
expect 2 "bad --max_tokens '0'" requests "$CC" --model m --max_tokens 0 -o "$WORK/out"
expect 2 "unknown option '--modle' for requests" requests "$CC" --modle m -o "$WORK/out"

# Accuracy by skill (the paper's Table 1; a skill's accuracy is the mean of its
# tasks'): comparing_size all unparseable, counting_circles and inside_circles right.
"$GEN" all --seed 3 --num_images 1 --tasks counting_circles,inside_circles,comparing_size --out "$WORK/sk" --quiet &&
    "$GEN" gold "$WORK/sk" -o "$WORK/sk-gold.json" || fail "skills: making the tree"
python3 - "$WORK/sk-gold.json" "$WORK/sk-ans.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
for r in a:
    if r["id"].startswith("comparing_size/"):
        r["gpt_response"] = "no idea"
json.dump(a, open(sys.argv[2], "w"))
PY
"$GEN" score "$WORK/sk" "$WORK/sk-ans.json" -o "$WORK/sk-eval.json" >"$WORK/sk-out.txt" || fail "skills: score"
python3 - "$WORK/sk-eval.json" <<'PY' && ok || fail "skills: $(cat "$WORK/sk-eval.json" | tail -12)"
import json, sys
s = json.load(open(sys.argv[1]))["Accuracy by Skill"]
want = {"Visual Discrimination": 0.0, "Visual Sequential Memory": 0.0, "Visual Form Constancy": 100.0,
        "Visual Spatial Relationship": 50.0, "Average of skills": 37.5}
sys.exit(0 if s == want else 1)
PY
grep -q "Visual Spatial Relationship    50.0%  (2 tasks)" "$WORK/sk-out.txt" && ok || fail "skills: the summary lacks the skill table"
grep -q "format errors by answer type: single 0.0% (0 of 40) list 100.0% (20 of 20)" "$WORK/sk-out.txt" && ok ||
    fail "skills: format errors by type: $(grep 'format errors' "$WORK/sk-out.txt")"

finish eval
