#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Scores one mixed answers file per task both ways and prints the two Overall Accuracies.

For each task of tests/release_data, every record gets a response drawn from that record's
vectors (gold, wrong, unparseable, quirks...), written as the release's harness writes its
answers file (gpt_response, and Output/ERROR from the task's utils.py); the release's eval.py
scores it, and `gen score` scores the same file.  Needs the originals (PERCEPT_V_ORIG, as
make_vectors.py) and gen (GEN, default build/gen); prints a table and exits 1 on a difference
other than the documented one (counting_shapes: eval.py leaves unparseable records out).
Usage: PERCEPT_V_ORIG=... /usr/bin/python3 compare_eval.py [SEED]
"""
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from make_vectors import EVAL_FROM, UTILS_FROM, answer_entry, load_module, originals_and_gen, release_eval  # noqa: E402


def main():
    found = originals_and_gen("compare_eval.py")
    if not found:
        return 0
    orig, gen = found
    rnd = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    tmp = tempfile.mkdtemp(prefix="compare-eval-")
    bad = 0
    print("%-24s %9s %9s" % ("task", "release", "gen"))
    for task in sorted(os.listdir(os.path.join(ROOT, "tests", "release_data"))):
        data = json.load(open(os.path.join(ROOT, "tests", "release_data", task, "data.json")))
        vecs = [json.loads(l) for l in open(os.path.join(HERE, task + ".jsonl"))]
        utils = load_module(os.path.join(orig, UTILS_FROM.get(task, task), "utils.py"), "u_" + task)
        answers = []
        for rec in data:
            mine = [v for v in vecs if v["record"]["id"] == rec["id"] and v["record"] == rec]
            answers.append(answer_entry(utils, rec, rnd.choice(mine)["response"] if mine else "no idea"))
        ans = os.path.join(tmp, task + ".json")
        json.dump(answers, open(ans, "w"))
        out = os.path.join(tmp, task + ".eval.json")
        eval_path = os.path.join(orig, EVAL_FROM.get(task, task), "eval.py")
        try:
            release_eval(eval_path, ans, out, os.path.join(ROOT, "tests", "release_data", task, "data.json"))
            rel = round(json.load(open(out))["Overall Accuracy"], 2)
        except ZeroDivisionError:
            rel = "crash"
        gout = os.path.join(tmp, task + ".gen.json")
        subprocess.run([gen, "score", os.path.join(ROOT, "tests", "release_data", task), ans, "-o", gout,
                        "--quiet"], check=True)
        mine = json.load(open(gout))["Overall Accuracy"]
        note = ""
        if rel != mine:
            note = "  (eval.py leaves unparseable records out)" if task == "counting_shapes" else "  DIFFERENT"
            bad += task != "counting_shapes"
        print("%-24s %9s %9s%s" % (task, rel, mine, note))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
