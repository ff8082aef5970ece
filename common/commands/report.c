/* SPDX-License-Identifier: MIT */
/* gen report ROOT ANSWERS -o report.html: a page for error analysis (docs/evaluation.md). */
#include "commands.h"

#include "answer.h"
#include "errors.h"
#include "eval.h"
#include "generator.h"
#include "report.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int usage(const char *fmt, const char *arg)
{
    fputs("gen: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (usage: gen report ROOT ANSWERS -o report.html [--embed])\n", stderr);
    return GEN_EXIT_USAGE;
}

int cmd_report(int argc, char **argv)
{
    const char *pos[2] = {NULL, NULL}, *out = NULL;
    int npos = 0;
    bool embed = false, quiet = false;
    const generator *task = NULL;
    answer_parser parser = ANSWER_RELEASE;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-o") == 0 || strcmp(a, "--out") == 0) {
            if (i + 1 >= argc)
                return usage("option '%s' needs a file", a);
            out = argv[++i];
        } else if (strncmp(a, "--out=", 6) == 0) {
            out = a + 6;
        } else if ((strcmp(a, "--task") == 0 || strcmp(a, "--parser") == 0) && i + 1 >= argc) {
            return usage("option '%s' needs a value", a);
        } else if (strcmp(a, "--task") == 0 || strncmp(a, "--task=", 7) == 0) {
            if (eval_opt_task(a[6] ? a + 7 : argv[++i], &task))
                return GEN_EXIT_USAGE;
        } else if (strcmp(a, "--parser") == 0 || strncmp(a, "--parser=", 9) == 0) {
            const char *v = a[8] ? a + 9 : argv[++i];
            if (!answer_parser_named(v, &parser))
                return usage("unknown parser '%s' (release or strict)", v);
        } else if (strcmp(a, "--embed") == 0) {
            embed = true;
        } else if (strcmp(a, "--quiet") == 0) {
            quiet = true;
        } else if (a[0] == '-' && a[1]) {
            return usage("unknown option '%s' for report", a);
        } else if (npos == 2) {
            return usage("unexpected argument '%s'", a);
        } else {
            pos[npos++] = a;
        }
    }
    if (npos < 2)
        return usage("report needs a directory and an answers file%s", "");
    if (!out || !*out || strcmp(out, "-") == 0)
        return usage("report needs an output file (-o report.html)%s", "");
    return report_write(pos[0], pos[1], out, task, parser, embed, quiet);
}
