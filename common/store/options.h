/* options.h - the options of a run and the command line's rules for them
 * (docs/cli.md), shared by the commands (common/commands/) and by the gen.json
 * reader, so there is one range for every option.
 *
 * Contract:
 *  1. Nothing here parses a whole command line but gen TASK's and gen all's run
 *     options; each command (common/commands/) parses its own.
 *  2. Every usage error prints one line "gen: <what is wrong> '<subject>'" (with a
 *     did-you-mean where one is close) and returns GEN_EXIT_USAGE before anything
 *     is written.
 *  3. cli_parse_levels() accepts "1..20", "1,2,5", and several such tokens.
 */
#ifndef GEN_OPTIONS_H
#define GEN_OPTIONS_H

#include "run.h"

#include <stddef.h>

/* The highest file number a run may reach (file + samples - 1): ids stay short
 * and exact in any JSON reader (< 2^53), and gen check, verify and the command
 * line all accept the same range. */
#define GEN_MAX_FILE 1000000000000000L /* 10^15 */
/* At most this many samples (and so levels) in one run. */
#define GEN_MAX_SAMPLES 10000000L

/* Upper bounds that keep arithmetic far from overflow and catch typos. */
#define CLI_MAX_SAMPLES GEN_MAX_SAMPLES /* samples in one run (above) */
#define CLI_MAX_LEVEL 100000      /* any one level */
#define CLI_MAX_JOBS 256          /* worker threads */
#define CLI_MAX_GRID 26           /* columns are lettered A..Z */
#define CLI_MIN_GRID 2            /* a 1x1 board has nothing to locate */

#define CLI_MAX_SHARDS 10000        /* machines one job is split across */
#define CLI_MIN_SCALE 0.25          /* 200 px images: smaller would lose thin lines and labels */
#define CLI_MAX_SCALE 4.0           /* 3200 px images: larger is a typo more often than a wish */

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

/* Prints "gen: " + fmt (with a and b) + newline to stderr; returns GEN_EXIT_USAGE. */
int cli_usage_error(const char *fmt, const char *a, const char *b);

/* Options of gen TASK and gen all, parsed into o. */
typedef struct cli_run {
    gen_options o;
    bool seed_given;
    bool all;          /* gen all: --tasks allowed, --num_sizes not */
    const char *tasks; /* --tasks a,b,c */
    bool help;         /* --help was asked for: print, exit 0 */
} cli_run;

/* The defaults of gen TASK and gen all (10 samples a level, file 1, out ".",
 * grid 6, scale 1, one job a CPU), then their options from argv[start..]: 0, or
 * an exit code after a usage error was printed. */
void cli_default_options(cli_run *c, int argc, char **argv);
int cli_parse_run_options(int argc, char **argv, int start, cli_run *c);
/* The task's release levels, level_min..level_max, into *levels (malloc'd). */
void cli_default_levels(const generator *g, int **levels, int *n);
/* --exclude: the attempt counters of the run (refused with --shard). */
int cli_prepare_exclude(gen_options *o);
/* A seed from /dev/urandom (53 bits), and the run's seed when none was given
 * (printed to stderr unless --quiet). */
uint64_t cli_pick_seed(void);
void cli_announce_seed(cli_run *c);

#endif
