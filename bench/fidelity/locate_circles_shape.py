# SPDX-License-Identifier: MIT
# bench/fidelity/locate_circles_shape.py: why an original sample's gold cannot be
# read from its pixels, or None.  The board is 100-px cells with a 40-px margin;
# each cell's shape is read from three probes (middle, near the top-left and the
# bottom-left corner): a circle leaves both corners white, a square fills both, a
# down-pointing triangle fills only the top one.  The circles so read must be
# exactly the record's gold_output cells, and every cell must hold a shape.
def _kind(px, x0, y0):
    def green(p):
        return p[1] > 90 and p[0] < 80 and p[2] < 80
    def white(p):
        return min(p) > 235
    mid, tl, bl = px[x0 + 50, y0 + 50], px[x0 + 8, y0 + 8], px[x0 + 8, y0 + 92]
    if not green(mid):
        return None
    if white(tl) and white(bl):
        return "circle"
    if green(tl) and green(bl):
        return "square"
    if green(tl) and white(bl):
        return "triangle"
    return None


def defect(record, images):
    im = images[0]
    n = record["rows"]
    if im.size != (n * 100 + 80, n * 100 + 80):
        return "canvas %dx%d" % im.size
    px = im.load()
    circles = set()
    for r in range(n):
        for c in range(n):
            k = _kind(px, 40 + c * 100, 40 + r * 100)
            if k is None:
                return "cell (%d,%d) holds no readable shape" % (r + 1, c + 1)
            if k == "circle":
                circles.add((r + 1, c + 1))
    gold = [tuple(p) for p in record["gold_output"]]
    if len(set(gold)) != len(gold):
        return "a gold cell repeated"
    if set(gold) != circles:
        return "circles drawn differ from gold_output"
    if len(gold) != record["n_circles"]:
        return "n_circles differs from the number of gold cells"
    return None
