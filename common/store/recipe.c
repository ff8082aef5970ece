/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "recipe.h"

#include "options.h"
#include "dataset_read.h"
#include "errors.h"
#include "fsutil.h"
#include "generator.h"
#include "manifest.h"
#include "merge.h"
#include "run.h"
#include "util.h"

#include <cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Samples per level when a task's entry gives no "count": the release's 10. */
#define RECIPE_DEFAULT_COUNT 10

/* The kind of gen.json a recipe's output directory holds. */
#define RECIPE_KIND "recipe"

/* A recipe's usage error into err: "recipe 'FILE': what" ("recipe: what" when
 * the recipe came from no file). */
static int recipe_error(char *err, size_t errlen, const char *file, const char *fmt, const char *a, const char *b)
{
    char what[600];
    snprintf(what, sizeof what, fmt, a, b);
    if (file)
        snprintf(err, errlen, "recipe '%s': %s", file, what);
    else
        snprintf(err, errlen, "recipe: %s", what);
    return GEN_EXIT_USAGE;
}

/* The range is tested before the conversion: converting an out-of-range double
 * (1e308) to an integer is undefined behaviour. */
static bool is_whole(const cJSON *v, double lo, double hi)
{
    return cJSON_IsNumber(v) && v->valuedouble >= lo && v->valuedouble <= hi &&
           v->valuedouble == (double)(long long)v->valuedouble;
}

/* One task's entry into o (task, levels, num_images, grid_size, scale). */
static int task_entry(const char *file, const generator *g, const cJSON *e, gen_options *o, char *msg, size_t msglen)
{
    if (!cJSON_IsObject(e))
        return recipe_error(msg, msglen, file, "task '%s' must map to an object such as {\"levels\": \"1..5\", \"count\": 20}%s",
                            g->name, "");
    char err[512];
    for (const cJSON *k = e->child; k; k = k->next) {
        const char *key = k->string;
        if (strcmp(key, "levels") == 0) {
            if (cJSON_IsString(k)) {
                if (options_parse_levels(k->valuestring, &o->levels, &o->nlevels, err, sizeof err) != 0)
                    return recipe_error(msg, msglen, file, "task '%s': %s", g->name, err);
            } else if (cJSON_IsArray(k) && cJSON_GetArraySize(k) > 0) {
                for (const cJSON *l = k->child; l; l = l->next) {
                    char tok[32];
                    if (!is_whole(l, 1, 1e9))
                        return recipe_error(msg, msglen, file, "task '%s': \"levels\" holds something not a level%s", g->name, "");
                    snprintf(tok, sizeof tok, "%lld", (long long)l->valuedouble);
                    if (options_parse_levels(tok, &o->levels, &o->nlevels, err, sizeof err) != 0)
                        return recipe_error(msg, msglen, file, "task '%s': %s", g->name, err);
                }
            } else {
                return recipe_error(msg, msglen, file, "task '%s': \"levels\" must be a string such as \"1..5\" or a list of "
                                          "levels%s", g->name, "");
            }
        } else if (strcmp(key, "count") == 0) {
            if (!is_whole(k, 1, 1e7))
                return recipe_error(msg, msglen, file, "task '%s': \"count\" must be a whole number from 1 (samples per level)%s",
                                    g->name, "");
            o->num_images = (long)k->valuedouble;
        } else if (strcmp(key, "grid_size") == 0) {
            if (!is_whole(k, 2, 26))
                return recipe_error(msg, msglen, file, "task '%s': \"grid_size\" must be a whole number 2..26%s", g->name, "");
            o->grid_size = (int)k->valuedouble;
        } else if (strcmp(key, "scale") == 0) {
            if (!cJSON_IsNumber(k) || !(k->valuedouble >= 0.25 && k->valuedouble <= 4.0))
                return recipe_error(msg, msglen, file, "task '%s': \"scale\" must be a number from 0.25 to 4%s", g->name, "");
            o->scale = k->valuedouble;
        } else if (strcmp(key, "frames") == 0 && g->images == GEN_IMAGES_FRAMES) {
            if (!is_whole(k, GEN_FRAMES_MIN, GEN_MAX_IMAGES))
                return recipe_error(msg, msglen, file, "task '%s': \"frames\" must be a whole number 2..64%s", g->name, "");
            o->frames = (int)k->valuedouble;
        } else {
            return recipe_error(msg, msglen, file, g->images == GEN_IMAGES_FRAMES
                                          ? "task '%s' has an unknown key '%s' (known: levels, count, grid_size, "
                                            "scale, frames)"
                                          : "task '%s' has an unknown key '%s' (known: levels, count, grid_size, scale)",
                                g->name, key);
        }
    }
    options_resolve_frames(o);
    if (!o->levels) {
        o->nlevels = 0;
        o->levels = xmalloc(sizeof(int) * (size_t)(g->level_max - g->level_min + 1));
        for (int l = g->level_min; l <= g->level_max; l++)
            o->levels[o->nlevels++] = l;
    }
    return GEN_EXIT_OK;
}

typedef struct recipe {
    cJSON *json;       /* the parsed file */
    gen_options *opts; /* one per task, in the recipe's order */
    char **dirs;
    int n;
} recipe;

static void recipe_free(recipe *r)
{
    for (int t = 0; t < r->n; t++) {
        free(r->opts[t].levels);
        free(r->dirs[t]);
    }
    free(r->opts);
    free(r->dirs);
    cJSON_Delete(r->json);
    memset(r, 0, sizeof *r);
}

/* Checks recipe text (len bytes; FILE names it in messages, NULL for none) into
 * r; `base` holds the options from the command line (out, jobs, shard, force,
 * quiet, argv) that every task shares.  An exit code, the message in msg. */
static int recipe_parse(const char *text, size_t len, const char *file, const gen_options *base, recipe *r,
                        char *msg, size_t msglen)
{
    memset(r, 0, sizeof *r);
    char err[512];
    /* strict JSON (duplicate keys refused in O(n log n), \u0000, trailing text...) */
    r->json = strict_json_parse(text, len, 0, err, sizeof err);
    if (!r->json)
        return recipe_error(msg, msglen, file, "%s%s", err, "");
    if (!cJSON_IsObject(r->json))
        return recipe_error(msg, msglen, file, "must be a JSON object with \"seed\" and \"tasks\"%s%s", "", "");
    gen_options common = *base;
    const cJSON *tasks = NULL;
    bool seeded = false;
    for (const cJSON *k = r->json->child; k; k = k->next) {
        const char *key = k->string;
        if (strcmp(key, "seed") == 0) {
            if (is_whole(k, 0, 9007199254740992.0)) {
                common.seed = (uint64_t)k->valuedouble;
            } else if (cJSON_IsString(k) && k->valuestring[0] >= '0' && k->valuestring[0] <= '9') {
                char *e;
                errno = 0;
                common.seed = strtoull(k->valuestring, &e, 10);
                if (*e || errno)
                    return recipe_error(msg, msglen, file, "bad \"seed\" '%s' (expected 0..18446744073709551615)", k->valuestring,
                                        "");
            } else {
                return recipe_error(msg, msglen, file, "\"seed\" must be a whole number (or a string of digits for seeds above "
                                          "2^53)%s%s", "", "");
            }
            seeded = true;
        } else if (strcmp(key, "split") == 0) {
            if (!cJSON_IsString(k) || !split_name_ok(k->valuestring))
                return recipe_error(msg, msglen, file, "bad \"split\" (expected 1 to 32 of a-z, 0-9, '_' and '-', e.g. train)%s%s",
                                    "", "");
            common.split = k->valuestring;
        } else if (strcmp(key, "annotations") == 0) {
            if (!cJSON_IsBool(k))
                return recipe_error(msg, msglen, file, "\"annotations\" must be true or false%s%s", "", "");
            common.annotations = cJSON_IsTrue(k);
        } else if (strcmp(key, "metadata") == 0) {
            if (!cJSON_IsString(k) || strcmp(k->valuestring, "jsonl") != 0)
                return recipe_error(msg, msglen, file, "\"metadata\" must be \"jsonl\"%s%s", "", "");
            common.metadata = true;
        } else if (strcmp(key, "tasks") == 0) {
            tasks = k;
        } else {
            return recipe_error(msg, msglen, file, "unknown key '%s' (known: seed, split, tasks, annotations, metadata)", key, "");
        }
    }
    if (!seeded)
        return recipe_error(msg, msglen, file, "has no \"seed\" (a recipe is made to be made again)%s%s", "", "");
    if (!cJSON_IsObject(tasks) || !tasks->child)
        return recipe_error(msg, msglen, file, "needs \"tasks\": an object naming at least one task%s%s", "", "");
    int ntasks = 0;
    for (const cJSON *t = tasks->child; t; t = t->next) {
        if (!generator_find(t->string)) {
            const char *sug = generator_suggest(t->string);
            return sug ? recipe_error(msg, msglen, file, "unknown task '%s' (did you mean '%s'?)", t->string, sug)
                       : recipe_error(msg, msglen, file, "unknown task '%s' (gen list shows them all)%s", t->string, "");
        }
        ntasks++;
    }
    /* r->n only once its arrays exist: recipe_free walks them */
    r->n = ntasks;
    r->opts = xcalloc((size_t)r->n, sizeof *r->opts);
    r->dirs = xcalloc((size_t)r->n, sizeof *r->dirs);
    int t = 0, rc = GEN_EXIT_OK;
    for (const cJSON *e = tasks->child; e && rc == GEN_EXIT_OK; e = e->next, t++) {
        gen_options *o = &r->opts[t];
        *o = common;
        o->task = generator_find(e->string);
        o->num_images = RECIPE_DEFAULT_COUNT;
        o->levels = NULL;
        o->nlevels = 0;
        rc = task_entry(file, o->task, e, o, msg, msglen);
        if (base->out) {
            strbuf d = {0};
            strbuf_addf(&d, "%s/%s", base->out, o->task->name);
            r->dirs[t] = d.buf;
        }
        o->out = r->dirs[t];
        /* gen's checks of a run: levels, samples, options (the message unprefixed, as a run gives it) */
        if (rc == GEN_EXIT_OK)
            rc = options_check(o, msg, msglen);
    }
    return rc;
}

/* Reads FILE into r as recipe_parse does, and prints the message. */
static int recipe_read(const char *file, const gen_options *base, recipe *r)
{
    memset(r, 0, sizeof *r);
    char *text, err[1024];
    size_t len;
    if (recipe_read_text(file, &text, &len, err, sizeof err) != 0) {
        fprintf(stderr, "gen: recipe: %s\n", err);
        return errno == ENOENT ? GEN_EXIT_IO : GEN_EXIT_USAGE;
    }
    int rc = recipe_parse(text, len, file, base, r, err, sizeof err);
    free(text);
    if (rc != GEN_EXIT_OK)
        fprintf(stderr, "gen: %s\n", err);
    return rc;
}

int recipe_read_text(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
    /* a regular file (never a FIFO or device), its size capped before a byte is read */
    return ds_read_path(path, (size_t)RECIPE_MAX_BYTES, text, len, err, errlen);
}

/* r's tasks as gen.json's "tasks" lists them: every task's levels as a list,
 * every default filled in. */
static void add_tasks_json(cJSON *parent, const recipe *r)
{
    cJSON *tasks = cJSON_AddObjectToObject(parent, "tasks");
    for (int t = 0; t < r->n; t++) {
        const gen_options *o = &r->opts[t];
        cJSON *e = cJSON_AddObjectToObject(tasks, o->task->name);
        cJSON *lv = cJSON_AddArrayToObject(e, "levels");
        for (int i = 0; i < o->nlevels; i++)
            cJSON_AddItemToArray(lv, cJSON_CreateNumber(o->levels[i]));
        cJSON_AddNumberToObject(e, "count", (double)o->num_images);
        cJSON_AddNumberToObject(e, "grid_size", o->grid_size);
        cJSON_AddNumberToObject(e, "scale", o->scale > 0 ? o->scale : 1.0);
        if (o->task->images == GEN_IMAGES_FRAMES)
            cJSON_AddNumberToObject(e, "frames", o->frames);
    }
}

char *recipe_check_text(const char *text, size_t len, const char *file, char *err, size_t errlen)
{
    gen_options base; /* gen recipe's defaults; no output directory */
    memset(&base, 0, sizeof base);
    base.file = 1;
    base.grid_size = 6;
    base.scale = 1.0;
    base.jobs = 1;
    recipe r;
    char *out = NULL;
    if (recipe_parse(text, len, file, &base, &r, err, errlen) == GEN_EXIT_OK) {
        cJSON *m = cJSON_CreateObject();
        char seed[24];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)r.opts[0].seed);
        cJSON_AddStringToObject(m, "seed", seed);
        if (r.opts[0].split)
            cJSON_AddStringToObject(m, "split", r.opts[0].split);
        cJSON_AddBoolToObject(m, "annotations", r.opts[0].annotations);
        cJSON_AddBoolToObject(m, "metadata", r.opts[0].metadata);
        add_tasks_json(m, &r);
        out = cJSON_PrintUnformatted(m);
        cJSON_Delete(m);
    }
    recipe_free(&r);
    return out;
}

/* Writes m as dir/gen.json: beside it first, then renamed into place, so a
 * reader sees the old file or the new one. */
static int write_manifest_file(const char *dir, const cJSON *m, char *err, size_t errlen)
{
    char *text = cJSON_Print(m);
    strbuf sb = {0};
    strbuf_add(&sb, text);
    strbuf_add(&sb, "\n");
    cJSON_free(text);
    char tmp[4200], path[4200];
    snprintf(tmp, sizeof tmp, "%s/.gen-recipe-%ld.json", dir, (long)getpid());
    snprintf(path, sizeof path, "%s/gen.json", dir);
    int rc = write_file(tmp, sb.buf, sb.len, err, errlen);
    strbuf_free(&sb);
    if (rc == 0 && rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot move '%s' into place: %s", path, strerror(errno));
        unlink(tmp);
        rc = -1;
    }
    return rc;
}

/* OUT/gen.json of a recipe: what was asked, normalised (every task's levels as
 * a list, every default filled in); each task's own gen.json has the rest. */
static int write_recipe_manifest(const recipe *r, const gen_options *base, char *err, size_t errlen)
{
    cJSON *m = manifest_new(base->argc, base->argv);
    cJSON_AddStringToObject(m, "kind", RECIPE_KIND);
    manifest_add_seed(m, r->opts[0].seed);
    if (r->opts[0].split)
        cJSON_AddStringToObject(m, "split", r->opts[0].split);
    if (base->shard_n > 1) {
        cJSON *sh = cJSON_AddArrayToObject(m, "shard");
        cJSON_AddItemToArray(sh, cJSON_CreateNumber(base->shard_k));
        cJSON_AddItemToArray(sh, cJSON_CreateNumber(base->shard_n));
    }
    add_tasks_json(m, r);
    long total = 0;
    for (int t = 0; t < r->n; t++)
        total += r->opts[t].num_images * r->opts[t].nlevels;
    cJSON_AddNumberToObject(m, "samples", (double)total);
    /* Under OUT's lock, as every write of a run (commit.h), and with the
     * ownership rule checked again now that the lock is held. */
    int lock_fd, rc = out_lock(base->out, &lock_fd, err, errlen);
    if (rc == GEN_EXIT_OK) {
        if (!base->force && ds_exists(base->out, "gen.json") && !recipe_output(base->out)) {
            snprintf(err, errlen, "'%s/gen.json' is not a recipe's gen.json; gen does not replace it", base->out);
            rc = GEN_EXIT_EXISTS;
        } else if (write_manifest_file(base->out, m, err, errlen) != 0) {
            rc = GEN_EXIT_IO;
        }
        out_unlock(base->out, lock_fd);
    }
    cJSON_Delete(m);
    return rc;
}

/* The commit rules of a run, for a recipe's output tree (docs/cli.md): OUT must
 * not be a task directory, and an OUT/gen.json that is not a recipe's is never
 * replaced without --force.  Checked before any sample is made. */
static int recipe_out_check(const char *out, bool force)
{
    if (force || !path_exists(out))
        return GEN_EXIT_OK;
    if (ds_exists(out, "data.json")) {
        fprintf(stderr, "gen: '%s' is a task directory (it holds data.json); a recipe writes a tree of task "
                        "directories: use another --out, or --force\n", out);
        return GEN_EXIT_EXISTS;
    }
    if (ds_exists(out, "gen.json") && !recipe_output(out)) {
        fprintf(stderr, "gen: '%s/gen.json' is not a recipe's gen.json; gen does not replace it: use another --out, "
                        "or --force\n", out);
        return GEN_EXIT_EXISTS;
    }
    return GEN_EXIT_OK;
}

int recipe_make(const char *file, const gen_options *opts, bool dry)
{
    gen_options base = *opts;
    recipe r;
    int rc = recipe_read(file, &base, &r);
    long total = 0;
    for (int t = 0; rc == GEN_EXIT_OK && t < r.n; t++) {
        const gen_options *o = &r.opts[t];
        total += o->num_images * o->nlevels;
        if (dry)
            printf("%-24s %3d levels x %7ld = %8ld samples\n", o->task->name, o->nlevels, o->num_images,
                   o->num_images * o->nlevels);
    }
    if (rc == GEN_EXIT_OK && dry) {
        printf("%-24s %8ld samples in %d tasks\n", "total", total, r.n);
        recipe_free(&r);
        return GEN_EXIT_OK;
    }
    if (rc == GEN_EXIT_OK)
        rc = recipe_out_check(base.out, base.force);
    if (rc == GEN_EXIT_OK && !base.quiet)
        fprintf(stderr, "gen: recipe '%s': %d tasks, %ld samples into '%s'\n", file, r.n, total, base.out);
    if (rc == GEN_EXIT_OK)
        rc = run_tasks_with_font(r.opts, r.n);
    if (rc == GEN_EXIT_OK) {
        char err[1024];
        rc = write_recipe_manifest(&r, &base, err, sizeof err);
        if (rc != GEN_EXIT_OK)
            fprintf(stderr, "gen: %s\n", err);
    }
    recipe_free(&r);
    return rc;
}

/* dir/gen.json when it is a recipe's (read strictly), else NULL. */
static cJSON *recipe_manifest_load(const char *dir)
{
    char err[512];
    cJSON *m = manifest_load(dir, err, sizeof err);
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(m, "kind");
    const cJSON *tasks = cJSON_GetObjectItemCaseSensitive(m, "tasks");
    if (!cJSON_IsString(kind) || strcmp(kind->valuestring, RECIPE_KIND) != 0 || !cJSON_IsObject(tasks)) {
        cJSON_Delete(m);
        return NULL;
    }
    return m;
}

bool recipe_output(const char *dir)
{
    cJSON *m = recipe_manifest_load(dir);
    cJSON_Delete(m);
    return m != NULL;
}

/* The recipe itself: gen.json less what differs between shards and runs. */
static char *recipe_core(const cJSON *m)
{
    cJSON *c = cJSON_Duplicate(m, 1);
    cJSON_DeleteItemFromObjectCaseSensitive(c, "command");
    cJSON_DeleteItemFromObjectCaseSensitive(c, "shard");
    char *text = cJSON_PrintUnformatted(c);
    cJSON_Delete(c);
    return text;
}

int recipe_merge_manifest(const char *out, char **shards, int n, int argc, char **argv, char *err, size_t errlen)
{
    cJSON *first = recipe_manifest_load(shards[0]);
    if (!first) {
        snprintf(err, errlen, "'%s' holds no recipe's gen.json", shards[0]);
        return GEN_EXIT_USAGE;
    }
    char *core = recipe_core(first);
    int rc = GEN_EXIT_OK;
    for (int i = 1; i < n && rc == GEN_EXIT_OK; i++) {
        cJSON *m = recipe_manifest_load(shards[i]);
        char *other = m ? recipe_core(m) : NULL;
        if (!other || strcmp(other, core) != 0) {
            snprintf(err, errlen, "'%s' and '%s' are shards of different recipes (or one of no recipe)", shards[0],
                     shards[i]);
            rc = GEN_EXIT_USAGE;
        }
        free(other);
        cJSON_Delete(m);
    }
    free(core);
    if (rc == GEN_EXIT_OK && out) {
        /* The merged run's gen.json: the recipe, this command, no shard. */
        cJSON *m = manifest_new(argc, argv);
        for (cJSON *c = first->child; c; c = c->next)
            if (strcmp(c->string, "generator") && strcmp(c->string, "version") && strcmp(c->string, "revision") &&
                strcmp(c->string, "command") && strcmp(c->string, "shard"))
                cJSON_AddItemToObject(m, c->string, cJSON_Duplicate(c, 1));
        rc = write_manifest_file(out, m, err, errlen) == 0 ? GEN_EXIT_OK : GEN_EXIT_IO;
        cJSON_Delete(m);
    }
    cJSON_Delete(first);
    return rc;
}

int recipe_verify(const char *dir, int jobs, bool quiet)
{
    cJSON *m = recipe_manifest_load(dir);
    if (!m)
        return -1;
    const cJSON *tasks = cJSON_GetObjectItemCaseSensitive(m, "tasks");
    int rc = GEN_EXIT_OK, n = 0;
    for (const cJSON *t = tasks->child; t; t = t->next) {
        if (!generator_find(t->string)) {
            fprintf(stderr, "gen: verify: '%s/gen.json' names an unknown task '%s'\n", dir, t->string);
            rc = GEN_EXIT_FAILED;
            continue;
        }
        strbuf sub = {0};
        strbuf_addf(&sub, "%s/%s", dir, t->string);
        int r = verify_dir(sub.buf, jobs, quiet);
        strbuf_free(&sub);
        if (r != GEN_EXIT_OK && rc == GEN_EXIT_OK)
            rc = r;
        n++;
    }
    if (!quiet)
        printf("%s: recipe of %d tasks %s\n", dir, n, rc == GEN_EXIT_OK ? "verified" : "has differences");
    cJSON_Delete(m);
    return rc;
}
