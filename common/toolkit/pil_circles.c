/* SPDX-License-Identifier: MIT */
#include "pil_circles.h"

#include <math.h>

bool pil_circles_place(rng *r, int n, int rmin, int rmax, int w, int h, int tries, int *cx, int *cy, int *rad)
{
    int big = 0;
    for (int i = 0; i < n; i++) {
        rad[i] = rng_int(r, rmin, rmax);
        if (rad[i] > big)
            big = rad[i];
    }
    int placed = 0;
    for (int t = 0; placed < n; t++) {
        if (t == tries)
            return false;
        int x = rng_int(r, big, w - big), y = rng_int(r, big, h - big);
        bool clear = true;
        for (int j = 0; j < placed && clear; j++)
            clear = hypot(cx[j] - x, cy[j] - y) >= rad[j] + big;
        if (clear) {
            cx[placed] = x;
            cy[placed] = y;
            placed++;
        }
    }
    return true;
}

bool pil_circles_readable(int n, const int *cx, const int *cy, const int *rad, double half, double gap)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (hypot(cx[i] - cx[j], cy[i] - cy[j]) - (rad[i] + half) - (rad[j] + half) < gap)
                return false;
    return true;
}
