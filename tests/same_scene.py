#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The same scene, drawn by the original's library: gen writes each image with
its scene in the original's coordinates (tests/same_scene.c: the matplotlib,
Pillow and cv2 calls the original script makes for it, one a line); this script
makes those calls with Debian's python3-matplotlib (3.6), python3-pil (9.4) and
python3-opencv, and compares the pixels with gen's.

usage: same_scene.py SAME_SCENE [--per N] [--keep DIR] [TASK...]

Prints per task the images compared, the share of pixels that differ and the
primitives (the description's kind=) the differing pixels fall on.  Fails when a
task in EXACT differs in any pixel or is not compared.
Exits 77 (skipped) where matplotlib, PIL or cv2 is missing.

The description's lines (values are Python literals or bare words):
  mpl figure [w=6.4 h=4.8] [dpi=100]   plt.subplots(figsize=(w, h), dpi=dpi)
  mpl picture prims=N                   the picture the original shows with imshow: gen's own
                                        (its first N primitives, STEM.picture.png), put into
                                        the canvas as it is, no resampling (see Picture)
  mpl aspect equal | mpl axis off | mpl xlim A B | mpl ylim A B
  mpl xticks V0,V1,... | mpl yticks ... | mpl grid | mpl tickparams K=V...   set_xticks, ax.grid(True), tick_params
  mpl title s=S                         plt.title(S)
  mpl axhline y=Y color=C [lw=W] kind=K   (axvline x=X likewise)
  mpl circle X Y R [color=C] [facecolor=] [edgecolor=] [fill=False] [lw=W] [artist=True] kind=K
                                        plt.Circle, add_patch (add_artist with artist=True)
  mpl plot X0,X1 Y0,Y1 color=C [lw=W] kind=K    ax.plot([X0, X1], [Y0, Y1], ...)
  mpl polygon X1,Y1,X2,Y2,... [color=C] [facecolor=] [edgecolor=] [fill=] [lw=] kind=K   plt.Polygon
  mpl rectangle X Y W H [color=C] ... kind=K   plt.Rectangle((X, Y), W, H, ...)
  mpl regpoly X Y N R [facecolor=C] [color=C] kind=K   patches.RegularPolygon((X, Y), N, radius=R)
  mpl text X Y s=S [color= ha= va= fontsize= weight= rotation=] kind=K   ax.text(X, Y, S, ...)
  mpl plainfigure [w= h=]               plt.figure(figsize=(w, h))
  mpl nxdraw nodes=N edges=A,B,... pos=X0,Y0,... node_color= edge_color= node_size=
                                        networkx.draw(G, pos, with_labels=False, ...)
  mpl save [tight]                      savefig([bbox_inches='tight']): an image
  pil image W H [color=C]               Image.new('RGB', (W, H), C) and ImageDraw.Draw
  pil ellipse|rectangle X0 Y0 X1 Y1 [fill= outline= width=] kind=K
  pil polygon|line X1,Y1,... [fill= outline= width=] kind=K
  pil text X Y s=S fill=C [size=N] [anchor=A] kind=K   draw.text((X, Y), S, font=arial.ttf at N px
                                        (the bundled Liberation Sans), or Pillow's default font)
  pil save                              the image
  cv2 swatches                          the original's swatches.png, as cv2.imread reads it
  cv2 vconcat                           the last two images, cv2.resize'd to the wider's width
                                        (the default bilinear), cv2.vconcat'ed
"""
import argparse
import io
import os
import shlex
import subprocess
import sys
import tempfile

try:
    import numpy as np
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.artist
    import matplotlib.patches
    import matplotlib.collections
    from PIL import Image
except ImportError as e:
    print(f"same_scene: SKIPPED: {e.name} is not installed (Debian: apt-get install python3-matplotlib python3-pil "
          "python3-opencv)")
    sys.exit(77)

# The tasks whose every compared image must equal the original library's to the
# pixel (the others are reported, not held to it yet; docs/tasks/<task>.md says
# where each stands).
EXACT = {"circle_boxes", "circle_location", "comparing_size", "identifying_shapes",
         "inside_circles", "match_outline", "match_shadow", "mirror_image", "numbered_shapes",
         "sort_circles", "water_image", "graph_counting", "colours_present",
         "layered_colours", "layered_shapes", "grid_path", "locate_circles_colour", "locate_circles_shape",
         "sort_lines", "circle_right_triangle", "cross_and_knots", "change_colour", "count_coloured_circles",
         "counting_circles", "counting_locations", "counting_shapes", "maze_solving", "vanishing_objects",
         "list_shapes", "list_colours"}


class NotCompared(Exception):
    """A scene this machine cannot draw again (a library missing)."""


def value(text):
    """A description value: a Python literal, else the bare word."""
    try:
        import ast
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def parse(line):
    words = shlex.split(line)
    pos, kw = [], {}
    for w in words[2:]:
        if "=" in w and not w.startswith("="):
            k, v = w.split("=", 1)
            kw[k] = value(v)
        else:
            pos.append(value(w))
    return words[0], words[1], pos, kw


class Picture(matplotlib.artist.Artist):
    """A picture put into Agg's canvas pixel for pixel: the list tasks' originals
    imshow a photograph they never published, and gen draws its own; the
    harness cannot draw that picture again, so it hands gen's to matplotlib
    unchanged (renderer.draw_image at the canvas's corner, opaque, unclipped: the
    bytes copied, no resampling) and draws the original's patches over it.  It is
    left out of the tight box, and drawn below the patches; savefig's first pass
    (on the whole figure, to find the tight box) is not the image and gets none."""

    def __init__(self, rgb):
        super().__init__()
        h, w = rgb.shape[:2]
        # rows bottom first, as draw_image takes them
        self.rgba = np.ascontiguousarray(np.dstack([rgb, np.full((h, w), 255, np.uint8)])[::-1])
        self.set_in_layout(False)
        self.set_zorder(-1)
        self.drawn = False

    def draw(self, renderer):
        # the canvas is the figure's box truncated to whole pixels
        if int(renderer.width) != self.rgba.shape[1] or int(renderer.height) != self.rgba.shape[0]:
            return
        self.drawn = True
        gc = renderer.new_gc()
        renderer.draw_image(gc, 0, 0, self.rgba)
        gc.restore()


class Mpl:
    """matplotlib's side: the figure the description builds, and its image."""

    def __init__(self, stem=None):
        self.stem = stem  # where the description's picture is (STEM.picture.png)
        self.picture = None
        self.fig = self.ax = None
        self.kinds = []  # (kind, artist)
        self.image = None
        self.crop = None  # (x0, y0 in display px, image height)

    def op(self, name, pos, kw):
        kind = kw.pop("kind", name)
        if name == "figure":
            w, h, dpi = kw.get("w", 6.4), kw.get("h", 4.8), kw.get("dpi", 100)
            self.fig, self.ax = plt.subplots(figsize=(w, h), dpi=dpi)
        elif name == "plainfigure":  # plt.figure(figsize=...): no axes yet
            self.fig = plt.figure(figsize=(kw.get("w", 6.4), kw.get("h", 4.8)))
        elif name == "nxdraw":  # networkx.draw of a graph: nodes 0..n-1, edges as added, positions
            try:
                import networkx as nx
            except ImportError:
                raise NotCompared("python3-networkx is not installed")
            g = nx.Graph()
            g.add_nodes_from(range(kw["nodes"]))
            e = list(kw.get("edges", ()))
            g.add_edges_from(zip(e[0::2], e[1::2]))
            xy = list(kw["pos"])
            pos = {i: np.array([xy[2 * i], xy[2 * i + 1]]) for i in range(kw["nodes"])}
            nx.draw(g, pos, with_labels=False, node_color=kw["node_color"], edge_color=kw["edge_color"],
                    node_size=kw["node_size"], font_size=15)
            self.ax = self.fig.axes[0]
            for a in self.ax.collections:
                self.kinds.append(("node" if isinstance(a, matplotlib.collections.PathCollection) else "edge", a))
        elif name == "picture":
            rgb = np.asarray(Image.open(self.stem + ".picture.png").convert("RGB"))
            self.picture = Picture(rgb)
            self.ax.add_artist(self.picture)
        elif name == "aspect":
            self.ax.set_aspect(pos[0])
        elif name in ("xticks", "yticks"):
            (self.ax.set_xticks if name == "xticks" else self.ax.set_yticks)(list(pos[0]))
        elif name == "grid":
            self.ax.grid(True)
            self.kinds += [("grid", t.gridline) for t in self.ax.xaxis.get_major_ticks()]
            self.kinds += [("grid", t.gridline) for t in self.ax.yaxis.get_major_ticks()]
        elif name == "tickparams":
            self.ax.tick_params(**kw)
        elif name == "title":
            self.kinds.append(("title", plt.title(str(kw["s"]))))
        elif name == "axis":
            self.ax.axis(pos[0])
        elif name == "xlim":
            self.ax.set_xlim(pos[0], pos[1])
        elif name == "ylim":
            self.ax.set_ylim(pos[0], pos[1])
        elif name in ("axhline", "axvline"):
            args = dict(color=kw["color"])
            if "lw" in kw:
                args["linewidth"] = kw["lw"]
            f = self.ax.axhline if name == "axhline" else self.ax.axvline
            a = f(kw["y"] if name == "axhline" else kw["x"], **args)
            self.kinds.append((kind, a))
        elif name == "plot":
            args = dict(color=kw["color"])
            if "lw" in kw:
                args["linewidth"] = kw["lw"]
            a, = self.ax.plot(list(pos[0]), list(pos[1]), **args)
            self.kinds.append((kind, a))
        elif name == "circle":
            args = {k: kw[k] for k in ("color", "facecolor", "edgecolor", "ec", "fill") if k in kw}
            if "lw" in kw:
                args["linewidth"] = kw["lw"]
            a = plt.Circle((pos[0], pos[1]), pos[2], **args)
            self.ax.add_artist(a) if kw.get("artist") else self.ax.add_patch(a)
            self.kinds.append((kind, a))
        elif name in ("polygon", "rectangle"):
            args = {k: kw[k] for k in ("color", "facecolor", "edgecolor", "ec", "fill") if k in kw}
            if "lw" in kw:
                args["linewidth"] = kw["lw"]
            if name == "polygon":
                xy = list(pos[0])
                a = plt.Polygon(np.array([xy[0::2], xy[1::2]]).T, **args)
            else:
                a = plt.Rectangle((pos[0], pos[1]), pos[2], pos[3], **args)
            self.ax.add_artist(a) if kw.get("artist") else self.ax.add_patch(a)
            self.kinds.append((kind, a))
        elif name == "regpoly":
            args = {k: kw[k] for k in ("color", "facecolor", "edgecolor") if k in kw}
            if "lw" in kw:
                args["linewidth"] = kw["lw"]
            a = matplotlib.patches.RegularPolygon((pos[0], pos[1]), numVertices=pos[2], radius=pos[3], **args)
            self.ax.add_patch(a)
            self.kinds.append((kind, a))
        elif name == "text":
            args = {k: kw[k] for k in ("color", "ha", "va", "fontsize", "weight", "rotation") if k in kw}
            a = self.ax.text(pos[0], pos[1], str(kw["s"]), **args)
            self.kinds.append((kind, a))
        elif name == "save":
            buf = io.BytesIO()
            renderer = self.fig.canvas.get_renderer()
            bbox = self.fig.get_tightbbox(renderer).padded(matplotlib.rcParams["savefig.pad_inches"])
            tight = pos and pos[0] == "tight"
            self.fig.savefig(buf, bbox_inches="tight" if tight else None)
            buf.seek(0)
            self.image = np.asarray(Image.open(buf).convert("RGB"))
            if self.picture is not None and not self.picture.drawn:
                raise ValueError(f"the picture ({self.picture.rgba.shape[1]}x{self.picture.rgba.shape[0]}) is "
                                 f"not the saved image's size ({self.image.shape[1]}x{self.image.shape[0]})")
            if tight:
                self.crop = (bbox.x0 * self.fig.dpi, bbox.y0 * self.fig.dpi, self.image.shape[0])
            else:
                self.crop = (0.0, 0.0, self.image.shape[0])
            self.extents = []
            for k, a in self.kinds:
                e = a.get_window_extent(renderer)
                x0, y0, h = self.crop
                # display (y up) to the image's pixels (y down), 2 px of margin
                self.extents.append((k, e.x0 - x0 - 2, h - (e.y1 - y0) - 2, e.x1 - x0 + 2, h - (e.y0 - y0) + 2))
            plt.close(self.fig)
        else:
            raise ValueError(f"unknown matplotlib operation {name!r}")


# The original's swatches.png (its swatches.py's calls: the 20 palette colours as
# an image, their names under it turned to read upwards, a title), made once.
SWATCH_NAMES = ["black", "gray", "brown", "maroon", "red", "coral", "tan", "orange", "ivory", "goldenrod",
                "yellow", "green", "olive", "turquoise", "skyblue", "blue", "lavender", "purple", "pink",
                "fuchsia"]
_swatches = None


def swatches():
    """The strip as cv2.imread reads swatches.png (colour channels, alpha dropped; kept
    in RGB order here, as every image of this script)."""
    global _swatches
    if _swatches is None:
        from matplotlib.colors import ListedColormap
        fig = plt.figure(figsize=(6, 2))
        plt.imshow(np.arange(len(SWATCH_NAMES)).reshape(1, -1), aspect="auto", cmap=ListedColormap(SWATCH_NAMES))
        plt.xticks(np.arange(len(SWATCH_NAMES)), labels=SWATCH_NAMES, rotation=90)
        plt.yticks([])
        plt.title("Color Palette Swatch for Reference")
        buf = io.BytesIO()
        plt.savefig(buf, bbox_inches="tight")
        plt.close(fig)
        buf.seek(0)
        _swatches = np.asarray(Image.open(buf).convert("RGB"))
    return _swatches


def cv2_op(name, stack):
    """The originals' cv2 steps on the images made so far."""
    import cv2
    if name == "swatches":
        stack.append(swatches())
    elif name == "vconcat":  # the two last images, resized to the wider one's width, one over the other
        img2, img1 = stack.pop(), stack.pop()
        width = max(img1.shape[1], img2.shape[1])
        if img1.shape[1] != img2.shape[1]:
            img1 = cv2.resize(img1, (width, img1.shape[0]))
            img2 = cv2.resize(img2, (width, img2.shape[0]))
        stack.append(cv2.vconcat([img1, img2]))
    else:
        raise ValueError(f"unknown cv2 operation {name!r}")


FONT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fonts")


class Pil:
    """Pillow's side: ImageDraw on a new image, as the Pillow originals draw."""

    def __init__(self):
        self.im = self.draw = None
        self.kinds = []
        self.fonts = {}

    def font(self, kw):
        from PIL import ImageFont
        if "size" not in kw:
            return None  # the default bitmap font
        key = kw["size"]
        if key not in self.fonts:  # the originals' arial.ttf: the bundled stand-in
            self.fonts[key] = ImageFont.truetype(os.path.join(FONT_DIR, "LiberationSans-Regular.ttf"), key)
        return self.fonts[key]

    def op(self, name, pos, kw):
        from PIL import ImageDraw
        kind = kw.pop("kind", name)
        if name == "image":
            self.im = Image.new("RGB", (pos[0], pos[1]), kw.get("color", (255, 255, 255)))
            self.draw = ImageDraw.Draw(self.im)
            return
        args = {k: kw[k] for k in ("fill", "outline", "width") if k in kw}
        if name in ("ellipse", "rectangle"):
            getattr(self.draw, name)([pos[0], pos[1], pos[2], pos[3]], **args)
            box = (pos[0], pos[1], pos[2], pos[3])
        elif name in ("polygon", "line"):
            xy = list(pos[0])
            pts = list(zip(xy[0::2], xy[1::2]))
            getattr(self.draw, name)(pts, **args)
            box = (min(xy[0::2]), min(xy[1::2]), max(xy[0::2]), max(xy[1::2]))
        elif name == "text":
            font = self.font(kw)
            anchor = kw.get("anchor")
            self.draw.text((pos[0], pos[1]), str(kw["s"]), fill=kw.get("fill"), font=font, anchor=anchor)
            x0, y0, x1, y1 = self.draw.textbbox((pos[0], pos[1]), str(kw["s"]), font=font, anchor=anchor)
            box = (x0, y0, x1, y1)
        else:
            raise ValueError(f"unknown Pillow operation {name!r}")
        self.kinds.append((kind, box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2))


def draw(desc, stem=None):
    """The image a description draws, and the kinds' boxes (kind, x0, y0, x1, y1);
    stem is the image's path without .png (a picture it hands over is there)."""
    mpl = pil = None
    stack, extents = [], []
    for line in desc.splitlines():
        if not line.strip():
            continue
        lib, name, pos, kw = parse(line)
        if lib == "mpl":
            if mpl is None:
                mpl = Mpl(stem)
            mpl.op(name, pos, kw)
            if name == "save":
                stack.append(mpl.image)
                extents = mpl.extents
                mpl = None
        elif lib == "pil":
            if name == "save":
                stack.append(np.asarray(pil.im.convert("RGB")))
                extents = pil.kinds
                pil = None
                continue
            if pil is None:
                pil = Pil()
            pil.op(name, pos, kw)
        elif lib == "cv2":
            cv2_op(name, stack)
        else:
            raise ValueError(f"unknown library {lib!r}")
    return (stack[-1] if stack else None), extents


def compare(task_dir):
    """Per image (name, pixels, differing pixels, {kind: differing pixels}) or
    (name, None, reason)."""
    out = []
    for name in sorted(f for f in os.listdir(task_dir) if f.endswith(".txt")):
        with open(os.path.join(task_dir, name)) as f:
            desc = f.read()
        stem = name[:-4]
        if not desc.strip():
            out.append((stem, None, "no scene description"))
            continue
        ours = np.asarray(Image.open(os.path.join(task_dir, stem + ".png")).convert("RGB"))
        try:
            theirs, extents = draw(desc, os.path.join(task_dir, stem))
        except NotCompared as e:
            out.append((stem, None, str(e)))
            continue
        if theirs is None:
            out.append((stem, None, "the description saves no image"))
            continue
        if theirs.shape != ours.shape:
            out.append((stem, None, f"size {ours.shape[1]}x{ours.shape[0]}, the original's "
                                    f"{theirs.shape[1]}x{theirs.shape[0]}"))
            continue
        diff = (ours != theirs).any(axis=2)
        kinds = {}
        ys, xs = np.nonzero(diff)
        for x, y in zip(xs, ys):
            hit = [k for k, x0, y0, x1, y1 in extents if x0 <= x <= x1 and y0 <= y <= y1]
            for k in set(hit) or {"(none)"}:
                kinds[k] = kinds.get(k, 0) + 1
        out.append((stem, ours.shape[0] * ours.shape[1], int(diff.sum()), kinds))
    return out


def main():
    ap = argparse.ArgumentParser(description="gen's scenes against the original's libraries")
    ap.add_argument("same_scene")
    ap.add_argument("--per", type=int, default=3, help="samples per level (lowest, middle, highest)")
    ap.add_argument("--keep", help="keep gen's images and descriptions here")
    ap.add_argument("tasks", nargs="*")
    a = ap.parse_intermixed_args()
    work = a.keep or tempfile.mkdtemp(prefix="same_scene.")
    subprocess.run([a.same_scene, work, str(a.per)] + a.tasks, check=True, stdout=subprocess.DEVNULL)
    failed = []
    print(f"{'task':24} {'images':>6} {'differing pixels':>22}  primitives not exact")
    for task in sorted(os.listdir(work)):
        rows = compare(os.path.join(work, task))
        skipped = [r for r in rows if r[1] is None]
        done = [r for r in rows if r[1] is not None]
        if skipped:
            reasons = sorted({r[2] for r in skipped})
            print(f"{task:24} {len(skipped):6} {'not compared':>22}  {'; '.join(reasons)}")
            if task in EXACT and not all("not installed" in r[2] for r in skipped):
                failed.append(task)
            if not done:
                continue
        px = sum(r[1] for r in done)
        bad = sum(r[2] for r in done)
        kinds = {}
        for r in done:
            for k, v in r[3].items():
                kinds[k] = kinds.get(k, 0) + v
        exact = sum(1 for r in done if r[2] == 0)
        what = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])) or "-"
        share = f"{bad} ({100.0 * bad / px:.3f}%)"
        print(f"{task:24} {len(done):6} {share:>22}  {what} [{exact}/{len(done)} images exact]")
        if bad and task in EXACT:
            failed.append(task)
    if not a.keep:
        subprocess.run(["rm", "-rf", work])
    if failed:
        print("same_scene: FAILED: " + ", ".join(sorted(set(failed))))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
