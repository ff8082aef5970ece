#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""gen's gold answers through the release's own pipeline, every task: 100.0 or a failure.

For each task, gen makes the task at its release levels (GOLD_IMAGES a level, default 10),
`gen gold` writes the gold answers file, the task's utils.py (the release's, or the sibling
copy make_vectors.py names) parses every gpt_response into Output/ERROR as the release's
harness stores them, and its eval.py scores the file.  Prints Overall Accuracy and the
categories per task; exits 1 unless every figure is 100.  Needs the originals
(PERCEPT_V_ORIG, as make_vectors.py) and gen (GEN, default build/gen); never run by CI.
Usage: PERCEPT_V_ORIG=... /usr/bin/python3 gold_parity.py [TASK ...]
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_vectors import EVAL_FROM, UTILS_FROM, answer_entry, load_module, originals_and_gen, release_eval  # noqa: E402


def main():
    found = originals_and_gen("gold_parity.py")
    if not found:
        return 0
    orig, gen = found
    n = os.environ.get("GOLD_IMAGES", "10")
    tasks = sys.argv[1:] or [l.split()[0] for l in subprocess.run([gen, "list"], capture_output=True,
                                                                   text=True).stdout.splitlines()[1:]]
    tmp = tempfile.mkdtemp(prefix="gold-parity-")
    bad = 0
    for task in tasks:
        d = os.path.join(tmp, task)
        subprocess.run([gen, task, "--num_images", n, "--seed", "7", "--out", d, "--quiet"], check=True)
        gold = os.path.join(tmp, task + ".gold.json")
        subprocess.run([gen, "gold", d, "-o", gold], check=True)
        utils = load_module(os.path.join(orig, UTILS_FROM.get(task, task), "utils.py"), "u_" + task)
        answers = [answer_entry(utils, rec, rec["gpt_response"]) for rec in json.load(open(gold))]
        ans = os.path.join(tmp, task + ".answers.json")
        json.dump(answers, open(ans, "w"))
        out = os.path.join(tmp, task + ".eval.json")
        eval_path = os.path.join(orig, EVAL_FROM.get(task, task), "eval.py")
        release_eval(eval_path, ans, out, os.path.join(d, "data.json"))
        ev = json.load(open(out))
        overall = ev.get("Overall Accuracy")
        cats = ev.get("Category-wise Accuracy", {})
        ok = overall == 100 and all(v == 100 for v in cats.values())
        bad += not ok
        print("%-24s overall %6s  %d categories %s%s" % (task, overall, len(cats),
              "all 100" if all(v == 100 for v in cats.values()) else "NOT all 100", "" if ok else "  <- FAIL"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
