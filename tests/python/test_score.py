# SPDX-License-Identifier: MIT
"""perceptv's verdicts equal gen score's on every vector of tests/release_vectors
(both parsers), and on each task's gold answers.  Usage: test_score.py GEN VECTORS_DIR"""
import json
import os
import subprocess
import sys
import tempfile

import perceptv

GEN, VECTORS = sys.argv[1], sys.argv[2]
failures = 0
total = 0
with tempfile.TemporaryDirectory() as tmp:
    for task in perceptv.tasks():
        pairs = perceptv._perceptv.task_info(task)[0] == 2
        path = os.path.join(VECTORS, task + ".jsonl")
        if perceptv._perceptv.task_info(task)[0] == 0 and not os.path.exists(path):
            print("%-24s no release vectors (a video task of issue 30, not in the release)" % task)
            continue
        vectors = [json.loads(line) for line in open(path) if line.strip()]
        d = os.path.join(tmp, task)
        os.makedirs(d)
        records, answers = [], []
        for i, v in enumerate(vectors, 1):
            rec = dict(v["record"])
            rec["id"] = ("second%d.png" if pairs else "%d.png") % i
            records.append(rec)
            answers.append({"id": rec["id"], "response": v["response"]})
        with open(os.path.join(d, "data.json"), "w") as f:
            json.dump(records, f)
        with open(os.path.join(d, "answers.jsonl"), "w") as f:
            for a in answers:
                f.write(json.dumps(a) + "\n")
        for parser in ("release", "strict"):
            # outside the task directory: gen never writes into a directory it reads
            out = os.path.join(tmp, "%s-annotated-%s.json" % (task, parser))
            subprocess.run([GEN, "score", d, os.path.join(d, "answers.jsonl"), "--task", task, "--parser", parser,
                            "--annotated", out, "-o", os.devnull, "--quiet"], check=True)
            annotated = {r["id"]: r for r in json.load(open(out))}
            agree = 0
            for rec, a in zip(records, answers):
                want = 1.0 if annotated[rec["id"]]["correct"] else 0.0
                got = perceptv.score_answer(task, a["response"], rec, parser=parser)
                ok, output, error = perceptv.parse_answer(task, a["response"], rec, parser=parser)
                same = got == want and output == annotated[rec["id"]]["Output"] and \
                    (error is None) == (annotated[rec["id"]]["ERROR"] is None)
                if not same:
                    failures += 1
                    if failures <= 20:
                        print("FAIL %s %s %s %r: perceptv %s (%r, %r), gen score %s (%r, %r)"
                              % (task, parser, rec["id"], a["response"][:80], got, output, error, want,
                                 annotated[rec["id"]]["Output"], annotated[rec["id"]]["ERROR"]))
                agree += same
                total += 1
            print("%-24s %-8s %4d vectors, perceptv agrees with gen score on %d" % (task, parser, len(records), agree))
print("%d verdicts compared, %d differ" % (total, failures))
sys.exit(1 if failures or total < 5000 else 0)
