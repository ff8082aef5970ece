/* sort_circles: one circle per letter, none touching; radii measured from the
 * rendered pixels sort into the record's answer and keep the promised ratio; an
 * inside label lies within its circle in a contrasting colour; an outside label's
 * ink is at least three times as near its own circle as any other (in pixels). */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The generator's margins (CIRCLE_MIN_RATIO, CIRCLE_MIN_DIFF_PX, CIRCLE_GAP,
 * LABEL_CLEAR / LABEL_GAP), with allowances for measuring on pixels. */
#define MIN_RATIO 1.10
#define MIN_DIFF_PX (HARNESS_VIEW_MIN / 2) /* diameters 3 px apart at 448 px */
#define MIN_GAP 8.0
#define ATTACH_RATIO 2.5
/* A measured radius may be this far from the drawn one. */
#define MEASURE_SLACK 0.3
/* WCAG contrast an inside label must have against its circle (the AA level). */
#define MIN_CONTRAST 4.5
#define MAX 26

/* How far c lies from white towards fill: 0 = white, 1 = fill (the anti-aliased
 * coverage of an edge pixel). */
static double coverage(rgb c, rgb fill)
{
    double a[3] = {255.0 - c.r, 255.0 - c.g, 255.0 - c.b};
    double f[3] = {255.0 - fill.r, 255.0 - fill.g, 255.0 - fill.b};
    double dot = a[0] * f[0] + a[1] * f[1] + a[2] * f[2];
    double ff = f[0] * f[0] + f[1] * f[1] + f[2] * f[2];
    return dot / ff;
}

/* The radius from the left and right edges on the pixel row through the centre:
 * each edge is where full coverage starts, less the covered fraction of the
 * partial pixels outside it. */
static double measure_radius(const canvas *cv, const prim *c)
{
    int row = (int)floor(c->y);
    int l = (int)floor(c->x - c->r), r = (int)floor(c->x + c->r);
    double sum = 0;
    for (int x = l - 3; x <= l + 3; x++)
        sum += coverage(canvas_pixel(cv, x, row), c->fill);
    double left = l + 4 - sum;
    sum = 0;
    for (int x = r - 3; x <= r + 3; x++)
        sum += coverage(canvas_pixel(cv, x, row), c->fill);
    double right = r - 3 + sum;
    return (right - left) / 2;
}

static double lin(double v)
{
    v /= 255.0;
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double contrast(rgb a, rgb b)
{
    double la = 0.2126 * lin(a.r) + 0.7152 * lin(a.g) + 0.0722 * lin(a.b);
    double lb = 0.2126 * lin(b.r) + 0.7152 * lin(b.g) + 0.0722 * lin(b.b);
    return (fmax(la, lb) + 0.05) / (fmin(la, lb) + 0.05);
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    const prim *circ[MAX] = {0}, *label[MAX] = {0};
    int ncirc = 0, nlab = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0 || a->object >= MAX)
            return "a primitive without a valid object index";
        if (a->type == PRIM_CIRCLE && !circ[a->object]) {
            circ[a->object] = a;
            ncirc++;
        } else if (a->type == PRIM_TEXT && !label[a->object] && strlen(a->label) == 1 &&
                   a->label[0] == 'A' + a->object) {
            label[a->object] = a;
            nlab++;
        } else {
            return "a primitive that is not one circle or one label per letter";
        }
    }
    if (ncirc != p->level || nlab != ncirc || rec_int(s, "Rows") != ncirc) {
        snprintf(msg, n, "%d circles, %d labels, level %d, record %d", ncirc, nlab, p->level, rec_int(s, "Rows"));
        return msg;
    }
    for (int i = 0; i < ncirc; i++) {
        if (!circ[i] || !label[i])
            return "circle letters are not A, B, C... without gaps";
        const prim *a = circ[i];
        if (a->x - a->r < 0 || a->y - a->r < 0 || a->x + a->r > sc->width || a->y + a->r > sc->height)
            return "a circle leaves the canvas";
        for (int j = 0; j < i; j++) {
            double gap = hypot(a->x - circ[j]->x, a->y - circ[j]->y) - a->r - circ[j]->r;
            if (gap < MIN_GAP) {
                snprintf(msg, n, "circles %c and %c are %.1f px apart", 'A' + j, 'A' + i, gap);
                return msg;
            }
        }
    }

    const canvas *cv = harness_render(sc);
    double rad[MAX];
    for (int i = 0; i < ncirc; i++) {
        rad[i] = measure_radius(cv, circ[i]);
        if (fabs(rad[i] - circ[i]->r) > MEASURE_SLACK) {
            snprintf(msg, n, "circle %c measures r = %.2f px, drawn %.2f px", 'A' + i, rad[i], circ[i]->r);
            return msg;
        }
    }
    int order[MAX];
    for (int i = 0; i < ncirc; i++)
        order[i] = i;
    for (int i = 0; i < ncirc; i++)
        for (int j = i + 1; j < ncirc; j++)
            if (rad[order[j]] < rad[order[i]]) {
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
    char want[2 * MAX + 1];
    int k = 0;
    for (int i = 0; i < ncirc; i++) {
        if (i)
            want[k++] = ' ';
        want[k++] = (char)('A' + order[i]);
    }
    want[k] = 0;
    if (strcmp(want, rec_str(s, "Gold_output")) != 0) {
        snprintf(msg, n, "measured order '%s', record '%s'", want, rec_str(s, "Gold_output"));
        return msg;
    }
    for (int i = 0; i + 1 < ncirc; i++) {
        double a = rad[order[i]], b = rad[order[i + 1]];
        if (b < a * MIN_RATIO - MEASURE_SLACK || b - a < MIN_DIFF_PX - MEASURE_SLACK) {
            snprintf(msg, n, "radii %.2f and %.2f px are too close", a, b);
            return msg;
        }
    }

    for (int i = 0; i < ncirc; i++) {
        const prim *c = circ[i], *t = label[i];
        double x0, y0, x1, y1;
        prim_bbox(sc, t, &x0, &y0, &x1, &y1);
        if (x0 < 0 || y0 < 0 || x1 > sc->width || y1 > sc->height)
            return "a label leaves the canvas";
        bool inside = hypot(t->x - c->x, t->y - c->y) < c->r;
        if (inside) {
            double far = hypot(fmax(c->x - x0, x1 - c->x), fmax(c->y - y0, y1 - c->y));
            if (far > c->r - 2) {
                snprintf(msg, n, "label %c reaches the edge of its circle", 'A' + i);
                return msg;
            }
            if (contrast(t->fill, c->fill) < MIN_CONTRAST) {
                snprintf(msg, n, "label %c has contrast %.2f on its circle", 'A' + i, contrast(t->fill, c->fill));
                return msg;
            }
            continue;
        }
        /* An outside label: its ink pixels (far from white) against every circle. */
        double own = INFINITY, other = INFINITY;
        int ink = 0;
        for (int y = (int)floor(y0) - 1; y <= (int)ceil(y1); y++)
            for (int x = (int)floor(x0) - 1; x <= (int)ceil(x1); x++) {
                rgb px = canvas_pixel(cv, x, y);
                if (px.r + px.g + px.b > 382)
                    continue;
                ink++;
                for (int j = 0; j < ncirc; j++) {
                    double d = hypot(x + 0.5 - circ[j]->x, y + 0.5 - circ[j]->y) - circ[j]->r;
                    if (j == i)
                        own = fmin(own, d);
                    else
                        other = fmin(other, d);
                }
            }
        if (ink < 10) {
            snprintf(msg, n, "label %c shows only %d dark pixels", 'A' + i, ink);
            return msg;
        }
        if (own <= 0 || other < ATTACH_RATIO * own) {
            snprintf(msg, n, "label %c is %.1f px from its circle but %.1f px from another", 'A' + i, own, other);
            return msg;
        }
    }
    return NULL;
}

int main(void)
{
    /* Level 21 is the last the radius ladder allows (placement may still fail);
     * 22 must be refused up front. */
    int rc = harness_run("sort_circles", check, NULL, 0);
    const generator *g = generator_find("sort_circles");
    char err[256];
    gen_params too_many = {.level = 22};
    if (!g || !g->check_level || g->check_level(&too_many, err, sizeof err) == 0) {
        printf("FAIL sort_circles: level 22 is not refused\n");
        rc = 1;
    }
    return rc;
}
