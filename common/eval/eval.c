/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "eval.h"

#include "answer.h"
#include "dataset_read.h"
#include "errors.h"
#include "font.h"
#include "fsutil.h"
#include "json_out.h"
#include "manifest.h"
#include "plot.h"
#include "release.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Unknown ids named in the message before "and N more". */
#define EVAL_SHOWN_IDS 3

static int fail(char *err, size_t errlen, int code, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int fail(char *err, size_t errlen, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return code;
}

/* ---- output files ---- */

/* The directory a file path names its file in ("." for a bare name). */
static void parent_of(const char *path, strbuf *d)
{
    const char *slash = strrchr(path, '/');
    if (slash)
        strbuf_addn(d, path, slash == path ? 1 : (size_t)(slash - path));
    else
        strbuf_add(d, ".");
}

int eval_out_open(eval_out *o, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device, FIFO or link (-o /dev/null, a pipe): written in place, never
         * renamed over */
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "cannot write '%s': it is a directory", path);
            return -1;
        }
        o->f = fopen(path, "wb");
        if (!o->f) {
            snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
            return -1;
        }
        o->path = xstrdup(path);
        return 0;
    }
    /* An unnamed file in the target's directory (O_TMPFILE): a command killed at
     * any moment leaves nothing behind; it gets a name only when committed. */
    strbuf d = {0};
    parent_of(path, &d);
    int fd = open(d.buf, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    strbuf_free(&d);
    if (fd >= 0) {
        o->f = fdopen(fd, "wb");
        if (!o->f) {
            close(fd);
            snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
            return -1;
        }
        o->path = xstrdup(path);
        o->unnamed = true;
        return 0;
    }
    /* A file system without O_TMPFILE: a named temporary beside path. */
    strbuf t = {0};
    strbuf_addf(&t, "%s.tmp-%ld", path, (long)getpid());
    o->f = fopen(t.buf, "wb");
    if (!o->f) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        strbuf_free(&t);
        return -1;
    }
    o->path = xstrdup(path);
    o->tmp = t.buf;
    return 0;
}

/* Gives the unnamed file of o its name: linked under a temporary name beside
 * it, then renamed over the target (a rename replaces atomically; link does
 * not).  Returns 0 or an errno. */
static int link_unnamed(eval_out *o)
{
    strbuf proc = {0}, t = {0};
    strbuf_addf(&proc, "/proc/self/fd/%d", fileno(o->f));
    strbuf_addf(&t, "%s.tmp-%ld", o->path, (long)getpid());
    int e = 0;
    if (linkat(AT_FDCWD, proc.buf, AT_FDCWD, t.buf, AT_SYMLINK_FOLLOW) != 0)
        e = errno;
    else if (rename(t.buf, o->path) != 0) {
        e = errno;
        unlink(t.buf);
    }
    strbuf_free(&proc);
    strbuf_free(&t);
    return e;
}

void eval_out_write(eval_out *o, const void *data, size_t n)
{
    if (!o->failed && fwrite(data, 1, n, o->f) != n)
        o->failed = true;
}

int eval_out_commit(eval_out *o, char *err, size_t errlen)
{
    int e = 0;
    if (o->f == stdout) {
        if (fflush(stdout) != 0 || o->failed)
            e = errno ? errno : EIO;
    } else {
        if (o->unnamed && !o->failed && fflush(o->f) != 0)
            o->failed = true;
        if (o->unnamed && !o->failed) {
            e = link_unnamed(o);
            o->failed = e != 0;
        }
        if (fclose(o->f) != 0 && !o->failed) {
            o->failed = true;
        }
        e = o->failed ? (e ? e : errno ? errno : EIO) : 0;
        if (!e && o->tmp && rename(o->tmp, o->path) != 0)
            e = errno;
        if (e && o->tmp)
            unlink(o->tmp);
    }
    if (e)
        snprintf(err, errlen, "cannot write '%s': %s", o->path ? o->path : "standard output", strerror(e));
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    return e ? -1 : 0;
}

void eval_out_abort(eval_out *o)
{
    if (o->f && o->f != stdout) {
        fclose(o->f);
        if (o->tmp)
            unlink(o->tmp);
    }
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}

/* True when the file path (which need not exist) would be inside dir or a
 * directory below it, links resolved. */
static bool inside_dir(const char *path, const char *dir)
{
    char *rd = realpath(dir, NULL);
    if (!rd)
        return false;
    strbuf parent = {0};
    parent_of(path, &parent);
    char *rp = realpath(parent.buf, NULL);
    strbuf_free(&parent);
    size_t n = strlen(rd);
    bool in = rp && strncmp(rp, rd, n) == 0 && (rp[n] == '\0' || rp[n] == '/' || (n == 1 && rd[0] == '/'));
    free(rp);
    free(rd);
    return in;
}

int eval_out_refuse_input(const char *out, const eval_set *s, const char *answers, const char *other_dir,
                          char *err, size_t errlen)
{
    if (!out || strcmp(out, "-") == 0)
        return 0;
    struct stat st;
    if (lstat(out, &st) == 0 && S_ISLNK(st.st_mode)) {
        snprintf(err, errlen, "refused to write '%s': it is a symbolic link (name the file itself, or - for standard "
                 "output)", out);
        return -1;
    }
    if (answers && ds_same_file(out, answers)) {
        snprintf(err, errlen, "refused to write '%s': it is the answers file being read", out);
        return -1;
    }
    for (int k = 0; s && k < s->n; k++) {
        strbuf p = {0};
        strbuf_addf(&p, "%s/data.json", s->t[k].dir);
        bool same = ds_same_file(out, p.buf);
        strbuf_free(&p);
        if (same) {
            snprintf(err, errlen, "refused to write '%s': it is the data.json of '%s' being read", out, s->t[k].dir);
            return -1;
        }
    }
    const char *dirs[2] = {s ? s->root : NULL, other_dir};
    for (int k = 0; k < 2; k++)
        if (dirs[k] && inside_dir(out, dirs[k])) {
            snprintf(err, errlen, "refused to write '%s': it is inside '%s', a directory being read (write it "
                     "outside)", out, dirs[k]);
            return -1;
        }
    return 0;
}

/* ---- reading files ---- */

/* An answers file the user named: a regular file (never a FIFO or device) of at
 * most EVAL_MAX_FILE bytes, checked before reading (dataset_read.h). */
static int read_capped(const char *path, char **text, size_t *len, int too_big_code, char *err, size_t errlen)
{
    if (ds_read_path(path, (size_t)EVAL_MAX_FILE, text, len, err, errlen) == 0)
        return 0;
    if (errno != EFBIG)
        return GEN_EXIT_IO;
    snprintf(err, errlen, "cannot read '%s': larger than 1 GiB", path);
    return too_big_code;
}

static long line_of(const char *text, const char *at)
{
    long line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

/* Parses text as one JSON value; on failure names the line. */
static cJSON *parse_json(const char *text, size_t len, const char *path, int code, int *rc, char *err,
                         size_t errlen)
{
    const char *end = NULL;
    cJSON *v = cJSON_ParseWithLengthOpts(text, len, &end, false);
    if (v) {
        const char *p = end;
        while (p < text + len && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            p++;
        if (p == text + len)
            return v;
        cJSON_Delete(v);
        end = p;
    }
    if (!end || end < text || end > text + len)
        end = text;
    *rc = fail(err, errlen, code, "cannot read '%s': not valid JSON (line %ld)", path, line_of(text, end));
    return NULL;
}

/* ---- targets ---- */

bool eval_id_ok(const char *id)
{
    return ds_name_safe(id) && !strchr(id, '/') && strlen(id) <= EVAL_MAX_ID;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int load_records(eval_task *t, const char *text, size_t len, const char *label, bool answers, char *err,
                        size_t errlen);

static int load_task(eval_task *t, const generator *g, const char *dir, bool answers, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->g = g;
    t->dir = xstrdup(dir);
    strbuf path = {0};
    strbuf_addf(&path, "%s/data.json", dir);
    char *text = NULL;
    size_t len;
    /* Below DIR without following links, a regular file, capped: the reader
     * gen check uses (dataset_read.h). */
    int rc = ds_read(dir, "data.json", EVAL_MAX_DATA_JSON, &text, &len, err, errlen) == 0 ? 0 : GEN_EXIT_IO;
    if (!rc)
        rc = load_records(t, text, len, path.buf, answers, err, errlen);
    free(text);
    strbuf_free(&path);
    return rc;
}

/* The records of data.json text (path names it in messages); with answers, each
 * record must hold its task's gold and category of the release's types. */
static int load_records(eval_task *t, const char *text, size_t len, const char *label, bool answers, char *err,
                        size_t errlen)
{
    const generator *g = t->g;
    int rc = 0;
    strbuf path = {0};
    strbuf_add(&path, label);
    char why[300];
    long values = 0;
    if (strict_json_validate_count(text, len, 0, &values, why, sizeof why) != 0) {
        rc = fail(err, errlen, GEN_EXIT_IO, "cannot read '%s': %s", path.buf, why);
        strbuf_free(&path);
        return rc;
    }
    if (values > EVAL_MAX_VALUES) {
        rc = fail(err, errlen, GEN_EXIT_IO, "cannot read '%s': %ld JSON values, more than the %ld allowed",
                  path.buf, values, (long)EVAL_MAX_VALUES);
        strbuf_free(&path);
        return rc;
    }
    t->records = parse_json(text, len, path.buf, GEN_EXIT_IO, &rc, err, errlen);
    if (!t->records) {
        strbuf_free(&path);
        return rc;
    }
    if (!cJSON_IsArray(t->records)) {
        rc = fail(err, errlen, GEN_EXIT_IO, "cannot read '%s': not a list of records", path.buf);
        strbuf_free(&path);
        return rc;
    }
    t->n = cJSON_GetArraySize(t->records);
    size_t n1 = (size_t)t->n + 1;
    t->ids = xcalloc(n1, sizeof *t->ids);
    t->dropped = xcalloc(n1, sizeof *t->dropped);
    t->axis = xcalloc(n1, sizeof *t->axis);
    t->response = xcalloc(n1, sizeof *t->response);
    t->why = xcalloc(n1, sizeof *t->why);
    t->output = xcalloc(n1, sizeof *t->output);
    t->error = xcalloc(n1, sizeof *t->error);
    t->correct = xcalloc(n1, sizeof *t->correct);
    t->first_wrong = xcalloc(n1, sizeof *t->first_wrong);
    long i = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, t->records) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(r, "id");
        if (!cJSON_IsString(id) || !id->valuestring[0]) {
            rc = fail(err, errlen, GEN_EXIT_IO, "cannot read '%s': record %ld has no id", path.buf, i + 1);
            break;
        }
        if (!eval_id_ok(id->valuestring)) {
            rc = fail(err, errlen, GEN_EXIT_IO,
                      "cannot read '%s': record %ld: id '%.80s' is not a plain file name (ids are names, never paths)",
                      path.buf, i + 1, id->valuestring);
            break;
        }
        t->ids[i] = id->valuestring;
        char bad[200];
        if (answers && answer_check_record(g, r, bad, sizeof bad) != 0) {
            rc = fail(err, errlen, GEN_EXIT_IO, "cannot read '%s': record '%.80s': %s", path.buf, id->valuestring,
                      bad);
            break;
        }
        if (answers && answer_axis(g, r, &t->axis[i]) != 0) {
            rc = fail(err, errlen, GEN_EXIT_IO, "cannot read '%s': record '%.80s': no value for the axis '%s'",
                      path.buf, id->valuestring, answer_axis_name(g));
            break;
        }
        i++;
    }
    if (!rc && t->n > 1) {
        const char **sorted = xmalloc(sizeof(char *) * (size_t)t->n);
        memcpy(sorted, t->ids, sizeof(char *) * (size_t)t->n);
        qsort(sorted, (size_t)t->n, sizeof *sorted, cmp_str);
        for (long k = 1; k < t->n && !rc; k++)
            if (strcmp(sorted[k - 1], sorted[k]) == 0)
                rc = fail(err, errlen, GEN_EXIT_IO, "cannot read '%s': id '%.80s' appears twice", path.buf,
                          sorted[k]);
        free(sorted);
    }
    strbuf_free(&path);
    return rc;
}

static void free_task(eval_task *t)
{
    for (long i = 0; i < t->n; i++) {
        if (t->output)
            free(t->output[i]);
        if (t->response)
            free(t->response[i]);
        if (t->why)
            free(t->why[i]);
        if (t->error)
            free(t->error[i]);
    }
    free(t->ids);
    free(t->dropped);
    free(t->axis);
    free(t->response);
    free(t->why);
    free(t->output);
    free(t->error);
    free(t->correct);
    free(t->first_wrong);
    cJSON_Delete(t->records);
    free(t->dir);
}

void eval_free(eval_set *s)
{
    for (int i = 0; i < s->n; i++)
        free_task(&s->t[i]);
    free(s->t);
    free(s->root);
    memset(s, 0, sizeof *s);
}

int eval_load(const char *path, eval_set *s, char *err, size_t errlen)
{
    return eval_load_opts(path, NULL, true, s, err, errlen);
}

int eval_load_opts(const char *path, const generator *task, bool answers, eval_set *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->root = xstrdup(path);
    s->picked = task;
    if (!is_dir(path))
        return fail(err, errlen, GEN_EXIT_IO, "cannot read '%s': %s", path,
                    path_exists(path) ? "not a directory" : "no such directory");
    if (ds_refuse_mixed(path, err, errlen) != 0)
        return GEN_EXIT_IO;
    strbuf p = {0};
    strbuf_addf(&p, "%s/data.json", path);
    bool single = path_exists(p.buf);
    strbuf_free(&p);
    s->t = xcalloc((size_t)GENERATOR_COUNT, sizeof *s->t);
    if (single) {
        const generator *g = task ? task : manifest_task_of_dir(path);
        if (!g)
            return fail(err, errlen, GEN_EXIT_IO,
                        "cannot tell the task of '%s' (neither its gen.json nor its name is a task; name it with "
                        "--task TASK)",
                        path);
        s->n = 1;
        return load_task(&s->t[0], g, path, answers, err, errlen);
    }
    s->tree = true;
    for (int k = 0; k < GENERATOR_COUNT; k++) {
        if (task && GENERATORS[k] != task)
            continue;
        strbuf d = {0};
        strbuf_addf(&d, "%s/%s", path, GENERATORS[k]->name);
        strbuf_addf(&p, "%s/data.json", d.buf);
        bool have = path_exists(p.buf);
        strbuf_free(&p);
        struct stat st;
        int rc = 0;
        if (have && (lstat(d.buf, &st) != 0 || !S_ISDIR(st.st_mode)))
            rc = fail(err, errlen, GEN_EXIT_IO, "refused to read '%s': a task directory of a tree must be a directory, "
                      "not a symbolic link", d.buf);
        else if (have)
            rc = load_task(&s->t[s->n++], GENERATORS[k], d.buf, answers, err, errlen);
        strbuf_free(&d);
        if (rc)
            return rc;
    }
    if (s->n == 0)
        return fail(err, errlen, GEN_EXIT_IO,
                    "cannot read '%s': no data.json in it, nor in any task directory under it", path);
    return 0;
}

int eval_load_text(const generator *g, const char *text, size_t len, eval_set *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->t = xcalloc(1, sizeof *s->t);
    s->n = 1;
    s->t->g = g;
    s->t->dir = xstrdup(".");
    return load_records(s->t, text, len, "data.json", true, err, errlen);
}

void eval_record_id(const eval_set *s, const eval_task *t, long i, char *buf, size_t n)
{
    if (s->tree)
        snprintf(buf, n, "%s/%s", t->g->name, t->ids[i]);
    else
        snprintf(buf, n, "%s", t->ids[i]);
}

/* ---- answers ---- */

typedef struct id_entry {
    const char *id; /* TASK/ID in a tree, else ID */
    eval_task *t;
    long i;
    char *key; /* owned */
} id_entry;

static int cmp_entry(const void *a, const void *b)
{
    return strcmp(((const id_entry *)a)->id, ((const id_entry *)b)->id);
}

typedef struct answer_index {
    id_entry *e;
    long n;
    const eval_set *s;
    long unknown;
    strbuf shown;
    long dup_line;
    char *dup;
    bool *seen;
} answer_index;

static void index_build(answer_index *x, const eval_set *s)
{
    memset(x, 0, sizeof *x);
    x->s = s;
    long total = 0;
    for (int k = 0; k < s->n; k++)
        total += s->t[k].n;
    x->e = xcalloc((size_t)total + 1, sizeof *x->e);
    x->seen = xcalloc((size_t)total + 1, sizeof *x->seen);
    for (int k = 0; k < s->n; k++)
        for (long i = 0; i < s->t[k].n; i++) {
            char buf[2 * EVAL_MAX_ID + 2];
            eval_record_id(s, &s->t[k], i, buf, sizeof buf);
            x->e[x->n].key = xstrdup(buf);
            x->e[x->n].id = x->e[x->n].key;
            x->e[x->n].t = &s->t[k];
            x->e[x->n].i = i;
            x->n++;
        }
    qsort(x->e, (size_t)x->n, sizeof *x->e, cmp_entry);
}

static void index_free(answer_index *x)
{
    for (long i = 0; i < x->n; i++)
        free(x->e[i].key);
    free(x->e);
    free(x->seen);
    free(x->dup);
    strbuf_free(&x->shown);
}

/* Files one answer; unknown and duplicate ids are noted for the error.  Returns
 * the record's entry, or NULL. */
static id_entry *index_put(answer_index *x, const char *id, long line, char *text, char *why)
{
    const char *key = id;
    if (strlen(id) > 2 * EVAL_MAX_ID + 1) { /* TASK/ID at most; longer matches nothing */
        if (x->unknown < EVAL_SHOWN_IDS)
            strbuf_addf(&x->shown, "%s'%.60s...'", x->unknown ? ", " : "", id);
        x->unknown++;
        free(text);
        free(why);
        return NULL;
    }
    /* One task directory: "TASK/ID" (as gen requests names it) is ID. */
    if (!x->s->tree && x->s->n == 1) {
        size_t tl = strlen(x->s->t[0].g->name);
        if (strncmp(id, x->s->t[0].g->name, tl) == 0 && id[tl] == '/')
            key = id + tl + 1;
    }
    id_entry probe = {.id = key};
    id_entry *hit = bsearch(&probe, x->e, (size_t)x->n, sizeof *x->e, cmp_entry);
    if (!hit && x->s->picked) {
        /* --task picks one task: an answer to another task of gen list ("TASK/ID")
         * is set aside, not an unknown id */
        const char *slash = strchr(id, '/');
        for (int k = 0; slash && k < GENERATOR_COUNT; k++)
            if (GENERATORS[k] != x->s->picked && strlen(GENERATORS[k]->name) == (size_t)(slash - id) &&
                strncmp(id, GENERATORS[k]->name, (size_t)(slash - id)) == 0) {
                ((eval_set *)x->s)->set_aside++;
                free(text);
                free(why);
                return NULL;
            }
    }
    if (!hit) {
        if (x->unknown < EVAL_SHOWN_IDS)
            strbuf_addf(&x->shown, "%s'%.60s'", x->unknown ? ", " : "", id);
        x->unknown++;
        free(text);
        free(why);
        return NULL;
    }
    long k = hit - x->e;
    if (x->seen[k]) {
        if (!x->dup) {
            x->dup = xstrdup(id);
            x->dup_line = line;
        }
        free(text);
        free(why);
        return NULL;
    }
    x->seen[k] = true;
    hit->t->response[hit->i] = text;
    hit->t->why[hit->i] = why;
    return hit;
}

static bool is_field_of(const generator *g, const char *key)
{
    for (const gen_field *f = g->fields; f && f->name; f++)
        if (strcmp(f->name, key) == 0)
            return true;
    return false;
}

/* A release answers file's record is the data.json record it answers plus the
 * harness's fields; a key that is a record field of another task, and neither
 * of this task nor of the record in DIR, says the answers are another task's
 * (ids such as 1.png are in every task).  The other task's name, or NULL. */
static const char *foreign_task(const cJSON *answer, const eval_task *t, long i, const char **field)
{
    static const char *const harness[] = {"id", "gpt_response", "Output", "ERROR", "correct"};
    const cJSON *mine = NULL;
    const cJSON *kv;
    cJSON_ArrayForEach(kv, answer) {
        bool skip = false;
        for (size_t h = 0; h < sizeof harness / sizeof harness[0]; h++)
            skip = skip || strcmp(kv->string, harness[h]) == 0;
        if (skip || is_field_of(t->g, kv->string))
            continue;
        if (!mine)
            mine = cJSON_GetArrayItem(t->records, (int)i);
        if (cJSON_GetObjectItemCaseSensitive(mine, kv->string))
            continue;
        for (int k = 0; k < GENERATOR_COUNT; k++)
            if (GENERATORS[k] != t->g && is_field_of(GENERATORS[k], kv->string)) {
                *field = kv->string;
                return GENERATORS[k]->name;
            }
    }
    return NULL;
}

static char *dup_string(const cJSON *v)
{
    return cJSON_IsString(v) ? xstrdup(v->valuestring) : NULL;
}

/* A model's raw response as the release's harness hands it to the parser: without
 * a trailing <...> tag (its re.sub(r'<.*>$', '', response)). */
static char *harness_text(const char *s)
{
    char *t = xstrdup(s);
    t[release_strip_tags(t, strlen(t))] = '\0';
    return t;
}

/* The response text of one JSONL object, in either of its two shapes. */
static char *jsonl_text(const cJSON *o, char **why)
{
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(o, "response");
    if (cJSON_IsString(r))
        return harness_text(r->valuestring);
    if (cJSON_IsObject(r)) {
        /* OpenAI and vLLM wrap the completion in "body"; accept it bare as well */
        const cJSON *body = cJSON_GetObjectItemCaseSensitive(r, "body");
        if (!body)
            body = r;
        const cJSON *choices = cJSON_GetObjectItemCaseSensitive(body, "choices");
        const cJSON *msg = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(choices, 0), "message");
        const cJSON *content = cJSON_GetObjectItemCaseSensitive(msg, "content");
        if (cJSON_IsString(content))
            return harness_text(content->valuestring);
        const cJSON *status = cJSON_GetObjectItemCaseSensitive(r, "status_code");
        if (cJSON_IsNumber(status) && status->valuedouble != 200) {
            strbuf sb = {0};
            double code = status->valuedouble; /* any number: 1e999 is infinity, no int conversion */
            if (code >= 0 && code < 1000 && code == (double)(int)code)
                strbuf_addf(&sb, "request failed with status %d", (int)code);
            else
                strbuf_add(&sb, "request failed with a status that is not an HTTP status code");
            *why = sb.buf;
            return NULL;
        }
        *why = xstrdup("no message content in the response");
        return NULL;
    }
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(o, "error");
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "message");
    strbuf sb = {0};
    if (cJSON_IsString(m)) {
        /* at most 200 bytes, cut between characters: it goes into --annotated's ERROR */
        size_t n = strlen(m->valuestring);
        if (n > 200)
            for (n = 200; n && (m->valuestring[n] & 0xC0) == 0x80; n--)
                ;
        strbuf_addf(&sb, "request failed: %.*s", (int)n, m->valuestring);
    }
    else
        strbuf_add(&sb, r ? "response is neither text nor a response object" : "no response");
    *why = sb.buf;
    return NULL;
}

int eval_read_answers_text(const char *text, size_t len, const char *path, eval_set *s, char *err, size_t errlen)
{
    int rc = 0;
    long bad = ds_utf8_bad(text, len);
    if (bad >= 0) {
        rc = fail(err, errlen, GEN_EXIT_ANSWERS, "cannot read '%s': not valid UTF-8 (line %ld)", path,
                  line_of(text, text + bad));
        return rc;
    }
    size_t at = 0;
    while (at < len && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r'))
        at++;
    if (at == len)
        return fail(err, errlen, GEN_EXIT_ANSWERS, "cannot read '%s': empty file", path);
    long records = 0;
    for (int k = 0; k < s->n; k++)
        records += s->t[k].n;
    bool array = text[at] == '[';
    if (array) {
        /* Strict JSON (\u0000, duplicate keys, ... refused, as check refuses them in
         * data.json), and at most EVAL_VALUES_PER_RECORD values a record, so the
         * parsed tree stays a small multiple of the records scored. */
        char why[300];
        long values = 0;
        if (strict_json_validate_count(text, len, 0, &values, why, sizeof why) != 0)
            return fail(err, errlen, GEN_EXIT_ANSWERS, "cannot read '%s': %s", path, why);
        long most = EVAL_VALUES_PER_RECORD * records + EVAL_VALUES_SLACK;
        if (values > most)
            return fail(err, errlen, GEN_EXIT_ANSWERS,
                        "cannot read '%s': %ld JSON values for %ld records, more than the %ld allowed", path, values,
                        records, most);
    }
    answer_index x;
    index_build(&x, s);
    if (array) {
        /* The release's answer file: a list of records. */
        cJSON *root = parse_json(text, len, path, GEN_EXIT_ANSWERS, &rc, err, errlen);
        long i = 0;
        const cJSON *r;
        cJSON_ArrayForEach(r, root) {
            i++;
            const cJSON *id = cJSON_GetObjectItemCaseSensitive(r, "id");
            if (!cJSON_IsString(id)) {
                rc = fail(err, errlen, GEN_EXIT_ANSWERS, "cannot read '%s': record %ld has no string id", path, i);
                break;
            }
            const cJSON *g = cJSON_GetObjectItemCaseSensitive(r, "gpt_response");
            char *why = cJSON_IsString(g) ? NULL
                        : xstrdup(g && !cJSON_IsNull(g) ? "gpt_response is not text" : "no gpt_response");
            id_entry *hit = index_put(&x, id->valuestring, i, dup_string(g), why);
            const char *field = NULL, *other = hit ? foreign_task(r, hit->t, hit->i, &field) : NULL;
            if (other) {
                rc = fail(err, errlen, GEN_EXIT_ANSWERS,
                          "cannot use '%s': record %ld ('%.80s') carries the field '%s' of %s, which %s records do not "
                          "have: these look like answers to another task (score them against that task's directory)",
                          path, i, id->valuestring, field, other, hit->t->g->name);
                break;
            }
        }
        cJSON_Delete(root);
    } else {
        /* JSONL: one object per line. */
        long line = 0;
        size_t p = 0;
        while (p < len && !rc) {
            size_t e = p;
            while (e < len && text[e] != '\n')
                e++;
            line++;
            size_t q = p;
            while (q < e && (text[q] == ' ' || text[q] == '\t' || text[q] == '\r'))
                q++;
            if (q < e) {
                int lrc = 0;
                char sub[300];
                long values = 0;
                cJSON *o = NULL;
                if (strict_json_validate_count(text + p, e - p, 0, &values, sub, sizeof sub) != 0) {
                    /* "not valid JSON (line 1): what" of the line alone: named by the file's line */
                    const char *what = strstr(sub, "): ");
                    rc = fail(err, errlen, GEN_EXIT_ANSWERS, "cannot read '%s': not valid JSON (line %ld): %s", path,
                              line, what ? what + 3 : sub);
                    break;
                }
                if (values > EVAL_VALUES_PER_LINE) {
                    rc = fail(err, errlen, GEN_EXIT_ANSWERS, "cannot read '%s': line %ld holds %ld JSON values, more "
                              "than the %d allowed", path, line, values, EVAL_VALUES_PER_LINE);
                    break;
                }
                o = parse_json(text + p, e - p, path, GEN_EXIT_ANSWERS, &lrc, sub, sizeof sub);
                if (!o) {
                    rc = fail(err, errlen, GEN_EXIT_ANSWERS, "cannot read '%s': not valid JSON (line %ld)", path,
                              line);
                    break;
                }
                const cJSON *cid = cJSON_GetObjectItemCaseSensitive(o, "custom_id");
                const cJSON *id = cJSON_IsString(cid) ? cid : cJSON_GetObjectItemCaseSensitive(o, "id");
                if (!cJSON_IsObject(o) || !cJSON_IsString(id)) {
                    rc = fail(err, errlen, GEN_EXIT_ANSWERS,
                              "cannot read '%s': line %ld is not an object with a string id or custom_id", path,
                              line);
                } else {
                    char *why = NULL;
                    char *t = jsonl_text(o, &why);
                    index_put(&x, id->valuestring, line, t, why);
                }
                cJSON_Delete(o);
            }
            p = e + 1;
        }
    }
    if (!rc && x.unknown)
        rc = fail(err, errlen, GEN_EXIT_ANSWERS, "cannot use '%s': %ld answer%s match%s no record (%s%s)%s", path,
                  x.unknown, x.unknown == 1 ? "" : "s", x.unknown == 1 ? "es" : "", x.shown.buf,
                  x.unknown > EVAL_SHOWN_IDS ? ", ..." : "",
                  s->tree && !strchr(x.shown.buf, '/') ? "; ids in a gen all tree are TASK/ID" : "");
    if (!rc && x.dup)
        rc = fail(err, errlen, GEN_EXIT_ANSWERS, "cannot use '%s': id '%.80s' is answered twice (again at %s %ld)",
                  path, x.dup, array ? "record" : "line", x.dup_line);
    index_free(&x);
    return rc;
}

long eval_answered(const eval_task *t)
{
    long n = 0;
    for (long i = 0; i < t->n; i++)
        n += t->response[i] != NULL || t->why[i] != NULL;
    return n;
}

void eval_answers_notes(const eval_set *s, const char *answers, bool quiet, FILE *f)
{
    if (s->set_aside && !quiet)
        fprintf(f, "gen: set aside %ld answer%s to other tasks than %s (--task %s)\n", s->set_aside,
                s->set_aside == 1 ? "" : "s", s->picked->name, s->picked->name);
    strbuf none = {0};
    int n = 0;
    for (int k = 0; k < s->n; k++)
        if (s->t[k].n && eval_answered(&s->t[k]) == 0)
            strbuf_addf(&none, "%s%s", n++ ? ", " : "", s->t[k].g->name);
    if (n)
        fprintf(f, "gen: warning: '%s' has no answers to %d task%s of '%s': %s; %s records are counted wrong (is a "
                "batch output file missing? join the files with cat before scoring, or pick tasks with --task)\n",
                answers, n, n == 1 ? "" : "s", s->root ? s->root : ".", none.buf, n == 1 ? "its" : "their");
    strbuf_free(&none);
}

int eval_read_answers(const char *path, eval_set *s, char *err, size_t errlen)
{
    char *text = NULL;
    size_t len;
    int rc = read_capped(path, &text, &len, GEN_EXIT_ANSWERS, err, errlen);
    if (!rc)
        rc = eval_read_answers_text(text, len, path, s, err, errlen);
    free(text);
    return rc;
}

void eval_score(eval_set *s)
{
    for (int k = 0; k < s->n; k++) {
        eval_task *t = &s->t[k];
        t->right = 0;
        long i = 0;
        const cJSON *r;
        cJSON_ArrayForEach(r, t->records) {
            free(t->output[i]);
            free(t->error[i]);
            t->output[i] = NULL;
            t->error[i] = NULL;
            t->correct[i] = t->dropped[i] = false;
            t->first_wrong[i] = ANSWER_NO_STEPS;
            if (!t->response[i]) {
                t->error[i] = xstrdup(t->why[i] ? t->why[i] : "no answer");
            } else {
                answer_verdict v;
                answer_judge(t->g, s->parser, r, t->response[i], strlen(t->response[i]), false, &v);
                if (v.output) {
                    strbuf js = {0};
                    json_append(&js, v.output);
                    t->output[i] = js.buf;
                }
                t->error[i] = v.error;
                t->correct[i] = v.correct;
                t->dropped[i] = v.dropped;
                t->first_wrong[i] = v.first_wrong_step;
                v.error = NULL;
                answer_verdict_clear(&v);
            }
            t->right += t->correct[i];
            i++;
        }
    }
}

/* ---- EVAL.json ---- */

double eval_pct(long right, long n)
{
    return n ? round(10000.0 * (double)right / (double)n) / 100.0 : 0.0;
}

/* A percentage as the release prints it: 100.0, 42.5, 33.33. */
static void add_pct(strbuf *sb, double v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f", v);
    size_t l = strlen(buf);
    if (buf[l - 1] == '0')
        buf[--l] = '\0';
    strbuf_add(sb, buf);
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

void eval_categories_of(const eval_task *t, eval_categories *c)
{
    long *v = xmalloc(sizeof(long) * ((size_t)t->n + 1));
    memcpy(v, t->axis, sizeof(long) * (size_t)t->n);
    qsort(v, (size_t)t->n, sizeof *v, cmp_long);
    c->value = xmalloc(sizeof(long) * ((size_t)t->n + 1));
    c->count = 0;
    for (long i = 0; i < t->n; i++)
        if (i == 0 || v[i] != v[i - 1])
            c->value[c->count++] = v[i];
    free(v);
    c->n = xcalloc((size_t)c->count + 1, sizeof(long));
    c->right = xcalloc((size_t)c->count + 1, sizeof(long));
    for (long i = 0; i < t->n; i++) {
        long *hit = bsearch(&t->axis[i], c->value, (size_t)c->count, sizeof(long), cmp_long);
        long k = hit - c->value;
        c->n[k]++;
        c->right[k] += t->correct[i];
    }
}

void eval_categories_free(eval_categories *c)
{
    free(c->value);
    free(c->n);
    free(c->right);
}

void eval_kinds_of(const eval_task *t, eval_kinds *k)
{
    k->name = xcalloc((size_t)t->n + 1, sizeof *k->name);
    k->n = xcalloc((size_t)t->n + 1, sizeof(long));
    k->right = xcalloc((size_t)t->n + 1, sizeof(long));
    k->count = 0;
    long i = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, t->records) {
        if (i >= t->n)
            break;
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(r, "category");
        if (cJSON_IsString(c)) {
            int j = 0;
            while (j < k->count && strcmp(k->name[j], c->valuestring) != 0)
                j++;
            if (j == k->count)
                k->name[k->count++] = c->valuestring;
            k->n[j]++;
            k->right[j] += t->correct[i];
        }
        i++;
    }
    /* in the order of their names */
    for (int a = 1; a < k->count; a++)
        for (int b = a; b > 0 && strcmp(k->name[b - 1], k->name[b]) > 0; b--) {
            const char *nm = k->name[b];
            long n = k->n[b], rt = k->right[b];
            k->name[b] = k->name[b - 1];
            k->n[b] = k->n[b - 1];
            k->right[b] = k->right[b - 1];
            k->name[b - 1] = nm;
            k->n[b - 1] = n;
            k->right[b - 1] = rt;
        }
}

void eval_kinds_free(eval_kinds *k)
{
    free(k->name);
    free(k->n);
    free(k->right);
    memset(k, 0, sizeof *k);
}

bool eval_is_choice(const eval_task *t)
{
    return t->g->answer.kind == ANSWER_CHOICE;
}

void eval_steps_of(const eval_task *t, eval_steps *st)
{
    eval_categories c;
    eval_categories_of(t, &c);
    memset(st, 0, sizeof *st);
    st->count = c.count;
    st->value = c.value;
    st->n = c.n;
    free(c.right);
    size_t m = (size_t)c.count + 1;
    st->no_steps = xcalloc(m, sizeof(long));
    st->all_right = xcalloc(m, sizeof(long));
    st->steps = xcalloc(m, sizeof(int));
    long *level = xcalloc((size_t)t->n + 1, sizeof(long));
    long i = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, t->records) {
        if (i >= t->n)
            break;
        long *hit = bsearch(&t->axis[i], st->value, (size_t)st->count, sizeof(long), cmp_long);
        level[i] = hit - st->value;
        int n = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(r, "steps"));
        if (n > st->steps[level[i]])
            st->steps[level[i]] = n;
        if (n > st->width)
            st->width = n;
        i++;
    }
    st->first = xcalloc(m * (size_t)(st->width + 1), sizeof(long));
    for (i = 0; i < t->n; i++) {
        int f = t->first_wrong[i];
        if (f == ANSWER_NO_STEPS)
            st->no_steps[level[i]]++;
        else if (f == ANSWER_ALL_STEPS_RIGHT)
            st->all_right[level[i]]++;
        else if (f >= 1 && f <= st->width)
            st->first[level[i] * st->width + f - 1]++;
    }
    free(level);
}

void eval_steps_free(eval_steps *st)
{
    free(st->value);
    free(st->n);
    free(st->no_steps);
    free(st->all_right);
    free(st->first);
    free(st->steps);
    memset(st, 0, sizeof *st);
}

/* EVAL.json's "First Wrong Step" of a composed-question task: per level, counts
 * of records. */
static void steps_json(strbuf *sb, const eval_task *t, const char *indent)
{
    eval_steps st;
    eval_steps_of(t, &st);
    strbuf_addf(sb, ",\n%s    \"First Wrong Step\": {", indent);
    for (int k = 0; k < st.count; k++) {
        strbuf_addf(sb, "%s\n%s        \"%ld\": {\"records\": %ld, \"no steps given\": %ld", k ? "," : "", indent,
                    st.value[k], st.n[k], st.no_steps[k]);
        for (int j = 0; j < st.steps[k]; j++)
            strbuf_addf(sb, ", \"%d\": %ld", j + 1, st.first[k * st.width + j]);
        strbuf_addf(sb, ", \"none wrong\": %ld}", st.all_right[k]);
    }
    strbuf_addf(sb, "%s%s}", st.count ? "\n    " : "", st.count ? indent : "");
    eval_steps_free(&st);
}

/* EVAL.json's "Answer Category Accuracy" of a composed-question task. */
static void kinds_json(strbuf *sb, const eval_task *t, const char *indent)
{
    eval_kinds k;
    eval_kinds_of(t, &k);
    strbuf_addf(sb, ",\n%s    \"Answer Category Accuracy\": {", indent);
    for (int j = 0; j < k.count; j++) {
        strbuf_addf(sb, "%s\n%s        \"%s\": ", j ? "," : "", indent, k.name[j]);
        add_pct(sb, eval_pct(k.right[j], k.n[j]));
    }
    strbuf_addf(sb, "%s%s}", k.count ? "\n    " : "", k.count ? indent : "");
    eval_kinds_free(&k);
}

static void task_eval_json(strbuf *sb, const eval_task *t, const char *indent)
{
    eval_categories c;
    eval_categories_of(t, &c);
    strbuf_addf(sb, "{\n%s    \"Overall Accuracy\": ", indent);
    add_pct(sb, eval_pct(t->right, t->n));
    strbuf_addf(sb, ",\n%s    \"Category-wise Accuracy\": {", indent);
    for (int k = 0; k < c.count; k++) {
        strbuf_addf(sb, "%s\n%s        \"%ld\": ", k ? "," : "", indent, c.value[k]);
        add_pct(sb, eval_pct(c.right[k], c.n[k]));
    }
    strbuf_addf(sb, "%s%s}", c.count ? "\n    " : "", c.count ? indent : "");
    if (answer_has_stdev(t->g)) {
        /* the release's "standard deviation" per category, its formula as written:
         * sqrt((1 - p)^2 * p) for the unrounded fraction p */
        strbuf_addf(sb, ",\n%s    \"Category-wise Stdev\": {", indent);
        for (int k = 0; k < c.count; k++) {
            double p = c.n[k] ? (double)c.right[k] / (double)c.n[k] : 0.0;
            char num[32];
            snprintf(num, sizeof num, "%.4f", sqrt((1 - p) * (1 - p) * p));
            size_t l = strlen(num);
            while (l > 3 && num[l - 1] == '0' && num[l - 2] != '.')
                num[--l] = '\0'; /* 0.3536, 0.0 */
            strbuf_addf(sb, "%s\n%s        \"%ld\": %s", k ? "," : "", indent, c.value[k], num);
        }
        strbuf_addf(sb, "%s%s}", c.count ? "\n    " : "", c.count ? indent : "");
    }
    if (eval_is_choice(t)) {
        steps_json(sb, t, indent);
        kinds_json(sb, t, indent);
    }
    strbuf_addf(sb, "\n%s}", indent);
    eval_categories_free(&c);
}

const char *const EVAL_TYPE_NAMES[EVAL_ANSWER_TYPES] = {"single", "fixed length", "list", "set"};

void eval_format_errors(const eval_set *s, eval_type_rates *r)
{
    memset(r, 0, sizeof *r);
    for (int k = 0; k < s->n; k++) {
        const eval_task *t = &s->t[k];
        int ty = 0;
        while (ty < EVAL_ANSWER_TYPES - 1 && strcmp(EVAL_TYPE_NAMES[ty], answer_type(t->g)) != 0)
            ty++;
        for (long i = 0; i < t->n; i++) {
            r->n[ty]++;
            r->unparsed[ty] += t->error[i] != NULL;
        }
    }
}

/* The paper's seven skills (TVPS-4) and the tasks each one tests, as its Table 1
 * lists them; a task may test several.  A skill's accuracy is the mean of its
 * tasks' Overall Accuracies, as the paper's Table 2 computes it. */
static const struct {
    const char *skill;
    const char *tasks;
} SKILLS[] = {
    {"Visual Discrimination", "change_colour vanishing_objects comparing_size counting_shapes sort_lines sort_circles "
                              "locate_circles_colour locate_circles_shape match_shadow match_outline"},
    {"Visual Memory", "list_colours list_shapes circle_boxes colours_present count_coloured_circles numbered_shapes "
                      "graph_counting sort_circles sort_lines counting_shapes identifying_shapes"},
    {"Visual Sequential Memory", "grid_path layered_colours layered_shapes comparing_size match_outline match_shadow"},
    {"Visual Figure Ground", "list_colours list_shapes locate_circles_colour locate_circles_shape layered_shapes "
                             "layered_colours"},
    {"Visual Form Constancy", "mirror_image water_image counting_circles counting_shapes numbered_shapes"},
    {"Visual Closure", "match_outline match_shadow layered_shapes layered_colours"},
    {"Visual Spatial Relationship", "comparing_size circle_location circle_right_triangle counting_locations "
                                    "cross_and_knots inside_circles maze_solving"},
};
#define SKILL_COUNT ((int)(sizeof SKILLS / sizeof SKILLS[0]))

static bool skill_has(int k, const char *task)
{
    size_t n = strlen(task);
    for (const char *p = SKILLS[k].tasks; (p = strstr(p, task)) != NULL; p += n)
        if ((p == SKILLS[k].tasks || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

/* The mean accuracy over the tasks of skill k that s holds; -1 when it holds none. */
static double skill_accuracy(const eval_set *s, int k, int *tasks)
{
    double sum = 0;
    *tasks = 0;
    for (int t = 0; t < s->n; t++)
        if (skill_has(k, s->t[t].g->name)) {
            sum += eval_pct(s->t[t].right, s->t[t].n);
            (*tasks)++;
        }
    return *tasks ? round(100.0 * sum / *tasks) / 100.0 : -1;
}

/* The row of the skills table for the composed-question tasks (ANSWER_CHOICE). */
static const char COMPOSED_SKILL[] = "Compositional Perception";

/* The mean accuracy over the composed-question tasks of s; -1 when it holds none. */
static double composed_accuracy(const eval_set *s, int *tasks)
{
    double sum = 0;
    *tasks = 0;
    for (int t = 0; t < s->n; t++)
        if (eval_is_choice(&s->t[t])) {
            sum += eval_pct(s->t[t].right, s->t[t].n);
            (*tasks)++;
        }
    return *tasks ? round(100.0 * sum / *tasks) / 100.0 : -1;
}

double eval_mean_accuracy(const eval_set *s)
{
    double sum = 0;
    for (int k = 0; k < s->n; k++)
        sum += eval_pct(s->t[k].right, s->t[k].n);
    return s->n ? round(100.0 * sum / s->n) / 100.0 : 0.0;
}

static void eval_json(strbuf *sb, const eval_set *s)
{
    if (!s->tree) {
        task_eval_json(sb, &s->t[0], "");
        strbuf_add(sb, "\n");
        return;
    }
    strbuf_add(sb, "{\n    \"Mean Accuracy\": ");
    add_pct(sb, eval_mean_accuracy(s));
    strbuf_add(sb, ",\n    \"Tasks\": {");
    for (int k = 0; k < s->n; k++) {
        strbuf_addf(sb, "%s\n        \"%s\": ", k ? "," : "", s->t[k].g->name);
        task_eval_json(sb, &s->t[k], "        ");
    }
    strbuf_add(sb, "\n    },\n    \"Format-error Rate by Answer Type\": {");
    eval_type_rates r;
    eval_format_errors(s, &r);
    bool first = true;
    for (int k = 0; k < EVAL_ANSWER_TYPES; k++)
        if (r.n[k]) {
            strbuf_addf(sb, "%s\n        \"%s\": ", first ? "" : ",", EVAL_TYPE_NAMES[k]);
            add_pct(sb, eval_pct(r.unparsed[k], r.n[k]));
            first = false;
        }
    strbuf_add(sb, "\n    },\n    \"Accuracy by Skill\": {");
    double sum = 0;
    int skills = 0;
    for (int k = 0; k < SKILL_COUNT; k++) {
        int tasks;
        double a = skill_accuracy(s, k, &tasks);
        if (tasks == 0)
            continue;
        strbuf_addf(sb, "%s\n        \"%s\": ", skills ? "," : "", SKILLS[k].skill);
        add_pct(sb, a);
        sum += a;
        skills++;
    }
    if (skills) {
        strbuf_add(sb, ",\n        \"Average of skills\": ");
        add_pct(sb, round(100.0 * sum / skills) / 100.0);
    }
    int tasks;
    double comp = composed_accuracy(s, &tasks);
    if (tasks) {
        /* issue 30's composed questions: not a TVPS-4 skill, so after the
         * paper's average and outside it */
        strbuf_addf(sb, "%s\n        \"%s\": ", skills ? "," : "", COMPOSED_SKILL);
        add_pct(sb, comp);
    }
    strbuf_add(sb, "\n    }\n}\n");
}

/* "by LEVEL: 1:50 2:40 ..." */
static void levels_line(FILE *f, const eval_task *t)
{
    eval_categories c;
    eval_categories_of(t, &c);
    fprintf(f, "by %s:", answer_axis_name(t->g));
    for (int k = 0; k < c.count; k++) {
        strbuf p = {0};
        add_pct(&p, eval_pct(c.right[k], c.n[k]));
        fprintf(f, " %ld:%s", c.value[k], p.buf);
        strbuf_free(&p);
    }
    fputc('\n', f);
    eval_categories_free(&c);
}

/* The first-wrong-step table of a composed-question task: per level, how many
 * records gave no STEP line, had step j as their first wrong or missing one, or
 * had every step right. */
static void steps_table(FILE *f, const eval_task *t)
{
    eval_steps st;
    eval_steps_of(t, &st);
    fprintf(f, "first wrong step (STEP lines against the record's steps), %s:\n", t->g->name);
    fprintf(f, "  %-15s %7s %8s", answer_axis_name(t->g), "records", "no steps");
    for (int j = 0; j < st.width; j++)
        fprintf(f, " %6s%d", "step ", j + 1);
    fprintf(f, " %10s\n", "none wrong");
    for (int k = 0; k < st.count; k++) {
        fprintf(f, "  %-15ld %7ld %8ld", st.value[k], st.n[k], st.no_steps[k]);
        for (int j = 0; j < st.width; j++)
            if (j < st.steps[k])
                fprintf(f, " %7ld", st.first[k * st.width + j]);
            else
                fprintf(f, " %7s", "-");
        fprintf(f, " %10ld\n", st.all_right[k]);
    }
    eval_steps_free(&st);
}

/* The accuracy of a composed-question task per answer category, one line. */
static void kinds_line(FILE *f, const eval_task *t)
{
    eval_kinds k;
    eval_kinds_of(t, &k);
    fprintf(f, "by answer category:");
    for (int j = 0; j < k.count; j++) {
        strbuf p = {0};
        add_pct(&p, eval_pct(k.right[j], k.n[j]));
        fprintf(f, "%s %s %s%% (%ld)", j ? "," : "", k.name[j], p.buf, k.n[j]);
        strbuf_free(&p);
    }
    fputc('\n', f);
    eval_kinds_free(&k);
}

static void summary(FILE *f, const eval_set *s)
{
    fprintf(f, "%-24s %7s %7s %9s %9s\n", "task", "records", "right", "no parse", "accuracy");
    long all = 0, right = 0;
    for (int k = 0; k < s->n; k++) {
        const eval_task *t = &s->t[k];
        /* "no parse": an answer that was read and could not be parsed; a record
         * without an answer (no line, or a failed request) is counted apart */
        long unparsed = 0, missing = 0;
        for (long i = 0; i < t->n; i++) {
            unparsed += t->error[i] != NULL && t->response[i] != NULL;
            missing += t->response[i] == NULL;
        }
        strbuf p = {0};
        add_pct(&p, eval_pct(t->right, t->n));
        if (t->n && eval_answered(t) == 0)
            fprintf(f, "%-24s %7ld %7ld %9s %9s  no answers\n", t->g->name, t->n, t->right, "-", p.buf);
        else
            fprintf(f, "%-24s %7ld %7ld %9ld %9s\n", t->g->name, t->n, t->right, unparsed, p.buf);
        strbuf_free(&p);
        if (missing && eval_answered(t) > 0)
            fprintf(f, "%-24s %7s %ld without an answer (no line, or a failed request): counted wrong\n", "", "",
                    missing);
        long dropped = 0;
        for (long i = 0; i < t->n; i++)
            dropped += t->dropped[i];
        if (dropped) {
            strbuf q = {0};
            add_pct(&q, eval_pct(t->right, t->n - dropped));
            fprintf(f, "%-24s %7s release's eval.py: %s over the %ld parsed (leaves %ld unparseable out)\n", "", "",
                    t->n - dropped ? q.buf : "ZeroDivisionError", t->n - dropped, dropped);
            strbuf_free(&q);
        }
        all += t->n;
        right += t->right;
    }
    if (s->tree) {
        strbuf p = {0};
        add_pct(&p, eval_mean_accuracy(s));
        fprintf(f, "%-24s %7ld %7ld %9s %9s  (mean over %d tasks)\n", "mean", all, right, "", p.buf, s->n);
        strbuf_free(&p);
        eval_type_rates r;
        eval_format_errors(s, &r);
        fprintf(f, "format errors by answer type:");
        for (int k = 0; k < EVAL_ANSWER_TYPES; k++)
            if (r.n[k]) {
                strbuf q = {0};
                add_pct(&q, eval_pct(r.unparsed[k], r.n[k]));
                fprintf(f, " %s %s%% (%ld of %ld)", EVAL_TYPE_NAMES[k], q.buf, r.unparsed[k], r.n[k]);
                strbuf_free(&q);
            }
        fputc('\n', f);
        fprintf(f, "accuracy by skill (the paper's Table 1: the mean over a skill's tasks):\n");
        for (int k = 0; k < SKILL_COUNT; k++) {
            int tasks;
            double a = skill_accuracy(s, k, &tasks);
            if (tasks == 0)
                continue;
            strbuf q = {0};
            add_pct(&q, a);
            fprintf(f, "  %-28s %6s%%  (%d task%s)\n", SKILLS[k].skill, q.buf, tasks, tasks == 1 ? "" : "s");
            strbuf_free(&q);
        }
        int tasks;
        double comp = composed_accuracy(s, &tasks);
        if (tasks) {
            strbuf q = {0};
            add_pct(&q, comp);
            fprintf(f, "  %-28s %6s%%  (%d task%s; composed questions, not a TVPS-4 skill)\n", COMPOSED_SKILL, q.buf,
                    tasks, tasks == 1 ? "" : "s");
            strbuf_free(&q);
        }
        for (int k = 0; k < s->n; k++)
            if (eval_is_choice(&s->t[k])) {
                fprintf(f, "%s ", s->t[k].g->name);
                levels_line(f, &s->t[k]);
                steps_table(f, &s->t[k]);
                kinds_line(f, &s->t[k]);
            }
    } else {
        levels_line(f, &s->t[0]);
        if (eval_is_choice(&s->t[0])) {
            steps_table(f, &s->t[0]);
            kinds_line(f, &s->t[0]);
        }
    }
}

/* The records of the target, each with extra fields, one per line. */
static void records_with(const eval_set *s, strbuf *out, bool gold)
{
    long total = 0;
    for (int k = 0; k < s->n; k++)
        total += s->t[k].n;
    char **lines = xcalloc((size_t)total + 1, sizeof *lines);
    long j = 0;
    for (int k = 0; k < s->n; k++) {
        const eval_task *t = &s->t[k];
        long i = 0;
        const cJSON *r;
        cJSON_ArrayForEach(r, t->records) {
            cJSON *c = cJSON_Duplicate(r, true);
            char id[4096];
            eval_record_id(s, t, i, id, sizeof id);
            cJSON_ReplaceItemInObjectCaseSensitive(c, "id", cJSON_CreateString(id));
            if (gold) {
                strbuf g = {0};
                char why[200];
                answer_gold_text(t->g, r, &g, why, sizeof why);
                cJSON_DeleteItemFromObjectCaseSensitive(c, "gpt_response");
                cJSON_AddStringToObject(c, "gpt_response", g.buf);
                strbuf_free(&g);
            } else {
                static const char *const extra[] = {"gpt_response", "Output", "ERROR", "correct"};
                for (int e = 0; e < 4; e++)
                    cJSON_DeleteItemFromObjectCaseSensitive(c, extra[e]);
                cJSON_AddItemToObject(c, "gpt_response",
                                      t->response[i] ? cJSON_CreateString(t->response[i]) : cJSON_CreateNull());
                cJSON_AddItemToObject(c, "Output", t->output[i] ? cJSON_CreateRaw(t->output[i]) : cJSON_CreateNull());
                cJSON_AddItemToObject(c, "ERROR", t->error[i] ? cJSON_CreateString(t->error[i]) : cJSON_CreateNull());
                cJSON_AddBoolToObject(c, "correct", t->correct[i]);
                if (eval_is_choice(t)) {
                    /* the process metric: the first wrong step, 0 for none, null for no steps */
                    cJSON_DeleteItemFromObjectCaseSensitive(c, "first_wrong_step");
                    int f = t->first_wrong[i];
                    cJSON_AddItemToObject(c, "first_wrong_step",
                                          f == ANSWER_NO_STEPS ? cJSON_CreateNull() : cJSON_CreateNumber(f));
                }
            }
            strbuf line = {0};
            json_append(&line, c);
            cJSON_Delete(c);
            lines[j++] = line.buf;
            i++;
        }
    }
    json_records(out, lines, j);
    for (long k = 0; k < j; k++)
        free(lines[k]);
    free(lines);
}

/* ---- commands ---- */

int eval_usage_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gen: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return GEN_EXIT_USAGE;
}

static int report(int rc, const char *err)
{
    if (rc)
        fprintf(stderr, "gen: %s\n", err);
    return rc;
}

int eval_write_whole(const char *path, const strbuf *sb, char *err, size_t errlen)
{
    eval_out o;
    if (eval_out_open(&o, path, err, errlen) != 0)
        return GEN_EXIT_IO;
    eval_out_write(&o, sb->buf, sb->len);
    return eval_out_commit(&o, err, errlen) == 0 ? 0 : GEN_EXIT_IO;
}

const char *eval_opt_value(int argc, char **argv, int *i, const char *name, bool *bad)
{
    size_t l = strlen(name);
    if (strncmp(argv[*i], name, l) != 0)
        return NULL;
    if (argv[*i][l] == '=')
        return argv[*i] + l + 1;
    if (argv[*i][l])
        return NULL;
    if (*i + 1 >= argc) {
        *bad = true;
        return NULL;
    }
    return argv[++*i];
}

const char *eval_opt_out(int argc, char **argv, int *i, bool *bad)
{
    const char *v = eval_opt_value(argc, argv, i, "-o", bad);
    return v || *bad ? v : eval_opt_value(argc, argv, i, "--out", bad);
}

int eval_opt_task(const char *v, const generator **task)
{
    *task = generator_find(v);
    if (*task)
        return 0;
    const char *near = generator_suggest(v);
    if (near)
        return eval_usage_fail("unknown task '%s' for --task (did you mean '%s'?)", v, near);
    return eval_usage_fail("unknown task '%s' for --task (gen list names them)", v);
}

bool eval_help(const char *arg, const char *use)
{
    if (strcmp(arg, "--help") != 0 && strcmp(arg, "-h") != 0)
        return false;
    printf("%s   (docs/evaluation.md)\n", use);
    return true;
}

int eval_gold(const char *dir, const generator *task, const char *out)
{
    char err[512];
    eval_set s;
    int rc = eval_load_opts(dir, task, true, &s, err, sizeof err);
    if (!rc && eval_out_refuse_input(out, &s, NULL, NULL, err, sizeof err) != 0)
        rc = GEN_EXIT_USAGE;
    if (!rc) {
        strbuf sb = {0};
        records_with(&s, &sb, true);
        rc = eval_write_whole(out, &sb, err, sizeof err);
        strbuf_free(&sb);
    }
    eval_free(&s);
    return report(rc, err);
}

int eval_plot_png(const eval_set *s, strbuf *png, char *err, size_t errlen)
{
    plot_series *ps = xcalloc((size_t)s->n, sizeof *ps);
    eval_categories *cs = xcalloc((size_t)s->n, sizeof *cs);
    double **ys = xcalloc((size_t)s->n, sizeof *ys);
    for (int k = 0; k < s->n; k++) {
        eval_categories_of(&s->t[k], &cs[k]);
        ys[k] = xcalloc((size_t)cs[k].count + 1, sizeof(double));
        for (int j = 0; j < cs[k].count; j++)
            ys[k][j] = eval_pct(cs[k].right[j], cs[k].n[j]);
        ps[k] = (plot_series){.name = s->t[k].g->name,
                              .axis = answer_axis_name(s->t[k].g),
                              .n = cs[k].count,
                              .x = cs[k].value,
                              .y = ys[k],
                              .count = cs[k].n,
                              .overall = eval_pct(s->t[k].right, s->t[k].n)};
    }
    char title[128];
    if (s->tree)
        snprintf(title, sizeof title, "Accuracy by difficulty (mean over %d tasks: %.1f%%)", s->n,
                 eval_mean_accuracy(s));
    else
        snprintf(title, sizeof title, "Accuracy by difficulty");
    int rc = plot_accuracy(ps, s->n, title, png, err, errlen) == 0 ? 0 : GEN_EXIT_INTERNAL;
    for (int k = 0; k < s->n; k++) {
        eval_categories_free(&cs[k]);
        free(ys[k]);
    }
    free(ps);
    free(cs);
    free(ys);
    return rc;
}

/* The plot with the font loaded for it. */
static int plot_png(const eval_set *s, strbuf *png, char *err, size_t errlen)
{
    if (font_init(err, errlen) != 0)
        return GEN_EXIT_IO;
    int rc = eval_plot_png(s, png, err, errlen);
    font_done();
    return rc;
}

int eval_score_files(const char *dir, const char *answers, const generator *task, answer_parser parser,
                     const char *out, const char *annotated, const char *plot, bool quiet)
{
    const char *pos[2] = {dir, answers};
    const char *outs[3] = {out, annotated, plot};
    char err[512];
    eval_set s;
    int rc = eval_load_opts(pos[0], task, true, &s, err, sizeof err);
    s.parser = parser;
    for (int k = 0; k < 3 && !rc; k++)
        if (eval_out_refuse_input(outs[k], &s, pos[1], NULL, err, sizeof err) != 0)
            rc = GEN_EXIT_USAGE;
    if (!rc)
        rc = eval_read_answers(pos[1], &s, err, sizeof err);
    if (!rc)
        eval_answers_notes(&s, pos[1], quiet, stderr);
    if (!rc) {
        /* every output is made first, then written to temporary files, then
         * renamed: a failure leaves none of them */
        eval_score(&s);
        strbuf bufs[3] = {{0}, {0}, {0}};
        if (out)
            eval_json(&bufs[0], &s);
        if (annotated)
            records_with(&s, &bufs[1], false);
        if (plot)
            rc = plot_png(&s, &bufs[2], err, sizeof err);
        eval_out files[3] = {{0}, {0}, {0}};
        for (int k = 0; k < 3 && !rc; k++)
            if (outs[k]) {
                if (eval_out_open(&files[k], outs[k], err, sizeof err) != 0)
                    rc = GEN_EXIT_IO;
                else
                    eval_out_write(&files[k], bufs[k].buf, bufs[k].len);
            }
        for (int k = 0; k < 3; k++) {
            if (files[k].f && !rc && eval_out_commit(&files[k], err, sizeof err) != 0)
                rc = GEN_EXIT_IO;
            else if (files[k].f)
                eval_out_abort(&files[k]);
            strbuf_free(&bufs[k]);
        }
        bool stdout_used = (out && strcmp(out, "-") == 0) || (annotated && strcmp(annotated, "-") == 0);
        if (!rc && !quiet)
            summary(stdout_used ? stderr : stdout, &s);
    }
    eval_free(&s);
    return report(rc, err);
}
