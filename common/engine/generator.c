/* SPDX-License-Identifier: MIT */
/* generator.c - the calls every generator makes (generator.h): failure with a
 * message, independent named streams, and the record field types. */
#include "generator.h"

#include "errors.h"
#include "util.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

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
    case FIELD_BOOL:
        return cJSON_IsBool(v);
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
    case FIELD_STEPS:
        if (!cJSON_IsArray(v))
            return false;
        cJSON_ArrayForEach(c, v) {
            if (!cJSON_IsObject(c) || !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c, "text")) ||
                !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c, "answer")))
                return false;
        }
        return true;
    }
    return false;
}

const char *field_type_name(field_type t)
{
    static const char *const names[] = {"int", "bool", "string", "int array", "string array", "cell array", "counts", "steps"};
    return names[t];
}
