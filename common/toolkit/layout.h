/* layout.h - bounded random placement of non-overlapping objects.
 *
 * Contract:
 *  1. Placement is rejection sampling with a fixed budget of tries per object and
 *     a fixed number of fresh restarts; it returns -1 when the budget is spent, and
 *     the caller turns that into gen_fail() naming the task, level and canvas.
 *  2. "Fits" always includes the gap: two placed objects are at least `gap` pixels
 *     apart edge to edge, and at least `gap` from the area's border.
 */
#ifndef GEN_LAYOUT_H
#define GEN_LAYOUT_H

#include "rng.h"

#include <stdbool.h>

/* Tries for one object before the whole layout restarts: enough that a layout at
 * 30% coverage almost never restarts, small enough to fail fast when crowded. */
#define LAYOUT_TRIES_PER_OBJECT 400
/* Fresh restarts before giving up: a level that fails 50 times is not drawable. */
#define LAYOUT_RESTARTS 50

typedef struct box {
    double x0, y0, x1, y1;
} box;

typedef struct disc {
    double x, y, r;
} disc;

/* True when d lies inside area with `gap` to spare and is `gap` clear of the
 * first n discs of placed. */
bool disc_fits(const box *area, const disc *placed, int n, disc d, double gap);

/* Places n discs with radii uniform in [rmin, rmax] inside area, pairwise at least
 * gap apart.  Returns 0, or -1 when the budget is spent. */
int place_discs(rng *r, const box *area, int n, double rmin, double rmax, double gap, disc *out);

/* Task-specific rules on top of place_discs(), for placements the plain version
 * cannot express.  Every member is optional (NULL / 0 = the plain behaviour). */
typedef struct disc_rules {
    double pair_gap; /* gap between discs, when it differs from the edge gap (0 = same) */
    /* The box disc i's centre is drawn from, given its radius (default: the area
     * shrunk by the edge gap and the radius). */
    void (*centre_box)(int i, double r, box *b, void *arg);
    /* An extra condition disc i must meet, besides the gaps. */
    bool (*accept)(int i, disc d, void *arg);
    void *arg;
} disc_rules;

/* place_discs() with rules; draws radius, x, y per try exactly as place_discs(). */
int place_discs_ruled(rng *r, const box *area, int n, double rmin, double rmax, double gap, const disc_rules *rules,
                      disc *out);

/* True when the two boxes overlap or come within gap of each other. */
bool boxes_near(const box *a, const box *b, double gap);

#endif
