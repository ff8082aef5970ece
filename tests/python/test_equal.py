# SPDX-License-Identifier: MIT
"""Every task's perceptv entries equal the files gen writes for the same options:
the pixels of each PNG, the data.json record, the gold answer `gen gold` writes
and the prompt `gen requests` sends.  Usage: test_equal.py GEN [TASK...]"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

import perceptv
from pngread import read_png

GEN = sys.argv[1]
TASKS = sys.argv[2:] or perceptv.tasks()
GRID = {"circle_right_triangle", "cross_and_knots", "grid_path", "locate_circles_colour", "locate_circles_shape"}
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL", msg)


def options(k, task, info):
    """A few runs per task: two levels, a file number other than 1; every other task
    a split, the grid tasks another grid size, every seventh a scale; a video task
    5 frames, or its default (16) every other task."""
    _, lo, hi, _, _ = info
    o = {"seed": 7 + k, "num_images": 2, "levels": [lo, (lo + hi) // 2], "file": 5, "split": None,
         "grid_size": None, "scale": 1, "frames": None}
    if info[0] == 0 and k % 2 == 0:
        o["frames"] = 5
    if k % 2:
        o["split"] = "train"
    if task in GRID:
        o["grid_size"] = 5
    if k % 7 == 3:
        o["scale"] = 0.5
    return o


def gen_run(out, task, o):
    cmd = [GEN, task, "--seed", str(o["seed"]), "--num_images", str(o["num_images"]), "--num_sizes",
           ",".join(map(str, o["levels"])), "--file", str(o["file"]), "--out", out, "--quiet", "--jobs", "1"]
    if o["split"]:
        cmd += ["--split", o["split"]]
    if o["grid_size"]:
        cmd += ["--grid_size", str(o["grid_size"])]
    if o["scale"] != 1:
        cmd += ["--scale", str(o["scale"])]
    if o["frames"]:
        cmd += ["--frames", str(o["frames"])]
    subprocess.run(cmd, check=True)
    records = json.load(open(os.path.join(out, "data.json")))
    gold = json.loads(subprocess.run([GEN, "gold", out], check=True, capture_output=True).stdout)
    reqs = [json.loads(line) for line in
            subprocess.run([GEN, "requests", out, "--model", "m"], check=True, capture_output=True).stdout.splitlines()]
    return records, gold, reqs, open(os.path.join(out, "data.json")).read()


with tempfile.TemporaryDirectory() as tmp:
    for k, task in enumerate(TASKS):
        info = perceptv._perceptv.task_info(task)
        o = options(k, task, info)
        out = os.path.join(tmp, task)
        records, gold, reqs, data_json = gen_run(out, task, o)
        ds = perceptv.create_dataset(task, seed=o["seed"], num_images=o["num_images"], levels=o["levels"],
                                     split=o["split"], file=o["file"], grid_size=o["grid_size"], scale=o["scale"],
                                     frames=o["frames"])
        if len(ds) != len(records):
            fail("%s: %d entries, gen wrote %d records" % (task, len(ds), len(records)))
            continue
        for i, e in enumerate(ds):
            rec = records[i]
            meta = dict(e["metadata"])
            extra = {k2: meta.pop(k2) for k2 in ("task", "level", "seed", "split", "file")}
            if meta != rec or list(meta) != list(rec):
                fail("%s entry %d: record %s, gen wrote %s" % (task, i, meta, rec))
            want_extra = {"task": task, "level": o["levels"][i // o["num_images"]], "seed": o["seed"],
                          "split": o["split"], "file": o["file"] + i}
            if extra != want_extra:
                fail("%s entry %d: metadata %s, expected %s" % (task, i, extra, want_extra))
            # the record text, byte for byte as data.json has it
            cfg = perceptv._perceptv.Config(task, o["seed"], split=o["split"], grid_size=o["grid_size"] or 6,
                                            scale=float(o["scale"]), frames=o["frames"] or 0)
            line = cfg.make(o["file"] + i, extra["level"])[1]
            if data_json.splitlines()[1 + i].strip().rstrip(",") != line:
                fail("%s entry %d: record text %s is not data.json's line" % (task, i, line))
            if e["answer"] != gold[i]["gpt_response"]:
                fail("%s entry %d: gold %r, gen gold wrote %r" % (task, i, e["answer"], gold[i]["gpt_response"]))
            text = reqs[i]["body"]["messages"][0]["content"][0]["text"]
            if e["question"] != text:
                fail("%s entry %d: prompt %r, gen requests sent %r" % (task, i, e["question"][:60], text[:60]))
            if info[0] == 0:  # a video task: its frames, first to last
                ids = rec["frames"]
                if len(ids) != (o["frames"] or 16):
                    fail("%s entry %d: %d frames, expected %d" % (task, i, len(ids), o["frames"] or 16))
            else:
                ids = [rec["id"]] if info[0] == 1 else ["first" + rec["id"][len("second"):], rec["id"]]
            if len(e["images"]) != len(ids):
                fail("%s entry %d: %d images, expected %d" % (task, i, len(e["images"]), len(ids)))
                continue
            for img, name in zip(e["images"], ids):
                want = read_png(os.path.join(out, "data", name))
                if img.dtype != np.uint8 or img.shape != want.shape or not np.array_equal(img, want):
                    diff = int((img != want).any(axis=2).sum()) if img.shape == want.shape else -1
                    fail("%s entry %d: image %s differs from the PNG (shape %s vs %s, %d pixels)"
                         % (task, i, name, img.shape, want.shape, diff))
            if ds.score_answer(e["answer"], e) != 1.0:
                fail("%s entry %d: its own gold %r is scored wrong" % (task, i, e["answer"]))
        print("%-24s %d entries equal gen's files (seed %d, levels %s, split %s, grid %s, scale %s, frames %s)"
              % (task, len(ds), o["seed"], o["levels"], o["split"], o["grid_size"], o["scale"], o["frames"]))

# sample() is the same entry as the dataset's
ds = perceptv.create_dataset("maze_solving", seed=3, num_images=3, levels=[4, 9], file=10)
e, s = ds[4], perceptv.sample("maze_solving", seed=3, file=14, level=9)
if e["metadata"] != s["metadata"] or not np.array_equal(e["images"][0], s["images"][0]):
    fail("sample(maze_solving, file 14, level 9) differs from dataset entry 4")
if failures:
    print("%d failures" % len(failures))
    sys.exit(1)
print("all %d tasks: entries equal gen's files" % len(TASKS))
