/* main.c - gen's entry point: --help, --version, the command table, and gen TASK
 * for any other name (docs/cli.md). */
#include "commands.h"

#include "errors.h"
#include "font.h"
#include "generator.h"
#include "manifest.h"
#include "options.h"
#include "png_io.h"
#include "util.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gen_usage(FILE *f)
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
          "more: man gen; docs/cli.md and docs/cluster.md in the source\n",
          f);
}

/* The subcommands, sorted by name (bsearch). */
typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command COMMANDS[] = {
    {"all", cmd_all},         {"check", cmd_check},       {"gold", cmd_gold},       {"list", cmd_list},
    {"merge", cmd_merge},     {"overlap", cmd_overlap},   {"preview", cmd_preview}, {"recipe", cmd_recipe},
    {"report", cmd_report},   {"requests", cmd_requests}, {"score", cmd_score},     {"verify", cmd_verify},
};

static int by_name(const void *key, const void *entry)
{
    return strcmp(key, ((const command *)entry)->name);
}

int main(int argc, char **argv)
{
    /* A file-size limit (ulimit -f) then makes write() fail with EFBIG, which gen
     * reports as a file error, instead of killing the process mid-write. */
    signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        gen_usage(stderr);
        return GEN_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        gen_usage(stdout);
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
    const command *c = bsearch(cmd, COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0], sizeof COMMANDS[0], by_name);
    if (c)
        return c->run(argc, argv);
    const generator *g = generator_find(cmd);
    if (!g) {
        const char *s = generator_suggest(cmd);
        if (cmd[0] == '-')
            return cli_usage_error("expected a task before '%s' (see gen list)%s", cmd, "");
        if (s)
            return cli_usage_error("unknown task '%s' (did you mean '%s'?)", cmd, s);
        return cli_usage_error("unknown task '%s' (gen list shows them all)%s", cmd, "");
    }
    return cmd_task(g, argc, argv);
}
