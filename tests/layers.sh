#!/usr/bin/env bash
# layers: the tree shows the layers of docs/architecture.md, and the includes keep
# to them.
#  - common/ holds the three layer folders and no source of its own;
#  - every #include "x.h" of common/engine names a header of common/engine;
#    of common/toolkit and generators/, one of common/engine or common/toolkit (or,
#    for generators/, generators/list.h and swatches/palette.def); common/program
#    may include any of them and lib/include (libperceptv); nothing includes by a
#    relative path ("../");
#  - the build gives each layer only its own and lower include directories
#    (CMakeLists.txt), so this test and the compiler say the same thing.
set -u
. "$(dirname "$0")/lib.sh"
SRC=$(cd "$(dirname "$0")/.." && pwd)
cd "$SRC" || exit 1

extra=$(find common -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \) | sort)
[ -z "$extra" ] && ok || fail "sources directly in common/: $extra"
for d in engine toolkit program; do
    [ -d "common/$d" ] && [ -n "$(ls common/$d/*.c 2>/dev/null)" ] && ok || fail "common/$d is missing or empty"
done

# check_layer FILE ALLOWED_DIRS...: every quoted include of FILE is a header in one
# of ALLOWED_DIRS (or one of the two generated-list files named above).
check_layer() {
    local f=$1 inc found d
    shift
    while read -r inc; do
        case $inc in
        ../*|*/../*) fail "$f includes '$inc' by a relative path"; continue ;;
        generators/list.h|swatches/palette.def)
            case $f in generators/*|common/toolkit/palette.c) ok; continue ;; esac ;;
        esac
        found=
        for d in "$@"; do
            [ -f "$d/$inc" ] && found=$d
        done
        [ "$f" != "${f%.c}" ] && [ -f "$(dirname "$f")/$inc" ] && found=${found:-$(dirname "$f")}
        if [ -n "$found" ]; then ok; else fail "$f includes \"$inc\", which is not in ${*}"; fi
    done < <(grep -oE '^#include "[^"]+"' "$f" | sed 's/#include "//; s/"$//')
}

for f in common/engine/*.[ch]; do check_layer "$f" common/engine; done
for f in common/toolkit/*.[ch] generators/*.[ch]; do check_layer "$f" common/engine common/toolkit; done
# common/program may also include libperceptv's headers (lib/include: gen makes
# its samples through it), and lib/ sees every layer.
for f in common/program/*.[ch]; do check_layer "$f" common/engine common/toolkit common/program lib/include; done
for f in lib/*.[ch] lib/include/*.h; do check_layer "$f" common/engine common/toolkit common/program lib/include; done

# A deliberate breach is caught: a toolkit file that includes a program header.
tmpf=$(mktemp)
printf '#include "cli.h"\n' >"$tmpf"
out=$(check_layer "$tmpf" common/engine common/toolkit 2>&1)
rm -f "$tmpf"
grep -q 'includes "cli.h", which is not in' <<<"$out" && ok || fail "a toolkit file including cli.h is not caught"
finish layers
