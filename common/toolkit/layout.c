#include "layout.h"

#include <stddef.h>

/* disc_fits() with separate edge and pair gaps. */
static bool fits_gaps(const box *area, const disc *placed, int n, disc d, double edge_gap, double pair_gap)
{
    if (d.x - d.r < area->x0 + edge_gap || d.x + d.r > area->x1 - edge_gap || d.y - d.r < area->y0 + edge_gap ||
        d.y + d.r > area->y1 - edge_gap)
        return false;
    for (int i = 0; i < n; i++) {
        double dx = d.x - placed[i].x, dy = d.y - placed[i].y;
        double min = d.r + placed[i].r + pair_gap;
        if (dx * dx + dy * dy < min * min)
            return false;
    }
    return true;
}

bool disc_fits(const box *area, const disc *placed, int n, disc d, double gap)
{
    return fits_gaps(area, placed, n, d, gap, gap);
}

int place_discs(rng *r, const box *area, int n, double rmin, double rmax, double gap, disc *out)
{
    return place_discs_ruled(r, area, n, rmin, rmax, gap, NULL, out);
}

int place_discs_ruled(rng *r, const box *area, int n, double rmin, double rmax, double gap, const disc_rules *rules,
                      disc *out)
{
    double pair_gap = rules && rules->pair_gap > 0 ? rules->pair_gap : gap;
    for (int restart = 0; restart < LAYOUT_RESTARTS; restart++) {
        int placed = 0;
        while (placed < n) {
            bool ok = false;
            for (int t = 0; t < LAYOUT_TRIES_PER_OBJECT && !ok; t++) {
                disc d;
                d.r = rng_uniform(r, rmin, rmax);
                box c = {area->x0 + gap + d.r, area->y0 + gap + d.r, area->x1 - gap - d.r, area->y1 - gap - d.r};
                if (rules && rules->centre_box)
                    rules->centre_box(placed, d.r, &c, rules->arg);
                d.x = rng_uniform(r, c.x0, c.x1);
                d.y = rng_uniform(r, c.y0, c.y1);
                if ((!rules || !rules->accept || rules->accept(placed, d, rules->arg)) &&
                    fits_gaps(area, out, placed, d, gap, pair_gap)) {
                    out[placed++] = d;
                    ok = true;
                }
            }
            if (!ok)
                break;
        }
        if (placed == n)
            return 0;
    }
    return -1;
}

bool boxes_near(const box *a, const box *b, double gap)
{
    return a->x0 < b->x1 + gap && b->x0 < a->x1 + gap && a->y0 < b->y1 + gap && b->y0 < a->y1 + gap;
}
