#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# hostile_eval: the evaluation commands (gold, score, requests, report) and
# recipe, overlap and the generator's own limits on input made by someone who
# wants them to misbehave.  One section per item of issue 23, each with the
# issue's repro: a clear refusal with its documented exit code (or the correct
# behaviour), no crash, no hang, bounded memory, nothing read outside the
# directory, no input overwritten and no temporary file left.
set -u
GEN=$(realpath "$1")
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hostile_lib.sh" # also makes $WORK and enters it

# a FIFO must never block: 60 s is far beyond any of these commands
RUN_TIMEOUT=60
no_secret() { # FILE WHAT
    if [ -e "$1" ] && grep -q TOPSECRET "$1"; then fail "$2: the secret got out"; else ok; fi
}
no_tmp() { # DIR WHAT
    if ls -A "$1" | grep -q '\.tmp-\|^\.gen-'; then fail "$2: left $(ls -A "$1" | grep '\.tmp-\|^\.gen-' | head -1)"; else ok; fi
}
same() { # FILE HASH WHAT
    if [ "$(sha256sum <"$1" | cut -c1-64)" = "$2" ]; then ok; else fail "$3: $1 was changed"; fi
}

"$GEN" counting_circles --num_images 1 --num_sizes 1 --seed 1 --out d --quiet || fail "making d"
echo TOPSECRET >secret
"$GEN" gold d -o g.json || fail "gold of d"
echo '[{"id": "1.png", "gpt_response": "no idea"}]' >wrong.json

# ---- 1. links inside DIR are never followed (data.json, prompts/*, data/*.png, data/)
cp -r d d1
ln -sf "$PWD/secret" d1/prompts/rules.txt
run requests d1 --model m -o r1.jsonl
expect 4 "symbolic link" "1: requests with a linked prompt"
no_secret r1.jsonl "1: requests with a linked prompt"
cp -r d d1b
rm d1b/data/1.png && ln -s "$PWD/secret" d1b/data/1.png
run requests d1b --model m -o r1b.jsonl
expect 4 "symbolic link" "1: requests with a linked image"
no_secret r1b.jsonl "1: requests with a linked image"
cp -r d d1c
mv d1c/data d1c/real && ln -s real d1c/data
run requests d1c --model m -o r1c.jsonl
expect 4 "symbolic link" "1: requests with a linked data/"
run report d1c wrong.json -o p1c.html --embed
expect 4 "symbolic link" "1: report --embed with a linked data/"
cp -r d d1d
mv d1d/data.json d1d/real.json && ln -s real.json d1d/data.json
for cmd in gold "score d1d g.json -o e1d.json" "report d1d wrong.json -o p1d.html" "requests d1d --model m -o r1d.jsonl"; do
    # shellcheck disable=SC2086
    set -- $cmd
    [ "$1" = gold ] && set -- gold d1d -o g1d.json
    run "$@"
    expect 4 "symbolic link" "1: $1 with a linked data.json"
done

# ---- 2. ids are names, never paths
mkdir -p x/d2 && cp -r d x/d2/d && cd x/d2 || exit 1
sed -i 's/"1.png"/"..\/..\/secret"/' d/data.json
echo '[{"id": "../../secret", "gpt_response": "COUNT: 7"}]' >a2.json
run report d a2.json -o p2.html --embed
expect 4 "not a plain file name" "2: report --embed, id ../../secret"
no_secret p2.html "2: report --embed"
run report d a2.json -o p2b.html
expect 4 "not a plain file name" "2: report, id ../../secret"
if [ -e p2b.html ] && grep -q 'etc/passwd\|\.\./\.\./secret' p2b.html; then fail "2: the page links outside"; else ok; fi
cd "$WORK" || exit 1

# ---- 3. a pair task's id shorter than "second": no over-read
"$GEN" mirror_image --num_images 1 --num_sizes 1 --seed 1 --out m --quiet || fail "making m"
/usr/bin/env python3 - m/data.json <<'PY'
import json, sys
p = sys.argv[1]
r = json.load(open(p))
r[0]["id"] = "x"
json.dump(r, open(p, "w"))
PY
echo '[{"id": "x", "gpt_response": "?"}]' >a3.json
run report m a3.json -o p3.html
if grep -q "Sanitizer" <<<"$out" || { [ "$rc" -ne 0 ] && [ "$rc" -ne 4 ]; }; then
    fail "3: report of a pair task with id 'x': exit $rc ($(head -c 300 <<<"$out"))"
else
    ok
fi

# ---- 4. FIFOs: refused, never waited on
cp -r d d4 && rm d4/data.json && mkfifo d4/data.json
run gold d4 -o g4.json
expect 4 "not a regular file" "4: gold with a FIFO data.json"
cp -r d d4b && rm d4b/prompts/rules.txt && mkfifo d4b/prompts/rules.txt
run requests d4b --model m -o r4b.jsonl
expect 4 "not a regular file" "4: requests with a FIFO prompt"
mkfifo a4.fifo
run score d a4.fifo -o e4.json
expect 4 "not a regular file" "4: score with a FIFO answers file"
run report d a4.fifo -o p4.html
expect 4 "not a regular file" "4: report with a FIFO answers file"

# ---- 5. unbounded reads: devices and huge files refused unread
run score d /dev/zero -o e5.json
expect 4 "not a regular file" "5: score with /dev/zero as answers"
cp -r d d5 && rm d5/prompts/input_prompt.txt && ln -s /dev/zero d5/prompts/input_prompt.txt
run requests d5 --model m -o r5.jsonl
expect 4 "symbolic link" "5: requests with a prompt linked to /dev/zero"
cp -r d d5b && truncate -s 3G d5b/data/1.png
run requests d5b --model m -o r5b.jsonl
expect 4 "more than the .* allowed" "5: requests with a 3 GB sparse image"
cp -r d d5c && truncate -s 1G d5c/prompts/rules.txt
run requests d5c --model m -o r5c.jsonl
expect 4 "more than the .* allowed" "5: requests with a 1 GB prompt"

# ---- 6. an answers file's memory is bounded by what is scored
/usr/bin/env python3 -c "import sys; sys.stdout.write('[' + '0,' * 50000000 + '0]')" >a6.json
run score d a6.json -o e6.json
expect 6 "JSON values for 1 records, more than the .* allowed" "6: score a 100 MB [0,0,...] file"

# ---- 7. report --embed has a bound on what it embeds
"$GEN" counting_circles --num_images 5 --num_sizes 1..4 --seed 1 --out d7 --quiet || fail "making d7"
for f in d7/data/*.png; do truncate -s 60M "$f"; done
/usr/bin/env python3 - d7/data.json a7.json <<'PY'
import json, sys
recs = json.load(open(sys.argv[1]))
json.dump([{"id": r["id"], "gpt_response": "no idea"} for r in recs], open(sys.argv[2], "w"))
PY
run report d7 a7.json -o p7.html --embed
expect 4 "more than 256 MiB" "7: report --embed of 20 images of 60 MiB"
[ ! -e p7.html ] && ok || fail "7: a page was written"

# ---- 8. recipe --out follows the commit rules of a run
cat >rc.json <<'EOF'
{"seed": 1, "tasks": {"counting_circles": {"levels": "1", "count": 1}}}
EOF
mkdir r6 && echo '{"mine":1}' >r6/gen.json
h=$(sha256sum <r6/gen.json | cut -c1-64)
run recipe rc.json --out r6 --quiet
expect 5 "not a recipe's gen.json" "8: recipe into a directory with the user's gen.json"
same r6/gen.json "$h" "8: the user's gen.json"
[ ! -e r6/counting_circles ] && ok || fail "8: samples were made before the refusal"
cp -r d r8
h=$(sha256sum <r8/gen.json | cut -c1-64)
run recipe rc.json --out r8 --quiet
expect 5 "is a task directory" "8: recipe into a task directory"
same r8/gen.json "$h" "8: the task directory's gen.json"
run recipe rc.json --out r9 --quiet
expect 0 "" "8: recipe into a new directory"
run recipe rc.json --out r9 --quiet
expect 0 "" "8: recipe again into its own directory"
"$GEN" check r9/counting_circles >/dev/null 2>&1 && ok || fail "8: the recipe's task directory fails check"

# ---- 9. a recipe with many keys is read in O(n log n) (a CPU-time guard, not a benchmark)
/usr/bin/env python3 - >r9keys.json <<'PY'
print('{"seed":1,"tasks":{"counting_circles":{"levels":"1","count":1},' +
      ",".join('"k%x":1' % i for i in range(90000)) + "}}")
PY
out=$( (ulimit -t 20; "$GEN" recipe r9keys.json --out r9k --dry-run) 2>&1)
rc=$?
expect 2 "unknown task" "9: a recipe with 90,000 keys"

# ---- 10. \u0000 in an answers file is refused, not truncated
printf '[{"id": "1.png", "gpt_response": "COUNT: 9\\u0000\\nCOUNT: 1"}]' >a10.json
run score d a10.json -o e10.json
expect 6 "u0000|NUL" "10: \\u0000 in a response"
printf '{"id": "1.png\\u0000../x", "response": "COUNT: 1"}\n' >a10b.jsonl
run score d a10b.jsonl -o e10b.json
expect 6 "u0000|NUL" "10: \\u0000 in an id"

# ---- 11. numbers beyond an int: no undefined conversion (the sanitizer build checks float-cast-overflow)
printf '{"custom_id": "counting_circles/1.png", "response": {"status_code": 1e999, "body": {}}}\n' >a11.jsonl
run score d a11.jsonl -o e11.json --quiet
expect 0 "" "11: a status code of 1e999"
printf '{"seed": 1, "tasks": {"counting_circles": {"levels": "1", "count": 1e308}}}' >r11.json
run recipe r11.json --out r11 --dry-run
expect 2 "count" "11: a recipe count of 1e308"

# ---- 12. a killed requests leaves no temporary file
"$GEN" counting_circles --num_images 100 --num_sizes 1..20 --seed 1 --out d12 --quiet || fail "making d12"
mkdir o12
"$GEN" requests d12 --model m -o o12/r.jsonl &
pid=$!
for _ in $(seq 500); do
    ls -l /proc/$pid/fd 2>/dev/null | grep -q "o12" && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.01
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
[ -z "$(ls -A o12 | grep -v '^r.jsonl$')" ] && ok || fail "12: a killed requests left $(ls -A o12)"

# ---- 13. gen never writes an image its readers refuse
hit=0
for try in "sort_circles --num_sizes 20 --scale 4" "maze_solving --num_sizes 96 --scale 4"; do
    # shellcheck disable=SC2086
    run $try --num_images 1 --seed 1 --out o13 --quiet
    if [ "$rc" -eq 0 ]; then
        "$GEN" check o13 >/dev/null 2>&1 && ok || fail "13: gen $try wrote what gen check refuses"
    elif [ "$rc" -eq 3 ]; then
        ok
        grep -q "more than gen reads back" <<<"$out" && hit=1
        [ ! -e o13/data.json ] && ok || fail "13: gen $try left data.json"
    else
        fail "13: gen $try: exit $rc ($(head -c 200 <<<"$out"))"
    fi
    rm -rf o13
done
[ $hit -eq 1 ] && ok || fail "13: no run met the image cap"

# ---- 14. overlap never follows a linked task directory in a tree
mkdir -p t14a t14b && cp -r d t14a/counting_circles && ln -s "$PWD/d" t14b/counting_circles
run overlap t14a t14b
expect 4 "symbolic link" "14: overlap with a linked task directory"

# ---- 15. ids longer than a file name are refused, never truncated
cp -r d d15
long=$(head -c 5000 /dev/zero | tr '\0' a).png
sed -i "s/\"1.png\"/\"$long\"/" d15/data.json
run gold d15 -o g15.json
expect 4 "not a plain file name" "15: gold with a 5,000-byte id"

# ---- 16. C1 control characters show as U+FFFD in the page
printf '[{"id": "1.png", "gpt_response": "x\\u0085y\\u009bz"}]' >a16.json
run report d a16.json -o p16.html
expect 0 "" "16: report of a response with C1 controls"
if grep -q $'\xc2\x85\|\xc2\x9b' p16.html; then fail "16: C1 controls reached the page"; else ok; fi

# ---- 17. a metadata.jsonl gen did not write is one of the layout's names: refused without --force
mkdir d17 && echo '{"mine": 1}' >d17/metadata.jsonl
h=$(sha256sum <d17/metadata.jsonl | cut -c1-64)
run counting_circles --num_images 1 --num_sizes 1 --seed 1 --out d17 --quiet
expect 5 "metadata.jsonl" "17: a run into a directory with the user's metadata.jsonl"
same d17/metadata.jsonl "$h" "17: the user's metadata.jsonl"
grep -q "metadata.jsonl and gen.json" "$(dirname "$0")/../docs/cli.md" 2>/dev/null && ok ||
    fail "17: docs/cli.md does not list metadata.jsonl among the names gen owns"

# ---- 18. an output is never one of the inputs
cp g.json a18.json
h=$(sha256sum <a18.json | cut -c1-64)
run score d a18.json -o a18.json
expect 2 "answers file being read" "18: score -o ANSWERS"
same a18.json "$h" "18: score -o ANSWERS"
run score d a18.json --annotated a18.json
expect 2 "answers file being read" "18: score --annotated ANSWERS"
run report d a18.json -o a18.json
expect 2 "answers file being read" "18: report -o ANSWERS"
same a18.json "$h" "18: report -o ANSWERS"
h=$(sha256sum <d/data.json | cut -c1-64)
run gold d -o d/data.json
expect 2 "data.json of" "18: gold -o DIR/data.json"
same d/data.json "$h" "18: gold -o DIR/data.json"
run requests d --model m -o d/data.json
expect 2 "data.json of" "18: requests -o DIR/data.json"
same d/data.json "$h" "18: requests -o DIR/data.json"
no_tmp d "18"

# ---- issue 28 (items 6-10): what --annotated writes, long responses, outputs
# inside what is read, prompts that are not text, another task's answers.
small28() { "$GEN" "$1" --num_images 1 --num_sizes "$2" --seed 1 --out "$3" --quiet || fail "making $3"; }
small28 sort_lines 2 sl
small28 maze_solving 3 mz
small28 numbered_shapes 2 ns
small28 locate_circles_colour 2 lc
small28 colours_present 2 cp

# ---- 19. --annotated: the release's ERROR text, Python's repr cut on characters,
# valid UTF-8; an int past 2^53 written with all its digits.  Python is the oracle.
for resp in "x$(printf 'é%.0s' $(seq 40))" "x$(printf 'é%.0s' $(seq 300))" $'1 \'a"\t\u200b' "100000000000000000000 1"; do
    /usr/bin/env python3 -c 'import json, sys; json.dump([{"id": "1.png", "gpt_response": sys.argv[1]}], open("a19.json", "w"))' "$resp"
    run score sl a19.json -o e19.json --annotated n19.json --quiet
    expect 0 "" "19: score --annotated of '${resp:0:20}...'"
    /usr/bin/env python3 - n19.json "$resp" <<'PY' && ok || fail "19: --annotated of '${resp:0:20}...'"
import json, sys
rec = json.load(open(sys.argv[1], encoding="utf-8"))[0]  # raises on invalid UTF-8
text = sys.argv[2]
try:
    want_out, want_err = [int(x.strip()) for x in text.strip().split("\n")[-1].split(" ")], None
except ValueError as e:
    want_out, want_err = None, str(e)
if rec["ERROR"] != want_err or json.dumps(rec["Output"]) != json.dumps(want_out):  # 1e+20 is not 10**20
    sys.exit("gen: %r %r, Python: %r %r" % (rec["Output"], rec["ERROR"], want_out, want_err))
PY
done

# a failed request's message, cut to 200 bytes between characters
/usr/bin/env python3 -c 'import json; print(json.dumps({"custom_id": "counting_circles/1.png", "response": None,
    "error": {"message": "x" + "\u00e9" * 300}}))' >a19b.jsonl
run score d a19b.jsonl --annotated n19b.json --quiet
expect 0 "" "19: score --annotated of a failed request"
/usr/bin/env python3 -c 'import json, sys; e = json.load(open("n19b.json", encoding="utf-8"))[0]["ERROR"]
sys.exit(e != "request failed: x" + "\u00e9" * 99)' && ok || fail "19: a failed request's message in --annotated"

# ---- 20. 100 MiB responses: bounded memory, the record refused with its reason
for t in "mz:," "ns:1 " "lc:(1,1) " "sl:1 " "cp:yes "; do
    dir=${t%%:*}
    /usr/bin/env python3 -c '
import sys
unit = sys.argv[1]
with open("a20.json", "w") as f:
    f.write("[{\"id\": \"1.png\", \"gpt_response\": \"" + unit * ((100 << 20) // len(unit)) + "\"}]")' "${t#*:}"
    if [ "$dir" = mz ]; then # once with the annotated file, which holds the response too
        run score "$dir" a20.json --annotated n20.json --quiet
        expect 0 "" "20: score $dir with a 100 MiB response"
        grep -q "over gen's limit of 1048576 (1 MiB)" n20.json && ok || fail "20: the long response's ERROR is not said"
    else
        run score "$dir" a20.json
        expect 0 " 1 +0 +1 +0\.0" "20: score $dir with a 100 MiB response"
    fi
    rm -f a20.json n20.json
done

# ---- 21. no output inside a directory being read, none through a link
ds=$(listing d)
run requests d --model m -o d/prompts/rules.txt
expect 2 "inside 'd', a directory being read" "21: requests -o DIR/prompts/rules.txt"
run requests d --model m -o d/data/5.png
expect 2 "inside 'd'" "21: requests -o DIR/data/5.png"
run report d wrong.json --embed -o d/data/1.png
expect 2 "inside 'd'" "21: report --embed -o DIR/data/1.png"
run score d g.json --plot d/data/1.png
expect 2 "inside 'd'" "21: score --plot DIR/data/1.png"
run gold d -o d/prompts/input_prompt.txt
expect 2 "inside 'd'" "21: gold -o DIR/prompts/input_prompt.txt"
run score d g.json --annotated "$PWD/d/../d/x.json"
expect 2 "inside" "21: score --annotated DIR/../DIR/x.json"
[ "$(listing d)" = "$ds" ] && [ ! -e d/data/5.png ] && [ ! -e d/x.json ] && ok || fail "21: d was changed"
"$GEN" check d >/dev/null 2>&1 && ok || fail "21: gen check d fails"
cp -r d p21 && mkdir -p p21r/counting_circles && cp -r d/prompts p21r/counting_circles/
run requests d --model m --prompts p21r -o p21r/counting_circles/prompts/rules.txt
expect 2 "inside 'p21r'" "21: requests --prompts ROOT -o ROOT/.../rules.txt"
echo mine >t21.json && ln -s t21.json l21.json
for cmd in "gold d -o l21.json" "score d g.json -o l21.json" "report d wrong.json -o l21.json" \
    "requests d --model m -o l21.json"; do
    # shellcheck disable=SC2086
    run $cmd
    expect 2 "symbolic link" "21: $cmd"
done
[ "$(cat t21.json)" = mine ] && ok || fail "21: written through a link"

# ---- 22. requests --prompts: a prompt with invalid UTF-8 or a NUL is refused, named
mkdir -p p22/counting_circles && cp -r d/prompts p22/counting_circles/
printf 'Count them.\xff\n' >p22/counting_circles/prompts/rules.txt
run requests d --model m --prompts p22 -o r22.jsonl
expect 4 "counting_circles/prompts/rules.txt': invalid UTF-8" "22: rules.txt with invalid UTF-8"
cp d/prompts/rules.txt p22/counting_circles/prompts/rules.txt
printf 'Look.\0Then answer.\n' >p22/counting_circles/prompts/input_prompt.txt
run requests d --model m --prompts p22 -o r22.jsonl
expect 4 "input_prompt.txt': a NUL byte" "22: input_prompt.txt with a NUL"
[ ! -e r22.jsonl ] && ok || fail "22: requests wrote r22.jsonl"

# ---- 23. another task's answers are refused; id and response alone are scored
"$GEN" gold mz -o g23.json || fail "23: gold of mz"
run score d g23.json -o e23.json
expect 6 "field '(path|Rows|Columns)' of maze_solving.*another task" "23: score counting_circles with maze answers"
echo '[{"id": "1.png", "gpt_response": "S,E"}]' >a23.json
run score d a23.json -o e23.json --quiet
expect 0 "" "23: a file of id and gpt_response only"
no_tmp "$WORK" "all"

finish hostile_eval
