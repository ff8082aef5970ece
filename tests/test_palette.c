/* SPDX-License-Identifier: MIT */
/* test_palette.c - CIEDE2000 against published data, the palette against the
 * original's, and its measured margins.
 *
 * Exit status 0 when every check passes, 1 otherwise; each failure is printed on
 * its own line, then one summary line counting check groups.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "colour.h"
#include "palette.h"

/* The published test pairs are given to 4 decimals, so agreement to 1e-4 is as
 * close as they can confirm. */
#define SHARMA_TOLERANCE 1e-4
/* srgb_to_lab() checks against values printed to 4 decimals, with slack for the
 * published sRGB matrix and white point being rounded to 4-7 digits. */
#define LAB_TOLERANCE 1e-3
/* count_coloured_circles draws its non-red circles from colours at least this far
 * from red, and needs at least COUNT_FAR_FROM_RED of them for variety. */
#define FAR_FROM_RED_DE2000 30.0
#define COUNT_FAR_FROM_RED 8

static int failures_in_group;

/* Prints one failure on its own line and counts it against the current group. */
__attribute__((format(printf, 1, 2)))
static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("test_palette: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    failures_in_group++;
}

/* Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula:
 * implementation notes, supplementary test data, and mathematical observations",
 * Color Res. Appl. 30(1), Table 1: L1 a1 b1, L2 a2 b2, dE00. */
static const double SHARMA[34][7] = {
    {50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425},
    {50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615},
    {50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412},
    {50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000},
    {50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000},
    {50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000},
    {50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669},
    {50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669},
    {50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792},
    {50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792},
    {50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195},
    {50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195},
    {50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045},
    {50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045},
    {50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461},
    {50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065},
    {50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492},
    {50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977},
    {50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030},
    {50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535},
    {50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000},
    {50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000},
    {50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000},
    {50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000},
    {60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644},
    {63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630},
    {61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731},
    {35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645},
    {22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373},
    {36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146},
    {90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441},
    {90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381},
    {6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377},
    {2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082},
};

static void check_sharma(void)
{
    for (int i = 0; i < 34; i++) {
        const double *t = SHARMA[i];
        double want = t[6];
        double got = ciede2000_lab(t, t + 3);
        double back = ciede2000_lab(t + 3, t); /* the formula is symmetric */
        if (!(fabs(got - want) <= SHARMA_TOLERANCE))
            fail("sharma pair %d: ciede2000 %.6f, expected %.4f", i + 1, got, want);
        if (!(fabs(back - want) <= SHARMA_TOLERANCE))
            fail("sharma pair %d reversed: ciede2000 %.6f, expected %.4f", i + 1, back, want);
    }
}

static void check_lab_one(const char *what, rgb c, const double want[3])
{
    static const char *const axis[3] = {"L*", "a*", "b*"};
    double lab[3];
    srgb_to_lab(c, lab);
    for (int k = 0; k < 3; k++)
        if (!(fabs(lab[k] - want[k]) <= LAB_TOLERANCE))
            fail("srgb_to_lab %s %s: %.4f, expected %.4f", what, axis[k], lab[k], want[k]);
}

static void check_srgb_to_lab(void)
{
    /* White is the reference white; black is the origin. */
    check_lab_one("white", RGB_WHITE, (const double[3]){100.0, 0.0, 0.0});
    check_lab_one("black", RGB_BLACK, (const double[3]){0.0, 0.0, 0.0});
    /* sRGB primary red, as tabulated by Lindbloom's calculator (D65, sRGB). */
    check_lab_one("(255,0,0)", (rgb){255, 0, 0}, (const double[3]){53.2408, 80.0925, 67.2032});
}

/* The original's 20 colours (Percept-V's swatches.py and scripts), in its order,
 * with matplotlib's RGB values for the names. */
static const struct {
    const char *name;
    int r, g, b;
} ORIGINAL[PALETTE_SIZE] = {
    {"black", 0, 0, 0},         {"gray", 128, 128, 128},   {"brown", 165, 42, 42},     {"maroon", 128, 0, 0},
    {"red", 255, 0, 0},         {"coral", 255, 127, 80},   {"tan", 210, 180, 140},     {"orange", 255, 165, 0},
    {"ivory", 255, 255, 240},   {"goldenrod", 218, 165, 32}, {"yellow", 255, 255, 0},  {"green", 0, 128, 0},
    {"olive", 128, 128, 0},     {"turquoise", 64, 224, 208}, {"skyblue", 135, 206, 235}, {"blue", 0, 0, 255},
    {"lavender", 230, 230, 250}, {"purple", 128, 0, 128},  {"pink", 255, 192, 203},    {"fuchsia", 255, 0, 255},
};

static void check_original(void)
{
    for (int i = 0; i < PALETTE_SIZE; i++)
        if (strcmp(PALETTE[i].name, ORIGINAL[i].name) != 0 || PALETTE[i].value.r != ORIGINAL[i].r ||
            PALETTE[i].value.g != ORIGINAL[i].g || PALETTE[i].value.b != ORIGINAL[i].b)
            fail("palette entry %d is %s (%d,%d,%d), the original's is %s (%d,%d,%d)", i, PALETTE[i].name,
                 PALETTE[i].value.r, PALETTE[i].value.g, PALETTE[i].value.b, ORIGINAL[i].name, ORIGINAL[i].r,
                 ORIGINAL[i].g, ORIGINAL[i].b);
}

/* The original palette's margins are measured, not floors: the closest pair and
 * the palest colour are pinned to the figures the task pages quote. */
#define MEASURE_TOLERANCE 0.05

static void check_pairwise(void)
{
    double least = 1e9;
    int li = -1, lj = -1;
    for (int i = 0; i < PALETTE_SIZE; i++)
        for (int j = i + 1; j < PALETTE_SIZE; j++) {
            double d = ciede2000(PALETTE[i].value, PALETTE[j].value);
            if (d < least)
                least = d, li = i, lj = j;
        }
    if (fabs(least - 8.9) > MEASURE_TOLERANCE || strcmp(PALETTE[li].name, "orange") != 0 ||
        strcmp(PALETTE[lj].name, "goldenrod") != 0 || !(least >= PALETTE_MIN_DE2000))
        fail("closest pair %s/%s at %.2f, the pages say orange/goldenrod 8.9", PALETTE[li].name, PALETTE[lj].name,
             least);
    /* the other figures the pages quote */
    static const struct {
        const char *a, *b;
        double de;
    } quoted[] = {{"brown", "maroon", 10.4}, {"tan", "goldenrod", 14.7}, {"red", "coral", 15.5},
                  {"ivory", "lavender", 17.7}};
    for (size_t k = 0; k < sizeof quoted / sizeof quoted[0]; k++) {
        double d = ciede2000(PALETTE[palette_find(quoted[k].a)].value, PALETTE[palette_find(quoted[k].b)].value);
        if (fabs(d - quoted[k].de) > MEASURE_TOLERANCE)
            fail("%s/%s at %.2f, the pages say %.1f", quoted[k].a, quoted[k].b, d, quoted[k].de);
    }
}

static void check_white(void)
{
    static const struct {
        const char *name;
        double de;
    } pale[] = {{"ivory", 6.9}, {"lavender", 10.1}, {"pink", 22.1}, {"skyblue", 22.2}, {"tan", 22.8}};
    for (size_t k = 0; k < sizeof pale / sizeof pale[0]; k++) {
        double d = ciede2000(PALETTE[palette_find(pale[k].name)].value, RGB_WHITE);
        if (fabs(d - pale[k].de) > MEASURE_TOLERANCE)
            fail("%s is %.2f from white, the pages say %.1f", pale[k].name, d, pale[k].de);
    }
    for (int i = 0; i < PALETTE_SIZE; i++) {
        double d = ciede2000(PALETTE[i].value, RGB_WHITE);
        if (!(d >= PALETTE_MIN_WHITE_DE2000))
            fail("palette '%s' is %.2f from white, below the palest measured (%.1f)", PALETTE[i].name, d,
                 PALETTE_MIN_WHITE_DE2000);
    }
}

static void check_names(void)
{
    for (int i = 0; i < PALETTE_SIZE; i++) {
        const char *name = PALETTE[i].name;
        if (name == NULL || name[0] == '\0') {
            fail("palette entry %d has no name", i);
            continue;
        }
        if (strspn(name, "abcdefghijklmnopqrstuvwxyz") != strlen(name))
            fail("palette name '%s' is not plain lowercase letters", name);
        for (int j = i + 1; j < PALETTE_SIZE; j++)
            if (strcmp(name, PALETTE[j].name) == 0)
                fail("palette name '%s' is used twice", name);
    }
}

static void check_find(void)
{
    for (int i = 0; i < PALETTE_SIZE; i++) {
        int got = palette_find(PALETTE[i].name);
        if (got != i)
            fail("palette_find '%s': %d, expected %d", PALETTE[i].name, got, i);
    }
    if (palette_find("red") != PALETTE_RED)
        fail("palette_find 'red': %d, expected PALETTE_RED (%d)", palette_find("red"), PALETTE_RED);
    /* Near misses and non-names must not match. */
    static const char *const absent[] = {"", "Red", "re", "reds", "white", "grey"};
    for (size_t k = 0; k < sizeof absent / sizeof absent[0]; k++)
        if (palette_find(absent[k]) != -1)
            fail("palette_find '%s': %d, expected -1", absent[k], palette_find(absent[k]));
    if (palette_find(NULL) != -1)
        fail("palette_find NULL: %d, expected -1", palette_find(NULL));
}

static void check_far_from_red(void)
{
    int far[PALETTE_SIZE];
    int n = palette_far_from(PALETTE_RED, FAR_FROM_RED_DE2000, far, PALETTE_SIZE);
    if (n < COUNT_FAR_FROM_RED)
        fail("palette_far_from red %.0f: %d colours, expected at least %d",
             FAR_FROM_RED_DE2000, n, COUNT_FAR_FROM_RED);
    /* The list must be exactly the colours that far, in palette order. */
    int k = 0;
    for (int i = 0; i < PALETTE_SIZE; i++) {
        double d = ciede2000(PALETTE[PALETTE_RED].value, PALETTE[i].value);
        if (d < FAR_FROM_RED_DE2000)
            continue;
        if (k >= n || far[k] != i)
            fail("palette_far_from red %.0f: '%s' (%.2f) missing or out of order",
                 FAR_FROM_RED_DE2000, PALETTE[i].name, d);
        else
            k++;
    }
    if (k != n)
        fail("palette_far_from red %.0f: listed %d colours, %d qualify", FAR_FROM_RED_DE2000, n, k);
    /* max bounds the output; a bad index is refused. */
    int two[2];
    if (palette_far_from(PALETTE_RED, FAR_FROM_RED_DE2000, two, 2) != 2)
        fail("palette_far_from red with max 2: did not stop at 2");
    if (palette_far_from(PALETTE_SIZE, FAR_FROM_RED_DE2000, far, PALETTE_SIZE) != -1)
        fail("palette_far_from index %d: expected -1", PALETTE_SIZE);
    if (palette_far_from(-1, FAR_FROM_RED_DE2000, far, PALETTE_SIZE) != -1)
        fail("palette_far_from index -1: expected -1");
}

/* ciede2000_at_least() gives ciede2000_lab()'s answer for every pair of a grid of
 * 8-bit colours (every 17th level of each channel, 4,913 colours) against the
 * palette, at thresholds around the ones the tasks use and at the exact difference
 * itself (the tie), and its shortcut is taken for some pairs but not all. */
static void check_at_least(void)
{
    static const double thresholds[] = {5, 20, 25, 40, 60};
    const size_t nt = sizeof thresholds / sizeof thresholds[0];
    long shortcuts = 0, pairs = 0;
    for (int r = 0; r < 256; r += 17)
        for (int g = 0; g < 256; g += 17)
            for (int b = 0; b < 256; b += 17) {
                double a[3];
                srgb_to_lab((rgb){(uint8_t)r, (uint8_t)g, (uint8_t)b}, a);
                for (int k = 0; k < PALETTE_SIZE; k++) {
                    double p[3];
                    srgb_to_lab(PALETTE[k].value, p);
                    double d = ciede2000_lab(a, p), L = (a[0] + p[0]) / 2 - 50;
                    double bound = fabs(a[0] - p[0]) / (1 + 0.015 * L * L / sqrt(20 + L * L));
                    for (size_t t = 0; t <= nt; t++) {
                        double de = t < nt ? thresholds[t] : d;
                        pairs++;
                        if (ciede2000_at_least(a, p, de) != (d >= de))
                            fail("ciede2000_at_least(%d,%d,%d vs %s, %g) disagrees (difference %.17g)", r, g, b,
                                 PALETTE[k].name, de, d);
                        if (bound > d * (1 + 1e-12))
                            fail("lightness bound %.17g above the difference %.17g", bound, d);
                        shortcuts += bound >= de * (1 + 1e-9);
                    }
                }
            }
    if (shortcuts == 0 || shortcuts == pairs)
        fail("the lightness shortcut decided %ld of %ld pairs", shortcuts, pairs);
}

static const struct check {
    const char *name;
    void (*run)(void);
} CHECKS[] = {
    {"ciede2000 sharma pairs", check_sharma},
    {"ciede2000_at_least", check_at_least},
    {"srgb_to_lab", check_srgb_to_lab},
    {"palette is the original's", check_original},
    {"palette pairwise distance (measured)", check_pairwise},
    {"palette distance from white (measured)", check_white},
    {"palette names", check_names},
    {"palette_find", check_find},
    {"palette_far_from red", check_far_from_red},
};

int main(void)
{
    int passed = 0, failed = 0;
    for (size_t i = 0; i < sizeof CHECKS / sizeof CHECKS[0]; i++) {
        failures_in_group = 0;
        CHECKS[i].run();
        if (failures_in_group == 0) {
            passed++;
        } else {
            failed++;
            printf("test_palette: %s: %d failed\n", CHECKS[i].name, failures_in_group);
        }
    }
    printf("palette: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
