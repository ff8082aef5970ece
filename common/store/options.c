/* SPDX-License-Identifier: MIT */
#include "options.h"

#include "errors.h"
#include "generator.h"
#include "png_io.h"
#include "rng.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const OPTIONS[] = {"--num_images", "--num_sizes", "--seed",  "--file",        "--out",
                                      "--grid_size",  "--jobs",      "--force", "--quiet",       "--help",
                                      "--shard",      "--tasks",     "--annotations", "--scale",
                                      "--split",      "--metadata",  "--exclude",     "--compression", "--frames", NULL};

static int usage_error(const char *fmt, const char *a, const char *b)
{
    fputs("gen: ", stderr);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return GEN_EXIT_USAGE;
}

static int parse_long(const char *s, long lo, long hi, long *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int options_parse_levels(const char *token, int **levels, int *n, char *err, size_t errlen)
{
    if (!*token) {
        snprintf(err, errlen, "empty level list in --num_sizes");
        return -1;
    }
    char *copy = xstrdup(token);
    char *save = NULL;
    int rc = 0;
    for (char *part = strtok_r(copy, ",", &save); part; part = strtok_r(NULL, ",", &save)) {
        long a, b;
        char *dots = strstr(part, "..");
        if (dots) {
            *dots = '\0';
            if (parse_long(part, INT_MIN, INT_MAX, &a) || parse_long(dots + 2, INT_MIN, INT_MAX, &b)) {
                *dots = '.';
                snprintf(err, errlen, "bad level range '%s' in --num_sizes (expected A..B, e.g. 1..20)", part);
                rc = -1;
                break;
            }
            if (a > b) {
                snprintf(err, errlen, "bad level range '%ld..%ld' in --num_sizes (the start is past the end)", a, b);
                rc = -1;
                break;
            }
        } else {
            if (parse_long(part, INT_MIN, INT_MAX, &a)) {
                snprintf(err, errlen, "bad level '%s' in --num_sizes (expected a whole number)", part);
                rc = -1;
                break;
            }
            b = a;
        }
        if (a < -CLI_MAX_LEVEL || b > CLI_MAX_LEVEL || b - a >= CLI_MAX_LEVEL) {
            snprintf(err, errlen, "level range '%ld..%ld' in --num_sizes is too large (levels go up to %d)", a, b,
                     CLI_MAX_LEVEL);
            rc = -1;
            break;
        }
        if ((long)*n + (b - a + 1) > CLI_MAX_SAMPLES) {
            snprintf(err, errlen, "more than %ld levels in --num_sizes (one run makes at most %ld samples)",
                     CLI_MAX_SAMPLES, CLI_MAX_SAMPLES);
            rc = -1;
            break;
        }
        *levels = xrealloc(*levels, sizeof(int) * (size_t)(*n + (b - a + 1)));
        for (long v = a; v <= b; v++)
            (*levels)[(*n)++] = (int)v;
    }
    if (rc == 0 && *n == 0) {
        snprintf(err, errlen, "empty level list in --num_sizes");
        rc = -1;
    }
    free(copy);
    return rc;
}

static uint64_t pick_seed(void)
{
    uint64_t s = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        if (read(fd, &s, sizeof s) != (ssize_t)sizeof s)
            s = 0;
        close(fd);
    }
    if (s == 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        s = rng_mix64((uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ (uint64_t)getpid());
    }
    /* 53 bits: the seed then survives a round trip through any JSON reader. */
    return s & ((1ULL << 53) - 1);
}

static const char *option_suggest(const char *opt)
{
    const char *best = NULL;
    int best_d = 4; /* as generator_suggest: more than 3 edits is not a typo */
    for (const char *const *o = OPTIONS; *o; o++) {
        int d = edit_distance(opt, *o);
        if (d < best_d) {
            best_d = d;
            best = *o;
        }
    }
    return best;
}

static int parse_run_options(int argc, char **argv, int start, run_request *c)
{
    gen_options *o = &c->o;
    char err[512];
    for (int i = start; i < argc; i++) {
        char *arg = argv[i];
        char *val = NULL;
        char name[64];
        char *eq = strchr(arg, '=');
        if (strncmp(arg, "--", 2) == 0 && eq && (size_t)(eq - arg) < sizeof name) {
            memcpy(name, arg, (size_t)(eq - arg));
            name[eq - arg] = '\0';
            val = eq + 1;
        } else {
            snprintf(name, sizeof name, "%s", arg);
        }
        bool flag = strcmp(name, "--force") == 0 || strcmp(name, "--quiet") == 0 || strcmp(name, "--help") == 0 ||
                    strcmp(name, "--annotations") == 0;
        bool known = false;
        for (const char *const *k = OPTIONS; *k; k++)
            known |= strcmp(*k, name) == 0;
        if (known && c->all && strcmp(name, "--num_sizes") == 0)
            return usage_error("gen all makes every task at its release levels; '%s' is for one task%s", name, "");
        if (known && !c->all && strcmp(name, "--tasks") == 0)
            return usage_error("'%s' is for gen all%s", name, "");
        if (!known) {
            const char *s = strncmp(arg, "--", 2) == 0 ? option_suggest(name) : NULL;
            if (s)
                return usage_error("unknown option '%s' (did you mean '%s'?)", name, s);
            if (arg[0] == '-')
                return usage_error("unknown option '%s'%s", name, "");
            return usage_error("unexpected argument '%s'%s", arg, "");
        }
        if (flag) {
            if (val)
                return usage_error("option '%s' takes no value%s", name, "");
            if (strcmp(name, "--help") == 0)
                c->help = true;
            else if (strcmp(name, "--force") == 0)
                o->force = true;
            else if (strcmp(name, "--annotations") == 0)
                o->annotations = true;
            else
                o->quiet = true;
            continue;
        }
        if (strcmp(name, "--num_sizes") == 0) {
            int taken = 0;
            if (val) {
                if (options_parse_levels(val, &o->levels, &o->nlevels, err, sizeof err))
                    return usage_error("%s%s", err, "");
                taken = 1;
            }
            while (!val && i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
                if (options_parse_levels(argv[++i], &o->levels, &o->nlevels, err, sizeof err))
                    return usage_error("%s%s", err, "");
                taken++;
            }
            if (!taken)
                return usage_error("option '%s' needs a level list, e.g. 1..20%s", name, "");
            continue;
        }
        if (!val) {
            if (i + 1 >= argc)
                return usage_error("option '%s' needs a value%s", name, "");
            val = argv[++i];
        }
        long v;
        if (strcmp(name, "--num_images") == 0) {
            if (parse_long(val, 1, CLI_MAX_SAMPLES, &v))
                return usage_error("bad --num_images '%s' (expected a whole number from 1)%s", val, "");
            o->num_images = v;
        } else if (strcmp(name, "--file") == 0) {
            if (parse_long(val, 0, GEN_MAX_FILE, &v))
                return usage_error("bad --file '%s' (expected a whole number from 0 to 10^15)%s", val, "");
            o->file = v;
        } else if (strcmp(name, "--jobs") == 0) {
            if (parse_long(val, 1, CLI_MAX_JOBS, &v))
                return usage_error("bad --jobs '%s' (expected 1..256)%s", val, "");
            o->jobs = (int)v;
        } else if (strcmp(name, "--frames") == 0) {
            if (parse_long(val, GEN_FRAMES_MIN, GEN_MAX_IMAGES, &v))
                return usage_error("bad --frames '%s' (expected a whole number from 2 to 64)%s", val, "");
            o->frames = (int)v;
        } else if (strcmp(name, "--grid_size") == 0) {
            if (parse_long(val, CLI_MIN_GRID, CLI_MAX_GRID, &v))
                return usage_error("bad --grid_size '%s' (expected 2..26)%s", val, "");
            o->grid_size = (int)v;
        } else if (strcmp(name, "--out") == 0) {
            if (!*val)
                return usage_error("empty --out%s%s", "", "");
            o->out = val;
        } else if (strcmp(name, "--scale") == 0) {
            char *end;
            double sc = strtod(val, &end);
            if (!*val || *end || !(sc >= CLI_MIN_SCALE && sc <= CLI_MAX_SCALE))
                return usage_error("bad --scale '%s' (expected a number from 0.25 to 4)%s", val, "");
            o->scale = sc;
        } else if (strcmp(name, "--compression") == 0) {
            int cm = png_compression_parse(val);
            if (cm < 0)
                return usage_error("bad --compression '%s' (expected fast or small)%s", val, "");
            o->compression = cm;
        } else if (strcmp(name, "--tasks") == 0) {
            c->tasks = val;
        } else if (strcmp(name, "--split") == 0) {
            if (!split_name_ok(val))
                return usage_error("bad --split '%s' (expected 1 to 32 of a-z, 0-9, '_' and '-', e.g. train)%s", val, "");
            o->split = val;
        } else if (strcmp(name, "--metadata") == 0) {
            if (strcmp(val, "jsonl") != 0)
                return usage_error("bad --metadata '%s' (the one layout is jsonl)%s", val, "");
            o->metadata = true;
        } else if (strcmp(name, "--exclude") == 0) {
            if (!*val)
                return usage_error("empty --exclude%s%s", "", "");
            o->exclude = val;
        } else if (strcmp(name, "--shard") == 0) {
            long k, n;
            char *slash = strchr(val, '/');
            char kbuf[32];
            if (!slash || (size_t)(slash - val) >= sizeof kbuf)
                return usage_error("bad --shard '%s' (expected K/N, e.g. 2/8)%s", val, "");
            memcpy(kbuf, val, (size_t)(slash - val));
            kbuf[slash - val] = '\0';
            if (parse_long(kbuf, 1, CLI_MAX_SHARDS, &k) || parse_long(slash + 1, 1, CLI_MAX_SHARDS, &n) || k > n)
                return usage_error("bad --shard '%s' (expected K/N with 1 <= K <= N <= 10000)%s", val, "");
            o->shard_k = (int)k;
            o->shard_n = (int)n;
        } else if (strcmp(name, "--seed") == 0) {
            char *end;
            errno = 0;
            unsigned long long sd = strtoull(val, &end, 10);
            if (!*val || *end || errno || val[0] == '-')
                return usage_error("bad --seed '%s' (expected a whole number 0..18446744073709551615)%s", val, "");
            o->seed = sd;
            c->seed_given = true;
        }
    }
    return GEN_EXIT_OK;
}

static void default_options(run_request *c, int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    gen_options *o = &c->o;
    o->num_images = 0; /* the task's own count (options_resolve_frames) unless given */
    o->file = 1;
    o->out = ".";
    o->grid_size = 6;
    o->scale = 1.0;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    o->jobs = cpus > 0 ? (int)(cpus > CLI_MAX_JOBS ? CLI_MAX_JOBS : cpus) : 1;
    o->argc = argc;
    o->argv = argv;
}

static void default_levels(const generator *g, int **levels, int *n)
{
    *n = 0;
    *levels = xmalloc(sizeof(int) * (size_t)(g->level_max - g->level_min + 1));
    for (int l = g->level_min; l <= g->level_max; l++)
        (*levels)[(*n)++] = l;
}

int options_check(const gen_options *o, char *err, size_t errlen)
{
    const generator *g = o->task;
    if (o->num_images < 1 || o->num_images > CLI_MAX_SAMPLES) {
        snprintf(err, errlen, "num_images %ld is out of range (1 .. %ld)", o->num_images, CLI_MAX_SAMPLES);
        return GEN_EXIT_USAGE;
    }
    if (o->nlevels < 1 || o->nlevels > CLI_MAX_SAMPLES) {
        snprintf(err, errlen, "%d levels: expected 1 .. %ld", o->nlevels, CLI_MAX_SAMPLES);
        return GEN_EXIT_USAGE;
    }
    long total = (long)o->nlevels * o->num_images;
    if (total > CLI_MAX_SAMPLES) {
        snprintf(err, errlen, "%ld samples is more than one run makes (at most %ld)", total, CLI_MAX_SAMPLES);
        return GEN_EXIT_USAGE;
    }
    if (o->file < 0 || o->file > GEN_MAX_FILE - (total - 1)) {
        snprintf(err, errlen, "file numbers %ld .. %ld are out of range (0 .. %ld)", o->file, o->file + (total - 1),
                 GEN_MAX_FILE);
        return GEN_EXIT_USAGE;
    }
    if (o->grid_size < CLI_MIN_GRID || o->grid_size > CLI_MAX_GRID) {
        snprintf(err, errlen, "grid_size %d is out of range (%d .. %d)", o->grid_size, CLI_MIN_GRID, CLI_MAX_GRID);
        return GEN_EXIT_USAGE;
    }
    if (o->scale != 0 && !(o->scale >= CLI_MIN_SCALE && o->scale <= CLI_MAX_SCALE)) {
        snprintf(err, errlen, "scale %g is out of range (0.25 .. 4)", o->scale);
        return GEN_EXIT_USAGE;
    }
    if (!(o->shard_n == 0 && o->shard_k == 0) &&
        !(o->shard_k >= 1 && o->shard_k <= o->shard_n && o->shard_n <= CLI_MAX_SHARDS)) {
        snprintf(err, errlen, "shard %d/%d is out of range (1 <= K <= N <= %d)", o->shard_k, o->shard_n,
                 CLI_MAX_SHARDS);
        return GEN_EXIT_USAGE;
    }
    if (g->images == GEN_IMAGES_FRAMES && (o->frames < GEN_FRAMES_MIN || o->frames > GEN_MAX_IMAGES)) {
        snprintf(err, errlen, "frames %d of '%s' is out of range (%d .. %d)", o->frames, g->name, GEN_FRAMES_MIN,
                 GEN_MAX_IMAGES);
        return GEN_EXIT_USAGE;
    }
    if (g->images != GEN_IMAGES_FRAMES && o->frames != 0) {
        snprintf(err, errlen, "--frames is for the video tasks, not '%s' (%d image%s a sample)", g->name, g->images,
                 g->images == 1 ? "" : "s");
        return GEN_EXIT_USAGE;
    }
    for (int i = 0; i < o->nlevels; i++)
        if (o->levels[i] < g->lowest_level || o->levels[i] > CLI_MAX_LEVEL) {
            if (o->levels[i] < g->lowest_level)
                snprintf(err, errlen, "%s: level %d is below the lowest level %d", g->name, o->levels[i],
                         g->lowest_level);
            else
                snprintf(err, errlen, "%s: level %d is above %d", g->name, o->levels[i], CLI_MAX_LEVEL);
            return GEN_EXIT_USAGE;
        }
    for (int i = 0; i < o->nlevels; i++) {
        gen_params p = {.level = o->levels[i], .grid_size = o->grid_size, .file = 0, .frames = o->frames};
        char why[400];
        if (g->check_level && (i == 0 || o->levels[i] != o->levels[i - 1]) &&
            g->check_level(&p, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s: level %d: %s", g->name, o->levels[i], why);
            return GEN_EXIT_LEVEL;
        }
    }
    return GEN_EXIT_OK;
}

/* --exclude: one attempt counter per sample, filled by the run and recorded in
 * gen.json.  A sharded run cannot know which samples other shards replaced, so
 * the two do not go together. */
static int prepare_exclude(gen_options *o)
{
    if (!o->exclude)
        return GEN_EXIT_OK;
    if (o->shard_n > 1)
        return usage_error("--exclude and --shard do not go together (run the split on one machine)%s%s", "", "");
    o->attempts = xcalloc((size_t)run_count(o) + 1, sizeof(int));
    return GEN_EXIT_OK;
}

/* Refuses levels below the task's lowest (usage) or beyond its canvas (level),
 * and every other option out of its range. */
static int validate_levels(const generator *g, const gen_options *o)
{
    (void)g;
    char err[512];
    int rc = options_check(o, err, sizeof err);
    if (rc != GEN_EXIT_OK)
        fprintf(stderr, "gen: %s\n", err);
    return rc;
}

static void announce_seed(run_request *c)
{
    if (c->seed_given)
        return;
    c->o.seed = pick_seed();
    if (!c->o.quiet)
        fprintf(stderr, "gen: no --seed given, using --seed %llu\n", (unsigned long long)c->o.seed);
}

int options_validate_levels(const gen_options *o)
{
    return validate_levels(o->task, o);
}

int options_parse_long(const char *s, long lo, long hi, long *out)
{
    return parse_long(s, lo, hi, out);
}

int options_usage_error(const char *fmt, const char *a, const char *b)
{
    return usage_error(fmt, a, b);
}

int options_parse_run(int argc, char **argv, int start, run_request *c)
{
    return parse_run_options(argc, argv, start, c);
}

void options_default(run_request *c, int argc, char **argv)
{
    default_options(c, argc, argv);
}

void options_default_levels(const generator *g, int **levels, int *n)
{
    default_levels(g, levels, n);
}

int options_prepare_exclude(gen_options *o)
{
    return prepare_exclude(o);
}

void options_announce_seed(run_request *c)
{
    announce_seed(c);
}

uint64_t options_pick_seed(void)
{
    return pick_seed();
}

bool split_name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n > SPLIT_NAME_MAX)
        return false;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
            return false;
    return true;
}

void sample_file_name(const generator *g, long file, int image, char *buf, size_t n)
{
    if (g->images == GEN_IMAGES_FRAMES)
        snprintf(buf, n, "%ld_%d.png", file, image + 1);
    else if (g->images == 2)
        snprintf(buf, n, "%s%ld.png", image == 0 ? "first" : "second", file);
    else
        snprintf(buf, n, "%ld.png", file);
}

void sample_id_name(const generator *g, long file, char *buf, size_t n)
{
    sample_file_name(g, file, g->images == GEN_IMAGES_FRAMES ? 0 : g->images - 1, buf, n);
}

int run_images(const gen_options *o)
{
    return gen_images(o->task, o->frames);
}

long options_default_count(const generator *g)
{
    return g->images == GEN_IMAGES_FRAMES ? CLI_VIDEO_SAMPLES : CLI_DEFAULT_SAMPLES;
}

void options_resolve_frames(gen_options *o)
{
    if (o->task && o->task->images == GEN_IMAGES_FRAMES && o->frames == 0)
        o->frames = GEN_FRAMES_DEFAULT;
    if (o->task && o->num_images == 0)
        o->num_images = options_default_count(o->task);
}

int run_level_of(const gen_options *o, long i)
{
    return o->levels[i / o->num_images];
}

long run_count(const gen_options *o)
{
    long total = o->num_images * o->nlevels;
    if (o->shard_n <= 1)
        return total;
    long k = o->shard_k - 1;
    return total > k ? (total - k + o->shard_n - 1) / o->shard_n : 0;
}

long run_index(const gen_options *o, long j)
{
    return o->shard_n <= 1 ? j : j * o->shard_n + (o->shard_k - 1);
}

uint64_t run_sample_seed(const gen_options *o, long file, int attempt)
{
    uint64_t seed = o->split ? rng_split_seed(o->seed, o->split) : o->seed;
    return attempt > 0 ? rng_attempt_seed(seed, file, attempt) : seed;
}
