/* sort_lines: every line is horizontal and labelled with its own letter; the line
 * lengths measured from the rendered pixels sort into the record's answer and keep
 * the promised margins; each label's ink is at least twice as near its own line as
 * any other line (measured in pixels); levels past 26 are refused. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The generator's margins (LINE_MIN_DIFF_PX, LINE_MIN_DIFF_REL, LABEL_ATTACH_RATIO),
 * checked on measured pixels with half a pixel of anti-aliasing allowance. */
#define MIN_DIFF_PX 12.0
#define MIN_DIFF_REL 0.06
#define ATTACH_RATIO 2.0
#define MEASURE_SLACK 0.5
#define MAX 26

/* How dark a pixel is: 0 white, 1 black. */
static double darkness(const canvas *cv, int x, int y)
{
    rgb c = canvas_pixel(cv, x, y);
    return (765.0 - c.r - c.g - c.b) / 765.0;
}

typedef struct measured {
    double x0, x1, y; /* ends found in the pixels; y = the stroke's pixel row */
    double len;
} measured;

/* Walks the line's pixel row out from its middle to white on both sides and adds
 * up the darkness: the anti-aliased ends count their covered fraction. */
static measured measure_line(const canvas *cv, double mid_x, int row)
{
    int a = (int)mid_x, b = (int)mid_x;
    while (a > 0 && darkness(cv, a - 1, row) > 0)
        a--;
    while (b < cv->width - 1 && darkness(cv, b + 1, row) > 0)
        b++;
    double sum = 0;
    for (int x = a; x <= b; x++)
        sum += darkness(cv, x, row);
    measured m = {a, b + 1.0, row + 0.5, sum};
    return m;
}

/* Distance from the pixel centre (px, py) to the measured stroke (4 px tall). */
static double pixel_to_line(const measured *m, double px, double py)
{
    double dx = fmax(fmax(m->x0 - px, 0), px - m->x1);
    double dy = fmax(fabs(py - m->y) - 2.0, 0);
    return hypot(dx, dy);
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    const prim *line[MAX] = {0}, *label[MAX] = {0};
    int nlines = 0, nlabels = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0 || a->object >= MAX)
            return "a primitive without a valid object index";
        if (a->type == PRIM_POLYLINE) {
            const point *pt = prim_points(sc, a);
            if (a->npts != 2 || pt[0].y != pt[1].y || line[a->object])
                return "a line that is not a single horizontal segment";
            if (fmin(pt[0].x, pt[1].x) < 0 || fmax(pt[0].x, pt[1].x) > sc->width || pt[0].y < 2 ||
                pt[0].y > sc->height - 2)
                return "a line leaves the canvas";
            line[a->object] = a;
            nlines++;
        } else if (a->type == PRIM_TEXT) {
            if (label[a->object] || strlen(a->label) != 1 || a->label[0] != 'A' + a->object)
                return "a label that is not its line's letter";
            label[a->object] = a;
            nlabels++;
        } else {
            return "a primitive that is neither a line nor a label";
        }
    }
    if (nlines != p->level || nlabels != nlines || rec_int(s, "Lines") != nlines) {
        snprintf(msg, n, "%d lines, %d labels, level %d, record %d", nlines, nlabels, p->level, rec_int(s, "Lines"));
        return msg;
    }
    for (int i = 0; i < nlines; i++)
        if (!line[i] || !label[i])
            return "line letters are not A, B, C... without gaps";

    const canvas *cv = harness_render(sc);
    measured m[MAX];
    for (int i = 0; i < nlines; i++) {
        const point *pt = prim_points(sc, line[i]);
        m[i] = measure_line(cv, (pt[0].x + pt[1].x) / 2, (int)floor(pt[0].y));
        double drawn = fabs(pt[1].x - pt[0].x);
        if (fabs(m[i].len - drawn) > MEASURE_SLACK) {
            snprintf(msg, n, "line %c measures %.2f px, drawn %.2f px", 'A' + i, m[i].len, drawn);
            return msg;
        }
    }

    /* The answer from the measured lengths (selection sort: n <= 26). */
    int order[MAX];
    for (int i = 0; i < nlines; i++)
        order[i] = i;
    for (int i = 0; i < nlines; i++)
        for (int j = i + 1; j < nlines; j++)
            if (m[order[j]].len < m[order[i]].len) {
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
    char want[2 * MAX + 1];
    int k = 0;
    for (int i = 0; i < nlines; i++) {
        if (i)
            want[k++] = ' ';
        want[k++] = (char)('A' + order[i]);
    }
    want[k] = 0;
    if (strcmp(want, rec_str(s, "Gold_output")) != 0) {
        snprintf(msg, n, "measured order '%s', record '%s'", want, rec_str(s, "Gold_output"));
        return msg;
    }
    for (int i = 0; i + 1 < nlines; i++) {
        double a = m[order[i]].len, b = m[order[i + 1]].len;
        if (b - a < MIN_DIFF_PX - MEASURE_SLACK || a > (1 - MIN_DIFF_REL) * b + MEASURE_SLACK) {
            snprintf(msg, n, "lengths %.1f and %.1f px are too close", a, b);
            return msg;
        }
    }

    /* Each label's ink pixels: nearest own line vs nearest other line. */
    for (int i = 0; i < nlines; i++) {
        double x0, y0, x1, y1;
        prim_bbox(sc, label[i], &x0, &y0, &x1, &y1);
        if (x0 < 0 || y0 < 0 || x1 > sc->width || y1 > sc->height)
            return "a label leaves the canvas";
        double own = INFINITY, other = INFINITY;
        int ink = 0;
        for (int y = (int)floor(y0) - 1; y <= (int)ceil(y1); y++)
            for (int x = (int)floor(x0) - 1; x <= (int)ceil(x1); x++) {
                if (x < 0 || y < 0 || x >= cv->width || y >= cv->height || darkness(cv, x, y) < 0.5)
                    continue;
                ink++;
                for (int j = 0; j < nlines; j++) {
                    double d = pixel_to_line(&m[j], x + 0.5, y + 0.5);
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
            snprintf(msg, n, "label %c is %.1f px from its line but %.1f px from another", 'A' + i, own, other);
            return msg;
        }
    }
    return NULL;
}

int main(void)
{
    /* Levels 21..26 are drawable though not default; 27 has no letter left. */
    const int extra[] = {21, 22, 23, 24, 25, 26};
    int rc = harness_run("sort_lines", check, extra, (int)(sizeof extra / sizeof *extra));
    const generator *g = generator_find("sort_lines");
    char err[256];
    gen_params too_many = {.level = 27};
    if (!g || !g->check_level || g->check_level(&too_many, err, sizeof err) == 0) {
        printf("FAIL sort_lines: level 27 is not refused\n");
        rc = 1;
    }
    return rc;
}
