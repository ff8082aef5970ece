#include "layout.h"

bool disc_fits(const box *area, const disc *placed, int n, disc d, double gap)
{
    if (d.x - d.r < area->x0 + gap || d.x + d.r > area->x1 - gap || d.y - d.r < area->y0 + gap ||
        d.y + d.r > area->y1 - gap)
        return false;
    for (int i = 0; i < n; i++) {
        double dx = d.x - placed[i].x, dy = d.y - placed[i].y;
        double min = d.r + placed[i].r + gap;
        if (dx * dx + dy * dy < min * min)
            return false;
    }
    return true;
}

int place_discs(rng *r, const box *area, int n, double rmin, double rmax, double gap, disc *out)
{
    for (int restart = 0; restart < LAYOUT_RESTARTS; restart++) {
        int placed = 0;
        while (placed < n) {
            bool ok = false;
            for (int t = 0; t < LAYOUT_TRIES_PER_OBJECT && !ok; t++) {
                disc d;
                d.r = rng_uniform(r, rmin, rmax);
                d.x = rng_uniform(r, area->x0 + gap + d.r, area->x1 - gap - d.r);
                d.y = rng_uniform(r, area->y0 + gap + d.r, area->y1 - gap - d.r);
                if (disc_fits(area, out, placed, d, gap)) {
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
