#!/bin/sh
# SPDX-License-Identifier: MIT
# What a gen process costs before its first image, and what the static archives
# save: the same source built with GEN_STATIC_DEPS=ON (build-static/, made here:
# Cairo, pixman, FreeType, libpng, zlib, libdeflate and Nettle linked from
# Debian's static archives) against gen as built by default, every library shared
# (build/, what the Debian package ships).
# Paired whole-process runs with farm-bench (medians; CPU = user + system):
#   1. gen --version (loading and linking only),
#   2. gen counting_circles, one image (the font, the tables, one PNG),
#   3. gen counting_circles, the release's 200 images (on a tmpfs when there is
#      one: see bench/originals.sh on ext4's cost of recreating files).
#   4. with BASE_GEN=/path/to/an/older/gen: 1 and 3 against that binary too (an
#      older build, e.g. one from before Nettle replaced libcrypto).
# usage: [BASE_GEN=...] bench/startup.sh      (needs farm-bench; RUNS, default 20)
set -eu
cd "$(dirname "$0")/.."
command -v farm-bench >/dev/null || { echo "startup: skipped: farm-bench is not installed"; exit 0; }
runs=${RUNS:-20}
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DGEN_STATIC_DEPS=OFF >/dev/null
cmake --build build -j --target gen >/dev/null
cmake -S . -B build-static -DCMAKE_BUILD_TYPE=Release -DGEN_STATIC_DEPS=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build build-static -j --target gen >/dev/null
static=$PWD/build-static/gen
shared=$PWD/build/gen
echo "static: $(readelf -d "$static" | grep -c NEEDED) shared libraries named; shared build: $(ldd "$shared" | wc -l) loaded"
tmp=/tmp
[ -d /dev/shm ] && [ -w /dev/shm ] && tmp=/dev/shm
work=$(mktemp -d -p "$tmp")
trap 'rm -rf "$work"' EXIT
echo "== 1. gen --version (A: static archives, B: all shared)"
farm-bench -n "$runs" --vs "$shared --version" -- "$static" --version
echo "== 2. gen counting_circles, one image"
farm-bench -n "$runs" \
    --vs "sh -c 'rm -rf $work/b && exec $shared counting_circles --num_images 1 --num_sizes 1 --seed 7 --jobs 1 --out $work/b --quiet'" \
    -- sh -c "rm -rf $work/a && exec $static counting_circles --num_images 1 --num_sizes 1 --seed 7 --jobs 1 --out $work/a --quiet"
echo "== 3. gen counting_circles, the release's 200 images"
farm-bench -n "$runs" \
    --vs "sh -c 'rm -rf $work/b && exec $shared counting_circles --seed 7 --jobs 1 --out $work/b --quiet'" \
    -- sh -c "rm -rf $work/a && exec $static counting_circles --seed 7 --jobs 1 --out $work/a --quiet"
if [ -n "${BASE_GEN:-}" ]; then
    echo "== 4. against BASE_GEN=$BASE_GEN: gen --version, then the 200 images"
    farm-bench -n "$runs" --vs "$BASE_GEN --version" -- "$static" --version
    farm-bench -n "$runs" \
        --vs "sh -c 'rm -rf $work/b && exec $BASE_GEN counting_circles --seed 7 --jobs 1 --out $work/b --quiet'" \
        -- sh -c "rm -rf $work/a && exec $static counting_circles --seed 7 --jobs 1 --out $work/a --quiet"
fi
