/* answer.h - the answer line: gold text from a record, a response parsed into a
 * structured answer, and the comparison of the two.
 *
 * Contract:
 *  1. One convention for all 30 tasks: the response's last non-empty line (code
 *     fence lines aside) is `ANSWER: <answer>`; each task's output_prompt.txt says
 *     so with its exact syntax, and gold_output/Gold_output equal <answer>.
 *  2. The parser forgives what does not change the answer: case, surrounding
 *     white space, markdown emphasis (`*`, `_`, backticks, a leading `#` or `>`),
 *     a code fence, one trailing full stop, and `,` `;` or spaces between list
 *     items.  Nothing else: an answer on an earlier line is no answer.
 *  3. What is parsed is the task's answer_spec (generator.h): the structured
 *     answer is a cJSON value (a number, a list of numbers or canonical tokens,
 *     a sorted list for sets, an object of sorted number lists), and two answers
 *     are equal when those values are equal.  Labels and cells are upper case,
 *     other words lower case, numbers without leading zeros.
 *  4. Any bytes, of any length, are parsed without crashing (fuzzed:
 *     tests/fuzz/fuzz_answer.c); only the last line is looked at, and a line
 *     longer than ANSWER_MAX_LINE or holding non-ASCII text is an error.
 */
#ifndef GEN_ANSWER_H
#define GEN_ANSWER_H

#include "generator.h"
#include "util.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#define ANSWER_PREFIX "ANSWER: "
/* The longest answer line read: a 22x22 maze route is under 4 KiB, so 64 KiB
 * is far beyond any honest answer and bounds the work a hostile one causes. */
#define ANSWER_MAX_LINE 65536

/* The gold answer of a record, as it follows "ANSWER: ".  Returns 0, or -1 with a
 * message naming the field that is missing or of the wrong type. */
int answer_gold_text(const generator *g, const cJSON *record, strbuf *out, char *err, size_t errlen);

/* The structured gold answer of a record (its gold text, parsed); NULL with a
 * message when the record cannot give one. */
cJSON *answer_gold(const generator *g, const cJSON *record, char *err, size_t errlen);

/* Parses a whole response (len bytes, not necessarily NUL-terminated).  Returns
 * the structured answer, or NULL with the reason in err. */
cJSON *answer_parse(const generator *g, const char *text, size_t len, char *err, size_t errlen);

bool answer_equal(const cJSON *a, const cJSON *b);

/* The record's value on the release's difficulty axis (answer_spec.axis). */
int answer_axis(const generator *g, const cJSON *record, long *value);

#endif
