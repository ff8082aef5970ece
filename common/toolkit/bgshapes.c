/* SPDX-License-Identifier: MIT */
#include "bgshapes.h"

#include "backgrounds.h"
#include "colour.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int bgs_place(rng *r, int n, int side, int radius, bgshape *out)
{
    for (int i = 0; i < n; i++) {
        int t = 0;
        for (; t < BGS_TRIES; t++) {
            int x = rng_int(r, 2 * radius, side - 2 * radius), y = rng_int(r, 2 * radius, side - 2 * radius);
            bool ok = true;
            for (int j = 0; j < i && ok; j++)
                ok = hypot(x - out[j].x, y - out[j].y) > 2 * radius;
            if (ok) {
                out[i].x = x, out[i].y = y;
                break;
            }
        }
        if (t == BGS_TRIES)
            return -1;
    }
    return 0;
}

int bgs_outline(const bgshape *s, int side, int radius, double sx, point *out)
{
    double k = MPL_AXES_SIDE / side, r = radius, x = s->x, y = s->y;
    /* picture coordinates, y down, in the originals' vertex order */
    double px[5], py[5];
    int n = 0;
    switch (s->kind) {
    case BGS_CIRCLE:
        mpl_ellipse(out, (MPL_PAD + x * k) * sx, MPL_PAD + y * k, r * k * sx, r * k);
        return MPL_ELLIPSE_POINTS;
    case BGS_TRIANGLE:
        px[0] = x, py[0] = y + r, px[1] = x - r, py[1] = y - r, px[2] = x + r, py[2] = y - r;
        n = 3;
        break;
    case BGS_SQUARE:
        px[0] = x - r, py[0] = y - r, px[1] = x + r, py[1] = y - r, px[2] = x + r, py[2] = y + r;
        px[3] = x - r, py[3] = y + r;
        n = 4;
        break;
    default:
        px[0] = x, py[0] = y + r, px[1] = x + 0.95 * r, py[1] = y + 0.31 * r, px[2] = x + 0.59 * r,
        py[2] = y - 0.81 * r, px[3] = x - 0.59 * r, py[3] = y - 0.81 * r, px[4] = x - 0.95 * r,
        py[4] = y + 0.31 * r;
        n = 5;
        break;
    }
    for (int i = 0; i < n; i++)
        out[i] = (point){(MPL_PAD + px[i] * k) * sx, MPL_PAD + py[i] * k};
    return n;
}

/* Whether some edge normal of a separates b from a by `need` or more: both
 * outlines projected on the edge's unit normal, the gap between the intervals. */
static bool separated(const point *a, int na, const point *b, int nb, double need)
{
    for (int i = 0; i < na; i++) {
        point p = a[i], q = a[(i + 1) % na];
        double nx = q.y - p.y, ny = p.x - q.x, len = hypot(nx, ny);
        if (len == 0)
            continue;
        nx /= len, ny /= len;
        double amax = -INFINITY, amin = INFINITY, bmin = INFINITY, bmax = -INFINITY;
        for (int j = 0; j < na; j++) {
            double d = a[j].x * nx + a[j].y * ny;
            amax = d > amax ? d : amax;
            amin = d < amin ? d : amin;
        }
        for (int j = 0; j < nb; j++) {
            double d = b[j].x * nx + b[j].y * ny;
            bmin = d < bmin ? d : bmin;
            bmax = d > bmax ? d : bmax;
        }
        if (bmin - amax >= need || amin - bmax >= need)
            return true;
    }
    return false;
}

bool bgs_apart(const point *a, int na, const point *b, int nb, double need)
{
    return separated(a, na, b, nb, need) || separated(b, nb, a, na, need);
}

/* Whether two shapes' centres are more than 2 reach apart on screen. */
static bool centre_far(const bgshape *a, const bgshape *b, const bgs_style *st, double reach)
{
    double k = MPL_AXES_SIDE / BGS_SIDE;
    return hypot((a->x - b->x) * k * st->sx, (a->y - b->y) * k) > 2 * reach;
}

static const char *const KIND_NAME[BGS_NKINDS] = {"circle", "triangle", "square", "pentagon"};

prim *bgs_patch(const mplfig *f, scene *s, const bgshape *sh, int radius, rgb fill, const char *colour)
{
    const double r = radius, x = sh->x, y = sh->y;
    prim *q;
    switch (sh->kind) {
    case BGS_CIRCLE:
        q = mplfig_circle(f, s, x, y, r, fill, true, BGS_EDGE_PT);
        scene_describe(s, "mpl circle %d %d %d color=%s kind=circle", sh->x, sh->y, radius, colour);
        break;
    case BGS_TRIANGLE: {
        point v[3] = {{x, y + r}, {x - r, y - r}, {x + r, y - r}};
        q = mplfig_polygon(f, s, v, 3, fill, true, BGS_EDGE_PT);
        scene_describe(s, "mpl polygon %d,%d,%d,%d,%d,%d color=%s kind=triangle", sh->x, sh->y + radius,
                       sh->x - radius, sh->y - radius, sh->x + radius, sh->y - radius, colour);
        break;
    }
    case BGS_SQUARE:
        q = mplfig_rectangle(f, s, x - r, y - r, 2 * r, 2 * r, fill, true, BGS_EDGE_PT);
        scene_describe(s, "mpl rectangle %d %d %d %d color=%s kind=square", sh->x - radius, sh->y - radius,
                       2 * radius, 2 * radius, colour);
        break;
    default: { /* the listed vertices, computed in floats as numpy computes them */
        point v[5] = {{x, y + r},
                      {x + 0.95 * r, y + 0.31 * r},
                      {x + 0.59 * r, y - 0.81 * r},
                      {x - 0.59 * r, y - 0.81 * r},
                      {x - 0.95 * r, y + 0.31 * r}};
        q = mplfig_polygon(f, s, v, 5, fill, true, BGS_EDGE_PT);
        scene_describe(s, "mpl polygon %.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g color=%s "
                       "kind=pentagon", v[0].x, v[0].y, v[1].x, v[1].y, v[2].x, v[2].y, v[3].x, v[3].y, v[4].x,
                       v[4].y, colour);
        break;
    }
    }
    q->kind = KIND_NAME[sh->kind];
    return q;
}

int bgs_draw(scene *s, int n, const bgs_style *st, rng *layout, rng *picture, const rgb *fill,
             const char *const *name, int *kind, int *redraws, char *why, size_t whylen)
{
    bgshape *sh = xmalloc(sizeof *sh * (size_t)(n > 0 ? n : 1));
    point *pts = xmalloc(sizeof *pts * (size_t)(n > 0 ? n : 1) * MPL_ELLIPSE_POINTS);
    int *np = xmalloc(sizeof *np * (size_t)(n > 0 ? n : 1));
    box *keep = xmalloc(sizeof *keep * (size_t)(n > 0 ? n : 1));
    background *bg = xmalloc(sizeof *bg);
    int rc = -1, t = 0;
    for (; t < BGS_LAYOUTS; t++) {
        if (bgs_place(layout, n, BGS_SIDE, st->radius, sh) != 0) {
            snprintf(why, whylen, "cannot place %d shapes more than %d px apart on a %d px picture", n,
                     2 * st->radius, BGS_SIDE);
            goto out;
        }
        for (int i = 0; i < n; i++) {
            sh[i].kind = (int)rng_below(layout, BGS_NKINDS);
            np[i] = bgs_outline(&sh[i], BGS_SIDE, st->radius, st->sx, pts + (size_t)i * MPL_ELLIPSE_POINTS);
        }
        bool apart = true;
        /* shapes whose circumcircles (the square's corners: r sqrt 2, stretched)
         * are apart need no closer look */
        double reach = st->radius * 1.4143 * st->sx * MPL_AXES_SIDE / BGS_SIDE + st->edge + st->gap;
        for (int i = 0; i < n && apart; i++)
            for (int j = 0; j < i && apart; j++)
                apart = centre_far(&sh[i], &sh[j], st, reach) ||
                        bgs_apart(pts + (size_t)i * MPL_ELLIPSE_POINTS, np[i], pts + (size_t)j * MPL_ELLIPSE_POINTS,
                                  np[j], st->gap + st->edge);
        if (apart)
            break;
        (*redraws)++;
    }
    if (t == BGS_LAYOUTS) {
        snprintf(why, whylen, "cannot place %d shapes %.1f px apart in %d layouts", n, st->gap, BGS_LAYOUTS);
        goto out;
    }
    for (int i = 0; i < n; i++) {
        const point *q = pts + (size_t)i * MPL_ELLIPSE_POINTS;
        box b = {q[0].x, q[0].y, q[0].x, q[0].y};
        for (int k = 1; k < np[i]; k++) {
            b.x0 = fmin(b.x0, q[k].x), b.x1 = fmax(b.x1, q[k].x);
            b.y0 = fmin(b.y0, q[k].y), b.y1 = fmax(b.y1, q[k].y);
        }
        double h = st->halo + st->edge / 2;
        keep[i] = (box){b.x0 - h, b.y0 - h, b.x1 + h, b.y1 + h};
        kind[i] = sh[i].kind;
    }
    /* the picture fills the unstretched plot's picture box (the original's imshow;
     * a stretched plot is cv2.resize'd later): the boxes to keep clear come back
     * from the stretch */
    for (int i = 0; i < n; i++)
        keep[i].x0 /= st->sx, keep[i].x1 /= st->sx;
    box area = {MPL_PAD, MPL_PAD, MPL_PAD + MPL_AXES_SIDE, MPL_PAD + MPL_AXES_SIDE};
    int p = 0;
    for (; p < BGS_PICTURES; p++) {
        int first = s->nprims, first_pt = s->npts;
        if (background_draw(s, &area, picture, st->min_de, keep, n, 1, bg) != 0)
            continue;
        bool seen = true;
        for (int i = 0; i < n && seen; i++) {
            int c = palette_find(name[i]);
            seen = c >= 0 && (background_far(bg, &keep[i]) & (1u << c));
        }
        if (seen)
            break;
        s->nprims = first;
        s->npts = first_pt;
    }
    if (p == BGS_PICTURES) {
        snprintf(why, whylen, "cannot draw a picture on which all %d shapes stand out (CIEDE2000 >= %.0f)", n,
                 st->min_de);
        goto out;
    }
    /* the original's figure: plt.subplots(), imshow of the BGS_SIDE-px picture (data
     * -0.5..BGS_SIDE - 0.5 across, y running down), equal aspect, axes off, saved
     * with a tight box (389 x 389); the shapes added as patches on it */
    mplfig f;
    mplfig_equal_tight(&f, -0.5, BGS_SIDE - 0.5, BGS_SIDE - 0.5, -0.5);
    mplfig_clip(&f, s);
    scene_describe(s, "mpl figure");
    scene_describe(s, "mpl picture prims=%d", s->nprims);
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl xlim -0.5 %d.5", BGS_SIDE - 1);
    scene_describe(s, "mpl ylim %d.5 -0.5", BGS_SIDE - 1);
    for (int i = 0; i < n; i++) {
        prim *q = bgs_patch(&f, s, &sh[i], st->radius, fill[i], name[i]);
        q->colour_name = name[i];
        q->object = i;
        q->layer = 1;
    }
    rc = 0;
out:
    free(sh);
    free(pts);
    free(np);
    free(keep);
    free(bg);
    return rc;
}
