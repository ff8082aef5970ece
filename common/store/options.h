/* cli.h - the command line of gen (docs/cli.md).
 *
 * Contract:
 *  1. cli_main() is the whole program: it parses, loads the font, runs, and
 *     returns an exit code from errors.h.
 *  2. Every usage error prints one line "gen: <what is wrong> '<subject>'" (with a
 *     did-you-mean where one is close) and returns GEN_EXIT_USAGE before anything
 *     is written.
 *  3. cli_parse_levels() accepts "1..20", "1,2,5", and several such tokens.
 */
#ifndef GEN_CLI_H
#define GEN_CLI_H

#include "run.h"

#include <stddef.h>

/* The highest file number a run may reach (file + samples - 1): ids stay short
 * and exact in any JSON reader (< 2^53), and gen check, verify and the command
 * line all accept the same range. */
#define GEN_MAX_FILE 1000000000000000L /* 10^15 */
/* At most this many samples (and so levels) in one run. */
#define GEN_MAX_SAMPLES 10000000L

int cli_main(int argc, char **argv);
/* Appends the levels of one token to *levels (realloc'd); returns 0, or -1 with
 * a message in err. */
int cli_parse_levels(const char *token, int **levels, int *n, char *err, size_t errlen);
/* Checks every option of a run against the command line's ranges: num_images,
 * the number of samples, file, levels (the task's lowest, its canvas), grid_size,
 * scale and shard.  gen TASK, gen all, preview and the gen.json reader (verify,
 * merge, check) all call it, so there is one range for all.  Returns GEN_EXIT_OK,
 * or GEN_EXIT_USAGE / GEN_EXIT_LEVEL with a message in err. */
int cli_check_options(const gen_options *o, char *err, size_t errlen);

/* For gen recipe (recipe.c): the level checks of gen TASK, and a run of several
 * task directories in one pool with the font loaded.  Both return exit codes. */
struct gen_options;
int cli_validate_levels(const struct gen_options *o);
int cli_run_tasks(const struct gen_options *opts, int n);
/* A whole number lo..hi; 0, or -1. */
int cli_parse_long(const char *s, long lo, long hi, long *out);

#endif
