#define _GNU_SOURCE
#include "merge.h"

#include "errors.h"
#include "fsutil.h"
#include "json_out.h"
#include "manifest.h"
#include "png_io.h"
#include "run.h"
#include "sha256.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct shard {
    const char *dir;
    cJSON *manifest;
    gen_options o;
    cJSON *records;     /* parsed data.json */
    cJSON *annotations; /* parsed annotations.json, if the run made it */
} shard;

static bool same_job(const gen_options *a, const gen_options *b)
{
    if (a->task != b->task || a->seed != b->seed || a->num_images != b->num_images || a->file != b->file ||
        a->grid_size != b->grid_size || a->nlevels != b->nlevels || a->annotations != b->annotations ||
        a->shard_n != b->shard_n || a->scale != b->scale || a->compression != b->compression ||
        strcmp(a->encoder, b->encoder) != 0)
        return false;
    return memcmp(a->levels, b->levels, sizeof(int) * (size_t)a->nlevels) == 0;
}

static cJSON *load_json(const char *dir, const char *name, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text;
    size_t n;
    if (read_file(path, &text, &n, err, errlen) != 0)
        return NULL;
    cJSON *j = cJSON_ParseWithLength(text, n);
    free(text);
    if (!j)
        snprintf(err, errlen, "'%s' is not valid JSON", path);
    return j;
}

/* Copies (or hard-links) src to dst; returns 0 or -1 with err. */
static int copy_file(const char *src, const char *dst, char *err, size_t errlen)
{
    if (link(src, dst) == 0)
        return 0;
    char *data;
    size_t n;
    if (read_file(src, &data, &n, err, errlen) != 0)
        return -1;
    int rc = write_file(dst, data, n, err, errlen);
    free(data);
    return rc;
}

int merge_shards(const char *out, char **dirs, int n, bool force, bool quiet, int argc, char **argv)
{
    char err[1024];
    int rc = GEN_EXIT_OK;
    shard *sh = xcalloc((size_t)n, sizeof *sh);
    shard **by_k = NULL;
    for (int i = 0; i < n && rc == GEN_EXIT_OK; i++) {
        sh[i].dir = dirs[i];
        sh[i].manifest = manifest_load(dirs[i], err, sizeof err);
        if (!sh[i].manifest || manifest_read_options(sh[i].manifest, &sh[i].o, err, sizeof err) != 0) {
            fprintf(stderr, "gen: merge: '%s' is not a gen shard: %s\n", dirs[i], err);
            rc = GEN_EXIT_USAGE;
            break;
        }
        if (sh[i].o.shard_n <= 1) {
            fprintf(stderr, "gen: merge: '%s' is a whole run, not a shard (made without --shard)\n", dirs[i]);
            rc = GEN_EXIT_USAGE;
            break;
        }
        if (i > 0 && !same_job(&sh[0].o, &sh[i].o)) {
            fprintf(stderr, "gen: merge: '%s' is not from the same job as '%s' (task, seed, levels, num_images, file, "
                            "grid_size, annotations, png encoder and N must all agree)\n", dirs[i], dirs[0]);
            rc = GEN_EXIT_USAGE;
        }
    }
    if (rc == GEN_EXIT_OK) {
        int N = sh[0].o.shard_n;
        by_k = xcalloc((size_t)N + 1, sizeof *by_k);
        for (int i = 0; i < n && rc == GEN_EXIT_OK; i++) {
            int k = sh[i].o.shard_k;
            if (by_k[k]) {
                fprintf(stderr, "gen: merge: '%s' and '%s' are both shard %d/%d (overlapping shards)\n",
                        by_k[k]->dir, sh[i].dir, k, N);
                rc = GEN_EXIT_USAGE;
            }
            by_k[k] = &sh[i];
        }
        for (int k = 1; k <= N && rc == GEN_EXIT_OK; k++)
            if (!by_k[k]) {
                fprintf(stderr, "gen: merge: shard %d/%d is missing\n", k, N);
                rc = GEN_EXIT_USAGE;
            }
    }
    for (int i = 0; i < n && rc == GEN_EXIT_OK; i++) {
        sh[i].records = load_json(sh[i].dir, "data.json", err, sizeof err);
        if (!sh[i].records || !cJSON_IsArray(sh[i].records) ||
            cJSON_GetArraySize(sh[i].records) != run_count(&sh[i].o)) {
            fprintf(stderr, "gen: merge: '%s': data.json does not hold its shard's records%s%s\n", sh[i].dir,
                    sh[i].records ? "" : ": ", sh[i].records ? "" : err);
            rc = GEN_EXIT_FAILED;
        }
        if (rc == GEN_EXIT_OK && sh[i].o.annotations) {
            sh[i].annotations = load_json(sh[i].dir, "annotations.json", err, sizeof err);
            if (!cJSON_IsArray(sh[i].annotations) || cJSON_GetArraySize(sh[i].annotations) != run_count(&sh[i].o)) {
                fprintf(stderr, "gen: merge: '%s': annotations.json does not hold its shard's samples\n", sh[i].dir);
                rc = GEN_EXIT_FAILED;
            }
        }
    }

    char tmp[4096];
    bool created = false, prepared = false;
    if (rc == GEN_EXIT_OK) {
        rc = out_prepare(out, force, tmp, sizeof tmp, &created, err, sizeof err);
        if (rc != GEN_EXIT_OK)
            fprintf(stderr, "gen: %s\n", err);
        prepared = rc == GEN_EXIT_OK;
    }
    if (rc == GEN_EXIT_OK) {
        gen_options whole = sh[0].o;
        whole.shard_k = whole.shard_n = 0;
        whole.out = out;
        whole.argc = argc;
        whole.argv = argv;
        const generator *g = whole.task;
        long total = run_count(&whole);
        int N = sh[0].o.shard_n;
        char (*hashes)[65] = xcalloc((size_t)total * (size_t)g->images + 1, sizeof *hashes);
        char **lines = xcalloc((size_t)total + 1, sizeof *lines);
        char **alines = whole.annotations ? xcalloc((size_t)total + 1, sizeof *alines) : NULL;
        for (long i = 0; i < total && rc == GEN_EXIT_OK; i++) {
            shard *s = by_k[i % N + 1];
            long j = i / N;
            strbuf sb = {0};
            json_append(&sb, cJSON_GetArrayItem(s->records, (int)j));
            lines[i] = sb.buf;
            if (alines) {
                strbuf ab = {0};
                json_append(&ab, cJSON_GetArrayItem(s->annotations, (int)j));
                alines[i] = ab.buf;
            }
            const cJSON *files = cJSON_GetObjectItemCaseSensitive(s->manifest, "files");
            for (int k = 0; k < g->images && rc == GEN_EXIT_OK; k++) {
                char name[64], src[4200], dst[4200], key[80];
                sample_file_name(g, whole.file + i, k, name, sizeof name);
                snprintf(src, sizeof src, "%s/data/%s", s->dir, name);
                snprintf(dst, sizeof dst, "%s/data/%s", tmp, name);
                snprintf(key, sizeof key, "data/%s", name);
                const cJSON *want = cJSON_GetObjectItemCaseSensitive(files, key);
                if (sha256_file_hex(src, hashes[i * g->images + k]) != 0) {
                    fprintf(stderr, "gen: merge: '%s' is missing\n", src);
                    rc = GEN_EXIT_FAILED;
                } else if (!cJSON_IsString(want) || strcmp(want->valuestring, hashes[i * g->images + k]) != 0) {
                    fprintf(stderr, "gen: merge: '%s' does not match its shard's gen.json\n", src);
                    rc = GEN_EXIT_FAILED;
                } else if (copy_file(src, dst, err, sizeof err) != 0) {
                    fprintf(stderr, "gen: %s\n", err);
                    rc = GEN_EXIT_IO;
                }
            }
        }
        char path[4200], json_hash[65];
        if (rc == GEN_EXIT_OK) {
            strbuf js = {0};
            json_records(&js, lines, total);
            snprintf(path, sizeof path, "%s/data.json", tmp);
            if (write_file(path, js.buf, js.len, err, sizeof err) != 0)
                rc = GEN_EXIT_IO;
            sha256_hex(js.buf, js.len, json_hash);
            strbuf_free(&js);
        }
        if (rc == GEN_EXIT_OK && alines) {
            strbuf an = {0};
            json_records(&an, alines, total);
            snprintf(path, sizeof path, "%s/annotations.json", tmp);
            if (write_file(path, an.buf, an.len, err, sizeof err) != 0)
                rc = GEN_EXIT_IO;
            strbuf_free(&an);
        }
        if (rc == GEN_EXIT_OK && (out_write_prompts(tmp, g, err, sizeof err) != 0 ||
                                  (g->uses_swatches && out_write_swatches(tmp, err, sizeof err) != 0) ||
                                  manifest_write(tmp, &whole, json_hash, hashes, err, sizeof err) != 0 ||
                                  out_commit(out, tmp, err, sizeof err) != 0))
            rc = GEN_EXIT_IO;
        if (rc == GEN_EXIT_IO && err[0])
            fprintf(stderr, "gen: %s\n", err);
        if (rc == GEN_EXIT_OK && !quiet)
            fprintf(stderr, "gen: merged %d shards into '%s' (%ld samples)\n", N, out, total);
        for (long i = 0; i < total; i++) {
            free(lines[i]);
            if (alines)
                free(alines[i]);
        }
        free(lines);
        free(alines);
        free(hashes);
    }
    if (prepared) {
        remove_tree(tmp);
        if (rc != GEN_EXIT_OK && created)
            rmdir(out);
    }
    for (int i = 0; i < n; i++) {
        cJSON_Delete(sh[i].manifest);
        cJSON_Delete(sh[i].records);
        cJSON_Delete(sh[i].annotations);
        manifest_options_free(&sh[i].o);
    }
    free(by_k);
    free(sh);
    return rc;
}

/* Pixels that differ between two PNG files, or -1 if either does not decode or
 * their sizes differ. */
static long pixel_difference(const char *a, const char *b)
{
    uint8_t *pa = NULL, *pb = NULL;
    int wa, ha, wb, hb;
    char err[512];
    long diff = -1;
    if (png_decode_file(a, &pa, &wa, &ha, err, sizeof err) == 0 && png_decode_file(b, &pb, &wb, &hb, err, sizeof err) == 0 &&
        wa == wb && ha == hb) {
        diff = 0;
        for (long i = 0; i < (long)wa * ha; i++)
            diff += memcmp(pa + 3 * i, pb + 3 * i, 3) != 0;
    }
    free(pa);
    free(pb);
    return diff;
}

/* ---- verify: the same pixels in another encoding ------------------------------ */

/* True when DIR's PNG a is the file its gen.json lists (hash ha equals listed)
 * and decodes to exactly the pixels of the regenerated b: only the encoding
 * differs (another deflate build, or igzip's code path for another CPU; see
 * docs/determinism.md), which verify accepts. */
static bool only_encoding_differs(const char *name, const char *a, const char *b, const char *ha, const cJSON *listed)
{
    size_t l = strlen(name);
    return l > 4 && strcmp(name + l - 4, ".png") == 0 && cJSON_IsString(listed) &&
           strcmp(listed->valuestring, ha) == 0 && pixel_difference(a, b) == 0;
}

/* The one line verify prints when it accepted such files. */
static void report_encoding(const char *dir, long n, const char *recorded, int compression)
{
    char ours[128];
    png_encoder_name(compression, ours, sizeof ours);
    printf("%s: %ld PNG files have identical pixels but other bytes (written by %s; this gen writes %s)\n", dir, n,
           recorded[0] ? recorded : "an encoder gen.json does not name", ours);
}

int verify_dir(const char *dir, int jobs, bool quiet)
{
    char err[1024];
    cJSON *m = manifest_load(dir, err, sizeof err);
    gen_options o;
    if (!m || manifest_read_options(m, &o, err, sizeof err) != 0) {
        fprintf(stderr, "gen: verify: %s\n", err);
        cJSON_Delete(m);
        return GEN_EXIT_IO;
    }
    char recorded[sizeof o.encoder];
    snprintf(recorded, sizeof recorded, "%s", o.encoder);
    o.encoder[0] = '\0';
    char tmp[4096];
    /* Named like a run's temporary directory, so a killed verify is cleaned up too. */
    snprintf(tmp, sizeof tmp, "%s/.gen-tmp-%ld-verify", dir, (long)getpid());
    remove_tree(tmp);
    o.out = tmp;
    o.jobs = jobs;
    o.quiet = true;
    o.force = false;
    char *fake_argv[] = {"gen", "verify"};
    o.argc = 2;
    o.argv = fake_argv;
    int rc = run_task(&o);
    if (rc != GEN_EXIT_OK) {
        fprintf(stderr, "gen: verify: could not regenerate '%s'\n", dir);
        remove_tree(tmp);
        manifest_options_free(&o);
        cJSON_Delete(m);
        return rc;
    }
    /* Every file gen.json lists, plus every file now in data/, compared three ways:
     * DIR's bytes, the regenerated bytes, and gen.json's hash. */
    long differ = 0, same = 0, reencoded = 0;
    const cJSON *files = cJSON_GetObjectItemCaseSensitive(m, "files");
    const cJSON *f;
    cJSON_ArrayForEach(f, files) {
        char a[4200], b[4200], ha[65] = "", hb[65] = "";
        snprintf(a, sizeof a, "%s/%s", dir, f->string);
        snprintf(b, sizeof b, "%s/%s", tmp, f->string);
        int ra = sha256_file_hex(a, ha), rb = sha256_file_hex(b, hb);
        bool listed_ok = cJSON_IsString(f) && strcmp(f->valuestring, hb) == 0;
        if (ra != 0) {
            printf("%s: missing\n", f->string);
            differ++;
        } else if (rb != 0) {
            printf("%s: not made by this run of gen\n", f->string);
            differ++;
        } else if (strcmp(ha, hb) != 0 && only_encoding_differs(f->string, a, b, ha, f)) {
            reencoded++;
        } else if (strcmp(ha, hb) != 0 || !listed_ok) {
            size_t l = strlen(f->string);
            long px = l > 4 && strcmp(f->string + l - 4, ".png") == 0 ? pixel_difference(a, b) : -2;
            if (px >= 0)
                printf("%s: differs (%ld pixels differ)\n", f->string, px);
            else if (px == -1)
                printf("%s: differs (does not decode, or another size)\n", f->string);
            else
                printf("%s: differs\n", f->string);
            differ++;
        } else {
            same++;
        }
    }
    char data[4200];
    snprintf(data, sizeof data, "%s/data", dir);
    DIR *d = opendir(data);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char key[300];
        snprintf(key, sizeof key, "data/%s", e->d_name);
        if (!cJSON_GetObjectItemCaseSensitive(files, key)) {
            printf("%s: not made by gen (not in gen.json)\n", key);
            differ++;
        }
    }
    if (d)
        closedir(d);
    remove_tree(tmp);
    if (!quiet || differ)
        printf("%s: %ld files identical, %ld differ\n", dir, same, differ);
    if (reencoded && (!quiet || differ))
        report_encoding(dir, reencoded, recorded, o.compression);
    manifest_options_free(&o);
    cJSON_Delete(m);
    return differ ? GEN_EXIT_FAILED : GEN_EXIT_OK;
}
