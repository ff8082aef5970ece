/* SPDX-License-Identifier: MIT */
/* vanishing_objects: both canvases are 1500x1000 white; the first scene's kinds
 * are recomputed from geometry (a circle, an axis-aligned square, an apex-up
 * isosceles triangle of equal width and height) and counted against circles,
 * squares and triangles, which sum to 2n; half-sizes lie in 15..30, every edge
 * 50 px inside, centres at least 1.5 x the sum of half-sizes apart; the second
 * scene is the first minus exactly `vanished` = n shapes, unchanged otherwise;
 * and in the renders the dark connected blobs number 2n and n (each shape one
 * blob, none merged, none lost). */
#include "harness.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define W 1500
#define H 1000
#define HALF_MIN 15
#define HALF_MAX 30
#define MARGIN 50
#define SPACING 1.5
/* A pixel darker than this (each channel) belongs to a shape. */
#define DARK 128

enum { K_CIRCLE, K_SQUARE, K_TRIANGLE, K_OTHER };
static const char *const FIELD[3] = {"circles", "squares", "triangles"};

/* Kind, centre and half-size of a primitive drawn as Pillow's box [x-h, x+h+1]. */
static int kind_of(const scene *sc, const prim *a, double *cx, double *cy, double *half)
{
    if (a->type == PRIM_CIRCLE) {
        *cx = a->x - 0.5;
        *cy = a->y - 0.5;
        *half = a->r - 0.5;
        return K_CIRCLE;
    }
    if (a->type == PRIM_RECT && a->angle == 0 && fabs(a->w - a->h) < 1e-9) {
        *half = (a->w - 1) / 2;
        *cx = a->x + *half;
        *cy = a->y + *half;
        return K_SQUARE;
    }
    if (a->type == PRIM_POLYGON && a->npts == 3) {
        const point *q = prim_points(sc, a);
        /* apex first, then the base left and right on one row below it: the
         * original's vertices at pixel centres (scene.h, EDGES_PILLOW) */
        double w = q[2].x - q[1].x, h = q[1].y - q[0].y;
        if (q[1].y != q[2].y || w <= 0 || fabs(w - h) > 1e-9 || fabs(q[0].x - (q[1].x + q[2].x) / 2) > 1e-9)
            return K_OTHER;
        *half = w / 2;
        *cx = q[1].x - 0.5 + *half;
        *cy = q[0].y - 0.5 + *half;
        return K_TRIANGLE;
    }
    return K_OTHER;
}

/* Dark 4-connected blobs of a render. */
static int blobs(const canvas *cv)
{
    int stride, w = cv->width, h = cv->height;
    const uint8_t *px = canvas_pixels(cv, &stride);
    uint8_t *dark = calloc((size_t)w * (size_t)h, 1);
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++) {
            uint32_t v = row[x];
            dark[(size_t)y * (size_t)w + (size_t)x] =
                ((v >> 16) & 255) < DARK && ((v >> 8) & 255) < DARK && (v & 255) < DARK;
        }
    }
    int *stack = malloc(sizeof(int) * (size_t)w * (size_t)h), found = 0;
    for (int i = 0; i < w * h; i++) {
        if (!dark[i])
            continue;
        found++;
        int top = 0;
        stack[top++] = i;
        dark[i] = 0;
        while (top) {
            int c = stack[--top], x = c % w, y = c / w;
            int nb[4] = {x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, y > 0 ? c - w : -1, y < h - 1 ? c + w : -1};
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && dark[nb[k]]) {
                    dark[nb[k]] = 0;
                    stack[top++] = nb[k];
                }
        }
    }
    free(stack);
    free(dark);
    return found;
}

static bool same_prim(const scene *sa, const prim *a, const scene *sb, const prim *b)
{
    if (a->type != b->type || a->object != b->object || memcmp(&a->fill, &b->fill, sizeof a->fill) != 0 ||
        a->x != b->x || a->y != b->y || a->r != b->r || a->w != b->w || a->h != b->h || a->npts != b->npts)
        return false;
    const point *p = prim_points(sa, a), *q = prim_points(sb, b);
    for (int i = 0; i < a->npts; i++)
        if (p[i].x != q[i].x || p[i].y != q[i].y)
            return false;
    return true;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *first = &s->img[0], *second = &s->img[1];
    int nf = first->nprims, count[3] = {0};
    if (first->width != W || first->height != H || second->width != W || second->height != H)
        return "a canvas is not 1500x1000";
    if (memcmp(&first->background, &RGB_WHITE, sizeof(rgb)) != 0 ||
        memcmp(&second->background, &RGB_WHITE, sizeof(rgb)) != 0)
        return "a background is not white";
    if (nf != 2 * p->level)
        return "the first image does not hold 2n shapes";
    double *cx = malloc(sizeof(double) * 3 * (size_t)nf), *cy = cx + nf, *hs = cy + nf;
    const char *why = NULL;
    for (int i = 0; i < nf && !why; i++) {
        const prim *a = &first->prims[i];
        int k = kind_of(first, a, &cx[i], &cy[i], &hs[i]);
        if (k == K_OTHER || a->fill.r || a->fill.g || a->fill.b) {
            why = "the first image holds something that is not a black circle, square or triangle";
            break;
        }
        count[k]++;
        if (hs[i] < HALF_MIN || hs[i] > HALF_MAX || hs[i] != floor(hs[i]))
            why = "a half-size is outside 15..30";
        else if (cx[i] - hs[i] < MARGIN || cy[i] - hs[i] < MARGIN || cx[i] + hs[i] > W - MARGIN ||
                 cy[i] + hs[i] > H - MARGIN)
            why = "a shape is closer than 50 px to an edge";
        for (int j = 0; j < i && !why; j++)
            if (hypot(cx[i] - cx[j], cy[i] - cy[j]) < SPACING * (hs[i] + hs[j]) - 1e-9) {
                snprintf(msg, n, "shapes %d and %d are closer than the spacing rule", j, i);
                why = msg;
            }
    }
    for (int k = 0; k < 3 && !why; k++)
        if (rec_int(s, FIELD[k]) != count[k]) {
            snprintf(msg, n, "first image has %d %s, record %d", count[k], FIELD[k], rec_int(s, FIELD[k]));
            why = msg;
        }
    if (!why && rec_int(s, "vanished") != p->level)
        why = "vanished differs from the level";
    /* the second: the first's shapes in order, minus exactly `vanished` */
    int kept = 0;
    for (int i = 0, j = 0; i < second->nprims && !why; i++, j++) {
        while (j < nf && !same_prim(second, &second->prims[i], first, &first->prims[j]))
            j++;
        if (j == nf)
            why = "the second image holds a shape the first does not, or one that moved";
        else
            kept++;
    }
    if (!why && nf - kept != rec_int(s, "vanished")) {
        snprintf(msg, n, "%d shapes vanished, record says %d", nf - kept, rec_int(s, "vanished"));
        why = msg;
    }
    if (!why) {
        int b1 = blobs(harness_render(first)), b2 = blobs(harness_render(second));
        if (b1 != nf || b2 != kept || b1 - b2 != rec_int(s, "vanished")) {
            snprintf(msg, n, "rendered blobs %d and %d, shapes %d and %d", b1, b2, nf, kept);
            why = msg;
        }
    }
    free(cx);
    return why;
}

HARNESS_MAIN("vanishing_objects", check)
