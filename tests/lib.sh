# SPDX-License-Identifier: MIT
# lib.sh - shared helpers of the end-to-end shell tests.
# Each test counts its checks and ends with "N passed, M failed".
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit $?
}
# All task names, from gen list.
tasks() { "$GEN" list | awk 'NR > 1 {print $1}'; }
scratch() {
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/gen-test.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
}
# Two gen all trees hold the same task directories with the same files, byte for
# byte, and gen.json alike but its "command" (as a merge and one run do).
# Prints what differs; returns non-zero then.
same_but_command() {
    local a=$1 b=$2 d t rc=0
    [ "$(cd "$a" && echo */)" = "$(cd "$b" && echo */)" ] || { echo "task sets differ: $a, $b"; return 1; }
    diff -r -x gen.json "$a" "$b" || rc=1
    for d in "$b"/*/; do
        t=$(basename "$d")
        diff <(grep -v '"command"' "$a/$t/gen.json") <(grep -v '"command"' "$b/$t/gen.json") >/dev/null ||
            { echo "$t: gen.json differs in more than its command"; rc=1; }
    done
    return $rc
}
# expect CODE PATTERN ARGS...: runs gen ARGS, checks the exit code, that stderr
# matches PATTERN, and that nothing was written: no $WORK/out and no temporary
# file left in $WORK.
expect() {
    local code=$1 pattern=$2
    shift 2
    local err rc
    err=$("$GEN" "$@" 2>&1 >/dev/null)
    rc=$?
    [ "$rc" -eq "$code" ] && ok || fail "gen $*: exit $rc, expected $code ($err)"
    grep -qE -- "$pattern" <<<"$err" && ok || fail "gen $*: message '$err' does not match '$pattern'"
    [ ! -e "$WORK/out" ] && ok || fail "gen $*: wrote $WORK/out"
    [ -z "$(ls "$WORK" | grep '\.tmp-')" ] && ok || fail "gen $*: left a temporary file"
    rm -rf "$WORK/out"
}
