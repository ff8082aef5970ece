#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Prints the task table of docs/tasks/README.md from the program itself: images
# per sample, release levels and limit from `gen list`, and the image sizes of one
# sample per release level (seed 7, read from the PNG headers).  tests/docs_tables.sh
# checks that the page holds exactly this table.
# usage: docs/make-tasks-table.sh [path/to/gen]     (default build/gen)
set -euo pipefail
GEN=${1:-build/gen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# every task, gen's own ones (which gen all leaves out unless named) too
"$GEN" all --seed 7 --num_images 1 --tasks "$("$GEN" list | awk 'NR > 1 { print $1 }' | paste -sd, -)" --out "$work" --quiet
echo "| task | images | release levels | limit | image size (release levels) | page | preview |"
echo "|---|---|---|---|---|---|---|"
"$GEN" list | awk 'NR > 1 { print $1, $2, $3, $4 }' | while read -r task images levels limit; do
    size=$(python3 - "$work/$task/data" <<'PY'
import os, struct, sys
sizes = set()
for name in os.listdir(sys.argv[1]):
    with open(os.path.join(sys.argv[1], name), "rb") as f:
        sizes.add(struct.unpack(">II", f.read(24)[16:24]))
lo, hi = min(sizes, key=lambda s: (s[0] * s[1], s)), max(sizes, key=lambda s: (s[0] * s[1], s))
print(f"{lo[0]}x{lo[1]}" if lo == hi else f"{lo[0]}x{lo[1]} .. {hi[0]}x{hi[1]}")
PY
)
    [ "$limit" = - ] && limit="-"
    echo "| $task | $images | $levels | $limit | $size | [$task]($task.md) | [preview](../previews/$task.png) |"
done
