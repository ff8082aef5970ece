#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# cli_errors: every kind of bad invocation gets its documented exit code, a message
# naming the problem, and writes nothing.
set -u
GEN=$1
. "$(dirname "$0")/lib.sh"
scratch

# expect (tests/lib.sh) runs gen with --out $WORK/out where given: exit code,
# message, nothing written.
O=(--out "$WORK/out")

expect 2 "unknown task 'countng_circles' \(did you mean 'counting_circles'\?\)" countng_circles "${O[@]}"
expect 2 "unknown task 'zzz'" zzz "${O[@]}"
expect 2 "usage:"
expect 2 "unknown option '--nm_images' \(did you mean '--num_images'\?\)" counting_circles --nm_images 3 "${O[@]}"
expect 2 "bad --num_images '0'" counting_circles --num_images 0 "${O[@]}"
expect 2 "bad --num_images '-3'" counting_circles --num_images -3 "${O[@]}"
expect 2 "bad --num_images 'x'" counting_circles --num_images x "${O[@]}"
expect 2 "needs a value" counting_circles "${O[@]}" --num_images
expect 2 "bad level range '1..x'" counting_circles --num_sizes 1..x "${O[@]}"
expect 2 "the start is past the end" counting_circles --num_sizes 20..1 "${O[@]}"
expect 2 "empty level list" counting_circles --num_sizes "" "${O[@]}"
expect 2 "needs a level list" counting_circles --num_sizes "${O[@]}"
expect 2 "bad level 'a'" counting_circles --num_sizes a b "${O[@]}"
expect 2 "level 0 is below the lowest level 1" counting_circles --num_sizes 0..3 "${O[@]}"
expect 2 "level -2 is below" counting_circles --num_sizes -2 "${O[@]}"
expect 2 "bad --jobs '0'" counting_circles --jobs 0 "${O[@]}"
expect 2 "bad --seed '-1'" counting_circles --seed -1 "${O[@]}"
expect 2 "bad --seed '12x'" counting_circles --seed 12x "${O[@]}"
expect 2 "bad --grid_size '1'" counting_circles --grid_size 1 "${O[@]}"
expect 2 "unexpected argument 'extra'" counting_circles extra "${O[@]}"
expect 2 "takes no value" counting_circles --force=yes "${O[@]}"
# The other subcommands.
expect 2 "bad --shard '0/3'" counting_circles --shard 0/3 "${O[@]}"
expect 2 "bad --shard '4/3'" counting_circles --shard 4/3 "${O[@]}"
expect 2 "bad --shard 'x'" counting_circles --shard x "${O[@]}"
expect 2 "bad --scale '9'" counting_circles --scale 9 "${O[@]}"
expect 2 "unknown task 'countng_circles' in --tasks \(did you mean 'counting_circles'\?\)" all --tasks countng_circles "${O[@]}"
expect 2 "empty --tasks" all --tasks , "${O[@]}"
expect 2 "'--num_sizes' is for one task" all --num_sizes 1..3 "${O[@]}"
expect 2 "'--tasks' is for gen all" counting_circles --tasks a "${O[@]}"
expect 2 "check needs a directory" check
expect 2 "unknown option '--bogus' for check" check "$WORK/out" --bogus
expect 2 "verify needs a directory" verify
expect 2 "merge needs an output directory and at least one shard" merge "$WORK/out"
expect 2 "preview needs a task" preview
expect 2 "unknown task 'nope'" preview nope -o "$WORK/out"
expect 4 "verify: .*gen.json" verify "$WORK/out"
expect 4 "no such directory" check "$WORK/out" --task counting_circles

# A level past what a task can draw is refused before any search (graph_counting
# at 60 nodes used to search its layouts for 99 s, then exit 3), and gen list
# gives that limit.
expect 3 "graph_counting: level 60: cannot lay out more than 26 nodes readably" \
    graph_counting --num_sizes 60 --num_images 1 --out "$WORK/out"
lim=$("$GEN" list | awk '$1 == "graph_counting" {print $4}')
[ "$lim" = 26 ] && ok || fail "gen list gives graph_counting no limit ($lim)"
# A level the canvas cannot hold: refused before any work, naming task, level, canvas.
expect 3 "counting_circles: level 5000: cannot draw 5000 circles on a 500x300 canvas" \
    counting_circles --num_sizes 5000 "${O[@]}"
# An unwritable output directory (a path below a regular file).
touch "$WORK/file"
expect 4 "cannot create directory" counting_circles --num_images 1 --out "$WORK/file/sub"

# A data.json that gen did not write is never replaced without --force.
mkdir -p "$WORK/theirs/data"
echo '[{"id": "1.png", "num_objects": 99}]' >"$WORK/theirs/data.json"
touch "$WORK/theirs/data/1.png"
before=$(cd "$WORK/theirs" && find . -type f -exec sha256sum {} + | sort)
err=$("$GEN" counting_circles --num_images 1 --seed 1 --out "$WORK/theirs" 2>&1)
rc=$?
[ "$rc" -eq 5 ] && ok || fail "overwrite of a foreign dataset: exit $rc, expected 5"
grep -q "did not write; use another --out, or --force" <<<"$err" && ok || fail "overwrite message: $err"
after=$(cd "$WORK/theirs" && find . -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] && ok || fail "a refused run changed the foreign dataset"
"$GEN" counting_circles --num_images 1 --num_sizes 2 --seed 1 --out "$WORK/theirs" --force --quiet
[ $? -eq 0 ] && ok || fail "--force did not replace the foreign dataset"
"$GEN" check "$WORK/theirs" >/dev/null && ok || fail "the forced dataset does not check"

# check: a missing directory and a directory of an unknown task.
"$GEN" check "$WORK/nowhere" >/dev/null 2>&1
[ $? -eq 4 ] && ok || fail "check of a missing directory"
"$GEN" check "$WORK/theirs" --task nope >/dev/null 2>&1
[ $? -eq 2 ] && ok || fail "check --task with an unknown task"
# The "N of M samples redrawn" line every run prints (README, "Use"): there
# without --quiet, and --quiet keeps it (and everything but errors) out.
err=$("$GEN" graph_counting --num_images 3 --num_sizes 18..20 --seed 7 --out "$WORK/rd" 2>&1 >/dev/null)
grep -q "^gen: graph_counting: [0-9]* of 9 samples redrawn (" <<<"$err" && ok || fail "no redrawn line: '$err'"
err=$("$GEN" graph_counting --num_images 3 --num_sizes 18..20 --seed 7 --out "$WORK/rd2" --quiet 2>&1)
[ -z "$err" ] && ok || fail "--quiet still prints: '$err'"
# --help and docs/cli.md number shards alike, as the code does: shard K of N from
# --file 1 holds files K, K+N, ...
"$GEN" counting_circles --num_images 3 --num_sizes 1..2 --seed 1 --shard 2/4 --out "$WORK/sh" --quiet
ids=$(python3 -c 'import json,sys; print(" ".join(r["id"] for r in json.load(open(sys.argv[1]))))' "$WORK/sh/data.json")
[ "$ids" = "2.png 6.png" ] && ok || fail "shard 2/4 of 6 samples holds $ids, not 2.png 6.png"
"$GEN" --help | grep -q -- "--shard K/N .*(files K, K+N, ... from --file 1)" && ok || fail "--help on shard numbering"
grep -q -- '`--shard K/N` | none | make only shard K of N: files K, K+N, K+2N' "$(dirname "$0")/../docs/cli.md" && ok ||
    fail "docs/cli.md on shard numbering"
finish cli_errors
