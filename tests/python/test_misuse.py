# SPDX-License-Identifier: MIT
"""perceptv under misuse (issue 36): each case a red team broke, checked case by
case.  A garbage-collector callback that makes a sample in the middle of make();
recipes from a FIFO, a device, a 2 MB file or a dict with what gen recipe refuses;
level lists that would not end; jobs without a bound; a mixture of 10^7 samples;
Config.__new__ without __init__; NULs inside str arguments; levels past a C
int and bools as levels; records with trailing text or \\u0000; entries of the
wrong shape; numpy integers where ints go; bytes as levels.  The cases that
crashed or ate all memory before their fix run in a child process (under an
address-space limit where the build is not an AddressSanitizer one).
Usage: test_misuse.py GEN"""
import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import tracemalloc
import weakref

import numpy as np

import perceptv
from checks import check, finish, raises
from perceptv import _perceptv

GEN = sys.argv[1]
ASAN = "asan" in os.environ.get("LD_PRELOAD", "")


def child(code):
    """Runs code in a child Python (this one's path and environment): its exit
    status and output.  Outside AddressSanitizer the child's address space is
    capped at 2 GiB, so code that would take all memory fails there instead."""
    def cap():
        if not ASAN:
            resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    r = subprocess.run([sys.executable, "-c", "import perceptv, sys\n" + code], capture_output=True, text=True,
                       preexec_fn=cap)
    return r.returncode, (r.stdout + r.stderr).strip()


def gen_recipe_message(text):
    """gen recipe's own message for a recipe file holding text (after 'gen: ')."""
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "r.json")
        with open(p, "w") as f:
            f.write(text)
        r = subprocess.run([GEN, "recipe", p, "--dry-run"], capture_output=True, text=True)
        return r.returncode, r.stderr.strip().removeprefix("gen: ").replace(p, "FILE")


# ---- 1. a sample made on the same thread in the middle of make() -------------------------
# A garbage-collector callback makes a maze_solving sample whenever a collection
# starts; collections are forced to start at allocations inside make() by a
# threshold of 1 to 6 and 0 to 6 containers made just before.  Each
# counting_circles entry must still be its own (record, gold and pixels); before
# the fix the shared sample was freed or changed under the outer call
# (heap-use-after-free under ASan; another task's record or pixels without).
def case_1():
    ref = _perceptv.Config("counting_circles", 7)
    want = {f: ref.make(f, 5) for f in range(1, 50)}
    inner = _perceptv.Config("maze_solving", 7)
    fired = [0]

    def collect_and_make(phase, info):
        if phase == "start":
            fired[0] += 1
            inner.make(1 + fired[0] % 7, 6)

    old_threshold = gc.get_threshold()
    f, bad = 0, 0
    for threshold in range(1, 7):
        for pre in range(7):
            f += 1
            gc.collect()
            junk = [[] for _ in range(pre)]
            gc.callbacks.append(collect_and_make)
            gc.set_threshold(threshold, 1, 1)
            try:
                images, record, gold, prompt = ref.make(f, 5)
            finally:
                gc.set_threshold(*old_threshold)
                gc.callbacks.remove(collect_and_make)
            w = want[f]
            if record != w[1] or gold != w[2] or prompt != w[3] or images[0].tobytes() != w[0][0].tobytes():
                bad += 1
    check(fired[0] > 0, "the garbage-collector callback never ran")
    check(bad == 0, "1: %d of %d entries changed by a sample made in a gc callback during make()" % (bad, f))
    # __del__ and a weakref finalizer that make samples while entries are indexed
    ds = perceptv.create_dataset("counting_circles", seed=7, num_images=3, levels=[4, 5])
    plain = [ds[i]["metadata"] for i in range(len(ds))]

    class Dies:
        def __del__(self):
            inner.make(3, 5)

    got = []
    for i in range(len(ds)):
        a, b = Dies(), Dies()
        a.other, b.other = b, a  # a cycle: freed by the collector, inside some allocation
        weakref.finalize(a, inner.make, 4, 5)
        del a, b
        gc.set_threshold(1, 1, 1)
        try:
            got.append(ds[i]["metadata"])
        finally:
            gc.set_threshold(*old_threshold)
    gc.collect()
    check(got == plain, "1: ds[i] with __del__ making samples: %s" % got)


# ---- 2, 3. recipe files: a FIFO, a device, more than 1 MiB ------------------------------
def case_2():
    RECIPE = {"seed": 7, "tasks": {"counting_circles": {"levels": "1..2", "count": 2}}}
    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "fifo.json")
        os.mkfifo(fifo)
        # create_mixture in a thread; this thread offers the FIFO a writer whenever a
        # reader has it open (a non-blocking open succeeds only then), so a reader
        # that waits on it gets a valid recipe and returns: no wall clock involved
        # (gen's reader opens it without blocking to see what it is, and closes it)
        result = {}

        def mix_fifo():
            try:
                result["value"] = perceptv.create_mixture(fifo)
            except Exception as e:  # noqa: BLE001
                result["error"] = e

        th = threading.Thread(target=mix_fifo)
        th.start()
        while th.is_alive():
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                th.join(0.01)
                continue
            try:
                os.write(fd, json.dumps(RECIPE).encode())
            except BrokenPipeError:  # the reader closed it unread
                pass
            os.close(fd)
        th.join()
        check(isinstance(result.get("error"), ValueError) and "regular file" in str(result["error"]),
              "2: create_mixture read a FIFO (%r)" % result)
        m = raises(ValueError, perceptv.create_mixture, "/dev/null")
        check("regular file" in m, "3: /dev/null: %s" % m)
        rc, out = child("perceptv.create_mixture('/dev/zero')")
        check(rc == 1 and "ValueError" in out and "regular file" in out, "3: /dev/zero: exit %d: %s" % (rc, out[-300:]))
        big = os.path.join(tmp, "big.json")
        with open(big, "w") as fh:
            fh.write(json.dumps(RECIPE) + " " * (2 << 20))
        m = raises(ValueError, perceptv.create_mixture, big)
        code, gen_says = gen_recipe_message(json.dumps(RECIPE) + " " * (2 << 20))
        check(code == 2 and m == "recipe: " + gen_says.removeprefix("recipe: ").replace("FILE", big),
              "3: a 2 MB recipe: %r; gen recipe: %r" % (m, gen_says))
        missing = os.path.join(tmp, "none.json")
        raises(FileNotFoundError, perceptv.create_mixture, missing)


# ---- 4. levels that would not end are refused before they are made ----------------------
def case_4():
    for code in ["perceptv.create_dataset('counting_circles', seed=7, levels=range(1, 10**12))",
                 "perceptv.create_dataset('counting_circles', seed=7, levels='1..10000000000')",
                 "perceptv.create_dataset('counting_circles', seed=7, num_images=1, levels='1..90000 ' * 200)",
                 "perceptv.create_dataset('counting_circles', seed=7, levels=range(10**18, 10**19))"]:
        rc, out = child(code)
        check(rc == 1 and "ValueError" in out and "MemoryError" not in out, "4: %s: exit %d: %s" % (code, rc, out[-300:]))
    pulled = [0]

    def endless():
        while True:
            pulled[0] += 1
            if pulled[0] > 2 * 10 ** 6:  # the old code would pull forever: stop it here
                raise RuntimeError("pulled %d levels" % pulled[0])
            yield 3

    m = raises(ValueError, perceptv.create_dataset, "counting_circles", seed=7, levels=endless())
    check("more than 1000000 levels" in m and pulled[0] == 10 ** 6 + 1, "4: endless generator: %s (%d pulled)"
          % (m, pulled[0]))
    rc, out = child("try:\n    perceptv.create_dataset('counting_circles', seed=7, levels='1..10000000000')\n"
                    "except ValueError as e:\n    print(e); sys.exit(3)")
    check(rc == 3 and out == "bad level range '1..10000000000' in --num_sizes (expected A..B, e.g. 1..20)",
          "4: gen's message for 1..10000000000: exit %d: %s" % (rc, out[-300:]))
    check(len(perceptv.create_dataset("counting_circles", seed=7, num_images=1, levels=range(1, 36))) == 35,
          "4: a range of 35 levels")


# ---- 5. jobs: gen's 1..256 -----------------------------------------------------------
def case_5():
    for j in (0, 257, 10 ** 9, -1):
        m = raises(ValueError, perceptv.create_dataset, "counting_circles", seed=7, jobs=j)
        check("expected 1..256" in m, "5: jobs=%d: %s" % (j, m))
    check(perceptv.create_dataset("counting_circles", seed=7, jobs=256).jobs == 256, "5: jobs=256 refused")
    raises(TypeError, perceptv.create_dataset, "counting_circles", seed=7, jobs=2.0)


# ---- 6. a mixture finds entry i from i: no order of all entries is kept ------------------
def case_6():
    BIG = {"seed": 7, "tasks": {"counting_circles": {"levels": "1..10", "count": 100000},
                                "maze_solving": {"levels": "3..12", "count": 100000}}}
    tracemalloc.start()
    mix = perceptv.create_mixture(BIG)
    first = mix._at(0), mix._at(len(mix) // 2), mix._at(len(mix) - 1)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    check(len(mix) == 2 * 10 ** 6 and peak < 4 << 20, "6: a mixture of %d entries took %d bytes of Python memory"
          % (len(mix), peak))
    # every position against the full sort the page describes, on recipes with ties
    rnd = random.Random(36)
    shapes = [(1, 3), (2, 2), (3, 5, 7), (1, 1, 1), (10, 1), (4, 6, 8, 12), (1, 2, 3, 4, 5), (7,)]
    shapes += [tuple(rnd.randint(1, 60) for _ in range(rnd.randint(2, 5))) for _ in range(12)]
    for counts in shapes:
        names = ["counting_circles", "maze_solving", "sort_lines", "grid_path", "list_colours"][:len(counts)]
        rec = {"seed": 3, "tasks": {n: {"levels": [5], "count": c} for n, c in zip(names, counts)}}
        mx = perceptv.create_mixture(rec)
        full = sorted(((j + 0.5) / c, t, j) for t, c in enumerate(counts) for j in range(c))
        check([mx._at(i) for i in range(len(mx))] == [(t, j) for _, t, j in full], "6: order of counts %s" % (counts,))
    huge = {"seed": 7, "tasks": {t: {"levels": [1], "count": 10 ** 7} for t in
                                 ["counting_circles", "sort_lines", "mirror_image", "list_colours"]}}
    mx = perceptv.create_mixture(huge)
    e = mx[len(mx) - 1]
    check(len(mx) == 4 * 10 ** 7 and e["metadata"]["task"] == "list_colours" and e["metadata"]["file"] == 10 ** 7,
          "6: the last of 4 x 10^7: %s" % e["metadata"])


# ---- 7 is the C library's (tests/lib_api.c) ------------------------------------------

# ---- 8. a Config made without __init__ ----------------------------------------------
def case_8():
    for call in ["check_level(1)", "make(1, 1)"]:
        rc, out = child("c = perceptv._perceptv.Config.__new__(perceptv._perceptv.Config)\n"
                        "try:\n    c.%s\nexcept RuntimeError as e:\n    print('RuntimeError', e); sys.exit(3)" % call)
        check(rc == 3 and "not initialised" in out, "8: Config.__new__(Config).%s: exit %d %s" % (call, rc, out[-200:]))
    c = _perceptv.Config("counting_circles", 7)
    raises(RuntimeError, c.__init__, "maze_solving", 8)  # set up once: make() reads it without the GIL


# ---- 9. a NUL inside a str argument -----------------------------------------------------
def case_9():
    raises(ValueError, perceptv.create_dataset, "counting_circles\x00junk", seed=7)
    raises(ValueError, perceptv.sample, "counting_circles\x00", 7, 1, 3)
    m = raises(ValueError, perceptv.create_dataset, "counting_circles", seed=7, split="train\x00evil")
    check("NUL" in m, "9: split with a NUL: %s" % m)
    raises(ValueError, perceptv.score_answer, "counting_circles\x00x", "COUNT:1", {"id": "1.png", "num_objects": 1})
    raises(ValueError, perceptv.score_answer, "counting_circles", "COUNT:1", '{"id": "1.png", "num_objects": 1}\x00x')
    raises(ValueError, perceptv.create_dataset, "counting_circles", seed=7, levels="1..3\x00junk")
    raises(ValueError, perceptv.prompt, "counting_circles\x00")
    raises(ValueError, _perceptv.suggest, "counting_circle\x00")
    raises(ValueError, _perceptv.task_info, "counting_circles\x00")
    raises(ValueError, perceptv.create_mixture, {"seed": 7, "split": "train\x00evil",
                                                 "tasks": {"counting_circles": {}}})
    raises(ValueError, perceptv.create_mixture, {"seed": 7, "tasks": {"counting_circles\x00": {}}})


# ---- 10. levels past a C int, and bools ---------------------------------------------------
def case_10():
    c = _perceptv.Config("counting_circles", 7)
    for lv, text in [(2 ** 32 + 5, "4294967301"), (2 ** 31, "2147483648"), (-2 ** 31 - 1, "-2147483649"),
                     (10 ** 30, "1000000000000000000000000000000")]:
        m = raises(ValueError, perceptv.create_dataset, "counting_circles", seed=7, levels=[lv])
        check(text in m, "10: level %d named as %r" % (lv, m))
        m = raises(ValueError, perceptv.sample, "counting_circles", 7, 1, lv)
        check(text in m, "10: sample level %d: %r" % (lv, m))
        m = raises(ValueError, c.check_level, lv)
        check(text in m, "10: check_level(%d): %r" % (lv, m))
        m = raises(ValueError, c.make, 1, lv)
        check(text in m, "10: make(1, %d): %r" % (lv, m))
    m = raises(ValueError, perceptv.create_dataset, "counting_circles", seed=7, levels=[2 ** 31])
    check(m == "counting_circles: level 2147483648 is above 100000", "10: gen's words for a level too high: %r" % m)
    raises(TypeError, perceptv.sample, "counting_circles", 7, 1, True)
    raises(TypeError, perceptv.create_dataset, "counting_circles", seed=7, levels=[True])
    raises(TypeError, perceptv.create_dataset, "counting_circles", seed=7, levels=True)
    raises(TypeError, c.check_level, True)
    raises(TypeError, c.make, 1, True)
    raises(TypeError, c.make, True, 3)
    m = raises(ValueError, c.make, 2 ** 70, 3)
    check("1180591620717411303424" in m, "10: file 2**70: %r" % m)


# ---- 11. a recipe dict is checked as gen recipe checks the same JSON ----------------------
def case_11():
    BAD_RECIPES = [
        {"seed": 7, "annotations": "maybe", "tasks": {"counting_circles": {}}},
        {"seed": 7, "metadata": 5, "tasks": {"counting_circles": {}}},
        {"seed": "\u0667", "tasks": {"counting_circles": {}}},
        {"seed": "7\u0667", "tasks": {"counting_circles": {}}},
        {"seed": 7, "split": "Train!", "tasks": {"counting_circles": {}}},
        {"seed": 7, "tasks": {"counting_circles": {"count": 0}}},
        {"seed": 7, "tasks": {"counting_circles": {"count": 2.5}}},
        {"seed": 7, "tasks": {"counting_circles": {"levels": "1..40"}}},
        {"seed": 7, "tasks": {"counting_circles": {"levels": [1, "2"]}}},
        {"seed": 7, "tasks": {"counting_circles": {"scale": 9}}},
        {"seed": 7, "tasks": {"counting_circles": {"grid_size": 1}}},
        {"seed": 7, "tasks": {"counting_circles": {"frames": 4}}},
        {"seed": 7, "tasks": {"counting_circles": {"weight": 1}}},
        {"seed": 7, "tasks": {}},
        {"seed": 7, "tasks": {"counting_circles": []}},
        {"seed": -1, "tasks": {"counting_circles": {}}},
        {"seed": 1.5, "tasks": {"counting_circles": {}}},
        {"seed": True, "tasks": {"counting_circles": {}}},
        {"tasks": {"counting_circles": {}}},
        {"seed": 7, "tasks": {"counting_circles": {"levels": "1..3", "count": 10 ** 7}}},
    ]
    for rec in BAD_RECIPES:
        text = json.dumps(rec, ensure_ascii=False)
        code, gen_says = gen_recipe_message(text)
        check(code != 0, "11: gen recipe took %s" % text)
        m = raises(ValueError, perceptv.create_mixture, rec)
        want = gen_says.replace("recipe 'FILE': ", "recipe: ")
        check(m == want, "11: %s: perceptv %r, gen recipe %r" % (text, m, want))
        with tempfile.TemporaryDirectory() as tmp:
            p = os.path.join(tmp, "r.json")
            with open(p, "w") as fh:
                fh.write(text)
            m = raises(ValueError, perceptv.create_mixture, p)
            check(m == gen_says.replace("FILE", p), "11: file %s: perceptv %r, gen recipe %r" % (text, m, gen_says))
    for text in ['{"seed": 7, "tasks": {"counting_circles": {}}} trailing', '{"seed": 7, "seed": 8, "tasks": {}}',
                 '{"seed": 7, "tasks": {"counting_circles": {"levels": "1\\u00002"}}}']:
        with tempfile.TemporaryDirectory() as tmp:
            p = os.path.join(tmp, "r.json")
            with open(p, "w") as fh:
                fh.write(text)
            m = raises(ValueError, perceptv.create_mixture, p)
            code, gen_says = gen_recipe_message(text)
            check(code == 2 and m == gen_says.replace("FILE", p), "11: %s: perceptv %r, gen %r" % (text, m, gen_says))
    # what gen recipe takes, perceptv takes with the same samples (a Python int seed is exact at any size)
    ok = perceptv.create_mixture({"seed": 2 ** 63 + 11, "split": "train", "annotations": True, "metadata": "jsonl",
                                  "tasks": {"counting_circles": {"levels": [3, 4], "count": np.int64(2)}}})
    check(len(ok) == 4 and ok[0]["metadata"]["seed"] == 2 ** 63 + 11 and ok[0]["metadata"]["split"] == "train",
          "11: a good recipe: %d entries, %s" % (len(ok), ok[0]["metadata"]))
    check(perceptv.create_mixture({"seed": "9223372036854775819", "tasks": {"counting_circles": {"levels": [3, 4],
                                                                                                     "count": 2}}})
          [0]["metadata"]["seed"] == 2 ** 63 + 11, "11: a seed of digits")


# ---- 12. records read as strictly as the file readers read them --------------------------
def case_12():
    rec = json.dumps({"id": "1.png", "num_objects": 5})
    check(perceptv.score_answer("counting_circles", "COUNT:5", rec) == 1.0, "12: a plain record")
    for bad in [rec + " trailing", rec + "{}", rec + "\n" + rec, '{"id": "1.png", "num_objects": 5, "num_objects": 6}',
                '{"id": "1.png", "num_objects": NaN}']:
        m = raises(ValueError, perceptv.score_answer, "counting_circles", "COUNT:5", bad)
        check("not valid JSON" in m, "12: %r: %s" % (bad, m))
    good = {"id": "1.png", "list_colours": ["coral", "ivory"], "num_objects": 2}
    check(perceptv.score_answer("list_colours", "coral, ivory", good) == 1.0, "12: list_colours' own record")
    for bad in [{"id": "1.png", "list_colours": ["coral\x00green", "ivory"], "num_objects": 2},
                {"id": "1.png\x00.png", "list_colours": ["coral", "ivory"], "num_objects": 2}]:
        m = raises(ValueError, perceptv.score_answer, "list_colours", "coral, ivory", bad)
        check("\\u0000" in m, "12: a \\u0000 in a record: %s" % m)


# ---- 13. exception types, numpy integers, bytes as levels ---------------------------------
def case_13():
    ds = perceptv.create_dataset("counting_circles", seed=7, num_images=2, levels="3..4")
    e = ds[0]
    mx = perceptv.create_mixture({"seed": 7, "tasks": {"counting_circles": {"levels": [3], "count": 2}}})
    for entry in [{"metadata": 5}, {}, [], None, {"metadata": None}, "x"]:
        raises(TypeError, ds.score_answer, "COUNT:3", entry)
        raises(TypeError, mx.score_answer, "COUNT:3", entry)
    raises(ValueError, mx.score_answer, "COUNT:3", {"metadata": {"id": "1.png", "num_objects": 3}})
    for kind in (np.int64, np.int32, np.uint16, np.intp):
        d = perceptv.create_dataset("counting_circles", seed=kind(7), num_images=kind(2), file=kind(3),
                                    levels=np.arange(3, 5, dtype=kind), jobs=kind(2), grid_size=kind(6))
        check([x["metadata"] for x in d] == [x["metadata"] for x in perceptv.create_dataset(
            "counting_circles", seed=7, num_images=2, file=3, levels=[3, 4])], "13: numpy %s" % kind.__name__)
        s = perceptv.sample("counting_circles", kind(7), kind(3), kind(4))
        check(s["metadata"] == perceptv.sample("counting_circles", 7, 3, 4)["metadata"] and
              type(s["metadata"]["seed"]) is int, "13: sample with numpy %s" % kind.__name__)
    v = perceptv.create_dataset("comp_sequential", seed=np.int64(7), num_images=1, frames=np.int64(3))
    check(len(v[0]["images"]) == 3, "13: numpy frames")
    raises(TypeError, perceptv.create_dataset, "counting_circles", seed=np.bool_(True))
    raises(TypeError, perceptv.create_dataset, "counting_circles", seed=7, levels=[np.bool_(True)])
    for b in (b"1..2", bytearray(b"1..2"), memoryview(b"1..2")):
        raises(TypeError, perceptv.create_dataset, "counting_circles", seed=7, levels=b)


CASES = [("1", case_1), ("2, 3", case_2), ("4", case_4), ("5", case_5), ("6", case_6), ("8", case_8),
         ("9", case_9), ("10", case_10), ("11", case_11), ("12", case_12), ("13", case_13)]
for number, case in CASES:
    try:
        case()
    except Exception as e:  # noqa: BLE001 - a case that crashes is a failure, and the others still run
        check(False, "%s: %s: %s" % (number, type(e).__name__, e))

finish("misuse: every case of issue 36 refused or survived as it should")
