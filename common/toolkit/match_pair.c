#include "match_pair.h"

#include "blob.h"
#include "colour.h"
#include "errors.h"
#include "layout.h"
#include "palette.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Irregular shapes: 6-9 corners at radii 0.3-1 of the largest, lumpy enough that
 * random ones differ. */
#define BLOB_MIN_VERTS 6
#define BLOB_MAX_VERTS 9
#define BLOB_MIN_RADIUS 0.3
/* Corner cutting passes for the rounded style: four leave no facet visible even
 * on the 500 px target (at most 9 * 16 = 144 points). */
#define SMOOTH_PASSES 4
/* Tries for a target that is star-shaped about its centroid (almost all are). */
#define TARGET_TRIES 50
/* Tries for one distractor before the level is given up. */
#define DISTRACTOR_TRIES 200
/* A near-miss distractor pulls 2-3 corners of the target in to 0.45-0.7 of their
 * radius or pushes them out by the inverse. */
#define PERTURB_MIN 0.45
#define PERTURB_MAX 0.7
/* The target spans 420-520 px of the 800 px first image, at least 60 px from the
 * border. */
#define TARGET_MIN_SIZE 420.0
#define TARGET_MAX_SIZE 520.0
#define TARGET_BORDER 60.0
/* match_shadow's object: up to three spots of 0.05-0.08 of its size, each at least
 * SPOT_CLEAR px inside its outline (so the silhouette is the outline) and apart. */
#define SPOT_COUNT 3
#define SPOT_MIN 0.05
#define SPOT_MAX 0.08
#define SPOT_CLEAR 12.0
#define SPOT_TRIES 200
/* Spots and the object differ by at least this CIEDE2000; the object is at least
 * this far from black, so it never looks like its own silhouette. */
#define OBJECT_DE 30.0
/* The object's rim is its colour darkened to this share. */
#define RIM_SHADE 0.55
/* Frame line: a light grey that separates cells without competing with shapes. */
#define FRAME_WIDTH 2.0
#define FRAME_GREY 165

typedef struct shape {
    int n;
    point p[BLOB_MAX_POINTS];
} shape;

int match_pair_check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MATCH_MAX_LEVEL) {
        snprintf(err, errlen, "cannot label %d candidates with the letters A-Z (at most %d)", p->level,
                 MATCH_MAX_LEVEL);
        return -1;
    }
    return 0;
}

/* The drawn polygon of control corners ctl (n of them) in the sample's style. */
static void make_shape(const point *ctl, int n, bool smooth, shape *out)
{
    out->n = smooth ? blob_smooth(ctl, n, SMOOTH_PASSES, out->p, BLOB_MAX_POINTS) : n;
    if (!smooth)
        memcpy(out->p, ctl, sizeof *ctl * (size_t)n);
}

/* A distractor: a near miss of the target's corners or a fresh blob with as many
 * corners; false if its signature fails or it is too like the target. */
static bool make_distractor(rng *r, const point *ctl, int n, bool smooth, const double *target_sig, shape *out)
{
    point c[BLOB_MAX_POINTS];
    if (rng_below(r, 2)) {
        memcpy(c, ctl, sizeof *c * (size_t)n);
        int idx[BLOB_MAX_VERTS];
        for (int i = 0; i < n; i++)
            idx[i] = i;
        rng_shuffle_int(r, idx, n);
        int k = rng_int(r, 2, 3);
        for (int i = 0; i < k; i++) {
            double f = rng_uniform(r, PERTURB_MIN, PERTURB_MAX);
            if (rng_below(r, 2))
                f = 1 / f;
            c[idx[i]].x *= f;
            c[idx[i]].y *= f;
        }
    } else {
        blob_random(r, n, n, BLOB_MIN_RADIUS, c);
    }
    make_shape(c, n, smooth, out);
    double sig[RADIAL_SAMPLES];
    return radial_signature(out->p, out->n, sig) &&
           radial_likeness(target_sig, sig, true, MATCH_MAX_LIKENESS) < MATCH_MAX_LIKENESS;
}

static void bounds(const shape *s, double *x0, double *y0, double *x1, double *y1)
{
    *x0 = *x1 = s->p[0].x;
    *y0 = *y1 = s->p[0].y;
    for (int i = 1; i < s->n; i++) {
        *x0 = fmin(*x0, s->p[i].x);
        *x1 = fmax(*x1, s->p[i].x);
        *y0 = fmin(*y0, s->p[i].y);
        *y1 = fmax(*y1, s->p[i].y);
    }
}

/* s scaled by k with its bounding box's top-left corner at (x, y). */
static void place(const shape *s, double k, double x, double y, point *out)
{
    double x0, y0, x1, y1;
    bounds(s, &x0, &y0, &x1, &y1);
    for (int i = 0; i < s->n; i++)
        out[i] = (point){x + (s->p[i].x - x0) * k, y + (s->p[i].y - y0) * k};
}

/* Distance from (x, y) to the nearest edge of p. */
static double edge_distance(const point *p, int n, double x, double y)
{
    double d = INFINITY;
    for (int i = 0, j = n - 1; i < n; j = i++)
        d = fmin(d, segment_distance(p[j], p[i], x, y));
    return d;
}

/* CIEDE2000 between every two palette colours (first, second), worked out once. */
static double pair_de[PALETTE_SIZE][PALETTE_SIZE];
static pthread_once_t pair_de_once = PTHREAD_ONCE_INIT;

static void pair_de_init(void)
{
    for (int i = 0; i < PALETTE_SIZE; i++)
        for (int j = 0; j < PALETTE_SIZE; j++)
            pair_de[i][j] = ciede2000(PALETTE[i].value, PALETTE[j].value);
}

/* The first image: the target, filled (outline) or as a coloured object (shadow). */
static void draw_target(rng *r, rng *colours, scene *s, const shape *t, match_style style)
{
    double x0, y0, x1, y1;
    bounds(t, &x0, &y0, &x1, &y1);
    double size = rng_uniform(r, TARGET_MIN_SIZE, TARGET_MAX_SIZE), k = size / fmax(x1 - x0, y1 - y0);
    double w = (x1 - x0) * k, h = (y1 - y0) * k;
    double px = rng_uniform(r, TARGET_BORDER, s->width - TARGET_BORDER - w);
    double py = rng_uniform(r, TARGET_BORDER, s->height - TARGET_BORDER - h);
    point pts[BLOB_MAX_POINTS];
    place(t, k, px, py, pts);

    /* palette_far_from(black, OBJECT_DE), from the table */
    pthread_once(&pair_de_once, pair_de_init);
    int ok[PALETTE_SIZE], nok = 0, black = palette_find("black");
    for (int i = 0; i < PALETTE_SIZE; i++)
        if (pair_de[black][i] >= OBJECT_DE)
            ok[nok++] = i;
    int colour = ok[rng_below(colours, (uint32_t)nok)];
    prim *p = scene_polygon(s, pts, t->n, PALETTE[colour].value);
    p->kind = "target";
    p->colour_name = PALETTE[colour].name;
    p->object = 0;
    if (style == MATCH_OUTLINE)
        return;

    rgb c = PALETTE[colour].value;
    p->stroke_width = MATCH_STROKE;
    p->stroke = (rgb){(uint8_t)(c.r * RIM_SHADE), (uint8_t)(c.g * RIM_SHADE), (uint8_t)(c.b * RIM_SHADE)};
    /* spots far from the object's colour and from black, so they never read as holes */
    int far[PALETTE_SIZE], nfar = 0;
    for (int i = 0; i < nok; i++)
        if (pair_de[ok[i]][colour] >= OBJECT_DE)
            far[nfar++] = ok[i];
    int spot = far[rng_below(colours, (uint32_t)nfar)];
    disc spots[SPOT_COUNT];
    int ns = 0;
    for (int tries = 0; tries < SPOT_TRIES && ns < SPOT_COUNT; tries++) {
        disc d;
        d.x = rng_uniform(r, px, px + w); /* one draw per statement: a fixed order */
        d.y = rng_uniform(r, py, py + h);
        d.r = rng_uniform(r, SPOT_MIN, SPOT_MAX) * size;
        /* the rim reaches MATCH_STROKE / 2 inside the outline */
        if (!point_in_polygon(pts, t->n, d.x, d.y) ||
            edge_distance(pts, t->n, d.x, d.y) < d.r + SPOT_CLEAR + MATCH_STROKE / 2)
            continue;
        bool apart = true;
        for (int i = 0; i < ns && apart; i++)
            apart = hypot(d.x - spots[i].x, d.y - spots[i].y) >= d.r + spots[i].r + SPOT_CLEAR;
        if (!apart)
            continue;
        spots[ns++] = d;
        prim *q = scene_circle(s, d.x, d.y, d.r, PALETTE[spot].value);
        q->kind = "spot";
        q->colour_name = PALETTE[spot].name;
    }
}

int match_pair_sample(gen_ctx *ctx, match_style style)
{
    int n = ctx->p.level;
    rng shapes, colours, layout;
    gen_stream(ctx, "shapes", &shapes);
    gen_stream(ctx, "colours", &colours);
    gen_stream(ctx, "layout", &layout);

    /* The target: star-shaped about its centroid, so its radial signature exists. */
    bool smooth = rng_below(&shapes, 2) == 1;
    point ctl[BLOB_MAX_VERTS];
    int nctl = 0;
    double sig[RADIAL_SAMPLES];
    shape *cand = xmalloc(sizeof *cand * (size_t)n);
    int gold = (int)rng_below(&shapes, (uint32_t)n), rc = GEN_EXIT_OK;
    bool found = false;
    for (int t = 0; t < TARGET_TRIES && !found; t++) {
        nctl = blob_random(&shapes, BLOB_MIN_VERTS, BLOB_MAX_VERTS, BLOB_MIN_RADIUS, ctl);
        make_shape(ctl, nctl, smooth, &cand[gold]);
        found = radial_signature(cand[gold].p, cand[gold].n, sig);
    }
    if (!found) {
        rc = gen_fail(ctx, "cannot find a target shape in %d tries", TARGET_TRIES);
        goto done;
    }
    for (int i = 0; i < n; i++) {
        if (i == gold)
            continue;
        bool ok = false;
        for (int t = 0; t < DISTRACTOR_TRIES && !ok; t++)
            ok = make_distractor(&shapes, ctl, nctl, smooth, sig, &cand[i]);
        if (!ok) {
            rc = gen_fail(ctx, "cannot find a distractor unlike the target in %d tries", DISTRACTOR_TRIES);
            goto done;
        }
    }
    draw_target(&layout, &colours, ctx->img[0], &cand[gold], style);

    /* The grid: cols x rows square cells, centred; the canvas grows if needed. */
    int cols = (int)ceil(sqrt((double)n)), rows = (n + cols - 1) / cols;
    int width = (int)fmax(GEN_CANVAS, ceil(cols * MATCH_CELL_MIN + (cols - 1) * MATCH_CELL_GAP + 2 * MATCH_MARGIN));
    int height = (int)fmax(GEN_CANVAS, ceil(rows * MATCH_CELL_MIN + (rows - 1) * MATCH_CELL_GAP + 2 * MATCH_MARGIN));
    scene *s = ctx->img[1];
    scene_reset(s, width, height);
    double cell = fmin((width - 2 * MATCH_MARGIN - (cols - 1) * MATCH_CELL_GAP) / cols,
                       (height - 2 * MATCH_MARGIN - (rows - 1) * MATCH_CELL_GAP) / rows);
    cell = floor(fmin(cell, MATCH_CELL_MAX));
    double gx = floor((width - cols * cell - (cols - 1) * MATCH_CELL_GAP) / 2);
    double gy = floor((height - rows * cell - (rows - 1) * MATCH_CELL_GAP) / 2);
    for (int i = 0; i < n; i++) {
        double x0 = gx + (i % cols) * (cell + MATCH_CELL_GAP), y0 = gy + (i / cols) * (cell + MATCH_CELL_GAP);
        prim *f = scene_rect(s, x0, y0, cell, cell, RGB_WHITE);
        prim_outline(f, FRAME_WIDTH, (rgb){FRAME_GREY, FRAME_GREY, FRAME_GREY});
        f->kind = "frame";
    }
    for (int i = 0; i < n; i++) {
        double x0 = gx + (i % cols) * (cell + MATCH_CELL_GAP), y0 = gy + (i / cols) * (cell + MATCH_CELL_GAP);
        /* the room below the letter band, inside the padding, less half a stroke */
        double rx = x0 + MATCH_CELL_PAD + MATCH_STROKE / 2, ry = y0 + MATCH_LABEL_BAND + MATCH_STROKE / 2;
        double rw = cell - 2 * MATCH_CELL_PAD - MATCH_STROKE;
        double rh = cell - MATCH_LABEL_BAND - MATCH_CELL_PAD - MATCH_STROKE;
        double bx0, by0, bx1, by1;
        bounds(&cand[i], &bx0, &by0, &bx1, &by1);
        double k = fmin(rw / (bx1 - bx0), rh / (by1 - by0)) * rng_uniform(&layout, MATCH_SCALE_MIN, 1.0);
        double sx = rng_uniform(&layout, rx, rx + rw - (bx1 - bx0) * k);
        double sy = rng_uniform(&layout, ry, ry + rh - (by1 - by0) * k);
        point pts[BLOB_MAX_POINTS];
        place(&cand[i], k, sx, sy, pts);
        prim *p = scene_polygon(s, pts, cand[i].n, RGB_BLACK);
        if (style == MATCH_OUTLINE) {
            prim_outline(p, MATCH_STROKE, RGB_BLACK);
            p->kind = "outline";
        } else {
            p->kind = "silhouette";
        }
        p->object = i;
        char label[2] = {(char)('A' + i), '\0'};
        prim *l = scene_text(s, x0 + MATCH_CELL_PAD + MATCH_LABEL_FONT / 2, y0 + MATCH_LABEL_BAND / 2 + 1,
                             MATCH_LABEL_FONT, label, RGB_BLACK);
        l->kind = "label";
        l->object = i;
    }
    char answer[2] = {(char)('A' + gold), '\0'};
    cJSON_AddStringToObject(ctx->record, "Gold_output", answer);
    cJSON_AddNumberToObject(ctx->record, "Rows", n);
done:
    free(cand);
    return rc;
}
