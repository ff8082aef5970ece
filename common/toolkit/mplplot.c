#include "mplplot.h"

#include <math.h>

point mpl_point(double u, double v)
{
    return (point){(MPL_PAD + u * MPL_AXES_SIDE) * MPL_STRETCH, MPL_PAD + (1 - v) * MPL_AXES_SIDE};
}

void mpl_ellipse(point *out, double cx, double cy, double rx, double ry)
{
    for (int k = 0; k < MPL_ELLIPSE_POINTS; k++) {
        double a = 2 * M_PI * k / MPL_ELLIPSE_POINTS;
        out[k] = (point){cx + rx * cos(a), cy - ry * sin(a)};
    }
}
