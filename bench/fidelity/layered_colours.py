# SPDX-License-Identifier: MIT
# bench/fidelity/layered_colours.py: why an original layered_colours sample's gold
# cannot be read from its picture, or None.
#
# The plot (top 389 rows, 489 wide: the 389-px plot stretched across) has its
# centre at (244.9, 194.8); circle i from the outside has radius r_i =
# 0.9 - 0.85 i / (n - 1) data units, 184.8 px up and down.  The ring of colour
# colors[n-1-i] is seen at the middle of its band straight above and below the
# centre; the gold cannot be read when that pixel, or the band's own colour over
# at least 3 px, is not the named colour.
import numpy as np

RGB = {"black": (0, 0, 0), "gray": (128, 128, 128), "brown": (165, 42, 42), "maroon": (128, 0, 0),
       "red": (255, 0, 0), "coral": (255, 127, 80), "tan": (210, 180, 140), "orange": (255, 165, 0),
       "ivory": (255, 255, 240), "goldenrod": (218, 165, 32), "yellow": (255, 255, 0), "green": (0, 128, 0),
       "olive": (128, 128, 0), "turquoise": (64, 224, 208), "skyblue": (135, 206, 235), "blue": (0, 0, 255),
       "lavender": (230, 230, 250), "purple": (128, 0, 128), "pink": (255, 192, 203), "fuchsia": (255, 0, 255)}
CX, CY, K = 244.9, 194.8, 184.8


def defect(record, images):
    a = np.asarray(images[0].convert("RGB"), dtype=np.int32)
    names = list(record["colors"])
    n = len(names)
    if n != record["num_layers"]:
        return "colors has %d names for %d layers" % (n, record["num_layers"])
    if len(set(names)) != n:
        return "a colour repeats"
    x = int(CX)
    for i in range(n):  # i = 0 is the outermost circle
        r = 0.9 if n == 1 else 0.9 - 0.85 * i / (n - 1)
        inner = 0.0 if i == n - 1 else 0.9 - 0.85 * (i + 1) / (n - 1)
        want = RGB.get(names[n - 1 - i])
        if want is None:
            return "%s is not a palette name" % names[n - 1 - i]
        for sign in (-1, 1):
            ys = [int(CY + sign * t * K) for t in np.linspace(inner, r, 40)]
            run = best = 0
            for y in sorted(set(ys)):
                run = run + 1 if tuple(a[y, x]) == want else 0
                best = max(best, run)
            if best < 3:
                return "ring %d from the outside does not show %s" % (i + 1, names[n - 1 - i])
    return None
