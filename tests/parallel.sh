#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# parallel: the GNU parallel recipe of docs/cluster.md with local jobs.
#  Runs the page's command with --sshlogin : (this machine) in place of the host
#  list, two jobs at a time, merges the four shard trees and asserts the result
#  equals one single-machine gen all run (all but gen.json's command).
#  Exits 77 (ctest: skipped) when GNU parallel is not installed.
set -u
GEN=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
. "$HERE/lib.sh"
if ! parallel --version 2>/dev/null | grep -q "GNU parallel"; then
    echo "parallel: skipped: GNU parallel is not installed (apt-get install parallel)"
    exit 77
fi
scratch

# The documented command, word for word but the host list and gen's path.
doc=$(cat "$SRC/docs/cluster.md")
cmd='parallel --sshlogin host1,host2,host3,host4 --jobs 1 \
        gen all --seed 7 --shard {}/4 --out "$PWD/shards/all-{}" --quiet ::: 1 2 3 4'
[[ "$doc" == *"$cmd"* ]] && ok || fail "docs/cluster.md no longer shows the command this test runs"

cd "$WORK" || exit 1
parallel --will-cite --sshlogin : --jobs 2 --joblog "$WORK/jobs.log" \
    "$GEN" all --seed 7 --shard {}/4 --out "$PWD/shards/all-{}" --quiet --num_images 1 ::: 1 2 3 4 &&
    ok || fail "parallel exited $?"
[ "$(awk 'NR > 1 && $7 == 0' "$WORK/jobs.log" | wc -l)" -eq 4 ] && ok || fail "not all 4 jobs succeeded: $(cat jobs.log)"
"$GEN" merge percept-v shards/all-{1..4} --quiet && ok || fail "gen merge of the shard trees"
"$GEN" all --seed 7 --num_images 1 --out single --quiet && ok || fail "single-machine gen all"
[ "$(ls percept-v | wc -l)" -eq 30 ] && ok || fail "the merged run does not hold 30 tasks"
same_but_command percept-v single && ok || fail "merged parallel run differs from one gen all run"
finish parallel
