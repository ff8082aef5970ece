# SPDX-License-Identifier: MIT
"""perceptv's errors are what a Python user expects, with gen's own messages;
indexing, iteration, threads and mixtures behave.  Usage: test_errors.py GEN"""
import json
import os
import subprocess
import sys
import tempfile
import threading

import numpy as np

import perceptv
from checks import check, finish, raises

GEN = sys.argv[1]


def gen_message(*args):
    """gen's own message for a run with these options (stderr 'gen: ...')."""
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([GEN, *args, "--seed", "7", "--quiet", "--out", os.path.join(tmp, "o")],
                           capture_output=True, text=True)
    check(r.returncode != 0, "gen %s succeeded" % " ".join(args))
    return r.stderr.strip().removeprefix("gen: ")


check(len(perceptv.tasks()) >= 30 and "counting_circles" in perceptv.tasks(), "tasks(): %r" % perceptv.tasks())

# an unknown task names the closest one
m = raises(ValueError, perceptv.create_dataset, "counting_circle", seed=7)
check(m is not None and "'counting_circles'" in m, "unknown task message %r" % m)
check(m == gen_message("counting_circle"), "unknown task: %r, gen says %r" % (m, gen_message("counting_circle")))
raises(ValueError, perceptv.sample, "maze_solvng", 1, 1, 5)
raises(ValueError, perceptv.score_answer, "sort_line", "x", {"id": "1.png"})

# gen's own messages for levels and options
for task, levels, args in [("counting_circles", [40], ["--num_sizes", "40"]),
                           ("counting_circles", [1, 36, 2], ["--num_sizes", "1,36,2"]),
                           ("maze_solving", [1], ["--num_sizes", "1"]),
                           ("grid_path", [37], ["--num_sizes", "37"])]:
    m = raises(ValueError, perceptv.create_dataset, task, seed=7, levels=levels)
    want = gen_message(task, *args)
    check(m == want, "%s levels %s: %r, gen says %r" % (task, levels, m, want))
m = raises(ValueError, perceptv.sample, "counting_circles", 7, 1, 99)
check(m == gen_message("counting_circles", "--num_sizes", "99"), "sample level 99: %r" % m)
for kw, args in [({"split": "Train!"}, ["--split", "Train!"]), ({"grid_size": 30}, ["--grid_size", "30"]),
                 ({"scale": 5}, ["--scale", "5"]), ({"file": -1}, None), ({"num_images": 0}, None)]:
    m = raises(ValueError, perceptv.create_dataset, "grid_path", seed=7, **kw)
    if args:
        want = gen_message("grid_path", *args)
        check(m == want, "%s: %r, gen says %r" % (kw, m, want))
# frames: gen's messages, out of range and for a task that is not a video task
for task, fr in [("counting_circles", 4), ("mirror_image", 16), ("counting_circles", 1), ("counting_circles", 65)]:
    m = raises(ValueError, perceptv.create_dataset, task, seed=7, frames=fr)
    want = gen_message(task, "--frames", str(fr))
    check(m == want, "%s frames %d: %r, gen says %r" % (task, fr, m, want))
raises(ValueError, perceptv.sample, "counting_circles", 7, 1, 3, frames=4)
raises(ValueError, perceptv.create_mixture, {"seed": 7, "tasks": {"counting_circles": {"frames": 4}}})
raises(TypeError, perceptv.create_dataset, "counting_circles", seed=7, frames="4")
video = [t for t in perceptv.tasks() if perceptv._perceptv.task_info(t)[0] == 0]
for task in video[:1]:
    m = raises(ValueError, perceptv.create_dataset, task, seed=7, frames=65)
    check(m == gen_message(task, "--frames", "65"), "%s frames 65: %r" % (task, m))
    e = perceptv.create_dataset(task, seed=7, num_images=1, frames=3)[0]
    check(len(e["images"]) == 3 and e["metadata"]["frames"] == ["1_1.png", "1_2.png", "1_3.png"],
          "%s frames 3: %d images, frames %s" % (task, len(e["images"]), e["metadata"].get("frames")))
    # the frames are views of one (F, h, w, 3) array (one allocation a sample: see
    # docs/performance.md), each still a C-contiguous, writeable frame of its own
    im = e["images"]
    b = im[0].base
    check(isinstance(b, np.ndarray) and b.shape == (3,) + im[0].shape and b.flags["C_CONTIGUOUS"] and
          all(f.base is b and f.flags["C_CONTIGUOUS"] and f.flags["WRITEABLE"] and np.array_equal(f, b[k])
              for k, f in enumerate(im)), "%s: frames are not views of one (3, h, w, 3) array" % task)
    keep = im[1].copy()
    im[0][...] = 7
    check(np.array_equal(im[1], keep) and (b[0] == 7).all(), "%s: writing frame 1 changed another" % task)
    check(e["question"].startswith(perceptv.prompt(task)) and "\nA. " in e["question"],
          "%s: the question lacks its options: %r" % (task, e["question"][-200:]))
    d = perceptv.sample(task, 7, 1, perceptv._perceptv.task_info(task)[1])
    check(len(d["images"]) == 16, "%s: %d frames by default" % (task, len(d["images"])))
raises(ValueError, perceptv.create_dataset, "counting_circles", seed=-1)
raises(TypeError, perceptv.create_dataset, "counting_circles", seed="7")
raises(TypeError, perceptv.create_dataset, 7, seed=7)

# non-str answers are a TypeError
ds = perceptv.create_dataset("counting_circles", seed=7, num_images=2, levels="3..5")
e = ds[0]
for bad in (7, None, b"COUNT:3", ["COUNT:3"]):
    raises(TypeError, ds.score_answer, bad, e)
    raises(TypeError, perceptv.score_answer, "counting_circles", bad, e["metadata"])
check(ds.score_answer(e["answer"], e) == 1.0, "gold scored wrong")
check(ds.score_answer("COUNT:%d" % (e["metadata"]["num_objects"] + 1), e) == 0.0, "a wrong count scored right")
check(ds.score_answer("I count them.\nCOUNT:%d" % e["metadata"]["num_objects"], e) == 1.0, "release: last line")
check(perceptv.score_answer("counting_circles", e["answer"], json.dumps({"id": "1.png", "num_objects":
                                                                          e["metadata"]["num_objects"]})) == 1.0,
      "record as JSON text")
raises(ValueError, ds.score_answer, e["answer"], e, parser="lenient")
raises(ValueError, perceptv.score_answer, "counting_circles", "COUNT:1", {"id": "1.png"})  # no num_objects

# a sequence: len, indexing, IndexError, negative indices, slices, iteration
check(len(ds) == 6, "len %d" % len(ds))
raises(IndexError, ds.__getitem__, 6)
raises(IndexError, ds.__getitem__, -7)
raises(TypeError, ds.__getitem__, "0")
check(ds[-1]["metadata"]["file"] == 6 and ds[-1]["metadata"]["level"] == 5, "ds[-1] %r" % ds[-1]["metadata"])
check([x["metadata"]["file"] for x in ds[1:4]] == [2, 3, 4], "slice")
loop = list(ds)
check([x["metadata"] for x in loop] == [ds[i]["metadata"] for i in range(len(ds))], "iteration order")
for x in loop:
    img = x["images"][0]
    check(img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3 and img.flags["C_CONTIGUOUS"],
          "image %s %s" % (img.dtype, img.shape))

# threads (the GIL is released while a sample is made) and jobs=: the same entries
big = perceptv.create_dataset("layered_shapes", seed=11, num_images=4, levels=[1, 6])
want = [(x["metadata"], x["images"][0].tobytes()) for x in big]
par = perceptv.create_dataset("layered_shapes", seed=11, num_images=4, levels=[1, 6], jobs=3)
check([(x["metadata"], x["images"][0].tobytes()) for x in par] == want, "jobs=3 iteration differs from a loop")
got = [None] * len(big)


def work(k):
    for i in range(k, len(big), 4):
        x = big[i]
        got[i] = (x["metadata"], x["images"][0].tobytes())


threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
check(got == want, "4 threads made other entries than a loop")

# a mixture from a recipe, as gen recipe reads it
recipe = {"seed": 7, "split": "train", "tasks": {"counting_circles": {"levels": "1..3", "count": 4},
                                                 "maze_solving": {"levels": [3, 4], "count": 2, "grid_size": 6}}}
mix = perceptv.create_mixture(recipe)
check(len(mix) == 16, "mixture of %d" % len(mix))
tasks_seen = [x["metadata"]["task"] for x in mix]
check(tasks_seen.count("maze_solving") == 4 and tasks_seen[:4].count("maze_solving") == 1,
      "mixture order %s" % tasks_seen)
cc = perceptv.create_dataset("counting_circles", seed=7, num_images=4, levels="1..3", split="train")
check([x["metadata"] for x in mix if x["metadata"]["task"] == "counting_circles"] == [x["metadata"] for x in cc],
      "a mixture's counting_circles entries are not the task's dataset")
check(all(mix.score_answer(x["answer"], x) == 1.0 for x in mix), "mixture gold scored wrong")
with tempfile.TemporaryDirectory() as tmp:
    p = os.path.join(tmp, "mix.json")
    with open(p, "w") as f:
        json.dump(recipe, f)
    check([x["metadata"] for x in perceptv.create_mixture(p)] == [x["metadata"] for x in mix], "recipe file")
    with open(p, "w") as f:
        f.write('{"seed": 7, "seed": 8, "tasks": {"counting_circles": {}}}')
    raises(ValueError, perceptv.create_mixture, p)
raises(ValueError, perceptv.create_mixture, {"seed": 7, "tasks": {"counting_circles": {"weight": 2}}})
raises(ValueError, perceptv.create_mixture, {"seed": 7, "tasks": {"counting_circle": {}}})

finish("errors, indexing, threads and mixtures: all as expected")
