/* SPDX-License-Identifier: MIT */
/* options.h - the options of a run: what they hold, the samples and file names
 * they give, and the command line's rules for them (docs/cli.md), shared by the
 * commands (common/commands/), the run driver (run.c) and the gen.json reader
 * (manifest.c), so there is one range for every option.  It includes nothing of
 * the store, so every store unit can include it.
 *
 * Contract:
 *  1. Nothing here parses a whole command line but gen TASK's and gen all's run
 *     options; each command (common/commands/) parses its own.
 *  2. Every usage error prints one line "gen: <what is wrong> '<subject>'" (with a
 *     did-you-mean where one is close) and returns GEN_EXIT_USAGE before anything
 *     is written.
 *  3. options_parse_levels() accepts "1..20", "1,2,5", and several such tokens.
 */
#ifndef GEN_OPTIONS_H
#define GEN_OPTIONS_H

#include "generator.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The options of one run (one task directory): gen TASK's, each task's of gen all
 * and of a recipe, and what gen.json records. */
typedef struct gen_options {
    const generator *task;
    long num_images;
    int *levels;
    int nlevels;
    uint64_t seed;
    long file;
    const char *out;
    int grid_size;
    int jobs;
    bool force;
    bool quiet;
    bool show_progress; /* the progress line even with quiet (gen verify's run, which prints nothing else) */
    bool annotations; /* also write annotations.json */
    double scale;     /* --scale: images drawn this many times the task's size (0 = 1) */
    int compression;  /* --compression: PNG_FAST (0, the default) or PNG_SMALL */
    char encoder[128]; /* the PNG encoder gen.json records; empty = this build's (png_encoder_name) */
    int shard_k;      /* make only shard k of shard_n (1-based); shard_n 0 = all */
    int shard_n;
    const char *split;   /* --split NAME: the run's streams come from rng_split_seed(seed, NAME) */
    bool metadata;       /* --metadata jsonl: also write metadata.jsonl (dataset-library layout) */
    const char *exclude; /* --exclude DIR: regenerate samples that duplicate one of DIR's */
    int frames;          /* --frames F: a video task's frames a sample (GEN_FRAMES_MIN..GEN_MAX_IMAGES);
                          * 0 for the other tasks (options_resolve_frames gives a video task its default) */
    int *attempts;       /* per sample j of this run: 0, or the attempt that replaced it
                          * (found by --exclude, or read back from gen.json's "replaced") */
    int argc;     /* the command line, recorded in gen.json */
    char **argv;
} gen_options;

/* The level of the i-th sample of the whole sequence (i from 0). */
int run_level_of(const gen_options *o, long i);
/* Samples this run makes (its shard's share of num_images * nlevels). */
long run_count(const gen_options *o);
/* Index in the whole sequence of this run's j-th sample: shard k of n takes
 * indices k-1, k-1+n, k-1+2n, ... so every shard gets every level. */
long run_index(const gen_options *o, long j);
/* The root seed of the sample with this file number at this attempt (0 = the
 * ordinary sample; --split and --exclude change it, see rng.h). */
uint64_t run_sample_seed(const gen_options *o, long file, int attempt);
/* The image file name: "57.png", or "first57.png" / "second57.png" for pairs, or
 * "57_1.png" .. "57_F.png" (image 0 .. F-1) for a video task. */
void sample_file_name(const generator *g, long file, int image, char *buf, size_t n);
/* The record's id: the name of its last image for singles and pairs ("57.png",
 * "second57.png"), of its first frame for a video task ("57_1.png"). */
void sample_id_name(const generator *g, long file, char *buf, size_t n);
/* The images of each sample of run o: gen_images(o->task, o->frames). */
int run_images(const gen_options *o);
/* The task's own defaults, after the command line: a video task without
 * --frames gets GEN_FRAMES_DEFAULT (the others keep 0), and without --num_images
 * (num_images 0) a task gets its samples per level, options_default_count(). */
void options_resolve_frames(gen_options *o);
/* Samples per level when --num_images is not given: CLI_DEFAULT_SAMPLES, or
 * CLI_VIDEO_SAMPLES for a video task (its four levels then make 200 samples, as
 * the 20 levels of the release's tasks do). */
long options_default_count(const generator *g);

/* A split name (--split): 1..SPLIT_NAME_MAX of a-z, 0-9, '_' and '-', so it is a
 * safe word in file names and gen.json alike. */
#define SPLIT_NAME_MAX 32
bool split_name_ok(const char *s);

/* The highest file number a run may reach (file + samples - 1): ids stay short
 * and exact in any JSON reader (< 2^53), and gen check, verify and the command
 * line all accept the same range. */
#define GEN_MAX_FILE 1000000000000000L /* 10^15 */
/* At most this many samples (and so levels) in one run. */
#define GEN_MAX_SAMPLES 10000000L

/* Upper bounds that keep arithmetic far from overflow and catch typos. */
#define CLI_MAX_SAMPLES GEN_MAX_SAMPLES /* samples in one run (above) */
#define CLI_DEFAULT_SAMPLES 10    /* samples per level without --num_images */
#define CLI_VIDEO_SAMPLES 50      /* ... for a video task */
#define CLI_MAX_LEVEL 100000      /* any one level */
#define CLI_MAX_JOBS 256          /* worker threads */
#define CLI_MAX_GRID 26           /* columns are lettered A..Z */
#define CLI_MIN_GRID 2            /* a 1x1 board has nothing to locate */

#define CLI_MAX_SHARDS 10000        /* machines one job is split across */
#define CLI_MIN_SCALE 0.25          /* 200 px images: smaller would lose thin lines and labels */
#define CLI_MAX_SCALE 4.0           /* 3200 px images: larger is a typo more often than a wish */

/* Appends the levels of one token to *levels (realloc'd); returns 0, or -1 with
 * a message in err. */
int options_parse_levels(const char *token, int **levels, int *n, char *err, size_t errlen);
/* Checks every option of a run against the command line's ranges: num_images,
 * the number of samples, file, levels (the task's lowest, its canvas), grid_size,
 * scale, shard and frames (a video task's 2..64; any other task's 0, so --frames
 * on a task that has no frames is an error, not ignored).  gen TASK, gen all, preview and the gen.json reader (verify,
 * merge, check) all call it, so there is one range for all.  Returns GEN_EXIT_OK,
 * or GEN_EXIT_USAGE / GEN_EXIT_LEVEL with a message in err. */
int options_check(const gen_options *o, char *err, size_t errlen);

/* The level checks of gen TASK (options_check, the message printed); returns
 * an exit code. */
int options_validate_levels(const gen_options *o);
/* A whole number lo..hi; 0, or -1. */
int options_parse_long(const char *s, long lo, long hi, long *out);

/* Prints "gen: " + fmt (with a and b) + newline to stderr; returns GEN_EXIT_USAGE. */
int options_usage_error(const char *fmt, const char *a, const char *b);

/* Options of gen TASK and gen all, parsed into o. */
typedef struct run_request {
    gen_options o;
    bool seed_given;
    bool all;          /* gen all: --tasks allowed, --num_sizes not */
    const char *tasks; /* --tasks a,b,c */
    bool help;         /* --help was asked for: print, exit 0 */
} run_request;

/* The defaults of gen TASK and gen all (file 1, out ".", grid 6, scale 1, one
 * job a CPU; num_images 0 until options_resolve_frames gives the task's count), then their options from argv[start..]: 0, or
 * an exit code after a usage error was printed. */
void options_default(run_request *c, int argc, char **argv);
int options_parse_run(int argc, char **argv, int start, run_request *c);
/* The task's release levels, level_min..level_max, into *levels (malloc'd). */
void options_default_levels(const generator *g, int **levels, int *n);
/* --exclude: the attempt counters of the run (refused with --shard). */
int options_prepare_exclude(gen_options *o);
/* A seed from /dev/urandom (53 bits), and the run's seed when none was given
 * (printed to stderr unless --quiet). */
uint64_t options_pick_seed(void);
void options_announce_seed(run_request *c);

#endif
