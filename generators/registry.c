/* SPDX-License-Identifier: MIT */
#include "errors.h"
#include "generator.h"
#include "util.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define GEN_TASK(name) extern const generator gen_##name;
#include "list.h"
#undef GEN_TASK

const generator *const GENERATORS[] = {
#define GEN_TASK(name) &gen_##name,
#include "list.h"
#undef GEN_TASK
};

const int GENERATOR_COUNT = (int)(sizeof GENERATORS / sizeof GENERATORS[0]);

const generator *generator_find(const char *name)
{
    for (int i = 0; i < GENERATOR_COUNT; i++)
        if (strcmp(GENERATORS[i]->name, name) == 0)
            return GENERATORS[i];
    return NULL;
}

const char *generator_suggest(const char *name)
{
    const char *best = NULL;
    int best_d = 4; /* more than 3 edits apart is a different word, not a typo */
    for (int i = 0; i < GENERATOR_COUNT; i++) {
        const char *cand = GENERATORS[i]->name;
        int d = edit_distance(name, cand);
        if (d < best_d || (!best && strncmp(cand, name, strlen(name)) == 0 && strlen(name) >= 3)) {
            best_d = d < best_d ? d : best_d;
            best = cand;
        }
    }
    return best;
}
