/* SPDX-License-Identifier: MIT */
/* gen recipe FILE.json: a training mixture in one command (docs/training.md). */
#include "commands.h"

#include "errors.h"
#include "options.h"
#include "recipe.h"
#include "run.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int usage_recipe(const char *what, const char *arg)
{
    fprintf(stderr, "gen: %s '%s' (usage: gen recipe FILE.json [--out DIR] [--jobs J] [--shard K/N] [--force] "
                    "[--quiet] [--dry-run])\n", what, arg);
    return GEN_EXIT_USAGE;
}

int cmd_recipe(int argc, char **argv)
{
    gen_options base;
    memset(&base, 0, sizeof base);
    base.out = ".";
    base.file = 1;
    base.grid_size = 6;
    base.scale = 1.0;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    base.jobs = cpus > 0 ? (int)(cpus > 256 ? 256 : cpus) : 1;
    base.argc = argc;
    base.argv = argv;
    const char *file = NULL;
    bool dry = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        long v;
        if (strcmp(a, "--dry-run") == 0) {
            dry = true;
        } else if (strcmp(a, "--force") == 0) {
            base.force = true;
        } else if (strcmp(a, "--quiet") == 0) {
            base.quiet = true;
        } else if ((strcmp(a, "--out") == 0 || strcmp(a, "--jobs") == 0 || strcmp(a, "--shard") == 0) &&
                   i + 1 >= argc) {
            return usage_recipe("option needs a value", a);
        } else if (strcmp(a, "--out") == 0) {
            base.out = argv[++i];
            if (!*base.out)
                return usage_recipe("empty --out", "");
        } else if (strcmp(a, "--jobs") == 0) {
            if (options_parse_long(argv[++i], 1, 256, &v) != 0)
                return usage_recipe("bad --jobs (expected 1..256)", argv[i]);
            base.jobs = (int)v;
        } else if (strcmp(a, "--shard") == 0) {
            long k, n;
            char kb[32];
            const char *val = argv[++i], *slash = strchr(val, '/');
            if (!slash || (size_t)(slash - val) >= sizeof kb)
                return usage_recipe("bad --shard (expected K/N)", val);
            memcpy(kb, val, (size_t)(slash - val));
            kb[slash - val] = '\0';
            if (options_parse_long(kb, 1, 10000, &k) || options_parse_long(slash + 1, 1, 10000, &n) || k > n)
                return usage_recipe("bad --shard (expected K/N with 1 <= K <= N <= 10000)", val);
            base.shard_k = (int)k;
            base.shard_n = (int)n;
        } else if (a[0] == '-' || file) {
            return usage_recipe("unexpected argument", a);
        } else {
            file = a;
        }
    }
    if (!file)
        return usage_recipe("recipe needs a file", "");
    return recipe_make(file, &base, dry);
}
