#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Do the encoders give the same bytes in every process?  Encodes the same rendered
# images (bench png's set, or TASKs) in RUNS fresh processes per deflate and level
# and counts the distinct results: 1 means repeatable (docs/determinism.md).
# usage: bench/encoder_repeat.sh [RUNS] [TASK...]     (default 200 runs, circle_boxes)
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j --target bench >/dev/null
runs=${1:-200}
shift || true
[ $# -gt 0 ] || set -- circle_boxes
for setting in "igzip 0" "igzip 1" "igzip 2" "igzip 3" "zlib 1" "zlib 9"; do
    # shellcheck disable=SC2086
    ./build/bench digest $setting "$@" >/dev/null 2>&1 || { echo "$setting: not in this build"; continue; }
    distinct=$(for _ in $(seq "$runs"); do ./build/bench digest $setting "$@"; done | sort | uniq -c | sort -rn)
    printf '%-14s %3d runs, %d distinct results (%s)\n' "$setting" "$runs" "$(wc -l <<<"$distinct")" \
        "$(awk '{printf "%s%d", (NR > 1 ? " + " : ""), $1}' <<<"$distinct")"
done
