/* SPDX-License-Identifier: MIT */
/* choice.h - the five-way answers of composed questions (issue 30, ANSWER_CHOICE):
 * gold, reading, scoring, and the process metric over the STEP lines.
 *
 * Contract:
 *  1. A record of a choice task has "answer" (one letter A-E), "options" (one
 *     string per letter, at least up to the answer's), "steps" (an array of at
 *     most CHOICE_MAX_STEPS objects, each with a string "answer") and its level field (answer_spec.axis,
 *     a whole number equal to the number of steps, as gen check has it: one step
 *     per condition); choice_check_record names what is missing or mistyped.
 *  2. The gold answer is one line "STEP k: <steps[k-1].answer>" per step, then
 *     "ANSWER: <letter>": it scores correct and has no wrong step.
 *  3. Lines end at "\n", "\r\n" or a lone "\r".
 *     The answer is the last line of the response of the form "ANSWER: X" (the
 *     grammar is in choice_read_line and docs/evaluation.md); there is no other
 *     parser, so strict and release modes read these tasks alike.  A response
 *     without such a line is unparseable and wrong.
 *  4. Steps: the lines "STEP k: <answer>" before the answer line (the whole
 *     response when there is none), the last line for each k in 1..n winning.
 *     Each is compared with steps[k-1].answer case-free with surrounding white
 *     space, quotes, markdown and a final full stop removed; two whole numbers
 *     compare as numbers ("03" is "3").  The first wrong step is the first k in
 *     1..n whose line is missing or wrong; a response with no STEP line in 1..n
 *     gave no steps.
 */
#ifndef GEN_CHOICE_H
#define GEN_CHOICE_H

#include "generator.h"
#include "util.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/* The letters a composed question's options take: A..E. */
#define CHOICE_LETTERS 5

/* The most steps a record may have: the levels are 1..4 subconditions; the
 * bound keeps the first-wrong-step tables small whatever data.json says. */
#define CHOICE_MAX_STEPS 16

/* The process metric of one response: no STEP line at all, every step right, or
 * the first wrong (or missing) step k in 1..n. */
#define CHOICE_NO_STEPS (-1)
#define CHOICE_ALL_RIGHT 0

int choice_check_record(const generator *g, const cJSON *record, char *err, size_t errlen);
int choice_gold_text(const cJSON *record, strbuf *out, char *err, size_t errlen);
int choice_axis(const generator *g, const cJSON *record, long *value);

/* Reads text (len bytes, NULs allowed) against record: *letter is 'A'..'E', or 0
 * with a message in *error (malloc'd); *first_wrong the process metric. */
void choice_judge(const cJSON *record, const char *text, size_t len, char *letter, char **error, int *first_wrong);

/* A step's given answer against its gold one (rule 4). */
bool choice_step_equal(const char *given, size_t n, const char *gold);

#endif
