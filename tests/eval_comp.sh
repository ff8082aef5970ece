#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# eval_comp: the composed-question tasks of issue 30 (comp_conjunctive,
# comp_sequential) through gen gold, score, report and requests.  Gold answers
# (STEP lines, then ANSWER: X) score 100 with every step right; letters drawn
# from a hash of the id score about 20%; a hand-made answers file of known
# first wrong steps gives exactly those counts in EVAL.json and the summary;
# requests send the question and options after the prompt and the frames first
# to last (all, --frames K uniformly, or --tile as one labelled sheet); the
# first-wrong-step table of docs/evaluation.md is what its commands print.
set -u
GEN=$1
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
. "$HERE/lib.sh"
scratch
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
# skipped (77) in a build without the two tasks (they come from their own branches)
[ "$(tasks | grep -cE '^comp_(conjunctive|sequential)$')" -eq 2 ] ||
    { echo "eval_comp: skipped: gen has no comp_conjunctive and comp_sequential"; exit 77; }
T=$WORK/comp
"$GEN" all --seed 7 --tasks comp_conjunctive,comp_sequential --num_images 30 --frames 6 --out "$T" --quiet ||
    { echo "eval_comp: gen all failed"; exit 1; }

# 1. Gold: STEP lines then ANSWER: X; 100 everywhere, every step right.
"$GEN" gold "$T" -o "$WORK/gold.json" && ok || fail "gen gold"
grep -qE '"gpt_response": "(STEP [0-9]+: [^"]*\\n)+ANSWER: [A-E]"' "$WORK/gold.json" && ok ||
    fail "gold is not STEP lines then ANSWER: X: $(grep -m1 gpt_response "$WORK/gold.json")"
sum=$("$GEN" score "$T" "$WORK/gold.json" -o "$WORK/eval-gold.json") && ok || fail "gen score gold"
"$PY" - "$WORK/eval-gold.json" <<'PY' && ok || fail "gold EVAL.json: $(cat "$WORK/eval-gold.json")"
import json, sys
e = json.load(open(sys.argv[1]))
for task in ("comp_conjunctive", "comp_sequential"):
    t = e["Tasks"][task]
    assert t["Overall Accuracy"] == 100, task
    assert sorted(t["Category-wise Accuracy"]) == ["1", "2", "3", "4"], t
    assert all(v == 100 for v in t["Category-wise Accuracy"].values()), t
    for level, row in t["First Wrong Step"].items():
        assert row["records"] == 30 and row["none wrong"] == 30 and row["no steps given"] == 0, (task, row)
        assert [k for k in row if k.isdigit()] == [str(k) for k in range(1, int(level) + 1)], (task, row)
assert e["Accuracy by Skill"] == {"Compositional Perception": 100}, e["Accuracy by Skill"]
PY
grep -qE '^  Compositional Perception +100.0%  \(2 tasks' <<<"$sum" && ok || fail "summary lacks the skill row: $sum"
grep -qE '^  1 +30 +0 +0( +-){3} +30$' <<<"$sum" && ok || fail "summary lacks the level-1 steps row: $sum"

# 2. Letters from a hash of the id, not of the answer: about one in five (240 records).
"$PY" - "$WORK/gold.json" "$WORK/shuffled.json" <<'PY' >"$WORK/expected-right" && ok || fail "shuffled file"
import hashlib, json, sys
recs = json.load(open(sys.argv[1]))
right = 0
for r in recs:
    letter = "ABCDE"[int(hashlib.sha256(r["id"].encode()).hexdigest(), 16) % 5]
    r["gpt_response"] = "ANSWER: " + letter
    right += letter == r["answer"]
json.dump(recs, open(sys.argv[2], "w"))
print(right)
PY
sum=$("$GEN" score "$T" "$WORK/shuffled.json" -o "$WORK/eval-shuffled.json") && ok || fail "gen score shuffled"
right=$(awk '$1 ~ /^comp_/ && NF == 5 {s += $3} END {print s}' <<<"$sum")
[ "$right" = "$(cat "$WORK/expected-right")" ] && ok || fail "shuffled: gen counts $right right, $(cat "$WORK/expected-right") expected"
[ "$right" -ge 29 ] && [ "$right" -le 67 ] && ok || fail "shuffled: $right of 240 right, not within 12..28%"

# 3. Known first wrong steps: five kinds of response in turn, the expected counts
# computed here from the records.
"$PY" - "$WORK/gold.json" "$WORK/steps.json" "$WORK/expected.json" <<'PY' && ok || fail "hand-made file"
import json, sys
recs = json.load(open(sys.argv[1]))
expected = {}
for i, r in enumerate(recs):
    task = r["id"].split("/")[0]
    steps = [s["answer"] for s in r["steps"]]
    n = len(steps)
    kind = i % 5
    lines = []
    if kind == 0:    # no steps
        first = "no steps given"
    elif kind == 1:  # every step right, in any order, any case, in markdown
        lines = ["**STEP %d:** %s" % (k + 1, steps[k].upper()) for k in reversed(range(n))]
        first = "none wrong"
    elif kind == 2:  # step 1 wrong
        lines = ["STEP 1: zzz"] + ["STEP %d: %s" % (k + 1, steps[k]) for k in range(1, n)]
        first = "1"
    elif kind == 3:  # the last step wrong
        lines = ["STEP %d: %s" % (k + 1, steps[k]) for k in range(n - 1)] + ["STEP %d: zzz" % n]
        first = str(n)
    else:            # the last step missing (one step: stated after the answer, so none)
        lines = ["STEP %d: %s" % (k + 1, steps[k]) for k in range(n - 1)]
        first = str(n) if n > 1 else "no steps given"
    tail = ["ANSWER: " + r["answer"]] + (["STEP %d: %s" % (n, steps[-1])] if kind == 4 else [])
    r["gpt_response"] = "\n".join(["Looking at the frames."] + lines + tail)
    row = expected.setdefault(task, {}).setdefault(str(r["num_conditions"]), {})
    row["records"] = row.get("records", 0) + 1
    row[first] = row.get(first, 0) + 1
json.dump(recs, open(sys.argv[2], "w"))
json.dump(expected, open(sys.argv[3], "w"))
PY
sum=$("$GEN" score "$T" "$WORK/steps.json" -o "$WORK/eval-steps.json" --annotated "$WORK/ann.json") && ok ||
    fail "gen score steps"
"$PY" - "$WORK/ann.json" "$WORK/steps.json" <<'PY' && ok || fail "annotated first_wrong_step"
import json, sys
ann = json.load(open(sys.argv[1]))
kinds = [i % 5 for i in range(len(json.load(open(sys.argv[2]))))]
for a, kind in zip(ann, kinds):
    n = len(a["steps"])
    want = {0: None, 1: 0, 2: 1, 3: n, 4: n if n > 1 else None}[kind]
    assert a["first_wrong_step"] == want and a["correct"] and a["Output"] == a["answer"], (a["id"], kind, a["first_wrong_step"])
PY
"$PY" - "$WORK/eval-steps.json" "$WORK/expected.json" <<'PY' && ok || fail "first wrong steps differ"
import json, sys
e = json.load(open(sys.argv[1]))
want = json.load(open(sys.argv[2]))
for task, levels in want.items():
    got = e["Tasks"][task]["First Wrong Step"]
    assert e["Tasks"][task]["Overall Accuracy"] == 100, task
    for level, row in levels.items():
        g = {k: v for k, v in got[level].items() if v}
        if g != row:
            print(task, level, "gen:", got[level], "expected:", row)
            sys.exit(1)
PY
want=$("$PY" -c 'import json,sys; r=json.load(open(sys.argv[1]))["comp_sequential"]["3"]; print(r["records"], r.get("no steps given",0), r.get("1",0), r.get("2",0), r.get("3",0), "-", r.get("none wrong",0))' "$WORK/expected.json")
grep -A5 '^first wrong step .*comp_sequential' <<<"$sum" | grep -qE "^  3 +$(sed 's/ / +/g' <<<"$want") *$" && ok ||
    fail "summary's comp_sequential level 3 row is not '$want': $sum"
# the accuracy per answer category (issue 35): one entry a category the records hold,
# at 100% here; answers wrong in one category only show there and nowhere else
"$PY" - "$WORK/eval-steps.json" "$T" <<'PY' && ok || fail "Answer Category Accuracy"
import json, os, sys
e = json.load(open(sys.argv[1]))
for task in ("comp_conjunctive", "comp_sequential"):
    recs = json.load(open(os.path.join(sys.argv[2], task, "data.json")))
    got = e["Tasks"][task]["Answer Category Accuracy"]
    assert set(got) == {r["category"] for r in recs}, (task, got)
    assert all(v == 100 for v in got.values()), (task, got)
PY
"$PY" - "$WORK/steps.json" "$T" "$WORK/wrong-event.json" <<'PY' && ok || fail "planting wrong event answers"
import json, os, sys
answers = json.load(open(sys.argv[1]))
recs = {r["id"]: r for r in json.load(open(os.path.join(sys.argv[2], "comp_sequential", "data.json")))}
planted = 0
for a in answers:
    task, _, rid = a["id"].partition("/")
    r = recs.get(rid) if task == "comp_sequential" else None
    if r and r["category"] == "event":
        a["gpt_response"] = "ANSWER: " + "ABCDE"[("ABCDE".index(r["answer"]) + 1) % 5]
        planted += 1
assert planted > 0
json.dump(answers, open(sys.argv[3], "w"))
PY
"$GEN" score "$T" "$WORK/wrong-event.json" -o "$WORK/eval-wrong.json" --quiet && ok || fail "gen score, wrong events"
"$PY" - "$WORK/eval-wrong.json" <<'PY' && ok || fail "a wrong category shows only in its own row"
import json, sys
got = json.load(open(sys.argv[1]))["Tasks"]["comp_sequential"]["Answer Category Accuracy"]
assert got["event"] == 0 and all(v == 100 for k, v in got.items() if k != "event"), got
PY
"$GEN" report "$T" "$WORK/steps.json" -o "$WORK/report.html" --quiet && ok || fail "gen report"
grep -q '<h3>comp_sequential: first wrong step' "$WORK/report.html" && ok || fail "report lacks the steps table"
grep -q '<h3>comp_sequential: accuracy by answer category' "$WORK/report.html" && ok || fail "report lacks the category table"
# every answer is right: the gallery is empty, the table is there
grep -q 'Every answer is correct' "$WORK/report.html" && ok || fail "report shows mistakes"
"$GEN" report "$T" "$WORK/shuffled.json" -o "$WORK/report2.html" --quiet && ok || fail "gen report shuffled"
grep -qE 'src="comp/comp_[a-z]+/data/[0-9]+_6.png"' "$WORK/report2.html" && ok || fail "report lacks the last frame"
grep -q '<dt>question</dt><dd>' "$WORK/report2.html" && ok || fail "report lacks the question"
grep -q 'the response states no steps' "$WORK/report2.html" && ok || fail "report lacks the steps verdict"

# 4. Requests: the question and options after the prompt; frames first to last.
D=$T/comp_sequential
check_requests() { # FILE K TILE: K images a request (or one sheet)
    "$PY" - "$D" "$1" "$2" "$3" <<'PY'
import base64, json, os, struct, sys
d, path, k, tile = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
recs = {r["id"]: r for r in json.load(open(os.path.join(d, "data.json")))}
prompt = "\n".join(open(os.path.join(d, "prompts", p)).read().strip()
                   for p in ("input_prompt.txt", "rules.txt", "output_prompt.txt"))
lines = open(path).read().splitlines()
assert len(lines) == len(recs), (len(lines), len(recs))
for line in lines:
    q = json.loads(line)
    task, rid = q["custom_id"].split("/")
    r = recs[rid]
    parts = q["body"]["messages"][0]["content"]
    want = prompt + "\n" + r["question"] + "\n" + "\n".join("%s. %s" % (l, o) for l, o in zip("ABCDE", r["options"]))
    assert parts[0]["text"] == want, (parts[0]["text"], want)
    imgs = [base64.b64decode(p["image_url"]["url"].split(",", 1)[1]) for p in parts[1:]]
    f = len(r["frames"])
    if tile:
        assert len(imgs) == 1
        w, h = struct.unpack(">II", imgs[0][16:24])
        cols = 1
        while cols * cols < k:
            cols += 1
        rows = (k + cols - 1) // cols
        assert (w, h) == (cols * 500 + (cols + 1) * 6, rows * 320 + (rows + 1) * 6), (w, h)
        continue
    pick = [(j * (f - 1) * 2 + (k - 1)) // (2 * (k - 1)) for j in range(k)] if k < f else range(f)
    assert len(imgs) == len(pick)
    for img, j in zip(imgs, pick):
        assert img == open(os.path.join(d, "data", r["frames"][j]), "rb").read(), (rid, j)
PY
}
"$GEN" requests "$D" --model m -o "$WORK/req.jsonl" && ok || fail "gen requests"
out=$(check_requests "$WORK/req.jsonl" 6 0 2>&1) && ok || fail "requests: $out"
"$GEN" requests "$D" --model m --frames 3 -o "$WORK/req3.jsonl" && ok || fail "gen requests --frames 3"
out=$(check_requests "$WORK/req3.jsonl" 3 0 2>&1) && ok || fail "requests --frames 3: $out"
"$GEN" requests "$D" --model m --frames 4 --tile -o "$WORK/req4t.jsonl" && ok || fail "gen requests --tile"
out=$(check_requests "$WORK/req4t.jsonl" 4 1 2>&1) && ok || fail "requests --frames 4 --tile: $out"
# the sheet itself: frame k's pixels in its cell, under its label (Pillow, when installed)
if "$PY" -c 'import PIL' 2>/dev/null; then
    "$PY" - "$D" "$WORK/req4t.jsonl" "$WORK/sheet.png" <<'PY' && ok || fail "the contact sheet's cells are not the frames"
import base64, io, json, os, sys
from PIL import Image
d = sys.argv[1]
q = json.loads(open(sys.argv[2]).readline())
png = base64.b64decode(q["body"]["messages"][0]["content"][1]["image_url"]["url"].split(",", 1)[1])
open(sys.argv[3], "wb").write(png)
sheet = Image.open(io.BytesIO(png)).convert("RGB")
n = q["custom_id"].split("/")[1].split("_")[0]
for cell, frame in enumerate([1, 3, 4, 6]):   # K = 4 of F = 6
    x, y = 6 + (cell % 2) * 506, 6 + (cell // 2) * 326 + 20
    want = Image.open(os.path.join(d, "data", "%s_%d.png" % (n, frame))).convert("RGB")
    assert sheet.crop((x, y, x + 500, y + 300)).tobytes() == want.tobytes(), frame
    label = sheet.crop((x, y - 20, x + 500, y))
    assert min(sum(p) for p in label.getdata()) < 300, "no label text"
PY
fi
"$GEN" requests "$D" --model m --frames 7 -o "$WORK/out" 2>"$WORK/err"
[ $? -eq 2 ] && ok || fail "--frames 7 of 6: not a usage error"
grep -q 'the sample has 6 frames' "$WORK/err" && ok || fail "--frames 7: message $(cat "$WORK/err")"
[ ! -e "$WORK/out" ] && ok || fail "--frames 7 wrote output"
# a record's frames are names of its own sample, in order, never paths
cp -r "$D" "$WORK/bad"
"$PY" - "$WORK/bad/data.json" <<'PY'
import json, sys
recs = json.load(open(sys.argv[1]))
recs[0]["frames"][1] = "../../../etc/passwd"
json.dump(recs, open(sys.argv[1], "w"))
PY
expect 4 "frame 2 is not '1_2.png'" requests "$WORK/bad" --model m -o "$WORK/out"
# a record's scoring fields are checked before any scoring: more steps than 16, a letter past E
cp -r "$D" "$WORK/bad2"
"$PY" - "$WORK/bad2/data.json" <<'PY'
import json, sys
recs = json.load(open(sys.argv[1]))
recs[0]["steps"] = recs[0]["steps"] * 17
recs[1]["answer"] = "F"
json.dump(recs, open(sys.argv[1], "w"))
PY
expect 4 "record '1_1.png': field 'steps' is of another type or length" score "$WORK/bad2" "$WORK/gold.json" -o "$WORK/out"
"$PY" - "$WORK/bad2/data.json" <<'PY'
import json, sys
recs = json.load(open(sys.argv[1]))
recs[0]["steps"] = recs[0]["steps"][:1]
json.dump(recs, open(sys.argv[1], "w"))
PY
expect 4 "record '2_1.png': field 'answer' is not one letter A-E" gold "$WORK/bad2" -o "$WORK/out"
"$GEN" counting_circles --num_images 1 --num_sizes 1 --seed 1 --out "$WORK/cc" --quiet
expect 2 "frames is for video tasks.*one image a sample" requests "$WORK/cc" --model m --frames 2 -o "$WORK/out"
expect 2 "tile is for video tasks" requests "$WORK/cc" --model m --tile -o "$WORK/out"
expect 2 "bad --frames '1'" requests "$D" --model m --frames 1 -o "$WORK/out"
expect 2 "bad --frames '65'" requests "$D" --model m --frames 65 -o "$WORK/out"

# 5. docs/evaluation.md: its commands print its first-wrong-step table.
if [ "${GEN_DOCS_EXAMPLE:-1}" = 1 ]; then
    G=$(cd "$(dirname "$GEN")" && pwd)/$(basename "$GEN")
    mkdir -p "$WORK/doc" && cd "$WORK/doc" || exit 1
    awk '/<!-- eval_comp.sh: commands -->/ {on = 1; next} on && /^    / {print substr($0, 5); next} on {exit}' \
        "$SRC/docs/evaluation.md" | sed "s# docs/# $SRC/docs/#g; s#^gen #\"$G\" #" >commands.sh
    [ "$(grep -c . commands.sh)" -ge 4 ] && ok || fail "docs/evaluation.md: no commands found"
    bash commands.sh >printed.txt 2>&1 && ok || fail "the documented commands fail: $(tail -3 printed.txt)"
    awk '/<!-- eval_comp.sh: table -->/ {on = 1; next} on && /^    / {print substr($0, 5); next} on {exit}' \
        "$SRC/docs/evaluation.md" >documented.txt
    [ -s documented.txt ] && ok || fail "docs/evaluation.md: no table found"
    diff <(grep -xFf documented.txt printed.txt) documented.txt >/dev/null && ok ||
        fail "docs/evaluation.md's table is not what gen prints: $(diff documented.txt printed.txt)"
fi
finish eval_comp
