/* SPDX-License-Identifier: MIT */
/* gen overlap DIR_A DIR_B: samples two directories share (docs/training.md). */
#include "commands.h"

#include "errors.h"
#include "font.h"
#include "options.h"
#include "overlap.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cmd_overlap(int argc, char **argv)
{
    const char *dirs[2] = {NULL, NULL};
    int nd = 0;
    bool quiet = false;
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
        } else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc) {
            if (options_parse_long(argv[++i], 1, CLI_MAX_JOBS, &jobs))
                return options_usage_error("bad --jobs '%s' (expected 1..256)%s", argv[i], "");
        } else if (argv[i][0] == '-' || nd == 2) {
            return options_usage_error("unexpected argument '%s' (usage: gen overlap DIR_A DIR_B [--jobs J] [--quiet])%s",
                               argv[i], "");
        } else {
            dirs[nd++] = argv[i];
        }
    }
    if (nd != 2)
        return options_usage_error("overlap needs two directories (usage: gen overlap DIR_A DIR_B [--jobs J] [--quiet])%s%s",
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
