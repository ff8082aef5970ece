/* comp_conjunctive: the video is read back from the frames' primitives and
 * pixels (tests/comp_check.h) and every step's rule evaluated on it with the
 * tests' own code: step k's answer is the number of objects meeting rules
 * 1..k; all n rules leave one object, whose colour or shape is answer_value,
 * the option the answer letter names; every proper subset of the rules (the
 * empty one too) leaves several objects with different answers; the options
 * are five different words of the category, none named by the question; the
 * frames are readable (labels 1..F, no two objects touching). */
#include "comp_check.h"
#include "shapes.h"

#include <ctype.h>

static int popcount(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* The answer word of object i for category cat ("" when it has none: a colour
 * that changes). */
static const char *answer_of(const cc_video *v, int i, const char *cat)
{
    if (strcmp(cat, "shape") == 0)
        return cc_shape(v, i);
    int c = cc_colour(v, i);
    return c >= 0 ? PALETTE[c].name : "";
}

static bool several_answers(const cc_video *v, unsigned set, const char *cat)
{
    const char *first = NULL;
    for (int i = 0; i < v->nobj; i++) {
        if (!(set >> i & 1))
            continue;
        const char *a = answer_of(v, i, cat);
        if (!first)
            first = a;
        else if (!*a || !*first || strcmp(a, first) != 0)
            return true;
    }
    return false;
}

static bool mentions(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = strstr(text, word); s; s = strstr(s + 1, word))
        if ((s == text || !isalpha((unsigned char)s[-1])) && !isalpha((unsigned char)s[n]))
            return true;
    return false;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    static cc_video v; /* large; the harness runs one sample at a time */
    if (s->nimages != p->frames) {
        snprintf(msg, n, "%d frames, --frames %d", s->nimages, p->frames);
        return msg;
    }
    if (cc_read(s, &v, msg, n) || cc_readable(&v, msg, n))
        return msg;
    int level = rec_int(s, "num_conditions");
    if (level != p->level || strcmp(rec_str(s, "logic"), "conjunctive") != 0) {
        snprintf(msg, n, "num_conditions %d / logic '%s' for level %d", level, rec_str(s, "logic"), p->level);
        return msg;
    }
    const char *cat = rec_str(s, "category"), *question = rec_str(s, "question");
    if (strcmp(cat, "colour") != 0 && strcmp(cat, "shape") != 0) {
        snprintf(msg, n, "category '%s'", cat);
        return msg;
    }
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(s->record, "steps");
    if (cJSON_GetArraySize(steps) != level) {
        snprintf(msg, n, "%d steps for %d conditions", cJSON_GetArraySize(steps), level);
        return msg;
    }
    unsigned mask[4], set = (1u << v.nobj) - 1;
    for (int k = 0; k < level; k++) {
        const cJSON *st = cJSON_GetArrayItem(steps, k);
        const cJSON *rule = cJSON_GetObjectItemCaseSensitive(st, "rule");
        const cJSON *ans = cJSON_GetObjectItemCaseSensitive(st, "answer");
        const cJSON *text = cJSON_GetObjectItemCaseSensitive(st, "text");
        if (!cJSON_IsString(rule) || !cJSON_IsString(ans) || !cJSON_IsString(text) || !strstr(question, text->valuestring)) {
            snprintf(msg, n, "step %d: no rule, answer or text in the question", k + 1);
            return msg;
        }
        cc_rule r = cc_parse(&v, rule->valuestring);
        if (!r.ok || !cc_set(&v, &r, &mask[k])) {
            snprintf(msg, n, "step %d: rule '%s' %s", k + 1, rule->valuestring, r.ok ? "is unreadable" : "does not parse");
            return msg;
        }
        set &= mask[k];
        char count[16];
        snprintf(count, sizeof count, "%d", popcount(set));
        if (strcmp(count, ans->valuestring) != 0) {
            snprintf(msg, n, "step %d ('%s'): measured %s objects, record %s", k + 1, rule->valuestring, count,
                     ans->valuestring);
            return msg;
        }
    }
    if (popcount(set) != 1) {
        snprintf(msg, n, "the conditions leave %d objects", popcount(set));
        return msg;
    }
    int target = 0;
    while (!(set >> target & 1))
        target++;
    const char *value = answer_of(&v, target, cat);
    if (!*value || strcmp(value, rec_str(s, "answer_value")) != 0) {
        snprintf(msg, n, "the target's %s is '%s', record '%s'", cat, value, rec_str(s, "answer_value"));
        return msg;
    }
    for (unsigned use = 0; use + 1 < (1u << level); use++) {
        unsigned sub = (1u << v.nobj) - 1;
        for (int k = 0; k < level; k++)
            if (use >> k & 1)
                sub &= mask[k];
        if (!several_answers(&v, sub, cat)) {
            snprintf(msg, n, "the subset 0x%x of the conditions already decides the answer", use);
            return msg;
        }
    }
    /* the options */
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(s->record, "options");
    const char *letter = rec_str(s, "answer");
    if (cJSON_GetArraySize(opts) != 5 || strlen(letter) != 1 || letter[0] < 'A' || letter[0] > 'E') {
        snprintf(msg, n, "options or answer letter malformed");
        return msg;
    }
    for (int k = 0; k < 5; k++) {
        const char *o = cJSON_GetArrayItem(opts, k)->valuestring;
        bool valid = strcmp(cat, "colour") == 0 ? palette_find(o) >= 0 : shape_find(o) >= 0;
        if (!valid || mentions(question, o)) {
            snprintf(msg, n, "option '%s' is no %s or is named by the question", o, cat);
            return msg;
        }
        for (int j = 0; j < k; j++)
            if (strcmp(o, cJSON_GetArrayItem(opts, j)->valuestring) == 0) {
                snprintf(msg, n, "option '%s' twice", o);
                return msg;
            }
    }
    if (strcmp(cJSON_GetArrayItem(opts, letter[0] - 'A')->valuestring, value) != 0) {
        snprintf(msg, n, "option %s is not the answer '%s'", letter, value);
        return msg;
    }
    return NULL;
}

HARNESS_MAIN("comp_conjunctive", check)
