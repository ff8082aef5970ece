#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# licence: the project's licence, stated where users and Debian look for it.
#  - LICENSE is the MIT licence, copyright 2026 the gen authors;
#  - packaging/copyright (every Debian package's copyright file) is DEP-5: its
#    Files: * paragraph is under Expat (Debian's name for MIT) with LICENSE's own
#    text, and it carries the fonts' licences with the texts of fonts/OFL.txt,
#    fonts/dejavu/DejaVu-copyright.txt and fonts/courB08-COPYRIGHT.txt;
#  - every source file of the tree has "SPDX-License-Identifier: MIT" in its first
#    lines (scripts/spdx.sh --check: C, headers, Python, shell, awk, CMake);
#  - scripts/spdx.sh, run on a copy of the tree with its SPDX lines taken out,
#    gives every source file the line
#    (as a C or # comment, after a #! line), keeps shebangs first and modes,
#    leaves data and documents alone, changes nothing on a second run, and every
#    Python file still compiles and every shell file still parses.
# Usage: licence.sh SOURCE_DIR
set -u
SRC=$(realpath "$1")
. "$SRC/tests/lib.sh"
scratch

# ---- LICENSE
head -n 1 "$SRC/LICENSE" | grep -qx "MIT License" && grep -qx "Copyright (c) 2026 the gen authors" "$SRC/LICENSE" &&
    grep -q "^Permission is hereby granted, free of charge" "$SRC/LICENSE" && ok ||
    fail "LICENSE is not the MIT licence of 2026 the gen authors"

# ---- packaging/copyright: DEP-5, and the licence texts equal their sources
C=$SRC/packaging/copyright
head -n 1 "$C" | grep -qx "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" && ok ||
    fail "packaging/copyright is not DEP-5"
awk '/^Files: \*$/{f=1; next} f && /^License:/{print; exit}' "$C" | grep -qx "License: Expat" && ok ||
    fail "packaging/copyright's Files: * is not under Expat (MIT)"
grep -qx "Copyright: 2026 the gen authors" "$C" && ok || fail "packaging/copyright does not name 2026 the gen authors"
# the body of a stand-alone "License: NAME" paragraph, as plain text
licence_text() {
    awk -v n="License: $1" 'prev == "" && $0 == n {f=1; next} f && /^[^ ]/{exit} f {print} {prev = $0}' "$C" |
        sed 's/^ //; s/^\.$//' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}
diff <(licence_text Expat) <(tail -n +5 "$SRC/LICENSE") >"$WORK/d" && ok ||
    fail "packaging/copyright's Expat text is not LICENSE's: $(cat "$WORK/d")"
diff <(licence_text OFL-1.1) <(sed -n '/^This Font Software is licensed/,$p' "$SRC/fonts/OFL.txt") >"$WORK/d" && ok ||
    fail "packaging/copyright's OFL-1.1 text is not fonts/OFL.txt's: $(head -n 20 "$WORK/d")"
grep -q "^DISCLAIMER" "$SRC/fonts/OFL.txt" && ok || fail "fonts/OFL.txt lacks the licence's DISCLAIMER"
diff <(licence_text bitstream-vera) \
    <(awk '/^License: bitstream-vera$/{f=1; next} f && /^[^ ]/{exit} f {print}' "$SRC/fonts/dejavu/DejaVu-copyright.txt" |
        sed 's/^ //; s/^\.$//' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}') >"$WORK/d" && ok ||
    fail "packaging/copyright's bitstream-vera text is not DejaVu's: $(head -n 20 "$WORK/d")"
diff <(licence_text Adobe-DEC-courB08) <(sed -n '/Adobe is a trademark/,$p' "$SRC/fonts/courB08-COPYRIGHT.txt" |
    sed 's/^  //') >"$WORK/d" && ok || fail "packaging/copyright's Adobe-DEC-courB08 text is not courB08's: $(cat "$WORK/d")"
for name in Expat OFL-1.1 bitstream-vera Adobe-DEC-courB08; do
    grep -q "^License: $name$" "$C" && [ "$(grep -c "^License: $name$" "$C")" -ge 2 ] && ok ||
        fail "packaging/copyright names $name but does not give its text (or the reverse)"
done

# ---- every source file has its SPDX line
"$SRC/scripts/spdx.sh" --check "$SRC" >"$WORK/missing" 2>&1 && ok ||
    fail "$(($(wc -l <"$WORK/missing") - 1)) source files lack 'SPDX-License-Identifier: MIT' (run scripts/spdx.sh): $(head -n 10 "$WORK/missing" | tr '\n' ' ')..."

# ---- the script, on a copy of the tree without .git
mkdir -p "$WORK/tree"
if git -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$SRC" && git ls-files -z | tar --null -T - -cf -) | tar -C "$WORK/tree" -xf -
else
    tar -C "$SRC" --exclude='./build*' --exclude=./.git -cf - . | tar -C "$WORK/tree" -xf -
fi
T=$WORK/tree
[ -f "$T/CMakeLists.txt" ] && ok || fail "cannot copy the tree"
# the copy as it was before any SPDX line (so this part tests the same whether
# the tree has had the script run over it or not): the script's own lines out
python3 - "$T" <<'PYEOF2'
import os, sys
lines = (b"/* SPDX-License-Identifier: MIT */", b"# SPDX-License-Identifier: MIT")
for d, _, files in os.walk(sys.argv[1]):
    for f in files:
        p = os.path.join(d, f)
        if os.path.islink(p):
            continue
        b = open(p, "rb").read().split(b"\n")
        for i in (0, 1):
            if len(b) > i + 1 and b[i] in lines:
                del b[i]
                open(p, "wb").write(b"\n".join(b))
                break
PYEOF2
# a few files of each kind, planted, with what the script must do to each
printf '#include <stdio.h>\nint main(void) { return 0; }\n' >"$T/planted.c"
printf '#!/usr/bin/env python3\n"""doc"""\nprint(1)\n' >"$T/planted.py"
printf '#!/bin/sh\necho hi\n' >"$T/planted-run"
chmod 755 "$T/planted-run"
printf 'not a script\n' >"$T/planted-data"
printf '{"a": 1}\n' >"$T/planted.json"
find "$T" -type f ! -name '*.png' -exec md5sum {} + | sort -k 2 >"$WORK/before"
cp -a "$T" "$WORK/orig"
"$SRC/scripts/spdx.sh" "$T" >"$WORK/run1" 2>&1 && ok || fail "spdx.sh failed: $(cat "$WORK/run1")"
"$SRC/scripts/spdx.sh" --check "$T" >"$WORK/check" 2>&1 && ok || fail "after spdx.sh, still lacking: $(head "$WORK/check")"
[ "$(head -n 1 "$T/planted.c")" = "/* SPDX-License-Identifier: MIT */" ] && ok || fail "planted.c: $(head -n 2 "$T/planted.c")"
[ "$(sed -n 1p "$T/planted.py")" = "#!/usr/bin/env python3" ] &&
    [ "$(sed -n 2p "$T/planted.py")" = "# SPDX-License-Identifier: MIT" ] && ok || fail "planted.py: $(head -n 3 "$T/planted.py")"
[ "$(sed -n 1p "$T/planted-run")" = "#!/bin/sh" ] && [ "$(sed -n 2p "$T/planted-run")" = "# SPDX-License-Identifier: MIT" ] &&
    [ -x "$T/planted-run" ] && ok || fail "planted-run: $(head -n 3 "$T/planted-run")"
[ "$(cat "$T/planted-data")" = "not a script" ] && [ "$(cat "$T/planted.json")" = '{"a": 1}' ] && ok ||
    fail "spdx.sh changed a data file"
find "$T" -type f ! -name '*.png' -exec md5sum {} + | sort -k 2 >"$WORK/after"
# what changed is only source files, each by one line
join -1 2 -2 2 "$WORK/before" "$WORK/after" | awk '$2 != $3 {print $1}' >"$WORK/changed"
bad=$(grep -vE '\.(c|h|py|sh|bash|sbatch|awk|cmake)$|CMakeLists\.txt$|/run$|planted-run$' "$WORK/changed")
[ -z "$bad" ] && ok || fail "spdx.sh changed files that are no source: $bad"
# each changed file: the original with one line added, that line the SPDX comment
# of its kind, first or right after a #! line (kept first), the mode kept; every
# changed Python file still compiles, every shell file still parses
python3 - "$WORK/orig" "$T" "$WORK/changed" >"$WORK/verify" 2>&1 <<'PYEOF2'
import os, stat, sys
orig, tree, listing = sys.argv[1:4]
bad, n = [], 0
for path in open(listing).read().split():
    rel = os.path.relpath(path, tree)
    a = open(os.path.join(orig, rel), "rb").read().split(b"\n")
    b = open(path, "rb").read().split(b"\n")
    c = rel.endswith((".c", ".h"))
    line = b"/* SPDX-License-Identifier: MIT */" if c else b"# SPDX-License-Identifier: MIT"
    at = 1 if a[0].startswith(b"#!") else 0
    if b != a[:at] + [line] + a[at:]:
        bad.append(rel + ": not the original with its SPDX line at line %d" % (at + 1))
    if os.stat(path).st_mode != os.stat(os.path.join(orig, rel)).st_mode:
        bad.append(rel + ": mode changed")
    if rel.endswith(".py"):
        try:
            compile(open(path, "rb").read(), rel, "exec")
        except SyntaxError as e:
            bad.append(rel + ": " + str(e))
    n += 1
print("\n".join(bad) if bad else "%d files: one line each, in place" % n)
sys.exit(1 if bad else 0)
PYEOF2
[ $? = 0 ] && ok || fail "spdx.sh did more or other than add its line: $(head -n 10 "$WORK/verify")"
[ "$(wc -l <"$WORK/changed")" -gt 250 ] && ok || fail "spdx.sh changed only $(wc -l <"$WORK/changed") files"
grep -E '\.(sh|bash|sbatch)$|/run$|planted-run$' "$WORK/changed" | while read -r f; do
    bash -n "$f" 2>&1 || echo "$f does not parse"
done >"$WORK/parse"
[ ! -s "$WORK/parse" ] && ok || fail "after spdx.sh: $(head -n 5 "$WORK/parse")"
grep -q '/\.ci/run$' "$WORK/changed" && grep -q '/scripts/slurm-gen-all\.sbatch$' "$WORK/changed" && ok ||
    fail "spdx.sh left .ci/run or the Slurm script alone"
cp "$WORK/after" "$WORK/once"
"$SRC/scripts/spdx.sh" "$T" >"$WORK/run2" 2>&1
find "$T" -type f ! -name '*.png' -exec md5sum {} + | sort -k 2 >"$WORK/twice"
cmp -s "$WORK/once" "$WORK/twice" && grep -q "added the SPDX line to 0 files" "$WORK/run2" && ok ||
    fail "a second run of spdx.sh changed files: $(cat "$WORK/run2")"
finish licence
