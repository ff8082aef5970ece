/* SPDX-License-Identifier: MIT */
/* plain_reader.c - reads comp_conjunctive and comp_sequential samples as a viewer would.
 *
 * Usage: plain_reader [--task comp_conjunctive|comp_sequential] [--strict-options] [--verbose]
 *                     [--file N [--ask QUESTION]] DIR
 *
 *   --file N          judge only sample N (labels are then compared within it only)
 *   --ask QUESTION    with --file: print the reader's reading of another question about
 *                     sample N (each object's subconditions, or each step's value)
 *   --strict-options  a part must also be needed among the five options (a failure kind
 *                     "options"; by default only counted in a note)
 *   --verbose         the objects the reader sees (twice: per frame too)
 *
 * DIR is a task directory written by gen (gen.json, data.json, data/N_k.png).  For every
 * record the reader decodes the frames' pixels only (never the record's rule fields, the
 * generator's code or its scene data): the "frame K" label, the grey bar, the black line,
 * the objects (colour, shape, size, outline completed where the bar covers it) and the
 * objects' tracks over the video.  It then parses the question with the phrases of
 * docs/composed-reading.md and judges the record under that page's reading:
 *
 *   answer     the lettered option is the one clear answer;
 *   step       every steps[k].answer is what the step establishes;
 *   necessity  every proper subset of the steps / subconditions leaves two answers or more,
 *              each through clear readings only;
 *   glance     (levels 2-4) no single frame settles the answer (the page's ideal observer);
 *   margin     the page's promises about every frame (4 px between objects and from the
 *              canvas edge, the label box kept free, steady motion, one colour change);
 *   label      frame K carries the label K (compared with the other samples' frame K);
 *   parse      the question, options and letter are made of the page's phrases;
 *   decode     the frames cannot be read (an object that is never whole, an unknown shape).
 *
 * Tolerance: the reader measures outlines to the pixel; where the page asks for a margin
 * (M = 4 px and the others) it grants the generator 1 px of its own measuring error: a
 * claim of clarity is accepted at the margin less 1 px, and a single frame is taken to
 * settle something only at the margin plus 1 px.  Never more than 1 px.
 *
 * Where the page leaves room, the reader takes these readings (each a careful viewer's):
 *  - white between an outline and the line is measured across the line (perpendicular);
 *  - "the frame before clearly not across, with the start side clearly held": the object
 *    is wholly on one side in its first frame, and in the frame before the named one it
 *    is wholly on that side or covers the line by M (the page's "clearly not" of "wholly
 *    on the other side"); an event's "last frame before" is likewise the last frame
 *    clearly not in its new state (for crossing: not wholly on the other side);
 *  - an object that changes colour has no one colour: "What colour is it?" and "Which
 *    colour is the object that ..." have no clear answer for it, so it never counts as
 *    another answer when a part is dropped;
 *  - "the {colour} object" is the one object that shows that colour in any frame;
 *  - "is seen for the last time" / "the last frame in which it can be seen" may be the
 *    last frame; "the first frame in which it is behind the grey bar" may be the frame it
 *    appears in (not there before: clearly not behind); the event "goes behind the bar"
 *    needs a frame clearly clear of it before;
 *  - a count of objects meeting subconditions 1..k is unclear when an object is neither
 *    clearly in nor clearly out;
 *  - "if it keeps moving as it does": the speed is the straight line fitted to the centres
 *    of the frames the object is in; an object seen in the last frame only has no speed
 *    to read, so nothing is clear of where it goes;
 *  - the ideal observer of one frame (glance) knows the number of frames, the options and
 *    that the question has one answer; it reads the frame's objects with the margins plus
 *    1 px and treats everything about other frames as open (see judge_conj/judge_seq).
 * The reader also assumes an object moves at most 600 px over the video (tracking).
 *
 * Exit status: 0 every sample passes, 1 some sample fails, 2 bad input.
 *
 * This program links only libpng and cJSON; it shares no code with gen.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

/* ------------------------------------------------------------------------------------ */
/* Constants of the page                                                                  */

#define W 500
#define H 300
#define MAXF 64
#define MAXOBJ 24
#define MAXDET 48
#define LABEL_W 64
#define LABEL_H 18
#define BAR_W 12

static const double M = 4.0;      /* the margin */
static const double TOL = 1.0;    /* the reader's own measuring tolerance, in gen's favour */

enum { NO = 0, YES = 1, UNK = 2 };

#define NCOL 10
static const struct {
    const char *name;
    unsigned char r, g, b;
} COLS[NCOL] = {
    {"red", 255, 0, 0},        {"orange", 255, 165, 0},   {"yellow", 255, 255, 0},
    {"green", 0, 128, 0},      {"turquoise", 64, 224, 208}, {"skyblue", 135, 206, 235},
    {"blue", 0, 0, 255},       {"purple", 128, 0, 128},   {"pink", 255, 192, 203},
    {"brown", 165, 42, 42},
};

enum { CIRCLE, TRIANGLE, SQUARE, DIAMOND, PENTAGON, HEXAGON, STAR, NSHAPE };
static const char *SHAPES[NSHAPE] = {"circle", "triangle", "square", "diamond",
                                     "pentagon", "hexagon", "star"};
enum { SMALL, MEDIUM, LARGE, NSIZE };
static const char *SIZES[NSIZE] = {"small", "medium", "large"};

enum { EV_APPEARS, EV_VANISHES, EV_CHANGES, EV_CROSSES, EV_BEHIND, NEVENT };
static const char *EVENTS[NEVENT] = {"appears", "vanishes", "changes colour",
                                     "crosses the line", "goes behind the bar"};
/* Directions, counter-clockwise from straight right, 45 degrees apart. */
#define NDIR 8
static const char *DIRS[NDIR] = {"to the right", "above and to the right", "above",
                                 "above and to the left", "to the left",
                                 "below and to the left", "below", "below and to the right"};

/* ------------------------------------------------------------------------------------ */
/* Small helpers                                                                          */

static int g_verbose;

static void die_input(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("plain_reader: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static void *xcalloc(size_t n, size_t s)
{
    void *p = calloc(n ? n : 1, s ? s : 1);
    if (!p) {
        fputs("plain_reader: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = xcalloc(cap, 1);
    for (;;) {
        if (n + 1 >= cap) {
            cap *= 2;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        if (r == 0)
            break;
        n += r;
    }
    fclose(f);
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

static uint64_t fnv(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

/* ------------------------------------------------------------------------------------ */
/* Masks: an object's outline as a bitmap with an origin                                  */

typedef struct {
    int x0, y0, w, h; /* bitmap origin and size */
    unsigned char *m; /* w*h, 1 = part of the outline */
    int area;
} mask;

static void mask_free(mask *k)
{
    free(k->m);
    k->m = NULL;
}

static int mask_at(const mask *k, int x, int y)
{
    x -= k->x0;
    y -= k->y0;
    if (x < 0 || y < 0 || x >= k->w || y >= k->h)
        return 0;
    return k->m[y * k->w + x];
}

static void mask_copy(mask *dst, const mask *src, int dx, int dy)
{
    *dst = *src;
    dst->x0 += dx;
    dst->y0 += dy;
    dst->m = xcalloc((size_t)src->w * src->h, 1);
    memcpy(dst->m, src->m, (size_t)src->w * src->h);
}

/* ------------------------------------------------------------------------------------ */
/* PNG                                                                                    */

static int load_png(const char *path, unsigned char *rgb)
{
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&im, path))
        return -1;
    if (im.width != W || im.height != H) {
        png_image_free(&im);
        return -2;
    }
    im.format = PNG_FORMAT_RGB;
    if (!png_image_finish_read(&im, NULL, rgb, 0, NULL)) {
        png_image_free(&im);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* One frame decoded                                                                      */

typedef struct {
    int colour;
    int partial;            /* some pixel touches the bar: the bar may cover part of it */
    mask k;                 /* the visible pixels */
    int shape, size;        /* whole detections only (-1 otherwise) */
    double cx, cy;          /* centroid of the visible pixels (pixel centres) */
    int used;
} det;

typedef struct {
    int bar0;                /* first bar column; the bar is [bar0, bar0 + BAR_W) */
    int bar_ok;
    double la, lb;           /* the line's centre: x = la + lb * y (y at pixel centres) */
    int line_ok;
    int ndet;
    det d[MAXDET];
    uint64_t label_hash;
    int label_ink0, label_ink1; /* label ink column range */
    short *piece;            /* W*H: the index of the detection a pixel belongs to, or -1 */
} frame;

static int colour_of(const unsigned char *p)
{
    for (int c = 0; c < NCOL; c++)
        if (p[0] == COLS[c].r && p[1] == COLS[c].g && p[2] == COLS[c].b)
            return c;
    return -1;
}

/* Shape from a whole outline's pixels.  Features, measured on gen's frames (all shapes
 * are upright): fill of the bounding box, aspect, the row where the outline is widest,
 * and the fill of the convex hull (a star is far from convex). */
static double cross2(double ox, double oy, double ax, double ay, double bx, double by)
{
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
}

static int cmp_pt(const void *a, const void *b)
{
    const double *p = a, *q = b;
    if (p[0] != q[0])
        return p[0] < q[0] ? -1 : 1;
    if (p[1] != q[1])
        return p[1] < q[1] ? -1 : 1;
    return 0;
}

static double hull_area(double *pts, int n)
{
    qsort(pts, (size_t)n, 2 * sizeof(double), cmp_pt);
    double *h = xcalloc((size_t)(2 * n + 2), 2 * sizeof(double));
    int k = 0;
    for (int i = 0; i < n; i++) {
        while (k >= 2 && cross2(h[2 * (k - 2)], h[2 * (k - 2) + 1], h[2 * (k - 1)],
                                h[2 * (k - 1) + 1], pts[2 * i], pts[2 * i + 1]) <= 0)
            k--;
        h[2 * k] = pts[2 * i];
        h[2 * k + 1] = pts[2 * i + 1];
        k++;
    }
    for (int i = n - 2, t = k + 1; i >= 0; i--) {
        while (k >= t && cross2(h[2 * (k - 2)], h[2 * (k - 2) + 1], h[2 * (k - 1)],
                                h[2 * (k - 1) + 1], pts[2 * i], pts[2 * i + 1]) <= 0)
            k--;
        h[2 * k] = pts[2 * i];
        h[2 * k + 1] = pts[2 * i + 1];
        k++;
    }
    double a = 0;
    for (int i = 0; i + 1 < k; i++)
        a += h[2 * i] * h[2 * (i + 1) + 1] - h[2 * (i + 1)] * h[2 * i + 1];
    free(h);
    return fabs(a) / 2;
}

static int classify_shape(const mask *k, double *feat)
{
    int w = k->w, h = k->h;
    double fill = k->area / (double)(w * h);
    double asp = w / (double)h;
    int best_row = 0, best_w = -1;
    double *pts = xcalloc((size_t)(4 * h + 4), 2 * sizeof(double));
    int np = 0;
    for (int y = 0; y < h; y++) {
        int l = -1, r = -1, cnt = 0;
        for (int x = 0; x < w; x++)
            if (k->m[y * w + x]) {
                if (l < 0)
                    l = x;
                r = x;
                cnt++;
            }
        if (cnt > best_w) {
            best_w = cnt;
            best_row = y;
        }
        if (l >= 0) {
            double c[4][2] = {{l, y}, {l, y + 1}, {r + 1, y}, {r + 1, y + 1}};
            for (int i = 0; i < 4; i++) {
                pts[2 * np] = c[i][0];
                pts[2 * np + 1] = c[i][1];
                np++;
            }
        }
    }
    double conv = k->area / hull_area(pts, np);
    free(pts);
    double wrow = h > 1 ? best_row / (double)(h - 1) : 0.5;
    if (feat) {
        feat[0] = fill;
        feat[1] = asp;
        feat[2] = conv;
        feat[3] = wrow;
    }
    if (conv < 0.75)
        return STAR;
    if (fill > 0.95)
        return SQUARE;
    if (fill < 0.6) {
        if (asp < 0.8)
            return DIAMOND;
        if (wrow > 0.8)
            return TRIANGLE;
        return -1;
    }
    if (fill > 0.76 && fabs(asp - 1) < 0.04)
        return CIRCLE;
    if (asp > 1.06 && wrow > 0.42 && wrow < 0.58)
        return HEXAGON;
    if (wrow < 0.45 && asp > 0.98 && fill < 0.745)
        return PENTAGON;
    return -1;
}

/* The three sizes have equal area whatever the shape, 2.4 times apart (circles of radius
 * 10, 16, 24 px: about 340, 850, 1870 px drawn); the borders are the geometric means. */
static int size_of_area(int area)
{
    if (area < 540)
        return SMALL;
    if (area < 1290)
        return MEDIUM;
    return LARGE;
}

static int decode_frame(const unsigned char *rgb, frame *fr, char *err, size_t errn)
{
    memset(fr, 0, sizeof *fr);
    /* The bar: the columns that are grey (128,128,128) over the height. */
    int cnt[W] = {0};
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const unsigned char *p = rgb + 3 * (y * W + x);
            if (p[0] == 128 && p[1] == 128 && p[2] == 128)
                cnt[x]++;
        }
    int b0 = -1, b1 = -1;
    for (int x = 0; x < W; x++)
        if (cnt[x] >= H - LABEL_H) {
            if (b0 < 0)
                b0 = x;
            b1 = x;
        }
    if (b0 < 0 || b1 - b0 + 1 != BAR_W) {
        snprintf(err, errn, "no grey bar %d px wide (columns %d..%d)", BAR_W, b0, b1);
        return -1;
    }
    for (int x = b0; x <= b1; x++)
        if (cnt[x] < H - LABEL_H) {
            snprintf(err, errn, "grey bar broken at column %d", x);
            return -1;
        }
    fr->bar0 = b0;
    fr->bar_ok = 1;

    /* The label: the 64x18 box's ink. */
    unsigned char lab[LABEL_W * LABEL_H];
    int ink0 = -1, ink1 = -1;
    for (int y = 0; y < LABEL_H; y++)
        for (int x = 0; x < LABEL_W; x++) {
            const unsigned char *p = rgb + 3 * (y * W + x);
            unsigned char v = (unsigned char)((p[0] + p[1] + p[2]) / 3);
            lab[y * LABEL_W + x] = v;
            if (v < 200) {
                if (ink0 < 0 || x < ink0)
                    ink0 = x;
                if (x > ink1)
                    ink1 = x;
            }
        }
    fr->label_hash = fnv(lab, sizeof lab);
    if (b0 < LABEL_W)
        fr->label_hash = 0; /* the bar crosses the label's box: not compared */
    fr->label_ink0 = ink0;
    fr->label_ink1 = ink1;

    /* The line: per row, the grey run outside the bar and the label with white on both
     * sides; its darkness-weighted centre; a least-squares fit over the rows. */
    double sy = 0, sx = 0, syy = 0, sxy = 0;
    int nrow = 0;
    for (int y = 0; y < H; y++) {
        int run0 = -1, run1 = -1, runs = 0;
        for (int x = 0; x < W; x++) {
            if (x >= b0 && x <= b1)
                continue;
            if (y < LABEL_H && x < LABEL_W)
                continue;
            const unsigned char *p = rgb + 3 * (y * W + x);
            int grey = p[0] == p[1] && p[1] == p[2] && p[0] < 255;
            if (grey) {
                if (run1 == x - 1 && run0 >= 0) {
                    run1 = x;
                } else {
                    runs++;
                    run0 = run1 = x;
                }
            }
        }
        if (runs != 1 || run0 <= 0 || run1 >= W - 1)
            continue;
        const unsigned char *pl = rgb + 3 * (y * W + run0 - 1), *pr = rgb + 3 * (y * W + run1 + 1);
        if (!(pl[0] == 255 && pl[1] == 255 && pl[2] == 255 && pr[0] == 255 && pr[1] == 255 &&
              pr[2] == 255))
            continue;
        double wsum = 0, xsum = 0;
        for (int x = run0; x <= run1; x++) {
            double d = 255 - rgb[3 * (y * W + x)];
            wsum += d;
            xsum += d * (x + 0.5);
        }
        if (wsum < 255)
            continue;
        double xc = xsum / wsum, yc = y + 0.5;
        sy += yc;
        sx += xc;
        syy += yc * yc;
        sxy += xc * yc;
        nrow++;
    }
    if (nrow < 40) {
        snprintf(err, errn, "black line not found (%d clear rows)", nrow);
        return -1;
    }
    double den = nrow * syy - sy * sy;
    fr->lb = (nrow * sxy - sx * sy) / den;
    fr->la = (sx - fr->lb * sy) / nrow;
    fr->line_ok = 1;

    /* Objects: connected regions (4-connected) of one palette colour. */
    static __thread int lab_img[W * H];
    static __thread int stack[W * H];
    static __thread signed char cidx[W * H];
    for (int i = 0; i < W * H; i++) {
        lab_img[i] = -1;
        const unsigned char *p = rgb + 3 * i;
        cidx[i] = (signed char)((p[0] & p[1] & p[2]) == 255 ? -1 : colour_of(p));
    }
    int ncomp = 0;
    typedef struct {
        int colour, x0, y0, x1, y1, area, left_touch, right_touch, ly0, ly1, ry0, ry1, merged;
    } comp;
    static __thread comp cs[4096];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            if (lab_img[y * W + x] >= 0)
                continue;
            int c = cidx[y * W + x];
            if (c < 0)
                continue;
            if (ncomp >= 4096) {
                snprintf(err, errn, "too many coloured regions");
                return -1;
            }
            comp *q = &cs[ncomp];
            memset(q, 0, sizeof *q);
            q->colour = c;
            q->x0 = q->x1 = x;
            q->y0 = q->y1 = y;
            q->ly0 = q->ry0 = H;
            q->ly1 = q->ry1 = -1;
            int sp = 0;
            stack[sp++] = y * W + x;
            lab_img[y * W + x] = ncomp;
            while (sp) {
                int i = stack[--sp];
                int px = i % W, py = i / W;
                q->area++;
                if (px < q->x0) q->x0 = px;
                if (px > q->x1) q->x1 = px;
                if (py < q->y0) q->y0 = py;
                if (py > q->y1) q->y1 = py;
                if (px == b0 - 1) {
                    q->left_touch = 1;
                    if (py < q->ly0) q->ly0 = py;
                    if (py > q->ly1) q->ly1 = py;
                }
                if (px == b1 + 1) {
                    q->right_touch = 1;
                    if (py < q->ry0) q->ry0 = py;
                    if (py > q->ry1) q->ry1 = py;
                }
                const int nx[4] = {px - 1, px + 1, px, px}, ny[4] = {py, py, py - 1, py + 1};
                for (int j = 0; j < 4; j++) {
                    if (nx[j] < 0 || ny[j] < 0 || nx[j] >= W || ny[j] >= H)
                        continue;
                    int ii = ny[j] * W + nx[j];
                    if (lab_img[ii] >= 0)
                        continue;
                    if (cidx[ii] != c)
                        continue;
                    lab_img[ii] = ncomp;
                    stack[sp++] = ii;
                }
            }
            q->merged = ncomp;
            ncomp++;
        }
    /* Pieces beside the bar stay apart here: the outline fit of build_world() finds
     * which object each belongs to (two objects of one colour may both be behind it). */
    int map[4096];
    for (int i = 0; i < ncomp; i++)
        map[i] = -1;
    for (int i = 0; i < ncomp; i++) {
        int root = cs[i].merged;
        if (map[root] < 0) {
            if (fr->ndet >= MAXDET) {
                snprintf(err, errn, "too many objects");
                return -1;
            }
            map[root] = fr->ndet++;
            det *d = &fr->d[map[root]];
            d->colour = cs[i].colour;
            d->k.x0 = cs[i].x0;
            d->k.y0 = cs[i].y0;
            d->k.w = cs[i].x1 + 1; /* temporarily x1 + 1 */
            d->k.h = cs[i].y1 + 1;
        } else {
            det *d = &fr->d[map[root]];
            if (cs[i].x0 < d->k.x0) d->k.x0 = cs[i].x0;
            if (cs[i].y0 < d->k.y0) d->k.y0 = cs[i].y0;
            if (cs[i].x1 + 1 > d->k.w) d->k.w = cs[i].x1 + 1;
            if (cs[i].y1 + 1 > d->k.h) d->k.h = cs[i].y1 + 1;
        }
        if (cs[i].left_touch || cs[i].right_touch)
            fr->d[map[root]].partial = 1;
    }
    for (int i = 0; i < fr->ndet; i++) {
        det *d = &fr->d[i];
        d->k.w -= d->k.x0;
        d->k.h -= d->k.y0;
        d->k.m = xcalloc((size_t)d->k.w * d->k.h, 1);
        d->shape = d->size = -1;
    }
    fr->piece = xcalloc(W * H, sizeof(short));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int l = lab_img[y * W + x];
            fr->piece[y * W + x] = (short)(l < 0 ? -1 : map[cs[l].merged]);
            if (l < 0)
                continue;
            det *d = &fr->d[map[cs[l].merged]];
            d->k.m[(y - d->k.y0) * d->k.w + (x - d->k.x0)] = 1;
            d->k.area++;
            d->cx += x + 0.5;
            d->cy += y + 0.5;
        }
    for (int i = 0; i < fr->ndet; i++) {
        det *d = &fr->d[i];
        d->cx /= d->k.area;
        d->cy /= d->k.area;
        if (!d->partial) {
            d->shape = classify_shape(&d->k, NULL);
            d->size = size_of_area(d->k.area);
        }
    }
    return 0;
}

static void frame_free(frame *fr)
{
    for (int i = 0; i < fr->ndet; i++)
        mask_free(&fr->d[i].k);
    fr->ndet = 0;
    free(fr->piece);
    fr->piece = NULL;
}

/* ------------------------------------------------------------------------------------ */
/* The world: objects tracked over the frames, measured as the page measures them          */

typedef struct {
    int present;
    int colour;
    int partial;           /* the bar covers part of it (its pixels touch the bar) */
    int det;               /* index of its detection in the frame */
    mask k;                /* the completed outline */
    double cx, cy;         /* centre of the outline (pixel coordinates, continuous) */
    double xl, xr, yt, yb; /* outermost points of the outline */
    double barv;           /* > 0: reaches under the bar by barv; < 0: -barv px of white */
    double sl, sr;         /* px of white between the outline and the stroke, on the left
                              (right) side; negative: it reaches over that near edge */
} ostate;

typedef struct {
    int shape, size;
    int first, last;       /* frames it is in (0-based), contiguous */
    int ncol, col[2];      /* its colours in order */
    int change;            /* first frame in its second colour, or -1 */
    double px, py, vx, vy; /* straight motion fitted to its centres: c(k) = p + v k */
    double fit_err;        /* largest distance of a centre from the fit */
    ostate s[MAXF];
} obj;

typedef struct {
    int F, n;
    obj o[MAXOBJ];
    frame *fr;             /* F frames */
} world;

static void world_free(world *w)
{
    for (int i = 0; i < w->n; i++)
        for (int k = 0; k < w->F; k++)
            if (w->o[i].s[k].present)
                mask_free(&w->o[i].s[k].k);
    w->n = 0;
}

/* ---- tracking -------------------------------------------------------------------------
 * Whole detections are grouped by shape and size; in each group a depth-first search
 * assigns them to tracks frame by frame: a track moves in a straight line at a steady
 * speed (2 px of rounding allowed), keeps its colour but may change it once, may be
 * hidden in a frame only where a part of something shows beside the bar, and once gone
 * never comes back.  The search keeps the assignment with the fewest tracks.
 * Partly hidden detections are then matched to the tracks by their outline.            */

#define TRK_MAX 16
typedef struct {
    int n;
    int f[MAXF], d[MAXF];   /* whole points: frame, detection */
    int lastf;              /* last frame it covers (whole or hidden) */
    int open;
    int col, changes;
    int hid0;               /* first frame of the hidden run it is in, -1 none */
} trk;

typedef struct {
    world *w;
    int dets[MAXF][MAXDET]; /* per frame, indices of the group's whole detections */
    int nd[MAXF];
    int partial_cols[MAXF];  /* bitmask of colours of partial detections per frame */
    int ntr;
    trk tr[TRK_MAX];
    int best_ntr;
    trk best[TRK_MAX];
    double best_cost;
    long nodes;
} tsearch;

static void trk_predict(const trk *t, const world *w, int k, double *x, double *y)
{
    const det *a = &w->fr[t->f[0]].d[t->d[0]];
    if (t->n == 1) {
        *x = a->cx;
        *y = a->cy;
        return;
    }
    /* least squares over the points */
    double st = 0, sx = 0, sy = 0, stt = 0, stx = 0, sty = 0;
    for (int i = 0; i < t->n; i++) {
        const det *d = &w->fr[t->f[i]].d[t->d[i]];
        double tt = t->f[i];
        st += tt;
        stt += tt * tt;
        sx += d->cx;
        sy += d->cy;
        stx += tt * d->cx;
        sty += tt * d->cy;
    }
    double den = t->n * stt - st * st;
    double vx = (t->n * stx - st * sx) / den, vy = (t->n * sty - st * sy) / den;
    double px = (sx - vx * st) / t->n, py = (sy - vy * st) / t->n;
    *x = px + vx * k;
    *y = py + vy * k;
}

/* The most an object moves from one frame to the next: 600 px over the video (at least
 * 25 px a frame), a bound on "steady motion" two and a half times the fastest track of
 * gen's so far (240 px over the video); it keeps the search of tracks small.  A faster
 * object is split into tracks that do not hold together, and the sample is reported
 * as unreadable (decode), never read wrong silently. */
static double vmax_of(int F)
{
    double v = 600.0 / (F - 1);
    return v < 25 ? 25 : v;
}
#define VMAX (vmax_of(w->F))

static void tsearch_rec(tsearch *S, int k, int ti, int *taken, double cost);

static void tsearch_next_frame(tsearch *S, int k, int *taken, double cost)
{
    /* unassigned detections start new tracks */
    int saved_ntr = S->ntr;
    double c = cost;
    for (int i = 0; i < S->nd[k]; i++) {
        if (taken[i])
            continue;
        if (S->ntr >= TRK_MAX)
            return;
        trk *t = &S->tr[S->ntr++];
        memset(t, 0, sizeof *t);
        t->n = 1;
        t->f[0] = k;
        t->d[0] = S->dets[k][i];
        t->lastf = k;
        t->open = 1;
        t->hid0 = -1;
        t->col = S->w->fr[k].d[S->dets[k][i]].colour;
        c += 1000;
    }
    int hidden_at_end = 0;
    if (k + 1 >= S->w->F)
        for (int t = 0; t < S->ntr; t++)
            hidden_at_end |= S->tr[t].open && S->tr[t].hid0 >= 0;
    if (c < S->best_cost && !hidden_at_end) {
        if (k + 1 >= S->w->F) {
            S->best_cost = c;
            S->best_ntr = S->ntr;
            memcpy(S->best, S->tr, sizeof(trk) * (size_t)S->ntr);
        } else {
            int taken2[MAXDET] = {0};
            tsearch_rec(S, k + 1, 0, taken2, c);
        }
    }
    S->ntr = saved_ntr;
}

static void tsearch_rec(tsearch *S, int k, int ti, int *taken, double cost)
{
    if (++S->nodes > 2000000 || cost >= S->best_cost)
        return;
    if (ti >= S->ntr) {
        tsearch_next_frame(S, k, taken, cost);
        return;
    }
    trk *t = &S->tr[ti];
    if (!t->open || t->lastf != k - 1) {
        tsearch_rec(S, k, ti + 1, taken, cost);
        return;
    }
    world *w = S->w;
    /* assign a detection, the nearest to where the track goes first */
    int order[MAXDET];
    double od[MAXDET];
    {
        double px, py;
        trk_predict(t, w, k, &px, &py);
        for (int i = 0; i < S->nd[k]; i++) {
            const det *d = &w->fr[k].d[S->dets[k][i]];
            od[i] = hypot(d->cx - px, d->cy - py);
            order[i] = i;
        }
        for (int a = 1; a < S->nd[k]; a++)
            for (int b = a; b > 0 && od[order[b]] < od[order[b - 1]]; b--) {
                int x = order[b];
                order[b] = order[b - 1];
                order[b - 1] = x;
            }
    }
    for (int oi = 0; oi < S->nd[k]; oi++) {
        int i = order[oi];
        if (taken[i])
            continue;
        const det *d = &w->fr[k].d[S->dets[k][i]];
        int change = d->colour != t->col;
        if (change && t->changes)
            continue;
        double px, py;
        trk_predict(t, w, k, &px, &py);
        double dist = hypot(d->cx - px, d->cy - py);
        /* rounding: 2 px, growing as the prediction reaches beyond the points it rests on */
        double span = t->f[t->n - 1] - t->f[0];
        if (t->n >= 2 && dist > 2.0 + 1.5 * (k - t->f[t->n - 1]) / (span > 1 ? span : 1))
            continue;
        int gap = k - t->f[t->n - 1];
        if (t->n == 1 && dist > VMAX * gap)
            continue;
        if (t->hid0 >= 0) {
            /* the frames it was hidden in: its straight path must pass behind the bar there */
            const det *dl = &w->fr[t->f[t->n - 1]].d[t->d[t->n - 1]];
            int fl = t->f[t->n - 1], bad = 0;
            double half = dl->k.w / 2.0 + BAR_W / 2.0 + 3;
            for (int h = t->hid0; h < k && !bad; h++) {
                double x = dl->cx + (d->cx - dl->cx) * (h - fl) / (double)(k - fl);
                if (fabs(x - (w->fr[h].bar0 + BAR_W / 2.0)) > half)
                    bad = 1;
            }
            if (bad)
                continue;
        }
        trk save = *t;
        t->f[t->n] = k;
        t->d[t->n] = S->dets[k][i];
        t->n++;
        t->lastf = k;
        t->hid0 = -1;
        if (change) {
            t->col = d->colour;
            t->changes = 1;
        }
        taken[i] = 1;
        tsearch_rec(S, k, ti + 1, taken, cost + (change ? 30 : 0) + (t->n == 2 ? dist * 0.01 : dist));
        taken[i] = 0;
        *t = save;
    }
    /* hidden behind the bar in this frame (not when a whole detection lies where its
     * motion puts it) */
    int consistent = 0;
    if (t->n >= 2) {
        double px, py, span = t->f[t->n - 1] - t->f[0];
        trk_predict(t, w, k, &px, &py);
        for (int i = 0; i < S->nd[k]; i++) {
            const det *d = &w->fr[k].d[S->dets[k][i]];
            if (hypot(d->cx - px, d->cy - py) <= 2.0 + 1.5 * (k - t->f[t->n - 1]) / (span > 1 ? span : 1))
                consistent = 1;
        }
    }
    if (w->fr[k].bar_ok && S->partial_cols[k] && !consistent) {
        double px, py;
        trk_predict(t, w, k, &px, &py);
        double bc = w->fr[k].bar0 + BAR_W / 2.0;
        const det *d0 = &w->fr[t->f[0]].d[t->d[0]];
        double half = d0->k.w / 2.0 + BAR_W / 2.0 + 3;
        int gap = k - t->f[t->n - 1];
        double span = t->f[t->n - 1] - t->f[0];
        double slack = 2.0 + 1.5 * gap / (span > 1 ? span : 1); /* as for assigning */
        int ok = t->n >= 2 ? fabs(px - bc) <= half + slack : fabs(px - bc) <= half + VMAX * gap;
        if (ok) {
            trk save = *t;
            t->lastf = k;
            if (t->hid0 < 0)
                t->hid0 = k;
            tsearch_rec(S, k, ti + 1, taken, cost + 2);
            *t = save;
        }
    }
    /* gone for good (not while hidden: a partly hidden end is found by the outline fit) */
    if (t->hid0 < 0) {
        trk save = *t;
        t->open = 0;
        tsearch_rec(S, k, ti + 1, taken, cost);
        *t = save;
    }
}

/* Fits template t (a whole outline) to the visible pixels of a partly hidden detection:
 * the shift where the template's pixels outside the bar match the visible pixels best.
 * Returns the number of mismatching pixels (dx, dy: the shift of t's origin). */
/* How badly template t, its origin at (dx, dy), explains frame fr's pieces of colour c:
 * over t's box and outside the bar, a pixel of t with no such piece under it, or a pixel
 * of such a piece (or of any other object of colour c) that t does not cover. */
static int mismatch(const mask *t, const frame *fr, int c, int dx, int dy, int limit)
{
    int mis = 0;
    /* the box and 3 px around it (less than the 4 px between two objects) */
    for (int y = dy - 3; y < dy + t->h + 3 && mis < limit; y++)
        for (int x = dx - 3; x < dx + t->w + 3; x++) {
            if (x >= fr->bar0 && x < fr->bar0 + BAR_W)
                continue;
            int a = x >= dx && y >= dy && x < dx + t->w && y < dy + t->h && t->m[(y - dy) * t->w + (x - dx)];
            int b = 0;
            if (x >= 0 && y >= 0 && x < W && y < H) {
                int id = fr->piece[y * W + x];
                b = id >= 0 && fr->d[id].colour == c;
            }
            if (a != b)
                mis++;
        }
    return mis;
}

/* Fits template t to the pieces of colour c beside the bar in frame fr: near the
 * predicted origin (pdx, pdy) when pred, else aligned on the edges of piece d.
 * Returns the mismatch; (bdx, bdy) the best origin. */
static int fit_template(const mask *t, const frame *fr, int c, const det *d, int pred, int pdx,
                        int pdy, int *bdx, int *bdy)
{
    int best = 1 << 30;
    if (pred) {
        int bestd = 0;
        for (int dy = pdy - 4; dy <= pdy + 4; dy++)
            for (int dx = pdx - 4; dx <= pdx + 4; dx++) {
                int mis = mismatch(t, fr, c, dx, dy, best + 1);
                int dd = (dx - pdx) * (dx - pdx) + (dy - pdy) * (dy - pdy);
                if (mis < best || (mis == best && dd < bestd)) {
                    bestd = dd;
                    best = mis;
                    *bdx = dx;
                    *bdy = dy;
                }
            }
        return best;
    }
    int bar0 = fr->bar0;
    for (int dy = d->k.y0 - t->h + d->k.h; dy <= d->k.y0; dy++) {
        /* dy: template row 0 lands at image row dy; every row of the piece is a template row */
        int cand[8], nc = 0;
        for (int y = d->k.y0; y < d->k.y0 + d->k.h && nc < 8; y += 3) {
            int ty = y - dy;
            if (ty < 0 || ty >= t->h)
                continue;
            int vl = -1, vr = -1, tl = -1, tr = -1;
            for (int x = 0; x < d->k.w; x++)
                if (d->k.m[(y - d->k.y0) * d->k.w + x]) {
                    if (vl < 0)
                        vl = x + d->k.x0;
                    vr = x + d->k.x0;
                }
            for (int x = 0; x < t->w; x++)
                if (t->m[ty * t->w + x]) {
                    if (tl < 0)
                        tl = x;
                    tr = x;
                }
            if (vl < 0 || tl < 0)
                continue;
            int dxc = vl < bar0 - 1 ? vl - tl : vr - tr;
            int dup = 0;
            for (int j = 0; j < nc; j++)
                dup |= cand[j] == dxc;
            if (!dup)
                cand[nc++] = dxc;
        }
        for (int ci = 0; ci < nc; ci++) {
            int mis = mismatch(t, fr, c, cand[ci], dy, best);
            if (mis < best) {
                best = mis;
                *bdx = cand[ci];
                *bdy = dy;
            }
        }
    }
    return best;
}

/* Builds w from w->fr; returns 0 or -1 with a reason. */
static int build_world(world *w, char *err, size_t errn)
{
    int F = w->F;
    w->n = 0;
    /* groups of whole detections */
    int seen_group[NSHAPE][NSIZE];
    memset(seen_group, 0, sizeof seen_group);
    for (int k = 0; k < F; k++)
        for (int i = 0; i < w->fr[k].ndet; i++) {
            det *d = &w->fr[k].d[i];
            if (d->partial)
                continue;
            if (d->shape < 0) {
                double f[4];
                classify_shape(&d->k, f);
                snprintf(err, errn,
                         "frame %d: the %s object at (%.0f, %.0f) has no shape of the seven "
                         "(fill %.3f, aspect %.3f, convex %.3f, widest row %.2f)",
                         k + 1, COLS[d->colour].name, d->cx, d->cy, f[0], f[1], f[2], f[3]);
                return -1;
            }
            seen_group[d->shape][d->size] = 1;
        }
    static __thread tsearch S;
    typedef struct {
        int shape, size, n, f[MAXF], d[MAXF];
    } wtrack;
    wtrack wt[MAXOBJ];
    int nwt = 0;
    for (int sh = 0; sh < NSHAPE; sh++)
        for (int sz = 0; sz < NSIZE; sz++) {
            if (!seen_group[sh][sz])
                continue;
            memset(&S, 0, sizeof S);
            S.w = w;
            for (int k = 0; k < F; k++)
                for (int i = 0; i < w->fr[k].ndet; i++) {
                    det *d = &w->fr[k].d[i];
                    if (d->partial)
                        S.partial_cols[k] |= 1 << d->colour;
                    else if (d->shape == sh && d->size == sz)
                        S.dets[k][S.nd[k]++] = i;
                }
            S.best_cost = 1e18;
            int taken[MAXDET] = {0};
            /* frame 0: every detection starts a track */
            tsearch_next_frame(&S, 0, taken, 0);
            if (g_verbose > 2)
                fprintf(stderr, "  group %s %s: %ld nodes, cost %.1f, %d tracks\n", SIZES[sz], SHAPES[sh], S.nodes, S.best_cost, S.best_ntr);
            if (S.best_cost >= 1e17 || S.nodes > 2000000) {
                snprintf(err, errn, "no steady tracks for the %s %ss found (%ld nodes searched)",
                         SIZES[sz], SHAPES[sh], S.nodes);
                return -1;
            }
            for (int t = 0; t < S.best_ntr; t++) {
                if (g_verbose > 2) {
                    fprintf(stderr, "    track:");
                    for (int q = 0; q < S.best[t].n; q++)
                        fprintf(stderr, " f%d(%.0f,%.0f)", S.best[t].f[q] + 1, w->fr[S.best[t].f[q]].d[S.best[t].d[q]].cx,
                                w->fr[S.best[t].f[q]].d[S.best[t].d[q]].cy);
                    fprintf(stderr, "\n");
                }
                if (nwt >= MAXOBJ) {
                    snprintf(err, errn, "more than %d objects", MAXOBJ);
                    return -1;
                }
                wt[nwt].shape = sh;
                wt[nwt].size = sz;
                wt[nwt].n = S.best[t].n;
                memcpy(wt[nwt].f, S.best[t].f, sizeof(int) * (size_t)S.best[t].n);
                memcpy(wt[nwt].d, S.best[t].d, sizeof(int) * (size_t)S.best[t].n);
                nwt++;
            }
        }
    /* objects from the tracks */
    for (int t = 0; t < nwt; t++) {
        obj *o = &w->o[w->n++];
        memset(o, 0, sizeof *o);
        o->shape = wt[t].shape;
        o->size = wt[t].size;
        o->change = -1;
        for (int i = 0; i < wt[t].n; i++) {
            int k = wt[t].f[i];
            det *d = &w->fr[k].d[wt[t].d[i]];
            d->used = 1;
            ostate *s = &o->s[k];
            s->present = 1;
            s->colour = d->colour;
            s->det = wt[t].d[i];
            mask_copy(&s->k, &d->k, 0, 0);
        }
        /* motion fit over whole frames */
        double st = 0, sx = 0, sy = 0, stt = 0, stx = 0, sty = 0;
        int n = 0;
        for (int k = 0; k < F; k++)
            if (o->s[k].present) {
                const det *d = &w->fr[k].d[o->s[k].det];
                st += k;
                stt += (double)k * k;
                sx += d->cx;
                sy += d->cy;
                stx += k * d->cx;
                sty += k * d->cy;
                n++;
            }
        if (n >= 2) {
            double den = n * stt - st * st;
            o->vx = (n * stx - st * sx) / den;
            o->vy = (n * sty - st * sy) / den;
        }
        o->px = (sx - o->vx * st) / n;
        o->py = (sy - o->vy * st) / n;
    }
    /* Frames where an object is partly behind the bar: its template (its outline in
     * its nearest whole frame) fitted to the pieces beside the bar, in the frames next to
     * those it already covers (an object is in a contiguous stretch of frames); repeated
     * until nothing changes, so that a track grows frame by frame behind the bar. */
    for (int round = 0; round < 2; round++)
    for (int changed = 1; changed;) {
        changed = 0;
        for (int j = 0; j < w->n; j++) {
            obj *o = &w->o[j];
            int first = -1, last = -1;
            for (int kk = 0; kk < F; kk++)
                if (o->s[kk].present) {
                    if (first < 0)
                        first = kk;
                    last = kk;
                }
            int nwhole = 0;
            for (int kk = 0; kk < F; kk++)
                nwhole += o->s[kk].present && !o->s[kk].partial;
            if (round == 0 && nwhole < 2)
                continue; /* objects with a known motion first */
            for (int k = first - 1; k <= last + 1; k++) {
                if (k < 0 || k >= F || o->s[k].present)
                    continue;
                const frame *fr = &w->fr[k];
                /* its colour there: as in a frame next to it (the page: a colour changes
                 * only where the object is clear of the bar on both sides) */
                int want = -1;
                if (k > 0 && o->s[k - 1].present)
                    want = o->s[k - 1].colour;
                else if (k + 1 < F && o->s[k + 1].present)
                    want = o->s[k + 1].colour;
                /* the colours it may show there: its colours in the frames around */
                int kt = -1;
                for (int kk = 0; kk < F; kk++)
                    if (o->s[kk].present && !o->s[kk].partial && (kt < 0 || abs(kk - k) < abs(kt - k)))
                        kt = kk;
                const mask *tm = &o->s[kt].k;
                const det *dt = &w->fr[kt].d[o->s[kt].det];
                double ex = o->px + o->vx * k, ey = o->py + o->vy * k;
                int pdx = (int)lround(tm->x0 + (ex - dt->cx)), pdy = (int)lround(tm->y0 + (ey - dt->cy));
                int best_mis = 1 << 30, bdx = 0, bdy = 0, bc = -1;
                for (int i = 0; i < fr->ndet; i++) {
                    const det *d = &fr->d[i];
                    if (!d->partial || d->used || (d->colour != want && !(k > 0 && k + 1 < F &&
                        o->s[k + 1].present && o->s[k + 1].colour == d->colour)))
                        continue;
                    if (nwhole >= 2 && (fabs(ex - d->cx) > 40 || fabs(ey - d->cy) > 40))
                        continue;
                    if (nwhole < 2 && hypot(dt->cx - d->cx, dt->cy - d->cy) > VMAX * abs(kt - k) + 40)
                        continue;
                    int dx = 0, dy = 0;
                    int mis = fit_template(tm, fr, d->colour, d, nwhole >= 2, pdx, pdy, &dx, &dy);
                    if (g_verbose > 2)
                        fprintf(stderr, "  object %d frame %d: piece %s at (%.0f,%.0f) mismatch %d at %d,%d (predicted %d,%d)\n",
                                j, k + 1, COLS[d->colour].name, d->cx, d->cy, mis, dx, dy, pdx, pdy);
                    if (mis < best_mis) {
                        best_mis = mis;
                        bdx = dx;
                        bdy = dy;
                        bc = d->colour;
                    }
                }
                if (bc < 0 || best_mis > 4 + tm->area / 30)
                    continue;
                ostate *s = &o->s[k];
                s->present = 1;
                s->partial = 1;
                s->colour = bc;
                s->det = -1;
                mask_copy(&s->k, tm, bdx - tm->x0, bdy - tm->y0);
                /* the pieces under its outline are its own */
                for (int i = 0; i < fr->ndet; i++) {
                    det *d = &w->fr[k].d[i];
                    if (!d->partial || d->colour != bc)
                        continue;
                    int in = 0;
                    for (int y = 0; y < d->k.h; y++)
                        for (int x = 0; x < d->k.w; x++)
                            if (d->k.m[y * d->k.w + x])
                                in += mask_at(&s->k, d->k.x0 + x, d->k.y0 + y);
                    if (in >= d->k.area - 1 && in > 0) {
                        d->used = 1;
                        if (s->det < 0)
                            s->det = i;
                    }
                }
                changed = 1;
                if (k < first)
                    first = k;
                if (k > last)
                    last = k;
            }
        }
    }
    for (int k = 0; k < F; k++)
        for (int i = 0; i < w->fr[k].ndet; i++) {
            const det *d = &w->fr[k].d[i];
            if (!d->used) {
                snprintf(err, errn,
                         "frame %d: the %s object beside the bar at (%.0f, %.0f) fits no object "
                         "seen whole next to that frame",
                         k + 1, COLS[d->colour].name, d->cx, d->cy);
                return -1;
            }
        }
    /* every object: a contiguous stretch of frames, at most one colour change */
    for (int j = 0; j < w->n; j++) {
        obj *o = &w->o[j];
        o->first = -1;
        for (int k = 0; k < F; k++)
            if (o->s[k].present) {
                if (o->first < 0)
                    o->first = k;
                o->last = k;
            }
        for (int k = o->first; k <= o->last; k++)
            if (!o->s[k].present) {
                snprintf(err, errn, "the %s %s %s is missing from frame %d between frames %d and %d",
                         SIZES[o->size], COLS[o->s[o->first].colour].name, SHAPES[o->shape], k + 1,
                         o->first + 1, o->last + 1);
                return -1;
            }
        o->ncol = 1;
        o->col[0] = o->s[o->first].colour;
        for (int k = o->first + 1; k <= o->last; k++) {
            if (o->s[k].colour == o->col[o->ncol - 1])
                continue;
            if (o->ncol == 2) {
                snprintf(err, errn, "the %s %s changes colour twice (frame %d)", SIZES[o->size],
                         SHAPES[o->shape], k + 1);
                return -1;
            }
            o->col[o->ncol++] = o->s[k].colour;
            o->change = k;
        }
    }
    return 0;
}

/* Measures every object in every frame as the page does. */
static void measure_world(world *w)
{
    for (int j = 0; j < w->n; j++) {
        obj *o = &w->o[j];
        double st = 0, sx = 0, sy = 0, stt = 0, stx = 0, sty = 0;
        int n = 0;
        for (int k = o->first; k <= o->last; k++) {
            ostate *s = &o->s[k];
            const frame *fr = &w->fr[k];
            const mask *m = &s->k;
            double ax = 0, ay = 0;
            int area = 0;
            double xl = 1e9, xr = -1e9, yt = 1e9, yb = -1e9;
            double nrm = sqrt(1 + fr->lb * fr->lb);
            double e = 0.5 * (1 + fabs(fr->lb)) / nrm; /* a pixel's half extent along the normal */
            double dmin = 1e9, dmax = -1e9;
            for (int y = 0; y < m->h; y++) {
                int l = -1, r = -1;
                for (int x = 0; x < m->w; x++)
                    if (m->m[y * m->w + x]) {
                        if (l < 0)
                            l = x;
                        r = x;
                        ax += m->x0 + x + 0.5;
                        ay += m->y0 + y + 0.5;
                        area++;
                    }
                if (l < 0)
                    continue;
                double X0 = m->x0 + l, X1 = m->x0 + r + 1, Y = m->y0 + y;
                if (X0 < xl) xl = X0;
                if (X1 > xr) xr = X1;
                if (Y < yt) yt = Y;
                if (Y + 1 > yb) yb = Y + 1;
                double yc = Y + 0.5;
                double d0 = ((X0 + 0.5) - (fr->la + fr->lb * yc)) / nrm - e;
                double d1 = ((X1 - 0.5) - (fr->la + fr->lb * yc)) / nrm + e;
                if (d0 < dmin) dmin = d0;
                if (d1 > dmax) dmax = d1;
            }
            s->cx = ax / area;
            s->cy = ay / area;
            s->xl = xl;
            s->xr = xr;
            s->yt = yt;
            s->yb = yb;
            double b0 = fr->bar0, b1 = fr->bar0 + BAR_W;
            double ov = (xr < b1 ? xr : b1) - (xl > b0 ? xl : b0);
            if (ov > 0)
                s->barv = ov;
            else
                s->barv = xr <= b0 ? -(b0 - xr) : -(xl - b1);
            s->sl = -dmax - 1.0;
            s->sr = dmin - 1.0;
            st += k;
            stt += (double)k * k;
            sx += s->cx;
            sy += s->cy;
            stx += k * s->cx;
            sty += k * s->cy;
            n++;
        }
        if (n >= 2) {
            double den = n * stt - st * st;
            o->vx = (n * stx - st * sx) / den;
            o->vy = (n * sty - st * sy) / den;
        } else {
            o->vx = o->vy = 0;
        }
        o->px = (sx - o->vx * st) / n;
        o->py = (sy - o->vy * st) / n;
        o->fit_err = 0;
        for (int k = o->first; k <= o->last; k++) {
            double e = hypot(o->s[k].cx - (o->px + o->vx * k), o->s[k].cy - (o->py + o->vy * k));
            if (e > o->fit_err)
                o->fit_err = e;
        }
    }
}

/* ------------------------------------------------------------------------------------ */
/* The reading: predicates with three values                                              */

/* The margin a claim needs: the page's figure less the slack (slack +TOL: claims of
 * clarity checked in gen's favour; -TOL: what one frame settles, also in gen's favour). */
static double g_slack = 1.0;
static double mg(double v) { return v - g_slack; }

static int present(const world *w, int o, int k)
{
    return k >= 0 && k < w->F && w->o[o].s[k].present;
}

static int tri(double v, double m)
{
    if (v >= m)
        return YES;
    if (v <= -m)
        return NO;
    return UNK;
}

/* wholly on the left (side 0) or right (side 1) side of the line in frame k */
static int on_side(const world *w, int o, int k, int side)
{
    if (!present(w, o, k))
        return NO;
    const ostate *s = &w->o[o].s[k];
    return tri(side ? s->sr : s->sl, mg(M));
}

static int behind_bar(const world *w, int o, int k)
{
    if (!present(w, o, k))
        return NO;
    return tri(w->o[o].s[k].barv, mg(M));
}

/* side the object starts on (0 left, 1 right), -1 unclear */
static int start_side(const world *w, int o)
{
    int f = w->o[o].first;
    if (on_side(w, o, f, 0) == YES)
        return 0;
    if (on_side(w, o, f, 1) == YES)
        return 1;
    return -1;
}

/* Moment frames (0-based): >= 0 the frame, -1 it never happens, -2 not clear. */
static int first_across(const world *w, int o)
{
    int ss = start_side(w, o);
    if (ss < 0)
        return -2;
    const obj *b = &w->o[o];
    for (int k = b->first + 1; k <= b->last; k++) {
        int v = on_side(w, o, k, !ss);
        if (v == YES)
            return k;
        if (v == UNK)
            return -2;
    }
    return -1;
}

static int first_behind(const world *w, int o)
{
    const obj *b = &w->o[o];
    for (int k = b->first; k <= b->last; k++) {
        int v = behind_bar(w, o, k);
        if (v == YES)
            return k;
        if (v == UNK)
            return -2;
    }
    return -1;
}

static int colour_always(const world *w, int o, int c)
{
    const obj *b = &w->o[o];
    int any = 0, all = 1;
    for (int i = 0; i < b->ncol; i++) {
        if (b->col[i] == c)
            any = 1;
        else
            all = 0;
    }
    return all ? YES : any ? UNK : NO;
}

/* Events: does the object clearly do it over the video */
static int ev_during(const world *w, int o, int e)
{
    const obj *b = &w->o[o];
    switch (e) {
    case EV_APPEARS:
        return b->first > 0 ? YES : NO;
    case EV_VANISHES:
        return b->last < w->F - 1 ? YES : NO;
    case EV_CHANGES:
        return b->ncol > 1 ? YES : NO;
    case EV_CROSSES: {
        /* wholly on one side in a frame and wholly on the other in a later one */
        int seen[2] = {0, 0}, cross = 0;
        for (int k = b->first; k <= b->last; k++) {
            int l = on_side(w, o, k, 0), r = on_side(w, o, k, 1);
            if ((l == YES && seen[1]) || (r == YES && seen[0]))
                cross = 1;
            seen[0] |= l == YES;
            seen[1] |= r == YES;
        }
        if (cross)
            return YES;
        /* clearly not: wholly on one side (by M) in every frame it is in */
        for (int s = 0; s < 2; s++) {
            int all = 1;
            for (int k = b->first; k <= b->last; k++)
                if (on_side(w, o, k, s) != YES)
                    all = 0;
            if (all)
                return NO;
        }
        return UNK;
    }
    case EV_BEHIND: {
        /* clearly partly behind in a frame after being clearly clear of it */
        int clear_before = 0, could_clear = 0;
        int yes = 0, possible = 0;
        for (int k = b->first; k <= b->last; k++) {
            int v = behind_bar(w, o, k);
            if (v == YES && clear_before)
                yes = 1;
            if (v != NO && could_clear)
                possible = 1;
            if (v == NO)
                clear_before = 1;
            if (v != YES)
                could_clear = 1;
        }
        return yes ? YES : possible ? UNK : NO;
    }
    }
    return UNK;
}

/* The frames around event e of object o (0-based): *bf the last frame before it (clearly
 * in the old state), *af the first frame after it (clearly in the new one); the old state
 * is the new one clearly not (for crossing: not wholly on the other side, by M).  YES: it
 * clearly happens; NO: it clearly does not; UNK: neither. */
static int event_frames(const world *w, int o, int e, int *bf, int *af)
{
    const obj *b = &w->o[o];
    int v = ev_during(w, o, e);
    if (v != YES)
        return v;
    switch (e) {
    case EV_APPEARS:
        *bf = b->first - 1;
        *af = b->first;
        return YES;
    case EV_VANISHES:
        *bf = b->last;
        *af = b->last + 1;
        return YES;
    case EV_CHANGES:
        *bf = b->change - 1;
        *af = b->change;
        return YES;
    case EV_CROSSES: {
        /* wholly on one side, later wholly on the other */
        int side = -1;
        for (int k = b->first; k <= b->last; k++) {
            if (side < 0) {
                if (on_side(w, o, k, 0) == YES)
                    side = 0;
                else if (on_side(w, o, k, 1) == YES)
                    side = 1;
                continue;
            }
            if (on_side(w, o, k, !side) == YES) {
                /* the old state is the new one's clear negation: not across (still on its
                 * side, or over the line by M), as for the moments and predictions */
                *af = k;
                for (int kk = k - 1; kk >= b->first; kk--)
                    if (on_side(w, o, kk, !side) == NO) {
                        *bf = kk;
                        return YES;
                    }
            }
        }
        return UNK;
    }
    case EV_BEHIND: {
        /* clearly clear of the bar, later clearly partly behind it */
        int lastno = -1;
        for (int k = b->first; k <= b->last; k++) {
            int x = behind_bar(w, o, k);
            if (x == NO)
                lastno = k;
            else if (x == YES && lastno >= 0) {
                *bf = lastno;
                *af = k;
                return YES;
            }
        }
        return UNK;
    }
    }
    return UNK;
}

/* the one event among five, -1 none clear.  after_k < 0: "what happens to X during the
 * video"; else "what happens next to X after frame after_k" (the page's definition: of
 * the events whose last frame before is frame K or later, the one whose first frame after
 * comes first; none under way at K, none unclear, the next done before the one after it
 * starts) */
static int one_event(const world *w, int o, int after_k)
{
    if (after_k < 0) {
        int yes = -1, nyes = 0;
        for (int e = 0; e < NEVENT; e++) {
            int v = ev_during(w, o, e);
            if (v == UNK)
                return -1;
            if (v == YES) {
                yes = e;
                nyes++;
            }
        }
        return nyes == 1 ? yes : -1;
    }
    int K = after_k, next = -1, bf[NEVENT], af[NEVENT], happens[NEVENT];
    for (int e = 0; e < NEVENT; e++) {
        int v = event_frames(w, o, e, &bf[e], &af[e]);
        if (v == UNK)
            return -1;
        happens[e] = v == YES;
        if (!happens[e])
            continue;
        if (bf[e] < K && af[e] > K)
            return -1;
        if (bf[e] >= K && (next < 0 || af[e] < af[next]))
            next = e;
    }
    if (next < 0)
        return -1;
    for (int e = 0; e < NEVENT; e++)
        if (e != next && happens[e] && bf[e] >= K && af[next] > bf[e])
            return -1;
    return next;
}

/* comparisons in frame k: dir 0 left of, 1 right of, 2 higher up than, 3 lower down than */
static int compare(const world *w, int a, int r, int k, int dir)
{
    if (!present(w, a, k) || !present(w, r, k) || a == r)
        return NO;
    const ostate *A = &w->o[a].s[k], *R = &w->o[r].s[k];
    double d = 0;
    switch (dir) {
    case 0: d = R->cx - A->cx; break;
    case 1: d = A->cx - R->cx; break;
    case 2: d = R->cy - A->cy; break;
    case 3: d = A->cy - R->cy; break;
    }
    /* 13 px when the object is partly behind the bar or within M of its edge */
    return tri(d, mg(behind_bar(w, a, k) == NO ? 7 : 13));
}

/* nearest to r in frame k: YES for the clear nearest, NO for one clearly not, else UNK */
static int nearest_to(const world *w, int a, int r, int k)
{
    if (!present(w, a, k) || !present(w, r, k) || a == r)
        return NO;
    const ostate *R = &w->o[r].s[k];
    double da = hypot(w->o[a].s[k].cx - R->cx, w->o[a].s[k].cy - R->cy);
    int is_nearest = 1, clearly_not = 0;
    for (int j = 0; j < w->n; j++) {
        if (j == a || j == r || !present(w, j, k))
            continue;
        double dj = hypot(w->o[j].s[k].cx - R->cx, w->o[j].s[k].cy - R->cy);
        double lo = da < dj ? da : dj;
        double need = mg(10) > lo / 5 - g_slack ? mg(10) : lo / 5 - g_slack;
        if (dj - da < need)
            is_nearest = 0;
        if (da - dj >= need)
            clearly_not = 1;
    }
    return clearly_not ? NO : is_nearest ? YES : UNK;
}

/* nearest to r in frame k as a step: the object, -1 none present, -2 not clear */
static int nearest_obj(const world *w, int r, int k)
{
    if (!present(w, r, k) || behind_bar(w, r, k) == YES)
        return -2; /* X is in frame k and not partly behind the bar there */
    int found = -1;
    for (int j = 0; j < w->n; j++)
        if (nearest_to(w, j, r, k) == YES)
            found = j;
    if (found < 0)
        return -2;
    return found;
}

/* extreme in frame k: which 0 leftmost 1 rightmost 2 highest 3 lowest; -2 not clear */
static double ext_centre(const ostate *s, int which)
{
    switch (which) {
    case 0: return -s->cx;
    case 1: return s->cx;
    case 2: return -s->cy;
    default: return s->cy;
    }
}
static double ext_outline(const ostate *s, int which)
{
    switch (which) {
    case 0: return -s->xl;
    case 1: return s->xr;
    case 2: return -s->yt;
    default: return s->yb;
    }
}
static int extreme_obj(const world *w, int k, int which)
{
    int best = -1;
    for (int j = 0; j < w->n; j++)
        if (present(w, j, k) &&
            (best < 0 || ext_centre(&w->o[j].s[k], which) > ext_centre(&w->o[best].s[k], which)))
            best = j;
    if (best < 0)
        return -2;
    for (int j = 0; j < w->n; j++) {
        if (j == best || !present(w, j, k))
            continue;
        if (ext_centre(&w->o[best].s[k], which) - ext_centre(&w->o[j].s[k], which) < mg(20))
            return -2;
        if (ext_outline(&w->o[best].s[k], which) - ext_outline(&w->o[j].s[k], which) < mg(10))
            return -2;
    }
    return best;
}

/* where a is relative to r in frame k: 0..7, -2 not clear */
static int direction(const world *w, int a, int r, int k)
{
    if (!present(w, a, k) || !present(w, r, k) || a == r)
        return -2;
    if (behind_bar(w, a, k) != NO || behind_bar(w, r, k) != NO)
        return -2;
    double dx = w->o[a].s[k].cx - w->o[r].s[k].cx, dy = -(w->o[a].s[k].cy - w->o[r].s[k].cy);
    double dist = hypot(dx, dy);
    if (dist < mg(30))
        return -2;
    double ang = atan2(dy, dx) * 180 / M_PI;
    if (ang < 0)
        ang += 360;
    int sec = (int)floor((ang + 22.5) / 45.0) % 8;
    double rel = fmod(ang + 22.5, 45.0); /* 0..45 within the sector */
    double tol_deg = 10 - g_slack * (180 / M_PI) / dist;
    if (rel < tol_deg || 45 - rel < tol_deg)
        return -2;
    return sec;
}

/* objects that can be seen in frame k */
static int count_in(const world *w, int k)
{
    int n = 0;
    for (int j = 0; j < w->n; j++)
        n += present(w, j, k);
    return n;
}

static const char *odesc(const world *w, int o, char *buf, size_t n);

/* If it keeps moving as it does: side s in the frame j after the last (j >= 1; j = 0 the
 * last frame itself), as the frames would draw it (its centre moved by its speed, on whole
 * pixels), clear by M + 0.5 px + j/(F - 1) px.  YES/NO/UNK. */
static int predicted_side(const world *w, int o, int j, int side)
{
    const obj *b = &w->o[o];
    int L = w->F - 1;
    if (b->last != L)
        return NO; /* vanished: nowhere */
    if (b->first == L && j > 0)
        return UNK; /* seen in the last frame only: its motion cannot be read */
    const frame *fr = &w->fr[L];
    const ostate *s = &b->s[L];
    /* the drawn centre moves by whole pixels: the fitted motion's shift, rounded */
    double dx = lround(b->px + b->vx * (L + j) - s->cx), dy = lround(b->py + b->vy * (L + j) - s->cy);
    double nrm = sqrt(1 + fr->lb * fr->lb);
    double shift = (dx - fr->lb * dy) / nrm; /* along the line's normal */
    double v = side ? s->sr + shift : s->sl - shift;
    /* the page puts the position the frames would draw M + 0.5 + j/(n - 1) px clear,
     * the room a speed read off the frames needs; this reading is such a speed (the
     * fitted motion), so it must find the side clear by M */
    return tri(v, mg(M));
}

/* the first frame after the last (0-based index >= F) in which o would be wholly on the
 * side opposite its side in the last frame, the frame before it clearly not, within 8
 * frames; -2 none clear */
static int predicted_cross(const world *w, int o)
{
    const obj *b = &w->o[o];
    int L = w->F - 1;
    if (b->last != L)
        return -2;
    int side;
    if (on_side(w, o, L, 0) == YES)
        side = 0;
    else if (on_side(w, o, L, 1) == YES)
        side = 1;
    else
        return -2;
    if (g_verbose > 1 && getenv("PLAIN_READER_PREDICT")) {
        char b1[128];
        fprintf(stderr, "  predict %s (frames %d..%d, v=(%.2f,%.2f)), side %s:", odesc(w, o, b1, sizeof b1),
                b->first + 1, b->last + 1, b->vx, b->vy, side ? "right" : "left");
        for (int j = 0; j <= 8; j++) {
            int x = predicted_side(w, o, j, !side);
            fprintf(stderr, " %d:%s", L + j + 1, x == YES ? "across" : x == NO ? "not" : "?");
        }
        fprintf(stderr, "\n");
    }
    for (int j = 0; j <= 8; j++) {
        int v = predicted_side(w, o, j, !side);
        if (v == UNK)
            return -2;
        if (v == YES)
            return j >= 1 ? L + j : -2;
    }
    return -2;
}

/* ------------------------------------------------------------------------------------ */
/* Words                                                                                  */

static int lit(const char **p, const char *s)
{
    size_t n = strlen(s);
    if (strncmp(*p, s, n) == 0) {
        *p += n;
        return 1;
    }
    return 0;
}

static int word_end(char c)
{
    return !isalpha((unsigned char)c);
}

static int word_in(const char **p, const char *const *list, int n)
{
    int best = -1;
    size_t bl = 0;
    for (int i = 0; i < n; i++) {
        size_t l = strlen(list[i]);
        if (strncmp(*p, list[i], l) == 0 && word_end((*p)[l]) && l > bl) {
            best = i;
            bl = l;
        }
    }
    if (best >= 0)
        *p += bl;
    return best;
}

static const char *COLNAMES[NCOL];

static int colour_word(const char **p) { return word_in(p, COLNAMES, NCOL); }
static int shape_word(const char **p) { return word_in(p, SHAPES, NSHAPE); }
static int size_word(const char **p) { return word_in(p, SIZES, NSIZE); }

static int number(const char **p, int *v)
{
    if (!isdigit((unsigned char)**p))
        return 0;
    long x = 0;
    while (isdigit((unsigned char)**p)) {
        x = x * 10 + (**p - '0');
        if (x > 100000)
            return 0;
        (*p)++;
    }
    *v = (int)x;
    return 1;
}

static const char *ORDS[4] = {"first", "second", "third", "fourth"};
static int ord_word(const char **p) { return word_in(p, ORDS, 4); }

/* ------------------------------------------------------------------------------------ */
/* A time reference {W}: " in frame K" or " in the frame where {R} <moment>"              */

enum { MO_NONE, MO_FRAME, MO_APPEARS, MO_LAST, MO_CHANGES, MO_BEHIND, MO_ACROSS };

typedef struct {
    int kind;        /* MO_* */
    int frame;       /* MO_FRAME: 0-based */
    int col, shape;  /* the reference of a moment */
} when;

static int parse_ref(const char **p, int *col, int *shape)
{
    const char *q = *p;
    if (!lit(&q, "the "))
        return 0;
    int c = colour_word(&q);
    if (c < 0 || !lit(&q, " "))
        return 0;
    int s = shape_word(&q);
    if (s < 0)
        return 0;
    *col = c;
    *shape = s;
    *p = q;
    return 1;
}

static int parse_when(const char **p, when *wh)
{
    const char *q = *p;
    memset(wh, 0, sizeof *wh);
    if (lit(&q, " in frame ")) {
        int k;
        if (!number(&q, &k) || k < 1)
            return 0;
        wh->kind = MO_FRAME;
        wh->frame = k - 1;
        *p = q;
        return 1;
    }
    if (lit(&q, " in the frame where ")) {
        if (!parse_ref(&q, &wh->col, &wh->shape))
            return 0;
        if (lit(&q, " first appears"))
            wh->kind = MO_APPEARS;
        else if (lit(&q, " is seen for the last time"))
            wh->kind = MO_LAST;
        else if (lit(&q, " changes colour"))
            wh->kind = MO_CHANGES;
        else if (lit(&q, " first goes behind the grey bar"))
            wh->kind = MO_BEHIND;
        else if (lit(&q, " is first seen across the line"))
            wh->kind = MO_ACROSS;
        else
            return 0;
        *p = q;
        return 1;
    }
    return 0;
}

/* The reference object: the one object of that colour and shape, never changing colour.
 * Returns its index or -1. */
static int find_ref(const world *w, int col, int shape)
{
    int found = -1;
    for (int j = 0; j < w->n; j++) {
        if (w->o[j].shape != shape)
            continue;
        int v = colour_always(w, j, col);
        if (v == NO)
            continue;
        if (v == UNK || found >= 0)
            return -1;
        found = j;
    }
    return found;
}

/* The frame a time reference names (0-based), -2 not clear (or no such frame). */
static int when_frame(const world *w, const when *wh)
{
    if (wh->kind == MO_FRAME)
        return wh->frame < w->F ? wh->frame : -2;
    int r = find_ref(w, wh->col, wh->shape);
    if (r < 0)
        return -2;
    const obj *b = &w->o[r];
    int f = -2;
    switch (wh->kind) {
    case MO_APPEARS: f = b->first > 0 ? b->first : -2; break;
    case MO_LAST: f = b->last; break;
    case MO_CHANGES: f = b->change >= 0 ? b->change : -2; break;
    case MO_BEHIND: f = first_behind(w, r); break;
    case MO_ACROSS: f = first_across(w, r); break;
    }
    return f >= 0 ? f : -2;
}

/* ------------------------------------------------------------------------------------ */
/* comp_conjunctive                                                                       */

enum {
    C_COLOUR, C_SHAPE, C_SIZE, C_LEFT, C_RIGHT, C_ABOVE, C_BELOW, C_NEAREST, C_SIDE_L,
    C_SIDE_R, C_HIDDEN, C_BEHIND, C_CROSSES, C_CHANGES, C_APPEARS, C_VANISHES, C_SEEN,
    C_GONE, C_NOTYET, C_PRED_L, C_PRED_R
};

typedef struct {
    int kind;
    int value;       /* colour, shape or size */
    int rcol, rshape;/* reference object */
    when wh;         /* kind MO_NONE when absent */
} cond;

static int parse_cond(const char *s, cond *c)
{
    const char *p = s;
    memset(c, 0, sizeof *c);
    c->wh.kind = MO_NONE;
    int v;
#define END_OR_WHEN(optional)                                                                  \
    do {                                                                                       \
        if (*p == 0 && (optional))                                                             \
            return 1;                                                                          \
        if (!parse_when(&p, &c->wh))                                                           \
            return 0;                                                                          \
        return *p == 0;                                                                        \
    } while (0)
    if (lit(&p, "is a ") || lit(&p, "is an ")) {
        if ((v = shape_word(&p)) < 0 || *p)
            return 0;
        c->kind = C_SHAPE;
        c->value = v;
        /* "a"/"an" must agree with the word */
        int vowel = strchr("aeiou", SHAPES[v][0]) != NULL;
        if ((strncmp(s, "is an ", 6) == 0) != vowel)
            return 0;
        return 1;
    }
    static const char *const rel[4] = {"is to the left of ", "is to the right of ",
                                       "is higher up than ", "is lower down than "};
    for (int i = 0; i < 4; i++)
        if (lit(&p, rel[i])) {
            c->kind = C_LEFT + i;
            if (!parse_ref(&p, &c->rcol, &c->rshape))
                return 0;
            END_OR_WHEN(0);
        }
    if (lit(&p, "is nearest to ")) {
        c->kind = C_NEAREST;
        if (!parse_ref(&p, &c->rcol, &c->rshape))
            return 0;
        END_OR_WHEN(0);
    }
    if (lit(&p, "is on the left side of the line")) {
        c->kind = C_SIDE_L;
        END_OR_WHEN(1);
    }
    if (lit(&p, "is on the right side of the line")) {
        c->kind = C_SIDE_R;
        END_OR_WHEN(1);
    }
    if (lit(&p, "is partly behind the grey bar")) {
        c->kind = C_HIDDEN;
        END_OR_WHEN(1);
    }
    if (strcmp(p, "passes behind the grey bar at some point") == 0) {
        c->kind = C_BEHIND;
        return 1;
    }
    if (strcmp(p, "crosses the line") == 0) {
        c->kind = C_CROSSES;
        return 1;
    }
    if (strcmp(p, "changes colour during the video") == 0) {
        c->kind = C_CHANGES;
        return 1;
    }
    if (strcmp(p, "is not there in the first frame but appears later") == 0) {
        c->kind = C_APPEARS;
        return 1;
    }
    if (strcmp(p, "vanishes before the last frame") == 0) {
        c->kind = C_VANISHES;
        return 1;
    }
    if (lit(&p, "can be seen")) {
        c->kind = C_SEEN;
        END_OR_WHEN(1);
    }
    if (lit(&p, "has already vanished")) {
        c->kind = C_GONE;
        END_OR_WHEN(1);
    }
    if (lit(&p, "has not appeared yet")) {
        c->kind = C_NOTYET;
        END_OR_WHEN(1);
    }
    if (strcmp(p, "will be on the left side of the line in the frame after the last if it keeps "
                  "moving as it does") == 0) {
        c->kind = C_PRED_L;
        return 1;
    }
    if (strcmp(p, "will be on the right side of the line in the frame after the last if it keeps "
                  "moving as it does") == 0) {
        c->kind = C_PRED_R;
        return 1;
    }
    if (lit(&p, "is ")) {
        if ((v = colour_word(&p)) >= 0) {
            c->kind = C_COLOUR;
            c->value = v;
            END_OR_WHEN(1);
        }
        if ((v = size_word(&p)) >= 0 && *p == 0) {
            c->kind = C_SIZE;
            c->value = v;
            return 1;
        }
    }
    return 0;
#undef END_OR_WHEN
}

/* Conditions that have no time reference but need one, or that take one only optionally:
 * "can be seen", "has already vanished", "has not appeared yet" without {W} mean over the
 * whole video, which the page does not define: parse_cond accepts them, cond_eval says
 * UNK (unclear) so that the sample is flagged. */

/* value of condition c for object o */
static int cond_eval(const world *w, const cond *c, int o)
{
    int k = -1;
    if (c->wh.kind != MO_NONE) {
        k = when_frame(w, &c->wh);
        if (k < 0)
            return UNK;
    }
    int r = -1;
    if (c->kind >= C_LEFT && c->kind <= C_NEAREST) {
        r = find_ref(w, c->rcol, c->rshape);
        if (r < 0)
            return UNK;
    }
    const obj *b = &w->o[o];
    switch (c->kind) {
    case C_COLOUR:
        if (k >= 0)
            return present(w, o, k) && b->s[k].colour == c->value ? YES : NO;
        return colour_always(w, o, c->value);
    case C_SHAPE:
        return b->shape == c->value ? YES : NO;
    case C_SIZE:
        return b->size == c->value ? YES : NO;
    case C_LEFT:
    case C_RIGHT:
    case C_ABOVE:
    case C_BELOW:
        if (o == r)
            return NO;
        if (present(w, r, k) && behind_bar(w, r, k) != NO)
            return UNK; /* the reference is clear of the bar in that frame */
        return compare(w, o, r, k, c->kind - C_LEFT);
    case C_NEAREST:
        if (o == r)
            return NO;
        if (present(w, r, k) && behind_bar(w, r, k) == YES)
            return UNK; /* the reference is not partly behind the bar in that frame */
        return nearest_to(w, o, r, k);
    case C_SIDE_L:
    case C_SIDE_R:
        if (k < 0)
            return UNK;
        return on_side(w, o, k, c->kind == C_SIDE_R);
    case C_HIDDEN:
        if (k < 0)
            return UNK;
        return behind_bar(w, o, k);
    case C_BEHIND: {
        int any_yes = 0, all_no = 1;
        for (int kk = b->first; kk <= b->last; kk++) {
            int v = behind_bar(w, o, kk);
            if (v == YES)
                any_yes = 1;
            if (v != NO)
                all_no = 0;
        }
        return any_yes ? YES : all_no ? NO : UNK;
    }
    case C_CROSSES:
        return ev_during(w, o, EV_CROSSES);
    case C_CHANGES:
        return b->ncol > 1 ? YES : NO;
    case C_APPEARS:
        return b->first > 0 ? YES : NO;
    case C_VANISHES:
        return b->last < w->F - 1 ? YES : NO;
    case C_SEEN:
        if (k < 0)
            return UNK;
        return present(w, o, k) ? YES : NO;
    case C_GONE:
        if (k < 0)
            return UNK;
        return !present(w, o, k) && b->first < k ? YES : NO;
    case C_NOTYET:
        if (k < 0)
            return UNK;
        return !present(w, o, k) && b->last > k ? YES : NO;
    case C_PRED_L:
    case C_PRED_R:
        return predicted_side(w, o, 1, c->kind == C_PRED_R);
    }
    return UNK;
}

/* What one frame k alone settles of condition c for an object seen in it: YES (surely
 * met), NO (surely not) or UNK (open). */
static int cond_glance_seen(const world *w, const cond *c, int o, int k)
{
    int wk = -1;
    if (c->wh.kind == MO_FRAME)
        wk = c->wh.frame;
    const obj *b = &w->o[o];
    const ostate *s = &b->s[k];
    int r = -1;
    if (c->kind >= C_LEFT && c->kind <= C_NEAREST) {
        r = find_ref(w, c->rcol, c->rshape);
        if (r < 0 || !present(w, r, k) || behind_bar(w, r, k) == YES)
            r = -1; /* the reference is not (clearly) usable in this frame: nothing settled */
    }
    switch (c->kind) {
    case C_COLOUR:
        if (c->wh.kind == MO_NONE) /* said of objects that never change colour */
            return s->colour == c->value ? UNK : NO;
        if (wk == k)
            return s->colour == c->value ? YES : NO;
        return UNK;
    case C_SHAPE:
        return b->shape == c->value ? YES : NO;
    case C_SIZE:
        return b->size == c->value ? YES : NO;
    case C_LEFT:
    case C_RIGHT:
    case C_ABOVE:
    case C_BELOW:
        if (wk != k || r < 0)
            return UNK;
        if (o == r)
            return NO;
        return compare(w, o, r, k, c->kind - C_LEFT);
    case C_NEAREST:
        if (wk != k || r < 0)
            return UNK;
        if (o == r)
            return NO;
        return nearest_to(w, o, r, k);
    case C_SIDE_L:
    case C_SIDE_R:
        if (wk != k)
            return UNK;
        return on_side(w, o, k, c->kind == C_SIDE_R);
    case C_HIDDEN:
        if (wk != k)
            return UNK;
        return behind_bar(w, o, k);
    case C_BEHIND:
        return behind_bar(w, o, k) == YES ? YES : UNK;
    case C_CROSSES:
    case C_CHANGES:
    case C_PRED_L:
    case C_PRED_R:
        return UNK;
    case C_APPEARS:
        return k == 0 ? NO : UNK;
    case C_VANISHES:
        return k == w->F - 1 ? NO : UNK;
    case C_SEEN:
        return wk == k ? YES : UNK;
    case C_GONE:
        /* seen in frame k: it has not vanished in frame k or before it */
        if (c->wh.kind == MO_FRAME && wk <= k)
            return NO;
        return UNK;
    case C_NOTYET:
        /* seen in frame k: it has appeared by frame k, so not "not yet" from k on */
        if (c->wh.kind == MO_FRAME && wk >= k)
            return NO;
        return UNK;
    }
    return UNK;
}

static int cond_glance_unseen(const world *w, const cond *c, int k)
{
    (void)w;
    int wk = c->wh.kind == MO_FRAME ? c->wh.frame : -1;
    switch (c->kind) {
    case C_COLOUR:
    case C_LEFT:
    case C_RIGHT:
    case C_ABOVE:
    case C_BELOW:
    case C_NEAREST:
    case C_SIDE_L:
    case C_SIDE_R:
    case C_HIDDEN:
    case C_SEEN:
        return wk == k ? NO : YES;
    default:
        return YES;
    }
}

/* ------------------------------------------------------------------------------------ */
/* Answers and options                                                                    */

enum { CAT_COLOUR, CAT_SHAPE, CAT_NUMBER, CAT_EVENT, CAT_DIR };
static const char *CATNAMES[] = {"colour", "shape", "number", "event", "direction"};

static int parse_option(int cat, const char *s, int *v)
{
    const char *p = s;
    int x = -1;
    switch (cat) {
    case CAT_COLOUR: x = colour_word(&p); break;
    case CAT_SHAPE: x = shape_word(&p); break;
    case CAT_NUMBER: if (!number(&p, &x)) x = -1; break;
    case CAT_EVENT:
        for (int i = 0; i < NEVENT; i++)
            if (strcmp(s, EVENTS[i]) == 0) { x = i; p = s + strlen(s); }
        break;
    case CAT_DIR:
        for (int i = 0; i < NDIR; i++)
            if (strcmp(s, DIRS[i]) == 0) { x = i; p = s + strlen(s); }
        break;
    }
    if (x < 0 || *p)
        return 0;
    *v = x;
    return 1;
}

static void answer_text(int cat, int v, char *buf, size_t n)
{
    switch (cat) {
    case CAT_COLOUR: snprintf(buf, n, "%s", v >= 0 && v < NCOL ? COLS[v].name : "?"); break;
    case CAT_SHAPE: snprintf(buf, n, "%s", v >= 0 && v < NSHAPE ? SHAPES[v] : "?"); break;
    case CAT_NUMBER: snprintf(buf, n, "%d", v); break;
    case CAT_EVENT: snprintf(buf, n, "%s", v >= 0 && v < NEVENT ? EVENTS[v] : "?"); break;
    case CAT_DIR: snprintf(buf, n, "%s", v >= 0 && v < NDIR ? DIRS[v] : "?"); break;
    }
}

/* A set of answers: small integers (numbers up to 10,063). */
#define ASET_MAX 10080
typedef struct {
    unsigned char in[ASET_MAX];
    int n;
    int any; /* "anything": an answer not settled */
} aset;

static void aset_add(aset *s, int v)
{
    if (v < 0 || v >= ASET_MAX) {
        s->any = 1;
        return;
    }
    if (!s->in[v]) {
        s->in[v] = 1;
        s->n++;
    }
}

/* ------------------------------------------------------------------------------------ */
/* A record under judgement                                                               */

enum { K_ANSWER, K_UNCLEAR, K_STEP, K_NECESSITY, K_OPTIONS, K_GLANCE, K_MARGIN, K_LABEL,
       K_PARSE, K_DECODE, K_NKIND };
static const char *KINDNAMES[K_NKIND] = {"answer", "unclear", "step", "necessity", "options",
                                         "glance", "margin", "label", "parse", "decode"};

/* --strict-options: a part must be needed among the five options too (the page asks for
 * two different answers; a model that knows the options could rule the others out) */
static int g_strict_options;

typedef struct {
    int file, level, task_conj;
    int fails[K_NKIND];
    char *msg;   /* the failure lines */
    size_t msglen;
    int glance_checked, glance_open;
    int opts_only; /* necessity holds only counting answers outside the options */
    int opts_empty; /* ... even with every part dropped: one option only is any object's */
    int giveaway;   /* colour/shape: the answer is the only option any object shows at all */
    int observer_unsound;
} verdict;

static void vfail(verdict *v, int kind, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (++v->fails[kind] > 3)
        return; /* the first three of a kind are enough to see why */
    char line[1200];
    int n = snprintf(line, sizeof line, "    %s: %s\n", KINDNAMES[kind], buf);
    if (n < 0)
        return;
    char *nm = realloc(v->msg, v->msglen + (size_t)n + 1);
    if (!nm)
        return;
    v->msg = nm;
    memcpy(v->msg + v->msglen, line, (size_t)n + 1);
    v->msglen += (size_t)n;
}

/* description of an object for messages */
static const char *odesc(const world *w, int o, char *buf, size_t n)
{
    const obj *b = &w->o[o];
    if (b->ncol > 1)
        snprintf(buf, n, "the %s %s/%s %s", SIZES[b->size], COLS[b->col[0]].name,
                 COLS[b->col[1]].name, SHAPES[b->shape]);
    else
        snprintf(buf, n, "the %s %s %s", SIZES[b->size], COLS[b->col[0]].name, SHAPES[b->shape]);
    return buf;
}

/* the options of a record */
typedef struct {
    int cat;
    int n;
    int v[5];
    int letter;  /* 0..4 */
} options;

/* ------------------------------------------------------------------------------------ */
/* Judging comp_conjunctive                                                               */

#define MAXCOND 8

typedef struct {
    int qkind;    /* 0 colour, 1 shape, 2 event */
    int ncond;
    cond c[MAXCOND];
} conjq;

static int split_conds(const char *body, char parts[MAXCOND][512], int *n)
{
    /* "c1" | "c1 and c2" | "c1, c2, and c3" | "c1, c2, c3, and c4" */
    *n = 0;
    if (strstr(body, ", ")) {
        const char *p = body;
        for (;;) {
            const char *e = strstr(p, ", ");
            if (!e) {
                return 0;
            }
            if (*n >= MAXCOND)
                return 0;
            size_t l = (size_t)(e - p);
            if (l >= 512)
                return 0;
            memcpy(parts[*n], p, l);
            parts[*n][l] = 0;
            (*n)++;
            p = e + 2;
            if (strncmp(p, "and ", 4) == 0) {
                p += 4;
                if (strstr(p, ", ") || strlen(p) >= 512 || *n >= MAXCOND)
                    return 0;
                strcpy(parts[(*n)++], p);
                return *n >= 3;
            }
        }
    }
    const char *a = strstr(body, " and ");
    if (a) {
        if (strstr(a + 5, " and "))
            return 0;
        size_t l = (size_t)(a - body);
        if (l >= 512 || strlen(a + 5) >= 512)
            return 0;
        memcpy(parts[0], body, l);
        parts[0][l] = 0;
        strcpy(parts[1], a + 5);
        *n = 2;
        return 1;
    }
    if (strlen(body) >= 512)
        return 0;
    strcpy(parts[0], body);
    *n = 1;
    return 1;
}

static int parse_conj(const char *q, conjq *Q, char *err, size_t errn)
{
    memset(Q, 0, sizeof *Q);
    const char *p = q;
    if (lit(&p, "Which colour is the object that "))
        Q->qkind = 0;
    else if (lit(&p, "Which shape is the object that "))
        Q->qkind = 1;
    else if (lit(&p, "What happens during the video to the object that "))
        Q->qkind = 2;
    else {
        snprintf(err, errn, "question not of the page's forms");
        return -1;
    }
    size_t l = strlen(p);
    if (l < 2 || p[l - 1] != '?') {
        snprintf(err, errn, "question does not end in '?'");
        return -1;
    }
    char body[2048];
    if (l - 1 >= sizeof body) {
        snprintf(err, errn, "question too long");
        return -1;
    }
    memcpy(body, p, l - 1);
    body[l - 1] = 0;
    char parts[MAXCOND][512];
    int n;
    if (!split_conds(body, parts, &n)) {
        snprintf(err, errn, "subconditions not joined as the page says: \"%s\"", body);
        return -1;
    }
    Q->ncond = n;
    for (int i = 0; i < n; i++)
        if (!parse_cond(parts[i], &Q->c[i])) {
            snprintf(err, errn, "subcondition not of the page's phrases: \"%s\"", parts[i]);
            return -1;
        }
    return 0;
}

/* the answer of object o to the question: a category value, -1 none clear */
static int conj_answer_of(const world *w, const conjq *Q, int o)
{
    switch (Q->qkind) {
    case 0: {
        const obj *b = &w->o[o];
        return b->ncol == 1 ? b->col[0] : -1;
    }
    case 1:
        return w->o[o].shape;
    case 2:
        return one_event(w, o, -1);
    }
    return -1;
}

static int conj_cat(const conjq *Q)
{
    return Q->qkind == 0 ? CAT_COLOUR : Q->qkind == 1 ? CAT_SHAPE : CAT_EVENT;
}

static void judge_conj(const world *w, const conjq *Q, const options *op, cJSON *steps, verdict *v)
{
    char b1[128], b2[128];
    int n = Q->ncond;
    /* --- one answer, clearly --- */
    g_slack = TOL;
    int val[MAXOBJ][MAXCOND];
    for (int o = 0; o < w->n; o++)
        for (int i = 0; i < n; i++)
            val[o][i] = cond_eval(w, &Q->c[i], o);
    int target = -1, nyes = 0;
    for (int o = 0; o < w->n; o++) {
        int all = 1, anyno = 0;
        for (int i = 0; i < n; i++) {
            if (val[o][i] != YES)
                all = 0;
            if (val[o][i] == NO)
                anyno = 1;
        }
        if (all) {
            target = o;
            nyes++;
        } else if (!anyno) {
            int i;
            for (i = 0; i < n && val[o][i] != UNK; i++)
                ;
            vfail(v, K_UNCLEAR, "%s is neither clearly in nor clearly out (subcondition %d)",
                  odesc(w, o, b1, sizeof b1), i + 1);
        }
    }
    int cat = conj_cat(Q);
    if (nyes != 1) {
        vfail(v, nyes ? K_ANSWER : K_UNCLEAR, "%d objects clearly meet every subcondition", nyes);
    } else {
        int a = conj_answer_of(w, Q, target);
        if (a < 0) {
            vfail(v, K_UNCLEAR, "the object meeting every subcondition, %s, has no clear answer",
                  odesc(w, target, b1, sizeof b1));
        } else if (a != op->v[op->letter]) {
            answer_text(cat, a, b1, sizeof b1);
            answer_text(cat, op->v[op->letter], b2, sizeof b2);
            vfail(v, K_ANSWER, "records %s, reads %s (%s)", b2, b1, odesc(w, target, b1, sizeof b1));
        }
    }
    /* --- step counts --- */
    for (int i = 0; i < n; i++) {
        int yes = 0, unk = 0;
        for (int o = 0; o < w->n; o++) {
            int all = 1, anyno = 0;
            for (int j = 0; j <= i; j++) {
                if (val[o][j] != YES)
                    all = 0;
                if (val[o][j] == NO)
                    anyno = 1;
            }
            if (all)
                yes++;
            else if (!anyno)
                unk++;
        }
        cJSON *st = cJSON_GetArrayItem(steps, i);
        cJSON *ans = st ? cJSON_GetObjectItem(st, "answer") : NULL;
        int rec = -1;
        if (ans && cJSON_IsString(ans)) {
            const char *p = ans->valuestring;
            if (!number(&p, &rec) || *p)
                rec = -1;
        }
        if (rec < 0)
            vfail(v, K_PARSE, "step %d: answer is not a count", i + 1);
        else if (rec < yes || rec > yes + unk)
            vfail(v, K_STEP, "step %d: records %d objects, reads %d%s", i + 1, rec, yes,
                  unk ? " (and some unclear)" : "");
        else if (unk)
            vfail(v, K_UNCLEAR, "step %d: %d objects clear, %d unclear (records %d)", i + 1, yes, unk, rec);
    }
    /* --- every part needed --- */
    for (int mask_ = 0; mask_ < (1 << n) - 1; mask_++) {
        aset all, inopt;
        memset(&all, 0, sizeof all);
        memset(&inopt, 0, sizeof inopt);
        for (int o = 0; o < w->n; o++) {
            int ok = 1;
            for (int i = 0; i < n; i++)
                if ((mask_ >> i & 1) && val[o][i] != YES)
                    ok = 0;
            if (!ok)
                continue;
            int a = conj_answer_of(w, Q, o);
            if (a < 0)
                continue;
            aset_add(&all, a);
            for (int j = 0; j < 5; j++)
                if (op->v[j] == a)
                    aset_add(&inopt, a);
        }
        if (all.n < 2) {
            char kept[64] = "";
            for (int i = 0; i < n; i++)
                if (mask_ >> i & 1) {
                    size_t l = strlen(kept);
                    snprintf(kept + l, sizeof kept - l, "%s%d", l ? "," : "", i + 1);
                }
            vfail(v, K_NECESSITY, "keeping only subconditions {%s} leaves %d clear answer%s", kept,
                  all.n, all.n == 1 ? "" : "s");
        } else if (inopt.n < 2) {
            v->opts_only++;
            v->opts_empty |= mask_ == 0;
            if (g_strict_options) {
                char kept[64] = "";
                for (int i = 0; i < n; i++)
                    if (mask_ >> i & 1) {
                        size_t l = strlen(kept);
                        snprintf(kept + l, sizeof kept - l, "%s%d", l ? "," : "", i + 1);
                    }
                vfail(v, K_OPTIONS, "keeping only subconditions {%s} leaves %d clear answers, %d of them options",
                      kept, all.n, inopt.n);
            }
        }
    }
    /* --- no single glance --- */
    g_slack = -TOL;
    int open_all = 1;
    for (int k = 0; k < w->F; k++) {
        aset pos;
        memset(&pos, 0, sizeof pos);
        int truth_in = 0;
        int truth = target >= 0 && nyes == 1 ? conj_answer_of(w, Q, target) : -1;
        /* objects seen in frame k: those that surely meet every subcondition (by the
         * premise, the one object that does: the answer's), else those that may */
        int gv[MAXOBJ], nsure = 0;
        for (int o = 0; o < w->n; o++) {
            gv[o] = NO;
            if (!present(w, o, k))
                continue;
            int all = YES;
            for (int i = 0; i < n && all != NO; i++) {
                int x = cond_glance_seen(w, &Q->c[i], o, k);
                if (x == NO)
                    all = NO;
                else if (x == UNK)
                    all = UNK;
            }
            gv[o] = all;
            nsure += all == YES;
        }
        for (int o = 0; o < w->n; o++) {
            if (gv[o] == NO || (nsure && gv[o] != YES))
                continue;
            /* its possible answers as frame k shows them */
            int a = -1;
            switch (Q->qkind) {
            case 0: a = w->o[o].s[k].colour; break;
            case 1: a = w->o[o].shape; break;
            case 2: {
                for (int e = 0; e < NEVENT; e++) {
                    if (e == EV_APPEARS && k == 0)
                        continue;
                    if (e == EV_VANISHES && k == w->F - 1)
                        continue;
                    aset_add(&pos, e);
                }
                a = -2;
                break;
            }
            }
            if (a >= 0)
                aset_add(&pos, a);
            if (o == target)
                truth_in = 1;
        }
        /* an object not in frame k */
        int unseen = !nsure;
        for (int i = 0; i < n; i++)
            if (cond_glance_unseen(w, &Q->c[i], k) == NO)
                unseen = 0;
        if (unseen) {
            /* any answer, unless an attribute subcondition names the answer's value */
            int fixed = -1;
            for (int i = 0; i < n; i++) {
                if (Q->qkind == 0 && Q->c[i].kind == C_COLOUR && Q->c[i].wh.kind == MO_NONE)
                    fixed = Q->c[i].value;
                if (Q->qkind == 1 && Q->c[i].kind == C_SHAPE)
                    fixed = Q->c[i].value;
            }
            if (fixed >= 0)
                aset_add(&pos, fixed);
            else
                pos.any = 1;
            if (target >= 0 && !present(w, target, k))
                truth_in = 1;
        }
        int nopen = 0;
        for (int j = 0; j < 5; j++)
            if (pos.any || (op->v[j] >= 0 && op->v[j] < ASET_MAX && pos.in[op->v[j]]))
                nopen++;
        if (truth >= 0 && !truth_in)
            v->observer_unsound++;
        if (truth >= 0 && truth_in && !pos.any && !pos.in[truth])
            v->observer_unsound++;
        if (nopen < 2) {
            open_all = 0;
            if (v->level >= 2) {
                char ab[64];
                int only = -1;
                for (int j = 0; j < 5; j++)
                    if (pos.any || pos.in[op->v[j]])
                        only = op->v[j];
                answer_text(cat, only, ab, sizeof ab);
                vfail(v, K_GLANCE, "frame %d alone settles the answer (%s)", k + 1,
                      only >= 0 ? ab : "no option");
                break;
            }
        }
    }
    v->glance_checked = 1;
    v->glance_open = open_all;
    g_slack = TOL;
}

/* ------------------------------------------------------------------------------------ */
/* Judging comp_sequential                                                                */

enum {
    S_VANISHES, S_APPEARS, S_CHANGES, S_CROSSES, S_BEHIND, S_SHAPE, S_COLOUR, S_SIZE,
    S_LAST_SEEN, S_FIRST_SEEN, S_NEWCOL, S_OTHERSIDE, S_FIRST_BEHIND,
    S_SAME_SHAPE, S_NEAREST, S_LEFTMOST, S_RIGHTMOST, S_HIGHEST, S_LOWEST
};
enum {
    R_COLOUR_IN, R_COLOUR, R_SHAPE, R_NUMBER, R_COUNT, R_AFTER, R_DURING, R_WHERE, R_PREDICT
};

#define MAXSTEP 4
typedef struct {
    int kind, value;
    int robj, rfrm;   /* referenced steps (0-based), -1 none */
    int makes_frame;
} sstep;

typedef struct {
    int n;
    sstep s[MAXSTEP];
    int rkind, robj, robj2, rfrm;
} seqq;

static int step_makes_frame(int kind)
{
    return kind >= S_LAST_SEEN && kind <= S_FIRST_BEHIND;
}

static int parse_obj_phrase(const char **p, sstep *s)
{
    int v;
    static const struct {
        const char *t;
        int k;
    } ph[] = {{"the object that vanishes", S_VANISHES},
              {"the object that appears after the first frame", S_APPEARS},
              {"the object that changes colour", S_CHANGES},
              {"the object that crosses the black line", S_CROSSES},
              {"the object that passes behind the grey bar", S_BEHIND}};
    for (size_t i = 0; i < sizeof ph / sizeof ph[0]; i++)
        if (lit(p, ph[i].t)) {
            s->kind = ph[i].k;
            return 1;
        }
    if (lit(p, "the only ")) {
        if ((v = size_word(p)) < 0 || !lit(p, " object"))
            return 0;
        s->kind = S_SIZE;
        s->value = v;
        return 1;
    }
    const char *q = *p;
    if (lit(&q, "the ")) {
        if ((v = shape_word(&q)) >= 0) {
            s->kind = S_SHAPE;
            s->value = v;
            *p = q;
            return 1;
        }
        if ((v = colour_word(&q)) >= 0 && lit(&q, " object")) {
            s->kind = S_COLOUR;
            s->value = v;
            *p = q;
            return 1;
        }
    }
    return 0;
}

static int parse_ord_ref(const char **p, const char *what, int *idx)
{
    /* "the object from the {ord} step" / "the frame from the {ord} step" */
    char pre[64];
    snprintf(pre, sizeof pre, "the %s from the ", what);
    if (!lit(p, pre))
        return 0;
    int o = ord_word(p);
    if (o < 0 || !lit(p, " step"))
        return 0;
    *idx = o;
    return 1;
}

static int parse_later_step(const char *t, sstep *s)
{
    const char *p = t;
    s->robj = s->rfrm = -1;
    static const struct {
        const char *a, *b;
        int k;
    } fs[] = {
        {"Find the last frame in which ", " can be seen.", S_LAST_SEEN},
        {"Find the first frame in which ", " can be seen.", S_FIRST_SEEN},
        {"Find the first frame in which ", " has its new colour.", S_NEWCOL},
        {"Find the first frame in which ", " is on the other side of the black line.", S_OTHERSIDE},
        {"Find the first frame in which ", " is behind the grey bar.", S_FIRST_BEHIND},
        {"Find the other object with the same shape as ", ".", S_SAME_SHAPE},
    };
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        const char *q = t;
        if (lit(&q, fs[i].a) && parse_ord_ref(&q, "object", &s->robj) && strcmp(q, fs[i].b) == 0) {
            s->kind = fs[i].k;
            return 1;
        }
    }
    if (lit(&p, "In the frame from the ")) {
        int f = ord_word(&p);
        if (f < 0 || !lit(&p, " step, find the "))
            return 0;
        s->rfrm = f;
        if (lit(&p, "object nearest to ")) {
            if (!parse_ord_ref(&p, "object", &s->robj) || strcmp(p, ".") != 0)
                return 0;
            s->kind = S_NEAREST;
            return 1;
        }
        static const char *ex[4] = {"leftmost object.", "rightmost object.", "highest object.",
                                    "lowest object."};
        for (int i = 0; i < 4; i++)
            if (strcmp(p, ex[i]) == 0) {
                s->kind = S_LEFTMOST + i;
                return 1;
            }
    }
    return 0;
}

static int parse_readout(const char *t, seqq *Q)
{
    const char *p = t;
    Q->robj = Q->robj2 = Q->rfrm = -1;
    if (lit(&p, "What colour is ")) {
        if (!parse_ord_ref(&p, "object", &Q->robj))
            return 0;
        if (strcmp(p, "?") == 0) {
            Q->rkind = R_COLOUR;
            return 1;
        }
        if (lit(&p, " in ") && parse_ord_ref(&p, "frame", &Q->rfrm) && strcmp(p, "?") == 0) {
            Q->rkind = R_COLOUR_IN;
            return 1;
        }
        return 0;
    }
    if (lit(&p, "What shape is ")) {
        Q->rkind = R_SHAPE;
        return parse_ord_ref(&p, "object", &Q->robj) && strcmp(p, "?") == 0;
    }
    if (lit(&p, "What is the number of ")) {
        Q->rkind = R_NUMBER;
        return parse_ord_ref(&p, "frame", &Q->rfrm) && strcmp(p, "?") == 0;
    }
    if (lit(&p, "How many objects can be seen in ")) {
        Q->rkind = R_COUNT;
        return parse_ord_ref(&p, "frame", &Q->rfrm) && strcmp(p, "?") == 0;
    }
    if (lit(&p, "What happens to ")) {
        Q->rkind = R_DURING;
        return parse_ord_ref(&p, "object", &Q->robj) && strcmp(p, " during the video?") == 0;
    }
    if (lit(&p, "What happens next to ")) {
        Q->rkind = R_AFTER;
        return parse_ord_ref(&p, "object", &Q->robj) && lit(&p, " after ") &&
               parse_ord_ref(&p, "frame", &Q->rfrm) && strcmp(p, "?") == 0;
    }
    if (lit(&p, "Where is ")) {
        Q->rkind = R_WHERE;
        return parse_ord_ref(&p, "object", &Q->robj) && lit(&p, " relative to ") &&
               parse_ord_ref(&p, "object", &Q->robj2) && lit(&p, " in ") &&
               parse_ord_ref(&p, "frame", &Q->rfrm) && strcmp(p, "?") == 0;
    }
    if (lit(&p, "If the video went on, in which frame would ")) {
        Q->rkind = R_PREDICT;
        return parse_ord_ref(&p, "object", &Q->robj) &&
               strcmp(p, " first be on the other side of the black line?") == 0;
    }
    return 0;
}

static int readout_cat(int rk)
{
    switch (rk) {
    case R_COLOUR_IN:
    case R_COLOUR: return CAT_COLOUR;
    case R_SHAPE: return CAT_SHAPE;
    case R_NUMBER:
    case R_COUNT:
    case R_PREDICT: return CAT_NUMBER;
    case R_AFTER:
    case R_DURING: return CAT_EVENT;
    default: return CAT_DIR;
    }
}

static int parse_seq(const char *q, seqq *Q, char *err, size_t errn)
{
    memset(Q, 0, sizeof *Q);
    const char *p = q;
    if (!lit(&p, "First step: ")) {
        /* one step: "What colour is {O}?" and the others */
        Q->n = 1;
        sstep *s = &Q->s[0];
        s->robj = s->rfrm = -1;
        int rk = -1;
        if (lit(&p, "What colour is "))
            rk = R_COLOUR;
        else if (lit(&p, "What shape is "))
            rk = R_SHAPE;
        else if (lit(&p, "What happens to "))
            rk = R_DURING;
        else if (lit(&p, "If the video went on, in which frame would "))
            rk = R_PREDICT;
        if (rk < 0 || !parse_obj_phrase(&p, s)) {
            snprintf(err, errn, "question not of the page's forms");
            return -1;
        }
        const char *tail = rk == R_DURING ? " during the video?"
                           : rk == R_PREDICT ? " first be on the other side of the black line?"
                                             : "?";
        if (strcmp(p, tail) != 0) {
            snprintf(err, errn, "question not of the page's forms");
            return -1;
        }
        Q->rkind = rk;
        Q->robj = 0;
        Q->robj2 = Q->rfrm = -1;
        return 0;
    }
    static const char *heads[MAXSTEP] = {"First step: ", " Second step: ", " Third step: ",
                                         " Fourth step: "};
    char buf[4096];
    if (strlen(q) >= sizeof buf) {
        snprintf(err, errn, "question too long");
        return -1;
    }
    /* split into step texts */
    const char *starts[MAXSTEP + 1];
    int n = 0;
    starts[n++] = q + strlen(heads[0]);
    for (int i = 1; i < MAXSTEP; i++) {
        const char *h = strstr(q, heads[i]);
        if (!h)
            break;
        starts[n++] = h + strlen(heads[i]);
    }
    Q->n = n;
    for (int i = 0; i < n; i++) {
        const char *e = i + 1 < n ? strstr(starts[i], heads[i + 1]) : NULL;
        size_t l;
        if (e)
            l = (size_t)(e - starts[i]);
        else {
            /* the last step ends at ". " before the readout */
            const char *dot = NULL;
            static const char *ro[] = {". What ", ". How ", ". Where ", ". If "};
            for (int j = 0; j < 4; j++) {
                const char *d = strstr(starts[i], ro[j]);
                if (d && (!dot || d < dot))
                    dot = d;
            }
            if (!dot) {
                snprintf(err, errn, "no readout after step %d", i + 1);
                return -1;
            }
            l = (size_t)(dot - starts[i]) + 1;
            if (!parse_readout(dot + 2, Q)) {
                snprintf(err, errn, "readout not of the page's phrases: \"%s\"", dot + 2);
                return -1;
            }
        }
        memcpy(buf, starts[i], l);
        buf[l] = 0;
        sstep *s = &Q->s[i];
        s->robj = s->rfrm = -1;
        if (i == 0) {
            const char *pp = buf;
            if (!lit(&pp, "Find ") || !parse_obj_phrase(&pp, s) || strcmp(pp, ".") != 0) {
                snprintf(err, errn, "first step not of the page's phrases: \"%s\"", buf);
                return -1;
            }
        } else if (!parse_later_step(buf, s)) {
            snprintf(err, errn, "step %d not of the page's phrases: \"%s\"", i + 1, buf);
            return -1;
        }
        s->makes_frame = step_makes_frame(s->kind);
        if ((s->robj >= 0 && (s->robj >= i || Q->s[s->robj].makes_frame)) ||
            (s->rfrm >= 0 && (s->rfrm >= i || !Q->s[s->rfrm].makes_frame))) {
            snprintf(err, errn, "step %d refers to a step that is not an earlier one of its kind", i + 1);
            return -1;
        }
    }
    if ((Q->robj >= 0 && (Q->robj >= n || Q->s[Q->robj].makes_frame)) ||
        (Q->robj2 >= 0 && (Q->robj2 >= n || Q->s[Q->robj2].makes_frame)) ||
        (Q->rfrm >= 0 && (Q->rfrm >= n || !Q->s[Q->rfrm].makes_frame))) {
        snprintf(err, errn, "readout refers to a step that is not one of its kind");
        return -1;
    }
    return 0;
}

/* the object a first step finds: index, -2 not clear */
static int first_step_obj(const world *w, const sstep *s)
{
    int found = -1;
    for (int o = 0; o < w->n; o++) {
        int v = NO;
        const obj *b = &w->o[o];
        switch (s->kind) {
        case S_VANISHES: v = ev_during(w, o, EV_VANISHES); break;
        case S_APPEARS: v = ev_during(w, o, EV_APPEARS); break;
        case S_CHANGES: v = ev_during(w, o, EV_CHANGES); break;
        case S_CROSSES: v = ev_during(w, o, EV_CROSSES); break;
        case S_BEHIND: {
            int any = 0, alln = 1;
            for (int k = b->first; k <= b->last; k++) {
                int x = behind_bar(w, o, k);
                if (x == YES) any = 1;
                if (x != NO) alln = 0;
            }
            v = any ? YES : alln ? NO : UNK;
            break;
        }
        case S_SHAPE: v = b->shape == s->value ? YES : NO; break;
        case S_SIZE: v = b->size == s->value ? YES : NO; break;
        case S_COLOUR: v = colour_always(w, o, s->value) != NO ? YES : NO; break;
        }
        if (v == UNK)
            return -2;
        if (v == YES) {
            if (found >= 0)
                return -2;
            found = o;
        }
    }
    return found >= 0 ? found : -2;
}

/* one step, given the values of earlier steps; returns an object or frame index, -2 none */
static int step_eval(const world *w, const seqq *Q, int i, const int *val)
{
    const sstep *s = &Q->s[i];
    if (i == 0)
        return first_step_obj(w, s);
    int o = s->robj >= 0 ? val[s->robj] : -1;
    int f = s->rfrm >= 0 ? val[s->rfrm] : -1;
    if ((s->robj >= 0 && o < 0) || (s->rfrm >= 0 && f < 0))
        return -2;
    switch (s->kind) {
    case S_LAST_SEEN: return w->o[o].last;
    case S_FIRST_SEEN: return w->o[o].first;
    case S_NEWCOL: return w->o[o].change >= 0 ? w->o[o].change : -2;
    case S_OTHERSIDE: { int x = first_across(w, o); return x >= 0 ? x : -2; }
    case S_FIRST_BEHIND: { int x = first_behind(w, o); return x >= 0 ? x : -2; }
    case S_SAME_SHAPE: {
        int found = -2;
        for (int j = 0; j < w->n; j++)
            if (j != o && w->o[j].shape == w->o[o].shape) {
                if (found >= 0)
                    return -2;
                found = j;
            }
        return found;
    }
    case S_NEAREST: return nearest_obj(w, o, f);
    case S_LEFTMOST:
    case S_RIGHTMOST:
    case S_HIGHEST:
    case S_LOWEST: return extreme_obj(w, f, s->kind - S_LEFTMOST);
    }
    return -2;
}

/* the readout; -1 not clear */
static int readout_eval(const world *w, const seqq *Q, const int *val)
{
    int o = Q->robj >= 0 ? val[Q->robj] : -1, o2 = Q->robj2 >= 0 ? val[Q->robj2] : -1;
    int f = Q->rfrm >= 0 ? val[Q->rfrm] : -1;
    if ((Q->robj >= 0 && o < 0) || (Q->robj2 >= 0 && o2 < 0) || (Q->rfrm >= 0 && f < 0))
        return -1;
    switch (Q->rkind) {
    case R_COLOUR_IN: return present(w, o, f) ? w->o[o].s[f].colour : -1;
    case R_COLOUR: return w->o[o].ncol == 1 ? w->o[o].col[0] : -1;
    case R_SHAPE: return w->o[o].shape;
    case R_NUMBER: return f + 1;
    case R_COUNT: return count_in(w, f);
    case R_AFTER: return one_event(w, o, f);
    case R_DURING: return one_event(w, o, -1);
    case R_WHERE: { int d = direction(w, o, o2, f); return d >= 0 ? d : -1; }
    case R_PREDICT: { int x = predicted_cross(w, o); return x >= 0 ? x + 1 : -1; }
    }
    return -1;
}

/* evaluates the chain with steps not in `kept` taking every value of their type; adds
 * the clear answers to the sets */
static void chain_all(const world *w, const seqq *Q, int kept, int i, int *val, aset *all,
                      aset *inopt, const options *op, long *budget)
{
    if (--*budget < 0)
        return;
    if (inopt->n >= 2)
        return;
    if (i == Q->n) {
        int a = readout_eval(w, Q, val);
        if (a >= 0) {
            aset_add(all, a);
            for (int j = 0; j < 5; j++)
                if (op->v[j] == a)
                    aset_add(inopt, a);
        }
        return;
    }
    if (kept >> i & 1) {
        val[i] = step_eval(w, Q, i, val);
        if (val[i] < 0)
            return; /* a step that cannot be read clearly gives no answer */
        chain_all(w, Q, kept, i + 1, val, all, inopt, op, budget);
        return;
    }
    int nv = Q->s[i].makes_frame ? w->F : w->n;
    for (int x = 0; x < nv; x++) {
        val[i] = x;
        chain_all(w, Q, kept, i + 1, val, all, inopt, op, budget);
    }
}

/* ---- the single-frame observer for sequential questions --------------------------------
 * Values: an object index, UNSEEN (an object not in frame k), or a frame index. */
#define UNSEEN (-5)

typedef struct {
    const world *w;
    const seqq *Q;
    int k;
    aset *pos;
    int truth_seen; /* the true chain's answer was found on a branch */
} gctx;

static void glance_rec(gctx *G, int i, int *val);

static void glance_try(gctx *G, int i, int *val, int x)
{
    val[i] = x;
    glance_rec(G, i + 1, val);
}

static void glance_readout(gctx *G, const int *val)
{
    const world *w = G->w;
    const seqq *Q = G->Q;
    int k = G->k;
    int o = Q->robj >= 0 ? val[Q->robj] : -1, o2 = Q->robj2 >= 0 ? val[Q->robj2] : -1;
    int f = Q->rfrm >= 0 ? val[Q->rfrm] : -1;
    aset *P = G->pos;
    switch (Q->rkind) {
    case R_COLOUR_IN:
        if (o == UNSEEN) {
            if (f == k)
                return; /* impossible: the object is in frame f */
            P->any = 1;
            return;
        }
        if (f == k)
            aset_add(P, w->o[o].s[k].colour);
        else
            P->any = 1; /* its colour may change once */
        return;
    case R_COLOUR:
        if (o == UNSEEN)
            P->any = 1;
        else
            aset_add(P, w->o[o].s[k].colour);
        return;
    case R_SHAPE:
        if (o == UNSEEN)
            P->any = 1;
        else
            aset_add(P, w->o[o].shape);
        return;
    case R_NUMBER:
        aset_add(P, f + 1);
        return;
    case R_COUNT:
        if (f == k)
            aset_add(P, count_in(w, k));
        else
            P->any = 1;
        return;
    case R_AFTER:
    case R_DURING:
        if (o == UNSEEN) {
            P->any = 1;
            return;
        }
        for (int e = 0; e < NEVENT; e++) {
            if (Q->rkind == R_DURING && e == EV_APPEARS && k == 0)
                continue;
            if (Q->rkind == R_DURING && e == EV_VANISHES && k == w->F - 1)
                continue;
            aset_add(P, e);
        }
        return;
    case R_WHERE:
        if (f == k && o >= 0 && o2 >= 0) {
            int d = direction(w, o, o2, k);
            if (d >= 0)
                aset_add(P, d);
            else
                P->any = 1;
        } else if (f == k) {
            return; /* an unseen object cannot be in frame f */
        } else {
            P->any = 1;
        }
        return;
    case R_PREDICT:
        P->any = 1;
        return;
    }
}

static void glance_rec(gctx *G, int i, int *val)
{
    const world *w = G->w;
    const seqq *Q = G->Q;
    int k = G->k, F = w->F;
    if (G->pos->any)
        return;
    if (i == Q->n) {
        glance_readout(G, val);
        return;
    }
    const sstep *s = &Q->s[i];
    int o = s->robj >= 0 ? val[s->robj] : -1;
    int f = s->rfrm >= 0 ? val[s->rfrm] : -1;
    if (i == 0) {
        /* seen objects that frame k shows to have the property, or to lack it */
        int yes[MAXOBJ], ny = 0, maybe[MAXOBJ], nm = 0;
        for (int j = 0; j < w->n; j++) {
            if (!present(w, j, k))
                continue;
            int v = YES; /* YES: certainly; UNK: perhaps; NO: certainly not */
            switch (s->kind) {
            case S_VANISHES: v = k == F - 1 ? NO : UNK; break;
            case S_APPEARS: v = k == 0 ? NO : UNK; break;
            case S_CHANGES:
            case S_CROSSES: v = UNK; break;
            case S_BEHIND: v = behind_bar(w, j, k) == YES ? YES : UNK; break;
            case S_SHAPE: v = w->o[j].shape == s->value ? YES : NO; break;
            case S_SIZE: v = w->o[j].size == s->value ? YES : NO; break;
            case S_COLOUR: v = w->o[j].s[k].colour == s->value ? YES : UNK; break;
            }
            if (v == YES)
                yes[ny++] = j;
            else if (v == UNK)
                maybe[nm++] = j;
        }
        if (ny == 1) {
            glance_try(G, i, val, yes[0]);
            return;
        }
        for (int j = 0; j < ny; j++)
            glance_try(G, i, val, yes[j]);
        if (ny == 0) {
            for (int j = 0; j < nm; j++)
                glance_try(G, i, val, maybe[j]);
            glance_try(G, i, val, UNSEEN);
        }
        return;
    }
    switch (s->kind) {
    case S_LAST_SEEN:
    case S_FIRST_SEEN:
    case S_NEWCOL:
    case S_OTHERSIDE:
    case S_FIRST_BEHIND: {
        int lo = 0, hi = F - 1, skipk = 0;
        if (o == UNSEEN) {
            skipk = 1;
        } else if (s->kind == S_FIRST_SEEN) {
            hi = k;
        } else if (s->kind == S_LAST_SEEN) {
            lo = k;
        } else if (s->kind == S_NEWCOL) {
            lo = 1;
        } else if (s->kind == S_OTHERSIDE) {
            lo = 1;
            if (on_side(w, o, k, 0) == NO && on_side(w, o, k, 1) == NO)
                skipk = 1; /* on the line in frame k: not yet across there */
        } else if (s->kind == S_FIRST_BEHIND) {
            int v = behind_bar(w, o, k);
            if (v == YES)
                hi = k;
            else if (v == NO)
                skipk = 1;
        }
        for (int x = lo; x <= hi && !G->pos->any; x++)
            if (!(skipk && x == k))
                glance_try(G, i, val, x);
        return;
    }
    case S_SAME_SHAPE: {
        if (o == UNSEEN) {
            for (int j = 0; j < w->n; j++)
                if (present(w, j, k))
                    glance_try(G, i, val, j);
            glance_try(G, i, val, UNSEEN);
            return;
        }
        int c[MAXOBJ], nc = 0;
        for (int j = 0; j < w->n; j++)
            if (j != o && present(w, j, k) && w->o[j].shape == w->o[o].shape)
                c[nc++] = j;
        if (nc == 0)
            glance_try(G, i, val, UNSEEN);
        for (int j = 0; j < nc; j++)
            glance_try(G, i, val, c[j]);
        return;
    }
    case S_NEAREST:
    case S_LEFTMOST:
    case S_RIGHTMOST:
    case S_HIGHEST:
    case S_LOWEST: {
        if (f != k) {
            for (int j = 0; j < w->n; j++)
                if (present(w, j, k) && !(s->kind == S_NEAREST && j == o))
                    glance_try(G, i, val, j);
            glance_try(G, i, val, UNSEEN);
            return;
        }
        if (s->kind == S_NEAREST) {
            if (o == UNSEEN)
                return; /* the object is in frame f = k */
            for (int j = 0; j < w->n; j++)
                if (present(w, j, k) && j != o && nearest_to(w, j, o, k) != NO)
                    glance_try(G, i, val, j);
            return;
        }
        int e = extreme_obj(w, k, s->kind - S_LEFTMOST);
        if (e >= 0) {
            glance_try(G, i, val, e);
        } else {
            for (int j = 0; j < w->n; j++)
                if (present(w, j, k))
                    glance_try(G, i, val, j);
        }
        return;
    }
    }
}

static void judge_seq(const world *w, const seqq *Q, const options *op, cJSON *steps, verdict *v)
{
    char b1[128], b2[128];
    int cat = readout_cat(Q->rkind);
    g_slack = TOL;
    int val[MAXSTEP];
    int ok = 1;
    for (int i = 0; i < Q->n; i++) {
        val[i] = step_eval(w, Q, i, val);
        cJSON *st = cJSON_GetArrayItem(steps, i);
        cJSON *ans = st ? cJSON_GetObjectItem(st, "answer") : NULL;
        const char *rec = ans && cJSON_IsString(ans) ? ans->valuestring : NULL;
        if (!rec) {
            vfail(v, K_PARSE, "step %d has no answer", i + 1);
            ok = 0;
            break;
        }
        if (val[i] < 0) {
            char why[256] = "";
            int o = Q->s[i].robj >= 0 ? val[Q->s[i].robj] : -1;
            if (o >= 0 && (Q->s[i].kind == S_OTHERSIDE || Q->s[i].kind == S_FIRST_BEHIND)) {
                int ss = start_side(w, o);
                for (int k = w->o[o].first; k <= w->o[o].last; k++) {
                    const ostate *sb = &w->o[o].s[k];
                    if (Q->s[i].kind == S_OTHERSIDE && ss < 0) {
                        snprintf(why, sizeof why, ": %s starts on neither side clearly (%.1f px of white left of the line, %.1f right)",
                                 odesc(w, o, b1, sizeof b1), sb->sl, sb->sr);
                        break;
                    }
                    if (Q->s[i].kind == S_OTHERSIDE && on_side(w, o, k, !ss) == UNK) {
                        double g = ss ? sb->sl : sb->sr;
                        int n = snprintf(why, sizeof why, ": frame %d shows %s neither clearly across the line nor clearly not (%.1f px %s the stroke's %s edge)",
                                         k + 1, odesc(w, o, b1, sizeof b1), fabs(g), g >= 0 ? "of white beyond" : "over",
                                         ss ? "left" : "right");
                        for (int kk = k + 1; kk <= w->o[o].last; kk++)
                            if (on_side(w, o, kk, !ss) == YES) {
                                const ostate *sy = &w->o[o].s[kk];
                                if (n > 0 && (size_t)n < sizeof why)
                                    snprintf(why + n, sizeof why - (size_t)n, "; frame %d shows it across, %.1f px of white from the line",
                                             kk + 1, ss ? sy->sl : sy->sr);
                                break;
                            }
                        break;
                    }
                    if (Q->s[i].kind == S_FIRST_BEHIND && behind_bar(w, o, k) == UNK) {
                        snprintf(why, sizeof why, ": in frame %d %s reaches %.1f px under the bar (negative: white)",
                                 k + 1, odesc(w, o, b1, sizeof b1), sb->barv);
                        break;
                    }
                }
            }
            vfail(v, K_UNCLEAR, "step %d does not resolve clearly to one %s (records %s)%s", i + 1,
                  Q->s[i].makes_frame ? "frame" : "object", rec, why);
            ok = 0;
            break;
        }
        if (Q->s[i].makes_frame) {
            const char *p = rec;
            int r;
            if (!number(&p, &r) || *p)
                vfail(v, K_PARSE, "step %d: answer \"%s\" is not a frame number", i + 1, rec);
            else if (r != val[i] + 1) {
                /* the reason, for the frame-before rule */
                char why[256] = "";
                int o = Q->s[i].robj >= 0 ? val[Q->s[i].robj] : -1;
                if (o >= 0 && Q->s[i].kind == S_OTHERSIDE && r - 1 > 0 && r - 1 < w->F &&
                    present(w, o, r - 2)) {
                    const ostate *sb = &w->o[o].s[r - 2];
                    snprintf(why, sizeof why, "; in frame %d %s has %.1f px of white left of the line, %.1f px right of it",
                             r - 1, odesc(w, o, b2, sizeof b2), sb->sl, sb->sr);
                }
                vfail(v, K_STEP, "step %d: records frame %d, reads frame %d%s", i + 1, r, val[i] + 1, why);
            }
        } else {
            const char *p = rec;
            int c = colour_word(&p);
            const obj *b = &w->o[val[i]];
            int match = 0;
            if (c >= 0 && !*p) {
                if (Q->s[i].rfrm >= 0) {
                    int f = val[Q->s[i].rfrm];
                    match = present(w, val[i], f) && b->s[f].colour == c;
                } else {
                    for (int j = 0; j < b->ncol; j++)
                        match |= b->col[j] == c;
                }
            }
            if (!match)
                vfail(v, K_STEP, "step %d: records %s, reads %s", i + 1, rec, odesc(w, val[i], b1, sizeof b1));
        }
    }
    if (ok) {
        int a = readout_eval(w, Q, val);
        if (a < 0)
            vfail(v, K_UNCLEAR, "the readout has no clear answer");
        else if (a != op->v[op->letter]) {
            answer_text(cat, a, b1, sizeof b1);
            answer_text(cat, op->v[op->letter], b2, sizeof b2);
            vfail(v, K_ANSWER, "records %s, reads %s", b2, b1);
        }
    }
    /* --- every step needed --- */
    for (int kept = 0; kept < (1 << Q->n) - 1; kept++) {
        aset all, inopt;
        memset(&all, 0, sizeof all);
        memset(&inopt, 0, sizeof inopt);
        int vv[MAXSTEP];
        long budget = 4000000;
        chain_all(w, Q, kept, 0, vv, &all, &inopt, op, &budget);
        if (all.n < 2) {
            char ks[64] = "";
            for (int i = 0; i < Q->n; i++)
                if (kept >> i & 1) {
                    size_t l = strlen(ks);
                    snprintf(ks + l, sizeof ks - l, "%s%d", l ? "," : "", i + 1);
                }
            vfail(v, K_NECESSITY, "keeping only steps {%s} leaves %d clear answer%s", ks, all.n,
                  all.n == 1 ? "" : "s");
        } else if (inopt.n < 2) {
            v->opts_only++;
            v->opts_empty |= kept == 0;
            if (g_strict_options) {
                char ks[64] = "";
                for (int i = 0; i < Q->n; i++)
                    if (kept >> i & 1) {
                        size_t l = strlen(ks);
                        snprintf(ks + l, sizeof ks - l, "%s%d", l ? "," : "", i + 1);
                    }
                vfail(v, K_OPTIONS, "keeping only steps {%s} leaves %d clear answers, %d of them options",
                      ks, all.n, inopt.n);
            }
        }
    }
    /* --- no single glance --- */
    g_slack = -TOL;
    int open_all = 1;
    int truth = -1;
    if (ok) {
        g_slack = TOL;
        truth = readout_eval(w, Q, val);
        g_slack = -TOL;
    }
    for (int k = 0; k < w->F; k++) {
        aset pos;
        memset(&pos, 0, sizeof pos);
        gctx G = {w, Q, k, &pos, 0};
        int vv[MAXSTEP];
        glance_rec(&G, 0, vv);
        int nopen = 0, only = -1;
        for (int j = 0; j < 5; j++)
            if (pos.any || (op->v[j] >= 0 && op->v[j] < ASET_MAX && pos.in[op->v[j]])) {
                nopen++;
                only = op->v[j];
            }
        if (truth >= 0 && !pos.any && (truth >= ASET_MAX || !pos.in[truth]))
            v->observer_unsound++;
        if (nopen < 2) {
            open_all = 0;
            if (v->level >= 2) {
                answer_text(cat, only, b1, sizeof b1);
                vfail(v, K_GLANCE, "frame %d alone settles the answer (%s)", k + 1,
                      nopen ? b1 : "no option");
                break;
            }
        }
    }
    v->glance_checked = 1;
    v->glance_open = open_all;
    g_slack = TOL;
}

/* ------------------------------------------------------------------------------------ */
/* The page's promises about every frame                                                   */

typedef struct {
    long objframes;
    long near_bar;    /* within M of the bar's edge, not clearly behind it */
    long near_line;   /* within M of the line, not clearly across or on one side */
    long gap_small;   /* object pairs closer than 4 px (less the tolerance) */
} stats;

static double mask_gap(const mask *a, const mask *b)
{
    /* white between two outlines: the distance between their pixel squares */
    double best = 1e9;
    for (int ya = 0; ya < a->h; ya++)
        for (int xa = 0; xa < a->w; xa++) {
            if (!a->m[ya * a->w + xa])
                continue;
            int X = a->x0 + xa, Y = a->y0 + ya;
            /* only boundary pixels */
            if (xa > 0 && xa < a->w - 1 && ya > 0 && ya < a->h - 1 && a->m[ya * a->w + xa - 1] &&
                a->m[ya * a->w + xa + 1] && a->m[(ya - 1) * a->w + xa] && a->m[(ya + 1) * a->w + xa])
                continue;
            for (int yb = 0; yb < b->h; yb++)
                for (int xb = 0; xb < b->w; xb++) {
                    if (!b->m[yb * b->w + xb])
                        continue;
                    int dx = abs(b->x0 + xb - X) - 1, dy = abs(b->y0 + yb - Y) - 1;
                    if (dx < 0) dx = 0;
                    if (dy < 0) dy = 0;
                    double d = hypot(dx, dy);
                    if (d < best)
                        best = d;
                }
        }
    return best;
}

static void check_promises(const world *w, verdict *v, stats *st)
{
    char b1[128], b2[128];
    int reported_gap = 0, reported_edge = 0;
    g_slack = 0;
    for (int k = 0; k < w->F; k++) {
        for (int i = 0; i < w->n; i++) {
            if (!present(w, i, k))
                continue;
            const ostate *s = &w->o[i].s[k];
            st->objframes++;
            if (fabs(s->barv) < M)
                st->near_bar++;
            int l = on_side(w, i, k, 0), r = on_side(w, i, k, 1);
            if (l == UNK || r == UNK) {
                /* not clearly left, not clearly right, not clearly across (covering) */
                if (l != YES && r != YES)
                    st->near_line++;
            }
            /* canvas edge and the label box */
            double edge = s->xl;
            if (W - s->xr < edge) edge = W - s->xr;
            if (s->yt < edge) edge = s->yt;
            if (H - s->yb < edge) edge = H - s->yb;
            if (edge < M - TOL && !reported_edge) {
                vfail(v, K_MARGIN, "frame %d: %s is %.0f px from the canvas edge", k + 1,
                      odesc(w, i, b1, sizeof b1), edge);
                reported_edge = 1;
            }
            if (s->xl < LABEL_W && s->yt < LABEL_H && !reported_edge) {
                vfail(v, K_MARGIN, "frame %d: %s enters the label box", k + 1, odesc(w, i, b1, sizeof b1));
                reported_edge = 1;
            }
            for (int j = i + 1; j < w->n; j++) {
                if (!present(w, j, k))
                    continue;
                const ostate *t = &w->o[j].s[k];
                if (t->xl > s->xr + M || s->xl > t->xr + M || t->yt > s->yb + M || s->yt > t->yb + M)
                    continue;
                double g = mask_gap(&s->k, &t->k);
                if (g < M - TOL) {
                    st->gap_small++;
                    if (!reported_gap) {
                        vfail(v, K_MARGIN, "frame %d: %s and %s are %.1f px apart", k + 1,
                              odesc(w, i, b1, sizeof b1), odesc(w, j, b2, sizeof b2), g);
                        reported_gap = 1;
                    }
                }
            }
        }
    }
    for (int i = 0; i < w->n; i++) {
        const obj *o = &w->o[i];
        if (o->fit_err > 2.0)
            vfail(v, K_MARGIN, "%s does not move steadily (%.1f px off a straight line)",
                  odesc(w, i, b1, sizeof b1), o->fit_err);
        if (o->change >= 0) {
            g_slack = TOL;
            if (behind_bar(w, i, o->change) != NO || behind_bar(w, i, o->change - 1) != NO)
                vfail(v, K_MARGIN, "%s changes colour at frame %d without being clear of the bar",
                      odesc(w, i, b1, sizeof b1), o->change + 1);
        }
    }
    g_slack = TOL;
}

/* ------------------------------------------------------------------------------------ */
/* Labels across the directory                                                            */

typedef struct {
    uint64_t hash;
    int ink0, ink1;
} labinfo;

/* ------------------------------------------------------------------------------------ */
/* main                                                                                   */

static int by_file(const void *a, const void *b)
{
    const verdict *x = a, *y = b;
    return x->file - y->file;
}

static void usage(void)
{
    fputs("usage: plain_reader [--task comp_conjunctive|comp_sequential] [--strict-options] [--verbose]\n"
          "                    [--file N [--ask QUESTION]] DIR\n", stderr);
    exit(2);
}

static void dump_world(const world *w, int file)
{
    char b[128];
    fprintf(stderr, "file %d: %d objects, %d frames\n", file, w->n, w->F);
    for (int i = 0; i < w->n; i++) {
        const obj *o = &w->o[i];
        fprintf(stderr, "  %d: %s frames %d..%d change %d v=(%.2f,%.2f) fit %.2f\n", i,
                odesc(w, i, b, sizeof b), o->first + 1, o->last + 1, o->change + 1, o->vx, o->vy,
                o->fit_err);
        if (g_verbose > 1)
            for (int k = o->first; k <= o->last; k++) {
                const ostate *s = &o->s[k];
                fprintf(stderr, "     f%-2d %-9s c=(%.1f,%.1f) x=[%.0f,%.0f] y=[%.0f,%.0f] bar %.1f sl %.1f sr %.1f%s\n",
                        k + 1, COLS[s->colour].name, s->cx, s->cy, s->xl, s->xr, s->yt, s->yb, s->barv,
                        s->sl, s->sr, s->partial ? " partial" : "");
            }
    }
}

int main(int argc, char **argv)
{
    const char *dir = NULL, *task = NULL;
    int only_file = 0;
    const char *ask = NULL;
    for (int i = 0; i < NCOL; i++)
        COLNAMES[i] = COLS[i].name;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--task") == 0 && i + 1 < argc)
            task = argv[++i];
        else if (strcmp(argv[i], "--file") == 0 && i + 1 < argc)
            only_file = atoi(argv[++i]);
        else if (strcmp(argv[i], "--strict-options") == 0)
            g_strict_options = 1;
        else if (strcmp(argv[i], "--ask") == 0 && i + 1 < argc)
            ask = argv[++i];
        else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0)
            g_verbose++;
        else if (argv[i][0] == '-')
            usage();
        else if (!dir)
            dir = argv[i];
        else
            usage();
    }
    if (!dir || (ask && !only_file))
        usage();
    char path[4096];
    char *gtask = NULL;
    snprintf(path, sizeof path, "%s/gen.json", dir);
    char *gtext = read_file(path, NULL);
    if (gtext) {
        cJSON *g = cJSON_Parse(gtext);
        cJSON *t = g ? cJSON_GetObjectItem(g, "task") : NULL;
        if (t && cJSON_IsString(t))
            gtask = strdup(t->valuestring);
        cJSON_Delete(g);
        free(gtext);
    }
    if (!task)
        task = gtask;
    if (!task)
        die_input("no task: \"%s\" has no gen.json naming it; give --task", dir);
    int conj;
    if (strcmp(task, "comp_conjunctive") == 0)
        conj = 1;
    else if (strcmp(task, "comp_sequential") == 0)
        conj = 0;
    else
        die_input("task \"%s\" is not comp_conjunctive or comp_sequential", task);
    snprintf(path, sizeof path, "%s/data.json", dir);
    char *text = read_file(path, NULL);
    if (!text)
        die_input("cannot read \"%s\": %s", path, strerror(errno));
    cJSON *root = cJSON_Parse(text);
    free(text);
    if (!root || !cJSON_IsArray(root))
        die_input("\"%s\" is not a JSON array of records", path);
    int nrec = cJSON_GetArraySize(root);
    if (nrec <= 0)
        die_input("\"%s\" holds no records", path);

    verdict *V = xcalloc((size_t)nrec, sizeof *V);
    labinfo(*labels)[MAXF] = xcalloc((size_t)nrec, sizeof *labels);
    int *nframes = xcalloc((size_t)nrec, sizeof(int));
    stats st = {0, 0, 0, 0};
    long glance_n[5] = {0}, glance_open[5] = {0};
    unsigned char *rgb = xcalloc(W * H * 3, 1);
    frame *frames = xcalloc(MAXF, sizeof(frame));
    static world wd;

    for (int ri = 0; ri < nrec; ri++) {
        cJSON *rec = cJSON_GetArrayItem(root, ri);
        verdict *v = &V[ri];
        v->task_conj = conj;
        cJSON *id = cJSON_GetObjectItem(rec, "id");
        cJSON *fl = cJSON_GetObjectItem(rec, "frames");
        cJSON *lv = cJSON_GetObjectItem(rec, "num_conditions");
        cJSON *qq = cJSON_GetObjectItem(rec, "question");
        cJSON *opts = cJSON_GetObjectItem(rec, "options");
        cJSON *ans = cJSON_GetObjectItem(rec, "answer");
        cJSON *ansv = cJSON_GetObjectItem(rec, "answer_value");
        cJSON *steps = cJSON_GetObjectItem(rec, "steps");
        if (!id || !cJSON_IsString(id) || !fl || !cJSON_IsArray(fl) || !qq || !cJSON_IsString(qq) ||
            !opts || !cJSON_IsArray(opts) || !ans || !cJSON_IsString(ans) || !steps ||
            !cJSON_IsArray(steps))
            die_input("record %d of \"%s\" lacks id, frames, question, options, answer or steps", ri + 1, path);
        v->file = atoi(id->valuestring);
        if (only_file && v->file != only_file)
            continue;
        v->level = lv && cJSON_IsNumber(lv) ? lv->valueint : cJSON_GetArraySize(steps);
        int F = cJSON_GetArraySize(fl);
        if (F < 2 || F > MAXF)
            die_input("record %d: %d frames (2..%d)", ri + 1, F, MAXF);
        nframes[ri] = F;
        /* --- frames --- */
        char err[512];
        int bad = 0;
        for (int k = 0; k < F; k++) {
            cJSON *fn = cJSON_GetArrayItem(fl, k);
            if (!cJSON_IsString(fn) || strchr(fn->valuestring, '/'))
                die_input("record %d: frame %d is not a file name", ri + 1, k + 1);
            snprintf(path, sizeof path, "%s/data/%s", dir, fn->valuestring);
            int rc = load_png(path, rgb);
            if (rc)
                die_input("cannot read \"%s\" as a %dx%d PNG", path, W, H);
            if (!bad && decode_frame(rgb, &frames[k], err, sizeof err)) {
                vfail(v, K_DECODE, "frame %d: %s", k + 1, err);
                bad = 1;
            }
            labels[ri][k].hash = frames[k].label_hash;
            labels[ri][k].ink0 = frames[k].label_ink0;
            labels[ri][k].ink1 = frames[k].label_ink1;
        }
        memset(&wd, 0, sizeof wd);
        wd.F = F;
        wd.fr = frames;
        if (!bad && build_world(&wd, err, sizeof err)) {
            vfail(v, K_DECODE, "%s", err);
            bad = 1;
        }
        if (!bad) {
            measure_world(&wd);
            if (g_verbose)
                dump_world(&wd, v->file);
            check_promises(&wd, v, &st);
        }
        /* --- the record's words --- */
        options op;
        memset(&op, 0, sizeof op);
        int perr = 0;
        const char *q = ask ? ask : qq->valuestring;
        if (ask) {
            /* --ask: the reader's own reading of another question about this video */
            char perrs[512] = "";
            conjq CQ2;
            seqq SQ2;
            int bad2 = bad || (conj ? parse_conj(q, &CQ2, perrs, sizeof perrs) : parse_seq(q, &SQ2, perrs, sizeof perrs));
            if (bad2) {
                printf("cannot read the question or the frames: %s\n", perrs[0] ? perrs : v->msg ? v->msg : "?");
            } else if (conj) {
                g_slack = TOL;
                int cat = conj_cat(&CQ2);
                for (int o = 0; o < wd.n; o++) {
                    char b[128], a[64];
                    int all = YES;
                    printf("%-40s", odesc(&wd, o, b, sizeof b));
                    for (int i = 0; i < CQ2.ncond; i++) {
                        int x = cond_eval(&wd, &CQ2.c[i], o);
                        printf(" %s", x == YES ? "yes" : x == NO ? "no " : "?  ");
                        if (x == NO) all = NO;
                        else if (x == UNK && all == YES) all = UNK;
                    }
                    int an = conj_answer_of(&wd, &CQ2, o);
                    answer_text(cat, an, a, sizeof a);
                    printf("  -> %s%s\n", an >= 0 ? a : "(no clear answer)", all == YES ? "  <== meets all" : "");
                }
            } else {
                g_slack = TOL;
                int val[MAXSTEP], ok2 = 1;
                for (int i = 0; i < SQ2.n && ok2; i++) {
                    char b[128];
                    val[i] = step_eval(&wd, &SQ2, i, val);
                    if (val[i] < 0) {
                        printf("step %d: not clear\n", i + 1);
                        ok2 = 0;
                    } else if (SQ2.s[i].makes_frame)
                        printf("step %d: frame %d\n", i + 1, val[i] + 1);
                    else
                        printf("step %d: %s\n", i + 1, odesc(&wd, val[i], b, sizeof b));
                }
                if (ok2) {
                    char a[64];
                    int an = readout_eval(&wd, &SQ2, val);
                    answer_text(readout_cat(SQ2.rkind), an, a, sizeof a);
                    printf("answer: %s\n", an >= 0 ? a : "not clear");
                }
            }
            world_free(&wd);
            for (int k = 0; k < F; k++)
                frame_free(&frames[k]);
            cJSON_Delete(root);
            free(v->msg);
            free(V);
            free(labels);
            free(nframes);
            free(rgb);
            free(frames);
            free(gtask);
            return 0;
        }
        conjq CQ;
        seqq SQ;
        char perrs[512] = "";
        if (conj) {
            if (parse_conj(q, &CQ, perrs, sizeof perrs))
                perr = 1;
            else
                op.cat = conj_cat(&CQ);
        } else {
            if (parse_seq(q, &SQ, perrs, sizeof perrs))
                perr = 1;
            else
                op.cat = readout_cat(SQ.rkind);
        }
        if (perr) {
            vfail(v, K_PARSE, "%s", perrs);
        } else {
            int nsteps = conj ? CQ.ncond : SQ.n;
            if (nsteps != v->level || cJSON_GetArraySize(steps) != nsteps)
                vfail(v, K_PARSE, "the question has %d parts, the record says level %d with %d steps",
                      nsteps, v->level, cJSON_GetArraySize(steps));
            op.n = cJSON_GetArraySize(opts);
            const char *a = ans->valuestring;
            op.letter = a[0] - 'A';
            if (op.n != 5 || strlen(a) != 1 || op.letter < 0 || op.letter > 4) {
                vfail(v, K_PARSE, "options or letter not five options and a letter A-E");
                perr = 1;
            }
            for (int j = 0; j < op.n && !perr; j++) {
                cJSON *o = cJSON_GetArrayItem(opts, j);
                if (!cJSON_IsString(o) || !parse_option(op.cat, o->valuestring, &op.v[j])) {
                    vfail(v, K_PARSE, "option %c is not a %s word", 'A' + j, CATNAMES[op.cat]);
                    perr = 1;
                }
                for (int i = 0; i < j && !perr; i++)
                    if (op.v[i] == op.v[j]) {
                        vfail(v, K_PARSE, "options %c and %c are the same", 'A' + i, 'A' + j);
                        perr = 1;
                    }
            }
            if (!perr && ansv && cJSON_IsString(ansv)) {
                cJSON *o = cJSON_GetArrayItem(opts, op.letter);
                if (strcmp(o->valuestring, ansv->valuestring) != 0)
                    vfail(v, K_PARSE, "answer_value \"%s\" is not option %c", ansv->valuestring, 'A' + op.letter);
            }
            /* conjunctive: the question names none of the options' words (the record's
             * table); sequential: a colour question's first step names no colour, a shape
             * question's no shape (the reading page) */
            if (!perr && conj && (op.cat == CAT_COLOUR || op.cat == CAT_SHAPE)) {
                for (int j = 0; j < 5; j++) {
                    const char *word = op.cat == CAT_COLOUR ? COLS[op.v[j]].name : SHAPES[op.v[j]];
                    size_t wl = strlen(word);
                    for (const char *hit = q; (hit = strstr(hit, word)); hit += wl)
                        if ((hit == q || !isalpha((unsigned char)hit[-1])) && !isalpha((unsigned char)hit[wl])) {
                            vfail(v, K_PARSE, "the question names the option \"%s\"", word);
                            break;
                        }
                }
            }
            if (!perr && !conj &&
                ((op.cat == CAT_COLOUR && SQ.s[0].kind == S_COLOUR) ||
                 (op.cat == CAT_SHAPE && SQ.s[0].kind == S_SHAPE)))
                vfail(v, K_PARSE, "the first step names a %s in a %s question", CATNAMES[op.cat], CATNAMES[op.cat]);
            if (conj && !perr) {
                for (int i = 0; i < CQ.ncond && i < cJSON_GetArraySize(steps); i++) {
                    cJSON *t = cJSON_GetObjectItem(cJSON_GetArrayItem(steps, i), "text");
                    cond c2;
                    if (!t || !cJSON_IsString(t) || !parse_cond(t->valuestring, &c2) ||
                        memcmp(&c2, &CQ.c[i], sizeof c2) != 0)
                        vfail(v, K_PARSE, "step %d's text is not subcondition %d of the question", i + 1, i + 1);
                }
            }
        }
        if (!bad && !perr) {
            if (conj)
                judge_conj(&wd, &CQ, &op, steps, v);
            else
                judge_seq(&wd, &SQ, &op, steps, v);
            if (conj && (op.cat == CAT_COLOUR || op.cat == CAT_SHAPE)) {
                /* the page: a colour (shape) question offers every other colour (shape) an
                 * object of the video shows that the question does not name, then others */
                int nv = op.cat == CAT_COLOUR ? NCOL : NSHAPE, shownv[NCOL] = {0}, in_opt[NCOL] = {0};
                for (int o = 0; o < wd.n; o++) {
                    if (op.cat == CAT_SHAPE)
                        shownv[wd.o[o].shape] = 1;
                    else
                        for (int c = 0; c < wd.o[o].ncol; c++)
                            shownv[wd.o[o].col[c]] = 1;
                }
                for (int j = 0; j < 5; j++)
                    in_opt[op.v[j]] = 1;
                int others = 0, missing = -1, outside = 0;
                for (int x = 0; x < nv; x++) {
                    const char *word = op.cat == CAT_COLOUR ? COLS[x].name : SHAPES[x];
                    size_t wl = strlen(word);
                    int named = 0;
                    for (const char *hit = q; (hit = strstr(hit, word)); hit += wl)
                        named |= (hit == q || !isalpha((unsigned char)hit[-1])) && !isalpha((unsigned char)hit[wl]);
                    if (!shownv[x] || named || x == op.v[op.letter])
                        continue;
                    others++;
                    if (!in_opt[x])
                        missing = x;
                }
                for (int j = 0; j < 5; j++)
                    if (j != op.letter && !shownv[op.v[j]])
                        outside++;
                if (missing >= 0 && outside > 0)
                    vfail(v, K_OPTIONS, "the video shows %s, which the options leave out for %s, which no object shows",
                          op.cat == CAT_COLOUR ? COLS[missing].name : SHAPES[missing],
                          outside == 1 ? "one" : "others");
                (void)others;
            }
            if (op.cat == CAT_COLOUR || op.cat == CAT_SHAPE) {
                /* the options any object shows in any frame */
                int shown = 0, answer_shown = 0;
                for (int j = 0; j < 5; j++) {
                    int any = 0;
                    for (int o = 0; o < wd.n; o++) {
                        if (op.cat == CAT_SHAPE)
                            any |= wd.o[o].shape == op.v[j];
                        else
                            for (int c = 0; c < wd.o[o].ncol; c++)
                                any |= wd.o[o].col[c] == op.v[j];
                    }
                    shown += any;
                    if (j == op.letter)
                        answer_shown = any;
                }
                v->giveaway = shown == 1 && answer_shown;
            }
            if (v->level >= 1 && v->level <= 4 && v->glance_checked) {
                glance_n[v->level]++;
                glance_open[v->level] += v->glance_open;
            }
        }
        world_free(&wd);
        for (int k = 0; k < F; k++)
            frame_free(&frames[k]);
    }

    /* --- labels: frame K's label is the same in every sample, and differs from every
     * other K's; two-digit labels are wider than one-digit ones --- */
    {
        int maxF = 0;
        for (int ri = 0; ri < nrec; ri++)
            if (nframes[ri] > maxF)
                maxF = nframes[ri];
        uint64_t canon[MAXF];
        int have[MAXF];
        for (int k = 0; k < maxF; k++) {
            /* majority hash among samples that have frame k */
            int bestc = 0;
            have[k] = 0;
            for (int ri = 0; ri < nrec; ri++) {
                if (k >= nframes[ri])
                    continue;
                int c = 0;
                for (int rj = 0; rj < nrec; rj++)
                    if (k < nframes[rj] && labels[rj][k].hash == labels[ri][k].hash)
                        c++;
                if (c > bestc) {
                    bestc = c;
                    canon[k] = labels[ri][k].hash;
                    have[k] = 1;
                }
            }
        }
        for (int ri = 0; ri < nrec; ri++) {
            int reported = 0;
            for (int k = 0; k < nframes[ri] && !reported; k++) {
                if (!labels[ri][k].hash)
                    continue;
                if (labels[ri][k].hash != canon[k]) {
                    int shows = -1;
                    for (int kk = 0; kk < maxF; kk++)
                        if (have[kk] && canon[kk] == labels[ri][k].hash)
                            shows = kk;
                    if (shows >= 0)
                        vfail(&V[ri], K_LABEL, "frame %d is labelled as frame %d", k + 1, shows + 1);
                    else
                        vfail(&V[ri], K_LABEL, "frame %d's label differs from frame %d of the other samples", k + 1, k + 1);
                    reported = 1;
                }
                for (int kk = 0; kk < k && !reported; kk++)
                    if (labels[ri][kk].hash == labels[ri][k].hash) {
                        vfail(&V[ri], K_LABEL, "frames %d and %d carry the same label", kk + 1, k + 1);
                        reported = 1;
                    }
                int width = labels[ri][k].ink1 - labels[ri][k].ink0;
                int w1 = labels[ri][0].ink1 - labels[ri][0].ink0;
                if (!reported && labels[ri][k].ink0 < 0) {
                    vfail(&V[ri], K_LABEL, "frame %d has no label", k + 1);
                    reported = 1;
                }
                if (!reported && k >= 9 && width < w1 + 4) {
                    vfail(&V[ri], K_LABEL, "frame %d's label is no wider than frame 1's", k + 1);
                    reported = 1;
                }
                if (!reported && k < 9 && abs(width - w1) > 2) {
                    vfail(&V[ri], K_LABEL, "frame %d's label is not as wide as frame 1's", k + 1);
                    reported = 1;
                }
            }
        }
        for (int k = 0; k < maxF; k++)
            for (int kk = 0; kk < k; kk++)
                if (have[k] && have[kk] && canon[k] == canon[kk])
                    fprintf(stdout, "labels: frames %d and %d look the same in most samples\n", kk + 1, k + 1);
    }

    /* --- report --- */
    qsort(V, (size_t)nrec, sizeof *V, by_file);
    long bykind[K_NKIND] = {0};
    int nfail = 0, opts_only = 0, opts_empty = 0, giveaway = 0, unsound = 0;
    for (int ri = 0; ri < nrec; ri++) {
        verdict *v = &V[ri];
        int any = 0;
        for (int j = 0; j < K_NKIND; j++)
            if (v->fails[j]) {
                bykind[j]++;
                any = 1;
            }
        if (any) {
            /* one line a failing sample, then what failed */
            nfail++;
            printf("file %d level %d:", v->file, v->level);
            const char *sep = " ";
            for (int j = 0; j < K_NKIND; j++)
                if (v->fails[j]) {
                    printf("%s%s", sep, KINDNAMES[j]);
                    sep = ", ";
                }
            printf("\n");
            fputs(v->msg ? v->msg : "", stdout);
            for (int j = 0; j < K_NKIND; j++)
                if (v->fails[j] > 3)
                    printf("    %s: and %d more\n", KINDNAMES[j], v->fails[j] - 3);
        }
        opts_only += v->opts_only > 0;
        opts_empty += v->opts_empty;
        giveaway += v->giveaway;
        unsound += v->observer_unsound > 0;
        free(v->msg);
    }
    printf("plain_reader: %s: %d samples read, %d fail", task, nrec, nfail);
    for (int j = 0; j < K_NKIND; j++)
        if (bykind[j])
            printf("; %s %ld", KINDNAMES[j], bykind[j]);
    printf("\n");
    printf("plain_reader: single_frame_open by level:");
    for (int l = 1; l <= 4; l++)
        if (glance_n[l])
            printf(" %d: %ld/%ld (%.0f%%)", l, glance_open[l], glance_n[l],
                   100.0 * glance_open[l] / glance_n[l]);
    printf("\n");
    printf("plain_reader: per 1,000 object-frames (%ld): %.1f within %g px of the bar's edge "
           "without being clearly behind it, %.1f within %g px of the line without being clearly "
           "across or on one side; %ld object pairs closer than %g px\n",
           st.objframes, st.objframes ? 1000.0 * st.near_bar / st.objframes : 0, M,
           st.objframes ? 1000.0 * st.near_line / st.objframes : 0, M, st.gap_small, M - TOL);
    if (opts_only)
        printf("plain_reader: note: %d samples keep a part needed only through answers that are "
               "not among the options (--strict-options lists them)\n",
               opts_only);
    if (opts_empty)
        printf("plain_reader: note: in %d samples the answer is the only option that the readout "
               "gives clearly for any object or frame at all\n",
               opts_empty);
    if (giveaway)
        printf("plain_reader: note: in %d samples the answer is the only option that any object "
               "shows in any frame (seeing which options occur gives it away)\n",
               giveaway);
    if (unsound)
        printf("plain_reader: warning: the single-frame observer missed the true answer in %d "
               "samples (a fault of this reader)\n",
               unsound);
    cJSON_Delete(root);
    free(V);
    free(labels);
    free(nframes);
    free(rgb);
    free(frames);
    free(gtask);
    return nfail ? 1 : 0;
}
