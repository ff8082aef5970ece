/* SPDX-License-Identifier: MIT */
/* sort_lines: n vertical lines of different lengths standing on one baseline,
 * evenly spaced across a 1000x1000 canvas, numbered 1..n left to right above their
 * tops (Percept-V's sort_lines as published).
 * Record: Gold_output = the numbers from the shortest line to the longest (a list
 * of ints); Lines = n.  See docs/tasks/sort_lines.md. */
#include "errors.h"
#include "generator.h"
#include "rows.h"

#include <stdio.h>
#include <stdlib.h>

/* The original's canvas: a fixed 1000x1000 white picture. */
#define CANVAS 1000
/* The common baseline: 10 px above the bottom edge. */
#define BASE_Y (CANVAS - 10)
/* Lengths are whole pixels drawn uniformly from [CANVAS / 4, CANVAS - 40]. */
#define LEN_MIN (CANVAS / 4)
#define LEN_MAX (CANVAS - 40)
/* The original's margin: any two lengths differ by at least 20 px.  On a 1000 px
 * picture viewed at 448 px that is 9 px between two tops on one baseline, three
 * times the 3 px a deciding difference needs (tasks.md rule 12), so the original's
 * own rule keeps every order readable and gen adds none. */
#define LEN_MIN_DIFF 20
/* Stroke width of a line (the original's 3 px). */
#define LINE_WIDTH 3.0
/* Labels: the original's Arial (the bundled Liberation Sans, drawn as Pillow
 * draws it: font.h contract 5) at 30 px, black, drawn at (x - 10, top - 30)
 * with Pillow's default anchor "la" (the ascender's left end). */
#define LABEL_SIZE 30
#define LABEL_DX 10
#define LABEL_DY 30
/* Past this many lines a two-digit label (its ink 8 px left to 21 px right of its
 * line) would reach past half the spacing 1000 / (n + 1), nearer the next line
 * than its own. */
#define MAX_LINES 22
/* Scenes thrown away when the lengths jam (no admissible length left for the
 * next line) before giving up; jams are rare below level 25. */
#define MAX_REDRAWS 1000

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_LINES) {
        snprintf(err, errlen, "cannot space %d numbered lines on a %dx%d canvas (at most %d)", p->level, CANVAS,
                 CANVAS, MAX_LINES);
        return -1;
    }
    return 0;
}

/* n lengths, each uniform over the whole pixels of [LEN_MIN, LEN_MAX] at least
 * LEN_MIN_DIFF from every earlier one: the original's draw-until-admissible, done
 * as one draw among the admissible values (the same distribution, no loop).  -1
 * when a line has no admissible length left. */
static int draw_lengths(rng *r, int n, int *len)
{
    int ok[LEN_MAX - LEN_MIN + 1];
    for (int i = 0; i < n; i++) {
        int k = 0;
        for (int v = LEN_MIN; v <= LEN_MAX; v++) {
            int free_ = 1;
            for (int j = 0; j < i && free_; j++)
                free_ = abs(v - len[j]) >= LEN_MIN_DIFF;
            if (free_)
                ok[k++] = v;
        }
        if (k == 0)
            return -1;
        len[i] = ok[rng_below(r, (uint32_t)k)];
    }
    return 0;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    char err[160];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);
    scene_reset(s, CANVAS, CANVAS);
    scene_describe(s, "pil image %d %d", CANVAS, CANVAS);

    int len[MAX_LINES];
    while (draw_lengths(&ctx->rng, n, len) != 0)
        if (++ctx->redraws > MAX_REDRAWS)
            return gen_fail(ctx, "cannot draw %d line lengths %d px apart in %d..%d px", n, LEN_MIN_DIFF, LEN_MIN,
                            LEN_MAX);

    rng colours;
    gen_stream(ctx, "colours", &colours);
    int spacing = CANVAS / (n + 1);
    for (int i = 0; i < n; i++) {
        int x = (i + 1) * spacing, top = BASE_Y - len[i];
        rgb c;
        c.r = (uint8_t)rng_int(&colours, 50, 205);
        c.g = (uint8_t)rng_int(&colours, 50, 205);
        c.b = (uint8_t)rng_int(&colours, 50, 205);
        /* The original's 3 px line covers pixel columns x-1..x+1 and rows top..BASE_Y. */
        prim *line = scene_line(s, x + 0.5, top, x + 0.5, BASE_Y + 1, LINE_WIDTH, c);
        line->edges = EDGES_HARD; /* Pillow draws it without antialiasing */
        line->kind = "line";
        line->object = i;
        scene_describe(s, "pil line %d,%d,%d,%d fill=(%d,%d,%d) width=3 kind=line", x, top, x, BASE_Y, c.r, c.g, c.b);

        char label[8];
        snprintf(label, sizeof label, "%d", i + 1);
        prim *t = scene_pil_text(s, x - LABEL_DX, top - LABEL_DY, LABEL_SIZE, label, RGB_BLACK, ALIGN_LEFT, ALIGN_TOP);
        scene_describe(s, "pil text %d %d s=%s fill=black size=%d kind=label", x - LABEL_DX, top - LABEL_DY, label,
                       LABEL_SIZE);
        t->kind = "label";
        t->object = i;
    }

    scene_describe(s, "pil save");

    /* By length; lengths are distinct, so the order is the answer. */
    double length[MAX_LINES];
    for (int i = 0; i < n; i++)
        length[i] = len[i];
    rows_add_size_order(cJSON_AddArrayToObject(ctx->record, "Gold_output"), length, n);
    cJSON_AddNumberToObject(ctx->record, "Lines", n);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"Gold_output", FIELD_INT_ARRAY}, {"Lines", FIELD_INT}, {NULL, 0}};

const generator gen_sort_lines = {
    .name = "sort_lines",
    .summary = "n numbered vertical lines of different lengths on one baseline; sort them by length",
    .images = 1,
    .fields = fields,
    .level_field = "Lines",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "- The picture shows parallel lines that differ in length, each marked with a number.\n"
                    "- There may be just one line in the picture.",
    .rules = "- Put the lines in order of length, starting with the shortest and ending with the longest.\n"
             "- When there is just one line, answer with that line's number.",
    .output_prompt = "- The final line of your reply must hold nothing but the numbers of the lines in that order, "
                     "separated by single spaces, for example: 3 1 2",
    .answer = {.format = "x y z", .kind = ANSWER_WORDS, .gold = {"Gold_output"}, .axis = "Lines"},
    .check_level = check_level,
    .sample = sample,
};
