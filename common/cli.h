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

#include <stddef.h>

int cli_main(int argc, char **argv);
/* Appends the levels of one token to *levels (realloc'd); returns 0, or -1 with
 * a message in err. */
int cli_parse_levels(const char *token, int **levels, int *n, char *err, size_t errlen);

/* For gen recipe (recipe.c): the level checks of gen TASK, and a run of several
 * task directories in one pool with the font loaded.  Both return exit codes. */
struct gen_options;
int cli_validate_levels(const struct gen_options *o);
int cli_run_tasks(const struct gen_options *opts, int n);
/* A whole number lo..hi; 0, or -1. */
int cli_parse_long(const char *s, long lo, long hi, long *out);

#endif
