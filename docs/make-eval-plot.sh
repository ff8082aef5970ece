#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rewrites docs/evaluation-plot.png and docs/evaluation-example.json: the whole
# benchmark (seed 7) scored for a simulated model whose chance of a right answer
# falls with the level, at a different pace per task, and which sometimes breaks
# the answer format.  Deterministic: the "model" is a hash of (task, file number).
# usage: docs/make-eval-plot.sh [path/to/gen]     (default build/gen)
set -euo pipefail
cd "$(dirname "$0")/.."
GEN=${1:-build/gen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$GEN" all --seed 7 --out "$work/percept-v" --quiet
"$GEN" gold "$work/percept-v" -o "$work/gold.json"
# gen gold writes one record per line: {"id": "TASK/N.png", ..., "gpt_response": "<the answer in the task's format>"}
awk -f docs/simulated-model.awk "$work/gold.json" > "$work/answer_simulated.json"
"$GEN" score "$work/percept-v" "$work/answer_simulated.json" -o docs/evaluation-example.json \
    --plot docs/evaluation-plot.png
