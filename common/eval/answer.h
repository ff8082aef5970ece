/* SPDX-License-Identifier: MIT */
/* answer.h - a task's answer: the gold answer of a record in the task's own format,
 * and the verdict on a response, read the release's way (release.h) or gen's
 * strict way.
 *
 * Contract:
 *  1. Each task has its original's answer format (release.h): `gen gold` writes
 *     answer_gold_text, which the release's utils.py parses and its eval.py scores
 *     as correct; there is no uniform convention across tasks.
 *  2. ANSWER_RELEASE (the default) decides as the task's utils.py + eval.py do: the
 *     verdict's output is the release's Output (NULL for None), error its ERROR,
 *     correct eval.py's decision, dropped set where that eval.py leaves the record
 *     out of its counts (gen still counts it, as wrong).
 *  3. ANSWER_STRICT reads only the last non-blank line, whole words and numbers,
 *     in the task's format, and refuses what the release would silently drop or
 *     guess; its output has the release's Output shape, so both are scored alike.
 *  4. Any bytes, of any length, are judged without crashing (fuzzed:
 *     tests/fuzz/fuzz_answer.c).
 *  5. A response over ANSWER_MAX_RESPONSE bytes is not parsed: its ERROR says
 *     so and it is wrong (dropped where the release drops an ERROR), so judging
 *     one costs at most about 100 MB whatever the parser builds from it.
 *  6. A task of kind ANSWER_CHOICE (issue 30's composed questions) has no release
 *     entry: choice.h reads it, the same way in both modes, and also scores the
 *     STEP lines before its answer (first_wrong_step).
 */
#ifndef GEN_ANSWER_H
#define GEN_ANSWER_H

#include "generator.h"
#include "util.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/* The longest response parsed: 1 MiB. */
#define ANSWER_MAX_RESPONSE 1048576

typedef enum answer_parser { ANSWER_RELEASE, ANSWER_STRICT } answer_parser;

typedef struct answer_verdict {
    cJSON *output; /* the parsed answer in the release's Output shape; NULL for None */
    char *error;   /* why it is unparseable (the release's ERROR); NULL when parsed */
    bool correct;
    bool dropped;  /* the release's eval.py leaves this record out of its counts */
    /* ANSWER_CHOICE (choice.h): the first wrong or missing STEP line, 1..n;
     * ANSWER_ALL_STEPS_RIGHT; ANSWER_NO_STEPS when the response states none (and
     * for every other kind) */
    int first_wrong_step;
} answer_verdict;

#define ANSWER_NO_STEPS (-1)
#define ANSWER_ALL_STEPS_RIGHT 0

/* "release" or "strict" into *p; false for another name. */
bool answer_parser_named(const char *name, answer_parser *p);

/* The record has the fields the task's scoring reads, of the release's types;
 * -1 with a message naming the field otherwise. */
int answer_check_record(const generator *g, const cJSON *record, char *err, size_t errlen);

/* The gold answer of a record, the whole response a perfect model gives. */
int answer_gold_text(const generator *g, const cJSON *record, strbuf *out, char *err, size_t errlen);

/* The record's category key as the task's eval.py makes it. */
int answer_axis(const generator *g, const cJSON *record, long *value);
/* The name of the category (a field, or "circles+triangles+squares"). */
const char *answer_axis_name(const generator *g);
/* The task's answer format as its prompt demands it, and its answer type
 * (single, fixed length, list, set). */
const char *answer_format(const generator *g);
const char *answer_type(const generator *g);
/* True when the task's eval.py writes "Category-wise Stdev" (all but colours_present). */
bool answer_has_stdev(const generator *g);

/* Judges one response (len bytes, not necessarily NUL-terminated) against the
 * record.  raw: a model's response as it came (the harness strips a trailing
 * <...> tag first); false for a release answers file's stored gpt_response. */
void answer_judge(const generator *g, answer_parser p, const cJSON *record, const char *text, size_t len, bool raw,
                  answer_verdict *v);
void answer_verdict_clear(answer_verdict *v);

#endif
