#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# install: `cmake --install` as docs/library.md tells it (issue 37, trap 5: the
# installed library was not found at run time).
#  - another prefix: the page's lines between <!-- prefix begin --> and
#    <!-- prefix end -->, run as shown with HOME a scratch directory and `build`
#    this build: docs/library.md's example builds with pkg-config against the
#    install, runs and prints the page's verdict, and the installed perceptv
#    imports;
#  - the system prefix /usr/local, as root, in a private mount namespace (an
#    empty /usr/local and a copy of /etc, so the machine's own are untouched):
#    the install runs ldconfig, and the example, built with the default
#    pkg-config search path and no rpath, runs with no LD_LIBRARY_PATH; Debian's
#    python3 imports the installed perceptv from /usr/local.  Skipped (with a line
#    saying so) where not root or where unshare is not allowed.
# Usage: install.sh SOURCE_DIR BUILD_DIR
set -u
SRC=$(realpath "$1")
BUILD=$(realpath "$2")
. "$SRC/tests/lib.sh"
scratch
export PATH=/usr/bin:/bin:/usr/sbin:/sbin
# a GEN_SANITIZE build's library needs the ASan runtime loaded first
preload=
readelf -d "$BUILD/lib/libperceptv.so" 2>/dev/null | grep -q 'NEEDED.*libasan' && preload=$(cc -print-file-name=libasan.so)
export ASAN_OPTIONS=detect_leaks=0
doc=$SRC/docs/library.md
sed -n '/<!-- example begin -->/,/<!-- example end -->/p' "$doc" | sed '1,2d;$d' | sed '$d' >"$WORK/example.c"
verdict=$(awk '/^It prints/{p=1; next} p && /^    verdict/{sub(/^    /, ""); print; exit}' "$doc")
[ -n "$verdict" ] && [ "$(wc -l <"$WORK/example.c")" -ge 15 ] && ok || fail "no example or no verdict line in $doc"

# ---- another prefix: the page's lines, as shown
sed -n '/<!-- prefix begin -->/,/<!-- prefix end -->/p' "$doc" | sed '1,2d;$d' | sed '$d' >"$WORK/prefix.sh"
grep -q 'cmake --install build --prefix "$HOME/.local"' "$WORK/prefix.sh" && ok || fail "the page's lines changed: $(cat "$WORK/prefix.sh")"
mkdir -p "$WORK/home/src"
cp "$WORK/example.c" "$WORK/home/src/"
ln -s "$BUILD" "$WORK/home/src/build"
(cd "$WORK/home/src" && HOME=$WORK/home LD_PRELOAD=$preload bash -e "$WORK/prefix.sh") >"$WORK/prefix.log" 2>&1
rc=$?
[ $rc = 0 ] && grep -qx "$verdict" "$WORK/prefix.log" && ok ||
    fail "docs/library.md's lines for another prefix (exit $rc): $(tail -n 20 "$WORK/prefix.log")"
version=$(sed -n 's/^#define PERCEPTV_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' "$SRC/lib/include/perceptv.h" | paste -sd.)
tail -n 1 "$WORK/prefix.log" | grep -qx "$version" && ok || fail "the installed perceptv did not print $version"
# and without the rpath the loader does not find it: what the page's advice is for
cc "$WORK/example.c" -I"$WORK/home/.local/include" -L"$WORK/home/.local/lib/$(gcc -print-multiarch)" -lperceptv \
    -o "$WORK/bare" && ! LD_PRELOAD=$preload "$WORK/bare" >/dev/null 2>&1 && ok ||
    fail "a program without rpath or LD_LIBRARY_PATH ran: the test would not see a missing one"

# ---- the system prefix, in a private mount namespace
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
    echo "install: not root or unshare not allowed here: the /usr/local install is not tried"
else
    mkdir -p "$WORK/etc"
    cp -a /etc/. "$WORK/etc/"
    export BUILD WORK preload verdict
    unshare -m bash -c '
        mount -t tmpfs none /usr/local && mount --bind "$WORK/etc" /etc || exit 9
        cmake --install "$BUILD" --prefix /usr/local >"$WORK/system-install.log" 2>&1 || exit 10
        ldconfig -p | grep -q "libperceptv.so.0 .*/usr/local/lib/" || exit 11
        cc "$WORK/example.c" $(pkg-config --cflags --libs perceptv) -o "$WORK/system-example" || exit 12
        LD_PRELOAD=$preload "$WORK/system-example" | grep -qx "$verdict" || exit 13
        cd "$WORK" && LD_PRELOAD=$preload /usr/bin/python3 -c "import perceptv; assert perceptv.__file__.startswith(\"/usr/local/\")" || exit 14
    ' >"$WORK/system.log" 2>&1
    rc=$?
    [ $rc = 0 ] && ok || fail "cmake --install --prefix /usr/local (step $rc: 10 install, 11 ldconfig cache, 12 build, 13 run, 14 python): $(cat "$WORK/system.log"; tail -n 5 "$WORK/system-install.log" 2>/dev/null)"
    grep -q "ldconfig: the loader's cache now has libperceptv.so.0" "$WORK/system-install.log" && ok ||
        fail "the install did not say it ran ldconfig: $(tail -n 5 "$WORK/system-install.log" 2>/dev/null)"
fi
finish install
