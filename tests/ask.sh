#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ask: gen ask against tests/ask_server.py, an OpenAI-compatible server on
# 127.0.0.1 that answers from gen gold for two thirds of the ids and "zzz" for
# the others, and injects a 429 with Retry-After, 500s, a 200 that is not JSON,
# a 200 that is not a chat completion, a response slower than --timeout, and a
# body that echoes the key.  Checked:
#  - a tree of image, pair and video tasks completes at --concurrency 4, every
#    fault retried (the 429 no sooner than its Retry-After), each id answered by
#    the server exactly once, never more than 4 requests in flight;
#  - gen score then gives exactly the accuracy the server meant, whatever the
#    order of the lines;
#  - a requests file gives the same requests; --concurrency 2 keeps to 2;
#  - Ctrl-C (SIGINT) exits 130 with whole lines only, a second gen ask on the
#    file in use exits 75, and the same command again completes the file, each
#    id once; a cut last line and failed requests are asked again;
#  - a wrong key, no key, a dead server, an unknown model and a redirect stop at
#    once with exit 8 and a message naming cause and fix; a body over the bound
#    and a 400 fail for good (exit 7), and gen score counts them as no answer;
#  - answers to other requests under the same ids are refused (exit 6);
#  - the key is in no output: stdout, stderr, the results file, EVAL.json;
#  - on a terminal a progress line, and nothing with --quiet.
set -u
GEN=$1
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
scratch
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY all_proxy no_proxy NO_PROXY
unset OPENAI_API_KEY
KEY="sk-test-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
WRONG="sk-wrong-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
T=$WORK/tree
"$GEN" all --tasks circle_right_triangle,change_colour,comp_sequential --num_images 2 --frames 4 --seed 5 \
    --out "$T" --quiet || { echo "ask: gen all failed"; exit 1; }
"$GEN" requests "$T" --model test-model -o "$WORK/req.jsonl" && ok || fail "gen requests"
"$GEN" gold "$T" -o "$WORK/gold.json" && ok || fail "gen gold"
N=$(wc -l <"$WORK/req.jsonl")
[ "$N" -eq 88 ] && ok || fail "the tree has $N requests, not 88"

SRV_PIDS=()
cleanup() {
    for p in "${SRV_PIDS[@]}"; do kill "$p" 2>/dev/null; done
    rm -rf "$WORK"
}
trap cleanup EXIT
# serve NAME ARGS...: starts a server; PORT is its port, SRV its pid.
serve() {
    local name=$1
    shift
    rm -f "$WORK/$name.port"
    "$PY" "$HERE/ask_server.py" --port-file "$WORK/$name.port" --requests "$WORK/req.jsonl" \
        --gold "$WORK/gold.json" --lifetime 300 "$@" &
    SRV=$!
    SRV_PIDS+=("$SRV")
    for _ in $(seq 600); do [ -s "$WORK/$name.port" ] && break; sleep 0.1; done
    PORT=$(cat "$WORK/$name.port" 2>/dev/null)
    [ -n "$PORT" ] || { echo "ask: the test server did not start"; exit 1; }
}
stats() { "$PY" -c 'import ssl, sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1], context=ssl._create_unverified_context()).read().decode())' \
    "${SCHEME:-http}://127.0.0.1:$PORT/stats" >"$1"; }
# no_key FILE...: the key (and the wrong one) is in none of the files
no_key() {
    local f
    for f in "$@"; do
        if grep -qF -e "$KEY" -e "$WRONG" "$f"; then fail "the key is in $(basename "$f")"; else ok; fi
    done
}

# 0. "zzz" is wrong for every record of the tree: the server's wrong answers are wrong.
"$PY" - "$WORK/gold.json" >"$WORK/zzz.json" <<'PY'
import json, sys
print(json.dumps([{"id": r["id"], "gpt_response": "zzz"} for r in json.load(open(sys.argv[1]))]))
PY
"$GEN" score "$T" "$WORK/zzz.json" -o "$WORK/eval-zzz.json" --quiet && ok || fail "gen score zzz"
grep -qE '"Mean Accuracy": 0(\.0)?,' "$WORK/eval-zzz.json" && ok || fail "zzz is right somewhere: $(head -3 "$WORK/eval-zzz.json")"

# check_results FILE COUNT: every line whole and parsed, COUNT lines, each id once, each an answer.
check_results() {
    "$PY" - "$1" "$2" "$WORK/req.jsonl" <<'PY'
import json, sys
path, count, reqs = sys.argv[1], int(sys.argv[2]), sys.argv[3]
data = open(path, "rb").read()
assert data.endswith(b"\n"), "the file does not end with a newline"
ids = []
for n, line in enumerate(data.decode().split("\n")[:-1], 1):
    o = json.loads(line)
    assert o["response"]["status_code"] == 200 and o["error"] is None, (n, line[:300])
    assert len(o["request_sha256"]) == 64, n
    ids.append(o["custom_id"])
assert len(ids) == count, "%d lines, not %d" % (len(ids), count)
assert len(set(ids)) == len(ids), "an id is answered twice"
want = {json.loads(l)["custom_id"] for l in open(reqs)}
assert set(ids) <= want, "ids the requests do not have"
PY
}
# check_score EVAL PLAN: EVAL.json's accuracies are the ones the server meant.
check_score() {
    "$PY" - "$1" "$2" <<'PY'
import json, sys
e, plan = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))["right"]
tasks = {}
for cid, right in plan.items():
    t = tasks.setdefault(cid.split("/")[0], [0, 0])
    t[0] += right
    t[1] += 1
pct = lambda r, n: round(10000 * r / n) / 100
for name, (r, n) in tasks.items():
    got = e["Tasks"][name]["Overall Accuracy"]
    assert got == pct(r, n), (name, got, r, n)
mean = round(100 * sum(pct(r, n) for r, n in tasks.values()) / len(tasks)) / 100
assert e["Mean Accuracy"] == mean, (e["Mean Accuracy"], mean)
assert sum(plan.values()) not in (0, len(plan)), "the plan is all right or all wrong"
PY
}

# 1. The tree at --concurrency 4, every fault injected once (the 500x2 twice).
serve main --key "$KEY" --model test-model --faults --delay 0.05 --slow 4 --plan "$WORK/plan.json"
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r1.jsonl" \
    --timeout 2 --concurrency 4 >"$WORK/out1" 2>"$WORK/err1"
rc=$?
[ $rc -eq 0 ] && ok || fail "gen ask exited $rc: $(cat "$WORK/err1")"
out=$(check_results "$WORK/r1.jsonl" "$N" 2>&1) && ok || fail "results: $out"
stats "$WORK/stats1.json"
"$PY" - "$WORK/stats1.json" "$WORK/plan.json" "$N" <<'PY' && ok || fail "server's view of the run: $(head -c 600 "$WORK/stats1.json")"
import json, sys
s, plan, n = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
faults = plan["faults"]
assert sorted(set(faults.values())) == sorted(["429", "500", "500x2", "notjson", "nochoices", "slow", "echo"]), faults
assert {t.split("/")[0] for t in faults} == {"circle_right_triangle", "change_colour", "comp_sequential"}, faults
assert len(s["ok"]) == n and all(v == 1 for v in s["ok"].values()), "not every id answered exactly once"
for cid, kind in faults.items():
    want = {"500x2": 3, "echo": 1}.get(kind, 2)
    assert s["attempts"][cid] == want, (cid, kind, s["attempts"][cid])
    if kind == "429":
        t = s["times"][cid]
        assert t[1] - t[0] >= 0.95, ("the 429's Retry-After: 1 was not honoured", t)
assert s["most_in_flight"] == 4, ("in flight at most", s["most_in_flight"])
PY
grep -q "88 answered now, 0 before, 0 failed, 0 not asked; 7 retries; tokens: 8800 prompt, 616 completion" \
    "$WORK/err1" && ok || fail "the summary: $(cat "$WORK/err1")"
[ ! -s "$WORK/out1" ] && ok || fail "gen ask printed on stdout: $(cat "$WORK/out1")"
grep -q $'\r' "$WORK/err1" && fail "a progress line though stderr is no terminal" || ok
grep -q '"echo": "Bearer \[API key\]"' "$WORK/r1.jsonl" && ok || fail "the echoed key is not scrubbed in the file"
"$GEN" score "$T" "$WORK/r1.jsonl" -o "$WORK/eval1.json" >"$WORK/score1" && ok || fail "gen score r1"
out=$(check_score "$WORK/eval1.json" "$WORK/plan.json" 2>&1) && ok || fail "score: $out"
# the order of the lines is the order answers came: gen score does not care
shuf "$WORK/r1.jsonl" >"$WORK/r1-shuffled.jsonl"
"$GEN" score "$T" "$WORK/r1-shuffled.jsonl" -o "$WORK/eval1s.json" --quiet && cmp -s "$WORK/eval1.json" "$WORK/eval1s.json" &&
    ok || fail "shuffled lines score differently"
no_key "$WORK/out1" "$WORK/err1" "$WORK/r1.jsonl" "$WORK/eval1.json" "$WORK/score1"

# 2. Answers to other requests under the same ids: refused before anything is sent.
stats "$WORK/before.json"
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r1.jsonl" \
    --max_tokens 5 2>"$WORK/err2"
rc=$?
[ $rc -eq 6 ] && ok || fail "answers to other requests: exit $rc, not 6"
grep -q "is to another request: the data, prompt, model or options differ (88 answers so)" "$WORK/err2" && ok ||
    fail "message: $(cat "$WORK/err2")"
stats "$WORK/after.json"
"$PY" -c 'import json,sys; a,b=(json.load(open(f)) for f in sys.argv[1:]); assert a["posts"]==b["posts"]' \
    "$WORK/before.json" "$WORK/after.json" && ok || fail "requests were sent before the refusal"
# the same command again: everything answered, nothing sent
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r1.jsonl" \
    2>"$WORK/err2b" && ok || fail "a complete file again: $(cat "$WORK/err2b")"
grep -q "0 answered now, 88 before, 0 failed" "$WORK/err2b" && ok || fail "complete again: $(cat "$WORK/err2b")"

# 3. The same requests from a requests file: the same bodies (their hashes) and the same score.
OPENAI_API_KEY=$KEY "$GEN" ask "$WORK/req.jsonl" --endpoint "http://127.0.0.1:$PORT/v1" -o "$WORK/r3.jsonl" \
    --quiet 2>"$WORK/err3" && ok || fail "gen ask requests.jsonl: $(cat "$WORK/err3")"
[ ! -s "$WORK/err3" ] && ok || fail "--quiet printed: $(cat "$WORK/err3")"
hashes() { "$PY" -c 'import json,sys; print("\n".join(sorted(json.loads(l)["custom_id"]+" "+json.loads(l)["request_sha256"] for l in open(sys.argv[1]))))' "$1"; }
[ "$(hashes "$WORK/r1.jsonl")" = "$(hashes "$WORK/r3.jsonl")" ] && ok || fail "a requests file sends other bodies"
"$GEN" score "$T" "$WORK/r3.jsonl" -o "$WORK/eval3.json" --quiet && cmp -s "$WORK/eval1.json" "$WORK/eval3.json" && ok ||
    fail "a requests file scores otherwise"
kill "$SRV"; wait "$SRV" 2>/dev/null

# 4. Failed for good with --retries 0: every fault is a failed line, gen score
# counts them as no answer, and the same command with retries completes the file.
serve noretry --key "$KEY" --model test-model --faults --slow 4 --plan "$WORK/plan4.json"
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r4.jsonl" \
    --timeout 2 --retries 0 2>"$WORK/err4"
rc=$?
[ $rc -eq 7 ] && ok || fail "--retries 0 with faults: exit $rc, not 7: $(cat "$WORK/err4")"
"$PY" - "$WORK/r4.jsonl" <<'PY' && ok || fail "failed lines: $(grep -v '"error": null' "$WORK/r4.jsonl" | head -c 800)"
import json, sys
codes = sorted(json.loads(l)["error"]["code"] for l in open(sys.argv[1]) if json.loads(l)["error"])
assert codes == ["http_429", "http_5xx", "http_5xx", "not_completion", "not_json", "timeout"], codes
PY
grep -q "6 failed" "$WORK/err4" && grep -q "gen score counts them as no answer, and the same command again asks them" \
    "$WORK/err4" && ok || fail "the failure summary: $(cat "$WORK/err4")"
"$GEN" score "$T" "$WORK/r4.jsonl" --annotated "$WORK/ann4.json" --quiet && ok || fail "gen score of failed lines"
# refused (answers to other requests): the file stays as it was, failed lines and all
cp "$WORK/r4.jsonl" "$WORK/r4.orig"
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r4.jsonl" \
    --max_tokens 5 2>/dev/null
rc=$?
[ $rc -eq 6 ] && cmp -s "$WORK/r4.jsonl" "$WORK/r4.orig" && ok || fail "a refused resume: exit $rc, or the file changed"
[ "$(grep -c '"ERROR": "request failed' "$WORK/ann4.json")" -eq 6 ] && ok ||
    fail "failed requests are not 'request failed' in gen score: $(grep -c 'request failed' "$WORK/ann4.json")"
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r4.jsonl" \
    --timeout 2 2>"$WORK/err4b" && ok || fail "the rerun: $(cat "$WORK/err4b")"
grep -q "asking again 6 failed requests" "$WORK/err4b" && grep -q "6 answered now, 82 before, 0 failed" "$WORK/err4b" &&
    ok || fail "the rerun's messages: $(cat "$WORK/err4b")"
out=$(check_results "$WORK/r4.jsonl" "$N" 2>&1) && ok || fail "after the rerun: $out"
"$GEN" score "$T" "$WORK/r4.jsonl" -o "$WORK/eval4.json" --quiet && ok || fail "gen score r4"
out=$(check_score "$WORK/eval4.json" "$WORK/plan4.json" 2>&1) && ok || fail "score after the rerun: $out"
# a line cut short at the end (a crash mid-write) is asked again
head -n 80 "$WORK/r4.jsonl" >"$WORK/r5.jsonl"
sed -n 81p "$WORK/r4.jsonl" | head -c 50 >>"$WORK/r5.jsonl"
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r5.jsonl" \
    2>"$WORK/err5" && ok || fail "after a cut line: $(cat "$WORK/err5")"
grep -q "a line cut short" "$WORK/err5" && grep -q "8 answered now, 80 before" "$WORK/err5" && ok ||
    fail "a cut line: $(cat "$WORK/err5")"
out=$(check_results "$WORK/r5.jsonl" "$N" 2>&1) && ok || fail "after a cut line: $out"
# a line in the middle that is not JSON: not a file gen ask continues
{ head -n 3 "$WORK/r4.jsonl"; echo "not json"; } >"$WORK/r6.jsonl"
cp "$WORK/r6.jsonl" "$WORK/r6.orig"
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r6.jsonl" \
    2>"$WORK/err6"
rc=$?
[ $rc -eq 6 ] && grep -q "line 4 is not valid JSON" "$WORK/err6" && cmp -s "$WORK/r6.jsonl" "$WORK/r6.orig" && ok ||
    fail "a foreign file: exit $rc: $(cat "$WORK/err6")"
kill "$SRV"; wait "$SRV" 2>/dev/null

# 5. Ctrl-C: the requests in flight finish, whole lines only, exit 130; a second
# gen ask on the file meanwhile exits 75; the same command again completes it.
serve slow --key "$KEY" --model test-model --delay 0.1 --plan "$WORK/plan5.json"
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r7.jsonl" \
    --concurrency 2 2>"$WORK/err7" &
ASK=$!
for _ in $(seq 600); do [ "$(wc -l 2>/dev/null <"$WORK/r7.jsonl" || echo 0)" -ge 6 ] && break; sleep 0.05; done
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r7.jsonl" \
    2>"$WORK/err7b"
rc=$?
[ $rc -eq 75 ] && grep -q "is in use by another gen ask" "$WORK/err7b" && ok || fail "a second gen ask: exit $rc: $(cat "$WORK/err7b")"
kill -INT "$ASK"
wait "$ASK"
rc=$?
[ $rc -eq 130 ] && ok || fail "SIGINT: exit $rc, not 130: $(cat "$WORK/err7")"
grep -q "interrupted by SIGINT" "$WORK/err7" && ok || fail "SIGINT: $(cat "$WORK/err7")"
lines=$(wc -l <"$WORK/r7.jsonl")
out=$(check_results "$WORK/r7.jsonl" "$lines" 2>&1) && ok || fail "after SIGINT: $out"
[ "$lines" -lt "$N" ] && ok || fail "SIGINT came after the end ($lines lines)"
OPENAI_API_KEY=$KEY "$GEN" ask "$T" --endpoint "http://127.0.0.1:$PORT/v1" --model test-model -o "$WORK/r7.jsonl" \
    2>"$WORK/err7c" && ok || fail "after SIGINT again: $(cat "$WORK/err7c")"
grep -q "$((N - lines)) answered now, $lines before" "$WORK/err7c" && ok || fail "resumed: $(cat "$WORK/err7c")"
out=$(check_results "$WORK/r7.jsonl" "$N" 2>&1) && ok || fail "after the resume: $out"
stats "$WORK/stats7.json"
"$PY" -c 'import json,sys; s=json.load(open(sys.argv[1])); assert len(s["ok"])==int(sys.argv[2]) and set(s["ok"].values())=={1}, s["ok"]' \
    "$WORK/stats7.json" "$N" && ok || fail "the server answered an id more than once across the interrupted run"
"$GEN" score "$T" "$WORK/r7.jsonl" -o "$WORK/eval7.json" --quiet && ok || fail "gen score r7"
out=$(check_score "$WORK/eval7.json" "$WORK/plan5.json" 2>&1) && ok || fail "score after the resume: $out"
no_key "$WORK/err7" "$WORK/err7b" "$WORK/err7c" "$WORK/r7.jsonl"
kill "$SRV"; wait "$SRV" 2>/dev/null

# 6. --concurrency 2 keeps to 2; on a terminal a progress line (script(1) gives
# one), none with --quiet.
serve conc --model test-model --delay 0.2
"$GEN" ask "$T" --task comp_sequential --endpoint "http://127.0.0.1:$PORT/v1" --model test-model \
    -o "$WORK/r8.jsonl" --concurrency 2 --quiet && ok || fail "--concurrency 2"
stats "$WORK/stats8.json"
"$PY" -c 'import json,sys; s=json.load(open(sys.argv[1])); assert s["most_in_flight"]==2, s["most_in_flight"]' \
    "$WORK/stats8.json" && ok || fail "--concurrency 2: $(head -c 200 "$WORK/stats8.json")"
if command -v script >/dev/null; then
    script -qec "'$GEN' ask '$T' --task circle_right_triangle --endpoint http://127.0.0.1:$PORT/v1 --model test-model -o '$WORK/r9.jsonl' --concurrency 1" \
        /dev/null >"$WORK/tty9" 2>&1
    grep -q $'\rask: [0-9]*/40 done, 0 failed, 0 retried, .*/s, ETA ' "$WORK/tty9" && ok ||
        fail "no progress line on a terminal: $(head -c 300 "$WORK/tty9" | cat -v)"
    rm -f "$WORK/r9.jsonl"
    script -qec "'$GEN' ask '$T' --task comp_sequential --endpoint http://127.0.0.1:$PORT/v1 --model test-model -o '$WORK/r9.jsonl' --concurrency 1 --quiet" \
        /dev/null >"$WORK/tty9q" 2>&1
    [ ! -s "$WORK/tty9q" ] && ok || fail "--quiet on a terminal printed: $(cat -v "$WORK/tty9q")"
fi

# 7. Fatal answers: exit 8 at once, a message naming cause and fix, no results file.
fatal() { # fatal NAME PATTERN ENV... -- ARGS...
    local name=$1 pattern=$2 envs=()
    shift 2
    while [ "$1" != "--" ]; do envs+=("$1"); shift; done
    shift
    env "${envs[@]}" "$GEN" ask "$T" -o "$WORK/$name.jsonl" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"
    local rc=$?
    [ $rc -eq 8 ] && ok || fail "$name: exit $rc, not 8: $(cat "$WORK/$name.err")"
    grep -qE "$pattern" "$WORK/$name.err" && ok || fail "$name: message '$(cat "$WORK/$name.err")' lacks '$pattern'"
    [ ! -e "$WORK/$name.jsonl" ] && ok || fail "$name: left a results file"
    no_key "$WORK/$name.out" "$WORK/$name.err"
}
kill "$SRV"; wait "$SRV" 2>/dev/null
serve keyed --key "$KEY" --model test-model
E="http://127.0.0.1:$PORT/v1"
fatal wrongkey "the server refused the request: HTTP 401 Unauthorized: Incorrect API key provided: \[API key\].*the key in OPENAI_API_KEY is not one it accepts" \
    OPENAI_API_KEY="$WRONG" -- --endpoint "$E" --model test-model
fatal wrongkey2 "the key in MY_KEY is not one it accepts: set MY_KEY to a valid key" \
    MY_KEY="$WRONG" -- --endpoint "$E" --model test-model --api-key-env MY_KEY
fatal nokey "no key was sent: put one in OPENAI_API_KEY" PATH="$PATH" -- --endpoint "$E" --model test-model
fatal model "the server knows no model 'other-model' or no such URL: HTTP 404 Not Found: The model .other-model. does not exist" \
    OPENAI_API_KEY="$KEY" -- --endpoint "$E" --model other-model
fatal redirect "HTTP 307 redirects to 'http://127.0.0.2:9/v1/chat/completions', which gen does not follow" \
    OPENAI_API_KEY="$KEY" -- --endpoint "http://127.0.0.1:$PORT/redirect/v1" --model test-model
DEAD=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
fatal dead "cannot connect: .*(Connection refused|Couldn't connect).*is the server running there" \
    OPENAI_API_KEY="$KEY" -- --endpoint "http://127.0.0.1:$DEAD/v1" --model test-model
# a certificate that does not verify (self-signed, made here): exit 8, nothing sent
if command -v openssl >/dev/null; then
    kill "$SRV"; wait "$SRV" 2>/dev/null
    openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
        -keyout "$WORK/tls.key" -out "$WORK/tls.crt" 2>/dev/null
    serve tls --key "$KEY" --model test-model --tls "$WORK/tls.crt" "$WORK/tls.key"
    fatal tls "POST https://127.0.0.1:$PORT/v1/chat/completions: the TLS connection failed: .*certificate" \
        OPENAI_API_KEY="$KEY" -- --endpoint "https://127.0.0.1:$PORT/v1" --model test-model
    SCHEME=https stats "$WORK/stats-tls.json"
    grep -q '"posts": 0' "$WORK/stats-tls.json" && ok || fail "a request reached the server past a bad certificate"
    kill "$SRV"; wait "$SRV" 2>/dev/null
    serve keyed2 --key "$KEY" --model test-model
    E="http://127.0.0.1:$PORT/v1"
fi
# --api-key-env naming an unset variable, and a key on the command line: usage errors
env -u NOT_SET "$GEN" ask "$T" --endpoint "$E" --model test-model -o "$WORK/u.jsonl" --api-key-env NOT_SET 2>"$WORK/u1"
rc=$?
[ $rc -eq 2 ] && grep -q "'NOT_SET', which is not set" "$WORK/u1" && ok || fail "unset --api-key-env: exit $rc: $(cat "$WORK/u1")"
"$GEN" ask "$T" --endpoint "$E" --model test-model --api-key "$KEY" 2>"$WORK/u2"
rc=$?
[ $rc -eq 2 ] && grep -q "the key never goes on the command line" "$WORK/u2" && ok || fail "--api-key: exit $rc: $(cat "$WORK/u2")"
no_key "$WORK/u1" "$WORK/u2"

# 8. Failed for good: a body over the bound and a 400 (the same command asks
# them again, and fails again); gen score counts them as no answer.
"$GEN" counting_circles --seed 1 --num_images 1 --num_sizes 1,2 --out "$WORK/cc" --quiet
for m in huge bad; do
    OPENAI_API_KEY=$KEY "$GEN" ask "$WORK/cc" --endpoint "$E" --model $m -o "$WORK/$m.jsonl" 2>"$WORK/$m.err"
    rc=$?
    [ $rc -eq 7 ] && ok || fail "model $m: exit $rc, not 7: $(cat "$WORK/$m.err")"
done
grep -q "over gen's limit of 16777216 bytes (16 MiB): not read (1 try)" "$WORK/huge.jsonl" && ok ||
    fail "a body over the bound: $(head -c 400 "$WORK/huge.jsonl")"
grep -q '"status_code": 400.*"message": "HTTP 400: this model takes no images (1 try)"' "$WORK/bad.jsonl" && ok ||
    fail "a 400: $(head -c 400 "$WORK/bad.jsonl")"
"$GEN" score "$WORK/cc" "$WORK/bad.jsonl" --annotated "$WORK/bad-ann.json" --quiet &&
    [ "$(grep -c '"ERROR": "request failed with status 400"' "$WORK/bad-ann.json")" -eq 2 ] && ok ||
    fail "gen score of 400s: $(cat "$WORK/bad-ann.json")"
OPENAI_API_KEY=$KEY "$GEN" ask "$WORK/cc" --endpoint "$E" --model bad -o "$WORK/bad.jsonl" 2>"$WORK/bad2.err"
rc=$?
[ $rc -eq 7 ] && [ "$(wc -l <"$WORK/bad.jsonl")" -eq 2 ] && grep -q "asking again 2 failed requests" "$WORK/bad2.err" &&
    ok || fail "400s again: exit $rc, $(wc -l <"$WORK/bad.jsonl") lines: $(cat "$WORK/bad2.err")"
no_key "$WORK/huge.err" "$WORK/bad.err" "$WORK/huge.jsonl" "$WORK/bad.jsonl"

# 9. Usage errors: exit 2, nothing sent, nothing written.
usage() { # usage PATTERN ARGS...
    local pattern=$1
    shift
    "$GEN" ask "$@" >/dev/null 2>"$WORK/usage.err"
    local rc=$?
    [ $rc -eq 2 ] && grep -qE -- "$pattern" "$WORK/usage.err" && ok || fail "gen ask $*: exit $rc: $(cat "$WORK/usage.err")"
}
usage "bad --concurrency '0'" "$T" --endpoint "$E" --model m --concurrency 0 -o "$WORK/u.jsonl"
usage "bad --concurrency '257'" "$T" --endpoint "$E" --model m --concurrency 257 -o "$WORK/u.jsonl"
usage "bad --retries '-1'" "$T" --endpoint "$E" --model m --retries -1 -o "$WORK/u.jsonl"
usage "bad --timeout '0'" "$T" --endpoint "$E" --model m --timeout 0 -o "$WORK/u.jsonl"
usage "ask needs --endpoint URL" "$T" --model m -o "$WORK/u.jsonl"
usage "ask needs --model NAME" "$T" --endpoint "$E" -o "$WORK/u.jsonl"
usage "name it with -o FILE, not '-'" "$T" --endpoint "$E" --model m -o -
usage "speaks http and https, not ftp" "$T" --endpoint ftp://127.0.0.1/v1 --model m -o "$WORK/u.jsonl"
usage "'.*req.jsonl' is a requests file" "$WORK/req.jsonl" --endpoint "$E" --task counting_circles -o "$WORK/u.jsonl"
usage "refused to write '.*tree/out.jsonl': it is inside '.*tree', a directory being read" "$T" --endpoint "$E" \
    --model m -o "$T/out.jsonl"
[ ! -e "$WORK/u.jsonl" ] && [ ! -e "$T/out.jsonl" ] && ok || fail "a usage error wrote a results file"
finish ask
