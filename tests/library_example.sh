#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# docs/library.md's example, as the page shows it: compiled with cc and
# pkg-config against the build tree (BUILD/lib/pkgconfig/perceptv.pc), run, and
# its output compared with the page's "It prints" block.  Also: the header alone
# compiles as strict C99 and C11 with every warning an error.  PV_RUN_PRELOAD
# (set by the GEN_SANITIZE build) is preloaded to run the programs.
# Usage: library_example.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export PKG_CONFIG_PATH=$build/lib/pkgconfig
doc=$src/docs/library.md
sed -n '/<!-- example begin -->/,/<!-- example end -->/p' "$doc" | sed '1,2d;$d' | sed '$d' >"$tmp/example.c"
[ "$(wc -l <"$tmp/example.c")" -ge 15 ] || { echo "no example in $doc" >&2; exit 1; }
cc -Wall -Wextra -Werror "$tmp/example.c" $(pkg-config --cflags --libs perceptv) -o "$tmp/example"
run() { if [ -n "${PV_RUN_PRELOAD:-}" ]; then LD_PRELOAD=$PV_RUN_PRELOAD "$@"; else "$@"; fi; }
run "$tmp/example" >"$tmp/out"
# the indented block after "It prints"
awk '/^It prints/{p=1; next} p && /^    /{sub(/^    /, ""); print; seen=1; next} p && seen{exit}' "$doc" >"$tmp/want"
if ! diff -u "$tmp/want" "$tmp/out"; then
    echo "docs/library.md: the example printed other lines than the page shows" >&2
    exit 1
fi
for std in c99 c11; do
    printf '#include <perceptv.h>\nint main(void) { return pv_task_count() >= 30 ? 0 : 1; }\n' >"$tmp/h.c"
    cc -std=$std -pedantic -Wall -Wextra -Werror "$tmp/h.c" $(pkg-config --cflags --libs perceptv) -o "$tmp/h"
    run "$tmp/h"
done
echo "library_example: the page's example builds with pkg-config and prints what the page says"
