#include "manifest.h"

#include "font.h"
#include "fsutil.h"
#include "json_out.h"
#include "sha256.h"

#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <pixman.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int manifest_write(const char *dir, const gen_options *o, const char *data_json_sha, char (*hashes)[65], char *err,
                   size_t errlen)
{
    const generator *g = o->task;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "generator", MANIFEST_GENERATOR);
    cJSON_AddStringToObject(m, "version", GEN_VERSION);
    cJSON_AddStringToObject(m, "revision", GEN_REVISION);
    cJSON *cmd = cJSON_AddArrayToObject(m, "command");
    for (int i = 0; i < o->argc; i++)
        cJSON_AddItemToArray(cmd, cJSON_CreateString(o->argv[i]));
    cJSON_AddStringToObject(m, "task", g->name);
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)o->seed);
    cJSON_AddStringToObject(m, "seed", seed); /* a string: JSON numbers lose 64-bit precision */
    cJSON_AddNumberToObject(m, "num_images", (double)o->num_images);
    cJSON *lv = cJSON_AddArrayToObject(m, "levels");
    for (int i = 0; i < o->nlevels; i++)
        cJSON_AddItemToArray(lv, cJSON_CreateNumber(o->levels[i]));
    cJSON_AddNumberToObject(m, "file", (double)o->file);
    cJSON_AddNumberToObject(m, "grid_size", o->grid_size);
    if (o->shard_n > 1) {
        cJSON *sh = cJSON_AddArrayToObject(m, "shard");
        cJSON_AddItemToArray(sh, cJSON_CreateNumber(o->shard_k));
        cJSON_AddItemToArray(sh, cJSON_CreateNumber(o->shard_n));
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
    for (long j = 0; j < count; j++)
        for (int k = 0; k < g->images; k++) {
            char base[64];
            sample_file_name(g, o->file + run_index(o, j), k, base, sizeof base);
            snprintf(name, sizeof name, "data/%s", base);
            cJSON_AddStringToObject(files, name, hashes[j * g->images + k]);
        }
    int rc = 0;
    if (o->annotations)
        rc = hash_into(files, dir, "annotations.json", err, errlen);
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

static int bad(char *err, size_t errlen, const char *what)
{
    if (err)
        snprintf(err, errlen, "gen.json: %s", what);
    return -1;
}

int manifest_read_options(const cJSON *m, gen_options *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    const cJSON *who = cJSON_GetObjectItemCaseSensitive(m, "generator");
    if (!cJSON_IsString(who) || strcmp(who->valuestring, MANIFEST_GENERATOR) != 0)
        return bad(err, errlen, "not written by gen");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(m, "task");
    if (!cJSON_IsString(t) || !(o->task = generator_find(t->valuestring)))
        return bad(err, errlen, "no known task");
    const cJSON *sd = cJSON_GetObjectItemCaseSensitive(m, "seed");
    char *end;
    if (!cJSON_IsString(sd) || !*sd->valuestring)
        return bad(err, errlen, "no seed");
    o->seed = strtoull(sd->valuestring, &end, 10);
    if (*end)
        return bad(err, errlen, "malformed seed");
    const cJSON *ni = cJSON_GetObjectItemCaseSensitive(m, "num_images");
    const cJSON *ff = cJSON_GetObjectItemCaseSensitive(m, "file");
    const cJSON *gs = cJSON_GetObjectItemCaseSensitive(m, "grid_size");
    const cJSON *lv = cJSON_GetObjectItemCaseSensitive(m, "levels");
    if (!cJSON_IsNumber(ni) || ni->valuedouble < 1 || ni->valuedouble > 1e7 || !cJSON_IsNumber(ff) ||
        ff->valuedouble < 0 || ff->valuedouble > 1e15 || !cJSON_IsNumber(gs) || !cJSON_IsArray(lv) ||
        cJSON_GetArraySize(lv) < 1 || cJSON_GetArraySize(lv) > 200000)
        return bad(err, errlen, "malformed num_images, file, grid_size or levels");
    o->num_images = (long)ni->valuedouble;
    o->file = (long)ff->valuedouble;
    o->grid_size = (int)gs->valuedouble;
    o->levels = xmalloc(sizeof(int) * (size_t)cJSON_GetArraySize(lv));
    const cJSON *c;
    cJSON_ArrayForEach(c, lv) {
        if (!cJSON_IsNumber(c)) {
            manifest_options_free(o);
            return bad(err, errlen, "malformed levels");
        }
        o->levels[o->nlevels++] = (int)c->valuedouble;
    }
    if ((double)o->num_images * o->nlevels > 1e7) {
        manifest_options_free(o);
        return bad(err, errlen, "too many samples");
    }
    o->annotations = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "annotations"));
    const cJSON *sc = cJSON_GetObjectItemCaseSensitive(m, "scale");
    o->scale = 1.0;
    if (sc) {
        if (!cJSON_IsNumber(sc) || !(sc->valuedouble >= 0.25 && sc->valuedouble <= 4.0)) {
            manifest_options_free(o);
            return bad(err, errlen, "malformed scale");
        }
        o->scale = sc->valuedouble;
    }
    if (manifest_read_png(m, o) != 0) {
        manifest_options_free(o);
        return bad(err, errlen, "malformed png (compression fast or small, and its encoder)");
    }
    const cJSON *sh = cJSON_GetObjectItemCaseSensitive(m, "shard");
    if (sh) {
        if (!cJSON_IsArray(sh) || cJSON_GetArraySize(sh) != 2 || !cJSON_IsNumber(sh->child) ||
            !cJSON_IsNumber(sh->child->next) || sh->child->valuedouble < 1 ||
            sh->child->valuedouble > sh->child->next->valuedouble || sh->child->next->valuedouble > 10000) {
            manifest_options_free(o);
            return bad(err, errlen, "malformed shard");
        }
        o->shard_k = (int)sh->child->valuedouble;
        o->shard_n = (int)sh->child->next->valuedouble;
    }
    return 0;
}

void manifest_options_free(gen_options *o)
{
    free(o->levels);
    o->levels = NULL;
    o->nlevels = 0;
}

cJSON *manifest_load(const char *dir, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/gen.json", dir);
    char *text;
    size_t n;
    if (read_file(path, &text, &n, err, errlen) != 0)
        return NULL;
    cJSON *m = cJSON_ParseWithLength(text, n);
    free(text);
    if (!m)
        snprintf(err, errlen, "'%s' is not valid JSON", path);
    return m;
}
