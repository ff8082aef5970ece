#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# png_output: the PNG writer and --compression end to end.
#  - pngcheck passes every image of both compressions, and the IDAT is one chunk;
#  - small files are smaller than fast ones and decode to the same pixels (verify);
#  - gen.json records the compression and the encoder; gen --version names both;
#  - verify passes images re-encoded by another encoder with identical pixels, says
#    so in one line, and still fails an image whose pixels differ;
#  - merge refuses shards written with different compressions.
set -u
GEN=$1
. "$(dirname "$0")/lib.sh"
scratch
T=counting_circles
command -v pngcheck >/dev/null || { fail "pngcheck is not installed (sh scripts/install-deps.sh)"; finish png_output; }

"$GEN" $T --seed 5 --num_images 2 --num_sizes 1 9 20 --out "$WORK/fast" --quiet && ok || fail "fast run"
"$GEN" $T --seed 5 --num_images 2 --num_sizes 1 9 20 --compression small --out "$WORK/small" --quiet &&
    ok || fail "small run"
for d in fast small; do
    out=$(pngcheck -q "$WORK/$d"/data/*.png 2>&1) && ok || fail "pngcheck ($d): $out"
    pngcheck -v "$WORK/$d/data/1.png" | grep -c "chunk IDAT" | grep -qx 1 && ok || fail "$d: not one IDAT chunk"
    grep -q "\"compression\":	\"$d\"" "$WORK/$d/gen.json" && ok || fail "$d: gen.json does not record the compression"
    "$GEN" verify "$WORK/$d" --quiet && ok || fail "$d: does not verify"
done
grep -q '"encoder":	"zlib [0-9.]* level 9, filter none"' "$WORK/small/gen.json" && ok ||
    fail "small: gen.json does not name its encoder"
fast=$(cat "$WORK"/fast/data/*.png | wc -c)
small=$(cat "$WORK"/small/data/*.png | wc -c)
[ "$small" -lt "$fast" ] && ok || fail "small files ($small bytes) are not smaller than fast ones ($fast)"
"$GEN" --version | grep -q "^png: --compression fast: " && ok || fail "gen --version does not name the encoder"
"$GEN" $T --compression tiny --out "$WORK/bad" 2>&1 | grep -q "bad --compression 'tiny' (expected fast or small)" &&
    [ ! -e "$WORK/bad" ] && ok || fail "bad --compression accepted"

# Same pixels, other bytes: the small run's image in the fast run, its hash updated
# in gen.json as a re-encoding tool would leave it.
rehash() { # dir file-in-dir
    local old new
    old=$(grep -o "\"$2\":	\"[0-9a-f]*\"" "$1/gen.json" | grep -o '[0-9a-f]\{64\}')
    new=$(sha256sum "$1/$2" | cut -c1-64)
    sed -i "s/$old/$new/" "$1/gen.json"
}
cp -r "$WORK/fast" "$WORK/re"
cp "$WORK/small/data/3.png" "$WORK/re/data/3.png"
rehash "$WORK/re" data/3.png
cmp -s "$WORK/re/data/3.png" "$WORK/fast/data/3.png" && fail "the small image has the fast image's bytes" || ok
out=$("$GEN" verify "$WORK/re")
[ $? -eq 0 ] && ok || fail "verify failed a re-encoded image with identical pixels: $out"
[ "$(grep -c "PNG files have identical pixels but other bytes" <<<"$out")" -eq 1 ] && ok ||
    fail "verify did not say once that 1 file is encoded differently: $out"
grep -qE "^$WORK/re: 1 PNG files have identical pixels but other bytes \(written by (isa-l|zlib) .*; this gen writes (isa-l|zlib) " <<<"$out" && ok ||
    fail "verify's line does not count the file or name the encoders: $out"
# Other pixels in the same kind of file still fail.
cp -r "$WORK/fast" "$WORK/px"
cp "$WORK/small/data/4.png" "$WORK/px/data/3.png"
rehash "$WORK/px" data/3.png
out=$("$GEN" verify "$WORK/px")
[ $? -eq 1 ] && ok || fail "verify passed an image with other pixels"
grep -q "data/3.png: differs ([1-9][0-9]* pixels differ)" <<<"$out" && ok || fail "verify did not name the image: $out"
# A re-encoded image that gen.json does not list is a difference too.
cp -r "$WORK/fast" "$WORK/unlisted"
cp "$WORK/small/data/3.png" "$WORK/unlisted/data/3.png"
"$GEN" verify "$WORK/unlisted" >/dev/null
[ $? -eq 1 ] && ok || fail "verify passed an image that does not match gen.json's hash"

# Merge: shards of one compression merge and keep it; mixed compressions are refused.
for k in 1 2; do
    "$GEN" $T --seed 5 --num_images 2 --num_sizes 3 4 --shard $k/2 --compression small --out "$WORK/s$k" --quiet
done
"$GEN" $T --seed 5 --num_images 2 --num_sizes 3 4 --shard 2/2 --out "$WORK/f2" --quiet
"$GEN" merge "$WORK/m" "$WORK/s1" "$WORK/s2" --quiet && ok || fail "merge of small shards"
grep -q '"compression":	"small"' "$WORK/m/gen.json" && ok || fail "merged gen.json lost the compression"
"$GEN" verify "$WORK/m" --quiet && ok || fail "merged small shards do not verify"
"$GEN" merge "$WORK/mixed" "$WORK/s1" "$WORK/f2" --quiet 2>/dev/null
[ $? -eq 2 ] && [ ! -e "$WORK/mixed" ] && ok || fail "merge accepted shards of different compressions"
finish png_output
