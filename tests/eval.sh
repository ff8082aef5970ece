#!/usr/bin/env bash
# eval: gen gold, gen requests and gen score end to end.  Gold answers score 100.0
# for every task and category, with the release's axis values as keys; requests are
# valid batch lines whose images are the files of data/; the batch output and JSONL
# shapes of the same answers score the same; bad input gets its exit code, a clear
# message and no output file.  JSON is read by eval_probe (tests/eval_probe.c).
set -u
GEN=$1
PROBE=$2
. "$(dirname "$0")/lib.sh"
scratch
R=$WORK/pv
"$GEN" all --seed 11 --num_images 1 --out "$R" --quiet || { echo "eval: gen all failed"; exit 1; }

CC=$R/counting_circles

# 1. Per task: gold -> score is 100.0 overall and in every category, keys = axis values.
for t in $(tasks); do
    "$GEN" gold "$R/$t" -o "$WORK/gold-$t.json" && ok || fail "gen gold $t"
    "$GEN" score "$R/$t" "$WORK/gold-$t.json" -o "$WORK/eval-$t.json" --quiet && ok || fail "gen score $t"
    out=$("$PROBE" axes "$R/$t" "$WORK/eval-$t.json") && ok || fail "$t: $out"
done
grep -q '"gpt_response": "ANSWER: ' "$WORK/gold-counting_circles.json" && ok || fail "gold lacks ANSWER: lines"
[ "$(grep -c '"id": ' "$WORK/gold-counting_circles.json")" -eq 20 ] && ok || fail "gold: not one line per record"

# 2. The whole tree: ids TASK/ID, the table, the mean, the plot.
"$GEN" gold "$R" -o "$WORK/gold.json" && ok || fail "gen gold tree"
grep -q '"id": "maze_solving/1.png"' "$WORK/gold.json" && ok || fail "tree gold ids are not TASK/ID"
sum=$("$GEN" score "$R" "$WORK/gold.json" -o "$WORK/eval.json" --annotated "$WORK/ann.json" --plot "$WORK/plot.png")
[ $? -eq 0 ] && ok || fail "gen score tree"
out=$("$PROBE" axes "$R" "$WORK/eval.json") && ok || fail "tree: $out"
grep -qE '^mean +600 +600 +100.0' <<<"$sum" && ok || fail "summary lacks the mean line: $sum"
[ "$(grep -c '^[a-z_]* *20 *20 *0 *100.0$' <<<"$sum")" -eq 30 ] && ok || fail "summary lacks a line per task"
out=$("$PROBE" annotated "$WORK/ann.json" 600) && ok || fail "annotated: $out"
grep -q '"Output": 1, "ERROR": null' "$WORK/ann.json" && ok || fail "annotated lacks Output and ERROR"
[ "$(head -c 8 "$WORK/plot.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && ok || fail "plot is not a PNG"

# 3. Requests: valid JSON lines with the documented fields, images = data/ files.
"$GEN" requests "$R" --model test-model -o "$WORK/req.jsonl" && ok || fail "gen requests tree"
out=$("$PROBE" requests "$R" "$WORK/req.jsonl") && ok || fail "requests: $out"
"$GEN" requests "$R/mirror_image" --model test-model --max_tokens 512 > "$WORK/req-mi.jsonl" && ok ||
    fail "gen requests one task"
out=$("$PROBE" requests "$R/mirror_image" "$WORK/req-mi.jsonl" 512) && ok || fail "requests mirror_image: $out"

# 4. The same answers in the batch output and JSONL shapes score the same.
"$PROBE" wrap "$WORK/gold.json" > "$WORK/batch.jsonl"
"$PROBE" jsonl "$WORK/gold.json" > "$WORK/answers.jsonl"
for f in batch.jsonl answers.jsonl; do
    "$GEN" score "$R" "$WORK/$f" -o "$WORK/eval-$f.json" --quiet && ok || fail "score $f"
    cmp -s "$WORK/eval.json" "$WORK/eval-$f.json" && ok || fail "$f scores differently from the answers file"
done
# one task scored from TASK/ID custom_ids (as gen requests names them)
"$PROBE" wrap "$WORK/gold-sort_lines.json" | sed 's/"custom_id":"/&sort_lines\//' > "$WORK/sl.jsonl"
"$GEN" score "$R/sort_lines" "$WORK/sl.jsonl" -o "$WORK/eval-sl.json" --quiet && ok || fail "score TASK/ID ids"
cmp -s "$WORK/eval-sort_lines.json" "$WORK/eval-sl.json" && ok || fail "TASK/ID ids score differently"

# 5. Missing, wrong and failed answers count as wrong, never dropped.
grep -v '"id": "1.png"' "$WORK/gold-counting_circles.json" | sed 's/"ANSWER: 5"/"ANSWER: 6"/' |
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
grep -q '"ERROR": "the last line is longer than' "$WORK/h-ann.json" && ok || fail "3 MB line not refused"

# An output that is not a regular file (a FIFO here, /dev/null in use) is written
# into, never replaced by a renamed temporary file.
mkfifo "$WORK/fifo"
cat "$WORK/fifo" > "$WORK/from-fifo" &
catpid=$!
"$GEN" gold "$CC" -o "$WORK/fifo" && ok || fail "gold into a FIFO"
if [ -p "$WORK/fifo" ]; then ok; else fail "the FIFO was replaced by a file"; kill "$catpid"; fi
wait "$catpid"
cmp -s "$WORK/from-fifo" "$WORK/gold-counting_circles.json" && ok || fail "the FIFO did not carry the gold file"

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
expect 4 "field 'num_objects' is missing" requests "$WORK/broken" --model m -o "$WORK/out"
expect 4 "cannot write '.*nodir/p.png'" score "$CC" "$WORK/gold-counting_circles.json" -o "$WORK/out" \
    --plot "$WORK/nodir/p.png"
expect 2 "score needs a directory and an answers file" score "$CC"
expect 2 "unknown option '--bogus' for score" score "$CC" "$WORK/gold.json" --bogus
expect 2 "named for two outputs" score "$CC" "$WORK/gold.json" -o "$WORK/out" --annotated "$WORK/out"
expect 2 "gold needs a directory" gold
expect 2 "requests needs --model" requests "$CC" -o "$WORK/out"
expect 2 "bad --max_tokens '0'" requests "$CC" --model m --max_tokens 0 -o "$WORK/out"
expect 2 "unknown option '--modle' for requests" requests "$CC" --modle m -o "$WORK/out"

finish eval
