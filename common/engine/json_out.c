/* SPDX-License-Identifier: MIT */
#include "json_out.h"

#include <math.h>
#include <stdlib.h>

void json_append(strbuf *sb, const cJSON *v)
{
    if (cJSON_IsArray(v) || cJSON_IsObject(v)) {
        int obj = cJSON_IsObject(v);
        strbuf_add(sb, obj ? "{" : "[");
        const cJSON *c;
        int first = 1;
        cJSON_ArrayForEach(c, v) {
            if (!first)
                strbuf_add(sb, ", ");
            first = 0;
            if (obj) {
                cJSON key = {0};
                key.type = cJSON_String;
                key.valuestring = c->string;
                json_append(sb, &key);
                strbuf_add(sb, ": ");
            }
            json_append(sb, c);
        }
        strbuf_add(sb, obj ? "}" : "]");
        return;
    }
    if (cJSON_IsRaw(v)) { /* JSON text made before */
        strbuf_add(sb, v->valuestring);
        return;
    }
    if (cJSON_IsNumber(v) && v->valuestring) { /* an integer's exact digits (release.c's int_item) */
        strbuf_add(sb, v->valuestring);
        return;
    }
    if (cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble) && fabs(v->valuedouble) < 9007199254740992.0) {
        strbuf_addf(sb, "%lld", (long long)v->valuedouble);
        return;
    }
    char *s = cJSON_PrintUnformatted(v);
    strbuf_add(sb, s ? s : "null");
    free(s);
}

void json_records(strbuf *sb, char *const *records, long n)
{
    strbuf_add(sb, "[\n");
    for (long i = 0; i < n; i++) {
        strbuf_add(sb, "  ");
        strbuf_add(sb, records[i]);
        strbuf_add(sb, i + 1 < n ? ",\n" : "\n");
    }
    strbuf_add(sb, "]\n");
}
