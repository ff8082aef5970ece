#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# report: gen report, the error-analysis page of a scored run (docs/evaluation.md).
#  - gold answers with a few planted wrong and unparseable ones: the galleries
#    hold exactly those entries, each of its kind, task and level;
#  - hostile responses (<script>, <img onerror>, </div>, control characters) appear
#    escaped and change nothing on the page;
#  - relative image paths resolve from the report's directory, also after the
#    tree and the report are moved together; --embed leaves no path outside;
#  - all-correct answers give no gallery entries; bad input writes nothing.
# With "browser" as the second argument (the ctest report_browser): headless
# Chromium renders the page; the screenshot is not blank and the console shows no
# error.  Exit 77 (skipped) when Chromium is not installed.
set -u
GEN=$1
MODE=${2:-page}
. "$(dirname "$0")/lib.sh"
scratch
HERE=$(cd "$(dirname "$0")" && pwd)

"$GEN" all --seed 3 --num_images 2 --tasks counting_circles,change_colour,graph_counting --out "$WORK/run" --quiet ||
    { fail "gen all"; finish report; }
"$GEN" gold "$WORK/run" -o "$WORK/gold.json" || { fail "gen gold"; finish report; }
# Plant 7 answers: 4 wrong (two counts, a miscounted pair, and the <script> one, whose
# "alert(1)" the release's parser reads as the count 1) and 3 unparseable, the other
# hostile ones among them.  (Tasks whose gen records are already the release's.)
python3 - "$WORK/gold.json" "$WORK/ans.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
by_id = {r["id"]: r for r in a}
def say(i, text): by_id[i]["gpt_response"] = text
say("counting_circles/3.png", "COUNT:99")
say("counting_circles/20.png", "Counting...\nCOUNT:3")
r = by_id["change_colour/second5.png"]
say("change_colour/second5.png", "COUNT:%d" % (r["num_differences"] + 1))
say("counting_circles/11.png", "<script>alert(1)</script>")
say("graph_counting/7.png", "I think\n<img src=x onerror=alert(2)>\n</div></section>\nmaybe")
say("graph_counting/30.png", "bad bytes \x07\x1b here")
say("change_colour/second12.png", "x" * 5000 + "\nnot an answer")
json.dump(a, open(sys.argv[2], "w"), ensure_ascii=True)
PY

if [ "$MODE" = browser ]; then
    command -v chromium >/dev/null 2>&1 || { echo "report_browser: skipped: chromium is not installed"; exit 77; }
    "$GEN" report "$WORK/run" "$WORK/ans.json" -o "$WORK/report.html" --quiet 2>/dev/null ||
        "$GEN" report "$WORK/run" "$WORK/gold.json" -o "$WORK/report.html" --quiet || fail "gen report"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1600 \
        --enable-logging=stderr --v=0 --screenshot="$WORK/shot.png" "file://$WORK/report.html" \
        >"$WORK/chrome.out" 2>"$WORK/chrome.err"
    [ -s "$WORK/shot.png" ] && ok || { fail "no screenshot"; cat "$WORK/chrome.err"; finish report_browser; }
    read -r w h colours inked <<<"$(python3 "$HERE/png_stats.py" "$WORK/shot.png")"
    echo "screenshot: ${w}x${h}, $colours colours, $inked of it not white"
    [ "$colours" -gt 50 ] && ok || fail "screenshot has $colours colours: blank?"
    awk -v f="$inked" 'BEGIN {exit !(f > 0.05)}' && ok || fail "screenshot is $inked non-white: blank?"
    if grep -E 'CONSOLE|Uncaught|Refused to' "$WORK/chrome.err" >"$WORK/console.txt"; then
        fail "the page logged errors:"; cat "$WORK/console.txt"
    else ok; fi
    finish report_browser
fi

"$GEN" report "$WORK/run" "$WORK/ans.json" -o "$WORK/out/report.html" --quiet 2>"$WORK/err.txt"
[ $? = 4 ] && [ ! -e "$WORK/out" ] && ok || fail "a missing output directory is not exit 4"
mkdir -p "$WORK/out"
"$GEN" report "$WORK/run" "$WORK/ans.json" -o "$WORK/out/report.html" --quiet || fail "gen report"
R=$WORK/out/report.html
count() { grep -o "$1" "$R" | wc -l; }
[ "$(count 'class="entry ')" = 7 ] && ok || fail "gallery holds $(count 'class="entry ') entries, not 7"
[ "$(count 'data-kind="wrong"')" = 4 ] && ok || fail "wrong entries: $(count 'data-kind="wrong"')"
[ "$(count 'data-kind="unparseable"')" = 3 ] && ok || fail "unparseable entries: $(count 'data-kind="unparseable"')"
[ "$(count 'data-task="change_colour" data-level')" = 2 ] && ok || fail "change_colour entries"
grep -q '<code>counting_circles/3.png</code>' "$R" && ok || fail "entry counting_circles/3.png missing"
grep -q '<code>change_colour/second5.png</code>' "$R" && ok || fail "entry change_colour/second5.png missing"
# Pairs show the first image, then the second.
grep -o 'alt="first image" src="[^"]*first5.png"><img class="thumb" loading="lazy" alt="second image" src="[^"]*second5.png"' "$R" \
    | grep -q . && ok || fail "pair images not first then second"
# Hostile text is text.
grep -q '<script>alert' "$R" && fail "raw <script> from a response" || ok
grep -q '<img src=x' "$R" && fail "raw <img> from a response" || ok
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$R" && ok || fail "escaped script not shown"
grep -q '&lt;img src=x onerror=alert(2)&gt;' "$R" && ok || fail "escaped img not shown"
grep -q '&lt;/div&gt;&lt;/section&gt;' "$R" && ok || fail "escaped closing tags not shown"
grep -q $'bad bytes \xef\xbf\xbd\xef\xbf\xbd here' "$R" && ok || fail "control characters not shown as U+FFFD"
[ "$(grep -c '<script>' "$R")" = 1 ] && ok || fail "more than the page's own script"
python3 -c "import sys; open(sys.argv[1], encoding='utf-8').read()" "$R" && ok || fail "page is not valid UTF-8"
grep -q '<details><summary>all 5014 bytes</summary>' "$R" && ok || fail "long response not folded"
# The script's hash is pinned by the Content-Security-Policy.
python3 - "$R" <<'PY' && ok || fail "CSP does not pin the script's hash"
import base64, hashlib, re, sys
t = open(sys.argv[1], encoding="utf-8").read()
js = re.search(r"<script>(.*?)</script>", t, re.S).group(1)
h = base64.b64encode(hashlib.sha256(js.encode()).digest()).decode()
assert f"script-src 'sha256-{h}'" in t
PY
# Relative paths resolve, also after moving the tree and the report together.
check_paths() { # report
    python3 - "$1" <<'PY'
import os, re, sys
from urllib.parse import unquote
p = sys.argv[1]
srcs = [s for s in re.findall(r'<img class="thumb"[^>]* src="([^"]*)"', open(p, encoding="utf-8").read())]
assert len(srcs) == 9, len(srcs)  # 7 entries, two of them pairs
for s in srcs:
    assert not s.startswith(("/", "data:", "file:")), s
    assert os.path.isfile(os.path.join(os.path.dirname(p), unquote(s))), s
PY
}
check_paths "$R" && ok || fail "image paths do not resolve"
mkdir -p "$WORK/moved"
cp -r "$WORK/run" "$WORK/out" "$WORK/moved/"
rm -rf "$WORK/run.gone"; mv "$WORK/run" "$WORK/run.gone"
check_paths "$WORK/moved/out/report.html" && ok || fail "paths break when tree and report move together"
mv "$WORK/run.gone" "$WORK/run"
# --embed: one file, every image a data URI of the PNG file.
"$GEN" report "$WORK/run" "$WORK/ans.json" -o "$WORK/embed.html" --embed --quiet || fail "gen report --embed"
python3 - "$WORK/embed.html" "$WORK/run" <<'PY' && ok || fail "--embed images"
import base64, re, sys
t = open(sys.argv[1], encoding="utf-8").read()
srcs = re.findall(r'<img class="thumb"[^>]* src="([^"]*)"', t)
assert len(srcs) == 9
for s in srcs:
    assert s.startswith("data:image/png;base64,"), s[:40]
    assert base64.b64decode(s.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
images = [base64.b64decode(x.split(",", 1)[1]) for x in srcs]
assert open(sys.argv[2] + "/counting_circles/data/3.png", "rb").read() in images
PY
# All correct: nothing to show.
"$GEN" report "$WORK/run" "$WORK/gold.json" -o "$WORK/gold.html" --quiet || fail "report of gold"
[ "$(grep -c 'class="entry ' "$WORK/gold.html")" = 0 ] && ok || fail "gold answers show entries"
grep -q 'Every answer is correct' "$WORK/gold.html" && ok || fail "gold report says nothing"
# Bad input: nothing written.
echo '{not json' >"$WORK/bad.json"
"$GEN" report "$WORK/run" "$WORK/bad.json" -o "$WORK/bad.html" --quiet 2>/dev/null
rc=$?
[ $rc = 6 ] && [ ! -e "$WORK/bad.html" ] && ok || fail "bad answers: exit $rc or a file was written"
"$GEN" report "$WORK/run" "$WORK/ans.json" --quiet 2>/dev/null
[ $? = 2 ] && ok || fail "no -o is not a usage error"
ls "$WORK"/out/*.tmp-* >/dev/null 2>&1 && fail "temporary file left" || ok
finish report
