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
