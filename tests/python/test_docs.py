# SPDX-License-Identifier: MIT
"""Runs every ```python block of docs/python.md in order, in one namespace (the
page's examples build on each other).  The blocks that need torch are skipped
(and the test exits 77) where python3-torch is not installed.
Usage: test_docs.py GEN PAGE"""
import re
import sys

page = open(sys.argv[2]).read()
blocks = re.findall(r"```python\n(.*?)```", page, re.S)
if len(blocks) < 5:
    print("FAIL: only %d python blocks in %s" % (len(blocks), sys.argv[2]))
    sys.exit(1)
try:
    import torch  # noqa: F401
    have_torch = True
except ImportError:
    have_torch = False
ns = {}
skipped = 0
for k, code in enumerate(blocks, 1):
    if "torch" in code and not have_torch:
        skipped += 1
        continue
    print("--- block %d" % k)
    exec(compile(code, "%s block %d" % (sys.argv[2], k), "exec"), ns)
print("%d blocks of %s ran" % (len(blocks) - skipped, sys.argv[2]))
sys.exit(77 if skipped else 0)
