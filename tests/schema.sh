#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# schema: every task at its release levels (10 samples per level; a video task 50) makes the release
# layout, and `gen check` (ids, exact fields, types, level sequence, images) passes.
set -u
GEN=$1
. "$(dirname "$0")/lib.sh"
scratch
for t in $(tasks); do
    d=$WORK/$t
    if ! "$GEN" "$t" --seed 7 --out "$d" --quiet; then
        fail "$t: gen exited $?"
        continue
    fi
    out=$("$GEN" check "$d" 2>&1) && ok || fail "$t: gen check: $out"
    n=$(grep -c '"id": ' "$d/data.json")
    [ "$n" -eq 200 ] && ok || fail "$t: $n records, expected 200"
    images=$("$GEN" list | awk -v t="$t" '$1 == t {print $2}')
    [ "$images" = F ] && images=16 # a video task: --frames' default
    files=$(ls "$d/data" | wc -l)
    [ "$files" -eq $((200 * images)) ] && ok || fail "$t: $files images, expected $((200 * images))"
    for p in input_prompt.txt rules.txt output_prompt.txt; do
        [ -s "$d/prompts/$p" ] && ok || fail "$t: prompts/$p missing or empty"
    done
    if "$GEN" "$t" --help | grep -q '^writes swatches.png: *yes'; then
        [ -s "$d/swatches.png" ] && ok || fail "$t: swatches.png missing"
    else
        [ ! -e "$d/swatches.png" ] && ok || fail "$t: swatches.png written by a task without swatches"
    fi
    rm -rf "$d"
done
finish schema
