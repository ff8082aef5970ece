# SPDX-License-Identifier: MIT
"""The figures of bench/fidelity.sh: an original Percept-V task directory beside gen's.

Both directories hold data.json and data/; records are taken level by level in file
order (the originals and gen both number files level after level, num_images each).
Per level it prints image sizes, record fields with their JSON types, the mean of every
number, bool and list length on both sides (gen's flagged with '!' where it is off by
more than 3 standard errors of the difference plus 5% of the original's mean), the
original's defect rate (bench/fidelity/TASK.py: defect(record, images) returns why the
gold cannot be read from the pixels, or None) and gen's redraw rate (from gen's
"redrawn" line).  Uses Pillow to read image sizes.
"""
import argparse
import importlib.util
import json
import math
import os
import re
import sys

from PIL import Image


def field_types(recs):
    """Each field's JSON type over recs, in the first record's order; an empty
    list says nothing of its items, so list[str] from any record wins over it."""
    out = {}
    for r in recs:
        for k, v in r.items():
            t = jtype(v)
            if k not in out or out[k] == "list":
                out[k] = t
    return out


def jtype(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    if v is None:
        return "null"
    if isinstance(v, list):
        inner = sorted({jtype(x) for x in v})
        return "list[" + "|".join(inner) + "]" if inner else "list"
    if isinstance(v, dict):
        return "dict"
    return type(v).__name__


def file_number(rec_id):
    m = re.search(r"(\d+)\.png$", rec_id)
    return int(m.group(1)) if m else 0


def load(dirpath):
    with open(os.path.join(dirpath, "data.json")) as f:
        recs = json.load(f)
    return sorted(recs, key=lambda r: file_number(r.get("id", "")))


def images_of(dirpath, rec):
    rid = rec["id"]
    names = [rid]
    if rid.startswith("second"):
        names = ["first" + rid[len("second"):], rid]
    return [os.path.join(dirpath, "data", n) for n in names]


def small_vocabularies(recs):
    """The list-of-string fields whose words, over all of recs, are at most three
    (yes/no-like answers), with those words."""
    words = {}
    for r in recs:
        for k, v in r.items():
            if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
                words.setdefault(k, set()).update(v)
    return {k: sorted(w) for k, w in words.items() if len(w) <= 3}


def measures(rec, vocab):
    """Every number, bool and list length of a record, by a name; for a field in
    vocab (small_vocabularies), the share of each of its words in the list (0 when
    the word is absent)."""
    out = {}
    for k, v in rec.items():
        if k == "id":
            continue
        if isinstance(v, bool):
            out[k] = float(v)
        elif isinstance(v, (int, float)):
            out[k] = float(v)
        elif isinstance(v, list):
            out["len(%s)" % k] = float(len(v))
            if v and k in vocab:
                for w in vocab[k]:
                    out["share(%s=%s)" % (k, w)] = sum(x == w for x in v) / len(v)
        elif isinstance(v, dict):
            for kk, vv in v.items():
                if isinstance(vv, (int, float)):
                    out["%s.%s" % (k, kk)] = float(vv)
    return out


def mean_se(xs):
    n = len(xs)
    if n == 0:
        return float("nan"), float("nan")
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def size_set(dirpath, recs):
    s = set()
    for r in recs:
        for p in images_of(dirpath, r):
            try:
                with Image.open(p) as im:
                    s.add(im.size)
            except OSError:
                pass
    return s


def sizes_agree(so, sg):
    """Every gen size within 3% of the originals' range, on both sides."""
    if not so or not sg:
        return False
    lo = [min(x[i] for x in so) * 0.97 for i in (0, 1)]
    hi = [max(x[i] for x in so) * 1.03 for i in (0, 1)]
    return all(lo[i] - 1 <= x[i] <= hi[i] + 1 for x in sg for i in (0, 1))


def sizes(dirpath, recs):
    s = set()
    for r in recs:
        for p in images_of(dirpath, r):
            try:
                with Image.open(p) as im:
                    s.add(im.size)
            except OSError:
                s.add(("missing",))
    if not s:
        return "-"
    ws = [x[0] for x in s if len(x) == 2]
    hs = [x[1] for x in s if len(x) == 2]
    if not ws:
        return "missing"
    fmt = lambda a: str(min(a)) if min(a) == max(a) else "%d-%d" % (min(a), max(a))
    return "%sx%s" % (fmt(ws), fmt(hs))


def redraws_by_level(log):
    out = {}
    if not log or not os.path.exists(log):
        return out
    for line in open(log, errors="replace"):
        m = re.search(r"redrawn .*by level (.*)$", line)
        if m:
            for part in m.group(1).split(","):
                mm = re.match(r"\s*(\d+): (\d+)/(\d+)", part)
                if mm:
                    out[int(mm.group(1))] = (int(mm.group(2)), int(mm.group(3)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("task")
    ap.add_argument("orig")
    ap.add_argument("gen")
    ap.add_argument("--levels", required=True)
    ap.add_argument("--orig-seconds", type=float, default=float("nan"))
    ap.add_argument("--gen-seconds", type=float, default=float("nan"))
    ap.add_argument("--gen-log")
    ap.add_argument("--checks")
    a = ap.parse_args()
    levels = [int(x) for x in a.levels.split()]
    orig, gen = load(a.orig), load(a.gen)
    defect = None
    if a.checks:
        path = os.path.join(a.checks, a.task + ".py")
        if os.path.exists(path):
            spec = importlib.util.spec_from_file_location("check_" + a.task, path)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            defect = mod.defect
    redrawn = redraws_by_level(a.gen_log)
    per_o, per_g = len(orig) // len(levels), len(gen) // len(levels)
    print("%s: original %d records (%d per level), gen %d (%d per level)" % (a.task, len(orig), per_o, len(gen), per_g))
    print("  wall time: original %.2f s (%.1f ms an image), gen %.3f s (%.2f ms an image), gen %.0fx faster"
          % (a.orig_seconds, 1000 * a.orig_seconds / max(len(orig), 1), a.gen_seconds,
             1000 * a.gen_seconds / max(len(gen), 1),
             (a.orig_seconds / max(len(orig), 1)) / max(a.gen_seconds / max(len(gen), 1), 1e-9)))
    flags = 0
    for li, level in enumerate(levels):
        o = orig[li * per_o:(li + 1) * per_o]
        g = gen[li * per_g:(li + 1) * per_g]
        print("level %d" % level)
        ok = sizes_agree(size_set(a.orig, o), size_set(a.gen, g))
        flags += not ok
        print("  size  %s original %-14s gen %s" % (" " if ok else "!", sizes(a.orig, o), sizes(a.gen, g)))
        to, tg = field_types(o), field_types(g)
        same = list(to.items()) == list(tg.items())
        print("  fields  original %s" % ", ".join("%s:%s" % kv for kv in to.items()))
        if not same:
            print("        ! gen      %s" % ", ".join("%s:%s" % kv for kv in tg.items()))
            flags += 1
        mo, mg = {}, {}
        vocab = small_vocabularies(o + g)
        for r in o:
            for k, v in measures(r, vocab).items():
                mo.setdefault(k, []).append(v)
        for r in g:
            for k, v in measures(r, vocab).items():
                mg.setdefault(k, []).append(v)
        for k in sorted(set(mo) | set(mg)):
            m1, s1 = mean_se(mo.get(k, []))
            m2, s2 = mean_se(mg.get(k, []))
            # a measure one side has fewer than 5 samples of (a word share where
            # most lists were empty) is shown, not judged: its standard error
            # means nothing (two equal values give 0)
            off = len(mo.get(k, [])) >= 5 and len(mg.get(k, [])) >= 5 and \
                not (abs(m1 - m2) <= 3 * math.sqrt(s1 * s1 + s2 * s2) + 0.05 * abs(m1) + 1e-9)
            flags += off
            print("  %s mean  %-28s original %7.3f +- %.3f   gen %7.3f +- %.3f" % ("!" if off else " ", k, m1, s1, m2, s2))
        if defect:
            bad, why = 0, {}
            for r in o:
                ims = []
                for p in images_of(a.orig, r):
                    with Image.open(p) as im:
                        ims.append(im.convert("RGB"))
                w = defect(r, ims)
                if w:
                    bad += 1
                    why[w] = why.get(w, 0) + 1
            reasons = "; ".join("%s: %d" % kv for kv in sorted(why.items()))
            print("  defects original %d/%d%s" % (bad, len(o), " (" + reasons + ")" if reasons else ""))
        else:
            print("  defects original: no bench/fidelity/%s.py" % a.task)
        at, of = redrawn.get(level, (0, len(g)))
        print("  redrawn gen %d/%d" % (at, of))
    print("%d figure(s) flagged" % flags)


if __name__ == "__main__":
    sys.exit(main())
