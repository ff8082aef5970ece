/* SPDX-License-Identifier: MIT */
#include "choice.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- records ---- */

static bool whole(const cJSON *v)
{
    return cJSON_IsNumber(v) && v->valuedouble > -1e15 && v->valuedouble < 1e15 &&
           v->valuedouble == floor(v->valuedouble);
}

/* The record's letter, 'A'..'E', or 0. */
static char gold_letter(const cJSON *record)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(record, "answer");
    if (!cJSON_IsString(a) || strlen(a->valuestring) != 1 || a->valuestring[0] < 'A' ||
        a->valuestring[0] >= 'A' + CHOICE_LETTERS)
        return 0;
    return a->valuestring[0];
}

int choice_check_record(const generator *g, const cJSON *record, char *err, size_t errlen)
{
    char letter = gold_letter(record);
    if (!letter) {
        snprintf(err, errlen, "field 'answer' is %s, a composed question's is one letter A-E",
                 cJSON_GetObjectItemCaseSensitive(record, "answer") ? "not one letter A-E" : "missing");
        return -1;
    }
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(record, "options");
    const cJSON *e;
    int n = 0;
    bool strings = cJSON_IsArray(opts);
    if (strings)
        cJSON_ArrayForEach(e, opts) {
            strings &= cJSON_IsString(e);
            n++;
        }
    if (!strings || n > CHOICE_LETTERS || n <= letter - 'A') {
        snprintf(err, errlen, "field 'options' is %s, a composed question's is a list of up to %d strings holding "
                 "the answer's letter", opts ? "of another type or length" : "missing", CHOICE_LETTERS);
        return -1;
    }
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(record, "steps");
    bool ok = cJSON_IsArray(steps) && cJSON_GetArraySize(steps) <= CHOICE_MAX_STEPS;
    if (ok)
        cJSON_ArrayForEach(e, steps) ok &= cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "answer"));
    if (!ok) {
        snprintf(err, errlen, "field 'steps' is %s, a composed question's is a list of at most %d objects with a "
                 "string 'answer'", steps ? "of another type or length" : "missing", CHOICE_MAX_STEPS);
        return -1;
    }
    const char *axis = g->answer.axis ? g->answer.axis : "num_conditions";
    const cJSON *level = cJSON_GetObjectItemCaseSensitive(record, axis);
    if (!whole(level)) {
        snprintf(err, errlen, "field '%s' (the level) is %s, it is a whole number", axis,
                 level ? "of another type" : "missing");
        return -1;
    }
    /* as gen check has it: one step per condition, so the level is 1..CHOICE_MAX_STEPS */
    if (level->valuedouble < 1 || level->valuedouble != cJSON_GetArraySize(steps)) {
        snprintf(err, errlen, "field '%s' (the level) is %.0f, but the record has %d step%s (one per condition)", axis,
                 level->valuedouble, cJSON_GetArraySize(steps), cJSON_GetArraySize(steps) == 1 ? "" : "s");
        return -1;
    }
    return 0;
}

int choice_axis(const generator *g, const cJSON *record, long *value)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(record, g->answer.axis ? g->answer.axis : "num_conditions");
    if (!whole(v))
        return -1;
    *value = (long)v->valuedouble;
    return 0;
}

int choice_gold_text(const cJSON *record, strbuf *out, char *err, size_t errlen)
{
    char letter = gold_letter(record);
    if (!letter) {
        snprintf(err, errlen, "field 'answer' is not one letter A-E");
        return -1;
    }
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(record, "steps");
    const cJSON *e;
    int k = 0;
    cJSON_ArrayForEach(e, steps) {
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(e, "answer");
        k++;
        if (cJSON_IsString(a))
            strbuf_addf(out, "STEP %d: %s\n", k, a->valuestring);
    }
    strbuf_addf(out, "ANSWER: %c", letter);
    return 0;
}

/* ---- reading ---- */

static bool ws(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Markdown a model puts around a line or a word: bold, italics, code, headings,
 * quotes. */
static bool deco(char c)
{
    return c == '*' || c == '_' || c == '`' || c == '#' || c == '>';
}

static char upper(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

/* s[*i..n) starts with kw (upper case), any case: advances *i past it. */
static bool keyword(const char *s, size_t n, size_t *i, const char *kw)
{
    size_t l = strlen(kw);
    if (n - *i < l)
        return false;
    for (size_t k = 0; k < l; k++)
        if (upper(s[*i + k]) != kw[k])
            return false;
    *i += l;
    return true;
}

/* "KEYWORD:" at the start of a line, white space and markdown allowed around
 * each part: the index after the colon, or 0. */
static size_t label(const char *s, size_t n, const char *kw, long *number)
{
    size_t i = 0;
    while (i < n && (ws(s[i]) || deco(s[i]) || s[i] == '-')) /* and list bullets */
        i++;
    if (!keyword(s, n, &i, kw))
        return 0;
    if (number) {
        while (i < n && ws(s[i]))
            i++;
        long v = 0;
        size_t d = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && d < 4) {
            v = v * 10 + (s[i++] - '0');
            d++;
        }
        if (d == 0 || d == 4)
            return 0;
        *number = v;
    }
    while (i < n && (ws(s[i]) || deco(s[i])))
        i++;
    if (i >= n || s[i] != ':')
        return 0;
    return i + 1;
}

/* c is one of the characters of set (never NUL: strchr finds the terminator). */
static bool in(char c, const char *set)
{
    return c && strchr(set, c);
}

/* The span s[*a..*b) without surrounding white space, markdown, quotes and
 * brackets, and a final full stop. */
static void trim(const char *s, size_t *a, size_t *b, const char *extra)
{
    for (;;) {
        size_t a0 = *a, b0 = *b;
        while (*a < *b && (ws(s[*a]) || deco(s[*a]) || s[*a] == '"' || s[*a] == '\'' || in(s[*a], extra)))
            (*a)++;
        while (*b > *a && (ws(s[*b - 1]) || deco(s[*b - 1]) || s[*b - 1] == '"' || s[*b - 1] == '\'' ||
                           s[*b - 1] == '.' || in(s[*b - 1], extra)))
            (*b)--;
        if (*a == a0 && *b == b0)
            return;
    }
}

static bool same_words(const char *x, size_t nx, const char *y, size_t ny)
{
    if (nx != ny)
        return false;
    for (size_t k = 0; k < nx; k++)
        if (upper(x[k]) != upper(y[k]))
            return false;
    return true;
}

/* A whole number's digits without leading zeros ("0" for zero), or false. */
static bool digits(const char *s, size_t n, const char **d, size_t *dn)
{
    if (n == 0)
        return false;
    for (size_t k = 0; k < n; k++)
        if (s[k] < '0' || s[k] > '9')
            return false;
    while (n > 1 && *s == '0')
        s++, n--;
    *d = s;
    *dn = n;
    return true;
}

bool choice_step_equal(const char *given, size_t n, const char *gold)
{
    size_t a = 0, b = n, ga = 0, gb = strlen(gold);
    trim(given, &a, &b, "");
    trim(gold, &ga, &gb, "");
    const char *d1, *d2;
    size_t n1, n2;
    if (digits(given + a, b - a, &d1, &n1) && digits(gold + ga, gb - ga, &d2, &n2))
        return n1 == n2 && memcmp(d1, d2, n1) == 0;
    return b > a && same_words(given + a, b - a, gold + ga, gb - ga);
}

/* One line "ANSWER: X" (rule 3): "ANSWER", a colon, one letter A-E in either
 * case (in brackets or not), and after it nothing or only that letter's option
 * ("ANSWER: B. red", "ANSWER: (B) red"); white space and markdown anywhere
 * around.  The letter, or 0. */
static char answer_line(const char *s, size_t n, const cJSON *options)
{
    size_t i = label(s, n, "ANSWER", NULL);
    if (!i)
        return 0;
    while (i < n && (ws(s[i]) || deco(s[i]) || s[i] == '(' || s[i] == '['))
        i++;
    if (i >= n)
        return 0;
    char c = upper(s[i]);
    if (c < 'A' || c >= 'A' + CHOICE_LETTERS)
        return 0;
    i++;
    if (i < n && !ws(s[i]) && !deco(s[i]) && !in(s[i], ".:)]"))
        return 0; /* "ANSWER: Blue": a word, not a letter */
    size_t a = i, b = n;
    trim(s, &a, &b, ".:()[]-");
    if (a == b)
        return c;
    const cJSON *o = cJSON_GetArrayItem(options, c - 'A');
    if (!cJSON_IsString(o))
        return 0;
    size_t oa = 0, ob = strlen(o->valuestring);
    trim(o->valuestring, &oa, &ob, "");
    return same_words(s + a, b - a, o->valuestring + oa, ob - oa) ? c : 0;
}

void choice_judge(const cJSON *record, const char *text, size_t len, char *letter, char **error, int *first_wrong)
{
    *letter = 0;
    *error = NULL;
    const cJSON *options = cJSON_GetObjectItemCaseSensitive(record, "options");
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(record, "steps");
    int n = cJSON_IsArray(steps) ? cJSON_GetArraySize(steps) : 0;
    /* the last STEP k line so far for each k, and as it stood at the last answer line */
    size_t *at = xcalloc((size_t)n + 1, 2 * sizeof(size_t));
    size_t *kept = xcalloc((size_t)n + 1, 2 * sizeof(size_t));
    bool seen_label = false;
    for (size_t p = 0; p <= len;) {
        /* a line ends at "\n", "\r\n" or a lone "\r" */
        size_t e = p;
        while (e < len && text[e] != '\n' && text[e] != '\r')
            e++;
        const char *s = text + p;
        size_t m = e - p;
        long k;
        size_t after;
        char c;
        if ((c = answer_line(s, m, options)) != 0) {
            *letter = c;
            memcpy(kept, at, (size_t)n * 2 * sizeof(size_t));
        } else if (label(s, m, "ANSWER", NULL)) {
            seen_label = true;
        } else if ((after = label(s, m, "STEP", &k)) != 0 && k >= 1 && k <= n) {
            at[2 * (k - 1)] = p + after + 1; /* +1: 0 stands for no line */
            at[2 * (k - 1) + 1] = e;
        }
        p = e + (e + 1 < len && text[e] == '\r' && text[e + 1] == '\n' ? 2 : 1);
    }
    const size_t *use = *letter ? kept : at;
    *first_wrong = CHOICE_NO_STEPS;
    for (int k = 0; k < n; k++)
        if (use[2 * k])
            *first_wrong = CHOICE_ALL_RIGHT;
    const cJSON *st = n ? steps->child : NULL;
    if (*first_wrong == CHOICE_ALL_RIGHT)
        for (int k = 0; k < n; k++, st = st->next) {
            const cJSON *g = cJSON_GetObjectItemCaseSensitive(st, "answer");
            size_t a = use[2 * k];
            if (!a || !cJSON_IsString(g) || !choice_step_equal(text + a - 1, use[2 * k + 1] - (a - 1), g->valuestring)) {
                *first_wrong = k + 1;
                break;
            }
        }
    free(at);
    free(kept);
    if (!*letter)
        *error = xstrdup(seen_label ? "no line 'ANSWER: X' gives one letter A-E (alone or with its own option)"
                                    : "no line 'ANSWER: X' with X a letter A-E");
}
