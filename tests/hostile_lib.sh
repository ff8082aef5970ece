# SPDX-License-Identifier: MIT
# hostile_lib.sh - what tests/hostile.sh and tests/hostile_eval.sh share: a scratch
# directory to work in, gen run under a memory bound, and a check of its exit code
# and message.  Source it after lib.sh with GEN set; it replaces lib.sh's expect
# with the one below.
scratch
cd "$WORK" || exit 1

# Bounded memory: 1 GiB of address space, unless the build cannot run under a
# limit (AddressSanitizer reserves terabytes of shadow memory).
MEM_KB=1048576
if (ulimit -v $MEM_KB && "$GEN" --version >/dev/null 2>&1; exit $?) 2>/dev/null; then
    LIMIT="ulimit -v $MEM_KB"
else
    LIMIT=":"
    echo "$(basename "$0" .sh): memory bound not applied (this build cannot run under ulimit -v, e.g. a sanitizer build)"
fi
# run CMD...: gen under the memory bound (and, when RUN_TIMEOUT is set, a hang
# guard of that many seconds); sets rc and out (stdout + stderr).
run() {
    if [ -n "${RUN_TIMEOUT:-}" ]; then
        out=$( ($LIMIT; timeout "$RUN_TIMEOUT" "$GEN" "$@") 2>&1)
    else
        out=$( ($LIMIT; "$GEN" "$@") 2>&1)
    fi
    rc=$?
}
# expect CODE REGEX WHAT: the last run exited CODE and said something matching REGEX.
expect() {
    if [ "$rc" -ne "$1" ]; then
        fail "$3: exit $rc, expected $1 ($(head -c 300 <<<"$out"))"
    elif ! grep -Eq -- "$2" <<<"$out"; then
        fail "$3: message does not match '$2': $(head -c 300 <<<"$out")"
    else
        ok
    fi
}
# The files of a directory with their hashes (gen's lock and temporaries aside).
listing() { (cd "$1" && find . -path './.gen-*' -prune -o -type f -print0 | sort -z | xargs -0 -r sha256sum); }
