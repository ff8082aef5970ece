/* sort_lines: n parallel horizontal lines of distinct lengths, each labelled with a
 * capital letter just left of its left end (A, B, C... from the top).
 * Record: Gold_output = the labels from shortest to longest; Lines = n.
 * See docs/tasks/sort_lines.md. */
#include "errors.h"
#include "font.h"
#include "generator.h"
#include "spaced.h"
#include "util.h"

#include <math.h>
#include <stdio.h>

/* Clear border around the drawing, so nothing touches the image edge. */
#define LINES_MARGIN 40.0
/* Stroke width of a line: bold enough to see at half size; butt caps, so the drawn
 * length is exactly the length. */
#define LINE_WIDTH 4.0
/* Shortest line: well longer than a label is wide, so no line reads as a dash. */
#define LINE_MIN_LEN 50.0
/* Any two lengths differ by at least this many pixels: three line widths, visible
 * without measuring even when the image is shown at half size. */
#define LINE_MIN_DIFF_PX 12.0
/* ... and the shorter is at most 94% of the longer (6% less): twice the ~3% Weber
 * fraction of length judgement, so the order is seen, not guessed, even for long
 * lines that start at different x. */
#define LINE_MIN_DIFF_REL 0.06
/* Label size in pixels (em): capitals about 15 px tall, legible at half size. */
#define LABEL_FONT 22.0
/* White space between a label's ink and the left end of its line: close enough to
 * read as one unit, and it lets 26 lines keep LABEL_ATTACH_RATIO. */
#define LABEL_GAP 6.0
/* Width kept free for labels left of the lines: the widest capital (W) at
 * LABEL_FONT is about 21 px. */
#define LABEL_COLUMN 24.0
/* A label's nearest other line is at least this many times farther than its own
 * line, so which line a label names is never in doubt. */
#define LABEL_ATTACH_RATIO 2.0
/* Allowance for anti-aliasing: ink and stroke edges spread about a pixel. */
#define ANTIALIAS_PX 1.0
/* Line spacing for few lines: keeps a small set compact rather than spread over
 * the whole height. */
#define LINE_PITCH_MAX 90.0
/* Capital height of the bundled font per em (Liberation Sans: 1409/2048). */
#define CAP_HEIGHT_EM 0.688
/* Labels are single capitals. */
#define MAX_LINES 26

/* Longest line: the full width inside the margins less the label column. */
static double max_len(void)
{
    return GEN_CANVAS - 2 * LINES_MARGIN - LABEL_COLUMN - LABEL_GAP;
}

static double pitch_for(int n)
{
    return fmin(LINE_PITCH_MAX, (GEN_CANVAS - 2 * LINES_MARGIN) / n);
}

/* Smallest spacing at which a label's neighbour line (straight above or below it)
 * is LABEL_ATTACH_RATIO times farther than its own line, even when both distances
 * are taken from anti-aliased pixels. */
static double min_pitch(void)
{
    return LABEL_ATTACH_RATIO * (LABEL_GAP + ANTIALIAS_PX) + LABEL_FONT * CAP_HEIGHT_EM / 2 + LINE_WIDTH / 2 +
           ANTIALIAS_PX;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    int n = p->level;
    if (n > MAX_LINES) {
        snprintf(err, errlen, "cannot label %d lines with single capitals (at most %d)", n, MAX_LINES);
        return -1;
    }
    if (spaced_ladder_top(n, LINE_MIN_LEN, LINE_MIN_DIFF_PX, 1 / (1 - LINE_MIN_DIFF_REL)) > max_len()) {
        snprintf(err, errlen, "cannot draw %d lines of clearly different length on a %dx%d canvas", n, GEN_CANVAS,
                 GEN_CANVAS);
        return -1;
    }
    if (pitch_for(n) < min_pitch()) {
        snprintf(err, errlen, "cannot space %d labelled lines on a %dx%d canvas", n, GEN_CANVAS, GEN_CANVAS);
        return -1;
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

    double len[MAX_LINES];
    spaced_sizes(&ctx->rng, n, LINE_MIN_LEN, max_len(), LINE_MIN_DIFF_PX, 1 / (1 - LINE_MIN_DIFF_REL), len);
    /* rank[row] = which length (0 = shortest) the row from the top gets. */
    int rank[MAX_LINES];
    for (int i = 0; i < n; i++)
        rank[i] = i;
    rng_shuffle_int(&ctx->rng, rank, n);

    double pitch = pitch_for(n);
    double xmin = LINES_MARGIN + LABEL_COLUMN + LABEL_GAP, xmax = s->width - LINES_MARGIN;
    int by_rank[MAX_LINES];
    for (int row = 0; row < n; row++) {
        /* Whole-pixel y: the 4 px stroke then covers whole pixel rows. */
        double y = round(s->height / 2.0 + (row - (n - 1) / 2.0) * pitch);
        double l = len[rank[row]];
        double x0 = rng_uniform(&ctx->rng, xmin, xmax - l);
        prim *line = scene_line(s, x0, y, x0 + l, y, LINE_WIDTH, RGB_BLACK);
        line->kind = "line";
        line->object = row;

        char label[2] = {(char)('A' + row), 0};
        double w, h;
        font_text_size(LABEL_FONT, label, &w, &h);
        prim *t = scene_text(s, x0 - LABEL_GAP - w / 2, y, LABEL_FONT, label, RGB_BLACK);
        t->object = row;
        by_rank[rank[row]] = row;
    }

    char gold[2 * MAX_LINES + 1];
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            gold[k++] = ' ';
        gold[k++] = (char)('A' + by_rank[i]);
    }
    gold[k] = 0;
    cJSON_AddStringToObject(ctx->record, "Gold_output", gold);
    cJSON_AddNumberToObject(ctx->record, "Lines", n);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"Gold_output", FIELD_STRING}, {"Lines", FIELD_INT}, {NULL, 0}};

const generator gen_sort_lines = {
    .name = "sort_lines",
    .summary = "n labelled horizontal lines of different lengths; sort them by length",
    .images = 1,
    .fields = fields,
    .level_field = "Lines",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows horizontal lines of different lengths, one above another, each named by a "
                    "capital letter written just left of it. There may be only one line.",
    .rules = "Put the lines in order of length, from the shortest to the longest. If there is only one line, "
             "give its letter.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the letters of "
                     "the lines in that order, separated by single spaces, for example ANSWER: C "
                     "A B.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"Gold_output"}, .axis = "Lines"},
    .check_level = check_level,
    .sample = sample,
};
