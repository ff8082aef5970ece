# SPDX-License-Identifier: MIT
"""The extension perceptv._perceptv for the wheel (pyproject.toml has the rest).

It is made of gen's own C sources (the layers below the commands, libperceptv's
facade and python/_perceptv.c), compiled with the flags gen's CMake build uses
where they change results (C11, no floating-point contraction, no fast math) and
linked with the system's shared libraries that pkg-config names, as the CMake
build links its Python extension.  The fonts are built in from fonts/ (.incbin).
The version is read from lib/include/perceptv.h.  Intermediate files go to
build-wheel/, never into a CMake build directory or the source folders."""
import glob
import os
import re
import shlex
import subprocess

from setuptools import Extension, setup

try:
    import numpy
except ImportError:
    raise SystemExit("building perceptv needs numpy's headers, and this Python has no numpy: run Debian's "
                     "/usr/bin/python3 (apt install python3-numpy), or install numpy for this Python")

HERE = os.path.dirname(os.path.abspath(__file__))
WORK = "build-wheel"


def version():
    text = open(os.path.join(HERE, "lib", "include", "perceptv.h")).read()
    parts = [re.search(r"^#define PERCEPTV_VERSION_%s (\d+)$" % p, text, re.M) for p in ("MAJOR", "MINOR", "PATCH")]
    if not all(parts):
        raise SystemExit("lib/include/perceptv.h has no PERCEPTV_VERSION_MAJOR/MINOR/PATCH lines")
    return ".".join(m.group(1) for m in parts)


def pkg_config(*args):
    try:
        out = subprocess.run(["pkg-config", *args], check=True, capture_output=True, text=True).stdout
    except FileNotFoundError:
        raise SystemExit("pkg-config is not installed (Debian: apt install pkg-config)")
    except subprocess.CalledProcessError as e:
        raise SystemExit("pkg-config %s: %s (scripts/install-deps.sh installs what the build needs)"
                         % (" ".join(args), e.stderr.strip()))
    return shlex.split(out)


def revision():
    try:
        r = subprocess.run(["git", "-C", HERE, "describe", "--always", "--dirty", "--abbrev=12"],
                           capture_output=True, text=True)
        return r.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


MODULES = ["cairo", "pixman-1", "libpng", "freetype2", "libcjson", "zlib", "libdeflate", "nettle"]
defines = [("_POSIX_C_SOURCE", "200809L"), ("_DEFAULT_SOURCE", None), ("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"),
           ("GEN_VERSION", '"%s"' % version()), ("GEN_REVISION", '"%s"' % revision())]
for name, path in [("GEN_FONT_FILE", "fonts/LiberationSans-Regular.ttf"),
                   ("GEN_FONT_DEJAVU_FILE", "fonts/dejavu/DejaVuSans.ttf"),
                   ("GEN_FONT_DEJAVU_BOLD_FILE", "fonts/dejavu/DejaVuSans-Bold.ttf")]:
    defines.append((name, '"%s"' % os.path.join(HERE, path)))
modules = list(MODULES)
if subprocess.run(["pkg-config", "--exists", "libisal"]).returncode == 0:
    modules.append("libisal")
    defines += [("GEN_HAVE_ISAL", None), ("GEN_ISAL_VERSION", '"%s"' % pkg_config("--modversion", "libisal")[0])]
cflags = pkg_config("--cflags", *modules)
libs = pkg_config("--libs", *modules)

LAYERS = ["common/engine", "common/toolkit", "common/store", "common/eval"]
sources = []
for d in LAYERS + ["generators"]:
    sources += sorted(glob.glob(os.path.join(d, "*.c")))
sources += ["lib/perceptv.c", "python/_perceptv.c"]

extension = Extension(
    "perceptv._perceptv",
    sources=sources,
    include_dirs=LAYERS + ["lib/include", ".", numpy.get_include()],
    define_macros=defines,
    extra_compile_args=["-std=c11", "-ffp-contract=off", "-fno-fast-math", "-fvisibility=hidden",
                        "-Wno-unused-parameter"] + cflags,
    extra_link_args=libs + ["-lpthread", "-lm"],
)

os.makedirs(WORK, exist_ok=True)
setup(version=version(), ext_modules=[extension],
      options={"build": {"build_base": WORK}, "egg_info": {"egg_base": WORK},
               "build_ext": {"parallel": os.cpu_count() or 1}})
