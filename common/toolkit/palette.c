/* SPDX-License-Identifier: MIT */
#include "palette.h"

#include <stddef.h>
#include <string.h>

#include "colour.h"

const palette_colour PALETTE[PALETTE_SIZE] = {
#define PALETTE_COLOUR(name, r, g, b) {#name, {r, g, b}},
#include "swatches/palette.def"
#undef PALETTE_COLOUR
};

/* Compile-time checks on palette.def: the array above silently zero-fills if the
 * list is short, and PALETTE_RED must name red. */
enum palette_def_index {
#define PALETTE_COLOUR(name, r, g, b) PALETTE_DEF_##name,
#include "swatches/palette.def"
#undef PALETTE_COLOUR
    PALETTE_DEF_COUNT
};
_Static_assert(PALETTE_DEF_COUNT == PALETTE_SIZE, "palette.def must list PALETTE_SIZE colours");
_Static_assert(PALETTE_DEF_red == PALETTE_RED, "PALETTE_RED must be the index of red in palette.def");

int palette_find(const char *name)
{
    if (name == NULL)
        return -1;
    for (int i = 0; i < PALETTE_SIZE; i++)
        if (strcmp(PALETTE[i].name, name) == 0)
            return i;
    return -1;
}

int palette_far_from(int index, double min_de, int *out, int max)
{
    if (index < 0 || index >= PALETTE_SIZE)
        return -1;
    int n = 0;
    for (int i = 0; i < PALETTE_SIZE && n < max; i++)
        if (ciede2000(PALETTE[index].value, PALETTE[i].value) >= min_de)
            out[n++] = i;
    return n;
}
