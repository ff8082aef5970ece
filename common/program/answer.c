#include "answer.h"

#include "json_out.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whole numbers in answers are counts, sides and grid indices: nine digits is
 * far beyond any of them and keeps the value exact in an int and a double. */
#define ANSWER_MAX_DIGITS 9

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* A record field by name, or "a.b" for key b of object field a. */
static const cJSON *field_at(const cJSON *record, const char *path)
{
    const char *dot = strchr(path, '.');
    if (!dot)
        return cJSON_GetObjectItemCaseSensitive(record, path);
    char head[64];
    size_t n = (size_t)(dot - path);
    if (n >= sizeof head)
        return NULL;
    memcpy(head, path, n);
    head[n] = '\0';
    return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(record, head), dot + 1);
}

/* A number with no fraction, small enough to convert exactly (the range is tested
 * first: converting an out-of-range double such as 1e400 to an integer is undefined). */
static bool is_whole(const cJSON *v)
{
    return cJSON_IsNumber(v) && v->valuedouble > -1e15 && v->valuedouble < 1e15 &&
           v->valuedouble == (double)(long long)v->valuedouble;
}

int answer_gold_text(const generator *g, const cJSON *record, strbuf *out, char *err, size_t errlen)
{
    const answer_spec *a = &g->answer;
    if (a->kind == ANSWER_INT_SETS) {
        cJSON *o = cJSON_CreateObject();
        for (int i = 0; a->gold[i]; i++) {
            const cJSON *v = field_at(record, a->gold[i]);
            if (!field_type_ok(FIELD_INT_ARRAY, v)) {
                cJSON_Delete(o);
                snprintf(err, errlen, "field '%s' is not a list of whole numbers", a->gold[i]);
                return -1;
            }
            cJSON_AddItemToObject(o, a->gold[i], cJSON_Duplicate(v, true));
        }
        json_append(out, o);
        cJSON_Delete(o);
        return 0;
    }
    if (a->kind == ANSWER_CELL_PATH) {
        const cJSON *v = field_at(record, a->gold[0]);
        if (!field_type_ok(FIELD_CELL_ARRAY, v)) {
            snprintf(err, errlen, "field '%s' is not a list of [row, column] pairs", a->gold[0]);
            return -1;
        }
        json_append(out, v);
        return 0;
    }
    for (int i = 0; a->gold[i]; i++) {
        const cJSON *v = field_at(record, a->gold[i]);
        if (i)
            strbuf_add(out, " ");
        if (is_whole(v)) {
            strbuf_addf(out, "%lld", (long long)v->valuedouble);
        } else if (cJSON_IsString(v)) {
            strbuf_add(out, v->valuestring);
        } else if (cJSON_IsArray(v)) {
            const cJSON *e;
            bool first = true;
            cJSON_ArrayForEach(e, v) {
                if (!first)
                    strbuf_add(out, " ");
                first = false;
                if (cJSON_IsString(e))
                    strbuf_add(out, e->valuestring);
                else if (is_whole(e))
                    strbuf_addf(out, "%lld", (long long)e->valuedouble);
                else {
                    snprintf(err, errlen, "field '%s' holds an item that is neither a word nor a whole number",
                             a->gold[i]);
                    return -1;
                }
            }
        } else {
            snprintf(err, errlen, "field '%s' is %s", a->gold[i], v ? "of the wrong type" : "missing");
            return -1;
        }
    }
    return 0;
}

cJSON *answer_gold(const generator *g, const cJSON *record, char *err, size_t errlen)
{
    strbuf sb = {0};
    strbuf_add(&sb, ANSWER_PREFIX);
    if (answer_gold_text(g, record, &sb, err, errlen) != 0) {
        strbuf_free(&sb);
        return NULL;
    }
    char why[160];
    cJSON *v = answer_parse(g, sb.buf, sb.len, why, sizeof why);
    if (!v)
        snprintf(err, errlen, "gold answer '%.60s' does not parse: %s", sb.buf + strlen(ANSWER_PREFIX), why);
    strbuf_free(&sb);
    return v;
}

/* ---- finding and cleaning the answer line ---- */

static bool is_fence(const char *s, const char *e)
{
    while (s < e && is_space(*s))
        s++;
    return e - s >= 3 && s[0] == '`' && s[1] == '`' && s[2] == '`';
}

static bool is_blank(const char *s, const char *e)
{
    for (; s < e; s++)
        if (!is_space(*s))
            return false;
    return true;
}

/* The last line that is neither blank nor a code fence, as [*s, *e). */
static bool last_line(const char *text, size_t len, const char **s, const char **e)
{
    const char *end = text + len;
    while (end > text) {
        const char *nl = end;
        while (nl > text && nl[-1] != '\n')
            nl--;
        if (!is_blank(nl, end) && !is_fence(nl, end)) {
            *s = nl;
            *e = end;
            return true;
        }
        end = nl > text ? nl - 1 : text;
    }
    return false;
}

/* Copies the line without markdown marks (*, `) and trims white space, leading
 * '#' and '>' and surrounding underscores. */
static char *clean(const char *s, const char *e)
{
    char *out = xmalloc((size_t)(e - s) + 1), *o = out;
    for (; s < e; s++)
        if (*s != '*' && *s != '`')
            *o++ = *s;
    *o = '\0';
    char *p = out;
    while (*p && (is_space(*p) || *p == '#' || *p == '>' || *p == '_'))
        p++;
    size_t n = strlen(p);
    while (n > 0 && (is_space(p[n - 1]) || p[n - 1] == '_'))
        n--;
    memmove(out, p, n);
    out[n] = '\0';
    return out;
}

/* The text after "ANSWER:" (any case), trimmed, without one trailing full stop. */
static const char *after_prefix(char *line)
{
    static const char word[] = "answer";
    for (size_t i = 0; i < sizeof word - 1; i++)
        if (tolower((unsigned char)line[i]) != word[i])
            return NULL;
    char *p = line + sizeof word - 1;
    while (is_space(*p))
        p++;
    if (*p != ':')
        return NULL;
    p++;
    while (is_space(*p) || *p == '_')
        p++;
    size_t n = strlen(p);
    if (n > 0 && p[n - 1] == '.')
        p[--n] = '\0';
    while (n > 0 && (is_space(p[n - 1]) || p[n - 1] == '_'))
        p[--n] = '\0';
    return p;
}

/* ---- tokens ---- */

static bool all_digits(const char *t)
{
    if (!*t)
        return false;
    for (; *t; t++)
        if (!isdigit((unsigned char)*t))
            return false;
    return true;
}

/* A label ("E") or a cell ("B12", "AA3"): letters then digits, short. */
static bool is_label(const char *t)
{
    size_t letters = 0, digits = 0;
    while (isalpha((unsigned char)t[letters]))
        letters++;
    while (isdigit((unsigned char)t[letters + digits]))
        digits++;
    if (t[letters + digits] || letters == 0 || letters > 2)
        return false;
    return digits > 0 || letters == 1;
}

/* The canonical spelling: numbers without leading zeros, labels and cells in
 * capitals, other words in lower case. */
static void canonical(char *t)
{
    if (all_digits(t)) {
        char *p = t;
        while (p[0] == '0' && p[1])
            p++;
        memmove(t, p, strlen(p) + 1);
        return;
    }
    bool up = is_label(t);
    for (; *t; t++)
        *t = (char)(up ? toupper((unsigned char)*t) : tolower((unsigned char)*t));
}

typedef struct tokens {
    char **v;
    int n;
} tokens;

/* Splits at white space, ',' and ';' (content is modified in place). */
static void split(char *content, tokens *t)
{
    t->n = 0;
    t->v = xmalloc(sizeof(char *) * (strlen(content) / 2 + 2));
    char *p = content;
    while (*p) {
        while (*p && (is_space(*p) || *p == ',' || *p == ';'))
            *p++ = '\0';
        if (!*p)
            break;
        t->v[t->n++] = p;
        while (*p && !is_space(*p) && *p != ',' && *p != ';')
            p++;
    }
    for (int i = 0; i < t->n; i++)
        canonical(t->v[i]);
}

static bool to_int(const char *t, int *out)
{
    if (!all_digits(t))
        return false;
    while (t[0] == '0' && t[1])
        t++;
    if (strlen(t) > ANSWER_MAX_DIGITS)
        return false;
    *out = atoi(t);
    return true;
}

static int cmp_item(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static cJSON *string_list(char **v, int n, bool sorted)
{
    if (sorted)
        qsort(v, (size_t)n, sizeof *v, cmp_item);
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(v[i]));
    return arr;
}

static cJSON *parse_numbers(const generator *g, tokens *t, char *err, size_t errlen)
{
    int want = 0;
    while (g->answer.gold[want])
        want++;
    if (g->answer.kind == ANSWER_INT)
        want = 1;
    if (t->n != want) {
        if (want == 1)
            snprintf(err, errlen, "expected one whole number, found %d items", t->n);
        else
            snprintf(err, errlen, "expected %d whole numbers, found %d items", want, t->n);
        return NULL;
    }
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < t->n; i++) {
        int v;
        if (!to_int(t->v[i], &v)) {
            snprintf(err, errlen, "'%.40s' is not a whole number", t->v[i]);
            cJSON_Delete(arr);
            return NULL;
        }
        cJSON_AddItemToArray(arr, cJSON_CreateNumber(v));
    }
    if (g->answer.kind == ANSWER_INT) {
        cJSON *one = cJSON_DetachItemFromArray(arr, 0);
        cJSON_Delete(arr);
        return one;
    }
    return arr;
}

static cJSON *parse_pairs(tokens *t, char *err, size_t errlen)
{
    if (t->n % 2) {
        snprintf(err, errlen, "expected pairs of a cell and a word, found %d items", t->n);
        return NULL;
    }
    char **items = xmalloc(sizeof(char *) * (size_t)(t->n / 2 + 1));
    for (int i = 0; i < t->n; i += 2) {
        if (!is_label(t->v[i]) || is_label(t->v[i + 1])) {
            snprintf(err, errlen, "'%.20s %.20s' is not a cell and a word", t->v[i], t->v[i + 1]);
            for (int k = 0; k < i / 2; k++)
                free(items[k]);
            free(items);
            return NULL;
        }
        strbuf sb = {0};
        strbuf_addf(&sb, "%s %s", t->v[i], t->v[i + 1]);
        items[i / 2] = sb.buf;
    }
    cJSON *out = string_list(items, t->n / 2, true);
    for (int k = 0; k < t->n / 2; k++)
        free(items[k]);
    free(items);
    return out;
}

static void skip(const char **p, const char *chars)
{
    while (**p && strchr(chars, **p))
        (*p)++;
}

static bool read_int(const char **p, int *v)
{
    const char *s = *p;
    while (**p == '0' && isdigit((unsigned char)(*p)[1]))
        (*p)++;
    const char *d = *p;
    while (isdigit((unsigned char)**p))
        (*p)++;
    if (*p == s || *p - d > ANSWER_MAX_DIGITS)
        return false;
    *v = atoi(d);
    return true;
}

/* "[[r, c], [r, c]]", also with (r, c) pairs or without the outer brackets. */
static cJSON *parse_path(const char *s, char *err, size_t errlen)
{
    const char *p = s;
    bool outer = false;
    skip(&p, " \t");
    if (*p == '[') {
        const char *q = p + 1;
        skip(&q, " \t");
        if (*q == '[' || *q == '(') {
            outer = true;
            p = q;
        }
    }
    cJSON *arr = cJSON_CreateArray();
    for (;;) {
        skip(&p, " \t,;");
        if (!*p || (outer && *p == ']'))
            break;
        char close = *p == '[' ? ']' : *p == '(' ? ')' : 0;
        int r, c;
        if (!close)
            goto bad;
        p++;
        skip(&p, " \t");
        if (!read_int(&p, &r))
            goto bad;
        skip(&p, " \t");
        if (*p++ != ',')
            goto bad;
        skip(&p, " \t");
        if (!read_int(&p, &c))
            goto bad;
        skip(&p, " \t");
        if (*p++ != close)
            goto bad;
        cJSON *pair = cJSON_CreateArray();
        cJSON_AddItemToArray(pair, cJSON_CreateNumber(r));
        cJSON_AddItemToArray(pair, cJSON_CreateNumber(c));
        cJSON_AddItemToArray(arr, pair);
    }
    if (outer) {
        if (*p != ']')
            goto bad;
        p++;
        skip(&p, " \t");
        if (*p)
            goto bad;
    }
    if (cJSON_GetArraySize(arr) == 0)
        goto bad;
    return arr;
bad:
    snprintf(err, errlen, "expected a list of [row, column] pairs");
    cJSON_Delete(arr);
    return NULL;
}

static int cmp_num(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static cJSON *parse_int_sets(const generator *g, const char *s, char *err, size_t errlen)
{
    const char *const *keys = g->answer.keys;
    cJSON *in = cJSON_ParseWithLengthOpts(s, strlen(s) + 1, NULL, true); /* + 1: the NUL it requires */
    cJSON *out = NULL;
    int nkeys = 0;
    while (keys[nkeys])
        nkeys++;
    if (!cJSON_IsObject(in)) {
        snprintf(err, errlen, "expected a JSON object with the keys %s ... %s", keys[0], keys[nkeys - 1]);
        goto done;
    }
    if (cJSON_GetArraySize(in) != nkeys) {
        snprintf(err, errlen, "expected exactly the %d keys %s ... %s, found %d keys", nkeys, keys[0],
                 keys[nkeys - 1], cJSON_GetArraySize(in));
        goto done;
    }
    out = cJSON_CreateObject();
    for (int k = 0; k < nkeys; k++) {
        const cJSON *list = NULL, *it;
        int seen = 0;
        cJSON_ArrayForEach(it, in) {
            if (it->string && strcasecmp(it->string, keys[k]) == 0) {
                list = it;
                seen++;
            }
        }
        if (seen != 1 || !cJSON_IsArray(list)) {
            snprintf(err, errlen, "key '%s' %s", keys[k],
                     seen == 0 ? "is missing" : seen > 1 ? "is repeated" : "is not a list of numbers");
            cJSON_Delete(out);
            out = NULL;
            goto done;
        }
        int n = cJSON_GetArraySize(list), i = 0;
        int *v = xmalloc(sizeof(int) * (size_t)(n + 1));
        cJSON_ArrayForEach(it, list) {
            if (!is_whole(it) || it->valuedouble < 0 || it->valuedouble > 999999999) {
                snprintf(err, errlen, "key '%s' holds an item that is not a whole number", keys[k]);
                free(v);
                cJSON_Delete(out);
                out = NULL;
                goto done;
            }
            v[i++] = (int)it->valuedouble;
        }
        qsort(v, (size_t)n, sizeof *v, cmp_num);
        cJSON_AddItemToObject(out, keys[k], cJSON_CreateIntArray(v, n));
        free(v);
    }
done:
    cJSON_Delete(in);
    return out;
}

cJSON *answer_parse(const generator *g, const char *text, size_t len, char *err, size_t errlen)
{
    const char *s, *e;
    if (!text || !last_line(text, len, &s, &e)) {
        snprintf(err, errlen, "empty response");
        return NULL;
    }
    if (e - s > ANSWER_MAX_LINE) {
        snprintf(err, errlen, "the last line is longer than %d bytes", ANSWER_MAX_LINE);
        return NULL;
    }
    for (const char *p = s; p < e; p++) {
        unsigned char c = (unsigned char)*p;
        if (c >= 0x80 || (c < 0x20 && !is_space(*p))) {
            snprintf(err, errlen, "the last line holds a byte that is not printable ASCII (0x%02x)", c);
            return NULL;
        }
    }
    char *line = clean(s, e);
    cJSON *out = NULL;
    char *content = (char *)after_prefix(line);
    if (!content) {
        snprintf(err, errlen, "the last line does not start with ANSWER:");
    } else if (!*content) {
        snprintf(err, errlen, "nothing after ANSWER:");
    } else if (g->answer.kind == ANSWER_CELL_PATH) {
        out = parse_path(content, err, errlen);
    } else if (g->answer.kind == ANSWER_INT_SETS) {
        out = parse_int_sets(g, content, err, errlen);
    } else {
        tokens t;
        split(content, &t);
        switch (g->answer.kind) {
        case ANSWER_INT:
        case ANSWER_INTS:
            out = parse_numbers(g, &t, err, errlen);
            break;
        case ANSWER_WORDS:
            out = string_list(t.v, t.n, false);
            break;
        case ANSWER_WORD_SET:
            if (g->answer.none && t.n == 1 && strcasecmp(t.v[0], g->answer.none) == 0)
                out = cJSON_CreateArray();
            else
                out = string_list(t.v, t.n, true);
            break;
        case ANSWER_PAIR_SET:
            out = parse_pairs(&t, err, errlen);
            break;
        default:
            snprintf(err, errlen, "task '%s' has no answer kind", g->name);
        }
        free(t.v);
    }
    free(line);
    return out;
}

bool answer_equal(const cJSON *a, const cJSON *b)
{
    return a && b && cJSON_Compare(a, b, true);
}

int answer_axis(const generator *g, const cJSON *record, long *value)
{
    const char *axis = g->answer.axis ? g->answer.axis : g->level_field;
    if (strncmp(axis, "len(", 4) == 0) {
        char name[64];
        long minus = 0;
        if (sscanf(axis, "len(%63[^)]) - %ld", name, &minus) != 2)
            return -1;
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(record, name);
        if (!cJSON_IsArray(v))
            return -1;
        *value = cJSON_GetArraySize(v) - minus;
        return 0;
    }
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(record, axis);
    if (!is_whole(v))
        return -1;
    *value = (long)v->valuedouble;
    return 0;
}
