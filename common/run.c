#define _GNU_SOURCE
#include "run.h"

#include "errors.h"
#include "font.h"
#include "fsutil.h"
#include "json_out.h"
#include "manifest.h"
#include "sha256.h"
#include "swatches.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- one sample ---------------------------------------------------------- */

void sample_out_init(sample_out *o)
{
    memset(o, 0, sizeof *o);
    scene_init(&o->img[0], GEN_CANVAS, GEN_CANVAS);
    scene_init(&o->img[1], GEN_CANVAS, GEN_CANVAS);
}

void sample_out_free(sample_out *o)
{
    scene_free(&o->img[0]);
    scene_free(&o->img[1]);
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
    ctx.seed = seed;
    ctx.task = g->name;
    rng_for_sample(&ctx.rng, seed, g->name, p->file, "sample");
    scene_reset(&o->img[0], GEN_CANVAS, GEN_CANVAS);
    scene_reset(&o->img[1], GEN_CANVAS, GEN_CANVAS);
    ctx.img[0] = &o->img[0];
    ctx.img[1] = &o->img[1];
    cJSON_Delete(o->record);
    o->record = ctx.record = cJSON_CreateObject();
    o->err[0] = '\0';
    int rc = g->sample(&ctx);
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

void sample_file_name(const generator *g, long file, int image, char *buf, size_t n)
{
    if (g->images == 2)
        snprintf(buf, n, "%s%ld.png", image == 0 ? "first" : "second", file);
    else
        snprintf(buf, n, "%ld.png", file);
}

char *record_line(const generator *g, long file, const cJSON *fields)
{
    char id[64];
    sample_file_name(g, file, g->images - 1, id, sizeof id);
    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "id", id);
    for (const gen_field *f = g->fields; f->name; f++)
        cJSON_AddItemToObject(rec, f->name, cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(fields, f->name), 1));
    strbuf sb = {0};
    json_append(&sb, rec);
    cJSON_Delete(rec);
    return sb.buf;
}

int encode_sample_image(const sample_out *o, int image, canvas *cv, const png_settings *set, strbuf *png,
                        char *err, size_t errlen)
{
    if (render_scene(cv, &o->img[image]) != 0) {
        snprintf(err, errlen, "cairo failed to draw a %dx%d image", o->img[image].width, o->img[image].height);
        return GEN_EXIT_INTERNAL;
    }
    int stride;
    const uint8_t *px = canvas_pixels(cv, &stride);
    if (png_encode_xrgb(px, cv->width, cv->height, stride, set, png, err, errlen) != 0)
        return GEN_EXIT_INTERNAL;
    return GEN_EXIT_OK;
}

/* ---- the whole run -------------------------------------------------------- */

int run_level_of(const gen_options *o, long i)
{
    return o->levels[i / o->num_images];
}

typedef struct run_state {
    const gen_options *o;
    long total;
    const char *tmp;        /* the temporary directory inside o->out */
    char **records;         /* one line per sample, in file order */
    char (*hashes)[65];     /* SHA-256 per image: total * images */
    atomic_long next;
    atomic_int failed;
    pthread_mutex_t lock;
    int fail_rc;
    long fail_index;
    char fail_msg[512];
} run_state;

static void run_fail(run_state *st, long index, int rc, const char *msg)
{
    pthread_mutex_lock(&st->lock);
    /* Keep the failure of the earliest sample, so the message does not depend on
     * thread timing when several fail. */
    if (!atomic_load(&st->failed) || index < st->fail_index) {
        st->fail_rc = rc;
        st->fail_index = index;
        snprintf(st->fail_msg, sizeof st->fail_msg, "%s", msg);
    }
    atomic_store(&st->failed, 1);
    pthread_mutex_unlock(&st->lock);
}

static void *worker(void *arg)
{
    run_state *st = arg;
    const gen_options *o = st->o;
    const generator *g = o->task;
    sample_out so;
    canvas cv;
    strbuf png = {0};
    sample_out_init(&so);
    canvas_init(&cv);
    char err[512], path[4096], name[64];
    for (;;) {
        if (atomic_load(&st->failed))
            break;
        long i = atomic_fetch_add(&st->next, 1);
        if (i >= st->total)
            break;
        gen_params p = {.level = run_level_of(o, i), .grid_size = o->grid_size, .file = o->file + i};
        int rc = make_sample(g, o->seed, &p, &so);
        if (rc != GEN_EXIT_OK) {
            if (rc == GEN_EXIT_LEVEL)
                snprintf(err, sizeof err, "%s: level %d (file %ld): %s", g->name, p.level, p.file, so.err);
            else
                snprintf(err, sizeof err, "%s", so.err);
            run_fail(st, i, rc, err);
            break;
        }
        for (int k = 0; k < g->images; k++) {
            png.len = 0;
            rc = encode_sample_image(&so, k, &cv, &PNG_DEFAULT_SETTINGS, &png, err, sizeof err);
            if (rc != GEN_EXIT_OK) {
                run_fail(st, i, rc, err);
                goto done;
            }
            sample_file_name(g, p.file, k, name, sizeof name);
            snprintf(path, sizeof path, "%s/data/%s", st->tmp, name);
            if (write_file(path, png.buf, png.len, err, sizeof err) != 0) {
                run_fail(st, i, GEN_EXIT_IO, err);
                goto done;
            }
            sha256_hex(png.buf, png.len, st->hashes[i * g->images + k]);
        }
        st->records[i] = record_line(g, p.file, so.record);
    }
done:
    strbuf_free(&png);
    canvas_free(&cv);
    sample_out_free(&so);
    return NULL;
}

/* True when `dir` holds a dataset gen wrote (its gen.json says so). */
static bool written_by_gen(const char *dir)
{
    char path[4096], err[256];
    snprintf(path, sizeof path, "%s/gen.json", dir);
    char *text;
    size_t n;
    if (read_file(path, &text, &n, err, sizeof err) != 0)
        return false;
    cJSON *m = cJSON_Parse(text);
    free(text);
    const cJSON *who = cJSON_GetObjectItemCaseSensitive(m, "generator");
    bool ours = cJSON_IsString(who) && strcmp(who->valuestring, MANIFEST_GENERATOR) == 0;
    cJSON_Delete(m);
    return ours;
}

/* Removes temporary directories left by runs that were killed (their pid is gone). */
static void remove_stale_tmp(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char path[4096];
    while ((e = readdir(d)) != NULL) {
        long pid;
        if (sscanf(e->d_name, ".gen-tmp-%ld", &pid) != 1)
            continue;
        if (pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM))
            continue; /* its run is still going */
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        remove_tree(path);
    }
    closedir(d);
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

/* dir/swatches.png: the palette strip alone, at the canvas width. */
static int write_swatches(const char *dir, char *err, size_t errlen)
{
    scene s;
    canvas cv;
    strbuf png = {0};
    scene_init(&s, GEN_CANVAS, GEN_CANVAS);
    canvas_init(&cv);
    swatch_strip_scene(&s, GEN_CANVAS);
    int rc = -1;
    if (render_scene(&cv, &s) != 0) {
        snprintf(err, errlen, "cairo failed to draw the swatch strip");
    } else {
        int stride;
        const uint8_t *px = canvas_pixels(&cv, &stride);
        char path[4096];
        snprintf(path, sizeof path, "%s/swatches.png", dir);
        if (png_encode_xrgb(px, cv.width, cv.height, stride, &PNG_DEFAULT_SETTINGS, &png, err, errlen) == 0)
            rc = write_file(path, png.buf, png.len, err, errlen);
    }
    strbuf_free(&png);
    canvas_free(&cv);
    scene_free(&s);
    return rc;
}

/* Moves DIR/name out of the way into tmp (if present), then tmp/name into DIR. */
static int swap_in(const char *dir, const char *tmp, const char *name, char *err, size_t errlen)
{
    char cur[4096], old[4096], fresh[4096];
    snprintf(cur, sizeof cur, "%s/%s", dir, name);
    snprintf(old, sizeof old, "%s/old.%s", tmp, name);
    snprintf(fresh, sizeof fresh, "%s/%s", tmp, name);
    if (path_exists(cur) && is_dir(cur) && rename(cur, old) != 0) {
        snprintf(err, errlen, "cannot move '%s' aside: %s", cur, strerror(errno));
        return -1;
    }
    if (rename(fresh, cur) != 0) {
        snprintf(err, errlen, "cannot move '%s' into place: %s", cur, strerror(errno));
        return -1;
    }
    return 0;
}

int run_task(const gen_options *o)
{
    const generator *g = o->task;
    char err[1024], path[4096], tmp[4096];
    bool created_out = !path_exists(o->out);
    if (mkdir_p(o->out, err, sizeof err) != 0) {
        fprintf(stderr, "gen: %s\n", err);
        return GEN_EXIT_IO;
    }
    snprintf(path, sizeof path, "%s/data.json", o->out);
    bool has_json = path_exists(path);
    snprintf(path, sizeof path, "%s/data", o->out);
    bool has_data = path_exists(path);
    if ((has_json || has_data) && !o->force && !written_by_gen(o->out)) {
        fprintf(stderr,
                "gen: '%s' already holds %s that gen did not write; use another --out, or --force to replace it\n",
                o->out, has_json ? "a data.json" : "a data/ directory");
        return GEN_EXIT_EXISTS;
    }
    remove_stale_tmp(o->out);
    snprintf(tmp, sizeof tmp, "%s/.gen-tmp-%ld", o->out, (long)getpid());
    remove_tree(tmp);
    snprintf(path, sizeof path, "%s/data", tmp);
    if (mkdir_p(path, err, sizeof err) != 0) {
        fprintf(stderr, "gen: %s\n", err);
        remove_tree(tmp);
        if (created_out)
            rmdir(o->out);
        return GEN_EXIT_IO;
    }

    run_state st;
    memset(&st, 0, sizeof st);
    st.o = o;
    st.total = o->num_images * o->nlevels;
    st.tmp = tmp;
    st.records = xcalloc((size_t)st.total, sizeof(char *));
    st.hashes = xcalloc((size_t)st.total * (size_t)g->images, sizeof *st.hashes);
    atomic_init(&st.next, 0);
    atomic_init(&st.failed, 0);
    pthread_mutex_init(&st.lock, NULL);

    int jobs = o->jobs < 1 ? 1 : o->jobs;
    if (jobs > st.total)
        jobs = (int)st.total;
    pthread_t *threads = xcalloc((size_t)jobs, sizeof(pthread_t));
    int started = 0;
    for (int t = 1; t < jobs; t++) {
        if (pthread_create(&threads[t], NULL, worker, &st) != 0)
            break;
        started++;
    }
    worker(&st); /* the main thread works too */
    for (int t = 1; t <= started; t++)
        pthread_join(threads[t], NULL);
    free(threads);

    int rc = GEN_EXIT_OK;
    if (atomic_load(&st.failed)) {
        rc = st.fail_rc;
        fprintf(stderr, "gen: %s\n", st.fail_msg);
        goto cleanup;
    }

    /* data.json, prompts, manifest: all inside tmp first. */
    strbuf js = {0};
    json_records(&js, st.records, st.total);
    snprintf(path, sizeof path, "%s/data.json", tmp);
    int wrc = write_file(path, js.buf, js.len, err, sizeof err);
    char json_hash[65];
    sha256_hex(js.buf, js.len, json_hash);
    strbuf_free(&js);
    snprintf(path, sizeof path, "%s/prompts", tmp);
    if (wrc == 0)
        wrc = mkdir_p(path, err, sizeof err);
    if (wrc == 0)
        wrc = write_text(path, "input_prompt.txt", g->input_prompt, err, sizeof err);
    if (wrc == 0)
        wrc = write_text(path, "rules.txt", g->rules, err, sizeof err);
    if (wrc == 0)
        wrc = write_text(path, "output_prompt.txt", g->output_prompt, err, sizeof err);
    if (wrc == 0 && g->uses_swatches)
        wrc = write_swatches(tmp, err, sizeof err);
    if (wrc == 0)
        wrc = manifest_write(tmp, o, json_hash, st.hashes, err, sizeof err);
    if (wrc != 0) {
        fprintf(stderr, "gen: %s\n", err);
        rc = GEN_EXIT_IO;
        goto cleanup;
    }

    /* Commit.  data.json goes first out and last in, so at every instant either
     * there is no data.json or the one there describes the files beside it. */
    char cur[4096], old[4096];
    snprintf(cur, sizeof cur, "%s/data.json", o->out);
    snprintf(old, sizeof old, "%s/old.data.json", tmp);
    if (path_exists(cur) && rename(cur, old) != 0) {
        snprintf(err, sizeof err, "cannot move '%s' aside: %s", cur, strerror(errno));
        wrc = -1;
    }
    if (wrc == 0)
        wrc = swap_in(o->out, tmp, "data", err, sizeof err);
    if (wrc == 0)
        wrc = swap_in(o->out, tmp, "prompts", err, sizeof err);
    if (wrc == 0 && g->uses_swatches) {
        snprintf(cur, sizeof cur, "%s/swatches.png", o->out);
        snprintf(old, sizeof old, "%s/swatches.png", tmp);
        if (rename(old, cur) != 0) {
            snprintf(err, sizeof err, "cannot move '%s' into place: %s", cur, strerror(errno));
            wrc = -1;
        }
    }
    if (wrc == 0) {
        snprintf(cur, sizeof cur, "%s/gen.json", o->out);
        snprintf(old, sizeof old, "%s/gen.json", tmp);
        if (rename(old, cur) != 0) {
            snprintf(err, sizeof err, "cannot move '%s' into place: %s", cur, strerror(errno));
            wrc = -1;
        }
    }
    if (wrc == 0) {
        snprintf(cur, sizeof cur, "%s/data.json", o->out);
        snprintf(old, sizeof old, "%s/data.json", tmp);
        if (rename(old, cur) != 0) {
            snprintf(err, sizeof err, "cannot move '%s' into place: %s", cur, strerror(errno));
            wrc = -1;
        }
    }
    if (wrc != 0) {
        fprintf(stderr, "gen: %s\n", err);
        rc = GEN_EXIT_IO;
    }

cleanup:
    remove_tree(tmp);
    if (rc != GEN_EXIT_OK && created_out)
        rmdir(o->out); /* a directory this run made, now empty again */
    for (long i = 0; i < st.total; i++)
        free(st.records[i]);
    free(st.records);
    free(st.hashes);
    pthread_mutex_destroy(&st.lock);
    return rc;
}
