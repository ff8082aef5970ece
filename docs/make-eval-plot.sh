#!/usr/bin/env bash
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
# gen gold writes one record per line: {"id": "TASK/N.png", ..., "gpt_response": "ANSWER: ..."}
awk '
function hash(s,    h, i) {
    h = 7
    for (i = 1; i <= length(s); i++) h = (h * 131 + ord[substr(s, i, 1)]) % 1000003
    return h
}
BEGIN { for (i = 32; i < 127; i++) ord[sprintf("%c", i)] = i }
/"gpt_response": / {
    match($0, /"id": "[^"]*"/)
    id = substr($0, RSTART + 7, RLENGTH - 8)
    task = id; sub(/\/.*/, "", task)
    file = id; gsub(/[^0-9]/, "", file)
    rel = (file - 1) / 200                        # 0 at the easiest level, near 1 at the hardest
    skill = 0.25 + (hash(task) % 1000) / 1000     # where this task collapses: 0.25 .. 1.25
    p = 0.03 + 0.95 / (1 + exp(9 * (rel - skill)))
    u = (hash(id "|u") % 100000) / 100000
    if (u >= p) {
        wrong = (hash(id "|w") % 5 == 0) ? "I am not sure what the image shows." : "Counting again.\\nANSWER: 0"
        sub(/"gpt_response": "([^"\\]|\\.)*"/, "\"gpt_response\": \"" wrong "\"")
    }
}
{ print }
' "$work/gold.json" > "$work/answer_simulated.json"
"$GEN" score "$work/percept-v" "$work/answer_simulated.json" -o docs/evaluation-example.json \
    --plot docs/evaluation-plot.png
