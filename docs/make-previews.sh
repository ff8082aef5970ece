#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rewrites docs/previews/<task>.png: for every task, one sample at five levels (fewer
# when it has fewer) from its smallest to its largest release level (seed 7), captioned with the record.
# usage: docs/make-previews.sh [path/to/gen]     (default build/gen)
set -euo pipefail
cd "$(dirname "$0")/.."
GEN=${1:-build/gen}
for t in $("$GEN" list | awk 'NR > 1 {print $1}'); do
    range=$("$GEN" list | awk -v t="$t" '$1 == t {print $3}')
    lo=${range%..*}
    hi=${range#*..}
    levels=$(awk -v a="$lo" -v b="$hi" 'BEGIN {
        for (i = 0; i < 5; i++) { l = a + int((b - a) * i / 4 + 0.5); if (i && l == last) continue
            printf "%s%d", (i ? "," : ""), l; last = l } }')
    "$GEN" preview "$t" --seed 7 --num_sizes "$levels" --thumb 180 -o "docs/previews/$t.png"
done
