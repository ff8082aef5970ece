/* sort_circles: n filled circles of clearly different radii, each labelled with a
 * capital letter, inside it when the letter fits with room to spare, else just to
 * its right with no other circle nearby.  Letters are assigned at random.
 * Record: Gold_output = the labels from smallest to largest; Rows = n.
 * See docs/tasks/sort_circles.md. */
#include "errors.h"
#include "font.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "spaced.h"
#include "util.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

/* Clear border: no circle or label touches the image edge. */
#define CIRCLES_MARGIN 20.0
/* Circles at least this far apart edge to edge: touching circles read as one. */
#define CIRCLE_GAP 10.0
/* Smallest radius: 20 px across is a clear disc, not a dot. */
#define CIRCLE_RMIN 10.0
/* Largest radius: with the ladder below, 20 circles cover at most a quarter of the
 * canvas, so they and their labels place without crowding. */
#define CIRCLE_RMAX 100.0
/* Each radius at least 10% larger than the next smaller one (21% in area): three
 * times the ~3% Weber fraction of size judgement, so the order is seen, not
 * guessed, even between circles far apart. */
#define CIRCLE_MIN_RATIO 1.10
/* ... and at least GEN_VIEW_MIN / 2 = 2.7 px larger (5.4 px across, 3 px at the 448
 * px viewing size), so the smallest circles, where 10% is barely a pixel, still
 * differ visibly (1.5 px, 1.7 px across at 448, until issue 12; the ratio was 1.12,
 * which with the larger step would not fit 20 circles under CIRCLE_RMAX). */
#define CIRCLE_MIN_DIFF_PX (GEN_VIEW_MIN / 2)
/* Label size in pixels (em): capitals about 14 px tall. */
#define LABEL_FONT 20.0
/* A label goes inside its circle when its ink box stays this far inside the
 * circle's edge everywhere, so the letter reads as being in the circle. */
#define LABEL_INSIDE_PAD 5.0
/* An outside label's ink starts this far right of its circle's edge. */
#define LABEL_GAP 6.0
/* Every other circle stays at least this far from an outside label (four times
 * its own circle's distance; the label's ink lies up to 2 px further from its own
 * circle than LABEL_GAP, so three times was not always 2.5 times as measured), so
 * the label's owner is never in doubt. */
#define LABEL_CLEAR (4 * LABEL_GAP)
/* Outside labels keep at least this much white space between each other. */
#define LABEL_SPACING 8.0
/* Labels are single capitals. */
#define MAX_CIRCLES 26

typedef struct item {
    disc d;
    bool outside; /* label beside the circle */
    box label;    /* an outside label's ink box where it is drawn */
    box ink;      /* the label's ink box when centred on (0, 0) */
    double lw;
} item;

static double ladder_top(int n)
{
    return spaced_ladder_top(n, CIRCLE_RMIN, CIRCLE_MIN_DIFF_PX, CIRCLE_MIN_RATIO);
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_CIRCLES) {
        snprintf(err, errlen, "cannot label %d circles with single capitals (at most %d)", p->level, MAX_CIRCLES);
        return -1;
    }
    if (ladder_top(p->level) > CIRCLE_RMAX) {
        snprintf(err, errlen, "cannot draw %d circles of clearly different size with radii %.0f..%.0f px", p->level,
                 CIRCLE_RMIN, CIRCLE_RMAX);
        return -1;
    }
    return 0;
}

/* Distance from a disc's edge to a box (negative when they overlap). */
static double disc_box_distance(const disc *d, const box *b)
{
    double dx = fmax(fmax(b->x0 - d->x, 0), d->x - b->x1);
    double dy = fmax(fmax(b->y0 - d->y, 0), d->y - b->y1);
    return hypot(dx, dy) - d->r;
}

static void place_label(item *it)
{
    double cx = it->d.x + it->d.r + LABEL_GAP + it->lw / 2;
    it->label = (box){cx + it->ink.x0, it->d.y + it->ink.y0, cx + it->ink.x1, it->d.y + it->ink.y1};
}

static bool fits(const item *a, const item *placed, int n)
{
    for (int j = 0; j < n; j++) {
        const item *b = &placed[j];
        if (hypot(a->d.x - b->d.x, a->d.y - b->d.y) < a->d.r + b->d.r + CIRCLE_GAP)
            return false;
        if (a->outside && disc_box_distance(&b->d, &a->label) < LABEL_CLEAR)
            return false;
        if (b->outside && disc_box_distance(&a->d, &b->label) < LABEL_CLEAR)
            return false;
        if (a->outside && b->outside && boxes_near(&a->label, &b->label, LABEL_SPACING))
            return false;
    }
    return true;
}

/* Places items (largest first, as they are given) with bounded tries; 0 or -1. */
static int place(rng *r, item *it, int n, double w, double h)
{
    for (int restart = 0; restart < LAYOUT_RESTARTS; restart++) {
        int placed = 0;
        for (; placed < n; placed++) {
            item *a = &it[placed];
            double right = a->outside ? a->d.r + LABEL_GAP + a->lw : a->d.r;
            double up = a->outside ? fmax(a->d.r, -a->ink.y0) : a->d.r;
            double down = a->outside ? fmax(a->d.r, a->ink.y1) : a->d.r;
            bool ok = false;
            for (int t = 0; t < LAYOUT_TRIES_PER_OBJECT && !ok; t++) {
                a->d.x = rng_uniform(r, CIRCLES_MARGIN + a->d.r, w - CIRCLES_MARGIN - right);
                a->d.y = rng_uniform(r, CIRCLES_MARGIN + up, h - CIRCLES_MARGIN - down);
                if (a->outside)
                    place_label(a);
                ok = fits(a, it, placed);
            }
            if (!ok)
                break;
        }
        if (placed == n)
            return 0;
    }
    return -1;
}

/* WCAG relative luminance of an 8-bit sRGB colour. */
static double luminance(rgb c)
{
    double v[3] = {c.r / 255.0, c.g / 255.0, c.b / 255.0};
    for (int i = 0; i < 3; i++)
        v[i] = v[i] <= 0.04045 ? v[i] / 12.92 : pow((v[i] + 0.055) / 1.055, 2.4);
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

/* Black or white, whichever contrasts more with the fill (WCAG ratio >= 4.58). */
static rgb label_colour(rgb fill)
{
    double l = luminance(fill);
    return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? RGB_BLACK : RGB_WHITE;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    char err[160];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    double radius[MAX_CIRCLES];
    spaced_sizes(&ctx->rng, n, CIRCLE_RMIN, CIRCLE_RMAX, CIRCLE_MIN_DIFF_PX, CIRCLE_MIN_RATIO, radius);
    /* letter[i] = the letter of the i-th smallest circle. */
    int letter[MAX_CIRCLES];
    for (int i = 0; i < n; i++)
        letter[i] = i;
    rng_shuffle_int(&ctx->rng, letter, n);

    /* it[k] is the k-th largest circle: big ones are placed first. */
    item it[MAX_CIRCLES];
    for (int k = 0; k < n; k++) {
        item *a = &it[k];
        int i = n - 1 - k;
        a->d.r = radius[i];
        char label[2] = {(char)('A' + letter[i]), 0};
        double px, py;
        font_text_place(LABEL_FONT, label, 0, 0, &px, &py, &a->ink.x0, &a->ink.y0, &a->ink.x1, &a->ink.y1);
        a->lw = a->ink.x1 - a->ink.x0;
        /* The ink box's farthest corner from the centre decides whether it fits. */
        double far = hypot(fmax(-a->ink.x0, a->ink.x1), fmax(-a->ink.y0, a->ink.y1));
        a->outside = far + LABEL_INSIDE_PAD > a->d.r;
    }
    if (place(&ctx->rng, it, n, s->width, s->height) != 0)
        return gen_fail(ctx, "cannot place %d labelled circles apart on a %dx%d canvas", n, s->width, s->height);

    rng colours;
    gen_stream(ctx, "colours", &colours);
    for (int k = 0; k < n; k++) {
        const item *a = &it[k];
        int i = n - 1 - k;
        const palette_colour *c = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
        prim *p = scene_circle(s, a->d.x, a->d.y, a->d.r, c->value);
        p->colour_name = c->name;
        p->object = letter[i];
        char label[2] = {(char)('A' + letter[i]), 0};
        prim *t;
        if (a->outside)
            t = scene_text(s, (a->label.x0 + a->label.x1) / 2, a->d.y, LABEL_FONT, label, RGB_BLACK);
        else
            t = scene_text(s, a->d.x, a->d.y, LABEL_FONT, label, label_colour(c->value));
        t->object = letter[i];
    }

    char gold[2 * MAX_CIRCLES + 1];
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            gold[k++] = ' ';
        gold[k++] = (char)('A' + letter[i]);
    }
    gold[k] = 0;
    cJSON_AddStringToObject(ctx->record, "Gold_output", gold);
    cJSON_AddNumberToObject(ctx->record, "Rows", n);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"Gold_output", FIELD_STRING}, {"Rows", FIELD_INT}, {NULL, 0}};

const generator gen_sort_circles = {
    .name = "sort_circles",
    .summary = "n labelled circles of different sizes; sort them by size",
    .images = 1,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows filled circles of different sizes, each named by a capital letter written "
                    "inside it or just to its right. There may be only one circle.",
    .rules = "Put the circles in order of size, from the smallest to the largest. If there is only one circle, "
             "give its letter.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the letters of "
                     "the circles in that order, separated by single spaces, for example ANSWER: "
                     "C A B.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"Gold_output"}, .axis = "Rows"},
    .check_level = check_level,
    .sample = sample,
};
