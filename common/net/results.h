/* SPDX-License-Identifier: MIT */
/* results.h - the results file of gen ask: JSONL in the batch-output shape that
 * gen score reads, one line a request, valid at every moment, and resumable.
 *
 * Contract:
 *  1. results_open makes the file or takes the one there (a regular file, never
 *     through a symbolic link) and holds an exclusive flock on it until
 *     results_close: a second gen ask on the same file stops with
 *     GEN_EXIT_BUSY.
 *  2. An existing file is read first (at most 1 GiB, UTF-8): every line must be
 *     a JSON object with a string "custom_id", else GEN_EXIT_ANSWERS and the
 *     file is left as it is.  A line whose "response" has "status_code" 200 and
 *     whose "error" is null or absent is an answer.  A last line without its
 *     newline that is not JSON (a write cut short by a crash), the lines of
 *     failed requests and a second answer to one id are removed by
 *     results_settle (after the caller's own checks: a file refused is left as
 *     it was), writing the kept lines whole to a new file that is renamed over
 *     the old one (a kill at any moment leaves one or the other): so each id is
 *     answered at most once, and the failed ones are asked again.
 *  3. results_append writes one whole line with one write() on an O_APPEND
 *     descriptor, so the file never ends in half a line while gen runs;
 *     fdatasync at most once a second, and at results_close.
 */
#ifndef GEN_RESULTS_H
#define GEN_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct results_answer {
    char *id;
    char *hash; /* "request_sha256" of the line, "" when it has none */
    long line;  /* its line in the file as read */
} results_answer;

typedef struct results_file {
    int fd;
    char *path;
    results_answer *answers; /* sorted by id */
    long nanswers;
    long failed_dropped, repeats_dropped; /* lines to remove (results_settle) */
    bool cut_dropped;
    double synced;
    /* what results_settle writes anew: the file as read and which lines stay */
    char *text;
    struct results_line *lines;
    long nlines;
    bool changed;
} results_file;

/* Opens (or makes) path as above and reads it; an exit code (errors.h), the
 * message in err.  Nothing in the file changes until results_settle. */
int results_open(results_file *r, const char *path, char *err, size_t errlen);
/* Removes the lines 2. says (by writing the file anew, when there are any);
 * before the first results_append.  0, or -1 with a message. */
int results_settle(results_file *r, char *err, size_t errlen);
/* id's answer in the file as read, or NULL. */
const results_answer *results_find(const results_file *r, const char *id);
/* Appends one line (line ends in "\n" and holds no other); 0, or -1 with a message. */
int results_append(results_file *r, const char *line, size_t len, char *err, size_t errlen);
/* Syncs and closes; 0, or -1 with a message (the file is closed either way). */
int results_close(results_file *r, char *err, size_t errlen);

#endif
