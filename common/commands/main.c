/* SPDX-License-Identifier: MIT */
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

/* The subcommands, sorted by name (bsearch). */
typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command COMMANDS[] = {
    {"all", cmd_all},         {"ask", cmd_ask},           {"check", cmd_check},       {"gold", cmd_gold},       {"list", cmd_list},
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
            return options_usage_error("expected a task before '%s' (see gen list)%s", cmd, "");
        if (s)
            return options_usage_error("unknown task '%s' (did you mean '%s'?)", cmd, s);
        return options_usage_error("unknown task '%s' (gen list shows them all)%s", cmd, "");
    }
    return cmd_task(g, argc, argv);
}
