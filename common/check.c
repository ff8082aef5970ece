#define _GNU_SOURCE
#include "check.h"

#include "fsutil.h"
#include "manifest.h"
#include "png_io.h"
#include "util.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Records the release has per level. */
#define RELEASE_PER_LEVEL 10

static void problem(FILE *out, long *n, const char *id, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void problem(FILE *out, long *n, const char *id, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (id)
        fprintf(out, "data.json: record '%s': ", id);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    va_end(ap);
    (*n)++;
}

/* Parses "<prefix><digits>.png" and returns the number, or -1. */
static long id_number(const char *id, const char *prefix)
{
    size_t pl = strlen(prefix);
    if (strncmp(id, prefix, pl) != 0)
        return -1;
    const char *p = id + pl;
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] != '.'))
        return -1;
    long v = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > 100000000L)
            return -1;
        v = v * 10 + (*p - '0');
    }
    return strcmp(p, ".png") == 0 ? v : -1;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void check_expect_of(const generator *g, const gen_options *o, check_expect *e)
{
    gen_options rel;
    int *own = NULL;
    if (!o) {
        memset(&rel, 0, sizeof rel);
        rel.task = g;
        rel.num_images = RELEASE_PER_LEVEL;
        rel.file = 1;
        rel.nlevels = g->level_max - g->level_min + 1;
        own = xmalloc(sizeof(int) * (size_t)rel.nlevels);
        for (int i = 0; i < rel.nlevels; i++)
            own[i] = g->level_min + i;
        rel.levels = own;
        o = &rel;
    }
    e->count = run_count(o);
    e->files = xmalloc(sizeof(long) * (size_t)(e->count + 1));
    e->levels = xmalloc(sizeof(int) * (size_t)(e->count + 1));
    for (long j = 0; j < e->count; j++) {
        long i = run_index(o, j);
        e->files[j] = o->file + i;
        e->levels[j] = run_level_of(o, i);
    }
    free(own);
}

void check_expect_free(check_expect *e)
{
    free(e->files);
    free(e->levels);
    e->files = NULL;
    e->levels = NULL;
}

long check_records(const char *text, size_t len, const generator *g, const check_expect *e, FILE *out,
                   char ***ids_out, long *nids_out)
{
    long n = 0;
    if (ids_out) {
        *ids_out = NULL;
        *nids_out = 0;
    }
    cJSON *root = cJSON_ParseWithLength(text, len);
    if (!root) {
        problem(out, &n, NULL, "data.json: not valid JSON");
        return n;
    }
    if (!cJSON_IsArray(root)) {
        problem(out, &n, NULL, "data.json: not a JSON list of records");
        cJSON_Delete(root);
        return n;
    }
    long expected = e->count;
    long count = cJSON_GetArraySize(root);
    if (count != expected)
        problem(out, &n, NULL, "data.json: %ld records, expected %ld", count, expected);
    char **ids = xcalloc((size_t)count + 1, sizeof(char *));
    long nids = 0;
    const char *prefix = g->images == 2 ? "second" : "";
    long i = 0;
    const cJSON *rec;
    cJSON_ArrayForEach(rec, root) {
        char label[64];
        snprintf(label, sizeof label, "#%ld", i + 1);
        const char *id = label;
        if (!cJSON_IsObject(rec)) {
            problem(out, &n, id, "not a JSON object");
            i++;
            continue;
        }
        const cJSON *idv = cJSON_GetObjectItemCaseSensitive(rec, "id");
        if (!cJSON_IsString(idv)) {
            problem(out, &n, id, "no string field 'id'");
        } else {
            id = idv->valuestring;
            long num = id_number(id, prefix);
            if (num < 0) {
                problem(out, &n, id, "id is not of the form %s<N>.png", prefix);
            } else {
                if (i < expected && num != e->files[i])
                    problem(out, &n, id, "id names file %ld, expected %ld (record %ld)", num, e->files[i], i + 1);
                ids[nids++] = xstrdup(id); /* only well-formed ids name images */
            }
        }
        const cJSON *f;
        cJSON_ArrayForEach(f, rec) {
            if (!f->string) {
                problem(out, &n, id, "a field without a name");
                continue;
            }
            if (strcmp(f->string, "id") == 0)
                continue;
            const gen_field *known = NULL;
            for (const gen_field *k = g->fields; k->name; k++)
                if (strcmp(k->name, f->string) == 0)
                    known = k;
            if (!known)
                problem(out, &n, id, "unexpected field '%s'", f->string);
        }
        for (const gen_field *k = g->fields; k->name; k++) {
            int seen = 0;
            const cJSON *v = NULL;
            cJSON_ArrayForEach(f, rec) {
                if (f->string && strcmp(f->string, k->name) == 0) {
                    seen++;
                    v = f;
                }
            }
            if (!seen) {
                problem(out, &n, id, "missing field '%s'", k->name);
                continue;
            }
            if (seen > 1)
                problem(out, &n, id, "field '%s' appears %d times", k->name, seen);
            if (!field_type_ok(k->type, v)) {
                problem(out, &n, id, "field '%s' is not of type %s", k->name, field_type_name(k->type));
                continue;
            }
            if (g->level_field && strcmp(k->name, g->level_field) == 0 && i < expected) {
                int want = e->levels[i];
                if (v->valuedouble != want)
                    problem(out, &n, id, "field '%s' is %.0f, expected level %d", k->name, v->valuedouble, want);
            }
        }
        i++;
    }
    qsort(ids, (size_t)nids, sizeof *ids, cmp_str);
    for (long k = 1; k < nids; k++)
        if (strcmp(ids[k - 1], ids[k]) == 0)
            problem(out, &n, ids[k], "id appears more than once");
    cJSON_Delete(root);
    if (ids_out) {
        *ids_out = ids;
        *nids_out = nids;
    } else {
        for (long k = 0; k < nids; k++)
            free(ids[k]);
        free(ids);
    }
    return n;
}

static const generator *task_of(const check_options *o, cJSON *manifest)
{
    if (o->task)
        return o->task;
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(manifest, "task");
    if (cJSON_IsString(t))
        return generator_find(t->valuestring);
    const char *base = strrchr(o->dir, '/');
    char name[256];
    snprintf(name, sizeof name, "%s", base && base[1] ? base + 1 : o->dir);
    size_t l = strlen(name);
    while (l > 1 && name[l - 1] == '/')
        name[--l] = '\0';
    base = strrchr(name, '/');
    return generator_find(base ? base + 1 : name);
}

static bool id_listed(char **ids, long n, const char *name)
{
    return bsearch(&name, ids, (size_t)n, sizeof *ids, cmp_str) != NULL;
}

long check_dir(const check_options *o, FILE *out, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/gen.json", o->dir);
    char *mtext = NULL;
    size_t mlen;
    cJSON *manifest = NULL;
    if (read_file(path, &mtext, &mlen, err, errlen) == 0)
        manifest = cJSON_ParseWithLength(mtext, mlen);
    free(mtext);
    const generator *g = task_of(o, manifest);
    if (!g) {
        snprintf(err, errlen, "cannot tell the task of '%s' (name it with --task)", o->dir);
        cJSON_Delete(manifest);
        return -1;
    }
    gen_options mo;
    bool have_run = manifest_read_options(manifest, &mo, NULL, 0) == 0 && mo.task == g;
    cJSON_Delete(manifest);
    check_expect ex;
    check_expect_of(g, have_run ? &mo : NULL, &ex);
    if (have_run)
        manifest_options_free(&mo);

    snprintf(path, sizeof path, "%s/data.json", o->dir);
    char *text;
    size_t len;
    if (read_file(path, &text, &len, err, errlen) != 0) {
        check_expect_free(&ex);
        return -1;
    }
    char **ids;
    long nids;
    long n = check_records(text, len, g, &ex, out, &ids, &nids);
    free(text);
    check_expect_free(&ex);

    if (!o->skip_images) {
        for (long k = 0; k < nids; k++) {
            for (int img = 0; img < g->images; img++) {
                char name[300];
                if (g->images == 2 && img == 0)
                    snprintf(name, sizeof name, "first%s", ids[k] + strlen("second"));
                else
                    snprintf(name, sizeof name, "%s", ids[k]);
                snprintf(path, sizeof path, "%s/data/%s", o->dir, name);
                uint8_t *px;
                int w, h;
                char perr[512];
                if (!path_exists(path)) {
                    problem(out, &n, ids[k], "image data/%s is missing", name);
                } else if (png_decode_file(path, &px, &w, &h, perr, sizeof perr) != 0) {
                    problem(out, &n, ids[k], "image data/%s does not decode", name);
                } else {
                    free(px);
                }
            }
        }
        snprintf(path, sizeof path, "%s/data", o->dir);
        DIR *d = opendir(path);
        if (!d) {
            problem(out, &n, NULL, "data/: missing");
        } else {
            struct dirent *e;
            while ((e = readdir(d)) != NULL) {
                if (e->d_name[0] == '.')
                    continue;
                const char *nm = e->d_name;
                char as_id[300];
                snprintf(as_id, sizeof as_id, "%s", nm);
                if (g->images == 2 && strncmp(nm, "first", 5) == 0)
                    snprintf(as_id, sizeof as_id, "second%s", nm + 5);
                if (!id_listed(ids, nids, as_id))
                    problem(out, &n, NULL, "data/%s: not named by any record", nm);
            }
            closedir(d);
        }
    }
    for (long k = 0; k < nids; k++)
        free(ids[k]);
    free(ids);
    return n;
}
