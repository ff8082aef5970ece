#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# measure-request-sizes.sh GEN TREE: the sizes docs/evaluation.md quotes for gen
# requests on a whole `gen all --seed 7` tree, as the phrases it uses:
#   a request line is A to B KB          (the shortest and the longest line)
#   (6,000 requests) is T MB             (the whole file)
#   (... N to M MB each)                 (the smallest and the largest task's file)
# KB and MB are 1000 and 10^6 bytes; below 10 one decimal, else whole numbers.
# tests/docs_figures.sh (GEN_DOCS_FULL=1, the heavy docs_figures_full) checks the
# page against it:  bash docs/measure-request-sizes.sh build/gen percept-v
set -eu
GEN=$1
TREE=$2
fmt() { awk -v v="$1" 'BEGIN { if (v < 10) printf "%.1f", v; else printf "%.0f", v }'; }
read -r lines total min max < <("$GEN" requests "$TREE" --model MODEL |
    LC_ALL=C awk '{ n = length($0) + 1; t += n; if (NR == 1 || n < lo) lo = n; if (n > hi) hi = n }
                  END { print NR, t, lo, hi }')
lo_t= hi_t=
for d in "$TREE"/*/; do
    b=$("$GEN" requests "$d" --model MODEL | wc -c)
    if [ -z "$lo_t" ] || [ "$b" -lt "$lo_t" ]; then lo_t=$b; fi
    if [ -z "$hi_t" ] || [ "$b" -gt "$hi_t" ]; then hi_t=$b; fi
done
echo "a request line is $(fmt "$(awk -v v="$min" 'BEGIN { print v / 1000 }')") to $(fmt "$(awk -v v="$max" 'BEGIN { print v / 1000 }')") KB"
n=$lines
grouped=
while [ ${#n} -gt 3 ]; do grouped=",${n: -3}$grouped"; n=${n:0:${#n}-3}; done
echo "($n$grouped requests) is $(fmt "$(awk -v v="$total" 'BEGIN { print v / 1e6 }')") MB"
echo "$(fmt "$(awk -v v="$lo_t" 'BEGIN { print v / 1e6 }')") to $(fmt "$(awk -v v="$hi_t" 'BEGIN { print v / 1e6 }')") MB each"
