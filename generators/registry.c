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

int gen_fail(gen_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->err, sizeof ctx->err, fmt, ap);
    va_end(ap);
    return GEN_EXIT_LEVEL;
}

void gen_stream(const gen_ctx *ctx, const char *tag, rng *out)
{
    rng_for_sample(out, ctx->seed, ctx->task, ctx->p.file, tag);
}

/* The range is tested before the conversion: converting an out-of-range double
 * (1e400 parses as infinity) to an integer is undefined behaviour. */
static bool is_int(const cJSON *v)
{
    return cJSON_IsNumber(v) && v->valuedouble > -9e18 && v->valuedouble < 9e18 &&
           v->valuedouble == (double)(long long)v->valuedouble;
}

bool field_type_ok(field_type t, const cJSON *v)
{
    const cJSON *c;
    switch (t) {
    case FIELD_INT:
        return is_int(v);
    case FIELD_STRING:
        return cJSON_IsString(v);
    case FIELD_INT_ARRAY:
    case FIELD_STRING_ARRAY:
    case FIELD_CELL_ARRAY:
        if (!cJSON_IsArray(v))
            return false;
        cJSON_ArrayForEach(c, v) {
            if (t == FIELD_INT_ARRAY && !is_int(c))
                return false;
            if (t == FIELD_STRING_ARRAY && !cJSON_IsString(c))
                return false;
            if (t == FIELD_CELL_ARRAY &&
                !(cJSON_IsArray(c) && cJSON_GetArraySize(c) == 2 && is_int(c->child) && is_int(c->child->next)))
                return false;
        }
        return true;
    case FIELD_COUNTS:
        if (!cJSON_IsObject(v))
            return false;
        cJSON_ArrayForEach(c, v) {
            if (!is_int(c))
                return false;
        }
        return true;
    }
    return false;
}

const char *field_type_name(field_type t)
{
    static const char *const names[] = {"int", "string", "int array", "string array", "cell array", "counts"};
    return names[t];
}
