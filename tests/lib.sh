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
