#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
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

# gen check of what a killed first run left (its lock and temporary directory, no
# data.json) says so and names the remedy; so does a missing directory.
rm -rf "$D"
GEN_TEST_KILL_AT=1 "$GEN" counting_circles --seed 9 --num_images 2 --out "$D" --quiet 2>/dev/null
err=$("$GEN" check "$D" 2>&1)
rc=$?
[ "$rc" -eq 4 ] && grep -q "only what an interrupted gen run left (.*gen-tmp-" <<<"$err" && ok ||
    fail "gen check of a killed run's leftovers: exit $rc, '$err'"
err=$("$GEN" check "$WORK/no-such-dir" 2>&1)
rc=$?
[ "$rc" -eq 4 ] && grep -q "no such directory" <<<"$err" && ok || fail "gen check of a missing directory: exit $rc, '$err'"

# SIGINT (Ctrl-C) and SIGTERM: the run stops between samples, rolls back what was
# in flight, removes its temporary files and lock, names what it committed and
# exits 130.  Signalled once its temporary directory exists (or, for gen all, once
# a first task is committed), so the signal lands inside the run.
# wait_for PID GLOB: until a path matches GLOB, or the process has ended.
wait_for() {
    while kill -0 "$1" 2>/dev/null; do
        compgen -G "$2" >/dev/null && return 0
        sleep 0.02
    done
    return 1
}
"$GEN" counting_circles --seed 9 --num_images 20 --out "$WORK/ref" --quiet
for sig in INT TERM; do
    rm -rf "$D"
    cp -r "$WORK/ref" "$D"
    "$GEN" counting_circles --seed 5 --num_images 60 --out "$D" --quiet 2>"$WORK/sig.err" &
    pid=$!
    wait_for "$pid" "$D/.gen-tmp-*" && ok || fail "SIG$sig: gen ended before its temporary directory appeared"
    kill -"$sig" "$pid"
    wait "$pid"
    rc=$?
    [ "$rc" -eq 130 ] && ok || fail "SIG$sig during gen TASK: exit $rc, expected 130 ($(cat "$WORK/sig.err"))"
    grep -q "interrupted by SIG$sig: nothing written" "$WORK/sig.err" && ok ||
        fail "SIG$sig during gen TASK: no message saying so: $(cat "$WORK/sig.err")"
    [ -z "$(ls -A "$D" | grep -E 'gen-tmp|gen-lock')" ] && ok || fail "SIG$sig left $(ls -A "$D" | grep gen-)"
    diff -r "$WORK/ref" "$D" >/dev/null && ok || fail "SIG$sig during gen TASK changed the previous dataset"
    rm -rf "$WORK/sigall"
    "$GEN" all --seed 13 --num_images 30 --tasks counting_circles,sort_lines,maze_solving --out "$WORK/sigall" \
        --quiet 2>"$WORK/sig.err" &
    pid=$!
    wait_for "$pid" "$WORK/sigall/*/data.json" && ok || fail "SIG$sig: gen all ended before a task was committed"
    kill -"$sig" "$pid"
    wait "$pid"
    rc=$?
    [ "$rc" -eq 130 ] && ok || fail "SIG$sig during gen all: exit $rc, expected 130 ($(cat "$WORK/sig.err"))"
    made=$(cd "$WORK/sigall" && for t in */; do [ -e "$t/data.json" ] && echo "${t%/}"; done | paste -sd' ')
    [ -n "$made" ] && [ "$(wc -w <<<"$made")" -lt 3 ] && ok || fail "SIG$sig during gen all: committed '$made'"
    for t in $made; do
        grep -q "interrupted by SIG$sig: .*committed: .*$t" "$WORK/sig.err" && ok ||
            fail "SIG$sig: the message does not name committed $t: $(cat "$WORK/sig.err")"
        "$GEN" verify "$WORK/sigall/$t" --quiet && ok || fail "SIG$sig: committed $t does not verify"
    done
    [ -z "$(find "$WORK/sigall" -name '.gen-tmp-*' -o -name '.gen-lock')" ] && ok ||
        fail "SIG$sig during gen all left $(find "$WORK/sigall" -name '.gen-*')"
    [ "$(find "$WORK/sigall" -mindepth 1 -maxdepth 1 | wc -l)" -eq "$(wc -w <<<"$made")" ] && ok ||
        fail "SIG$sig during gen all left task directories it did not commit: $(ls "$WORK/sigall")"
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
