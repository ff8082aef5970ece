#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# package: the Debian packages CPack builds (packaging/CMakeLists.txt), and what
# they hold, installed away from the source tree.
#  - cpack makes gen, libperceptv0, libperceptv-dev and python3-perceptv
#    (NAME_VERSION_ARCH.deb); lintian, where installed, reports no error and no
#    warning on them (no overrides);
#  - gen's Depends names the package of every shared library gen links (found
#    here with readelf, ldd and dpkg -S); the packaged gen links Cairo, libpng,
#    FreeType and zlib shared (Debian policy: their security updates reach gen),
#    and Depends names libcairo2, libpng16-16, libfreetype6 and zlib1g (a
#    GEN_STATIC_DEPS=ON build is a local one, not a package build: skipped);
#  - gen holds bin/gen, the man page (compressed), the bash completion and the
#    Slurm job script (executable), each equal to the source's, and no font file
#    (the fonts are built in; Suggests names Debian's packages of the same files);
#  - libperceptv0 holds libperceptv.so.0 (mode 644) in /usr/lib/<multiarch> with
#    its shlibs file and an ldconfig trigger and no maintainer script;
#    libperceptv-dev the header, the .so link and perceptv.pc, and Depends on
#    libperceptv0 of its version; python3-perceptv the package perceptv with a
#    stripped extension and Depends on its Python and numpy's ABI;
#  - every package has usr/share/doc/PACKAGE/copyright (packaging/copyright) and
#    changelog.gz (a Debian changelog of this version);
#  - the packaged gen, unpacked elsewhere and run with the source and build trees
#    out of reach (a private mount namespace with empty file systems over both,
#    where unshare is allowed), makes the same files as the built gen, and they
#    check and verify; it holds no path to the source's fonts/;
#  - GEN_FONT still overrides the built-in font (same output from a copy of the
#    font file, and from Debian's fonts-liberation2 / fonts-dejavu-core files where
#    installed; exit 4 for another file or a missing one), and GEN_FONT_DEJAVU,
#    GEN_FONT_DEJAVU_BOLD the DejaVu ones (numbered_shapes draws both);
#  - docs/library.md's example builds against the unpacked libperceptv-dev with
#    pkg-config and runs; the unpacked perceptv imports and scores.
#  Exits 77 (ctest: skipped) without dpkg-deb, dpkg-shlibdeps or readelf.
set -u
GEN=$(realpath "$1")
BUILD=$(realpath "$2")
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
. "$HERE/lib.sh"
for tool in cpack dpkg-deb dpkg-shlibdeps readelf; do
    command -v "$tool" >/dev/null || { echo "package: skipped: $tool is not installed (dpkg-dev, binutils)"; exit 77; }
done
if grep -q '^GEN_STATIC_DEPS:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
    echo "package: skipped: this build links Cairo and its kin statically (GEN_STATIC_DEPS=ON), not a package build"
    exit 77
fi
scratch

cpack --config "$BUILD/CPackConfig.cmake" -B "$WORK/pkg" >"$WORK/cpack.log" 2>&1 && ok ||
    fail "cpack failed: $(tail -n 5 "$WORK/cpack.log")"
version=$("$GEN" --version | awk 'NR == 1 { print $2 }')
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
deb=$WORK/pkg/gen_${version}_$arch.deb
[ -f "$deb" ] && ok || { fail "no $deb"; finish package; }
[ "$(dpkg-deb -f "$deb" Package)" = gen ] && ok || fail "the package is not named gen"
packages="gen libperceptv0 libperceptv-dev"
python_built=
[ -n "$(ls "$BUILD"/python/perceptv/_perceptv.*.so 2>/dev/null)" ] && python_built=1 && packages="$packages python3-perceptv"
for p in $packages; do
    [ -f "$WORK/pkg/${p}_${version}_$arch.deb" ] && ok || fail "cpack made no ${p}_${version}_$arch.deb"
done
[ "$(ls "$WORK"/pkg/*.deb | wc -l)" = "$(wc -w <<<"$packages")" ] && ok || fail "other packages: $(ls "$WORK/pkg")"
pkg() { echo "$WORK/pkg/${1}_${version}_$arch.deb"; }

# lintian: no error, no warning, and no override to hide one
if command -v lintian >/dev/null; then
    lintian --fail-on error,warning "$WORK"/pkg/*.deb >"$WORK/lintian.log" 2>&1 && ok ||
        fail "lintian: $(grep -v 'running with root' "$WORK/lintian.log")"
    grep -E '^[EW]: ' "$WORK/lintian.log" && fail "lintian reported the lines above" || ok
    for p in $packages; do
        dpkg-deb -c "$(pkg "$p")" | grep -q lintian/overrides && fail "$p carries lintian overrides" || ok
    done
else
    echo "package: lintian is not installed here, so the packages are not linted (CI installs it)"
fi

# Depends: the package of each library gen links directly.
depends=$(dpkg-deb -f "$deb" Depends)
needed=$(readelf -d "$GEN" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
# (libc, libm and cJSON at least)
[ "$(wc -w <<<"$needed")" -ge 3 ] && grep -q '^libc\.so' <<<"$needed" && ok || fail "gen links only: $needed"
for lib in $needed; do
    path=$(ldd "$GEN" | awk -v l="$lib" '$1 == l { print $3 }')
    pkg=$(dpkg -S "$(realpath "$path")" 2>/dev/null | head -n 1 | cut -d: -f1)
    [ -n "$pkg" ] || pkg=$(dpkg -S "$path" 2>/dev/null | head -n 1 | cut -d: -f1)
    grep -qE "(^|, )$pkg( |,|$)" <<<"$depends" && ok || fail "Depends lacks $pkg (for $lib): $depends"
done
grep -q "fonts-liberation2" <<<"$(dpkg-deb -f "$deb" Suggests)" && ok || fail "gen does not suggest fonts-liberation2"

# Contents: every package unpacked into one tree.
mkdir -p "$WORK/root"
for p in $packages; do
    dpkg-deb -x "$(pkg "$p")" "$WORK/root" && ok || fail "dpkg-deb -x $p"
    cmp -s "$WORK/root/usr/share/doc/$p/copyright" "$SRC/packaging/copyright" && ok ||
        fail "$p has no usr/share/doc/$p/copyright equal to packaging/copyright"
    zcat "$WORK/root/usr/share/doc/$p/changelog.gz" 2>/dev/null | head -n 1 | grep -q "^gen ($version) " && ok ||
        fail "$p has no changelog.gz of version $version"
    ! dpkg-deb -c "$(pkg "$p")" | grep -qiE '\.(ttf|otf|pcf)' && ok || fail "$p ships a font file"
done
R=$WORK/root/usr
cmp -s <(zcat "$R/share/man/man1/gen.1.gz") "$SRC/docs/gen.1" && ok || fail "the package's gen.1.gz is not docs/gen.1"
for pair in share/bash-completion/completions/gen:scripts/completion.bash \
    share/gen/slurm-gen-all.sbatch:scripts/slurm-gen-all.sbatch; do
    cmp -s "$R/${pair%%:*}" "$SRC/${pair#*:}" && ok || fail "the package's ${pair%%:*} is not ${pair#*:}"
done
[ -x "$R/share/gen/slurm-gen-all.sbatch" ] && ok || fail "the Slurm job script is not executable"
[ -x "$R/bin/gen" ] && ok || fail "the package has no executable usr/bin/gen"
# The libraries that decode and draw what strangers send are shared, and Depends
# names their packages.
pneeded=$(readelf -d "$R/bin/gen" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for lib in libcairo.so libpng16.so libfreetype.so libz.so; do
    grep -q "^$lib" <<<"$pneeded" && ok || fail "the packaged gen does not link $lib shared: $(echo $pneeded)"
done
for pkg in libcairo2 libpng16-16 libfreetype6 zlib1g; do
    grep -qE "(^|, )$pkg( |,|$)" <<<"$depends" && ok || fail "Depends lacks $pkg: $depends"
done
# (Debug and sanitizer builds name their source files; none names the font's.)
grep -qF "$SRC/fonts" "$R/bin/gen" && fail "the packaged gen holds the path $SRC/fonts" || ok

# The library's package: soname, mode, shlibs, trigger, no maintainer scripts.
lib=$(pkg libperceptv0)
[ -f "$R/lib/$multiarch/libperceptv.so.${version}" ] && [ -L "$R/lib/$multiarch/libperceptv.so.0" ] && ok ||
    fail "libperceptv0 has no usr/lib/$multiarch/libperceptv.so.0"
[ "$(stat -c %a "$R/lib/$multiarch/libperceptv.so.${version}")" = 644 ] && ok || fail "libperceptv.so is executable"
dpkg-deb -I "$lib" shlibs | grep -qx "libperceptv 0 libperceptv0 (>= $version)" && ok || fail "libperceptv0's shlibs"
dpkg-deb -I "$lib" triggers | grep -qx "activate-noawait ldconfig" && ok || fail "libperceptv0 has no ldconfig trigger"
for p in $packages; do
    dpkg-deb --ctrl-tarfile "$(pkg "$p")" | tar -t | grep -qE 'postinst|postrm|preinst|prerm' &&
        fail "$p has maintainer scripts" || ok
done
grep -qE '(^|, )libcairo2' <<<"$(dpkg-deb -f "$lib" Depends)" && ok || fail "libperceptv0's Depends: $(dpkg-deb -f "$lib" Depends)"
[ "$(dpkg-deb -f "$(pkg libperceptv-dev)" Depends)" = "libperceptv0 (= $version)" ] && ok ||
    fail "libperceptv-dev's Depends: $(dpkg-deb -f "$(pkg libperceptv-dev)" Depends)"
[ "$(readlink "$R/lib/$multiarch/libperceptv.so")" = libperceptv.so.0 ] && ok || fail "libperceptv-dev has no .so link"
if [ -n "$python_built" ]; then
    pydeps=$(dpkg-deb -f "$(pkg python3-perceptv)" Depends)
    abi=$(sed -n 's/^abi //p' /usr/share/numpy3/versions 2>/dev/null)
    grep -q "python3 (<< 3\.[0-9]*)" <<<"$pydeps" && { [ -z "$abi" ] || grep -q "python3-numpy-abi$abi" <<<"$pydeps"; } &&
        ok || fail "python3-perceptv's Depends: $pydeps"
    file "$R"/lib/python3/dist-packages/perceptv/_perceptv.*.so | grep -q ', stripped' && ok ||
        fail "the packaged extension is not stripped"
fi

# The packaged gen, away from the source and build trees.
mkdir -p "$WORK/away" "$WORK/built"
cmd="gen counting_circles --num_images 2 --num_sizes 1..20 --seed 7 --out cc"
run_away() {
    cd "$WORK/away" && env -u GEN_FONT -u GEN_FONT_DEJAVU -u GEN_FONT_DEJAVU_BOLD PATH="$R/bin:/usr/bin:/bin" \
        bash -c "$cmd && gen sort_lines --num_images 1 --seed 7 --out sl --quiet &&
            gen numbered_shapes --num_images 1 --seed 7 --out ns --quiet && gen check cc && gen verify cc"
}
if unshare -m true 2>/dev/null; then
    export -f run_away
    export WORK R cmd
    unshare -m bash -c "mount -t tmpfs none '$BUILD' && mount -t tmpfs none '$SRC' && [ ! -e '$SRC/CMakeLists.txt' ] &&
        run_away" >"$WORK/away.log" 2>&1 && ok || fail "packaged gen, source out of reach: $(cat "$WORK/away.log")"
else
    echo "package: unshare not allowed here, so the source tree stays visible"
    run_away >"$WORK/away.log" 2>&1 && ok || fail "packaged gen: $(cat "$WORK/away.log")"
fi
(cd "$WORK/built" && export -n GEN_FONT GEN_FONT_DEJAVU GEN_FONT_DEJAVU_BOLD && "$GEN" ${cmd#gen } --quiet &&
    "$GEN" sort_lines --num_images 1 --seed 7 --out sl --quiet &&
    "$GEN" numbered_shapes --num_images 1 --seed 7 --out ns --quiet) && ok || fail "built gen"
for d in cc sl ns; do
    diff -r -x gen.json "$WORK/away/$d" "$WORK/built/$d" >/dev/null && ok || fail "$d: packaged gen's output differs"
    diff <(grep -v '"command"' "$WORK/away/$d/gen.json") <(grep -v '"command"' "$WORK/built/$d/gen.json") >/dev/null &&
        ok || fail "$d: gen.json differs in more than its command"
done
grep -q "cc: valid" "$WORK/away.log" && ok || fail "gen check did not pass: $(cat "$WORK/away.log")"

# GEN_FONT still overrides the built-in font: a copy of the font file gives the
# same images, and so do Debian's font packages' files where installed (the same
# bytes); another file, or none, is refused with exit 4.
mkdir -p "$WORK/fonts"
cp "$SRC/fonts/LiberationSans-Regular.ttf" "$SRC/fonts/dejavu/DejaVuSans.ttf" "$SRC/fonts/dejavu/DejaVuSans-Bold.ttf" \
    "$SRC/fonts/OFL.txt" "$WORK/fonts/"
liberation="$WORK/fonts/LiberationSans-Regular.ttf"
dejavu="$WORK/fonts/DejaVuSans.ttf"
dejavu_bold="$WORK/fonts/DejaVuSans-Bold.ttf"
for f in /usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf; do [ -f "$f" ] && liberation="$liberation $f"; done
for f in /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf; do [ -f "$f" ] && dejavu="$dejavu $f"; done
for f in /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf; do [ -f "$f" ] && dejavu_bold="$dejavu_bold $f"; done
for f in $liberation; do
    rm -rf "$WORK/away/sl2"
    (cd "$WORK/away" && GEN_FONT=$f "$R/bin/gen" sort_lines --num_images 1 --seed 7 --out sl2 --quiet) &&
        diff -r -x gen.json "$WORK/away/sl" "$WORK/away/sl2" >/dev/null && ok ||
        fail "GEN_FONT=$f changes the output"
done
msg=$(cd "$WORK/away" && GEN_FONT=$WORK/fonts/OFL.txt "$R/bin/gen" sort_lines --seed 7 --out sl3 2>&1)
[ $? -eq 4 ] && grep -q "has SHA-256 [0-9a-f]*, not the bundled" <<<"$msg" && [ ! -e "$WORK/away/sl3" ] && ok ||
    fail "GEN_FONT naming another file: $msg"
msg=$(cd "$WORK/away" && GEN_FONT=$WORK/none.ttf "$R/bin/gen" sort_lines --seed 7 --out sl3 2>&1)
[ $? -eq 4 ] && grep -q "cannot open font '$WORK/none.ttf'" <<<"$msg" && ok || fail "GEN_FONT naming no file: $msg"
# GEN_FONT_DEJAVU and GEN_FONT_DEJAVU_BOLD likewise.
set -- $dejavu_bold
for f in $dejavu; do
    rm -rf "$WORK/away/ns2"
    (cd "$WORK/away" && GEN_FONT_DEJAVU=$f GEN_FONT_DEJAVU_BOLD=$1 "$R/bin/gen" numbered_shapes --num_images 1 \
        --seed 7 --out ns2 --quiet) && diff -r -x gen.json "$WORK/away/ns" "$WORK/away/ns2" >/dev/null && ok ||
        fail "GEN_FONT_DEJAVU=$f GEN_FONT_DEJAVU_BOLD=$1 change the output"
    [ $# -gt 1 ] && shift
done
msg=$(cd "$WORK/away" && GEN_FONT_DEJAVU_BOLD=$WORK/fonts/DejaVuSans.ttf "$R/bin/gen" numbered_shapes \
    --seed 7 --out ns3 2>&1)
[ $? -eq 4 ] && grep -q "not the bundled DejaVu Sans Bold's" <<<"$msg" && [ ! -e "$WORK/away/ns3" ] && ok ||
    fail "GEN_FONT_DEJAVU_BOLD naming another font: $msg"

# libperceptv and the Python package perceptv (docs/library.md, docs/python.md):
# the header, the library with its soname, perceptv.pc (its prefix found from
# where it lies) and docs/library.md's example built against the unpacked tree.
cmp -s "$R/include/perceptv.h" "$SRC/lib/include/perceptv.h" && ok || fail "the package has no usr/include/perceptv.h"
so=$(find "$R/lib" -name libperceptv.so.0 | head -n 1)
[ -n "$so" ] && readelf -d "$so" | grep -q 'SONAME.*\[libperceptv\.so\.0\]' && ok ||
    fail "the package has no libperceptv.so.0 with that soname"
pc=$(find "$R/lib" -name perceptv.pc | head -n 1)
# a GEN_SANITIZE build's library needs the ASan runtime first: preload it to run programs
preload=
readelf -d "$so" 2>/dev/null | grep -q 'NEEDED.*libasan' && preload=$(cc -print-file-name=libasan.so)
if [ -n "$pc" ] && [ -n "$so" ]; then
    sed -n '/<!-- example begin -->/,/<!-- example end -->/p' "$SRC/docs/library.md" | sed '1,2d;$d' | sed '$d' \
        >"$WORK/example.c"
    flags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs perceptv)
    cc "$WORK/example.c" $flags -o "$WORK/example" && LD_PRELOAD=$preload LD_LIBRARY_PATH=$(dirname "$so") "$WORK/example" |
        grep -q "^verdict 1" && ok || fail "docs/library.md's example against the package: $flags"
else
    fail "the package has no perceptv.pc"
fi
py=$(find "$R/lib" -path '*dist-packages/perceptv/__init__.py' | head -n 1)
[ -z "$python_built" ] || { [ -n "$py" ] && ls "$(dirname "$py")"/_perceptv.*.so >/dev/null 2>&1; } && ok ||
    fail "python3-perceptv has no Python package perceptv in a dist-packages directory"
if [ -n "$py" ] && /usr/bin/python3 -c "import numpy" 2>/dev/null; then
    LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0 PYTHONPATH=$(dirname "$(dirname "$py")") /usr/bin/python3 -c "import perceptv
ds = perceptv.create_dataset('counting_circles', seed=7, levels=range(1, 21)); e = ds[0]
assert ds.score_answer(e['answer'], e) == 1.0" && ok || fail "the packaged perceptv does not import and score"
fi
finish package
