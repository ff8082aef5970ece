#!/usr/bin/env bash
# output_safety: a run that fails or is killed never leaves a data.json that lies
# about its images, never loses the previous dataset, and a rerun completes it.
set -u
GEN=$1
. "$(dirname "$0")/lib.sh"
scratch
D=$WORK/ds

# A good dataset, then a failing run into the same directory: nothing changes.
"$GEN" counting_circles --seed 3 --num_images 2 --out "$D" --quiet
before=$(cd "$D" && find . -type f -exec sha256sum {} + | sort)
"$GEN" counting_circles --seed 4 --num_sizes 1,5000 --out "$D" 2>/dev/null
[ $? -eq 3 ] && ok || fail "impossible level: wrong exit code"
after=$(cd "$D" && find . -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] && ok || fail "a failed run changed the previous dataset"
[ -z "$(ls -A "$D" | grep gen-tmp)" ] && ok || fail "a failed run left its temporary directory"

# gen may replace its own dataset.
"$GEN" counting_circles --seed 5 --num_images 2 --out "$D" --quiet && ok || fail "rerun into own dataset"
"$GEN" check "$D" >/dev/null && ok || fail "rerun dataset does not check"

# A file-size limit: a clear error, non-zero exit, the old dataset untouched.
before=$(cd "$D" && find . -type f -exec sha256sum {} + | sort)
err=$( (ulimit -f 8; "$GEN" counting_circles --seed 6 --num_images 3 --out "$D") 2>&1)
rc=$?
[ "$rc" -eq 4 ] && ok || fail "file-size limit: exit $rc, expected 4 ($err)"
grep -q "File too large" <<<"$err" && ok || fail "file-size limit message: $err"
after=$(cd "$D" && find . -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] && ok || fail "a run stopped by a file-size limit changed the previous dataset"

# kill -9 at several moments: whatever is left checks out or has no data.json;
# the same command again equals an uninterrupted run.
"$GEN" counting_circles --seed 9 --num_images 20 --out "$WORK/ref" --quiet
for delay in 0.05 0.2 0.5 1.0; do
    rm -rf "$D"
    "$GEN" counting_circles --seed 9 --num_images 20 --out "$D" --quiet &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    if [ -e "$D/data.json" ]; then
        "$GEN" check "$D" >/dev/null && ok || fail "killed after ${delay}s: data.json does not match its images"
    else
        ok
    fi
    "$GEN" counting_circles --seed 9 --num_images 20 --out "$D" --quiet && ok || fail "rerun after kill"
    diff -r -x 'gen.json' "$WORK/ref" "$D" >/dev/null && ok || fail "rerun after kill differs from an uninterrupted run"
    [ -z "$(ls -A "$D" | grep gen-tmp)" ] && ok || fail "rerun left a temporary directory"
done
# The same for gen all: killed at any moment, every task directory either has no
# data.json or a valid one; the rerun equals an uninterrupted run.
ALL=(all --seed 13 --num_images 4 --tasks counting_circles,sort_lines,maze_solving --quiet)
"$GEN" "${ALL[@]}" --out "$WORK/allref"
for delay in 0.1 0.4 0.8; do
    rm -rf "$WORK/all"
    "$GEN" "${ALL[@]}" --out "$WORK/all" &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    for d in "$WORK"/all/*/; do
        [ -e "$d/data.json" ] || continue
        "$GEN" check "$d" >/dev/null && ok || fail "gen all killed after ${delay}s: $d does not check"
    done
    "$GEN" "${ALL[@]}" --out "$WORK/all" && ok || fail "gen all rerun after kill"
    diff -r -x gen.json "$WORK/allref" "$WORK/all" >/dev/null && ok || fail "gen all rerun after kill differs"
done

# A full disk (a file-size limit) under gen all: exit 4, no task directory with a
# data.json that lies.
rm -rf "$WORK/all"
err=$( (ulimit -f 20; "$GEN" "${ALL[@]}" --out "$WORK/all") 2>&1)
rc=$?
[ "$rc" -eq 4 ] && ok || fail "gen all under a file-size limit: exit $rc, expected 4 ($err)"
for d in "$WORK"/all/*/; do
    [ -e "$d/data.json" ] || continue
    "$GEN" check "$d" >/dev/null && ok || fail "gen all under a file-size limit left $d inconsistent"
done
finish output_safety
