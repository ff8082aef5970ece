/* SPDX-License-Identifier: MIT */
/* release.h - each task's answer as the release (dair-iitd/Percept-V at d7da622)
 * asks for it, parses it and scores it: the gold answer in the task's own format,
 * the task's utils.py output_from_text (its Output and ERROR), and its eval.py's
 * decision and category key.
 *
 * Contract:
 *  1. Keyed by task name; every one of the 30 tasks has an entry (a task whose
 *     utils.py or eval.py the repository stores once under a sibling uses the
 *     sibling's: docs/evaluation.md lists which).
 *  2. release_gold_text writes the gold answer exactly in the task's output
 *     format (COUNT:x, QUADRANT:x COUNT:y, YES/NO, SHAPES : a , b, (r,c) lists,
 *     S,2,E, ...) from a record with the release's field names and JSON types;
 *     the release's parser reads it back and its scorer marks it correct.
 *  3. release_parse is output_from_text: the same line chosen, the same
 *     splitting, regexes, case and sorting, with Python's Unicode rules
 *     (pytext.h).  *output is the Output as the harness stores it in its answers
 *     file (JSON; NULL for None), *error its ERROR (NULL for None).
 *  4. release_correct is eval.py's decision for one record; *dropped is set when
 *     that eval.py leaves the record out of its counts altogether (counting_shapes
 *     with an ERROR).  release_key is its category key.
 *  5. release_check_record says which field a record lacks or has in another JSON
 *     type than the release's, before any scoring.
 *  6. release_strip_tags is the harness's re.sub(r'<.*>$', '', response), applied
 *     to a model's raw response before parsing (not to a release answers file,
 *     whose gpt_response was stored after it).
 */
#ifndef GEN_RELEASE_H
#define GEN_RELEASE_H

#include "util.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct release_task release_task;

const release_task *release_find(const char *task);
/* The task's answer format as its output_prompt.txt writes it. */
const char *release_format(const release_task *t);
/* The answer type of the paper's format-error table: "single", "fixed length",
 * "list" or "set". */
const char *release_answer_type(const release_task *t);

int release_check_record(const release_task *t, const cJSON *record, char *err, size_t errlen);
int release_gold_text(const release_task *t, const cJSON *record, strbuf *out, char *err, size_t errlen);
void release_parse(const release_task *t, const char *text, size_t len, cJSON **output, char **error);
bool release_correct(const release_task *t, const cJSON *record, const cJSON *output, const char *error,
                     bool *dropped);
int release_key(const release_task *t, const cJSON *record, long *key);
/* The fields release_key reads, for messages ("circles+triangles+squares"). */
const char *release_key_name(const release_task *t);

/* The harness's tag stripping, in place; returns the new length. */
size_t release_strip_tags(char *text, size_t len);

/* gen's strict reading (answer.h, ANSWER_STRICT), with the same Output shape. */
void release_parse_strict(const release_task *t, const char *text, size_t len, cJSON **output, char **error);

#endif
