#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# spdx.sh - the licence line of every source file of the project.
#
#   scripts/spdx.sh [DIR]           adds "SPDX-License-Identifier: MIT" to every
#                                   source file under DIR (default: this tree) that
#                                   has no SPDX line, and says how many it changed
#   scripts/spdx.sh --check [DIR]   lists the source files without one; exit 1 if any
#
# Source files: C (.c, .h), Python (.py), shell (.sh, .bash, .sbatch, and files
# without an extension whose first line is a shell's #!), awk (.awk), CMake
# (CMakeLists.txt, .cmake); the files git tracks when DIR is a git work tree,
# else every such file but those in build*/ and .git/.  Not touched: fonts,
# images, JSON and JSONL data, Markdown and the other documents.
# The line is the file's first, as a comment of its language (/* ... */ in C,
# # ... elsewhere), or its second after a #! line.  A file that already has an
# SPDX line in its first three lines is left as it is, so a second run changes
# nothing.  tests/licence.sh checks the tree and the script.
set -euo pipefail
check=0
if [ "${1:-}" = --check ]; then
    check=1
    shift
fi
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
LINE="SPDX-License-Identifier: MIT"

list_files() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files -z | tr '\0' '\n'
    else
        find . -path ./.git -prune -o -path './build*' -prune -o -type f -print | sed 's|^\./||'
    fi
}

# KIND: the comment style of source file $1 ("c" or "hash"), or empty for other
# files; FIRST: its first line (bash builtins only: this runs on every file)
kind() {
    local base=${1##*/} l2= l3=
    KIND= FIRST= HAS=
    { IFS= read -r FIRST; IFS= read -r l2; IFS= read -r l3; } <"$1" 2>/dev/null || true
    case $base in
    *.c | *.h) KIND=c ;;
    *.py | *.sh | *.bash | *.sbatch | *.awk | *.cmake | CMakeLists.txt) KIND=hash ;;
    *.*) ;;
    *) [[ $FIRST =~ ^\#!.*/(env\ +)?(ba|da|k|z)?sh(\ |$) ]] && KIND=hash ;;
    esac
    [[ "$FIRST$l2$l3" == *SPDX-License-Identifier:* ]] && HAS=1
    return 0
}

missing=0
changed=0
while IFS= read -r f; do
    [ -f "$f" ] && [ ! -L "$f" ] || continue
    kind "$f"
    [ -n "$KIND" ] && [ -z "$HAS" ] || continue
    if [ $check = 1 ]; then
        echo "$f"
        missing=$((missing + 1))
        continue
    fi
    if [ "$KIND" = c ]; then
        comment="/* $LINE */"
    else
        comment="# $LINE"
    fi
    tmp=$(mktemp "$f.spdx.XXXXXX")
    if [[ $FIRST == '#!'* ]]; then
        { printf '%s\n%s\n' "$FIRST" "$comment"; tail -n +2 "$f"; } >"$tmp"
    else
        { printf '%s\n' "$comment"; cat "$f"; } >"$tmp"
    fi
    chmod --reference="$f" "$tmp"
    mv "$tmp" "$f"
    changed=$((changed + 1))
done < <(list_files)

if [ $check = 1 ]; then
    [ $missing = 0 ] || { echo "$missing source files have no SPDX line (scripts/spdx.sh adds it)" >&2; exit 1; }
    exit 0
fi
echo "spdx.sh: added the SPDX line to $changed files"
