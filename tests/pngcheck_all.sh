#!/usr/bin/env bash
# pngcheck_all: pngcheck finds no error in any image of the whole benchmark
# (gen all --seed 7: 30 tasks, 7,200 images), and libpng decodes them (gen check).
set -u
GEN=$1
. "$(dirname "$0")/lib.sh"
scratch
command -v pngcheck >/dev/null || { fail "pngcheck is not installed (sh scripts/install-deps.sh)"; finish pngcheck_all; }
"$GEN" all --seed 7 --out "$WORK/all" --quiet && ok || fail "gen all --seed 7"
n=$(find "$WORK/all" -name '*.png' | wc -l)
[ "$n" -ge 7200 ] && ok || fail "only $n images"
bad=$(find "$WORK/all" -name '*.png' -print0 | xargs -0 pngcheck -q 2>&1)
[ -z "$bad" ] && ok || fail "pngcheck: $(head -5 <<<"$bad")"
for t in $(tasks); do
    "$GEN" check "$WORK/all/$t" >/dev/null && ok || fail "$t does not check"
done
finish pngcheck_all
