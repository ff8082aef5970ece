/* locate_circles_colour: the answer is rebuilt from the drawing.  The board is
 * read back from its lines and labels (grid_scene.h); every circle must sit in
 * one cell with a clear margin to its lines, no two in one cell; its colour name
 * must be a palette colour that the rules name, drawn in that colour; the list of
 * "cell colour" in reading order must equal gold_output.  Other --grid_size
 * values are swept, and a level larger than the board is refused. */
#include "grid_scene.h"
#include "harness.h"
#include "palette.h"
#include "util.h"

#include <string.h>

/* Least white between a circle and its cell's lines, as a share of the cell: the
 * generator keeps 15%; below 10% a circle could be read as on the line. */
#define MIN_CLEAR_SHARE 0.10

static canvas cv;

static int by_cell(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    scene_grid g;
    const char *why = scene_grid_read(sc, &g, msg, n);
    if (why)
        return why;
    if (g.rows != p->grid_size || g.cols != p->grid_size || rec_int(s, "rows") != g.rows) {
        snprintf(msg, n, "board %dx%d, grid_size %d, rows %d", g.cols, g.rows, p->grid_size, rec_int(s, "rows"));
        return msg;
    }
    const generator *gen = generator_find("locate_circles_colour");
    double clear = MIN_CLEAR_SHARE * (g.xs[1] - g.xs[0]);
    int (*found)[3] = xmalloc(sizeof *found * (size_t)(sc->nprims + 1)); /* row, col, prim index */
    int count = 0;
    if (render_scene(&cv, sc) != 0)
        return "render failed";
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        if (a->type != PRIM_CIRCLE) {
            free(found);
            return "an object that is not a circle";
        }
        int row, col;
        if (scene_grid_cell(&g, a->x - a->r, a->y - a->r, a->x + a->r, a->y + a->r, clear, &row, &col) != 0) {
            free(found);
            snprintf(msg, n, "circle %d is not inside one cell with %.0f px to spare", a->object, clear);
            return msg;
        }
        for (int j = 0; j < count; j++)
            if (found[j][0] == row && found[j][1] == col) {
                free(found);
                return "two circles in one cell";
            }
        int c = palette_find(a->colour_name);
        if (c < 0 || memcmp(&PALETTE[c].value, &a->fill, sizeof a->fill) != 0 || !strstr(gen->rules, a->colour_name)) {
            free(found);
            snprintf(msg, n, "circle %d: colour '%s' is not a palette colour the rules name, or not its value",
                     a->object, a->colour_name ? a->colour_name : "(none)");
            return msg;
        }
        rgb px = canvas_pixel(&cv, (int)a->x, (int)a->y);
        if (memcmp(&px, &a->fill, sizeof px) != 0) {
            free(found);
            return "a circle's centre pixel is not its colour";
        }
        found[count][0] = row;
        found[count][1] = col;
        found[count][2] = i;
        count++;
    }
    qsort(found, (size_t)count, sizeof found[0], by_cell);
    strbuf want = {0};
    for (int j = 0; j < count; j++)
        strbuf_addf(&want, "%s%s%s %s", j ? ", " : "", g.col_label[found[j][1]], g.row_label[found[j][0]],
                    sc->prims[found[j][2]].colour_name);
    free(found);
    const char *got = rec_str(s, "gold_output");
    if (count != p->level || rec_int(s, "n_circles") != count || strcmp(got, want.buf ? want.buf : "") != 0) {
        snprintf(msg, n, "drew %d circles (level %d, n_circles %d): want '%s', record '%s'", count, p->level,
                 rec_int(s, "n_circles"), want.buf ? want.buf : "", got);
        strbuf_free(&want);
        return msg;
    }
    strbuf_free(&want);
    return NULL;
}

/* One circle, a half-full board and a full one. */
static int levels(int size, int *out, int max)
{
    (void)max;
    out[0] = 1;
    out[1] = size * size / 2 > 1 ? size * size / 2 : 2;
    out[2] = size * size;
    return 3;
}

int main(void)
{
    int failed = harness_run("locate_circles_colour", check, NULL, 0) != 0;
    static const int sizes[] = {2, 3, 9, 26};
    failed += grid_sweep("locate_circles_colour", check, sizes, 4, levels);
    const generator *g = generator_find("locate_circles_colour");
    char err[256];
    gen_params too_many = {.level = 37, .grid_size = 6};
    if (g->check_level(&too_many, err, sizeof err) == 0 || !strstr(err, "6x6 board") || !strstr(err, "37")) {
        printf("FAIL level 37 on a 6x6 board is not refused clearly: '%s'\n", err);
        failed++;
    }
    gen_params full = {.level = 36, .grid_size = 6};
    if (g->check_level(&full, err, sizeof err) != 0) {
        printf("FAIL level 36 on a 6x6 board is refused: '%s'\n", err);
        failed++;
    }
    canvas_free(&cv);
    return failed ? 1 : 0;
}
