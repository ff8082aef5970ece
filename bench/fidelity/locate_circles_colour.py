# SPDX-License-Identifier: MIT
# bench/fidelity/locate_circles_colour.py: why an original sample's gold cannot be
# read from its pixels, or None.  The board is 100-px cells with a 40-px margin and
# a circle in every cell; each cell's colour is read at its middle (nearest of
# PIL's green, red, blue, purple, yellow, within a small distance) and its corner
# must be white (a circle).  The green cells must be exactly gold_output.
COLOURS = {"green": (0, 128, 0), "red": (255, 0, 0), "blue": (0, 0, 255),
           "purple": (128, 0, 128), "yellow": (255, 255, 0)}


def colour_at(px, x, y):
    p = px[x, y]
    for name, v in COLOURS.items():
        if sum(abs(a - b) for a, b in zip(p, v)) < 30:
            return name
    return None


def defect(record, images):
    im = images[0]
    n = record["rows"]
    if im.size != (n * 100 + 80, n * 100 + 80):
        return "canvas %dx%d" % im.size
    px = im.load()
    green = set()
    for r in range(n):
        for c in range(n):
            x0, y0 = 40 + c * 100, 40 + r * 100
            k = colour_at(px, x0 + 50, y0 + 50)
            if k is None:
                return "cell (%d,%d) is none of the five colours" % (r + 1, c + 1)
            if min(px[x0 + 8, y0 + 8]) < 235:
                return "cell (%d,%d) does not read as a circle" % (r + 1, c + 1)
            if k == "green":
                green.add((r + 1, c + 1))
    gold = [tuple(p) for p in record["gold_output"]]
    if len(set(gold)) != len(gold):
        return "a gold cell repeated"
    if set(gold) != green:
        return "green circles drawn differ from gold_output"
    if len(gold) != record["n_circles"]:
        return "n_circles differs from the number of gold cells"
    return None
