/* SPDX-License-Identifier: MIT */
/* gen merge OUT SHARD_DIR...: joins shards or gen all trees (docs/cluster.md). */
#include "commands.h"

#include "errors.h"
#include "font.h"
#include "merge_tree.h"
#include "options.h"
#include "util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_merge(int argc, char **argv)
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
            rc = options_usage_error("unknown option '%s' for merge (usage: gen merge OUT SHARD_DIR...)%s", argv[i], "");
        else if (!out)
            out = argv[i];
        else
            dirs[n++] = argv[i];
    }
    if (rc == GEN_EXIT_OK && (!out || n == 0))
        rc = options_usage_error("merge needs an output directory and at least one shard (usage: gen merge OUT "
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
