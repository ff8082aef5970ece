/* SPDX-License-Identifier: MIT */
#include "merge_tree.h"

#include "recipe.h"

#include "errors.h"
#include "fsutil.h"
#include "manifest.h"
#include "merge.h"
#include "run.h"
#include "util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One task directory of a shard tree. */
typedef struct tree_task {
    char *name;
    cJSON *manifest;
    gen_options o;
    bool loaded; /* o holds levels to free */
} tree_task;

/* One shard tree: DIR/<task>/ for each task of a `gen all --shard K/N` run. */
typedef struct tree {
    const char *dir;
    tree_task *tasks;
    int ntasks;
} tree;

static bool holds_manifest(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/gen.json", dir);
    return path_exists(path);
}

/* A directory without gen.json (or with a recipe's, gen recipe --shard) that has
 * at least one subdirectory with one. */
static bool is_tree(const char *dir)
{
    if (holds_manifest(dir) && !recipe_output(dir))
        return false;
    DIR *d = opendir(dir);
    if (!d)
        return false;
    bool found = false;
    struct dirent *e;
    while (!found && (e = readdir(d)) != NULL) {
        char sub[4200];
        if (e->d_name[0] == '.')
            continue;
        snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
        found = is_dir(sub) && holds_manifest(sub);
    }
    closedir(d);
    return found;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const tree_task *)a)->name, ((const tree_task *)b)->name);
}

static const char *manifest_string(const cJSON *m, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(m, key);
    return cJSON_IsString(v) ? v->valuestring : "?";
}

/* Lists and reads the task directories of one tree; prints why and returns an
 * exit code when one is not a task shard. */
static int load_tree(tree *t)
{
    DIR *d = opendir(t->dir);
    if (!d) {
        fprintf(stderr, "gen: merge: cannot read '%s'\n", t->dir);
        return GEN_EXIT_IO;
    }
    int cap = 0, rc = GEN_EXIT_OK;
    struct dirent *e;
    while (rc == GEN_EXIT_OK && (e = readdir(d)) != NULL) {
        char sub[4200];
        if (e->d_name[0] == '.')
            continue;
        snprintf(sub, sizeof sub, "%s/%s", t->dir, e->d_name);
        if (!is_dir(sub))
            continue; /* e.g. a job's log file beside the task directories */
        if (!holds_manifest(sub)) {
            fprintf(stderr, "gen: merge: '%s' is not a task directory of gen all (it has no gen.json)\n", sub);
            rc = GEN_EXIT_USAGE;
            break;
        }
        if (t->ntasks == cap) {
            cap = cap ? 2 * cap : 32;
            t->tasks = xrealloc(t->tasks, sizeof *t->tasks * (size_t)cap);
        }
        tree_task *tt = &t->tasks[t->ntasks++];
        memset(tt, 0, sizeof *tt);
        tt->name = xstrdup(e->d_name);
    }
    closedir(d);
    if (rc != GEN_EXIT_OK)
        return rc;
    qsort(t->tasks, (size_t)t->ntasks, sizeof *t->tasks, by_name);
    for (int i = 0; i < t->ntasks; i++) {
        tree_task *tt = &t->tasks[i];
        char sub[4200], err[1024];
        snprintf(sub, sizeof sub, "%s/%s", t->dir, tt->name);
        tt->manifest = manifest_load(sub, err, sizeof err);
        if (!tt->manifest || manifest_read_options(tt->manifest, &tt->o, err, sizeof err) != 0) {
            fprintf(stderr, "gen: merge: '%s' is not a gen shard: %s\n", sub, err);
            return GEN_EXIT_USAGE;
        }
        tt->loaded = true;
        if (strcmp(tt->o.task->name, tt->name) != 0) {
            fprintf(stderr, "gen: merge: '%s' holds task '%s', not '%s'\n", sub, tt->o.task->name, tt->name);
            return GEN_EXIT_USAGE;
        }
        if (tt->o.shard_n <= 1) {
            fprintf(stderr, "gen: merge: '%s' is a whole run, not a shard (made without --shard)\n", sub);
            return GEN_EXIT_USAGE;
        }
    }
    return GEN_EXIT_OK;
}

/* What two task shards of one gen all run must share; the first that differs,
 * or NULL. */
/* What differs between two task directories that must be of one run: for two
 * tasks of one recipe (same_options false) only what a recipe shares (gen, seed,
 * first file, N), since each task has its own count, grid and scale. */
static const char *run_difference(const tree_task *a, const tree_task *b, bool same_options)
{
    if (strcmp(manifest_string(a->manifest, "version"), manifest_string(b->manifest, "version")) != 0 ||
        strcmp(manifest_string(a->manifest, "revision"), manifest_string(b->manifest, "revision")) != 0)
        return "gen version";
    if (a->o.seed != b->o.seed)
        return "seed";
    if (a->o.file != b->o.file)
        return "file";
    if (a->o.shard_n != b->o.shard_n)
        return "shard count N";
    if (!same_options)
        return NULL;
    if (a->o.num_images != b->o.num_images)
        return "num_images";
    if (a->o.grid_size != b->o.grid_size)
        return "grid_size";
    if (a->o.annotations != b->o.annotations)
        return "annotations";
    if (a->o.scale != b->o.scale)
        return "scale";
    /* gen all gives --frames to its video tasks only: the others have none */
    if (a->o.frames && b->o.frames && a->o.frames != b->o.frames)
        return "frames";
    return NULL;
}

static int refuse_difference(const tree *ta, const tree_task *a, const tree *tb, const tree_task *b, const char *what)
{
    if (strcmp(what, "gen version") == 0)
        fprintf(stderr, "gen: merge: '%s/%s' was made by gen %s (revision %s) but '%s/%s' by gen %s (revision %s)\n",
                ta->dir, a->name, manifest_string(a->manifest, "version"), manifest_string(a->manifest, "revision"),
                tb->dir, b->name, manifest_string(b->manifest, "version"), manifest_string(b->manifest, "revision"));
    else
        fprintf(stderr, "gen: merge: '%s/%s' and '%s/%s' differ in %s (not shards of one gen all run)\n", ta->dir,
                a->name, tb->dir, b->name, what);
    return GEN_EXIT_USAGE;
}

/* The first task of a that b lacks, or NULL. */
static const char *task_missing(const tree *a, const tree *b)
{
    for (int i = 0; i < a->ntasks; i++) {
        bool found = false;
        for (int j = 0; j < b->ntasks && !found; j++)
            found = strcmp(a->tasks[i].name, b->tasks[j].name) == 0;
        if (!found)
            return a->tasks[i].name;
    }
    return NULL;
}

/* Contract 2: the trees belong together. */
static int check_trees(tree *trees, int n)
{
    for (int i = 0; i < n; i++) {
        tree *t = &trees[i];
        bool recipe = recipe_output(t->dir);
        for (int j = 1; j < t->ntasks; j++) {
            const char *what = run_difference(&t->tasks[0], &t->tasks[j], !recipe);
            if (what)
                return refuse_difference(t, &t->tasks[0], t, &t->tasks[j], what);
            if (t->tasks[j].o.shard_k != t->tasks[0].o.shard_k) {
                fprintf(stderr, "gen: merge: '%s/%s' is shard %d/%d but '%s/%s' is shard %d/%d (a tree holds one shard)\n",
                        t->dir, t->tasks[0].name, t->tasks[0].o.shard_k, t->tasks[0].o.shard_n, t->dir, t->tasks[j].name,
                        t->tasks[j].o.shard_k, t->tasks[j].o.shard_n);
                return GEN_EXIT_USAGE;
            }
        }
    }
    for (int i = 1; i < n; i++) {
        const char *name = task_missing(&trees[0], &trees[i]);
        const tree *has = &trees[0], *lacks = &trees[i];
        if (!name) {
            name = task_missing(&trees[i], &trees[0]);
            has = &trees[i];
            lacks = &trees[0];
        }
        if (name) {
            fprintf(stderr, "gen: merge: '%s' has task '%s' but '%s' has not (shard trees must hold the same tasks)\n",
                    has->dir, name, lacks->dir);
            return GEN_EXIT_USAGE;
        }
        const char *what = run_difference(&trees[0].tasks[0], &trees[i].tasks[0], true);
        if (what)
            return refuse_difference(&trees[0], &trees[0].tasks[0], &trees[i], &trees[i].tasks[0], what);
    }
    /* Every K from 1 to N once: each tree is one K (checked above), so
     * merge_shards() checking its task directories, before it writes anything,
     * checks the trees. */
    return GEN_EXIT_OK;
}

static int merge_trees(const char *out, char **dirs, int n, bool force, bool quiet, int argc, char **argv)
{
    tree *trees = xcalloc((size_t)n, sizeof *trees);
    int rc = GEN_EXIT_OK;
    for (int i = 0; i < n && rc == GEN_EXIT_OK; i++) {
        trees[i].dir = dirs[i];
        rc = load_tree(&trees[i]);
    }
    if (rc == GEN_EXIT_OK)
        rc = check_trees(trees, n);
    bool created = !path_exists(out);
    long samples = 0;
    char **sub = xcalloc((size_t)n, sizeof *sub);
    for (int t = 0; rc == GEN_EXIT_OK && t < trees[0].ntasks; t++) {
        const char *name = trees[0].tasks[t].name;
        for (int i = 0; i < n; i++) {
            strbuf sb = {0};
            strbuf_addf(&sb, "%s/%s", dirs[i], name);
            sub[i] = sb.buf;
        }
        strbuf o = {0};
        strbuf_addf(&o, "%s/%s", out, name);
        rc = merge_shards(o.buf, sub, n, force, true, !quiet, argc, argv);
        strbuf_free(&o);
        for (int i = 0; i < n; i++)
            free(sub[i]);
        gen_options whole = trees[0].tasks[t].o;
        whole.shard_k = whole.shard_n = 0;
        samples += run_count(&whole);
    }
    free(sub);
    if (rc != GEN_EXIT_OK && created)
        remove_tree(out); /* only what this merge wrote */
    if (rc == GEN_EXIT_OK && !quiet)
        fprintf(stderr, "gen: merged %d shard trees into '%s' (%d tasks, %ld samples)\n", n, out, trees[0].ntasks,
                samples);
    for (int i = 0; i < n; i++) {
        for (int t = 0; t < trees[i].ntasks; t++) {
            free(trees[i].tasks[t].name);
            cJSON_Delete(trees[i].tasks[t].manifest);
            if (trees[i].tasks[t].loaded)
                manifest_options_free(&trees[i].tasks[t].o);
        }
        free(trees[i].tasks);
    }
    free(trees);
    return rc;
}

int merge_runs(const char *out, char **dirs, int n, bool force, bool quiet, int argc, char **argv)
{
    int trees = 0;
    for (int i = 0; i < n; i++)
        trees += is_tree(dirs[i]);
    if (trees == 0)
        return merge_shards(out, dirs, n, force, quiet, !quiet, argc, argv);
    if (trees < n) {
        int a = 0, b = 0;
        while (!is_tree(dirs[a]))
            a++;
        while (is_tree(dirs[b]))
            b++;
        fprintf(stderr, "gen: merge: '%s' is a shard tree of gen all but '%s' is not (give one kind of shard)\n",
                dirs[a], dirs[b]);
        return GEN_EXIT_USAGE;
    }
    int recipes = 0;
    for (int i = 0; i < n; i++)
        recipes += recipe_output(dirs[i]);
    char err[1024];
    if (recipes > 0 && recipe_merge_manifest(NULL, dirs, n, argc, argv, err, sizeof err) != GEN_EXIT_OK) {
        fprintf(stderr, "gen: merge: %s\n", err);
        return GEN_EXIT_USAGE;
    }
    int rc = merge_trees(out, dirs, n, force, quiet, argc, argv);
    if (rc == GEN_EXIT_OK && recipes > 0 && recipe_merge_manifest(out, dirs, n, argc, argv, err, sizeof err) != 0) {
        fprintf(stderr, "gen: merge: %s\n", err);
        rc = GEN_EXIT_IO;
    }
    return rc;
}
