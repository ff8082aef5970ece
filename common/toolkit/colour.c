/* SPDX-License-Identifier: MIT */
#include "colour.h"

#include <math.h>

/* M_PI is POSIX, not C11. */
#define COLOUR_PI 3.14159265358979323846

/* D65 reference white in XYZ (Y = 1), from the sRGB standard's chromaticities. */
#define D65_XN 0.95047
#define D65_YN 1.00000
#define D65_ZN 1.08883

/* IEC 61966-2-1 sRGB decoding: linear segment below 0.04045, gamma 2.4 above. */
static double srgb_decode(uint8_t v)
{
    double c = v / 255.0;
    if (c <= 0.04045) /* sRGB breakpoint between the linear and power segments */
        return c / 12.92; /* slope of the sRGB linear segment */
    return pow((c + 0.055) / 1.055, 2.4); /* sRGB offset and exponent */
}

/* CIE 1976 f(t): cube root above (6/29)^3, linear below so f is continuous. */
static double lab_f(double t)
{
    const double delta = 6.0 / 29.0; /* CIE's knee of the cube-root curve */
    if (t > delta * delta * delta)
        return cbrt(t);
    return t / (3.0 * delta * delta) + 4.0 / 29.0; /* tangent line at the knee */
}

void srgb_to_lab(rgb c, double lab[3])
{
    double r = srgb_decode(c.r), g = srgb_decode(c.g), b = srgb_decode(c.b);
    /* Linear sRGB to XYZ, the standard's D65 matrix. */
    double x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
    double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    double z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
    double fx = lab_f(x / D65_XN), fy = lab_f(y / D65_YN), fz = lab_f(z / D65_ZN);
    lab[0] = 116.0 * fy - 16.0; /* CIE L* scale: 0 for black, 100 for white */
    lab[1] = 500.0 * (fx - fy); /* CIE a* scale factor */
    lab[2] = 200.0 * (fy - fz); /* CIE b* scale factor */
}

static double deg(double radians) { return radians * (180.0 / COLOUR_PI); }
static double rad(double degrees) { return degrees * (COLOUR_PI / 180.0); }

/* Hue angle in degrees in [0, 360); 0 for a neutral colour, as the paper says. */
static double hue_deg(double b, double a)
{
    if (a == 0.0 && b == 0.0)
        return 0.0;
    double h = deg(atan2(b, a));
    return h < 0.0 ? h + 360.0 : h;
}

/* S_L of step 3, from the two lightnesses alone (ciede2000_at_least uses it too). */
static double lightness_weight(double L1, double L2)
{
    double Lbarp = (L1 + L2) / 2.0;
    double l50 = (Lbarp - 50.0) * (Lbarp - 50.0); /* L* = 50 is the mid-grey pivot */
    return 1.0 + 0.015 * l50 / sqrt(20.0 + l50);  /* paper's S_L constants */
}

double ciede2000_lab(const double lab1[3], const double lab2[3])
{
    const double pow25_7 = 6103515625.0; /* 25^7, from the G and R_C terms */
    double L1 = lab1[0], a1 = lab1[1], b1 = lab1[2];
    double L2 = lab2[0], a2 = lab2[1], b2 = lab2[2];

    /* Step 1: a' stretches a* for near-neutral colours (G term). */
    double C1 = sqrt(a1 * a1 + b1 * b1), C2 = sqrt(a2 * a2 + b2 * b2);
    double Cbar = (C1 + C2) / 2.0;
    double Cbar7 = pow(Cbar, 7.0);
    double G = 0.5 * (1.0 - sqrt(Cbar7 / (Cbar7 + pow25_7)));
    double a1p = (1.0 + G) * a1, a2p = (1.0 + G) * a2;
    double C1p = sqrt(a1p * a1p + b1 * b1), C2p = sqrt(a2p * a2p + b2 * b2);
    double h1p = hue_deg(b1, a1p), h2p = hue_deg(b2, a2p);

    /* Step 2: differences in L', C', H'. */
    double dLp = L2 - L1;
    double dCp = C2p - C1p;
    double dhp = 0.0;
    if (C1p * C2p != 0.0) {
        dhp = h2p - h1p;
        if (dhp > 180.0)
            dhp -= 360.0;
        else if (dhp < -180.0)
            dhp += 360.0;
    }
    double dHp = 2.0 * sqrt(C1p * C2p) * sin(rad(dhp) / 2.0);

    /* Step 3: means, weighting functions and the rotation term. */
    double Cbarp = (C1p + C2p) / 2.0;
    double hbarp = h1p + h2p;
    if (C1p * C2p != 0.0) {
        if (fabs(h1p - h2p) <= 180.0)
            hbarp /= 2.0;
        else if (h1p + h2p < 360.0)
            hbarp = (hbarp + 360.0) / 2.0;
        else
            hbarp = (hbarp - 360.0) / 2.0;
    }
    /* The paper's hue weighting T, with its published coefficients and angles. */
    double T = 1.0 - 0.17 * cos(rad(hbarp - 30.0)) + 0.24 * cos(rad(2.0 * hbarp))
             + 0.32 * cos(rad(3.0 * hbarp + 6.0)) - 0.20 * cos(rad(4.0 * hbarp - 63.0));
    /* Rotation term: blue region centred on 275 degrees, 25 degrees wide. */
    double dtheta = 30.0 * exp(-((hbarp - 275.0) / 25.0) * ((hbarp - 275.0) / 25.0));
    double Cbarp7 = pow(Cbarp, 7.0);
    double RC = 2.0 * sqrt(Cbarp7 / (Cbarp7 + pow25_7));
    double SL = lightness_weight(L1, L2);
    double SC = 1.0 + 0.045 * Cbarp; /* paper's S_C constant */
    double SH = 1.0 + 0.015 * Cbarp * T; /* paper's S_H constant */
    double RT = -sin(rad(2.0 * dtheta)) * RC;

    /* Step 4: kL = kC = kH = 1 (reference conditions).  ciede2000_at_least()
     * relies on the sum under the root being at least tL * tL: |RT| <= 2, so
     * tC^2 + tH^2 + RT tC tH >= (|tC| - |tH|)^2 >= 0. */
    double tL = dLp / SL, tC = dCp / SC, tH = dHp / SH;
    return sqrt(tL * tL + tC * tC + tH * tH + RT * tC * tH);
}

bool ciede2000_at_least(const double lab1[3], const double lab2[3], double de)
{
    /* The bound is exact in reals; the margin covers rounding in either sum. */
    if (fabs(lab2[0] - lab1[0]) / lightness_weight(lab1[0], lab2[0]) >= de * (1.0 + 1e-9))
        return true;
    return ciede2000_lab(lab1, lab2) >= de;
}

double ciede2000(rgb a, rgb b)
{
    double la[3], lb[3];
    srgb_to_lab(a, la);
    srgb_to_lab(b, lb);
    return ciede2000_lab(la, lb);
}
