# SPDX-License-Identifier: MIT
# simulated-model.awk: turns gen gold's answers file into a simulated model's,
# deterministically: the chance of a right answer falls with the level (the file
# number), at a pace of each task's own, and a fifth of the misses break the answer
# format.  Used by docs/make-eval-plot.sh and docs/make-report-shot.sh.
# usage: awk -f docs/simulated-model.awk gold.json > answer_simulated.json
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
