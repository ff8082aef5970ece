#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# docs_figures: the figures the docs quote that the program can produce are the
# program's (issue 37: several had gone stale).
#  - README's example line of a run (`gen graph_counting --seed 7`) is what gen prints;
#  - README's and docs/training.md's size of a fiftieth of examples/mixture.json;
#  - docs/evaluation.md's example request (and with --max_tokens 1024) has the
#    shape and values gen requests writes;
#  - gen --help's default of --tasks names the number of tasks gen all makes;
#  - README's and docs/testing.md's counts of tests are ctest's;
#  - with GEN_DOCS_FULL=1 (the heavy docs_figures_full): docs/evaluation.md's
#    request sizes for the whole seed-7 benchmark are docs/measure-request-sizes.sh's.
set -u
GEN=$1
BUILD=${2:-}
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
. "$HERE/lib.sh"
scratch
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
# a paragraph's text with its line breaks as spaces
flat() { tr '\n' ' ' <"$1" | tr -s ' '; }

if [ "${GEN_DOCS_FULL:-0}" = 1 ]; then
    "$GEN" all --seed 7 --out "$WORK/percept-v" --quiet || { echo "docs_figures: gen all failed"; exit 1; }
    bash "$SRC/docs/measure-request-sizes.sh" "$GEN" "$WORK/percept-v" >"$WORK/sizes.txt" && ok ||
        fail "measure-request-sizes.sh failed"
    [ "$(wc -l <"$WORK/sizes.txt")" -eq 3 ] && ok || fail "measure-request-sizes.sh printed: $(cat "$WORK/sizes.txt")"
    page=$(flat "$SRC/docs/evaluation.md")
    while read -r phrase; do
        grep -qF -- "$phrase" <<<"$page" && ok || fail "docs/evaluation.md does not say '$phrase' (the program's figure)"
    done <"$WORK/sizes.txt"
    finish docs_figures_full
fi

# 1. README's line of a run.
doc=$(grep -A2 'one of `gen graph_counting --seed 7`' "$SRC/README.md" | grep '^    gen: graph_counting: ' | sed 's/^    //; s/ \.\.\.$//')
[ -n "$doc" ] && ok || fail "README has no example line of gen graph_counting --seed 7"
"$GEN" graph_counting --seed 7 --out "$WORK/gc" 2>"$WORK/gc.err" && ok || fail "gen graph_counting --seed 7"
got=$(grep '^gen: graph_counting: ' "$WORK/gc.err")
[ "${got#"$doc"}" != "$got" ] && ok || fail "README's line '$doc' is not how gen's begins: '$got'"

# 2. A fiftieth of the mixture: its size in MB (ISA-L's output: the fallback encoder's bytes differ).
if "$GEN" --version | grep -q 'built without libisal'; then
    echo "docs_figures: the mixture's size not checked (a build without libisal writes other PNG bytes)"
else
    "$PY" - "$SRC/examples/mixture.json" >"$WORK/mix50.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for t in r["tasks"].values():
    t["count"] //= 50
print(json.dumps(r))
PY
    "$GEN" recipe "$WORK/mix50.json" --out "$WORK/mix" --quiet && ok || fail "the fiftieth of the mixture"
    mb=$(find "$WORK/mix" -type f -printf '%s\n' | awk '{ t += $1 } END { printf "%.0f", t / 1e6 }')
    for f in README.md docs/training.md; do
        grep -qF "is $mb MB of files" <(flat "$SRC/$f") && ok || fail "$f does not give the fiftieth's size as $mb MB"
    done
fi

# 3. docs/evaluation.md's example request: the shape and values gen requests writes.
"$GEN" counting_circles --seed 7 --num_images 1 --num_sizes 1 --out "$WORK/counting_circles" --quiet
"$GEN" requests "$WORK/counting_circles" --model MODEL -o "$WORK/req.jsonl" && ok || fail "gen requests"
"$GEN" requests "$WORK/counting_circles" --model MODEL --max_tokens 1024 -o "$WORK/req-mt.jsonl" && ok || fail "--max_tokens"
awk '/<!-- docs_figures: request -->/ { on = 1; next } on && /^    / { print; next } on { exit }' \
    "$SRC/docs/evaluation.md" >"$WORK/example.txt"
tail=$(grep -o 'with `--max_tokens 1024` the body ends `[^`]*`' "$SRC/docs/evaluation.md" | sed 's/.*ends `//; s/`$//')
"$PY" - "$WORK/example.txt" "$WORK/req.jsonl" "$WORK/req-mt.jsonl" "$tail" <<'PY' && ok || fail "docs/evaluation.md's example request is not what gen writes"
import json, sys
doc = json.loads(open(sys.argv[1]).read())
real = json.loads(open(sys.argv[2]).readline())
with_mt = open(sys.argv[3]).readline().rstrip("\n")
def same(d, r, path):
    assert type(d) is type(r), (path, d, r)
    if isinstance(d, dict):
        assert list(d) == list(r), (path, list(d), list(r))
        for k in d:
            same(d[k], r[k], path + "." + k)
    elif isinstance(d, list):
        assert len(d) == len(r), (path, len(d), len(r))
        for k, (a, b) in enumerate(zip(d, r)):
            same(a, b, "%s[%d]" % (path, k))
    elif path.endswith(".text"):
        assert d == "<input_prompt>\n<rules>\n<output_prompt>" and r.count("\n") >= 2, (path, r)
    elif path.endswith(".url") and d.endswith("..."):
        assert r.startswith(d[:-3]), (path, r[:40])
    else:
        assert d == r, (path, d, r)
same(doc, real, "")
assert "max_tokens" not in real["body"], "max_tokens sent without --max_tokens"
end = sys.argv[4].lstrip(".")
assert end and with_mt.endswith(end), (end, with_mt[-60:])
PY

# 4. --help's default of --tasks: the number of tasks gen all makes (those of the release).
release=0
for t in $(tasks); do "$GEN" "$t" --help | grep -q '^in the release:    yes' && release=$((release + 1)); done
[ "$release" -ge 30 ] && ok || fail "only $release tasks say they are in the release"
"$GEN" --help | grep -q -- "--tasks A,B      gen all: only these tasks (default: the release's $release; gen's own" && ok ||
    fail "gen --help's --tasks default does not say the release's $release"
"$GEN" all --num_images 1 --seed 1 --jobs 2 --out "$WORK/all" --quiet && ok || fail "gen all"
[ "$(ls "$WORK/all" | wc -l)" -eq "$release" ] && ok || fail "gen all made $(ls "$WORK/all" | wc -l) tasks, not $release"

# 5. The counts of tests: README's and testing.md's are ctest's (a Release build's; the
# sanitizer build registers the same tests, but is not the one the pages time).
if [ -n "$BUILD" ] && grep -qx 'GEN_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
    echo "docs_figures: the counts of tests not checked in a sanitizer build"
elif [ -n "$BUILD" ]; then
    total=$(ctest --test-dir "$BUILD" -N | sed -n 's/^Total Tests: //p')
    heavy=$(ctest --test-dir "$BUILD" -N -L heavy | sed -n 's/^Total Tests: //p')
    [ -n "$total" ] && [ -n "$heavy" ] && ok || fail "ctest -N gave no count"
    grep -qF "All $total tests, the heavy ones included" <(flat "$SRC/README.md") && ok ||
        fail "README does not say 'All $total tests'"
    grep -qF "leaves out the $heavy heavy ones" <(flat "$SRC/README.md") && ok || fail "README does not say the $heavy heavy ones"
    grep -qF "the $heavy tests labelled \`heavy\`" <(flat "$SRC/docs/testing.md") && ok ||
        fail "docs/testing.md does not say the $heavy tests labelled heavy"
    grep -qF "It runs the other $((total - heavy))" <(flat "$SRC/docs/testing.md") && ok ||
        fail "docs/testing.md does not say it runs the other $((total - heavy))"
    for t in $(ctest --test-dir "$BUILD" -N -L heavy | sed -n 's/^ *Test *#[0-9]*: //p'); do
        grep -qF "$t" <(sed -n '1,12p' "$SRC/docs/testing.md") && ok || fail "docs/testing.md's list of heavy tests lacks $t"
    done
    # every test has its row (the check_<task> programs share one)
    for t in $(ctest --test-dir "$BUILD" -N | sed -n 's/^ *Test *#[0-9]*: //p' | grep -v '^check_'); do
        grep -q "^| \`$t\`\|^| \`[a-z_]*\`, \`$t\`" "$SRC/docs/testing.md" && ok || fail "docs/testing.md's table has no row for $t"
    done
fi
finish docs_figures
