/* SPDX-License-Identifier: MIT */
#include "answer.h"

#include "choice.h"
#include "release.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const release_task *task_of(const generator *g, char *err, size_t errlen)
{
    const release_task *t = release_find(g->name);
    if (!t && err)
        snprintf(err, errlen, "task '%s' has no answer format", g->name);
    return t;
}

bool answer_parser_named(const char *name, answer_parser *p)
{
    if (strcmp(name, "release") == 0)
        *p = ANSWER_RELEASE;
    else if (strcmp(name, "strict") == 0)
        *p = ANSWER_STRICT;
    else
        return false;
    return true;
}

/* A composed question's task (issue 30): five-way answers read by choice.c, no
 * release parser. */
static bool is_choice(const generator *g)
{
    return g->answer.kind == ANSWER_CHOICE;
}

int answer_check_record(const generator *g, const cJSON *record, char *err, size_t errlen)
{
    if (is_choice(g))
        return choice_check_record(g, record, err, errlen);
    const release_task *t = task_of(g, err, errlen);
    return t ? release_check_record(t, record, err, errlen) : -1;
}

int answer_gold_text(const generator *g, const cJSON *record, strbuf *out, char *err, size_t errlen)
{
    if (is_choice(g))
        return choice_gold_text(record, out, err, errlen);
    const release_task *t = task_of(g, err, errlen);
    return t ? release_gold_text(t, record, out, err, errlen) : -1;
}

int answer_axis(const generator *g, const cJSON *record, long *value)
{
    if (is_choice(g))
        return choice_axis(g, record, value);
    const release_task *t = task_of(g, NULL, 0);
    return t ? release_key(t, record, value) : -1;
}

const char *answer_axis_name(const generator *g)
{
    if (is_choice(g))
        return g->answer.axis ? g->answer.axis : "num_conditions";
    const release_task *t = task_of(g, NULL, 0);
    return t ? release_key_name(t) : "?";
}

const char *answer_format(const generator *g)
{
    if (is_choice(g))
        return g->answer.format ? g->answer.format : "ANSWER: X";
    const release_task *t = task_of(g, NULL, 0);
    return t ? release_format(t) : "?";
}

const char *answer_type(const generator *g)
{
    if (is_choice(g))
        return "single"; /* one letter */
    const release_task *t = task_of(g, NULL, 0);
    return t ? release_answer_type(t) : "?";
}

bool answer_has_stdev(const generator *g)
{
    if (is_choice(g))
        return false; /* no eval.py to follow: the five-way accuracy and the steps */
    return strcmp(g->name, "colours_present") != 0;
}

void answer_judge(const generator *g, answer_parser p, const cJSON *record, const char *text, size_t len, bool raw,
                  answer_verdict *v)
{
    memset(v, 0, sizeof *v);
    v->first_wrong_step = ANSWER_NO_STEPS;
    bool choice = is_choice(g);
    const release_task *t = choice ? NULL : task_of(g, NULL, 0);
    if (!choice && !t) {
        v->error = xstrdup("the task has no answer format");
        return;
    }
    if (len > ANSWER_MAX_RESPONSE) {
        /* no model writes a megabyte of answer; a list parsed from one would cost
         * a hundred times its size (a cJSON item per comma) */
        strbuf sb = {0};
        strbuf_addf(&sb, "the response is %zu bytes, over gen's limit of %d (1 MiB): not parsed, counted wrong", len,
                    ANSWER_MAX_RESPONSE);
        v->error = sb.buf;
        if (!choice) {
            v->correct = release_correct(t, record, NULL, v->error, &v->dropped);
            if (p == ANSWER_STRICT)
                v->dropped = false;
        }
        return;
    }
    /* the text as a NUL-terminated string: a NUL inside is a character to the
     * release's Python, so the length is kept; a raw response loses a trailing
     * <...> tag first, as every task's does */
    char *copy = xmalloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    if (raw)
        len = release_strip_tags(copy, len);
    if (choice) {
        /* one reading in both modes: these tasks have no release parser */
        char letter;
        choice_judge(record, copy, len, &letter, &v->error, &v->first_wrong_step);
        free(copy);
        if (letter) {
            char l[2] = {letter, '\0'};
            v->output = cJSON_CreateString(l);
            const cJSON *a = cJSON_GetObjectItemCaseSensitive(record, "answer");
            v->correct = cJSON_IsString(a) && strcmp(a->valuestring, l) == 0;
        }
        return;
    }
    if (p == ANSWER_STRICT)
        release_parse_strict(t, copy, len, &v->output, &v->error);
    else
        release_parse(t, copy, len, &v->output, &v->error);
    free(copy);
    v->correct = release_correct(t, record, v->output, v->error, &v->dropped);
    if (p == ANSWER_STRICT)
        v->dropped = false;
}

void answer_verdict_clear(answer_verdict *v)
{
    cJSON_Delete(v->output);
    free(v->error);
    memset(v, 0, sizeof *v);
    v->first_wrong_step = ANSWER_NO_STEPS;
}
