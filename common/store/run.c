/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "run.h"

#include "progress.h"

#include "commit.h"
#include "dataset_read.h"
#include "errors.h"
#include "font.h"
#include "fsutil.h"
#include "interrupt.h"
#include "json_out.h"
#include "manifest.h"
#include "overlap.h"
#include "pixhash.h"
#include "rng.h"
#include "sha256.h"
#include "swatches.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- one sample ---------------------------------------------------------- */

void sample_out_init(sample_out *o)
{
    memset(o, 0, sizeof *o);
    for (int k = 0; k < GEN_MAX_IMAGES; k++)
        scene_init(&o->img[k], GEN_CANVAS, GEN_CANVAS);
}

void sample_out_free(sample_out *o)
{
    for (int k = 0; k < GEN_MAX_IMAGES; k++)
        scene_free(&o->img[k]);
    cJSON_Delete(o->record);
    o->record = NULL;
}

static const gen_field *field_listed(const generator *g, const char *name)
{
    for (const gen_field *f = g->fields; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}

int make_sample(const generator *g, uint64_t seed, const gen_params *p, sample_out *o)
{
    gen_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.p = *p;
    if (g->images == GEN_IMAGES_FRAMES && ctx.p.frames == 0)
        ctx.p.frames = GEN_FRAMES_DEFAULT; /* gen TASK's default, for callers that name no frames */
    ctx.seed = seed;
    ctx.task = g->name;
    rng_for_sample(&ctx.rng, seed, g->name, p->file, "sample");
    int n = gen_images(g, ctx.p.frames);
    if (n < 1 || n > GEN_MAX_IMAGES) {
        snprintf(o->err, sizeof o->err, "%s: %d images a sample (a video task needs --frames %d..%d)", g->name, n,
                 GEN_FRAMES_MIN, GEN_MAX_IMAGES);
        return GEN_EXIT_USAGE;
    }
    /* a pair task's second scene is reset as before, used or not */
    for (int k = 0; k < (n > 2 ? n : 2); k++)
        scene_reset(&o->img[k], GEN_CANVAS, GEN_CANVAS);
    for (int k = 0; k < n; k++)
        ctx.img[k] = &o->img[k];
    ctx.nimages = o->nimages = n;
    cJSON_Delete(o->record);
    o->record = ctx.record = cJSON_CreateObject();
    o->err[0] = '\0';
    int rc = g->sample(&ctx);
    o->redraws = ctx.redraws;
    if (rc != GEN_EXIT_OK) {
        snprintf(o->err, sizeof o->err, "%s", ctx.err[0] ? ctx.err : "generator failed");
        return rc == GEN_EXIT_LEVEL ? GEN_EXIT_LEVEL : GEN_EXIT_INTERNAL;
    }
    const cJSON *c;
    int count = 0;
    cJSON_ArrayForEach(c, o->record) {
        const gen_field *f = field_listed(g, c->string);
        if (!f) {
            snprintf(o->err, sizeof o->err, "%s: record has a field '%s' the release does not", g->name, c->string);
            return GEN_EXIT_INTERNAL;
        }
        if (!field_type_ok(f->type, c)) {
            snprintf(o->err, sizeof o->err, "%s: field '%s' is not of type %s", g->name, c->string,
                     field_type_name(f->type));
            return GEN_EXIT_INTERNAL;
        }
        count++;
    }
    for (const gen_field *f = g->fields; f->name; f++, count--)
        if (!cJSON_GetObjectItemCaseSensitive(o->record, f->name)) {
            snprintf(o->err, sizeof o->err, "%s: record lacks the field '%s'", g->name, f->name);
            return GEN_EXIT_INTERNAL;
        }
    if (count != 0) {
        snprintf(o->err, sizeof o->err, "%s: record repeats a field", g->name);
        return GEN_EXIT_INTERNAL;
    }
    return GEN_EXIT_OK;
}

/* Adds "id" and the task's fields, in the release's order, to rec; returns rec as
 * one line of JSON and frees it. */
static char *finish_record(cJSON *rec, const generator *g, long file, int nimages, const cJSON *fields)
{
    char id[64];
    sample_id_name(g, file, id, sizeof id);
    cJSON_AddStringToObject(rec, "id", id);
    if (g->images == GEN_IMAGES_FRAMES) {
        /* a video task's frames, first to last, right after the id */
        cJSON *fr = cJSON_AddArrayToObject(rec, "frames");
        for (int k = 0; k < nimages; k++) {
            sample_file_name(g, file, k, id, sizeof id);
            cJSON_AddItemToArray(fr, cJSON_CreateString(id));
        }
    }
    for (const gen_field *f = g->fields; f->name; f++)
        cJSON_AddItemToObject(rec, f->name, cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(fields, f->name), 1));
    strbuf sb = {0};
    json_append(&sb, rec);
    cJSON_Delete(rec);
    return sb.buf;
}

char *record_line(const generator *g, long file, int nimages, const cJSON *fields)
{
    return finish_record(cJSON_CreateObject(), g, file, nimages, fields);
}

char *annotation_line(const generator *g, long file, const sample_out *o)
{
    char id[64];
    sample_id_name(g, file, id, sizeof id);
    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "id", id);
    cJSON *images = cJSON_AddArrayToObject(rec, "images");
    for (int k = 0; k < o->nimages; k++) {
        const scene *s = &o->img[k];
        char name[64];
        sample_file_name(g, file, k, name, sizeof name);
        cJSON *im = cJSON_CreateObject();
        cJSON_AddStringToObject(im, "file", name);
        cJSON_AddNumberToObject(im, "width", s->width);
        cJSON_AddNumberToObject(im, "height", s->height);
        cJSON *objs = cJSON_AddArrayToObject(im, "objects");
        for (int i = 0; i < s->nprims; i++) {
            const prim *p = &s->prims[i];
            cJSON *ob = cJSON_CreateObject();
            cJSON_AddStringToObject(ob, "kind", p->kind ? p->kind : "");
            if (p->colour_name)
                cJSON_AddStringToObject(ob, "colour", p->colour_name);
            if (p->label[0])
                cJSON_AddStringToObject(ob, "label", p->label);
            cJSON_AddNumberToObject(ob, "layer", p->layer);
            cJSON_AddNumberToObject(ob, "object", p->object);
            double b[4];
            prim_bbox(s, p, &b[0], &b[1], &b[2], &b[3]);
            if (i < s->stretch_n && s->stretch_w > 0) { /* drawn before the stretch across */
                double f = (double)s->width / s->stretch_w;
                b[0] *= f, b[2] *= f;
            }
            cJSON *bb = cJSON_AddArrayToObject(ob, "bbox");
            /* whole pixels: the box that holds the drawn pixels, clipped to the
             * canvas (an outline or antialiased edge may reach past it) */
            double lim[4] = {s->width, s->height, s->width, s->height};
            for (int c = 0; c < 4; c++)
                cJSON_AddItemToArray(bb, cJSON_CreateNumber(fmin(fmax(c < 2 ? floor(b[c]) : ceil(b[c]), 0), lim[c])));
            cJSON_AddItemToArray(objs, ob);
        }
        cJSON_AddItemToArray(images, im);
    }
    strbuf sb = {0};
    json_append(&sb, rec);
    cJSON_Delete(rec);
    return sb.buf;
}

int encode_sample_image(const sample_out *o, int image, double scale, canvas *cv, const png_settings *set,
                        strbuf *png, char *err, size_t errlen)
{
    /* gen never writes an image its own readers (check, verify, overlap,
     * --exclude: dataset_read.h) would refuse: the same caps, at generation. */
    double sc = scale > 0 ? scale : 1.0;
    double w = sc == 1.0 ? o->img[image].width : ceil(o->img[image].width * sc);
    double h = sc == 1.0 ? o->img[image].height : ceil(o->img[image].height * sc);
    if (w > DS_PNG_MAX_SIDE || h > DS_PNG_MAX_SIDE || w * h > (double)DS_PNG_MAX_PIXELS) {
        snprintf(err, errlen, "an image would be %.0fx%.0f pixels, more than gen reads back (%d a side, %ld Mi "
                 "pixels): use a smaller --scale or level", w, h, DS_PNG_MAX_SIDE, DS_PNG_MAX_PIXELS >> 20);
        return GEN_EXIT_LEVEL;
    }
    if (render_scene_scaled(cv, &o->img[image], sc) != 0) {
        snprintf(err, errlen, "cairo failed to draw a %dx%d image", o->img[image].width, o->img[image].height);
        return GEN_EXIT_INTERNAL;
    }
    if (canvas_encode_png(cv, set, png, err, errlen) != 0)
        return GEN_EXIT_INTERNAL;
    return GEN_EXIT_OK;
}

/* ---- the whole run -------------------------------------------------------- */

char *metadata_line(const generator *g, long file, int nimages, const cJSON *fields)
{
    char name[64], path[80];
    cJSON *rec = cJSON_CreateObject();
    sample_id_name(g, file, name, sizeof name);
    snprintf(path, sizeof path, "data/%s", name);
    cJSON_AddStringToObject(rec, "file_name", path);
    if (g->images == 2) {
        sample_file_name(g, file, 0, name, sizeof name);
        snprintf(path, sizeof path, "data/%s", name);
        cJSON_AddStringToObject(rec, "first_file_name", path);
    }
    if (g->images == GEN_IMAGES_FRAMES) {
        cJSON *fr = cJSON_AddArrayToObject(rec, "frame_file_names");
        for (int k = 0; k < nimages; k++) {
            sample_file_name(g, file, k, name, sizeof name);
            snprintf(path, sizeof path, "data/%s", name);
            cJSON_AddItemToArray(fr, cJSON_CreateString(path));
        }
    }
    return finish_record(rec, g, file, nimages, fields);
}

/* One task directory being made. */
typedef struct task_run {
    const gen_options *o; /* &own */
    gen_options own;      /* the caller's options, its levels less those --exclude leaves out */
    int *own_levels;
    long count;          /* samples of this run (its shard) */
    long first;          /* index of its first sample in the pool's sequence */
    char tmp[4096];      /* the temporary directory inside o->out */
    bool created_out;    /* o->out did not exist before this run */
    char **records;      /* data.json line per sample, in file order */
    char **annotations;  /* annotations.json line per sample, if asked */
    char **metadata;     /* metadata.jsonl line per sample, if asked */
    keyset *excluded;    /* --exclude: the keys of the samples to stay clear of */
    char (*hashes)[65];  /* SHA-256 per image: count * images */
    int *redraws;        /* per sample: scenes its generator threw away (gen_ctx.redraws) */
    atomic_long done;
    int rc;              /* GEN_EXIT_OK until it fails or its commit fails */
    bool committed;      /* finish_task moved it into place */
    atomic_int failed;   /* a sample failed: the task's other samples are skipped (keep_going) */
    long fail_index;     /* its earliest failed sample, and why */
    char fail_msg[1024];
} task_run;

typedef struct pool {
    task_run *runs;
    int nruns;
    long total;
    atomic_long next;
    atomic_long done;
    atomic_int failed;
    pthread_mutex_t lock;
    int fail_rc;
    long fail_index;
    char fail_msg[1024];
    bool keep_going;     /* several tasks: a level that fails costs its task only */
    progress pg;         /* the progress line on stderr (a terminal) */
} pool;

static void pool_fail(pool *pl, long index, int rc, const char *msg)
{
    pthread_mutex_lock(&pl->lock);
    /* Keep the failure of the earliest sample, so the message does not depend on
     * thread timing when several fail. */
    if (!atomic_load(&pl->failed) || index < pl->fail_index) {
        pl->fail_rc = rc;
        pl->fail_index = index;
        snprintf(pl->fail_msg, sizeof pl->fail_msg, "%s", msg);
    }
    atomic_store(&pl->failed, 1);
    pthread_mutex_unlock(&pl->lock);
}

/* One task's sample failed, in a run that goes on with the other tasks. */
static void task_fail(pool *pl, task_run *tr, long index, int rc, const char *msg)
{
    pthread_mutex_lock(&pl->lock);
    if (!atomic_load(&tr->failed) || index < tr->fail_index) {
        tr->rc = rc;
        tr->fail_index = index;
        snprintf(tr->fail_msg, sizeof tr->fail_msg, "%s", msg);
    }
    atomic_store(&tr->failed, 1);
    pthread_mutex_unlock(&pl->lock);
}

/* The progress line (progress.h), drawn by whichever thread gets the lock. */
static void pool_progress(pool *pl, bool final)
{
    if (!progress_due(&pl->pg, final))
        return;
    if (pthread_mutex_trylock(&pl->lock) != 0)
        return;
    long done = atomic_load(&pl->done);
    double t = progress_elapsed(&pl->pg);
    double rate = done / fmax(t, 1e-9);
    double eta = rate > 0 ? (pl->total - done) / rate : 0;
    progress_draw(&pl->pg, final, "%ld/%ld samples  %.0f/s  ETA %.0fs", done, pl->total, rate, eta);
    pthread_mutex_unlock(&pl->lock);
}

static int finish_task(task_run *tr, char *err, size_t errlen);

/* One stderr line per task whose generator redrew scenes (an answer that could not
 * be read from the pixels, tasks.md rule 6): how many samples, per level.  The
 * figures depend only on the samples, not on threads or their order. */
static void report_redraws(const task_run *tr)
{
    const gen_options *o = tr->o;
    long samples = 0, scenes = 0;
    for (long j = 0; j < tr->count; j++) {
        samples += tr->redraws[j] > 0;
        scenes += tr->redraws[j];
    }
    if (samples == 0) {
        fprintf(stderr, "gen: %s: %ld samples, none redrawn\n", o->task->name, tr->count);
        return;
    }
    strbuf sb = {0};
    for (int l = 0; l < o->nlevels; l++) {
        long at = 0, of = 0;
        for (long j = 0; j < tr->count; j++)
            if (run_level_of(o, run_index(o, j)) == o->levels[l]) {
                of++;
                at += tr->redraws[j] > 0;
            }
        if (at)
            strbuf_addf(&sb, "%s%d: %ld/%ld", sb.len ? ", " : "", o->levels[l], at, of);
    }
    /* a video task throws a world away when no question of the level passes its
     * verification (unique answer, every subcondition necessary) */
    const char *why = o->task->images == GEN_IMAGES_FRAMES ? "no question verified unique with every condition needed"
                                                           : "answer not readable from the pixels";
    fprintf(stderr, "gen: %s: %ld of %ld samples redrawn (%ld scenes thrown away: %s); by level %s\n", o->task->name,
            samples, tr->count, scenes, why, sb.buf ? sb.buf : "");
    strbuf_free(&sb);
}

/* --exclude gives up on a sample after this many attempts: a level whose samples
 * keep colliding with the excluded set has too few distinct samples to split. */
#define EXCLUDE_MAX_ATTEMPTS 64

/* True when the made sample duplicates an excluded one: the same scene, or an
 * image with the same pixels (drawn here at the run's scale). */
static bool duplicates_excluded(const task_run *tr, const sample_out *so, canvas *cv)
{
    const generator *g = tr->o->task;
    if (keyset_find_scene(tr->excluded, sample_scene_signature(g, so)))
        return true;
    bool video = g->images == GEN_IMAGES_FRAMES;
    pixhash all = {0, 0};
    for (int k = 0; k < so->nimages; k++) {
        if (render_scene_scaled(cv, &so->img[k], tr->o->scale > 0 ? tr->o->scale : 1.0) != 0)
            return false; /* the encoder reports the failure */
        int stride;
        const uint8_t *px = canvas_pixels(cv, &stride);
        pixhash h = pixhash_xrgb(px, cv->width, cv->height, stride);
        if (video)
            all = pixhash_chain(all, h); /* a video's key is all its frames (overlap.h) */
        else if (keyset_find_image(tr->excluded, h))
            return true;
    }
    return video && keyset_find_image(tr->excluded, all);
}

/* For tests of a run that loses one of its tasks (tests/training.sh): with
 * GEN_TEST_FAIL=TASK:LEVEL in the environment, every sample of that level of
 * that task fails as a level that cannot be drawn. */
static bool test_fails(const generator *g, int level)
{
    const char *v = getenv("GEN_TEST_FAIL");
    size_t n = strlen(g->name);
    return v && strncmp(v, g->name, n) == 0 && v[n] == ':' && atoi(v + n + 1) == level;
}

/* Makes one sample of a run: image files into tr->tmp, record line kept. */
static int make_one(task_run *tr, long j, sample_out *so, canvas *cv, strbuf *png, char *err, size_t errlen)
{
    const gen_options *o = tr->o;
    const generator *g = o->task;
    long i = run_index(o, j);
    gen_params p = {.level = run_level_of(o, i), .grid_size = o->grid_size, .file = o->file + i, .frames = o->frames};
    int attempt = o->attempts ? o->attempts[j] : 0;
    int rc;
    if (test_fails(g, p.level)) {
        snprintf(err, errlen, "%s: level %d (file %ld): failed as GEN_TEST_FAIL asked", g->name, p.level, p.file);
        return GEN_EXIT_LEVEL;
    }
    for (;;) {
        rc = make_sample(g, run_sample_seed(o, p.file, attempt), &p, so);
        if (rc != GEN_EXIT_OK || !tr->excluded || !duplicates_excluded(tr, so, cv))
            break;
        if (++attempt > EXCLUDE_MAX_ATTEMPTS) {
            snprintf(so->err, sizeof so->err,
                     "every one of %d attempts duplicates a sample of '%s' (this level has few distinct samples)",
                     EXCLUDE_MAX_ATTEMPTS, o->exclude);
            rc = GEN_EXIT_LEVEL;
            break;
        }
    }
    if (rc == GEN_EXIT_OK && o->attempts)
        o->attempts[j] = attempt;
    if (rc != GEN_EXIT_OK) {
        if (rc == GEN_EXIT_LEVEL)
            snprintf(err, errlen, "%s: level %d (file %ld): %s", g->name, p.level, p.file, so->err);
        else
            snprintf(err, errlen, "%s", so->err);
        return rc;
    }
    char path[4200], name[64];
    int nim = so->nimages;
    for (int k = 0; k < nim; k++) {
        png->len = 0;
        rc = encode_sample_image(so, k, o->scale, cv, png_settings_for(o->compression), png, err, errlen);
        if (rc != GEN_EXIT_OK)
            return rc;
        sample_file_name(g, p.file, k, name, sizeof name);
        snprintf(path, sizeof path, "%s/data/%s", tr->tmp, name);
        if (write_file(path, png->buf, png->len, err, errlen) != 0)
            return GEN_EXIT_IO;
        sha256_hex(png->buf, png->len, tr->hashes[j * nim + k]);
    }
    tr->redraws[j] = so->redraws;
    tr->records[j] = record_line(g, p.file, nim, so->record);
    if (tr->metadata)
        tr->metadata[j] = metadata_line(g, p.file, nim, so->record);
    if (tr->annotations)
        tr->annotations[j] = annotation_line(g, p.file, so);
    return GEN_EXIT_OK;
}

static void *worker(void *arg)
{
    pool *pl = arg;
    sample_out so;
    canvas cv;
    strbuf png = {0};
    sample_out_init(&so);
    canvas_init(&cv);
    char err[1024];
    int r = 0;
    for (;;) {
        if (atomic_load(&pl->failed) || interrupt_caught())
            break;
        long idx = atomic_fetch_add(&pl->next, 1);
        if (idx >= pl->total)
            break;
        while (r + 1 < pl->nruns && idx >= pl->runs[r + 1].first)
            r++;
        task_run *tr = &pl->runs[r];
        if (atomic_load(&tr->failed))
            continue;
        int rc = make_one(tr, idx - tr->first, &so, &cv, &png, err, sizeof err);
        if (rc == GEN_EXIT_LEVEL && pl->keep_going) {
            task_fail(pl, tr, idx, rc, err);
            continue;
        }
        if (rc != GEN_EXIT_OK) {
            pool_fail(pl, idx, rc, err);
            break;
        }
        atomic_fetch_add(&pl->done, 1);
        /* The thread that completes a task's last sample writes and commits it,
         * while the other threads go on with the next task. */
        if (atomic_fetch_add(&tr->done, 1) + 1 == tr->count) {
            rc = finish_task(tr, err, sizeof err);
            if (rc != GEN_EXIT_OK) {
                pool_fail(pl, idx, rc, err);
                break;
            }
        }
        pool_progress(pl, false);
    }
    strbuf_free(&png);
    canvas_free(&cv);
    sample_out_free(&so);
    return NULL;
}

/* True when `dir` holds a dataset gen wrote (its gen.json, read strictly, says so). */
static bool written_by_gen(const char *dir)
{
    char err[600];
    cJSON *m = ds_load_json(dir, "gen.json", DS_MANIFEST_MAX, 0, NULL, err, sizeof err);
    const cJSON *who = cJSON_GetObjectItemCaseSensitive(m, "generator");
    bool ours = cJSON_IsString(who) && strcmp(who->valuestring, MANIFEST_GENERATOR) == 0;
    cJSON_Delete(m);
    return ours;
}

/* The lock of each prepared output directory, by its temporary directory. */
static pthread_mutex_t locks_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct held_lock {
    char tmp[4096];
    int fd;
} *locks;
static int nlocks;

static void lock_keep(const char *tmp, int fd)
{
    pthread_mutex_lock(&locks_mutex);
    locks = xrealloc(locks, sizeof *locks * (size_t)(nlocks + 1));
    snprintf(locks[nlocks].tmp, sizeof locks[nlocks].tmp, "%s", tmp);
    locks[nlocks++].fd = fd;
    pthread_mutex_unlock(&locks_mutex);
}

static int lock_take(const char *tmp)
{
    int fd = -1;
    pthread_mutex_lock(&locks_mutex);
    for (int i = 0; i < nlocks; i++)
        if (strcmp(locks[i].tmp, tmp) == 0) {
            fd = locks[i].fd;
            locks[i] = locks[--nlocks];
            break;
        }
    if (nlocks == 0) {
        free(locks);
        locks = NULL;
    }
    pthread_mutex_unlock(&locks_mutex);
    return fd;
}

int out_lock(const char *out, int *lock_fd, char *err, size_t errlen)
{
    int rc;
    *lock_fd = dir_lock(out, &rc, err, errlen);
    if (*lock_fd < 0)
        return rc;
    if (dir_recover(out, err, errlen) != 0) {
        dir_unlock(out, *lock_fd);
        *lock_fd = -1;
        return GEN_EXIT_IO;
    }
    return GEN_EXIT_OK;
}

void out_unlock(const char *out, int lock_fd)
{
    dir_unlock(out, lock_fd);
}

int out_refuse_mixed(const char *out, bool tree, const char *task, char *err, size_t errlen)
{
    const char *first = NULL;
    int n;
    if (tree && ds_exists(out, "data.json")) {
        snprintf(err, errlen, "refused to write a tree into '%s': it is a task directory (it holds data.json), and gen "
                 "all writes a directory per task under --out; use another --out", out);
        return -1;
    }
    if (!tree && (n = ds_tree_task_count(out, &first)) > 0) {
        snprintf(err, errlen, "refused to write %s into '%s': it is a tree of task directories (it holds %s/%s); give "
                 "the task a directory of its own, such as --out %s/%s", task, out, first, n > 1 ? " and more" : "",
                 out, task);
        return -1;
    }
    return 0;
}

int out_prepare(const char *out, bool force, char *tmp, size_t tmplen, bool *created, char *err, size_t errlen)
{
    char path[4096];
    *created = !path_exists(out);
    if (mkdir_p(out, err, errlen) != 0)
        return GEN_EXIT_IO;
    int lock_fd;
    int rc = out_lock(out, &lock_fd, err, errlen);
    if (rc == GEN_EXIT_OK && !force && !written_by_gen(out)) {
        /* A directory gen did not make: refuse to replace any name of the layout. */
        for (int i = 0; i < GEN_LAYOUT_COUNT; i++)
            if (ds_exists(out, GEN_LAYOUT[i])) {
                bool is_dir = strchr(GEN_LAYOUT[i], '.') == NULL;
                snprintf(err, errlen, "'%s' already holds %s %s%s that gen did not write; use another --out, or "
                         "--force to replace it", out, is_dir ? "a" : "a", GEN_LAYOUT[i], is_dir ? "/ directory" : "");
                rc = GEN_EXIT_EXISTS;
                break;
            }
    }
    if (rc == GEN_EXIT_OK) {
        snprintf(tmp, tmplen, "%s/" GEN_TMP_PREFIX "%ld", out, (long)getpid());
        remove_tree(tmp);
        snprintf(path, sizeof path, "%s/data", tmp);
        if (mkdir_p(path, err, errlen) != 0) {
            remove_tree(tmp);
            rc = GEN_EXIT_IO;
        }
    }
    if (rc != GEN_EXIT_OK) {
        dir_unlock(out, lock_fd);
        if (*created && rc != GEN_EXIT_BUSY)
            rmdir(out);
        return rc;
    }
    lock_keep(tmp, lock_fd);
    return GEN_EXIT_OK;
}

void out_finish(const char *out, const char *tmp, bool created, bool committed)
{
    if (!dir_commit_pending(tmp)) /* else it holds a previous dataset to put back */
        remove_tree(tmp);
    dir_unlock(out, lock_take(tmp));
    if (created && !committed)
        rmdir(out); /* a directory this run made, empty again */
}

static int write_text(const char *dir, const char *name, const char *text, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    strbuf sb = {0};
    strbuf_add(&sb, text);
    strbuf_add(&sb, "\n");
    int rc = write_file(path, sb.buf, sb.len, err, errlen);
    strbuf_free(&sb);
    return rc;
}

int out_write_prompts(const char *tmp, const generator *g, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/prompts", tmp);
    int rc = mkdir_p(path, err, errlen);
    if (rc == 0)
        rc = write_text(path, "input_prompt.txt", g->input_prompt, err, errlen);
    if (rc == 0)
        rc = write_text(path, "rules.txt", g->rules, err, errlen);
    if (rc == 0)
        rc = write_text(path, "output_prompt.txt", g->output_prompt, err, errlen);
    return rc;
}

int out_write_swatches(const char *dir, char *err, size_t errlen)
{
    scene s;
    canvas cv;
    strbuf png = {0};
    scene_init(&s, GEN_CANVAS, GEN_CANVAS);
    canvas_init(&cv);
    swatch_strip_scene(&s);
    int rc = -1;
    if (render_scene(&cv, &s) != 0) {
        snprintf(err, errlen, "cairo failed to draw the swatch strip");
    } else {
        int stride;
        const uint8_t *px = canvas_pixels(&cv, &stride);
        char path[4096];
        snprintf(path, sizeof path, "%s/swatches.png", dir);
        if (png_encode_xrgb(px, cv.width, cv.height, stride, png_settings_for(PNG_FAST), &png, err, errlen) == 0)
            rc = write_file(path, png.buf, png.len, err, errlen);
    }
    strbuf_free(&png);
    canvas_free(&cv);
    scene_free(&s);
    return rc;
}

int out_commit(const char *out, const char *tmp, char *err, size_t errlen)
{
    return dir_commit(out, tmp, err, errlen);
}

static int finish_task(task_run *tr, char *err, size_t errlen)
{
    const gen_options *o = tr->o;
    const generator *g = o->task;
    char path[4200];
    strbuf js = {0};
    json_records(&js, tr->records, tr->count);
    snprintf(path, sizeof path, "%s/data.json", tr->tmp);
    int rc = write_file(path, js.buf, js.len, err, errlen);
    char json_hash[65];
    sha256_hex(js.buf, js.len, json_hash);
    strbuf_free(&js);
    if (rc == 0 && tr->annotations) {
        strbuf an = {0};
        json_records(&an, tr->annotations, tr->count);
        snprintf(path, sizeof path, "%s/annotations.json", tr->tmp);
        rc = write_file(path, an.buf, an.len, err, errlen);
        strbuf_free(&an);
    }
    if (rc == 0 && tr->metadata) {
        strbuf md = {0};
        for (long j = 0; j < tr->count; j++) {
            strbuf_add(&md, tr->metadata[j]);
            strbuf_add(&md, "\n");
        }
        snprintf(path, sizeof path, "%s/metadata.jsonl", tr->tmp);
        rc = write_file(path, md.buf ? md.buf : "", md.len, err, errlen);
        strbuf_free(&md);
    }
    if (rc == 0)
        rc = out_write_prompts(tr->tmp, g, err, errlen);
    if (rc == 0 && g->uses_swatches)
        rc = out_write_swatches(tr->tmp, err, errlen);
    if (rc == 0)
        rc = manifest_write(tr->tmp, o, json_hash, tr->hashes, err, errlen);
    if (rc == 0)
        rc = out_commit(o->out, tr->tmp, err, errlen);
    tr->rc = rc == 0 ? GEN_EXIT_OK : GEN_EXIT_IO;
    tr->committed = rc == 0;
    return tr->rc;
}

/* The keys of the --exclude directory's samples of this run's task. */
static int load_excluded(task_run *tr, char *err, size_t errlen)
{
    const generator *g = tr->o->task;
    char *dir = overlap_task_dir(tr->o->exclude, g);
    if (!dir) {
        snprintf(err, errlen, "--exclude '%s' holds no %s task directory (no data.json there or in '%s/%s')",
                 tr->o->exclude, g->name, tr->o->exclude, g->name);
        return GEN_EXIT_USAGE;
    }
    tr->excluded = xcalloc(1, sizeof *tr->excluded);
    int rc = keyset_load(dir, g, tr->o->jobs, tr->excluded, err, errlen);
    free(dir);
    return rc;
}

/* --exclude: a level whose every draw duplicates a sample of the excluded
 * directory (all EXCLUDE_MAX_ATTEMPTS + 1 attempts of its first file in the run
 * as asked, as many as make_one tries for one file) lies inside it whole: no sample of it can keep the split
 * apart, so it is left out of this run, and said so, before anything is made.
 * Only the excluded set decides, never threads or timing. */
static bool level_inside_excluded(const task_run *tr, int level, long file, sample_out *so, canvas *cv)
{
    const gen_options *o = tr->o;
    gen_params p = {.level = level, .grid_size = o->grid_size, .file = file, .frames = o->frames};
    for (int a = 0; a <= EXCLUDE_MAX_ATTEMPTS; a++)
        if (make_sample(o->task, run_sample_seed(o, file, a), &p, so) != GEN_EXIT_OK ||
            !duplicates_excluded(tr, so, cv))
            return false; /* a sample apart from it (or a failure the run reports) */
    return true;
}

static void leave_out_excluded_levels(task_run *tr)
{
    gen_options *o = &tr->own;
    sample_out so;
    canvas cv;
    sample_out_init(&so);
    canvas_init(&cv);
    strbuf gone = {0};
    int kept = 0, left_out = 0;
    for (int l = 0; l < o->nlevels; l++) {
        if (interrupt_caught())
            break;
        bool again = false;
        for (int k = 0; k < kept; k++)
            again |= tr->own_levels[k] == o->levels[l];
        if (!again && level_inside_excluded(tr, o->levels[l], o->file + (long)l * o->num_images, &so, &cv)) {
            strbuf_addf(&gone, "%s%d", left_out++ ? ", " : "", o->levels[l]);
            continue;
        }
        tr->own_levels[kept++] = o->levels[l];
    }
    if (left_out) {
        fprintf(stderr, "gen: %s: level%s %s left out: every one of %d draws %s a sample of '%s' (0 distinct "
                        "samples left outside it; docs/training.md)%s\n",
                o->task->name, left_out == 1 ? "" : "s", gone.buf, EXCLUDE_MAX_ATTEMPTS + 1,
                left_out == 1 ? "duplicates" : "of each duplicates", o->exclude,
                kept ? "" : "; nothing of the task is left to make");
        o->nlevels = kept;
    }
    o->levels = tr->own_levels;
    strbuf_free(&gone);
    canvas_free(&cv);
    sample_out_free(&so);
}

/* What a run that did not finish leaves said on stderr: the tasks committed and
 * those that were not.  Returns the run's exit code. */
static int report_unfinished(const pool *pl, int sig, int rc)
{
    strbuf made = {0}, not_made = {0};
    int nmade = 0, nfailed = 0;
    for (int t = 0; t < pl->nruns; t++) {
        const task_run *tr = &pl->runs[t];
        if (tr->committed) {
            strbuf_addf(&made, "%s%s", nmade++ ? ", " : "", tr->o->task->name);
        } else {
            strbuf_addf(&not_made, "%s%s", nfailed++ ? ", " : "", tr->o->task->name);
            if (atomic_load(&tr->failed))
                fprintf(stderr, "gen: %s\n", tr->fail_msg);
        }
    }
    if (sig) {
        if (pl->nruns == 1)
            fprintf(stderr, "gen: interrupted by %s: nothing written, '%s' is as it was\n", interrupt_name(sig),
                    pl->runs[0].o->out);
        else
            fprintf(stderr, "gen: interrupted by %s: %d of %d tasks committed%s%s; the rest rolled back, their "
                            "directories as they were\n",
                    interrupt_name(sig), nmade, pl->nruns, nmade ? ": " : "", nmade ? made.buf : "");
        rc = GEN_EXIT_INTERRUPTED;
    } else if (nfailed && (rc == GEN_EXIT_OK || nmade)) {
        fprintf(stderr, "gen: made %d of %d tasks; not made (their directories as they were): %s\n", nmade,
                pl->nruns, not_made.buf);
        if (rc == GEN_EXIT_OK)
            rc = nmade ? GEN_EXIT_PARTIAL : GEN_EXIT_LEVEL;
    }
    strbuf_free(&made);
    strbuf_free(&not_made);
    return rc;
}

int run_tasks(const gen_options *opts, int n)
{
    char err[1024];
    pool pl;
    memset(&pl, 0, sizeof pl);
    pl.runs = xcalloc((size_t)n, sizeof(task_run));
    pl.nruns = n;
    int rc = GEN_EXIT_OK;
    int prepared = 0;
    interrupt_catch();
    for (int t = 0; t < n; t++) {
        task_run *tr = &pl.runs[t];
        tr->own = opts[t];
        tr->own_levels = xmalloc(sizeof(int) * (size_t)(opts[t].nlevels + 1));
        memcpy(tr->own_levels, opts[t].levels, sizeof(int) * (size_t)opts[t].nlevels);
        tr->own.levels = tr->own_levels;
        tr->o = &tr->own;
        tr->rc = GEN_EXIT_OK;
        atomic_init(&tr->done, 0);
        atomic_init(&tr->failed, 0);
    }
    for (int t = 0; t < n; t++) {
        task_run *tr = &pl.runs[t];
        if (tr->o->exclude) {
            rc = load_excluded(tr, err, sizeof err);
            if (rc != GEN_EXIT_OK) {
                fprintf(stderr, "gen: %s\n", err);
                break;
            }
            leave_out_excluded_levels(tr);
        }
        tr->count = tr->o->nlevels ? run_count(tr->o) : 0;
        tr->first = pl.total;
        pl.total += tr->count;
        tr->records = xcalloc((size_t)tr->count + 1, sizeof(char *));
        if (tr->o->annotations)
            tr->annotations = xcalloc((size_t)tr->count + 1, sizeof(char *));
        if (tr->o->metadata)
            tr->metadata = xcalloc((size_t)tr->count + 1, sizeof(char *));
        tr->hashes = xcalloc((size_t)tr->count * (size_t)run_images(tr->o) + 1, sizeof *tr->hashes);
        tr->redraws = xcalloc((size_t)tr->count + 1, sizeof *tr->redraws);
        if (tr->o->nlevels == 0) {
            /* every level left out: nothing to make, nothing to prepare */
            tr->rc = GEN_EXIT_LEVEL;
            snprintf(tr->fail_msg, sizeof tr->fail_msg, "%s: every level lies inside '%s'", tr->o->task->name,
                     tr->o->exclude);
            prepared++;
            continue;
        }
        if (interrupt_caught())
            break;
        rc = out_prepare(tr->o->out, tr->o->force, tr->tmp, sizeof tr->tmp, &tr->created_out, err, sizeof err);
        if (rc != GEN_EXIT_OK) {
            fprintf(stderr, "gen: %s\n", err);
            break;
        }
        prepared++;
    }
    pthread_mutex_init(&pl.lock, NULL);
    if (rc == GEN_EXIT_OK && !interrupt_caught()) {
        atomic_init(&pl.next, 0);
        atomic_init(&pl.done, 0);
        atomic_init(&pl.failed, 0);
        pl.keep_going = n > 1;
        progress_start(&pl.pg, (!opts[0].quiet || opts[0].show_progress) && isatty(STDERR_FILENO));
        /* A task with no samples in this shard is finished at once. */
        for (int t = 0; t < n && rc == GEN_EXIT_OK; t++)
            if (pl.runs[t].count == 0 && pl.runs[t].o->nlevels > 0 &&
                finish_task(&pl.runs[t], err, sizeof err) != GEN_EXIT_OK) {
                fprintf(stderr, "gen: %s\n", err);
                rc = GEN_EXIT_IO;
            }
        int jobs = opts[0].jobs < 1 ? 1 : opts[0].jobs;
        if (jobs > pl.total)
            jobs = pl.total > 0 ? (int)pl.total : 1;
        pthread_t *threads = xcalloc((size_t)jobs, sizeof(pthread_t));
        int started = 0;
        for (int t = 1; t < jobs && rc == GEN_EXIT_OK; t++) {
            if (pthread_create(&threads[t], NULL, worker, &pl) != 0)
                break;
            started++;
        }
        if (rc == GEN_EXIT_OK)
            worker(&pl); /* the main thread works too */
        for (int t = 1; t <= started; t++)
            pthread_join(threads[t], NULL);
        free(threads);
        pool_progress(&pl, true);
        progress_end(&pl.pg);
        if (atomic_load(&pl.failed)) {
            rc = pl.fail_rc;
            fprintf(stderr, "gen: %s\n", pl.fail_msg);
        }
    }
    int sig = interrupt_caught();
    if (n > 1 || sig) {
        for (int t = prepared; t < n; t++)
            pl.runs[t].rc = GEN_EXIT_INTERNAL; /* never prepared: not made */
        rc = report_unfinished(&pl, sig, rc);
    } else if (rc == GEN_EXIT_OK && pl.runs[0].rc != GEN_EXIT_OK) {
        fprintf(stderr, "gen: %s\n", pl.runs[0].fail_msg);
        rc = pl.runs[0].rc;
    }
    pthread_mutex_destroy(&pl.lock);
    int committed = 0;
    long samples = 0;
    for (int t = 0; t < n && !sig && !opts[0].quiet; t++)
        if (pl.runs[t].committed) {
            report_redraws(&pl.runs[t]);
            committed++;
            samples += pl.runs[t].count;
        }
    /* several tasks (gen all, a recipe) end with a summary, when all were made
     * (else report_unfinished has said which were not) */
    if (n > 1 && committed == n && rc == GEN_EXIT_OK) {
        strbuf root = {0};
        const char *slash = strrchr(opts[0].out, '/');
        strbuf_addn(&root, opts[0].out, slash ? (size_t)(slash - opts[0].out) : 0);
        fprintf(stderr, "gen: made %d tasks, %ld samples in '%s' (%.1f s)\n", n, samples, root.len ? root.buf : ".",
                progress_elapsed(&pl.pg));
        strbuf_free(&root);
    }
    for (int t = 0; t < n; t++) {
        task_run *tr = &pl.runs[t];
        if (t < prepared && tr->o->nlevels > 0)
            out_finish(tr->o->out, tr->tmp, tr->created_out, tr->committed);
        if (tr->records)
            for (long j = 0; j < tr->count; j++) {
                free(tr->records[j]);
                if (tr->annotations)
                    free(tr->annotations[j]);
                if (tr->metadata)
                    free(tr->metadata[j]);
            }
        free(tr->records);
        free(tr->annotations);
        free(tr->metadata);
        if (tr->excluded)
            keyset_free(tr->excluded);
        free(tr->excluded);
        free(tr->hashes);
        free(tr->redraws);
        free(tr->own_levels);
    }
    interrupt_release();
    free(pl.runs);
    return rc;
}

int run_task(const gen_options *o)
{
    return run_tasks(o, 1);
}

int run_tasks_with_font(const gen_options *o, int n)
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
