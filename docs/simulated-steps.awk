# SPDX-License-Identifier: MIT
# simulated-steps.awk: turns gen gold's answers file of the composed-question tasks
# (comp_conjunctive, comp_sequential) into a simulated model's that states its
# steps, deterministically: step k of a chain is wrong with a chance that grows
# along the chain (8% at step 1, then 8 points more a step), one response in ten
# gives no STEP lines, and a response with a wrong step picks another letter four
# times in five.  Records of other tasks pass unchanged.  docs/evaluation.md shows
# what gen score makes of it; tests/eval_comp.sh runs it.
# usage: awk -f docs/simulated-steps.awk gold.json > answer_steps.json
function hash(s,    h, i) {
    h = 7
    for (i = 1; i <= length(s); i++) h = (h * 131 + ord[substr(s, i, 1)]) % 1000003
    return h
}
function chance(key) { return (hash(key) % 100000) / 100000 }
BEGIN {
    for (i = 32; i < 127; i++) ord[sprintf("%c", i)] = i
    letters = "ABCDE"
}
/"gpt_response": "STEP [0-9]+: / || /"gpt_response": "ANSWER: [A-E]"/ {
    match($0, /"id": "[^"]*"/)
    id = substr($0, RSTART + 7, RLENGTH - 8)
    match($0, /"gpt_response": "([^"\\]|\\.)*"/)
    resp = substr($0, RSTART + 17, RLENGTH - 18)
    n = split(resp, line, /\\n/)           # the JSON text's "\n" escapes
    out = ""
    wrong = 0
    silent = chance(id "|silent") < 0.10  # no STEP lines at all
    for (k = 1; k <= n; k++) {
        if (line[k] ~ /^STEP [0-9]+: /) {
            if (silent) continue
            step = line[k]; sub(/: .*/, "", step); sub(/STEP /, "", step)
            value = line[k]; sub(/^STEP [0-9]+: /, "", value)
            if (chance(id "|step" step) < 0.08 * step) {
                wrong = 1
                if (value ~ /^[0-9]+$/) value = value + 1
                else value = (value == "grey") ? "black" : "grey"
            }
            out = out "STEP " step ": " value "\\n"
        } else if (line[k] ~ /^ANSWER: [A-E]$/) {
            letter = substr(line[k], 9, 1)
            if ((wrong && chance(id "|final") < 0.8) || (!wrong && chance(id "|slip") < 0.05)) {
                i = index(letters, letter) + 1 + hash(id "|letter") % 4
                letter = substr(letters, (i - 1) % 5 + 1, 1)
            }
            out = out "ANSWER: " letter
        }
    }
    sub(/"gpt_response": "([^"\\]|\\.)*"/, "\"gpt_response\": \"" out "\"")
}
{ print }
