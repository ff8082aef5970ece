#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/inproc.py [BUILD] [TASK...]: CPU time per sample made in-process
(libperceptv from C, and the Python package perceptv) against the CLI writing
the same samples (gen TASK --seed 7 --num_images N --jobs 1 to a tmpfs: the
task's release levels, 1..20 for most and 1..4 for the two video tasks at their
16 frames), one core each.  Every figure is the fastest of REPEATS passes (the
least disturbed by other work on the machine).  Default tasks: counting_circles
(small) and layered_shapes (large).  REPEATS=K sets the passes (5), and
BENCH_PER_LEVEL=N the samples of each level for every task (tests/bench_inproc.sh
runs it small).  Run it with Debian's python3 (numpy):

    /usr/bin/python3 bench/inproc.py build
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
TASKS = sys.argv[2:] or ["counting_circles", "layered_shapes"]
PER_LEVEL = {"counting_circles": 100, "layered_shapes": 10, "comp_conjunctive": 25, "comp_sequential": 25}
REPEATS = int(os.environ.get("REPEATS", "5"))
TMP = os.environ.get("BENCH_TMP", "/dev/shm" if os.path.isdir("/dev/shm") else None)
sys.path.insert(0, os.path.join(BUILD, "python"))
import perceptv  # noqa: E402


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cli(task, n, samples):
    best = 1e30
    for _ in range(REPEATS):
        out = tempfile.mkdtemp(dir=TMP)
        try:
            t0 = children_cpu()
            subprocess.run([os.path.join(BUILD, "gen"), task, "--seed", "7", "--num_images", str(n), "--jobs", "1",
                            "--quiet", "--out", out], check=True)
            best = min(best, children_cpu() - t0)
        finally:
            shutil.rmtree(out)
    return best / samples


def in_c(task, n, samples):
    r = subprocess.run([os.path.join(BUILD, "lib", "bench_inproc"), task, "7", str(n), str(REPEATS)], check=True,
                       capture_output=True, text=True)
    _, made, us = r.stdout.split()
    if int(made) != samples:  # the three columns must time the same samples
        sys.exit("bench_inproc made %s samples of %s, the CLI and Python %d" % (made, task, samples))
    return float(us) / 1e6


def in_python(ds):
    ds[0]
    best = 1e30
    for _ in range(REPEATS):
        t0 = time.process_time()
        for _e in ds:
            pass
        best = min(best, time.process_time() - t0)
    return best / len(ds)


print("task               samples   CLI ms   C ms   Python ms   CLI/C   CLI/Python   Python samples/s")
for task in TASKS:
    n = int(os.environ.get("BENCH_PER_LEVEL", "0")) or PER_LEVEL.get(task, 10)
    ds = perceptv.create_dataset(task, seed=7, num_images=n)  # the release's levels, as gen and bench_inproc
    a, b, c = cli(task, n, len(ds)), in_c(task, n, len(ds)), in_python(ds)
    print("%-18s %7d %8.3f %6.3f %11.3f %6.1fx %11.1fx %18.0f" % (task, len(ds), a * 1e3, b * 1e3, c * 1e3, a / b,
                                                              a / c, 1 / c))
