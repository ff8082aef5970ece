#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# docs_tables: the task table of docs/tasks/README.md is what the program says:
# docs/make-tasks-table.sh (gen list's images, levels and limit, and the image
# sizes of one sample per release level) prints exactly the table on the page.
set -u
GEN=$1
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
. "$HERE/lib.sh"
scratch
bash "$SRC/docs/make-tasks-table.sh" "$GEN" >"$WORK/program.md" && ok || fail "make-tasks-table.sh failed"
ntasks=$("$GEN" list | awk 'NR > 1' | wc -l)
[ "$ntasks" -ge 30 ] && [ "$(wc -l <"$WORK/program.md")" -eq $((2 + ntasks)) ] && ok ||
    fail "the table has $(wc -l <"$WORK/program.md") lines, not 2 + $ntasks (gen list's tasks)"
awk '/^\| task \| images/ { on = 1 } on && /^\|/ { print; next } on { exit }' "$SRC/docs/tasks/README.md" >"$WORK/page.md"
diff "$WORK/page.md" "$WORK/program.md" >"$WORK/diff.txt" && ok ||
    fail "docs/tasks/README.md's table differs from the program (rerun docs/make-tasks-table.sh): $(cat "$WORK/diff.txt")"
finish docs_tables
