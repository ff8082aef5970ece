# SPDX-License-Identifier: MIT
# bench/fidelity/water_image.py: why an original sample's gold cannot be read, or None:
# mirror_image.py's checks about the horizontal line (blobs of their own, none touching
# the line, 2n above in the first image, n below in the second, each moved one the
# reflection of the first image's: the original moves triangles and pentagons below the
# line the same way up).
import importlib.util
import os

_spec = importlib.util.spec_from_file_location(
    "fidelity_mirror_image", os.path.join(os.path.dirname(os.path.abspath(__file__)), "mirror_image.py"))
_m = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_m)


def defect(record, images):
    return _m.check(record, images, False)
