# SPDX-License-Identifier: MIT
# bench/fidelity/cross_and_knots.py: why an original sample's gold cannot be read
# from its pixels, or None.  The 640 x 480 figure's grid spans x 143.2..512.8 and
# y 57.6..427.2 (369.6 px for n cells); a cell whose inner part has black ink
# holds an X, else it must show blue ink (its coordinates).  From the X cells the
# safe cells (no X in the cell or in the four sharing a side) are recomputed and
# must equal gold_output; the X cells must equal cross_positions.
def defect(record, images):
    im = images[0]
    if im.size != (640, 480):
        return "canvas %dx%d" % im.size
    n = record["n"]
    w = 369.6 / n
    px = im.load()
    x = set()
    for r in range(n):
        for c in range(n):
            x0, y0 = 143.2 + c * w, 57.6 + r * w
            black = blue = 0
            for yy in range(int(y0) + 3, int(y0 + w) - 2):
                for xx in range(int(x0) + 3, int(x0 + w) - 2):
                    p = px[xx, yy]
                    black += p[0] < 80 and p[1] < 80 and p[2] < 80
                    blue += p[2] > 200 and p[0] < 120 and p[1] < 120
            if black >= 20:
                x.add((r, c))
            elif blue < 10:
                return "cell (%d,%d) shows neither an X nor its coordinates" % (r, c)
    if x != set(tuple(p) for p in record["cross_positions"]) or len(x) != record["crosses"]:
        return "X drawn differ from cross_positions"
    safe = [[r, c] for r in range(n) for c in range(n)
            if not any((r + dr, c + dc) in x for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)))]
    if safe != record["gold_output"]:
        return "safe cells differ from gold_output"
    return None
