/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "overlap.h"

#include "progress.h"

#include "errors.h"
#include "manifest.h"
#include "dataset_read.h"
#include "rng.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- scene signatures ------------------------------------------------------ */

static uint64_t mix_in(uint64_t h, uint64_t v)
{
    return rng_mix64(h ^ rng_mix64(v));
}

static uint64_t rgb_word(rgb c)
{
    return ((uint64_t)c.r << 16) | ((uint64_t)c.g << 8) | c.b;
}

static uint64_t cell(double v)
{
    return (uint64_t)(int64_t)floor(v / SCENE_TOLERANCE_PX);
}

/* One primitive: what it is (kind, colour, label, fill and outline colours) and
 * where, every coordinate on the tolerance grid: centre and radius of a circle;
 * corner, size and turn of a rectangle; every point of a polygon or a line;
 * centre and size of a text. */
static uint64_t prim_key(const scene *s, const prim *p)
{
    uint64_t h = rng_hash_str(RNG_FNV_OFFSET, p->kind ? p->kind : "");
    h = rng_hash_str(h, p->colour_name ? p->colour_name : "");
    h = rng_hash_str(h, p->label);
    h = mix_in(h, ((uint64_t)p->type << 56) | ((uint64_t)p->filled << 48) | (p->filled ? rgb_word(p->fill) : 0));
    h = mix_in(h, p->stroke_width > 0 ? rgb_word(p->stroke) | (1ULL << 32) | (cell(p->stroke_width) << 40) : 0);
    switch (p->type) {
    case PRIM_CIRCLE:
        h = mix_in(mix_in(mix_in(h, cell(p->x)), cell(p->y)), cell(p->r));
        break;
    case PRIM_RECT:
        h = mix_in(mix_in(mix_in(mix_in(h, cell(p->x)), cell(p->y)), cell(p->w)), cell(p->h));
        /* turns compared to a hundredth of a radian: 2 px at the far end of a 200-px side */
        h = mix_in(h, (uint64_t)(int64_t)floor(p->angle * 100));
        break;
    case PRIM_POLYGON:
    case PRIM_POLYLINE:
        for (int i = 0; i < p->npts; i++)
            h = mix_in(mix_in(h, cell(s->pts[p->first_pt + i].x)), cell(s->pts[p->first_pt + i].y));
        break;
    case PRIM_TEXT:
        h = mix_in(mix_in(mix_in(h, cell(p->x)), cell(p->y)), cell(p->font_size));
        if (p->angle != 0)
            h = mix_in(h, (uint64_t)(int64_t)floor(p->angle * 100));
        break;
    }
    return h;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

uint64_t sample_scene_signature(const generator *g, const sample_out *so)
{
    uint64_t h = rng_hash_str(RNG_FNV_OFFSET, g->name);
    for (int k = 0; k < so->nimages; k++) {
        const scene *s = &so->img[k];
        uint64_t *keys = xmalloc(sizeof(uint64_t) * (size_t)(s->nprims + 1));
        for (int i = 0; i < s->nprims; i++)
            keys[i] = prim_key(s, &s->prims[i]);
        /* Objects in any order: the same objects drawn in another order (that
         * changes nothing a reader sees unless they overlap) are the same scene. */
        qsort(keys, (size_t)s->nprims, sizeof *keys, cmp_u64);
        h = mix_in(h, ((uint64_t)k << 60) ^ ((uint64_t)(uint32_t)s->width << 32) ^ (uint32_t)s->height);
        for (int i = 0; i < s->nprims; i++)
            h = mix_in(h, keys[i]);
        free(keys);
    }
    return h;
}

/* ---- reading a directory's keys -------------------------------------------- */

static int cmp_image_key(const void *a, const void *b)
{
    const image_key *x = a, *y = b;
    int c = pixhash_cmp(x->h, y->h);
    return c ? c : strcmp(x->name, y->name);
}

static int cmp_scene_key(const void *a, const void *b)
{
    const scene_key *x = a, *y = b;
    if (x->sig != y->sig)
        return x->sig < y->sig ? -1 : 1;
    return x->file < y->file ? -1 : x->file > y->file;
}

/* True when name is an image name of task g: "<digits>.png", or
 * "first<digits>.png" / "second<digits>.png" for pairs. */
static bool image_name_ok(const generator *g, const char *name)
{
    if (g->images == GEN_IMAGES_FRAMES)
        return ds_frame_file_number(name, GEN_MAX_FILE, GEN_MAX_IMAGES, NULL) >= 0;
    const char *p = name;
    if (g->images == 2) {
        if (strncmp(p, "first", 5) == 0)
            p += 5;
        else if (strncmp(p, "second", 6) == 0)
            p += 6;
        else
            return false;
    }
    size_t digits = strspn(p, "0123456789");
    return digits > 0 && digits <= 20 && strcmp(p + digits, ".png") == 0;
}

typedef struct load_job {
    const char *dir;
    image_key *keys;
    long n;
    progress *pg;      /* NULL: none */
    const char *label;
    atomic_long done;
    atomic_long next;
    atomic_int failed;
    pthread_mutex_t lock;
    char err[1024];
} load_job;

static void *load_worker(void *arg)
{
    load_job *lj = arg;
    for (;;) {
        long i = atomic_fetch_add(&lj->next, 1);
        if (i >= lj->n || atomic_load(&lj->failed))
            break;
        char data[4200], err[1024];
        snprintf(data, sizeof data, "%s/data", lj->dir);
        uint8_t *rgbp;
        int w, h;
        /* the strict reader: a regular file, no link, its size in the header checked before decoding */
        if (ds_png_decode(data, lj->keys[i].name, &rgbp, &w, &h, err, sizeof err) != 0) {
            pthread_mutex_lock(&lj->lock);
            if (!atomic_load(&lj->failed))
                snprintf(lj->err, sizeof lj->err, "%s", err);
            atomic_store(&lj->failed, 1);
            pthread_mutex_unlock(&lj->lock);
            break;
        }
        lj->keys[i].h = pixhash_rgb(rgbp, w, h);
        free(rgbp);
        long done = atomic_fetch_add(&lj->done, 1) + 1;
        if (lj->pg && progress_due(lj->pg, false) && pthread_mutex_trylock(&lj->lock) == 0) {
            progress_draw(lj->pg, false, "%s: %ld/%ld images", lj->label, done, lj->n);
            pthread_mutex_unlock(&lj->lock);
        }
    }
    return NULL;
}

/* A frame's sample and frame number, for ordering a video's frames. */
static int cmp_frame_name(const void *a, const void *b)
{
    const image_key *x = a, *y = b;
    int fx = 0, fy = 0;
    long nx = ds_frame_file_number(x->name, GEN_MAX_FILE, GEN_MAX_IMAGES, &fx);
    long ny = ds_frame_file_number(y->name, GEN_MAX_FILE, GEN_MAX_IMAGES, &fy);
    if (nx != ny)
        return nx < ny ? -1 : 1;
    return fx < fy ? -1 : fx > fy;
}

/* A video task's key is a sample's, not a frame's: its frames' hashes chained
 * in frame order (pixhash_chain), named by the sample's first frame ("N_1.png").
 * Turns the frame keys of ks into one key per sample. */
static void videos_of_frames(keyset *ks)
{
    qsort(ks->images, (size_t)ks->nimages, sizeof *ks->images, cmp_frame_name);
    long out = 0;
    for (long i = 0; i < ks->nimages;) {
        long n = ds_frame_file_number(ks->images[i].name, GEN_MAX_FILE, GEN_MAX_IMAGES, NULL);
        pixhash h = {0, 0};
        long k = i;
        for (; k < ks->nimages && ds_frame_file_number(ks->images[k].name, GEN_MAX_FILE, GEN_MAX_IMAGES, NULL) == n;
             k++)
            h = pixhash_chain(h, ks->images[k].h);
        ks->images[out].h = h;
        snprintf(ks->images[out].name, sizeof ks->images[out].name, "%ld_1.png", n);
        out++;
        i = k;
    }
    ks->nimages = out;
}

static int load_images(const char *dir, const generator *g, int jobs, progress *pg, const char *label, keyset *ks,
                       char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/data", dir);
    struct stat dst;
    if (lstat(path, &dst) != 0 || !S_ISDIR(dst.st_mode)) {
        snprintf(err, errlen, "'%s' is not a directory (a link or missing)", path);
        return GEN_EXIT_IO;
    }
    DIR *d = opendir(path);
    if (!d) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return GEN_EXIT_IO;
    }
    long cap = 0;
    struct dirent *e;
    int rc = GEN_EXIT_OK;
    while ((e = readdir(d)) != NULL) {
        if (!image_name_ok(g, e->d_name))
            continue;
        char file[4500];
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        struct stat st;
        if (lstat(file, &st) != 0 || !S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "'%s' is not a regular file", file);
            rc = GEN_EXIT_IO;
            break;
        }
        if (st.st_size > KEYSET_MAX_PNG_BYTES) {
            snprintf(err, errlen, "'%s' has %lld bytes, more than an image of gen can have", file,
                     (long long)st.st_size);
            rc = GEN_EXIT_IO;
            break;
        }
        if (ks->nimages == cap) {
            cap = cap ? 2 * cap : 256;
            ks->images = xrealloc(ks->images, sizeof *ks->images * (size_t)cap);
        }
        memset(&ks->images[ks->nimages], 0, sizeof ks->images[0]);
        snprintf(ks->images[ks->nimages].name, sizeof ks->images[0].name, "%s", e->d_name);
        ks->nimages++;
    }
    closedir(d);
    if (rc != GEN_EXIT_OK)
        return rc;
    load_job lj = {.dir = dir, .keys = ks->images, .n = ks->nimages, .pg = pg, .label = label};
    atomic_init(&lj.done, 0);
    atomic_init(&lj.next, 0);
    atomic_init(&lj.failed, 0);
    pthread_mutex_init(&lj.lock, NULL);
    if (jobs < 1)
        jobs = 1;
    if (jobs > 64)
        jobs = 64;
    pthread_t th[64];
    int started = 0;
    for (int t = 1; t < jobs; t++)
        if (pthread_create(&th[started], NULL, load_worker, &lj) == 0)
            started++;
    load_worker(&lj);
    for (int t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    pthread_mutex_destroy(&lj.lock);
    if (atomic_load(&lj.failed)) {
        snprintf(err, errlen, "%s", lj.err);
        return GEN_EXIT_IO;
    }
    if (g->images == GEN_IMAGES_FRAMES)
        videos_of_frames(ks);
    qsort(ks->images, (size_t)ks->nimages, sizeof *ks->images, cmp_image_key);
    return GEN_EXIT_OK;
}

/* Scene keys re-derived from dir/gen.json; none (has_scenes false) when the
 * directory has no gen.json of ours for task g. */
static int load_scenes(const char *dir, const generator *g, progress *pg, const char *label, keyset *ks, char *err,
                       size_t errlen)
{
    char why[512];
    cJSON *m = manifest_load(dir, why, sizeof why);
    if (!m)
        return GEN_EXIT_OK;
    gen_options o;
    /* o.split points into m: m lives until the scenes are made. */
    if (manifest_read_options(m, &o, why, sizeof why) != 0) {
        cJSON_Delete(m);
        return GEN_EXIT_OK;
    }
    if (o.task != g) {
        snprintf(err, errlen, "'%s' holds task %s, not %s", dir, o.task->name, g->name);
        manifest_options_free(&o);
        cJSON_Delete(m);
        return GEN_EXIT_USAGE;
    }
    int rc;
    long count = run_count(&o);
    if (count * (g->images == GEN_IMAGES_FRAMES ? 1 : g->images) != ks->nimages) { /* a video: one key a sample */
        /* gen.json does not describe the images beside it: its scenes would say
         * nothing about them (and a forged count could make us work for hours). */
        manifest_options_free(&o);
        cJSON_Delete(m);
        return GEN_EXIT_OK;
    }
    ks->scenes = xmalloc(sizeof *ks->scenes * (size_t)(count + 1));
    sample_out so;
    sample_out_init(&so);
    rc = GEN_EXIT_OK;
    for (long j = 0; j < count && rc == GEN_EXIT_OK; j++) {
        if (pg)
            progress_draw(pg, false, "%s: %ld/%ld scenes", label, j, count);
        long i = run_index(&o, j);
        gen_params p = {.level = run_level_of(&o, i), .grid_size = o.grid_size, .file = o.file + i,
                        .frames = o.frames};
        int attempt = o.attempts ? o.attempts[j] : 0;
        rc = make_sample(g, run_sample_seed(&o, p.file, attempt), &p, &so);
        if (rc != GEN_EXIT_OK) {
            snprintf(err, errlen, "cannot re-derive sample %ld of '%s': %s", p.file, dir, so.err);
            break;
        }
        ks->scenes[j].sig = sample_scene_signature(g, &so);
        ks->scenes[j].file = p.file;
        ks->nscenes++;
    }
    sample_out_free(&so);
    manifest_options_free(&o);
    cJSON_Delete(m);
    if (rc != GEN_EXIT_OK)
        return rc;
    qsort(ks->scenes, (size_t)ks->nscenes, sizeof *ks->scenes, cmp_scene_key);
    ks->has_scenes = true;
    return GEN_EXIT_OK;
}

int keyset_load(const char *dir, const generator *g, int jobs, keyset *ks, char *err, size_t errlen)
{
    return keyset_load_shown(dir, g, jobs, NULL, NULL, ks, err, errlen);
}

int keyset_load_shown(const char *dir, const generator *g, int jobs, progress *pg, const char *label, keyset *ks,
                      char *err, size_t errlen)
{
    memset(ks, 0, sizeof *ks);
    int rc = load_images(dir, g, jobs, pg, label, ks, err, errlen);
    if (rc == GEN_EXIT_OK)
        rc = load_scenes(dir, g, pg, label, ks, err, errlen);
    if (rc != GEN_EXIT_OK)
        keyset_free(ks);
    return rc;
}

void keyset_free(keyset *ks)
{
    free(ks->images);
    free(ks->scenes);
    memset(ks, 0, sizeof *ks);
}

const image_key *keyset_find_image(const keyset *ks, pixhash h)
{
    long lo = 0, hi = ks->nimages;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (pixhash_cmp(ks->images[mid].h, h) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ks->nimages && pixhash_eq(ks->images[lo].h, h) ? &ks->images[lo] : NULL;
}

const scene_key *keyset_find_scene(const keyset *ks, uint64_t sig)
{
    long lo = 0, hi = ks->nscenes;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (ks->scenes[mid].sig < sig)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ks->nscenes && ks->scenes[lo].sig == sig ? &ks->scenes[lo] : NULL;
}

static bool has_data_json(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/data.json", dir);
    struct stat st;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A task directory inside a tree that is a symbolic link: refused, never followed
 * (a tree is read below its root only, as gen check reads a task directory). */
static bool linked_task_dir(const char *dir)
{
    struct stat st;
    return lstat(dir, &st) == 0 && S_ISLNK(st.st_mode);
}

char *overlap_task_dir(const char *dir, const generator *g)
{
    if (has_data_json(dir))
        return xstrdup(dir);
    strbuf sb = {0};
    strbuf_addf(&sb, "%s/%s", dir, g->name);
    if (!linked_task_dir(sb.buf) && has_data_json(sb.buf))
        return sb.buf;
    strbuf_free(&sb);
    return NULL;
}

/* ---- gen overlap ----------------------------------------------------------- */

/* Compares one task's directories; adds to *found.  Returns an exit code. */
static int overlap_task(const generator *g, const char *da, const char *db, int jobs, bool quiet, long *found)
{
    keyset ka, kb;
    char err[1024];
    /* a progress line on a terminal: reading thousands of PNGs takes minutes */
    progress pg;
    progress_start(&pg, !quiet && isatty(STDERR_FILENO));
    strbuf la = {0}, lb = {0};
    strbuf_addf(&la, "overlap: %s: A", g->name);
    strbuf_addf(&lb, "overlap: %s: B", g->name);
    int rc = keyset_load_shown(da, g, jobs, &pg, la.buf, &ka, err, sizeof err);
    if (rc == GEN_EXIT_OK) {
        rc = keyset_load_shown(db, g, jobs, &pg, lb.buf, &kb, err, sizeof err);
        if (rc != GEN_EXIT_OK)
            keyset_free(&ka);
    }
    progress_end(&pg);
    strbuf_free(&la);
    strbuf_free(&lb);
    if (rc != GEN_EXIT_OK) {
        fprintf(stderr, "gen: %s\n", err);
        return rc;
    }
    long images = 0, scenes = 0;
    /* a video task's keys are whole samples, every frame in order */
    const char *what = g->images == GEN_IMAGES_FRAMES ? "video" : "image";
    for (long i = 0; i < ka.nimages; i++) {
        const image_key *hit = keyset_find_image(&kb, ka.images[i].h);
        if (hit) {
            images++;
            printf("%s: %s %s of A has the pixels of %s %s of B\n", g->name, what, ka.images[i].name, what,
                   hit->name);
        }
    }
    bool scenes_compared = ka.has_scenes && kb.has_scenes;
    if (scenes_compared)
        for (long i = 0; i < ka.nscenes; i++) {
            const scene_key *hit = keyset_find_scene(&kb, ka.scenes[i].sig);
            if (hit) {
                scenes++;
                printf("%s: sample %ld of A has the scene of sample %ld of B\n", g->name, ka.scenes[i].file, hit->file);
            }
        }
    if (!quiet)
        printf("%s: %ld identical %ss (%ld vs %ld %ss)%s\n", g->name, images, what, ka.nimages, kb.nimages, what,
               scenes_compared ? "" : ", scenes not compared (a directory has no gen.json of gen's)");
    if (!quiet && scenes_compared)
        printf("%s: %ld identical scenes (%ld vs %ld samples)\n", g->name, scenes, ka.nscenes, kb.nscenes);
    *found += images + scenes;
    keyset_free(&ka);
    keyset_free(&kb);
    return GEN_EXIT_OK;
}

/* Names, on one line of stdout, the tasks a tree holds that the other lacks. */
static void name_one_sided(const char *label, const strbuf *names, int n)
{
    if (n)
        printf("not compared: %d task%s only in %s: %s\n", n, n == 1 ? "" : "s", label, names->buf);
}

int overlap_main(const char *a, const char *b, int jobs, bool quiet)
{
    long found = 0;
    int compared = 0, only_a = 0, only_b = 0, rc = GEN_EXIT_OK;
    strbuf names_a = {0}, names_b = {0};
    char why[1024];
    for (int k = 0; k < 2; k++)
        if (ds_refuse_mixed(k ? b : a, why, sizeof why) != 0) {
            fprintf(stderr, "gen: %s\n", why);
            return GEN_EXIT_IO;
        }
    if (has_data_json(a) || has_data_json(b)) {
        /* Two task directories (or one task directory and a tree holding it). */
        const generator *g = has_data_json(a) ? manifest_task_of_dir(a) : manifest_task_of_dir(b);
        if (!g) {
            fprintf(stderr, "gen: cannot tell which task '%s' holds (no gen.json, and its name is no task)\n",
                    has_data_json(a) ? a : b);
            return GEN_EXIT_USAGE;
        }
        char *da = overlap_task_dir(a, g), *db = overlap_task_dir(b, g);
        if (!da || !db) {
            fprintf(stderr, "gen: '%s' holds no %s task directory\n", da ? b : a, g->name);
            free(da);
            free(db);
            return GEN_EXIT_USAGE;
        }
        rc = overlap_task(g, da, db, jobs, quiet, &found);
        compared = 1;
        free(da);
        free(db);
    } else {
        /* Two trees: every task both hold; those one holds alone are named. */
        for (int t = 0; t < GENERATOR_COUNT && rc == GEN_EXIT_OK; t++) {
            const generator *g = GENERATORS[t];
            strbuf sa = {0}, sb = {0};
            strbuf_addf(&sa, "%s/%s", a, g->name);
            strbuf_addf(&sb, "%s/%s", b, g->name);
            bool in_a = has_data_json(sa.buf), in_b = has_data_json(sb.buf);
            if (linked_task_dir(sa.buf) || linked_task_dir(sb.buf)) {
                fprintf(stderr, "gen: refused to read '%s': a task directory of a tree is a symbolic link\n",
                        linked_task_dir(sa.buf) ? sa.buf : sb.buf);
                rc = GEN_EXIT_IO;
            } else if (in_a && in_b) {
                rc = overlap_task(g, sa.buf, sb.buf, jobs, quiet, &found);
                compared++;
            } else if (in_a) {
                strbuf_addf(&names_a, "%s%s", only_a++ ? ", " : "", g->name);
            } else if (in_b) {
                strbuf_addf(&names_b, "%s%s", only_b++ ? ", " : "", g->name);
            }
            strbuf_free(&sa);
            strbuf_free(&sb);
        }
    }
    if (rc == GEN_EXIT_OK && compared == 0) {
        fprintf(stderr, "gen: '%s' and '%s' have no task in common (neither is a task directory)\n", a, b);
        rc = GEN_EXIT_USAGE;
    }
    if (rc == GEN_EXIT_OK) {
        /* The tasks one side holds alone are named even with --quiet: without
         * them a short comparison would pass for a whole one. */
        name_one_sided(a, &names_a, only_a);
        name_one_sided(b, &names_b, only_b);
        const char *verdict = found ? "overlap" : only_a || only_b ? "incomplete" : "clean";
        if (!quiet || only_a || only_b)
            printf("%s: %ld duplicate%s in %d task%s%s\n", verdict, found, found == 1 ? "" : "s", compared,
                   compared == 1 ? "" : "s", only_a || only_b ? " (the tasks above were not compared)" : "");
        rc = found ? GEN_EXIT_FAILED : only_a || only_b ? GEN_EXIT_PARTIAL : GEN_EXIT_OK;
    }
    strbuf_free(&names_a);
    strbuf_free(&names_b);
    return rc;
}
