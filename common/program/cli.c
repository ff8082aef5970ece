#include "cli.h"

#include "check.h"
#include "eval.h"
#include "merge.h"
#include "merge_tree.h"
#include "overlap.h"
#include "recipe.h"
#include "preview.h"
#include "report.h"
#include "requests.h"

#include "errors.h"
#include "font.h"
#include "generator.h"
#include "manifest.h"
#include "run.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Upper bounds that keep arithmetic far from overflow and catch typos. */
#define CLI_MAX_SAMPLES GEN_MAX_SAMPLES /* samples in one run (cli.h) */
#define CLI_MAX_LEVEL 100000      /* any one level */
#define CLI_MAX_JOBS 256          /* worker threads */
#define CLI_MAX_GRID 26           /* columns are lettered A..Z */
#define CLI_MIN_GRID 2            /* a 1x1 board has nothing to locate */

#define CLI_MAX_SHARDS 10000        /* machines one job is split across */
#define CLI_MIN_SCALE 0.25          /* 200 px images: smaller would lose thin lines and labels */
#define CLI_MAX_SCALE 4.0           /* 3200 px images: larger is a typo more often than a wish */

static const char *const OPTIONS[] = {"--num_images", "--num_sizes", "--seed",  "--file",        "--out",
                                      "--grid_size",  "--jobs",      "--force", "--quiet",       "--help",
                                      "--shard",      "--tasks",     "--annotations", "--scale",
                                      "--split",      "--metadata",  "--exclude",     "--compression", NULL};

static void usage(FILE *f)
{
    fputs("usage: gen TASK [--num_images N] [--num_sizes SPEC] [--seed S] [--file K] [--out DIR]\n"
          "                [--grid_size G] [--jobs J] [--shard K/N] [--scale F] [--annotations]\n"
          "                [--split NAME] [--exclude DIR] [--metadata jsonl] [--compression fast|small]\n"
          "                [--force] [--quiet]\n"
          "       gen all [--tasks A,B,...] [--num_images N] [--seed S] [--out DIR] [--jobs J] [--shard K/N] ...\n"
          "       gen list\n"
          "       gen check DIR [--task TASK]\n"
          "       gen verify DIR [--quiet]\n"
          "       gen merge OUT SHARD_DIR... [--force] [--quiet]   (shards of gen TASK, or gen all trees)\n"
          "       gen overlap DIR_A DIR_B [--jobs J] [--quiet]\n"
          "       gen recipe FILE.json [--out DIR] [--jobs J] [--shard K/N] [--force] [--quiet] [--dry-run]\n"
          "       gen preview TASK [--seed S] [--grid_size G] [--num_sizes SPEC] [--thumb PX] [-o FILE]\n"
          "       gen gold DIR [--task TASK] [-o ANSWERS.json]\n"
          "       gen requests DIR --model NAME [--task TASK] [--shots K] [--prompts ROOT] [-o requests.jsonl]\n"
          "                [--max_tokens N]\n"
          "       gen score DIR ANSWERS [--task TASK] [--parser release|strict] [-o EVAL.json]\n"
          "                [--annotated OUT.json] [--plot FILE.png] [--quiet]\n"
          "       gen report ROOT ANSWERS -o report.html [--task TASK] [--parser release|strict] [--embed] [--quiet]\n"
          "       gen --help | gen TASK --help | gen --version\n"
          "\n"
          "  --num_images N   samples per level (default 10)\n"
          "  --num_sizes SPEC levels: 1..20, 1,2,5, or separate numbers 1 2 3\n"
          "                   (default: the task's release levels, see gen list)\n"
          "  --seed S         root seed, 0..2^64-1 (default: picked, printed, recorded)\n"
          "  --file K         number of the first file (default 1; file numbers go up to 10^15)\n"
          "  --out DIR        task directory to write (default .)\n"
          "  --grid_size G    board size of the grid tasks (default 6)\n"
          "  --jobs J         worker threads (default: online CPUs)\n"
          "  --shard K/N      make only shard K of N (samples K, K+N, ...); join with gen merge\n"
          "  --scale F        draw images F times the task's size (0.25..4; default 1)\n"
          "  --annotations    also write annotations.json: every object's kind, colour,\n"
          "                   label, layer and bounding box\n"
          "  --split NAME     make split NAME (train, val, ...): a sample space of its own\n"
          "  --exclude DIR    remake any sample whose image or scene duplicates one in DIR\n"
          "  --metadata jsonl also write metadata.jsonl (file_name + record, one line each)\n"
          "  --compression C  PNG compression: fast (default) or small (files about half\n"
          "                   the size, much slower; for publishing a dataset)\n"
          "  --tasks A,B      gen all: only these tasks (default: all 30)\n"
          "  --force          replace the layout's files (data.json, data/, prompts/, ...)\n"
          "                   in a directory gen did not make\n"
          "  --quiet          print nothing but errors\n"
          "\n"
          "exit codes: 0 ok, 1 check or verify found problems, 2 usage error, 3 level cannot be drawn, 4 file error,\n"
          "            5 refused to overwrite (see --force), 6 invalid answers file (score, report),\n"
          "            70 internal error, 75 directory in use by another gen (its lock is held)\n"
          "environment: GEN_FONT=FILE loads the font from FILE instead of the built-in copy\n"
          "             (GEN_FONT_DEJAVU, GEN_FONT_DEJAVU_BOLD: the same for DejaVu Sans, Sans Bold)\n"
          "more: man gen; docs/cli.md and docs/cluster.md in the source\n",
          f);
}

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

int cli_parse_levels(const char *token, int **levels, int *n, char *err, size_t errlen)
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

/* The highest level check_level accepts (at the default grid size), by binary
 * search up to CLI_MAX_LEVEL; 0 when the task sets no limit up front. */
static int level_limit(const generator *g)
{
    if (!g->check_level)
        return 0;
    char err[256];
    gen_params p = {.level = CLI_MAX_LEVEL, .grid_size = 6, .file = 0};
    if (g->check_level(&p, err, sizeof err) == 0)
        return 0;
    int lo = g->level_min, hi = CLI_MAX_LEVEL; /* lo accepted, hi refused */
    while (hi - lo > 1) {
        p.level = lo + (hi - lo) / 2;
        if (g->check_level(&p, err, sizeof err) == 0)
            lo = p.level;
        else
            hi = p.level;
    }
    return lo;
}

static int cmd_list(void)
{
    printf("%-24s %-6s %-8s %-8s %s\n", "task", "images", "levels", "limit", "fields");
    for (int i = 0; i < GENERATOR_COUNT; i++) {
        const generator *g = GENERATORS[i];
        char lv[32], lim[32];
        snprintf(lv, sizeof lv, "%d..%d", g->level_min, g->level_max);
        int l = level_limit(g);
        snprintf(lim, sizeof lim, l ? "%d" : "-", l);
        printf("%-24s %-6d %-8s %-8s", g->name, g->images, lv, lim);
        for (const gen_field *f = g->fields; f->name; f++)
            printf("%s%s", f == g->fields ? "" : ", ", f->name);
        putchar('\n');
    }
    return GEN_EXIT_OK;
}

static void task_help(const generator *g)
{
    printf("%s: %s\n\n", g->name, g->summary);
    printf("images per sample: %d\n", g->images);
    printf("default levels:    %d..%d (lowest accepted: %d)\n", g->level_min, g->level_max, g->lowest_level);
    printf("record fields:     id");
    for (const gen_field *f = g->fields; f->name; f++)
        printf(", %s (%s)", f->name, field_type_name(f->type));
    printf("\nuses --grid_size:  %s\n", g->uses_grid_size ? "yes" : "no");
    printf("writes swatches.png: %s\n\n", g->uses_swatches ? "yes" : "no");
    printf("input_prompt.txt:  %s\nrules.txt:         %s\noutput_prompt.txt: %s\n\n", g->input_prompt, g->rules,
           g->output_prompt);
    usage(stdout);
}

static int cmd_check(int argc, char **argv)
{
    check_options co = {0};
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--task") == 0 && i + 1 < argc) {
            co.task = generator_find(argv[++i]);
            if (!co.task) {
                const char *s = generator_suggest(argv[i]);
                if (s)
                    return usage_error("unknown task '%s' (did you mean '%s'?)", argv[i], s);
                return usage_error("unknown task '%s' (gen list shows them all)%s", argv[i], "");
            }
        } else if (argv[i][0] == '-') {
            return usage_error("unknown option '%s' for check (usage: gen check DIR [--task TASK])%s", argv[i], "");
        } else if (!co.dir) {
            co.dir = argv[i];
        } else {
            return usage_error("unexpected argument '%s' (check takes one directory)%s", argv[i], "");
        }
    }
    if (!co.dir)
        return usage_error("check needs a directory (usage: gen check DIR [--task TASK])%s%s", "", "");
    char err[512];
    long problems = check_dir(&co, stdout, err, sizeof err);
    if (problems < 0) {
        fprintf(stderr, "gen: %s\n", err);
        return GEN_EXIT_IO;
    }
    if (problems) {
        printf("%s: %ld problem%s\n", co.dir, problems, problems == 1 ? "" : "s");
        return GEN_EXIT_FAILED;
    }
    printf("%s: valid\n", co.dir);
    return GEN_EXIT_OK;
}

static int cmd_verify(int argc, char **argv)
{
    const char *dir = NULL;
    bool quiet = false;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0)
            quiet = true;
        else if (argv[i][0] == '-')
            return usage_error("unknown option '%s' for verify (usage: gen verify DIR)%s", argv[i], "");
        else if (!dir)
            dir = argv[i];
        else
            return usage_error("unexpected argument '%s' (verify takes one directory)%s", argv[i], "");
    }
    if (!dir)
        return usage_error("verify needs a directory (usage: gen verify DIR)%s%s", "", "");
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        fprintf(stderr, "gen: %s\n", err);
        return GEN_EXIT_IO;
    }
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int jobs = cpus > 0 ? (int)(cpus > CLI_MAX_JOBS ? CLI_MAX_JOBS : cpus) : 1;
    int rc = recipe_verify(dir, jobs, quiet);
    if (rc < 0)
        rc = verify_dir(dir, jobs, quiet);
    font_done();
    return rc;
}

static int cmd_overlap(int argc, char **argv)
{
    const char *dirs[2] = {NULL, NULL};
    int nd = 0;
    bool quiet = false;
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
        } else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc) {
            if (parse_long(argv[++i], 1, CLI_MAX_JOBS, &jobs))
                return usage_error("bad --jobs '%s' (expected 1..256)%s", argv[i], "");
        } else if (argv[i][0] == '-' || nd == 2) {
            return usage_error("unexpected argument '%s' (usage: gen overlap DIR_A DIR_B [--jobs J] [--quiet])%s",
                               argv[i], "");
        } else {
            dirs[nd++] = argv[i];
        }
    }
    if (nd != 2)
        return usage_error("overlap needs two directories (usage: gen overlap DIR_A DIR_B [--jobs J] [--quiet])%s%s",
                           "", "");
    char err[512];
    if (font_init(err, sizeof err) != 0) { /* scenes are re-derived: text boxes need the font */
        fprintf(stderr, "gen: %s\n", err);
        return GEN_EXIT_IO;
    }
    int rc = overlap_main(dirs[0], dirs[1], jobs > 0 ? (int)jobs : 1, quiet);
    font_done();
    return rc;
}

static int cmd_merge(int argc, char **argv)
{
    bool force = false, quiet = false;
    char **dirs = xcalloc((size_t)argc, sizeof *dirs);
    int n = 0;
    const char *out = NULL;
    int rc = GEN_EXIT_OK;
    for (int i = 2; i < argc && rc == GEN_EXIT_OK; i++) {
        if (strcmp(argv[i], "--force") == 0)
            force = true;
        else if (strcmp(argv[i], "--quiet") == 0)
            quiet = true;
        else if (argv[i][0] == '-')
            rc = usage_error("unknown option '%s' for merge (usage: gen merge OUT SHARD_DIR...)%s", argv[i], "");
        else if (!out)
            out = argv[i];
        else
            dirs[n++] = argv[i];
    }
    if (rc == GEN_EXIT_OK && (!out || n == 0))
        rc = usage_error("merge needs an output directory and at least one shard (usage: gen merge OUT "
                         "SHARD_DIR...)%s%s", "", "");
    if (rc == GEN_EXIT_OK) {
        char err[512];
        if (font_init(err, sizeof err) != 0) {
            fprintf(stderr, "gen: %s\n", err);
            rc = GEN_EXIT_IO;
        } else {
            rc = merge_runs(out, dirs, n, force, quiet, argc, argv);
            font_done();
        }
    }
    free(dirs);
    return rc;
}

static uint64_t pick_seed(void);
static void default_levels(const generator *g, int **levels, int *n);
static int validate_levels(const generator *g, const gen_options *o);

static int cmd_preview(int argc, char **argv)
{
    if (argc < 3 || argv[2][0] == '-')
        return usage_error("preview needs a task (usage: gen preview TASK [--seed S] [--grid_size G] "
                           "[--num_sizes SPEC] [--thumb PX] [-o FILE])%s%s", "", "");
    const generator *g = generator_find(argv[2]);
    if (!g) {
        const char *sug = generator_suggest(argv[2]);
        return sug ? usage_error("unknown task '%s' (did you mean '%s'?)", argv[2], sug)
                   : usage_error("unknown task '%s' (gen list shows them all)%s", argv[2], "");
    }
    uint64_t seed = 0;
    bool seed_given = false;
    int grid = 6, *levels = NULL, nlevels = 0;
    double thumb = 300; /* px: big enough to read labels of a 22x22 grid */
    strbuf out = {0};
    char err[512];
    int rc = GEN_EXIT_OK;
    for (int i = 3; i < argc && rc == GEN_EXIT_OK; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n = 0;
        if ((strcmp(a, "-o") == 0 || strcmp(a, "--out") == 0) && v) {
            out.len = 0;
            strbuf_add(&out, v);
            i++;
        } else if (strcmp(a, "--seed") == 0 && v) {
            char *end;
            errno = 0;
            seed = strtoull(v, &end, 10);
            if (!*v || *end || errno || v[0] == '-')
                rc = usage_error("bad --seed '%s'%s", v, "");
            seed_given = true;
            i++;
        } else if (strcmp(a, "--thumb") == 0 && v) {
            if (parse_long(v, 100, 800, &n))
                rc = usage_error("bad --thumb '%s' (expected 100..800 pixels)%s", v, "");
            thumb = (double)n;
            i++;
        } else if (strcmp(a, "--grid_size") == 0 && v) {
            if (parse_long(v, CLI_MIN_GRID, CLI_MAX_GRID, &n))
                rc = usage_error("bad --grid_size '%s' (expected 2..26)%s", v, "");
            grid = (int)n;
            i++;
        } else if (strcmp(a, "--num_sizes") == 0 && v) {
            if (cli_parse_levels(v, &levels, &nlevels, err, sizeof err))
                rc = usage_error("%s%s", err, "");
            i++;
        } else {
            rc = usage_error("unknown or incomplete option '%s' for preview%s", a, "");
        }
    }
    if (rc == GEN_EXIT_OK) {
        if (!levels)
            default_levels(g, &levels, &nlevels);
        gen_options vo = {.task = g, .levels = levels, .nlevels = nlevels, .num_images = 1, .grid_size = grid};
        rc = validate_levels(g, &vo);
    }
    if (rc == GEN_EXIT_OK) {
        if (!seed_given) {
            seed = pick_seed();
            fprintf(stderr, "gen: no --seed given, using --seed %llu\n", (unsigned long long)seed);
        }
        if (!out.buf)
            strbuf_addf(&out, "%s-preview.png", g->name);
        if (font_init(err, sizeof err) != 0) {
            fprintf(stderr, "gen: %s\n", err);
            rc = GEN_EXIT_IO;
        } else {
            rc = preview_write(g, seed, grid, levels, nlevels, thumb, out.buf);
            font_done();
        }
    }
    free(levels);
    strbuf_free(&out);
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

/* Options of gen TASK and gen all, parsed into o. */
typedef struct cli_run {
    gen_options o;
    bool seed_given;
    bool all;          /* gen all: --tasks allowed, --num_sizes not */
    const char *tasks; /* --tasks a,b,c */
    bool help;         /* --help was asked for: print, exit 0 */
} cli_run;

static int parse_run_options(int argc, char **argv, int start, cli_run *c)
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
                if (cli_parse_levels(val, &o->levels, &o->nlevels, err, sizeof err))
                    return usage_error("%s%s", err, "");
                taken = 1;
            }
            while (!val && i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
                if (cli_parse_levels(argv[++i], &o->levels, &o->nlevels, err, sizeof err))
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

static void default_options(cli_run *c, int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    gen_options *o = &c->o;
    o->num_images = 10;
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

int cli_check_options(const gen_options *o, char *err, size_t errlen)
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
        gen_params p = {.level = o->levels[i], .grid_size = o->grid_size, .file = 0};
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
    int rc = cli_check_options(o, err, sizeof err);
    if (rc != GEN_EXIT_OK)
        fprintf(stderr, "gen: %s\n", err);
    return rc;
}

static void announce_seed(cli_run *c)
{
    if (c->seed_given)
        return;
    c->o.seed = pick_seed();
    if (!c->o.quiet)
        fprintf(stderr, "gen: no --seed given, using --seed %llu\n", (unsigned long long)c->o.seed);
}

static int with_font(const gen_options *o, int n)
{
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        fprintf(stderr, "gen: %s\n", err);
        return GEN_EXIT_IO;
    }
    int rc = run_tasks(o, n);
    font_done();
    return rc;
}

int cli_validate_levels(const gen_options *o)
{
    return validate_levels(o->task, o);
}

int cli_run_tasks(const gen_options *opts, int n)
{
    return with_font(opts, n);
}

int cli_parse_long(const char *s, long lo, long hi, long *out)
{
    return parse_long(s, lo, hi, out);
}

static int run_generate(const generator *g, int argc, char **argv)
{
    cli_run c;
    default_options(&c, argc, argv);
    c.o.task = g;
    int rc = parse_run_options(argc, argv, 2, &c);
    if (rc == GEN_EXIT_OK && c.help) {
        task_help(g);
    } else if (rc == GEN_EXIT_OK) {
        if (!c.o.levels)
            default_levels(g, &c.o.levels, &c.o.nlevels);
        rc = validate_levels(g, &c.o);
        if (rc == GEN_EXIT_OK)
            rc = prepare_exclude(&c.o);
        if (rc == GEN_EXIT_OK) {
            announce_seed(&c);
            rc = with_font(&c.o, 1);
        }
    }
    free(c.o.levels);
    free(c.o.attempts);
    return rc;
}

static int run_all(int argc, char **argv)
{
    cli_run c;
    default_options(&c, argc, argv);
    c.all = true;
    int rc = parse_run_options(argc, argv, 2, &c);
    if (rc != GEN_EXIT_OK)
        return rc;
    if (c.help) {
        usage(stdout);
        return GEN_EXIT_OK;
    }
    const generator *chosen[256];
    int n = 0;
    if (c.tasks) {
        char *copy = xstrdup(c.tasks), *save = NULL;
        for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            const generator *g = generator_find(t);
            if (!g) {
                const char *sug = generator_suggest(t);
                rc = sug ? usage_error("unknown task '%s' in --tasks (did you mean '%s'?)", t, sug)
                         : usage_error("unknown task '%s' in --tasks (gen list shows them all)%s", t, "");
                free(copy);
                return rc;
            }
            bool dup = false;
            for (int k = 0; k < n; k++)
                dup |= chosen[k] == g;
            if (!dup && n < 256)
                chosen[n++] = g;
        }
        free(copy);
        if (n == 0)
            return usage_error("empty --tasks%s%s", "", "");
    } else {
        for (int t = 0; t < GENERATOR_COUNT; t++)
            chosen[n++] = GENERATORS[t];
    }
    announce_seed(&c);
    gen_options *opts = xcalloc((size_t)n, sizeof *opts);
    char **dirs = xcalloc((size_t)n, sizeof *dirs);
    for (int t = 0; t < n && rc == GEN_EXIT_OK; t++) {
        opts[t] = c.o;
        opts[t].task = chosen[t];
        default_levels(chosen[t], &opts[t].levels, &opts[t].nlevels);
        strbuf d = {0};
        strbuf_addf(&d, "%s/%s", c.o.out, chosen[t]->name);
        dirs[t] = d.buf;
        opts[t].out = dirs[t];
        rc = validate_levels(chosen[t], &opts[t]);
        if (rc == GEN_EXIT_OK)
            rc = prepare_exclude(&opts[t]);
    }
    if (rc == GEN_EXIT_OK)
        rc = with_font(opts, n);
    for (int t = 0; t < n; t++) {
        free(opts[t].levels);
        free(opts[t].attempts);
        free(dirs[t]);
    }
    free(opts);
    free(dirs);
    return rc;
}

int cli_main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return GEN_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return GEN_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        strbuf sb = {0};
        manifest_library_versions(&sb);
        char fast[128], small[128];
        png_encoder_name(PNG_FAST, fast, sizeof fast);
        png_encoder_name(PNG_SMALL, small, sizeof small);
        printf("gen %s (revision %s)\n%s\nfont: Liberation Sans Regular, SHA-256 %s\n", GEN_VERSION, GEN_REVISION,
               sb.buf, FONT_SHA256);
        printf("png: --compression fast: %s%s\n     --compression small: %s\n", fast,
               png_deflate_available(PNG_DEFLATE_ISAL) ? "" : " (built without libisal: the slow fallback)", small);
        strbuf_free(&sb);
        return GEN_EXIT_OK;
    }
    if (strcmp(cmd, "list") == 0)
        return cmd_list();
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc, argv);
    if (strcmp(cmd, "all") == 0)
        return run_all(argc, argv);
    if (strcmp(cmd, "verify") == 0)
        return cmd_verify(argc, argv);
    if (strcmp(cmd, "merge") == 0)
        return cmd_merge(argc, argv);
    if (strcmp(cmd, "preview") == 0)
        return cmd_preview(argc, argv);
    if (strcmp(cmd, "overlap") == 0)
        return cmd_overlap(argc, argv);
    if (strcmp(cmd, "recipe") == 0)
        return recipe_main(argc, argv);
    if (strcmp(cmd, "gold") == 0)
        return eval_cmd_gold(argc, argv);
    if (strcmp(cmd, "requests") == 0)
        return requests_cmd(argc, argv);
    if (strcmp(cmd, "report") == 0)
        return report_cmd(argc, argv);
    if (strcmp(cmd, "score") == 0)
        return eval_cmd_score(argc, argv);
    const generator *g = generator_find(cmd);
    if (!g) {
        const char *s = generator_suggest(cmd);
        if (cmd[0] == '-')
            return usage_error("expected a task before '%s' (see gen list)%s", cmd, "");
        if (s)
            return usage_error("unknown task '%s' (did you mean '%s'?)", cmd, s);
        return usage_error("unknown task '%s' (gen list shows them all)%s", cmd, "");
    }
    return run_generate(g, argc, argv);
}
