/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "check.h"

#include "options.h"
#include "commit.h"
#include "dataset_read.h"
#include "errors.h"
#include "fsutil.h"
#include "manifest.h"
#include "png_io.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
        rel.num_images = g->images == GEN_IMAGES_FRAMES ? CLI_VIDEO_SAMPLES : RELEASE_PER_LEVEL;
        rel.file = 1;
        rel.nlevels = g->level_max - g->level_min + 1;
        own = xmalloc(sizeof(int) * (size_t)rel.nlevels);
        for (int i = 0; i < rel.nlevels; i++)
            own[i] = g->level_min + i;
        rel.levels = own;
        o = &rel;
    }
    e->frames = o->frames; /* 0 without a run: the records tell */
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

/* A five-way record (ANSWER_CHOICE) against itself, once its fields have their
 * types: one letter A-E, five options, answer_value the lettered one, one step
 * per condition (the level field). */
static void check_choice(FILE *out, long *n, const char *id, const generator *g, const cJSON *rec)
{
    const cJSON *ans = cJSON_GetObjectItemCaseSensitive(rec, "answer");
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(rec, "options");
    const cJSON *val = cJSON_GetObjectItemCaseSensitive(rec, "answer_value");
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(rec, "steps");
    const cJSON *level = g->level_field ? cJSON_GetObjectItemCaseSensitive(rec, g->level_field) : NULL;
    if (!cJSON_IsString(ans) || !cJSON_IsArray(opts) || !cJSON_IsString(val) || !cJSON_IsArray(steps) ||
        !cJSON_IsNumber(level))
        return; /* named as missing or mistyped already */
    const char *a = ans->valuestring;
    if (!(a[0] >= 'A' && a[0] <= 'E' && a[1] == '\0')) {
        problem(out, n, id, "field 'answer' is '%.20s', not one letter A-E", a);
        return;
    }
    if (cJSON_GetArraySize(opts) != 5) {
        problem(out, n, id, "field 'options' has %d options, expected 5", cJSON_GetArraySize(opts));
        return;
    }
    const cJSON *o = cJSON_GetArrayItem(opts, a[0] - 'A');
    if (!cJSON_IsString(o) || strcmp(o->valuestring, val->valuestring) != 0)
        problem(out, n, id, "field 'answer_value' is not option %c", a[0]);
    if (cJSON_GetArraySize(steps) != level->valuedouble)
        problem(out, n, id, "field 'steps' has %d steps, expected one per condition (%s %.0f)",
                cJSON_GetArraySize(steps), g->level_field, level->valuedouble);
}

/* A video record's "frames" (v, NULL when absent) against its id's file number:
 * exactly "<num>_1.png" .. "<num>_F.png"; the first good list sets an unknown F. */
static void check_frames(FILE *out, long *n, const char *id, long num, const cJSON *v, check_expect *e)
{
    if (!v) {
        problem(out, n, id, "missing field 'frames' (a video task's frame names)");
        return;
    }
    int count = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : -1;
    if (count < GEN_FRAMES_MIN || count > GEN_MAX_IMAGES || !field_type_ok(FIELD_STRING_ARRAY, v)) {
        problem(out, n, id, "field 'frames' is not a list of %d..%d frame names", GEN_FRAMES_MIN, GEN_MAX_IMAGES);
        return;
    }
    if (e->frames == 0)
        e->frames = count;
    if (count != e->frames)
        problem(out, n, id, "field 'frames' names %d frames, expected %d", count, e->frames);
    if (num < 0)
        return;
    int k = 0;
    const cJSON *f;
    cJSON_ArrayForEach(f, v) {
        char want[64];
        snprintf(want, sizeof want, "%ld_%d.png", num, ++k);
        if (strcmp(f->valuestring, want) != 0) {
            problem(out, n, id, "frame %d is named '%.100s', expected '%s'", k, f->valuestring, want);
            break;
        }
    }
}

long check_records(const char *text, size_t len, const generator *g, check_expect *e, FILE *out,
                   char ***ids_out, long *nids_out)
{
    long n = 0;
    if (ids_out) {
        *ids_out = NULL;
        *nids_out = 0;
    }
    char why[400];
    cJSON *root = strict_json_parse(text, len, SJ_INTS_ONLY, why, sizeof why);
    if (!root) {
        problem(out, &n, NULL, "data.json: %s", why);
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
    bool video = g->images == GEN_IMAGES_FRAMES;
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
        long num = -1;
        if (!cJSON_IsString(idv)) {
            problem(out, &n, id, "no string field 'id'");
        } else {
            id = idv->valuestring;
            int fr = 0;
            num = video ? ds_frame_file_number(id, GEN_MAX_FILE, 1, &fr) : ds_file_number(id, prefix, GEN_MAX_FILE);
            if (num < 0) {
                if (video)
                    problem(out, &n, id, "id is not of the form <N>_1.png (the name of its first frame)");
                else
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
            if (strcmp(f->string, "id") == 0 || (video && strcmp(f->string, "frames") == 0))
                continue;
            const gen_field *known = NULL;
            for (const gen_field *k = g->fields; k->name; k++)
                if (strcmp(k->name, f->string) == 0)
                    known = k;
            if (!known)
                problem(out, &n, id, "unexpected field '%s'", f->string);
        }
        if (video)
            check_frames(out, &n, id, num, cJSON_GetObjectItemCaseSensitive(rec, "frames"), e);
        if (g->answer.kind == ANSWER_CHOICE)
            check_choice(out, &n, id, g, rec);
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
    return task_of_dir_name(o->dir);
}

/* Decodes dir/name (header checked first); errno ENOENT when it is missing. */
static int png_check(const char *dir, const char *name, uint8_t **px, int *w, int *h, char *err, size_t errlen)
{
    int rc = ds_png_decode(dir, name, px, w, h, err, errlen);
    if (rc != 0 && errno != ENOENT)
        errno = EINVAL;
    return rc;
}

static bool id_listed(char **ids, long n, const char *name)
{
    return n > 0 && bsearch(&name, ids, (size_t)n, sizeof *ids, cmp_str) != NULL;
}

/* A directory without data.json that holds what a killed gen left (its lock,
 * its temporary directory): said as such, with the remedy. */
static bool interrupted_run_left(const char *dir, char *err, size_t errlen)
{
    if (ds_exists(dir, "data.json"))
        return false;
    DIR *d = opendir(dir);
    if (!d)
        return false;
    strbuf names = {0};
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, GEN_LOCK_NAME) == 0 || strncmp(e->d_name, GEN_TMP_PREFIX, strlen(GEN_TMP_PREFIX)) == 0)
            strbuf_addf(&names, "%s%s", names.len ? ", " : "", e->d_name);
    closedir(d);
    bool left = names.len > 0;
    if (left)
        snprintf(err, errlen, "'%s' holds no dataset, only what an interrupted gen run left (%s): run that gen "
                 "command again (it clears them first), or remove them", dir, names.buf);
    strbuf_free(&names);
    return left;
}

long check_dir(const check_options *o, FILE *out, char *err, size_t errlen)
{
    long n = 0;
    if (!is_dir(o->dir)) {
        snprintf(err, errlen, path_exists(o->dir) ? "'%s' is not a directory" : "no such directory '%s'", o->dir);
        return -1;
    }
    if (interrupted_run_left(o->dir, err, errlen))
        return -1;
    if (ds_refuse_mixed(o->dir, err, errlen) != 0)
        return -1;
    /* gen.json, if there is one: read strictly; one that says gen wrote it must
     * be valid, one from elsewhere is not ours to judge. */
    char merr[512];
    cJSON *manifest = NULL;
    if (ds_exists(o->dir, "gen.json")) {
        manifest = ds_load_json(o->dir, "gen.json", DS_MANIFEST_MAX, 0, NULL, merr, sizeof merr);
        if (!manifest)
            problem(out, &n, NULL, "%s", merr);
    }
    const generator *g = task_of(o, manifest);
    if (!g) {
        snprintf(err, errlen, "cannot tell the task of '%s' (name it with --task)", o->dir);
        cJSON_Delete(manifest);
        return -1;
    }
    gen_options mo;
    bool have_run = false;
    if (manifest && manifest_read_options(manifest, &mo, merr, sizeof merr) == 0) {
        /* Its options are trusted for the expectation only if its "files" agree
         * with them (so a claim of 10^7 samples costs a gen.json that lists them). */
        have_run = mo.task == g && manifest_check_files(manifest, &mo, merr, sizeof merr) == 0;
        if (mo.task != g)
            problem(out, &n, NULL, "gen.json: made for task '%s', checked as '%s'", mo.task->name, g->name);
        else if (!have_run)
            problem(out, &n, NULL, "%s", merr);
        if (!have_run)
            manifest_options_free(&mo);
    } else if (manifest && cJSON_IsObject(manifest) && cJSON_GetObjectItemCaseSensitive(manifest, "generator") &&
               strcmp(merr, "gen.json: not written by gen") != 0) {
        problem(out, &n, NULL, "%s", merr);
    }
    cJSON_Delete(manifest);
    check_expect ex;
    check_expect_of(g, have_run ? &mo : NULL, &ex);
    if (have_run)
        manifest_options_free(&mo);

    char *text;
    size_t len;
    if (ds_read(o->dir, "data.json", ds_json_cap(ex.count, DS_RECORD_MAX), &text, &len, err, errlen) != 0) {
        check_expect_free(&ex);
        return -1;
    }
    char **ids;
    long nids;
    n += check_records(text, len, g, &ex, out, &ids, &nids);
    free(text);
    int frames = ex.frames; /* a video task's F: the run's, or the records' */
    check_expect_free(&ex);

    bool video = g->images == GEN_IMAGES_FRAMES;
    int nimages = video ? frames : g->images;
    if (!o->skip_images) {
        for (long k = 0; k < nids; k++) {
            int w0 = 0, h0 = 0;
            long num = video ? ds_frame_file_number(ids[k], GEN_MAX_FILE, 1, NULL) : -1;
            for (int img = 0; img < nimages; img++) {
                char name[300];
                if (video)
                    snprintf(name, sizeof name, "data/%ld_%d.png", num, img + 1);
                else if (g->images == 2 && img == 0)
                    snprintf(name, sizeof name, "data/first%s", ids[k] + strlen("second"));
                else
                    snprintf(name, sizeof name, "data/%s", ids[k]);
                uint8_t *px;
                int w, h;
                char perr[600];
                if (png_check(o->dir, name, &px, &w, &h, perr, sizeof perr) != 0) {
                    if (errno == ENOENT)
                        problem(out, &n, ids[k], video ? "frame %s is missing" : "image %s is missing", name);
                    else
                        problem(out, &n, ids[k], "image %s does not decode: %s", name, perr);
                } else {
                    free(px);
                    if (video && w0 == 0) {
                        w0 = w;
                        h0 = h;
                    } else if (video && (w != w0 || h != h0)) {
                        problem(out, &n, ids[k], "frame %s is %dx%d, its first frame %dx%d (a video's frames are "
                                "of one size)", name, w, h, w0, h0);
                    }
                }
            }
        }
        int dfd = -1, cfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (cfd >= 0) {
            dfd = openat(cfd, "data", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            close(cfd);
        }
        DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
        if (!d) {
            if (dfd >= 0)
                close(dfd);
            problem(out, &n, NULL, "data/: missing, or not a directory (links are not followed)");
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
                int fk = 0;
                long fnum = video ? ds_frame_file_number(nm, GEN_MAX_FILE, GEN_MAX_IMAGES, &fk) : -1;
                if (fnum >= 0 && fk <= frames)
                    snprintf(as_id, sizeof as_id, "%ld_1.png", fnum); /* a frame of record <N>_1.png */
                else if (video)
                    as_id[0] = '\0'; /* not a frame name, or one beyond the run's F */
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

int check_tree(const char *dir, const generator *task, FILE *out)
{
    int tasks = 0, bad = 0, unreadable = 0;
    long problems = 0;
    for (int k = 0; k < GENERATOR_COUNT; k++) {
        const generator *g = GENERATORS[k];
        char name[300];
        snprintf(name, sizeof name, "%s/data.json", g->name);
        if ((task && g != task) || !ds_exists(dir, name))
            continue;
        tasks++;
        strbuf sub = {0};
        strbuf_addf(&sub, "%s/%s", dir, g->name);
        struct stat st;
        char err[1024];
        long n;
        char *text = NULL;
        size_t len = 0;
        if (lstat(sub.buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(err, sizeof err, "refused to read '%s': a task directory of a tree must be a directory, not a "
                     "symbolic link", sub.buf);
            n = -1;
        } else {
            /* its lines, each then prefixed with the task */
            FILE *mem = open_memstream(&text, &len);
            check_options co = {.dir = sub.buf, .task = g};
            n = check_dir(&co, mem ? mem : out, err, sizeof err);
            if (mem)
                fclose(mem);
        }
        for (char *line = text, *nl; line && *line; line = nl + 1) {
            nl = strchr(line, '\n');
            if (!nl)
                nl = line + strlen(line) - 1;
            fprintf(out, "%s: %.*s\n", g->name, (int)(nl - line + (*nl != '\n')), line);
        }
        free(text);
        if (n < 0) {
            fprintf(out, "%s: not checked: %s\n", g->name, err);
            unreadable++;
        } else if (n) {
            fprintf(out, "%s: %ld problem%s\n", g->name, n, n == 1 ? "" : "s");
            bad++;
            problems += n;
        } else {
            fprintf(out, "%s: valid\n", g->name);
        }
        strbuf_free(&sub);
    }
    if (tasks == 0) {
        fprintf(stderr, "gen: '%s' holds no %s task directory\n", dir, task ? task->name : "");
        return GEN_EXIT_IO;
    }
    if (bad || unreadable)
        fprintf(out, "%s: %d of %d task%s %s (%ld problem%s)%s\n", dir, bad + unreadable, tasks, tasks == 1 ? "" : "s",
                bad + unreadable == 1 ? "is not valid" : "are not valid", problems, problems == 1 ? "" : "s",
                unreadable ? ", some could not be checked" : "");
    else
        fprintf(out, "%s: %d task%s, all valid\n", dir, tasks, tasks == 1 ? "" : "s");
    return unreadable ? GEN_EXIT_IO : bad ? GEN_EXIT_FAILED : GEN_EXIT_OK;
}
