/* SPDX-License-Identifier: MIT */
/* report.h - `gen report ROOT ANSWERS -o report.html`: one static page for error
 * analysis of a scored run.
 *
 * Contract:
 *  1. The page is one self-contained HTML file: no server, no network, no
 *     framework; a few lines of plain JavaScript filter it and enlarge images.
 *     A Content-Security-Policy lets only that script (pinned by its SHA-256) run.
 *  2. It holds the accuracy table (overall and per difficulty value, per task),
 *     the plot of gen score --plot (embedded), and per task a gallery of every
 *     wrong and every unparseable answer, sorted by level then file: the image(s)
 *     (first then second for pairs), the gold answer, the parsed answer or why
 *     there is none, and the model's raw response.
 *  3. Everything from the answers file or data.json is HTML-escaped; bytes that
 *     are not UTF-8 or are control characters show as U+FFFD, so a response can
 *     change nothing on the page but its own text.  Responses longer than
 *     REPORT_FOLD_CHARS are folded; at most REPORT_MAX_RESPONSE bytes are shown.
 *  4. Images are referenced by paths relative to the report's directory (the page
 *     works when the tree and the report are moved together), or embedded as data
 *     URIs with --embed (one file to send).
 *  5. Scoring is gen score's (eval.h): the same records, ids and rules.
 */
#ifndef GEN_REPORT_H
#define GEN_REPORT_H

#include "answer.h"
#include "generator.h"

#include <stdbool.h>

/* A response longer than this shows its start and folds the rest. */
#define REPORT_FOLD_CHARS 600
/* At most this much of one response is written into the page: a megabyte of
 * model output helps no reader and would make the page slow to open. */
#define REPORT_MAX_RESPONSE (64 * 1024)

/* Writes the page for the answers file scored against ROOT (task limits a tree
 * to one task) to out, images embedded or referenced.  Returns an exit code, the
 * message printed. */
int report_write(const char *root, const char *answers, const char *out, const generator *task,
                 answer_parser parser, bool embed, bool quiet);

#endif
