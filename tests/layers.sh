#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# layers: the tree shows the layers of docs/architecture.md, and the includes keep
# to them.
#  - common/ holds the five layer folders and no source of its own;
#  - every #include "x.h" names a header of the file's own layer or a lower one:
#      common/engine                     engine
#      common/toolkit, generators/       engine, toolkit (and, for generators/,
#                                        generators/list.h and swatches/palette.def)
#      common/store                      engine, toolkit, store
#      common/eval                       engine, toolkit, store, eval
#      common/net                        engine, toolkit, store, eval, net (gen ask's
#                                        client: the one layer that links libcurl)
#      lib/ (libperceptv, the public C library)
#                                        engine, toolkit, store, eval, lib/include
#                                        (not net: the library needs no libcurl)
#      common/commands                   all of them
#    so no library file includes a command's header; nothing includes by a
#    relative path ("../");
#  - no include circle of more than 2 units (tests/include_cycles.py: a unit is
#    X.c with X.h; a circle is a set of units that all reach each other);
#  - the build gives each layer only its own and lower include directories
#    (CMakeLists.txt), so this test and the compiler say the same thing.
set -u
. "$(dirname "$0")/lib.sh"
SRC=$(cd "$(dirname "$0")/.." && pwd)
cd "$SRC" || exit 1

extra=$(find common -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \) | sort)
[ -z "$extra" ] && ok || fail "sources directly in common/: $extra"
for d in engine toolkit store eval net commands; do
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
for f in common/store/*.[ch]; do check_layer "$f" common/engine common/toolkit common/store; done
for f in common/eval/*.[ch]; do check_layer "$f" common/engine common/toolkit common/store common/eval; done
for f in common/net/*.[ch]; do check_layer "$f" common/engine common/toolkit common/store common/eval common/net; done
for f in common/commands/*.[ch]; do
    check_layer "$f" common/engine common/toolkit common/store common/eval common/net common/commands
done
for f in lib/*.[ch] lib/include/*.h; do
    check_layer "$f" common/engine common/toolkit common/store common/eval lib/include
done
extra=$(ls -d common/*/ | grep -vxE 'common/(engine|toolkit|store|eval|net|commands)/')
[ -z "$extra" ] && ok || fail "folders in common/ that are no layer (tests/layers.sh lists the layers): $extra"

# Deliberate breaches are caught: a toolkit file that includes a store header, a
# store file that includes an evaluation header, and library files (store, eval)
# that include the commands' header.
breach() { # breach HEADER WHAT ALLOWED_DIRS...
    local tmpf out inc=$1 what=$2
    shift 2
    tmpf=$(mktemp)
    printf '#include "%s"\n' "$inc" >"$tmpf"
    out=$(check_layer "$tmpf" "$@" 2>&1)
    rm -f "$tmpf"
    grep -q "includes \"$inc\", which is not in" <<<"$out" && ok || fail "$what including $inc is not caught"
}
breach run.h "a toolkit file" common/engine common/toolkit
breach eval.h "a store file" common/engine common/toolkit common/store
breach commands.h "a store file" common/engine common/toolkit common/store
breach commands.h "an eval file" common/engine common/toolkit common/store common/eval
breach perceptv.h "a store file" common/engine common/toolkit common/store
breach ask.h "an eval file" common/engine common/toolkit common/store common/eval
breach chat.h "a library file" common/engine common/toolkit common/store common/eval lib/include

# No include circle of more than 2 units; and a planted one is found: manifest.c
# including overlap.h closes run -> overlap -> manifest -> run.
out=$(python3 tests/include_cycles.py 2>&1) && ok || fail "include circles: $out"
tmpd=$(mktemp -d)
cp -r common generators "$tmpd"/
printf '#include "overlap.h"\n' >>"$tmpd/common/store/manifest.c"
out=$(python3 tests/include_cycles.py "$tmpd" 2>&1)
rc=$?
rm -rf "$tmpd"
[ $rc -eq 1 ] && grep -q 'circle of 3 units: common/store/manifest, common/store/overlap, common/store/run' <<<"$out" &&
    ok || fail "a planted include circle is not found: $out"
finish layers
