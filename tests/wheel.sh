#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# wheel: the Python package as a Python user gets it (docs/python.md, first
# section), with Debian's python3-pip, -venv, -setuptools and -wheel only:
#  - `python3 -m pip wheel --no-build-isolation --no-deps -w dist .` in a copy of
#    the source tree (no build directory in it) builds one wheel, with
#    LICENSE and the MIT classifier in its metadata;
#  - it installs into `python3 -m venv --system-site-packages` with
#    `pip install --no-index`;
#  - there, from a directory outside the source tree, `import perceptv` is the
#    installed one, and it makes and scores a sample;
#  - the Python tests (tests/python/test_*.py) pass against that install, with
#    gen's files and verdicts as the reference;
#  - one version: the wheel's name and metadata, perceptv.__version__, gen
#    --version, the build's perceptv.pc and perceptv.h's PERCEPTV_VERSION_* agree.
# Heavy (a build of every C file, then every Python test).  Exits 77 (skipped)
# without Debian's python3, pip, venv, setuptools, wheel or numpy.
# Usage: wheel.sh SOURCE_DIR GEN BUILD_DIR
set -u
SRC=$(realpath "$1")
GEN=$(realpath "$2")
BUILD=$(realpath "$3")
. "$SRC/tests/lib.sh"
PY=/usr/bin/python3
for m in pip venv setuptools wheel numpy; do
    "$PY" -c "import $m" 2>/dev/null ||
        { echo "wheel: skipped: $PY has no $m (Debian: python3-pip python3-venv python3-setuptools python3-wheel python3-numpy)"; exit 77; }
done
scratch

# a copy of the tree as a user has it: no build directories, no .git
mkdir -p "$WORK/src" "$WORK/away"
tar -C "$SRC" --exclude='./build*' --exclude=./.git --exclude=./dist -cf - . | tar -C "$WORK/src" -xf - && ok ||
    fail "cannot copy the source tree"
(cd "$WORK/src" && PIP_NO_INDEX=1 "$PY" -m pip wheel --no-build-isolation --no-deps -w dist . >"$WORK/wheel.log" 2>&1) &&
    ok || fail "pip wheel failed: $(tail -n 20 "$WORK/wheel.log")"
whl=$(ls "$WORK"/src/dist/perceptv-*.whl 2>/dev/null)
[ "$(wc -w <<<"$whl")" = 1 ] && ok || { fail "not one wheel in dist/: $whl"; finish wheel; }
# the licence goes with it, and the package's two files
"$PY" -m zipfile -l "$whl" >"$WORK/contents"
grep -q 'dist-info/LICENSE' "$WORK/contents" && grep -q 'License :: OSI Approved :: MIT License' \
    <("$PY" -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.read([n for n in z.namelist() if n.endswith('METADATA')][0]).decode())" "$whl") &&
    ok || fail "the wheel lacks LICENSE or says no MIT licence: $(cat "$WORK/contents")"
grep -q 'perceptv/_perceptv\.cpython-.*\.so' "$WORK/contents" && grep -q 'perceptv/__init__\.py' "$WORK/contents" && ok ||
    fail "the wheel lacks the package: $(cat "$WORK/contents")"
"$PY" -m venv --system-site-packages "$WORK/venv" && "$WORK/venv/bin/pip" install --no-index "$whl" \
    >"$WORK/install.log" 2>&1 && ok || fail "pip install --no-index: $(tail -n 20 "$WORK/install.log")"
VPY=$WORK/venv/bin/python

# outside the source tree: the venv's perceptv makes and scores a sample
(cd "$WORK/away" && env -u PYTHONPATH "$VPY" - "$WORK/venv" <<'PYEOF'
import sys
import perceptv
assert perceptv.__file__.startswith(sys.argv[1] + "/"), "perceptv comes from %s" % perceptv.__file__
ds = perceptv.create_dataset("counting_circles", seed=7, levels=range(1, 21))
e = ds[0]
assert e["images"][0].shape == (300, 500, 3), e["images"][0].shape
assert ds.score_answer(e["answer"], e) == 1.0 and ds.score_answer("COUNT:99", e) == 0.0
print("the installed perceptv made and scored", e["metadata"]["id"])
PYEOF
) >"$WORK/away.log" 2>&1 && ok || fail "the installed perceptv: $(cat "$WORK/away.log")"

# the Python tests, against the install (PYTHONPATH has only the tests' helpers)
for t in equal score errors misuse import torch docs; do
    args=("$SRC/tests/python/test_$t.py" "$GEN")
    [ "$t" = score ] && args+=("$SRC/tests/release_vectors")
    [ "$t" = docs ] && args+=("$SRC/docs/python.md")
    (cd "$WORK/away" && PYTHONPATH=$SRC/tests/python PYTHONDONTWRITEBYTECODE=1 "$VPY" "${args[@]}") \
        >"$WORK/$t.log" 2>&1
    rc=$?
    [ $rc = 0 ] || [ $rc = 77 ] && ok || fail "test_$t.py against the wheel: $(tail -n 15 "$WORK/$t.log")"
done

# one version
header=$(sed -n 's/^#define PERCEPTV_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' "$SRC/lib/include/perceptv.h" |
    paste -sd.)
name=$(basename "$whl" | cut -d- -f2)
meta=$("$VPY" -c "import importlib.metadata as m; print(m.version('perceptv'))")
module=$(cd "$WORK/away" && "$VPY" -c "import perceptv; print(perceptv.__version__)")
program=$("$GEN" --version | awk 'NR == 1 { print $2 }')
pc=$(PKG_CONFIG_PATH=$BUILD/lib/pkgconfig pkg-config --modversion perceptv)
[ -n "$header" ] && [ "$name" = "$header" ] && [ "$meta" = "$header" ] && [ "$module" = "$header" ] &&
    [ "$program" = "$header" ] && [ "$pc" = "$header" ] && ok ||
    fail "versions differ: perceptv.h $header, wheel $name, metadata $meta, perceptv.__version__ $module, gen $program, perceptv.pc $pc"
finish wheel
