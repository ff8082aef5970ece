/* circle_right_triangle: a grid of n rows and grid_size columns whose cells each
 * hold a circle, a right-angled triangle, another triangle (no angle near 90
 * degrees) or nothing.  Record: rows = n, cols = grid_size, circles, right (the
 * right-angled triangles), triangles (the other triangles).
 * See docs/tasks/circle_right_triangle.md. */
#include "errors.h"
#include "generator.h"
#include "grid.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

/* Smallest cell: 20 rows of 36 px (the largest release level) fit 800 px, so every
 * release image is 800x800; only more rows grow the canvas.  A triangle is then
 * about 26 px across.  (A taller canvas would not help a model that scales to 448
 * px: 1720 px with 80 px cells gives the same size there.) */
#define MIN_CELL 36.0
/* Every angle of an "other" triangle is at least this far from 90 degrees, so no
 * careful reader takes it for a right-angled one. */
#define RIGHT_MARGIN_DEG 20.0
/* Viewing size: at the corner of an "other" triangle nearest 90 degrees, the far
 * end of the shorter side lies at least GEN_VIEW_MIN (3 px at 448) from where a
 * right angle would put it: side * sin(|angle - 90|).  A triangle that falls short
 * (only an obtuse one with a short side, in small cells) is drawn again, at most
 * OTHER_TRIES times. */
#define OTHER_VIEW_MIN GEN_VIEW_MIN
#define OTHER_TRIES 64
/* Other triangles are generated this much further inside the margin, so the
 * rounding of the drawn corners cannot bring an angle near the limit. */
#define RIGHT_MARGIN_SLACK_DEG 2.0
/* Smallest angle of any triangle: a thinner corner makes a sliver whose angles a
 * reader cannot judge. */
#define MIN_ANGLE_DEG 28.0
/* Smallest acute angle of a right-angled triangle: its legs differ by at most
 * 1.7x, so both are long enough to show the right angle. */
#define RIGHT_MIN_ACUTE_DEG 30.0
/* Largest angle of an obtuse triangle: blunter ones look flattened to a line. */
#define MAX_OBTUSE_DEG 124.0
/* A triangle's bounding box, and a circle's diameter, is at most this share of
 * the cell, so 14% of the cell stays clear of the grid lines on each side. */
#define SHAPE_CELL_FRACTION 0.72
#define CIRCLE_CELL_FRACTION 0.31
#define GRID_LINE_WIDTH 2.0
#define GRID_LINE_COLOUR ((rgb){110, 110, 110})

/* Shape colours, drawn whatever the kind, so colour tells nothing about kind. */
static const char *const COLOURS[] = {"red", "green", "blue", "orange", "purple", "turquoise", "black"};
#define NCOLOURS ((int)(sizeof COLOURS / sizeof COLOURS[0]))

enum { EMPTY, CIRCLE, RIGHT, OTHER, NCONTENTS };

static double rad(double deg) { return deg * M_PI / 180.0; }

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    grid g = grid_fit_cell(p->level, p->grid_size, MIN_CELL, GRID_LETTERS, GRID_FROM_1);
    if (g.cell < MIN_CELL || g.width > GRID_MAX_CANVAS || g.height > GRID_MAX_CANVAS) {
        snprintf(err, errlen, "cannot draw a board of %d rows and %d columns with %.0f px cells on a canvas of at most "
                 "%dx%d px", p->level, p->grid_size, MIN_CELL, GRID_MAX_CANVAS, GRID_MAX_CANVAS);
        return -1;
    }
    return 0;
}

/* Angles (degrees) of a triangle with no angle within the margin of 90: an acute
 * one (largest angle below 90 - margin) or an obtuse one (largest above 90 +
 * margin), its other angles at least MIN_ANGLE_DEG. */
static void other_angles(rng *r, double a[3])
{
    double lo_edge = 90 - RIGHT_MARGIN_DEG - RIGHT_MARGIN_SLACK_DEG;
    double hi_edge = 90 + RIGHT_MARGIN_DEG + RIGHT_MARGIN_SLACK_DEG;
    double big, mid;
    if (rng_below(r, 2)) {
        big = rng_uniform(r, 60, lo_edge);
        /* mid <= big and the third (180 - big - mid) <= mid, >= MIN_ANGLE_DEG */
        double mlo = fmax(MIN_ANGLE_DEG, (180 - big) / 2), mhi = fmin(big, 180 - big - MIN_ANGLE_DEG);
        mid = rng_uniform(r, mlo, mhi);
    } else {
        big = rng_uniform(r, hi_edge, MAX_OBTUSE_DEG);
        mid = rng_uniform(r, MIN_ANGLE_DEG, 180 - big - MIN_ANGLE_DEG);
    }
    a[0] = big;
    a[1] = mid;
    a[2] = 180 - big - mid;
}

/* How far, in pixels, the corner of t nearest 90 degrees shows its difference
 * from a right angle (see OTHER_VIEW_MIN). */
static double right_offset(const point t[3])
{
    double best = 180, off = 0;
    for (int k = 0; k < 3; k++) {
        point b = t[k], u = t[(k + 1) % 3], v = t[(k + 2) % 3];
        double ux = u.x - b.x, uy = u.y - b.y, vx = v.x - b.x, vy = v.y - b.y;
        double ang = atan2(fabs(ux * vy - uy * vx), ux * vx + uy * vy) * 180 / M_PI;
        if (fabs(ang - 90) < best) {
            best = fabs(ang - 90);
            off = fmin(hypot(ux, uy), hypot(vx, vy)) * sin(rad(best));
        }
    }
    return off;
}

/* The three corners of a triangle with angles a (degrees), lying with one side
 * along the grid, turned to a random one of the four axis directions, maybe
 * mirrored, and scaled so its bounding box fits a side x side square centred on
 * c.  The side along the grid is the one between the corners of angles a[0] and
 * a[1], or, when any_side is set, a random side.  A right-angled triangle (a[0] =
 * 90, any_side unset) so shows its right angle as a plain corner between a
 * horizontal and a vertical side. */
static void place_triangle(rng *r, const double a[3], bool any_side, point c, double side, point out[3])
{
    /* Corner 0 at the origin, corner 1 at (1, 0); law of sines gives |02|. */
    int order[3] = {0, 1, 2};
    if (any_side)
        rng_shuffle_int(r, order, 3);
    else if (rng_below(r, 2))
        order[0] = 1, order[1] = 0;
    double A = rad(a[order[0]]), B = rad(a[order[1]]), C = rad(a[order[2]]);
    double len02 = sin(B) / sin(C);
    point p[3] = {{0, 0}, {1, 0}, {len02 * cos(A), len02 * sin(A)}};
    /* Side 0-1 lies along the x axis; a quarter turn keeps it along an axis. */
    double turn = M_PI / 2 * rng_below(r, 4), ct = round(cos(turn)), st = round(sin(turn));
    double flip = rng_below(r, 2) ? -1 : 1;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (int i = 0; i < 3; i++) {
        double x = p[i].x * flip, y = p[i].y;
        p[i].x = x * ct - y * st;
        p[i].y = x * st + y * ct;
        x0 = fmin(x0, p[i].x), x1 = fmax(x1, p[i].x);
        y0 = fmin(y0, p[i].y), y1 = fmax(y1, p[i].y);
    }
    double k = side / fmax(x1 - x0, y1 - y0);
    for (int i = 0; i < 3; i++) {
        out[i].x = c.x + (p[i].x - (x0 + x1) / 2) * k;
        out[i].y = c.y + (p[i].y - (y0 + y1) / 2) * k;
    }
}

static int sample(gen_ctx *ctx)
{
    int rows = ctx->p.level, cols = ctx->p.grid_size;
    char err[256];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    scene *s = ctx->img[0];
    grid g = grid_fit_cell(rows, cols, MIN_CELL, GRID_LETTERS, GRID_FROM_1);
    scene_reset(s, g.width, g.height);
    grid_draw_lines(s, &g, GRID_LINE_WIDTH, GRID_LINE_COLOUR);
    grid_draw_labels(s, &g, RGB_BLACK);

    rng look;
    gen_stream(ctx, "colours", &look);
    int count[NCONTENTS] = {0};
    int object = 0;
    for (int row = 0; row < rows; row++)
        for (int col = 0; col < cols; col++) {
            int what = (int)rng_below(&ctx->rng, NCONTENTS);
            count[what]++;
            if (what == EMPTY)
                continue;
            const palette_colour *c = &PALETTE[palette_find(COLOURS[rng_below(&look, NCOLOURS)])];
            point centre = grid_cell_centre(&g, row, col);
            prim *p;
            if (what == CIRCLE) {
                p = scene_circle(s, centre.x, centre.y, CIRCLE_CELL_FRACTION * g.cell, c->value);
                p->kind = "circle";
            } else {
                double a[3];
                point pts[3];
                if (what == RIGHT) {
                    /* Legs in ratio tan(t) for t in [RIGHT_MIN_ACUTE, 45]. */
                    a[0] = 90;
                    a[1] = rng_uniform(&ctx->rng, RIGHT_MIN_ACUTE_DEG, 45);
                    a[2] = 90 - a[1];
                    place_triangle(&ctx->rng, a, false, centre, SHAPE_CELL_FRACTION * g.cell, pts);
                } else {
                    int t = 0;
                    do {
                        other_angles(&ctx->rng, a);
                        place_triangle(&ctx->rng, a, true, centre, SHAPE_CELL_FRACTION * g.cell, pts);
                    } while (right_offset(pts) < OTHER_VIEW_MIN && ++t < OTHER_TRIES);
                    if (t == OTHER_TRIES)
                        return gen_fail(ctx, "cannot draw a triangle %.1f px off a right angle in a %.0f px cell",
                                        OTHER_VIEW_MIN, g.cell);
                }
                p = scene_polygon(s, pts, 3, c->value);
                p->kind = what == RIGHT ? "right triangle" : "triangle";
            }
            p->colour_name = c->name;
            p->object = object++;
        }
    cJSON_AddNumberToObject(ctx->record, "circles", count[CIRCLE]);
    cJSON_AddNumberToObject(ctx->record, "cols", cols);
    cJSON_AddNumberToObject(ctx->record, "right", count[RIGHT]);
    cJSON_AddNumberToObject(ctx->record, "rows", rows);
    cJSON_AddNumberToObject(ctx->record, "triangles", count[OTHER]);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"circles", FIELD_INT}, {"cols", FIELD_INT},      {"right", FIELD_INT},
                                   {"rows", FIELD_INT},    {"triangles", FIELD_INT}, {NULL, 0}};

const generator gen_circle_right_triangle = {
    .name = "circle_right_triangle",
    .summary = "a grid of circles, right-angled and other triangles; count each kind",
    .images = 1,
    .fields = fields,
    .level_field = "rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_grid_size = true,
    .input_prompt = "The image shows a grid of cells. Each cell is empty or holds one filled shape: a circle, a "
                    "right-angled triangle (one of its corners is a right angle of 90 degrees) or a triangle with no "
                    "right angle, whose corners are all clearly sharper or blunter than 90 degrees. Triangles point "
                    "in different directions, and colours do not depend on the kind of shape.",
    .rules = "Count the circles, the right-angled triangles and the triangles that have no right angle.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by three numbers in "
                     "digits, separated by single spaces: the circles, the right-angled "
                     "triangles and the triangles without a right angle, for example ANSWER: 4 2 "
                     "5.",
    .answer = {.kind = ANSWER_INTS, .gold = {"circles", "right", "triangles"}, .axis = "rows"},
    .check_level = check_level,
    .sample = sample,
};
