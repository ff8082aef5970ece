# SPDX-License-Identifier: MIT
# bench/fidelity/match_outline.py: why an original sample's gold cannot be read, or None:
# match_shadow.py's reading (one line under each row, one shape per row, its kind from the
# area of its ink with holes filled, which reads an outline as its filled shape), the rows
# agreeing must number Gold_output.
import importlib.util
import os

_spec = importlib.util.spec_from_file_location(
    "fidelity_match_shadow", os.path.join(os.path.dirname(os.path.abspath(__file__)), "match_shadow.py"))
_m = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_m)


def defect(record, images):
    return _m.defect(record, images)
