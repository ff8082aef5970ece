#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""include_cycles: circles of includes among the project's own units.

A unit is a folder's X.c with its X.h (common/store/run.c + run.h).  Unit A
points at unit B when a file of A includes B's header (#include "B.h", found in
the folders of common/ and generators/).  A circle is a set of units that all
reach each other (a strongly connected component).  Prints every circle of more
than MAX units (default 2) with the includes that tie it, and exits 1 if there
is one; with --all, prints every circle and the largest size.

    python3 tests/include_cycles.py [--max N] [--all] [SRC]
"""
import os
import re
import sys

FOLDERS = sorted("common/" + d for d in os.listdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))) + ["generators"]
INCLUDE = re.compile(r'^#include "([^"]+)"', re.M)


def units(src):
    """unit name -> list of its files; header basename -> unit."""
    files, headers = {}, {}
    for d in FOLDERS:
        full = os.path.join(src, d)
        if not os.path.isdir(full):
            continue
        for f in sorted(os.listdir(full)):
            base, ext = os.path.splitext(f)
            if ext not in (".c", ".h"):
                continue
            u = d + "/" + base
            files.setdefault(u, []).append(os.path.join(d, f))
            if ext == ".h":
                headers.setdefault(f, []).append(u)
    return files, headers


def graph(src, files, headers):
    edges = {u: {} for u in files}
    for u, fs in files.items():
        for f in fs:
            with open(os.path.join(src, f), encoding="utf-8", errors="replace") as fh:
                for inc in INCLUDE.findall(fh.read()):
                    for v in headers.get(os.path.basename(inc), []):
                        if v != u:
                            edges[u].setdefault(v, []).append(f + ' includes "' + inc + '"')
    return edges


def circles(edges):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def main(argv):
    limit, show_all, src = 2, False, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "--max":
            limit = int(args.pop(0))
        elif a == "--all":
            show_all = True
        else:
            src = a
    files, headers = units(src)
    edges = graph(src, files, headers)
    cs = circles(edges)
    bad = [c for c in cs if len(c) > limit]
    for c in cs if show_all else bad:
        print("circle of %d units: %s" % (len(c), ", ".join(c)))
        for u in c:
            for v in c:
                for why in edges[u].get(v, []):
                    print("    " + why)
    print("%d units, %d circles, the largest of %d units; %d of more than %d"
          % (len(files), len(cs), max([len(c) for c in cs] or [0]), len(bad), limit))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
