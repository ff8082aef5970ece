# SPDX-License-Identifier: MIT
"""import perceptv under a Python without numpy (issue 37, trap 7: pyenv's
python3, first on PATH, has none) says what to do: run /usr/bin/python3 or
install numpy; before, it failed with numpy's own "numpy.core.multiarray failed
to import".  A Python without numpy is this one with numpy blocked
(sys.modules['numpy'] = None), and, where it exists, the python3 first on PATH
when that one has no numpy.  Usage: test_import.py GEN"""
import importlib.util
import os
import shutil
import subprocess
import sys

failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)
        print("FAIL", msg)


# the perceptv under test (the build tree's, or an install's), for the other Python too
spec = importlib.util.find_spec("perceptv")
if spec is None or not spec.origin:
    print("FAIL: perceptv is not importable here")
    sys.exit(1)
ENV = dict(os.environ)
ENV["PYTHONPATH"] = os.pathsep.join(p for p in [os.path.dirname(os.path.dirname(spec.origin)),
                                                 os.environ.get("PYTHONPATH", "")] if p)


def import_in(python, prelude=""):
    r = subprocess.run([python, "-c", prelude + "import perceptv"], capture_output=True, text=True, env=ENV)
    return r.returncode, r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ""


def says_what_to_do(line, python):
    return (line.startswith("ImportError: perceptv needs numpy") and "/usr/bin/python3" in line and
            "install numpy" in line and python in line)


rc, line = import_in(sys.executable, "import sys; sys.modules['numpy'] = None\n")
check(rc != 0 and says_what_to_do(line, sys.executable), "numpy blocked: exit %d, %r" % (rc, line))
rc, line = import_in(sys.executable)
check(rc == 0, "with numpy: exit %d, %r" % (rc, line))

first = shutil.which("python3")
if first and os.path.realpath(first) != os.path.realpath(sys.executable):
    has_numpy = subprocess.run([first, "-c", "import numpy"], capture_output=True).returncode == 0
    real = subprocess.run([first, "-c", "import sys; print(sys.executable)"], capture_output=True,
                          text=True).stdout.strip()
    if not has_numpy and real:
        rc, line = import_in(first)
        check(rc != 0 and says_what_to_do(line, real), "%s (first on PATH): exit %d, %r" % (first, rc, line))
        print("%s, first on PATH and without numpy, says: %s" % (real, line))

if failures:
    print("%d failures" % len(failures))
    sys.exit(1)
print("import perceptv without numpy names the Python and says what to do")
