/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "merge.h"

#include "check.h"
#include "dataset_read.h"
#include "errors.h"
#include "fsutil.h"
#include "json_out.h"
#include "manifest.h"
#include "png_io.h"
#include "progress.h"
#include "run.h"
#include "sha256.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct shard {
    const char *dir;
    cJSON *manifest;
    gen_options o;
    ds_index files;     /* gen.json's "files", by name */
    cJSON *records;     /* parsed data.json */
    cJSON *annotations; /* parsed annotations.json, if the run made it */
    const cJSON *next_record, *next_annotation; /* merge walks each list once */
} shard;

static bool same_job(const gen_options *a, const gen_options *b)
{
    if (a->task != b->task || a->seed != b->seed || a->num_images != b->num_images || a->file != b->file ||
        a->grid_size != b->grid_size || a->frames != b->frames || a->nlevels != b->nlevels || a->annotations != b->annotations ||
        a->shard_n != b->shard_n || a->scale != b->scale || a->metadata != b->metadata ||
        (a->split == NULL) != (b->split == NULL) || (a->split && strcmp(a->split, b->split) != 0) ||
        a->compression != b->compression || strcmp(a->encoder, b->encoder) != 0)
        return false;
    return memcmp(a->levels, b->levels, sizeof(int) * (size_t)a->nlevels) == 0;
}

/* Reads a shard's JSON file strictly, checks its bytes against gen.json's hash
 * and, for data.json, that it holds exactly the shard's records (ids, fields,
 * types, levels), all from one read of the file. */
static cJSON *load_checked(shard *s, const char *name, size_t cap, int flags, char *err, size_t errlen)
{
    char *text, hex[65];
    size_t n;
    if (ds_read(s->dir, name, cap, &text, &n, err, errlen) != 0)
        return NULL;
    sha256_hex(text, n, hex);
    const cJSON *want = ds_index_get(&s->files, name);
    cJSON *j = NULL;
    char why[600];
    if (!cJSON_IsString(want) || strcmp(want->valuestring, hex) != 0) {
        snprintf(err, errlen, "'%s/%s' does not match its gen.json (changed after gen wrote it)", s->dir, name);
    } else if (!(j = strict_json_parse(text, n, flags, why, sizeof why))) {
        snprintf(err, errlen, "cannot read '%s/%s': %s", s->dir, name, why);
    } else if (strcmp(name, "data.json") == 0) {
        check_expect e;
        check_expect_of(s->o.task, &s->o, &e);
        long problems = check_records(text, n, s->o.task, &e, stderr, NULL, NULL);
        check_expect_free(&e);
        if (problems) {
            snprintf(err, errlen, "'%s/data.json' does not hold its shard's records", s->dir);
            cJSON_Delete(j);
            j = NULL;
        }
    }
    free(text);
    return j;
}

/* Copies src (read through dataset_read: a regular file below its shard) to dst
 * if its bytes have the hash `want`; hex gets their hash. */
static int copy_verified(const char *dir, const char *name, const char *want, const char *dst, char hex[65],
                         char *err, size_t errlen)
{
    char *data;
    size_t n;
    if (ds_read(dir, name, DS_PNG_MAX, &data, &n, err, errlen) != 0)
        return GEN_EXIT_FAILED;
    sha256_hex(data, n, hex);
    int rc = GEN_EXIT_OK;
    if (!want || strcmp(want, hex) != 0) {
        snprintf(err, errlen, "merge: '%s/%s' does not match its shard's gen.json", dir, name);
        rc = GEN_EXIT_FAILED;
    } else if (write_file(dst, data, n, err, errlen) != 0) {
        rc = GEN_EXIT_IO;
    }
    free(data);
    return rc;
}

int merge_shards(const char *out, char **dirs, int n, bool force, bool quiet, bool show, int argc, char **argv)
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
        if (sh[i].o.attempts) {
            fprintf(stderr, "gen: merge: '%s' replaced samples (--exclude), which shards cannot do\n", dirs[i]);
            rc = GEN_EXIT_USAGE;
            break;
        }
        if (sh[i].o.shard_n <= 1) {
            fprintf(stderr, "gen: merge: '%s' is a whole run, not a shard (made without --shard)\n", dirs[i]);
            rc = GEN_EXIT_USAGE;
            break;
        }
        if (manifest_check_files(sh[i].manifest, &sh[i].o, err, sizeof err) != 0) {
            fprintf(stderr, "gen: merge: '%s': %s\n", dirs[i], err);
            rc = GEN_EXIT_FAILED;
            break;
        }
        ds_index_build(&sh[i].files, cJSON_GetObjectItemCaseSensitive(sh[i].manifest, "files"));
        if (i > 0 && !same_job(&sh[0].o, &sh[i].o)) {
            fprintf(stderr, "gen: merge: '%s' is not from the same job as '%s' (task, seed, levels, num_images, file, "
                            "grid_size, frames, annotations, png encoder and N must all agree)\n", dirs[i], dirs[0]);
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
    /* Every shard's data.json (and annotations.json) against its gen.json: the
     * hash, strict JSON, and each record's id, fields and level. */
    for (int i = 0; i < n && rc == GEN_EXIT_OK; i++) {
        shard *s = &sh[i];
        long count = run_count(&s->o);
        s->records = load_checked(s, "data.json", ds_json_cap(count, DS_RECORD_MAX), SJ_INTS_ONLY, err, sizeof err);
        if (!s->records) {
            fprintf(stderr, "gen: merge: %s\n", err);
            rc = GEN_EXIT_FAILED;
            break;
        }
        s->next_record = s->records->child;
        if (s->o.annotations) {
            s->annotations = load_checked(s, "annotations.json", ds_json_cap(count, DS_ANNOTATION_MAX), 0, err,
                                          sizeof err);
            if (!s->annotations || !cJSON_IsArray(s->annotations) || cJSON_GetArraySize(s->annotations) != count) {
                fprintf(stderr, "gen: merge: '%s': annotations.json does not hold its shard's samples%s%s\n", s->dir,
                        s->annotations ? "" : ": ", s->annotations ? "" : err);
                rc = GEN_EXIT_FAILED;
                break;
            }
            s->next_annotation = s->annotations->child;
        }
    }

    char tmp[4096];
    bool created = false, prepared = false, committed = false;
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
        int nim = run_images(&whole);
        char (*hashes)[65] = xcalloc((size_t)total * (size_t)nim + 1, sizeof *hashes);
        char **lines = xcalloc((size_t)total + 1, sizeof *lines);
        char **alines = whole.annotations ? xcalloc((size_t)total + 1, sizeof *alines) : NULL;
        err[0] = '\0';
        progress pg;
        progress_start(&pg, show && isatty(STDERR_FILENO));
        for (long i = 0; i < total && rc == GEN_EXIT_OK; i++) {
            progress_draw(&pg, false, "merge: %s: %ld/%ld samples checked and copied", g->name, i, total);
            shard *s = by_k[i % N + 1];
            strbuf sb = {0};
            json_append(&sb, s->next_record);
            s->next_record = s->next_record->next;
            lines[i] = sb.buf;
            if (alines) {
                strbuf ab = {0};
                json_append(&ab, s->next_annotation);
                s->next_annotation = s->next_annotation->next;
                alines[i] = ab.buf;
            }
            for (int k = 0; k < nim && rc == GEN_EXIT_OK; k++) {
                char name[64], key[80], dst[4200];
                sample_file_name(g, whole.file + i, k, name, sizeof name);
                snprintf(key, sizeof key, "data/%s", name);
                snprintf(dst, sizeof dst, "%s/data/%s", tmp, name);
                const cJSON *want = ds_index_get(&s->files, key);
                rc = copy_verified(s->dir, key, cJSON_IsString(want) ? want->valuestring : NULL, dst,
                                   hashes[i * nim + k], err, sizeof err);
            }
        }
        progress_draw(&pg, true, "merge: %s: %ld/%ld samples checked and copied", g->name, total, total);
        progress_end(&pg);
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
        if (rc == GEN_EXIT_OK && whole.metadata) {
            strbuf md = {0};
            for (long i = 0; i < total; i++) {
                char *line = metadata_line(g, whole.file + i, nim, cJSON_GetArrayItem(by_k[i % N + 1]->records, (int)(i / N)));
                strbuf_add(&md, line);
                strbuf_add(&md, "\n");
                free(line);
            }
            snprintf(path, sizeof path, "%s/metadata.jsonl", tmp);
            if (write_file(path, md.buf ? md.buf : "", md.len, err, sizeof err) != 0)
                rc = GEN_EXIT_IO;
            strbuf_free(&md);
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
        committed = rc == GEN_EXIT_OK;
        if (rc != GEN_EXIT_OK && err[0])
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
    if (prepared)
        out_finish(out, tmp, created, committed);
    for (int i = 0; i < n; i++) {
        cJSON_Delete(sh[i].manifest);
        cJSON_Delete(sh[i].records);
        cJSON_Delete(sh[i].annotations);
        ds_index_free(&sh[i].files);
        manifest_options_free(&sh[i].o);
    }
    free(by_k);
    free(sh);
    return rc;
}

/* Pixels that differ between two PNG files, or -1 if either does not decode or
 * their sizes differ. */
static long pixel_difference(const char *dir_a, const char *dir_b, const char *name)
{
    uint8_t *pa = NULL, *pb = NULL;
    int wa, ha, wb, hb;
    char err[600];
    long diff = -1;
    if (ds_png_decode(dir_a, name, &pa, &wa, &ha, err, sizeof err) == 0 &&
        ds_png_decode(dir_b, name, &pb, &wb, &hb, err, sizeof err) == 0 && wa == wb && ha == hb) {
        diff = 0;
        for (long i = 0; i < (long)wa * ha; i++)
            diff += memcmp(pa + 3 * i, pb + 3 * i, 3) != 0;
    }
    free(pa);
    free(pb);
    return diff;
}

/* The cap for reading one of a run's files. */
static size_t file_cap(const gen_options *o, const char *name)
{
    long count = run_count(o);
    if (strcmp(name, "data.json") == 0)
        return ds_json_cap(count, DS_RECORD_MAX);
    if (strcmp(name, "annotations.json") == 0)
        return ds_json_cap(count, DS_ANNOTATION_MAX);
    if (strncmp(name, "prompts/", 8) == 0)
        return DS_TEXT_MAX;
    return DS_PNG_MAX;
}

static int verify_locked(const char *dir, int jobs, bool quiet);

/* ---- verify: the same pixels in another encoding ------------------------------ */

/* True when DIR's PNG a is the file its gen.json lists (hash ha equals listed)
 * and decodes to exactly the pixels of the regenerated one in tmp: only the encoding
 * differs (another deflate build, or igzip's code path for another CPU; see
 * docs/determinism.md), which verify accepts. */
static bool only_encoding_differs(const char *dir, const char *tmp, const char *name, const char *ha,
                                  const cJSON *listed)
{
    size_t l = strlen(name);
    return l > 4 && strcmp(name + l - 4, ".png") == 0 && cJSON_IsString(listed) &&
           strcmp(listed->valuestring, ha) == 0 && pixel_difference(dir, tmp, name) == 0;
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
    int lock_fd;
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        int e = stat(dir, &st) != 0 ? errno : ENOTDIR;
        fprintf(stderr, "gen: verify: cannot read '%s/gen.json': %s\n", dir, strerror(e));
        return GEN_EXIT_IO;
    }
    if (ds_refuse_mixed(dir, err, sizeof err) != 0) {
        fprintf(stderr, "gen: verify: %s\n", err);
        return GEN_EXIT_IO;
    }
    /* verify writes its run into DIR: it takes DIR's lock like a run does (and
     * so puts right what killed runs left there). */
    int rc = out_lock(dir, &lock_fd, err, sizeof err);
    if (rc != GEN_EXIT_OK) {
        fprintf(stderr, "gen: verify: %s\n", err);
        return rc;
    }
    rc = verify_locked(dir, jobs, quiet);
    out_unlock(dir, lock_fd);
    return rc;
}

static int verify_locked(const char *dir, int jobs, bool quiet)
{
    char err[1024];
    cJSON *m = manifest_load(dir, err, sizeof err);
    if (!m) {
        int e = errno;
        fprintf(stderr, "gen: verify: %s\n", err);
        return e == ENOENT || e == EACCES || e == EIO ? GEN_EXIT_IO : GEN_EXIT_FAILED;
    }
    gen_options o;
    if (manifest_read_options(m, &o, err, sizeof err) != 0) {
        fprintf(stderr, "gen: verify: '%s': %s\n", dir, err);
        cJSON_Delete(m);
        return GEN_EXIT_FAILED;
    }
    if (manifest_check_files(m, &o, err, sizeof err) != 0) {
        fprintf(stderr, "gen: verify: '%s': %s\n", dir, err);
        manifest_options_free(&o);
        cJSON_Delete(m);
        return GEN_EXIT_FAILED;
    }
    /* Before any work: every file gen.json lists must be in DIR, a regular file
     * of sane size, so the run made again is never bigger than what DIR holds. */
    const cJSON *files = cJSON_GetObjectItemCaseSensitive(m, "files");
    long missing = 0;
    for (const cJSON *f = files->child; f; f = f->next) {
        size_t size;
        int fd = ds_open(dir, f->string, file_cap(&o, f->string), &size, err, sizeof err);
        if (fd >= 0) {
            close(fd);
            continue;
        }
        if (errno == ENOENT)
            printf("%s: missing\n", f->string);
        else
            printf("%s: %s\n", f->string, err);
        missing++;
    }
    if (missing) {
        printf("%s: %ld files missing or refused; nothing regenerated\n", dir, missing);
        manifest_options_free(&o);
        cJSON_Delete(m);
        return GEN_EXIT_FAILED;
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
    o.show_progress = !quiet; /* the run's progress line, on a terminal */
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
    long differ = 0, same = 0, reencoded = 0, nfiles = cJSON_GetArraySize(files), at = 0;
    progress pg;
    progress_start(&pg, !quiet && isatty(STDERR_FILENO));
    for (const cJSON *f = files->child; f; f = f->next) {
        progress_draw(&pg, false, "verify: %ld/%ld files compared", at++, nfiles);
        char ha[65] = "", hb[65] = "";
        size_t cap = file_cap(&o, f->string);
        int ra = ds_hash(dir, f->string, cap, ha, err, sizeof err);
        int rb = ds_hash(tmp, f->string, cap, hb, err, sizeof err);
        bool listed_ok = strcmp(f->valuestring, hb) == 0;
        if (ra != 0) {
            printf("%s: missing\n", f->string);
            differ++;
        } else if (rb != 0) {
            printf("%s: not made by this run of gen\n", f->string);
            differ++;
        } else if (strcmp(ha, hb) != 0 && only_encoding_differs(dir, tmp, f->string, ha, f)) {
            reencoded++;
        } else if (strcmp(ha, hb) != 0 || !listed_ok) {
            size_t l = strlen(f->string);
            long px = l > 4 && strcmp(f->string + l - 4, ".png") == 0 ? pixel_difference(dir, tmp, f->string) : -2;
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
    progress_draw(&pg, true, "verify: %ld/%ld files compared", nfiles, nfiles);
    progress_end(&pg);
    ds_index ix;
    ds_index_build(&ix, files);
    int dfd = -1, cfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (cfd >= 0) {
        dfd = openat(cfd, "data", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        close(cfd);
    }
    DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
    if (!d && dfd >= 0)
        close(dfd);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char key[300];
        snprintf(key, sizeof key, "data/%s", e->d_name);
        if (!ds_index_get(&ix, key)) {
            printf("%s: not made by gen (not in gen.json)\n", key);
            differ++;
        }
    }
    if (d)
        closedir(d);
    ds_index_free(&ix);
    remove_tree(tmp);
    if (!quiet || differ)
        printf("%s: %ld files identical, %ld differ\n", dir, same, differ);
    if (reencoded && (!quiet || differ))
        report_encoding(dir, reencoded, recorded, o.compression);
    manifest_options_free(&o);
    cJSON_Delete(m);
    return differ ? GEN_EXIT_FAILED : GEN_EXIT_OK;
}

int verify_tree(const char *dir, int jobs, bool quiet)
{
    int rc = GEN_EXIT_OK, tasks = 0, bad = 0;
    for (int k = 0; k < GENERATOR_COUNT; k++) {
        const generator *g = GENERATORS[k];
        char name[300];
        snprintf(name, sizeof name, "%s/data.json", g->name);
        if (!ds_exists(dir, name))
            continue;
        tasks++;
        strbuf sub = {0};
        strbuf_addf(&sub, "%s/%s", dir, g->name);
        struct stat st;
        int r;
        if (lstat(sub.buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "gen: verify: refused to read '%s': a task directory of a tree must be a directory, not a "
                    "symbolic link\n", sub.buf);
            r = GEN_EXIT_IO;
        } else {
            r = verify_dir(sub.buf, jobs, quiet);
        }
        strbuf_free(&sub);
        bad += r != GEN_EXIT_OK;
        /* a difference (1) outranks nothing; a file error (4) or a busy lock (75)
         * outranks a difference */
        if (r != GEN_EXIT_OK && (rc == GEN_EXIT_OK || rc == GEN_EXIT_FAILED))
            rc = r;
    }
    if (tasks == 0) {
        fprintf(stderr, "gen: verify: '%s' holds no task directory\n", dir);
        return GEN_EXIT_IO;
    }
    if (!quiet || bad)
        printf("%s: %d task%s, %s\n", dir, tasks, tasks == 1 ? "" : "s",
               bad ? "some differ or could not be verified (above)" : "all verified");
    return rc;
}
