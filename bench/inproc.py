#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/inproc.py [BUILD] [TASK...]: CPU time per sample made in-process
(libperceptv from C, and the Python package perceptv) against the CLI writing
the same samples (gen TASK --seed 7 --num_images N --num_sizes 1..20 --jobs 1
to a tmpfs), one core each.  Every figure is the fastest of REPEATS passes (the
least disturbed by other work on the machine).  Default tasks: counting_circles
(small) and layered_shapes (large).  Run it with Debian's python3 (numpy):

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
PER_LEVEL = {"counting_circles": 100, "layered_shapes": 10}
REPEATS = int(os.environ.get("REPEATS", "5"))
TMP = os.environ.get("BENCH_TMP", "/dev/shm" if os.path.isdir("/dev/shm") else None)
sys.path.insert(0, os.path.join(BUILD, "python"))
import perceptv  # noqa: E402


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cli(task, n):
    best = 1e30
    for _ in range(REPEATS):
        out = tempfile.mkdtemp(dir=TMP)
        t0 = children_cpu()
        subprocess.run([os.path.join(BUILD, "gen"), task, "--seed", "7", "--num_images", str(n), "--num_sizes",
                        "1..20", "--jobs", "1", "--quiet", "--out", out], check=True)
        best = min(best, children_cpu() - t0)
        shutil.rmtree(out)
    return best / (20 * n)


def in_c(task, n):
    r = subprocess.run([os.path.join(BUILD, "lib", "bench_inproc"), task, "7", str(n), str(REPEATS)], check=True,
                       capture_output=True, text=True)
    return float(r.stdout.split()[2]) / 1e6


def in_python(task, n):
    ds = perceptv.create_dataset(task, seed=7, num_images=n, levels=range(1, 21))
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
    n = PER_LEVEL.get(task, 10)
    a, b, c = cli(task, n), in_c(task, n), in_python(task, n)
    print("%-18s %7d %8.3f %6.3f %11.3f %6.1fx %11.1fx %18.0f" % (task, 20 * n, a * 1e3, b * 1e3, c * 1e3, a / b,
                                                              a / c, 1 / c))
