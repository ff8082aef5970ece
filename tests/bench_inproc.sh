#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench_inproc: bench/inproc.py, the in-process benchmark docs/performance.md
# quotes (issue 29's counting_circles ratios, issue 35's 50 samples a second of
# the video tasks), runs on a small image task and on both video tasks, whose
# levels are 1..4 (it once asked gen for 1..20 and stopped with exit 3): a row a
# task, the task's release levels times BENCH_PER_LEVEL samples in every column
# (the script stops if C made another count), every time and ratio positive.
# No time is compared with a limit: this checks that the benchmark measures what
# it says, not how fast anything is.
# Usage: bench_inproc.sh SOURCE_DIR BUILD_DIR PYTHON
set -u
SRC=$(realpath "$1")
BUILD=$(realpath "$2")
PY=$3
. "$SRC/tests/lib.sh"
scratch

out=$(cd "$WORK" && REPEATS=1 BENCH_PER_LEVEL=2 BENCH_TMP="$WORK" "$PY" "$SRC/bench/inproc.py" "$BUILD" \
    counting_circles comp_conjunctive comp_sequential 2>"$WORK/err")
rc=$?
[ $rc -eq 0 ] && ok || { fail "bench/inproc.py exited $rc"; cat "$WORK/err"; }
echo "$out"
echo "$out" | head -n 1 | grep -q "^task  *samples  *CLI ms  *C ms  *Python ms" && ok || fail "no header line"
for want in "counting_circles 40" "comp_conjunctive 8" "comp_sequential 8"; do
    set -- $want
    row=$(echo "$out" | awk -v t="$1" '$1 == t')
    [ -n "$row" ] || { fail "$1: no row"; continue; }
    echo "$row" | awk -v n="$2" '$2 == n { for (i = 3; i <= 8; i++) if ($i + 0 <= 0) exit 1; exit 0 } { exit 1 }' &&
        ok || fail "$1: not $2 samples with positive figures: $row"
done
# Nothing left behind in the scratch directory but the error file.
[ "$(ls "$WORK")" = err ] && ok || fail "left in BENCH_TMP: $(ls "$WORK")"
finish bench_inproc
