/* SPDX-License-Identifier: MIT */
#include "manifest.h"

#include "options.h"
#include "dataset_read.h"
#include "errors.h"
#include "font.h"
#include "fsutil.h"
#include "json_out.h"
#include "png_io.h"
#include "sha256.h"

#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <pixman.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <zlib.h>

static cJSON *libraries(void)
{
    cJSON *l = cJSON_CreateObject();
    char ft[32];
    FT_Library lib;
    FT_Int a = 0, b = 0, c = 0;
    if (FT_Init_FreeType(&lib) == 0) {
        FT_Library_Version(lib, &a, &b, &c);
        FT_Done_FreeType(lib);
    }
    snprintf(ft, sizeof ft, "%d.%d.%d", a, b, c);
    cJSON_AddStringToObject(l, "cairo", cairo_version_string());
    cJSON_AddStringToObject(l, "pixman", pixman_version_string());
    cJSON_AddStringToObject(l, "libpng", png_get_libpng_ver(NULL));
    cJSON_AddStringToObject(l, "zlib", zlibVersion());
    cJSON_AddStringToObject(l, "freetype", ft);
    cJSON_AddStringToObject(l, "cjson", cJSON_Version());
    return l;
}

void manifest_library_versions(strbuf *sb)
{
    cJSON *l = libraries();
    const cJSON *c;
    int first = 1;
    cJSON_ArrayForEach(c, l) {
        strbuf_addf(sb, "%s%s %s", first ? "" : ", ", c->string, c->valuestring);
        first = 0;
    }
    cJSON_Delete(l);
}

/* ---- "png": how the images were encoded (--compression) ---------------------- */

static void manifest_add_png(cJSON *m, const gen_options *o)
{
    char name[128];
    if (o->encoder[0])
        snprintf(name, sizeof name, "%s", o->encoder);
    else
        png_encoder_name(o->compression, name, sizeof name);
    cJSON *p = cJSON_AddObjectToObject(m, "png");
    cJSON_AddStringToObject(p, "compression", png_compression_name(o->compression));
    cJSON_AddStringToObject(p, "encoder", name);
}

/* Reads "png" back; a gen.json without it was written before --compression
 * existed, with the fast setting of its day. */
static int manifest_read_png(const cJSON *m, gen_options *o)
{
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(m, "png");
    o->compression = PNG_FAST;
    o->encoder[0] = '\0';
    if (!p)
        return 0;
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(p, "compression");
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(p, "encoder");
    if (!cJSON_IsObject(p) || !cJSON_IsString(c) || png_compression_parse(c->valuestring) < 0 || !cJSON_IsString(e) ||
        strlen(e->valuestring) >= sizeof o->encoder)
        return -1;
    o->compression = png_compression_parse(c->valuestring);
    snprintf(o->encoder, sizeof o->encoder, "%s", e->valuestring);
    return 0;
}

static int hash_into(cJSON *files, const char *dir, const char *name, char *err, size_t errlen)
{
    char path[4096], hex[65];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (sha256_file_hex(path, hex) != 0) {
        snprintf(err, errlen, "cannot read back '%s'", path);
        return -1;
    }
    cJSON_AddStringToObject(files, name, hex);
    return 0;
}

cJSON *manifest_new(int argc, char **argv)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "generator", MANIFEST_GENERATOR);
    cJSON_AddStringToObject(m, "version", GEN_VERSION);
    cJSON_AddStringToObject(m, "revision", GEN_REVISION);
    cJSON *cmd = cJSON_AddArrayToObject(m, "command");
    for (int i = 0; i < argc; i++)
        cJSON_AddItemToArray(cmd, cJSON_CreateString(argv[i]));
    return m;
}

void manifest_add_seed(cJSON *m, uint64_t seed)
{
    char text[32];
    snprintf(text, sizeof text, "%llu", (unsigned long long)seed);
    cJSON_AddStringToObject(m, "seed", text); /* a string: JSON numbers lose 64-bit precision */
}

int manifest_write(const char *dir, const gen_options *o, const char *data_json_sha, char (*hashes)[65], char *err,
                   size_t errlen)
{
    const generator *g = o->task;
    cJSON *m = manifest_new(o->argc, o->argv);
    cJSON_AddStringToObject(m, "task", g->name);
    manifest_add_seed(m, o->seed);
    cJSON_AddNumberToObject(m, "num_images", (double)o->num_images);
    cJSON *lv = cJSON_AddArrayToObject(m, "levels");
    for (int i = 0; i < o->nlevels; i++)
        cJSON_AddItemToArray(lv, cJSON_CreateNumber(o->levels[i]));
    cJSON_AddNumberToObject(m, "file", (double)o->file);
    cJSON_AddNumberToObject(m, "grid_size", o->grid_size);
    if (g->images == GEN_IMAGES_FRAMES)
        cJSON_AddNumberToObject(m, "frames", o->frames);
    if (o->shard_n > 1) {
        cJSON *sh = cJSON_AddArrayToObject(m, "shard");
        cJSON_AddItemToArray(sh, cJSON_CreateNumber(o->shard_k));
        cJSON_AddItemToArray(sh, cJSON_CreateNumber(o->shard_n));
    }
    if (o->split)
        cJSON_AddStringToObject(m, "split", o->split);
    if (o->metadata)
        cJSON_AddStringToObject(m, "metadata", "jsonl");
    if (o->exclude || o->attempts) {
        /* The samples --exclude replaced, by file number: attempt k means the
         * sample's streams come from rng_attempt_seed(..., k).  verify replays
         * them without needing the excluded directory. */
        cJSON *rep = cJSON_AddObjectToObject(m, "replaced");
        long count = run_count(o);
        for (long j = 0; j < count; j++)
            if (o->attempts && o->attempts[j] > 0) {
                char key[32];
                snprintf(key, sizeof key, "%ld", o->file + run_index(o, j));
                cJSON_AddNumberToObject(rep, key, o->attempts[j]);
            }
    }
    cJSON_AddBoolToObject(m, "annotations", o->annotations);
    cJSON_AddNumberToObject(m, "scale", o->scale > 0 ? o->scale : 1.0);
    manifest_add_png(m, o);
    cJSON_AddItemToObject(m, "libraries", libraries());
    cJSON_AddStringToObject(m, "font_sha256", FONT_SHA256);
    cJSON *files = cJSON_AddObjectToObject(m, "files");
    cJSON_AddStringToObject(files, "data.json", data_json_sha);
    long count = run_count(o);
    char name[80];
    int nim = run_images(o);
    for (long j = 0; j < count; j++)
        for (int k = 0; k < nim; k++) {
            char base[64];
            sample_file_name(g, o->file + run_index(o, j), k, base, sizeof base);
            snprintf(name, sizeof name, "data/%s", base);
            cJSON_AddStringToObject(files, name, hashes[j * nim + k]);
        }
    int rc = 0;
    if (o->annotations)
        rc = hash_into(files, dir, "annotations.json", err, errlen);
    if (rc == 0 && o->metadata)
        rc = hash_into(files, dir, "metadata.jsonl", err, errlen);
    if (rc == 0)
        rc = hash_into(files, dir, "prompts/input_prompt.txt", err, errlen);
    if (rc == 0)
        rc = hash_into(files, dir, "prompts/rules.txt", err, errlen);
    if (rc == 0)
        rc = hash_into(files, dir, "prompts/output_prompt.txt", err, errlen);
    if (rc == 0 && g->uses_swatches)
        rc = hash_into(files, dir, "swatches.png", err, errlen);
    if (rc == 0) {
        char *text = cJSON_Print(m);
        strbuf sb = {0};
        strbuf_add(&sb, text);
        strbuf_add(&sb, "\n");
        cJSON_free(text);
        char path[4096];
        snprintf(path, sizeof path, "%s/gen.json", dir);
        rc = write_file(path, sb.buf, sb.len, err, errlen);
        strbuf_free(&sb);
    }
    cJSON_Delete(m);
    return rc;
}

static int read_replaced(const cJSON *rep, gen_options *o);

static int bad(char *err, size_t errlen, const char *what)
{
    if (err)
        snprintf(err, errlen, "gen.json: %s", what);
    return -1;
}

/* A whole JSON number within +-limit. */
static bool whole_number(const cJSON *v, double limit, long *out)
{
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= -limit && v->valuedouble <= limit) ||
        v->valuedouble != floor(v->valuedouble))
        return false;
    *out = (long)v->valuedouble;
    return true;
}

int manifest_read_options(const cJSON *m, gen_options *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    if (!cJSON_IsObject(m))
        return bad(err, errlen, "not a JSON object");
    const cJSON *who = cJSON_GetObjectItemCaseSensitive(m, "generator");
    if (!cJSON_IsString(who) || strcmp(who->valuestring, MANIFEST_GENERATOR) != 0)
        return bad(err, errlen, "not written by gen");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(m, "task");
    if (!cJSON_IsString(t) || !(o->task = generator_find(t->valuestring)))
        return bad(err, errlen, "no known task");
    const cJSON *sd = cJSON_GetObjectItemCaseSensitive(m, "seed");
    if (!cJSON_IsString(sd) || !*sd->valuestring || strlen(sd->valuestring) > 20 ||
        strspn(sd->valuestring, "0123456789") != strlen(sd->valuestring))
        return bad(err, errlen, "malformed seed (expected a string of digits)");
    errno = 0;
    o->seed = strtoull(sd->valuestring, NULL, 10);
    if (errno)
        return bad(err, errlen, "malformed seed (above 2^64-1)");
    const cJSON *lv = cJSON_GetObjectItemCaseSensitive(m, "levels");
    long ni, ff, gs, v;
    if (!whole_number(cJSON_GetObjectItemCaseSensitive(m, "num_images"), 1e17, &ni) ||
        !whole_number(cJSON_GetObjectItemCaseSensitive(m, "file"), 1e17, &ff) ||
        !whole_number(cJSON_GetObjectItemCaseSensitive(m, "grid_size"), 1e9, &gs) || !cJSON_IsArray(lv))
        return bad(err, errlen, "malformed num_images, file, grid_size or levels (whole numbers expected)");
    o->num_images = ni;
    o->file = ff;
    o->grid_size = (int)gs;
    long nl = 0;
    for (const cJSON *c = lv->child; c; c = c->next)
        if (++nl > GEN_MAX_SAMPLES)
            return bad(err, errlen, "too many levels");
    o->levels = xmalloc(sizeof(int) * (size_t)(nl + 1));
    for (const cJSON *c = lv->child; c; c = c->next) {
        if (!whole_number(c, 1e9, &v)) {
            manifest_options_free(o);
            return bad(err, errlen, "malformed levels (whole numbers expected)");
        }
        o->levels[o->nlevels++] = (int)v;
    }
    const cJSON *an = cJSON_GetObjectItemCaseSensitive(m, "annotations");
    if (an && !cJSON_IsBool(an)) {
        manifest_options_free(o);
        return bad(err, errlen, "malformed annotations (true or false expected)");
    }
    o->annotations = cJSON_IsTrue(an);
    const cJSON *sc = cJSON_GetObjectItemCaseSensitive(m, "scale");
    o->scale = 1.0;
    if (sc) {
        if (!cJSON_IsNumber(sc)) {
            manifest_options_free(o);
            return bad(err, errlen, "malformed scale");
        }
        o->scale = sc->valuedouble;
    }
    if (manifest_read_png(m, o) != 0) {
        manifest_options_free(o);
        return bad(err, errlen, "malformed png (compression fast or small, and its encoder)");
    }
    /* "frames": a video task's frames a sample; no other task's gen.json has it */
    const cJSON *fr = cJSON_GetObjectItemCaseSensitive(m, "frames");
    if (fr || o->task->images == GEN_IMAGES_FRAMES) {
        long f;
        if (!fr || o->task->images != GEN_IMAGES_FRAMES || !whole_number(fr, 1e9, &f)) {
            manifest_options_free(o);
            return bad(err, errlen, o->task->images == GEN_IMAGES_FRAMES
                                        ? "malformed or missing frames (a video task's gen.json has a whole number)"
                                        : "frames given for a task that has no frames");
        }
        o->frames = (int)f;
    }
    const cJSON *sh = cJSON_GetObjectItemCaseSensitive(m, "shard");
    if (sh) {
        long k, n;
        if (!cJSON_IsArray(sh) || cJSON_GetArraySize(sh) != 2 || !whole_number(sh->child, 1e9, &k) ||
            !whole_number(sh->child->next, 1e9, &n)) {
            manifest_options_free(o);
            return bad(err, errlen, "malformed shard");
        }
        o->shard_k = (int)k;
        o->shard_n = (int)n;
    }
    /* The same ranges as the command line, before any generator sees a value. */
    char why[480];
    if (options_check(o, why, sizeof why) != GEN_EXIT_OK) {
        manifest_options_free(o);
        return bad(err, errlen, why);
    }
    if (o->shard_n == 1) /* --shard 1/1 is the whole run */
        o->shard_k = o->shard_n = 0;
    const cJSON *sp = cJSON_GetObjectItemCaseSensitive(m, "split");
    if (sp) {
        if (!cJSON_IsString(sp) || !split_name_ok(sp->valuestring)) {
            manifest_options_free(o);
            return bad(err, errlen, "malformed split");
        }
        o->split = sp->valuestring; /* points into m: valid while m is */
    }
    const cJSON *md = cJSON_GetObjectItemCaseSensitive(m, "metadata");
    if (md) {
        if (!cJSON_IsString(md) || strcmp(md->valuestring, "jsonl") != 0) {
            manifest_options_free(o);
            return bad(err, errlen, "malformed metadata");
        }
        o->metadata = true;
    }
    const cJSON *rep = cJSON_GetObjectItemCaseSensitive(m, "replaced");
    if (rep && read_replaced(rep, o) != 0) {
        manifest_options_free(o);
        return bad(err, errlen, "malformed replaced");
    }
    return 0;
}

/* "replaced": {"<file>": attempt, ...} into o->attempts (one per sample of the
 * run); every key must be a file of the run, every attempt 1..255. */
static int read_replaced(const cJSON *rep, gen_options *o)
{
    if (!cJSON_IsObject(rep))
        return -1;
    long count = run_count(o);
    o->attempts = xcalloc((size_t)count + 1, sizeof(int));
    const cJSON *c;
    cJSON_ArrayForEach(c, rep) {
        char *end;
        errno = 0;
        long file = strtol(c->string, &end, 10);
        if (errno || *end || end == c->string || !cJSON_IsNumber(c) || !(c->valuedouble >= 1 && c->valuedouble <= 255) ||
            c->valuedouble != (int)c->valuedouble)
            return -1;
        /* file -> index in the sequence -> j in this run (shards take every n-th) */
        long i = file - o->file;
        if (i < 0 || i >= o->num_images * o->nlevels)
            return -1;
        long j = o->shard_n > 1 ? (i - (o->shard_k - 1)) : i;
        if (j < 0 || (o->shard_n > 1 && j % o->shard_n != 0))
            return -1;
        if (o->shard_n > 1)
            j /= o->shard_n;
        if (j >= count || o->attempts[j] != 0)
            return -1;
        o->attempts[j] = c->valueint;
    }
    return 0;
}

void manifest_options_free(gen_options *o)
{
    free(o->attempts);
    o->attempts = NULL;
    free(o->levels);
    o->levels = NULL;
    o->nlevels = 0;
}

long manifest_file_count(const gen_options *o)
{
    return 1 + 3 + (o->task->uses_swatches ? 1 : 0) + (o->annotations ? 1 : 0) + (o->metadata ? 1 : 0) +
           run_count(o) * run_images(o);
}

/* Whether `name` is a file of run o: data.json, a prompt, swatches.png,
 * annotations.json, metadata.jsonl, or data/<one of its images>. */
static bool run_has_file(const gen_options *o, const char *name)
{
    const generator *g = o->task;
    if (strcmp(name, "data.json") == 0 || strcmp(name, "prompts/input_prompt.txt") == 0 ||
        strcmp(name, "prompts/rules.txt") == 0 || strcmp(name, "prompts/output_prompt.txt") == 0)
        return true;
    if (strcmp(name, "swatches.png") == 0)
        return g->uses_swatches;
    if (strcmp(name, "annotations.json") == 0)
        return o->annotations;
    if (strcmp(name, "metadata.jsonl") == 0)
        return o->metadata;
    if (strncmp(name, "data/", 5) != 0)
        return false;
    long f = -1;
    if (g->images == GEN_IMAGES_FRAMES)
        f = ds_frame_file_number(name + 5, GEN_MAX_FILE, o->frames, NULL);
    for (int k = 0; k < g->images && f < 0; k++)
        f = ds_file_number(name + 5, g->images == 2 ? (k ? "second" : "first") : "", GEN_MAX_FILE);
    if (f < o->file)
        return false;
    long i = f - o->file;
    if (i >= o->num_images * o->nlevels)
        return false;
    return o->shard_n <= 1 || i % o->shard_n == o->shard_k - 1;
}

int manifest_check_files(const cJSON *m, const gen_options *o, char *err, size_t errlen)
{
    const cJSON *files = cJSON_GetObjectItemCaseSensitive(m, "files");
    if (!cJSON_IsObject(files))
        return bad(err, errlen, "no \"files\" object");
    long n = 0, want = manifest_file_count(o);
    for (const cJSON *f = files->child; f; f = f->next) {
        char what[400];
        if (!run_has_file(o, f->string)) {
            snprintf(what, sizeof what, "\"files\" lists '%.200s', which is not a file of this run", f->string);
            return bad(err, errlen, what);
        }
        if (!cJSON_IsString(f) || strlen(f->valuestring) != 64 ||
            strspn(f->valuestring, "0123456789abcdef") != 64) {
            snprintf(what, sizeof what, "\"files\": '%.200s' has no SHA-256", f->string);
            return bad(err, errlen, what);
        }
        n++;
    }
    if (n != want) { /* keys are unique (strict JSON), so equal counts mean equal sets */
        char what[200];
        snprintf(what, sizeof what, "\"files\" lists %ld files, the run's options make %ld", n, want);
        return bad(err, errlen, what);
    }
    return 0;
}

cJSON *manifest_load(const char *dir, char *err, size_t errlen)
{
    return ds_load_json(dir, "gen.json", DS_MANIFEST_MAX, 0, NULL, err, errlen);
}

const generator *task_of_dir_name(const char *dir)
{
    char name[4096];
    snprintf(name, sizeof name, "%s", dir);
    size_t l = strlen(name);
    while (l > 1 && name[l - 1] == '/')
        name[--l] = '\0';
    const char *base = strrchr(name, '/');
    return generator_find(base ? base + 1 : name);
}

const generator *manifest_task_of_dir(const char *dir)
{
    char err[256];
    cJSON *m = manifest_load(dir, err, sizeof err);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(m, "task");
    const generator *g = cJSON_IsString(t) ? generator_find(t->valuestring) : NULL;
    cJSON_Delete(m);
    return g ? g : task_of_dir_name(dir);
}
