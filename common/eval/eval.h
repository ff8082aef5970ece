/* SPDX-License-Identifier: MIT */
/* eval.h - `gen gold` and `gen score`: gold answers files, reading a model's
 * answers in three formats, and EVAL.json in the release's shape.
 *
 * Contract:
 *  1. A target is one task directory (DIR/data.json) or a `gen all` tree (ROOT/<task>/
 *     data.json for some tasks); in a tree every id is written "TASK/ID".
 *  2. The gold comes from data.json only (answer.h); an answers file's own fields
 *     are never trusted, and its ids are matched against data.json's ids, never
 *     opened as paths.
 *  3. Answers files: the release's answer_<model>.json (a JSON array of records with
 *     "id" and "gpt_response"), JSONL of {"id"|"custom_id", "response": text}, or the
 *     batch output JSONL of the OpenAI Batch API and vLLM's run-batch
 *     (custom_id, response.body.choices[0].message.content).  Files over
 *     EVAL_MAX_FILE, invalid UTF-8 or JSON, unknown ids (all counted) and duplicate
 *     ids are refused with GEN_EXIT_ANSWERS before anything is written.
 *  4. Every record of the target is scored: no answer or an unparseable one is
 *     wrong, never dropped.  Category keys are the release's difficulty axis,
 *     as strings in numeric order; percentages are numbers rounded to 2 decimals.
 *  5. Output files are written whole to a temporary name and renamed, so a failure
 *     leaves nothing behind; a path that exists and is not a regular file (a
 *     device such as /dev/null, a FIFO, a symbolic link) is written in place.
 *  6. A composed-question task (answer kind ANSWER_CHOICE, choice.h) also gets its
 *     first wrong STEP per level: EVAL.json's "First Wrong Step", a table in the
 *     summary, "first_wrong_step" in the annotated records; in a tree its mean
 *     accuracy is the skills row "Compositional Perception", outside the paper's
 *     "Average of skills".
 */
#ifndef GEN_EVAL_H
#define GEN_EVAL_H

#include "answer.h"
#include "generator.h"
#include "util.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stdio.h>

/* Larger answers or data.json files are refused unread: 6,000 verbose responses
 * are a few tens of MiB, so 1 GiB is only ever a mistake or an attack. */
#define EVAL_MAX_FILE (1L << 30)
/* data.json is read through the reader gen check uses (dataset_read.h): at most
 * 256 MiB and 4 Mi JSON values (a 100,000-record training set has ~1 Mi), so
 * the parsed records take at most ~256 MiB. */
#define EVAL_MAX_DATA_JSON ((size_t)256 << 20)
#define EVAL_MAX_VALUES (4L << 20)
/* An answers file in the release's shape may hold this many JSON values per
 * record of the target (a record with its fields, Output and ERROR has ~10;
 * the longest lists ~100), plus some slack; a JSONL line at most
 * EVAL_VALUES_PER_LINE.  Memory stays a small multiple of what is scored. */
#define EVAL_VALUES_PER_RECORD 512L
#define EVAL_VALUES_SLACK 65536L
#define EVAL_VALUES_PER_LINE 65536
/* An id is a file name (ds_name_safe, no '/'): at most this many bytes. */
#define EVAL_MAX_ID 255

/* True when id can be a record id: a plain file name of at most EVAL_MAX_ID
 * bytes (gen check's rule; ids are names, never paths). */
bool eval_id_ok(const char *id);

typedef struct eval_task {
    const generator *g;
    char *dir;        /* the task directory */
    cJSON *records;   /* data.json */
    long n;
    const char **ids; /* each record's id as data.json has it */
    long *axis;       /* difficulty axis values */
    /* filled by eval_read_answers and eval_score */
    char **response;  /* the answer text, NULL when there is none */
    char **why;       /* why there is no response text (a failed request), or NULL */
    char **output;    /* the parsed answer (the release's Output) as JSON text, NULL for None: text
                       * costs a few bytes an item where a cJSON list costs a hundred */
    char **error;     /* why it is unparseable (the release's ERROR), NULL when parsed */
    bool *correct;
    bool *dropped;    /* the release's eval.py leaves the record out of its counts */
    int *first_wrong; /* composed questions: the first wrong STEP (answer.h first_wrong_step) */
    long right;
} eval_task;

typedef struct eval_set {
    eval_task *t;
    int n;
    bool tree; /* a gen all tree: ids are TASK/ID */
    char *root; /* the directory loaded (a task directory or a tree), NULL for text */
    answer_parser parser; /* how responses are read (answer.h); ANSWER_RELEASE by default */
    const generator *picked; /* --task: answers "OTHER/ID" to another task of gen list are set aside */
    long set_aside;          /* how many were */
} eval_set;

/* Loads a task directory or a gen all tree; returns an exit code (errors.h). */
int eval_load(const char *path, eval_set *s, char *err, size_t errlen);
/* The same with options: task (or NULL) names the task of a directory of any name,
 * or picks that task's directory of a tree; answers false loads ids only (gen
 * requests), without checking each record's gold and category. */
int eval_load_opts(const char *path, const generator *task, bool answers, eval_set *s, char *err, size_t errlen);
void eval_free(eval_set *s);

/* One task's set from data.json text (for the fuzzer and tests). */
int eval_load_text(const generator *g, const char *text, size_t len, eval_set *s, char *err, size_t errlen);

/* Reads an answers file into s (response per record); returns an exit code. */
int eval_read_answers(const char *path, eval_set *s, char *err, size_t errlen);
/* The same from the file's text (path names it in messages). */
int eval_read_answers_text(const char *text, size_t len, const char *path, eval_set *s, char *err,
                           size_t errlen);
/* Parses and scores every record. */
void eval_score(eval_set *s);
/* After eval_read_answers: says on f, once, how many answers to other tasks
 * --task set aside (unless quiet), and warns of every task without a single
 * answer (even when quiet: a forgotten batch output file must not read as 0%). */
void eval_answers_notes(const eval_set *s, const char *answers, bool quiet, FILE *f);
/* The records of task t that have an answer line (a response, or a failed request). */
long eval_answered(const eval_task *t);

/* An output file written whole or not at all: to stdout when path is NULL or
 * "-", else to a temporary file beside path that eval_out_commit renames (in
 * place when path exists and is not a regular file). */
typedef struct eval_out {
    FILE *f;
    char *path, *tmp;
    bool unnamed; /* f is an O_TMPFILE file, named at commit (a kill leaves nothing) */
    bool failed;
} eval_out;
int eval_out_open(eval_out *o, const char *path, char *err, size_t errlen);
/* -1 with a message when out could overwrite what a command reads: the answers
 * file (may be NULL), any file inside the directory s was loaded from (may be
 * NULL) or inside other_dir (requests --prompts ROOT; may be NULL), or when out
 * is a symbolic link (written through, it could land anywhere).  The one check
 * of every output of gold, score, report and requests: an output never replaces
 * an input (score -o ANSWERS, gold -o DIR/prompts/input_prompt.txt). */
struct eval_set;
int eval_out_refuse_input(const char *out, const struct eval_set *s, const char *answers, const char *other_dir,
                          char *err, size_t errlen);
void eval_out_write(eval_out *o, const void *data, size_t n);
int eval_out_commit(eval_out *o, char *err, size_t errlen);
void eval_out_abort(eval_out *o);

/* The id of record i of task t as the answers must name it. */
void eval_record_id(const eval_set *s, const eval_task *t, long i, char *buf, size_t n);

/* For the commands' own option parsing: a value option "NAME V" or "NAME=V" at
 * argv[*i] (advancing *i past V), or NULL, with *bad set when V is missing. */
const char *eval_opt_value(int argc, char **argv, int *i, const char *name, bool *bad);
/* eval_opt_value for "-o" or "--out". */
const char *eval_opt_out(int argc, char **argv, int *i, bool *bad);
/* --task V: the task named V, or a usage error (printed) with a suggestion. */
int eval_opt_task(const char *v, const generator **task);
/* True (having printed use) when arg asks for help. */
bool eval_help(const char *arg, const char *use);
/* Prints "gen: <message>" and returns GEN_EXIT_USAGE. */
int eval_usage_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Accuracy per difficulty value of one task: value[k] ascending, n[k] records of
 * which right[k] are correct. */
typedef struct eval_categories {
    long *value, *n, *right;
    int count;
} eval_categories;
void eval_categories_of(const eval_task *t, eval_categories *c);
void eval_categories_free(eval_categories *c);
/* The process metric of a composed-question task (answer kind ANSWER_CHOICE)
 * per level: of n[k] records at level value[k], no_steps[k] stated no step,
 * all_right[k] every step right, and first[k * width + j] had step j + 1 as
 * their first wrong (or missing) one; steps[k] is the most steps a record of
 * the level has (width the most of all). */
typedef struct eval_steps {
    long *value, *n, *no_steps, *all_right, *first;
    int *steps;
    int count, width;
} eval_steps;
/* Accuracy per answer category of a composed-question task (the records'
 * `category`: colour, shape, event, ...): name[k] in the order of the names, n[k]
 * records of which right[k] are correct.  Records without one are left out. */
typedef struct eval_kinds {
    const char **name;
    long *n, *right;
    int count;
} eval_kinds;
void eval_kinds_of(const eval_task *t, eval_kinds *k);
void eval_kinds_free(eval_kinds *k);
bool eval_is_choice(const eval_task *t);
void eval_steps_of(const eval_task *t, eval_steps *st);
void eval_steps_free(eval_steps *st);

/* right/n in percent, rounded to 2 decimals as EVAL.json has it (0 when n is 0). */
double eval_pct(long right, long n);
/* Unparseable answers by answer type (answer.h answer_type): single, fixed
 * length, list, set. */
#define EVAL_ANSWER_TYPES 4
extern const char *const EVAL_TYPE_NAMES[EVAL_ANSWER_TYPES];
typedef struct eval_type_rates {
    long n[EVAL_ANSWER_TYPES], unparsed[EVAL_ANSWER_TYPES];
} eval_type_rates;
void eval_format_errors(const eval_set *s, eval_type_rates *r);
/* The mean over tasks of their overall accuracy. */
double eval_mean_accuracy(const eval_set *s);
/* The accuracy-against-difficulty plot (plot.h) of a scored set, as PNG bytes;
 * the font must be loaded (font_init).  Returns 0 or an exit code. */
int eval_plot_png(const eval_set *s, strbuf *png, char *err, size_t errlen);
/* Writes a whole file (or stdout for NULL / "-") through eval_out. */
int eval_write_whole(const char *path, const strbuf *sb, char *err, size_t errlen);

/* gen gold: the gold answers of DIR (a task or a tree; task limits a tree to one
 * task) as an answers file at out (NULL or "-": stdout).  Returns an exit code,
 * the message printed. */
int eval_gold(const char *dir, const generator *task, const char *out);
/* gen score: scores the answers file against DIR's gold with parser and writes
 * any of EVAL.json (out), the annotated records and the plot; every output is
 * written whole or not at all.  Prints the summary unless quiet.  Returns an
 * exit code, the message printed. */
int eval_score_files(const char *dir, const char *answers, const generator *task, answer_parser parser,
                     const char *out, const char *annotated, const char *plot, bool quiet);

#endif
