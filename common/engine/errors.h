/* SPDX-License-Identifier: MIT */
/* errors.h - exit codes of gen (documented in docs/cli.md).
 *
 * Contract:
 *  1. Each kind of failure has its own code, stable across versions.
 *  2. A failed run leaves the output directory as it was (see commit.h).
 */
#ifndef GEN_ERRORS_H
#define GEN_ERRORS_H

enum gen_exit {
    GEN_EXIT_OK = 0,
    GEN_EXIT_FAILED = 1,   /* a check or verify found a difference or an invalid file */
    GEN_EXIT_USAGE = 2,    /* bad command line: unknown task or option, bad value */
    GEN_EXIT_LEVEL = 3,    /* a requested level cannot be drawn on the task's canvas */
    GEN_EXIT_IO = 4,       /* cannot read or write files: unwritable dir, full disk */
    GEN_EXIT_EXISTS = 5,   /* refused to overwrite a dataset gen did not write (use --force) */
    GEN_EXIT_ANSWERS = 6,  /* gen score: the answers file is invalid (not JSON, unknown or duplicate ids) */
    GEN_EXIT_PARTIAL = 7,  /* gen all, recipe: some tasks made, others not (named); overlap: tasks not compared;
                            * ask: some requests failed (their lines hold the errors) */
    GEN_EXIT_SERVER = 8,   /* gen ask: the server refused the run (key, model, redirect, certificate) or is not there */
    GEN_EXIT_BUSY = 75,    /* another gen is writing the same directory (its lock is held); try again */
    GEN_EXIT_INTERNAL = 70, /* out of memory or a bug */
    GEN_EXIT_INTERRUPTED = 130 /* SIGINT or SIGTERM: the task in flight rolled back, committed ones named */
};

#endif
