#!/usr/bin/env bash
# package: the Debian package CPack builds, and the installed gen it holds.
#  - cpack -G DEB makes gen_VERSION_ARCH.deb; its Depends names the package of
#    every shared library gen links (found here with readelf, ldd and dpkg -S);
#  - the packaged gen links Cairo, libpng, FreeType and zlib shared (Debian
#    policy: their security updates reach gen), and Depends names libcairo2,
#    libpng16-16, libfreetype6 and zlib1g (a GEN_STATIC_DEPS=ON build is a local
#    one, not a package build: skipped);
#  - it holds bin/gen, the man page, the bash completion, the fonts and licences,
#    and the Slurm job script, each equal to the source's file;
#  - the packaged gen, unpacked elsewhere and run with the source and build trees
#    out of reach (a private mount namespace with empty file systems over both,
#    where unshare is allowed), makes the same files as the built gen, and they
#    check and verify; it holds no path to the source's fonts/;
#  - GEN_FONT still overrides the built-in font (same output from the installed
#    font file; exit 4 for another file or a missing one), and GEN_FONT_DEJAVU,
#    GEN_FONT_DEJAVU_BOLD the DejaVu ones (numbered_shapes draws both).
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
deb=$WORK/pkg/gen_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] && ok || { fail "no $deb"; finish package; }
[ "$(dpkg-deb -f "$deb" Package)" = gen ] && ok || fail "the package is not named gen"

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

# Contents.
mkdir -p "$WORK/root"
dpkg-deb -x "$deb" "$WORK/root" && ok || fail "dpkg-deb -x"
R=$WORK/root/usr
for pair in share/man/man1/gen.1:docs/gen.1 share/bash-completion/completions/gen:scripts/completion.bash \
    share/gen/fonts/LiberationSans-Regular.ttf:fonts/LiberationSans-Regular.ttf share/gen/fonts/OFL.txt:fonts/OFL.txt \
    share/gen/fonts/courB08-COPYRIGHT.txt:fonts/courB08-COPYRIGHT.txt \
    share/gen/fonts/DejaVuSans.ttf:fonts/dejavu/DejaVuSans.ttf share/gen/fonts/DejaVuSans-Bold.ttf:fonts/dejavu/DejaVuSans-Bold.ttf \
    share/gen/fonts/DejaVu-copyright.txt:fonts/dejavu/DejaVu-copyright.txt \
    share/gen/slurm-gen-all.sbatch:scripts/slurm-gen-all.sbatch; do
    cmp -s "$R/${pair%%:*}" "$SRC/${pair#*:}" && ok || fail "the package's ${pair%%:*} is not ${pair#*:}"
done
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

# GEN_FONT still overrides the built-in font: the installed file gives the same
# images; another file, or none, is refused with exit 4.
(cd "$WORK/away" && GEN_FONT=$R/share/gen/fonts/LiberationSans-Regular.ttf "$R/bin/gen" sort_lines --num_images 1 \
    --seed 7 --out sl2 --quiet) && diff -r -x gen.json "$WORK/away/sl" "$WORK/away/sl2" >/dev/null && ok ||
    fail "GEN_FONT naming the installed font changes the output"
msg=$(cd "$WORK/away" && GEN_FONT=$R/share/gen/fonts/OFL.txt "$R/bin/gen" sort_lines --seed 7 --out sl3 2>&1)
[ $? -eq 4 ] && grep -q "has SHA-256 [0-9a-f]*, not the bundled" <<<"$msg" && [ ! -e "$WORK/away/sl3" ] && ok ||
    fail "GEN_FONT naming another file: $msg"
msg=$(cd "$WORK/away" && GEN_FONT=$WORK/none.ttf "$R/bin/gen" sort_lines --seed 7 --out sl3 2>&1)
[ $? -eq 4 ] && grep -q "cannot open font '$WORK/none.ttf'" <<<"$msg" && ok || fail "GEN_FONT naming no file: $msg"
# GEN_FONT_DEJAVU and GEN_FONT_DEJAVU_BOLD likewise.
(cd "$WORK/away" && GEN_FONT_DEJAVU=$R/share/gen/fonts/DejaVuSans.ttf \
    GEN_FONT_DEJAVU_BOLD=$R/share/gen/fonts/DejaVuSans-Bold.ttf "$R/bin/gen" numbered_shapes --num_images 1 \
    --seed 7 --out ns2 --quiet) && diff -r -x gen.json "$WORK/away/ns" "$WORK/away/ns2" >/dev/null && ok ||
    fail "GEN_FONT_DEJAVU(_BOLD) naming the installed fonts changes the output"
msg=$(cd "$WORK/away" && GEN_FONT_DEJAVU_BOLD=$R/share/gen/fonts/DejaVuSans.ttf "$R/bin/gen" numbered_shapes \
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
[ -n "$py" ] && ls "$(dirname "$py")"/_perceptv.*.so >/dev/null 2>&1 && ok ||
    fail "the package has no Python package perceptv in a dist-packages directory"
if [ -n "$py" ] && /usr/bin/python3 -c "import numpy" 2>/dev/null; then
    LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0 PYTHONPATH=$(dirname "$(dirname "$py")") /usr/bin/python3 -c "import perceptv
ds = perceptv.create_dataset('counting_circles', seed=7, levels=range(1, 21)); e = ds[0]
assert ds.score_answer(e['answer'], e) == 1.0" && ok || fail "the packaged perceptv does not import and score"
fi
finish package
