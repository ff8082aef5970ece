/* row_pair.c - two strips of n rows, one small blue shape per row (match_shadow,
 * match_outline).  See row_pair.h. */
#include "row_pair.h"

#include "errors.h"

#include <math.h>
#include <stdio.h>

/* Pixels per data unit: the axes are 0.775 of the 1 in figure (77.5 px) wide, and
 * the data box 1 unit wide, equal aspect. */
#define UNIT 77.5
/* The tight bounding box's pad, px. */
#define PAD 10.0
/* Data height: rows -0.6 .. n - 0.5. */
#define EXTRA 0.1
#define RADIUS (0.1 * UNIT)
#define EDGE (100.0 / 72.0)  /* a patch's 1 pt edge */
#define LINE (1.5 * 100 / 72) /* a line's 1.5 pt */
#define CENTRE_X (PAD + 0.5 * UNIT)

enum { K_CIRCLE, K_TRIANGLE, K_SQUARE, K_PENTAGON, K_KINDS };
static const char *const KIND_NAME[K_KINDS] = {"circle", "triangle", "square", "pentagon"};
static const rgb BLUE = {0, 0, 255};

int row_pair_height(int n) { return (int)floor(UNIT * (n + EXTRA) + 2 * PAD + 1e-9); }

/* The top of the data box in the image (the tight box is cut to whole pixels at
 * the top: its bottom pad is exactly PAD). */
static double data_top(int n) { return row_pair_height(n) - PAD - UNIT * (n + EXTRA); }

/* matplotlib's snapping of a rectilinear path: each coordinate to a pixel centre. */
static double snap(double v) { return floor(v + 0.5) + 0.5; }

static void draw_shape(scene *s, int kind, double cx, double cy, bool down, bool filled, int row)
{
    const double r = RADIUS, f = down ? -1 : 1; /* f = 1: apex up (image y down) */
    prim *p;
    if (kind == K_CIRCLE) {
        p = scene_circle(s, cx, cy, r, BLUE);
    } else if (kind == K_SQUARE) {
        double x0 = snap(cx - r), x1 = snap(cx + r), y0 = snap(cy - r), y1 = snap(cy + r);
        p = scene_rect(s, x0, y0, x1 - x0, y1 - y0, BLUE);
    } else if (kind == K_TRIANGLE) {
        point q[3] = {{cx, cy - f * r}, {cx - r, cy + f * r}, {cx + r, cy + f * r}};
        p = scene_polygon(s, q, 3, BLUE);
    } else {
        static const double PX[5] = {0, 0.95, 0.59, -0.59, -0.95}, PY[5] = {1, 0.31, -0.81, -0.81, 0.31};
        point q[5];
        for (int i = 0; i < 5; i++)
            q[i] = (point){cx + PX[i] * r, cy - f * PY[i] * r};
        p = scene_polygon(s, q, 5, BLUE);
    }
    if (filled) {
        p->stroke_width = EDGE;
        p->stroke = BLUE;
    } else {
        prim_outline(p, EDGE, BLUE);
    }
    p->kind = KIND_NAME[kind];
    p->colour_name = "blue";
    p->object = row;
    p->layer = down ? 1 : 0;
}

/* The strip: a shape in each row and the black line under it. */
static void draw_strip(scene *s, int n, const int *kinds, bool down, bool filled)
{
    double top = data_top(n);
    scene_reset(s, ROW_PAIR_WIDTH, row_pair_height(n));
    for (int i = 0; i < n; i++) {
        draw_shape(s, kinds[i], CENTRE_X, top + (i + 0.5) * UNIT, down, filled, i);
        /* the 1.5-pt line is snapped to a pixel edge (its width rounds to an
         * even 2 px) and drawn as Agg draws it, 2.08 px wide, its ends cut by
         * the data box */
        double y = floor(top + (i + 1) * UNIT + 0.5);
        prim *l = scene_agg_box(s, PAD, y - LINE / 2, PAD + 78, y + LINE / 2, RGB_BLACK);
        l->kind = "separator";
        l->colour_name = "black";
    }
}

int row_pair_check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > ROW_PAIR_MAX_ROWS) {
        snprintf(err, errlen, "cannot draw %d rows: at most %d (a strip %d px tall)", p->level, ROW_PAIR_MAX_ROWS,
                 row_pair_height(ROW_PAIR_MAX_ROWS));
        return -1;
    }
    return 0;
}

int row_pair_sample(gen_ctx *ctx, row_style style)
{
    int n = ctx->p.level;
    if (n > ROW_PAIR_MAX_ROWS)
        return gen_fail(ctx, "cannot draw %d rows: at most %d", n, ROW_PAIR_MAX_ROWS);
    int k1[ROW_PAIR_MAX_ROWS], k2[ROW_PAIR_MAX_ROWS], same = 0;
    for (int i = 0; i < n; i++)
        k1[i] = (int)rng_below(&ctx->rng, K_KINDS);
    for (int i = 0; i < n; i++) {
        k2[i] = (int)rng_below(&ctx->rng, K_KINDS);
        same += k1[i] == k2[i];
    }
    draw_strip(ctx->img[0], n, k1, false, true);
    if (style == ROW_SHADOW)
        draw_strip(ctx->img[1], n, k2, true, true);
    else
        draw_strip(ctx->img[1], n, k2, false, false);
    cJSON_AddNumberToObject(ctx->record, "Gold_output", same);
    cJSON_AddNumberToObject(ctx->record, "Rows", n);
    return GEN_EXIT_OK;
}
