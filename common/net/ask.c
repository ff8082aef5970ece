/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "ask.h"

#include "chat.h"
#include "dataset_read.h"
#include "errors.h"
#include "eval.h"
#include "fsutil.h"
#include "json_out.h"
#include "progress.h"
#include "requests.h"
#include "results.h"
#include "sha256.h"
#include "util.h"

#include <curl/curl.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The longest line of a requests file read (a request of 64 frames of a large
 * image is a few tens of MB). */
#define ASK_MAX_LINE ((size_t)256 << 20)
/* A custom_id longer than this is no id of a request. */
#define ASK_MAX_ID 1024

/* ---- signals: the first stops sending, the second abandons what is in flight ---- */

static volatile sig_atomic_t signals, last_signal;
static struct sigaction old_int, old_term;

static void on_signal(int sig)
{
    last_signal = sig;
    if (++signals >= 2) { /* a third has its default effect */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
    }
}

static void catch_signals(void)
{
    signals = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
}

static void release_signals(void)
{
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
}

/* ---- where the requests come from ---- */

typedef struct source {
    requests_iter *it; /* a directory */
    int fd;            /* a requests file */
    FILE *f;
    const char *path;
    long line;
    const char *model;
    long max_tokens;
    char *buf;
    size_t cap;
} source;

static int source_open(source *s, const ask_options *o, bool file, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->path = o->input;
    s->model = o->model;
    s->max_tokens = o->max_tokens;
    if (!file)
        return requests_open(&s->it, o->input, o->model, o->task, o->prompts, o->shots, o->max_tokens, o->frames,
                             o->tile, err, errlen);
    /* a file the user named: a regular file (a FIFO is refused, not waited on) */
    int fd = open(o->input, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd < 0)
            snprintf(err, errlen, "cannot read '%s': %s", o->input, strerror(errno));
        else
            snprintf(err, errlen, "refused to read '%s': not a regular file (a FIFO, device or socket)", o->input);
        if (fd >= 0)
            close(fd);
        return GEN_EXIT_IO;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    s->f = fdopen(fd, "r");
    if (!s->f) {
        close(fd);
        snprintf(err, errlen, "cannot read '%s': %s", o->input, strerror(errno));
        return GEN_EXIT_IO;
    }
    return 0;
}

static void source_close(source *s)
{
    requests_close(s->it);
    if (s->f)
        fclose(s->f);
    free(s->buf);
    memset(s, 0, sizeof *s);
}

/* An id as a message quotes it: at most 80 bytes. */
static bool id_ok(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n > ASK_MAX_ID)
        return false;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)id[i] < ' ' || id[i] == 127)
            return false;
    return true;
}

/* One request of a requests file: its custom_id and body, with --model and
 * --max_tokens put in. */
static int file_request(source *s, const char *text, size_t len, char **cid, strbuf *body, char *err, size_t errlen)
{
    char why[300];
    cJSON *o = ds_utf8_bad(text, len) < 0 ? strict_json_parse(text, len, 0, why, sizeof why) : NULL;
    if (!o) {
        snprintf(err, errlen, "cannot read '%s': line %ld is not valid JSON%s", s->path, s->line,
                 ds_utf8_bad(text, len) >= 0 ? " (not UTF-8)" : "");
        return GEN_EXIT_IO;
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "custom_id");
    cJSON *b = cJSON_GetObjectItemCaseSensitive(o, "body");
    const cJSON *url = cJSON_GetObjectItemCaseSensitive(o, "url");
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(o, "method");
    const char *bad = NULL;
    if (!cJSON_IsObject(o) || !cJSON_IsString(id) || !id_ok(id->valuestring))
        bad = "has no custom_id (a string of 1 to 1024 printable characters)";
    else if (!cJSON_IsObject(b) || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(b, "messages")))
        bad = "has no body with messages (a chat-completions request)";
    else if (url && (!cJSON_IsString(url) || strlen(url->valuestring) < 17 ||
                     strcmp(url->valuestring + strlen(url->valuestring) - 17, "/chat/completions") != 0))
        bad = "is for another endpoint than /v1/chat/completions";
    else if (method && (!cJSON_IsString(method) || strcmp(method->valuestring, "POST") != 0))
        bad = "has a method other than POST";
    if (!bad && s->model) {
        cJSON_DeleteItemFromObjectCaseSensitive(b, "model");
        cJSON_AddStringToObject(b, "model", s->model);
    } else if (!bad && !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(b, "model"))) {
        bad = "names no model in its body (name one with --model)";
    }
    if (!bad && s->max_tokens) {
        cJSON_DeleteItemFromObjectCaseSensitive(b, "max_tokens");
        cJSON_AddNumberToObject(b, "max_tokens", (double)s->max_tokens);
    }
    if (bad) {
        snprintf(err, errlen, "cannot use '%s': line %ld %s", s->path, s->line, bad);
        cJSON_Delete(o);
        return GEN_EXIT_IO;
    }
    *cid = xstrdup(id->valuestring);
    json_append(body, b);
    cJSON_Delete(o);
    return 0;
}

/* The next request: 1 with *cid (malloc'd) and its body, 0 at the end, or -1
 * with *rc an exit code and the message in err. */
static int source_next(source *s, char **cid, strbuf *body, int *rc, char *err, size_t errlen)
{
    *rc = 0;
    if (s->it) {
        cJSON *req = requests_next(s->it, rc, err, errlen);
        if (!req)
            return *rc ? -1 : 0;
        *cid = xstrdup(cJSON_GetObjectItemCaseSensitive(req, "custom_id")->valuestring);
        json_append(body, cJSON_GetObjectItemCaseSensitive(req, "body"));
        cJSON_Delete(req);
        return 1;
    }
    for (;;) {
        errno = 0;
        ssize_t n = getline(&s->buf, &s->cap, s->f);
        if (n < 0) {
            if (ferror(s->f)) {
                snprintf(err, errlen, "cannot read '%s': %s", s->path, strerror(errno ? errno : EIO));
                *rc = GEN_EXIT_IO;
                return -1;
            }
            return 0;
        }
        s->line++;
        if ((size_t)n > ASK_MAX_LINE) {
            snprintf(err, errlen, "cannot read '%s': line %ld is over %zu MiB", s->path, s->line, ASK_MAX_LINE >> 20);
            *rc = GEN_EXIT_IO;
            return -1;
        }
        size_t len = (size_t)n;
        while (len && (s->buf[len - 1] == '\n' || s->buf[len - 1] == '\r'))
            len--;
        size_t q = 0;
        while (q < len && (s->buf[q] == ' ' || s->buf[q] == '\t'))
            q++;
        if (q == len)
            continue;
        *rc = file_request(s, s->buf, len, cid, body, err, errlen);
        return *rc ? -1 : 1;
    }
}

/* ---- the requests' ids and hashes, before anything is sent ---- */

typedef struct planned {
    char *id;
    char hash[65];
} planned;

static int cmp_planned(const void *a, const void *b)
{
    return strcmp(((const planned *)a)->id, ((const planned *)b)->id);
}

/* Every request of the source: ids and body hashes, sorted by id; a requests
 * file that repeats an id is refused.  An exit code, the message in err. */
static int plan_all(const ask_options *o, bool file, planned **out, long *n, char *err, size_t errlen)
{
    source s;
    int rc = source_open(&s, o, file, err, errlen);
    long cap = 0;
    *out = NULL;
    *n = 0;
    while (!rc) {
        char *cid = NULL;
        strbuf body = {0};
        int got = source_next(&s, &cid, &body, &rc, err, errlen);
        if (got <= 0) {
            strbuf_free(&body);
            break;
        }
        if (*n == cap) {
            cap = cap ? 2 * cap : 1024;
            *out = xrealloc(*out, sizeof **out * (size_t)cap);
        }
        (*out)[*n].id = cid;
        sha256_hex(body.buf, body.len, (*out)[*n].hash);
        (*n)++;
        strbuf_free(&body);
    }
    source_close(&s);
    if (!rc && *n > 1) {
        qsort(*out, (size_t)*n, sizeof **out, cmp_planned);
        for (long k = 1; k < *n && !rc; k++)
            if (strcmp((*out)[k - 1].id, (*out)[k].id) == 0) {
                snprintf(err, errlen, "cannot use '%s': custom_id '%.80s' appears twice (each request needs an id of "
                         "its own)", o->input, (*out)[k].id);
                rc = GEN_EXIT_IO;
            }
    }
    return rc;
}

static void plan_free(planned *p, long n)
{
    for (long k = 0; k < n; k++)
        free(p[k].id);
    free(p);
}

/* ---- the lines of the results file ---- */

/* s with every byte sequence that is not UTF-8 replaced by U+FFFD. */
static char *utf8_clean(const char *s)
{
    strbuf out = {0};
    size_t n = strlen(s);
    while (n) {
        long bad = ds_utf8_bad(s, n);
        if (bad < 0) {
            strbuf_addn(&out, s, n);
            break;
        }
        strbuf_addn(&out, s, (size_t)bad);
        strbuf_add(&out, "\xEF\xBF\xBD");
        s += bad + 1;
        n -= (size_t)bad + 1;
    }
    if (!out.buf)
        strbuf_add(&out, "");
    return out.buf;
}

/* True when line is what gen score reads: strict JSON, UTF-8, not too many
 * values (eval.h). */
static bool scoreable(const strbuf *line)
{
    char why[300];
    long values = 0;
    return ds_utf8_bad(line->buf, line->len) < 0 &&
           strict_json_validate_count(line->buf, line->len, 0, &values, why, sizeof why) == 0 &&
           values <= EVAL_VALUES_PER_LINE;
}

/* The line of an answer: the server's body as it came, or when that is not what
 * gen score reads (deep, huge, not UTF-8 ...), the completion's message content
 * and usage alone.  Takes body. */
static void answer_line(strbuf *line, const char *cid, const char *hash, cJSON *body, const char *key)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "custom_id", cid);
    cJSON_AddStringToObject(o, "request_sha256", hash);
    cJSON *resp = cJSON_AddObjectToObject(o, "response");
    cJSON_AddNumberToObject(resp, "status_code", 200);
    cJSON_AddItemToObject(resp, "body", body);
    cJSON_AddNullToObject(o, "error");
    json_append(line, o);
    chat_scrub(line, key);
    if (!scoreable(line)) {
        const cJSON *choice = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(body, "choices"), 0);
        const cJSON *content = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(choice, "message"),
                                                                "content");
        const cJSON *usage = cJSON_GetObjectItemCaseSensitive(body, "usage");
        cJSON *small = cJSON_CreateObject();
        cJSON *choices = cJSON_AddArrayToObject(small, "choices");
        cJSON *c0 = cJSON_CreateObject();
        cJSON_AddItemToArray(choices, c0);
        cJSON *msg = cJSON_AddObjectToObject(c0, "message");
        cJSON_AddStringToObject(msg, "role", "assistant");
        if (cJSON_IsString(content)) {
            char *clean = utf8_clean(content->valuestring);
            cJSON_AddStringToObject(msg, "content", clean);
            free(clean);
        } else {
            cJSON_AddNullToObject(msg, "content");
        }
        const char *keys[] = {"prompt_tokens", "completion_tokens", "total_tokens"};
        cJSON *u = NULL;
        for (int k = 0; k < 3; k++) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(usage, keys[k]);
            if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 1e15) {
                if (!u)
                    u = cJSON_AddObjectToObject(small, "usage");
                cJSON_AddNumberToObject(u, keys[k], floor(v->valuedouble));
            }
        }
        cJSON_ReplaceItemInObjectCaseSensitive(resp, "body", small);
        line->len = 0;
        json_append(line, o);
        chat_scrub(line, key);
    }
    strbuf_add(line, "\n");
    cJSON_Delete(o);
}

/* The line of a request that failed: the status when the server answered with
 * an error (null when it did not answer, or answered 2xx with a body that is no
 * chat completion: there is no response to read), and the error.  The body of an
 * error is left out: its message is in "message". */
static void failure_line(strbuf *line, const char *cid, const char *hash, const chat_reply *r, int tries,
                         const char *key)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "custom_id", cid);
    cJSON_AddStringToObject(o, "request_sha256", hash);
    if (r->status > 0 && (r->status < 200 || r->status >= 300)) {
        cJSON *resp = cJSON_AddObjectToObject(o, "response");
        cJSON_AddNumberToObject(resp, "status_code", (double)r->status);
        cJSON_AddNullToObject(resp, "body");
    } else {
        cJSON_AddNullToObject(o, "response");
    }
    cJSON *e = cJSON_AddObjectToObject(o, "error");
    cJSON_AddStringToObject(e, "code", r->code ? r->code : "failed");
    strbuf m = {0};
    strbuf_addf(&m, "%s (%d %s)", r->what, tries, tries == 1 ? "try" : "tries");
    char *clean = utf8_clean(m.buf);
    cJSON_AddStringToObject(e, "message", clean);
    free(clean);
    strbuf_free(&m);
    json_append(line, o);
    chat_scrub(line, key);
    strbuf_add(line, "\n");
    cJSON_Delete(o);
}

/* ---- the endpoint ---- */

/* The chat/completions URL of the endpoint, its host, and whether the host is
 * this machine; an exit code, the message in err. */
static int endpoint_url(const char *endpoint, strbuf *url, strbuf *host, bool *local, char *err, size_t errlen)
{
    CURLU *u = curl_url();
    char *scheme = NULL, *h = NULL;
    int rc = 0;
    if (!u || curl_url_set(u, CURLUPART_URL, endpoint, 0) != CURLUE_OK ||
        curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
        curl_url_get(u, CURLUPART_HOST, &h, 0) != CURLUE_OK || !h || !*h) {
        snprintf(err, errlen, "bad --endpoint '%.200s' (expected the API's base URL, such as http://localhost:8000/v1)",
                 endpoint);
        rc = GEN_EXIT_USAGE;
    } else if (strcmp(scheme, "http") != 0 && strcmp(scheme, "https") != 0) {
        snprintf(err, errlen, "bad --endpoint '%.200s': gen ask speaks http and https, not %s", endpoint, scheme);
        rc = GEN_EXIT_USAGE;
    } else {
        size_t n = strlen(endpoint);
        while (n && endpoint[n - 1] == '/')
            n--;
        strbuf_addn(url, endpoint, n);
        if (n < 17 || strncmp(endpoint + n - 17, "/chat/completions", 17) != 0)
            strbuf_add(url, "/chat/completions");
        strbuf_add(host, h);
        *local = strcmp(h, "localhost") == 0 || strncmp(h, "127.", 4) == 0 || strcmp(h, "[::1]") == 0 ||
                 strcmp(h, "::1") == 0;
        *local = *local || strcmp(scheme, "https") == 0; /* encrypted: no warning either */
    }
    curl_free(scheme);
    curl_free(h);
    curl_url_cleanup(u);
    return rc;
}

/* ---- the run ---- */

typedef struct tally {
    long total;      /* requests of the source */
    long before;     /* answered in the file before this run */
    long answered, failed, retried, sent;
    double prompt_tokens, completion_tokens;
    bool tokens;
    char first_failure[300];
} tally;

static void draw(progress *pg, const tally *t, long todo, bool final)
{
    if (!progress_due(pg, final))
        return;
    double el = progress_elapsed(pg);
    long done = t->answered + t->failed;
    double rate = el > 0 ? done / el : 0;
    char eta[32];
    progress_duration(rate > 0 ? (todo - done) / rate : -1, eta, sizeof eta);
    progress_draw(pg, final, "ask: %ld/%ld done, %ld failed, %ld retried, %.1f/s, ETA %s", done, todo, t->failed,
                  t->retried, rate, eta);
}

/* The message of a fatal answer: what happened, and what to do. */
static void fatal_message(const chat_reply *r, const ask_options *o, const char *url, bool keyed, const char *var,
                          strbuf *m)
{
    const char *code = r->code ? r->code : "";
    if (strcmp(code, "http_401") == 0 || strcmp(code, "http_403") == 0) {
        strbuf_addf(m, "the server refused the request: %s (POST %s); ", r->what, url);
        if (keyed)
            strbuf_addf(m, "the key in %s is not one it accepts: set %s to a valid key", var, var);
        else
            strbuf_addf(m, "no key was sent: put one in OPENAI_API_KEY, or in a variable named with --api-key-env VAR");
    } else if (strcmp(code, "http_404") == 0) {
        strbuf_addf(m, "the server knows no model '%s' or no such URL: %s (POST %s); check --model against "
                    "GET <endpoint>/models, and that --endpoint is the API's base URL, such as "
                    "http://localhost:8000/v1", o->model ? o->model : "(the requests' own)", r->what, url);
    } else if (strcmp(code, "connection") == 0) {
        strbuf_addf(m, "%s (POST %s): is the server running there? (vllm serve listens on http://localhost:8000/v1, "
                    "llama.cpp's llama-server on http://localhost:8080/v1)", r->what, url);
    } else if (strcmp(code, "redirect") == 0) {
        strbuf_addf(m, "POST %s: %s; if that is the server, give it as --endpoint", url, r->what);
    } else if (strcmp(code, "tls") == 0) {
        strbuf_addf(m, "POST %s: %s (gen verifies the server's certificate and name against the system's "
                    "certificate authorities)", url, r->what);
    } else {
        strbuf_addf(m, "POST %s: %s", url, r->what);
    }
}

int ask_run(const ask_options *o)
{
    char err[1024];
    int rc = 0;
    struct stat st;
    bool file = stat(o->input, &st) == 0 && !S_ISDIR(st.st_mode);
    if (stat(o->input, &st) != 0) {
        fprintf(stderr, "gen: cannot read '%s': %s\n", o->input, strerror(errno));
        return GEN_EXIT_IO;
    }
    /* the key: from the environment only */
    const char *var = o->key_env ? o->key_env : "OPENAI_API_KEY";
    const char *key = getenv(var);
    if (key && !*key)
        key = NULL;
    if (!key && o->key_env)
        return eval_usage_fail("--api-key-env names '%s', which is not set (export %s=... first; the key never goes "
                               "on the command line)", var, var);
    if (key && !chat_key_ok(key))
        return eval_usage_fail("the key in %s cannot go into an HTTP header (it holds a space, a control character "
                               "or a non-ASCII byte, or is over 4096 characters)", var);
    strbuf url = {0}, host = {0};
    bool local = false;
    rc = endpoint_url(o->endpoint, &url, &host, &local, err, sizeof err);
    if (rc) {
        fprintf(stderr, "gen: %s\n", err);
        strbuf_free(&url);
        strbuf_free(&host);
        return rc;
    }
    if (key && !local && !o->quiet)
        fprintf(stderr, "gen: ask: warning: the key goes to '%s' over plain http, unencrypted\n", host.buf);

    /* the requests, checked before anything is sent or written */
    source src;
    rc = source_open(&src, o, file, err, sizeof err);
    if (!rc && !file && requests_refuse_output(src.it, o->out, err, sizeof err) != 0)
        rc = GEN_EXIT_USAGE;
    if (!rc && file && ds_same_file(o->out, o->input)) {
        snprintf(err, sizeof err, "refused to write '%s': it is the requests file being read", o->out);
        rc = GEN_EXIT_USAGE;
    }
    long total = src.it ? requests_total(src.it) : 0;
    source_close(&src);
    /* a requests file, or a results file to take up: every request's id and
     * hash first (an answer to another request under one id is refused before
     * anything is sent) */
    planned *plan = NULL;
    long nplan = 0;
    bool resume = stat(o->out, &st) == 0 && st.st_size > 0;
    if (!rc && (file || resume)) {
        rc = plan_all(o, file, &plan, &nplan, err, sizeof err);
        total = nplan;
    }
    bool existed = path_exists(o->out);
    results_file res = {.fd = -1};
    if (!rc)
        rc = results_open(&res, o->out, err, sizeof err);
    tally t = {.total = total};
    long foreign = 0;
    for (long k = 0; !rc && k < res.nanswers; k++) {
        const results_answer *a = &res.answers[k];
        planned key_p = {.id = a->id};
        planned *p = nplan ? bsearch(&key_p, plan, (size_t)nplan, sizeof *plan, cmp_planned) : NULL;
        if (!p) {
            foreign++;
        } else if (a->hash[0] && strcmp(a->hash, p->hash) != 0) {
            long other = 0;
            for (long j = 0; j < res.nanswers; j++) {
                planned kj = {.id = res.answers[j].id};
                planned *pj = bsearch(&kj, plan, (size_t)nplan, sizeof *plan, cmp_planned);
                other += pj && res.answers[j].hash[0] && strcmp(res.answers[j].hash, pj->hash) != 0;
            }
            snprintf(err, sizeof err, "cannot continue '%s': its answer to '%.80s' (line %ld) is to another request: "
                     "the data, prompt, model or options differ (%ld answer%s so); write to another file with -o, or "
                     "remove this one to ask again", o->out, a->id, a->line, other, other == 1 ? "" : "s");
            rc = GEN_EXIT_ANSWERS;
        } else {
            t.before++;
        }
    }
    plan_free(plan, nplan);
    if (!rc && results_settle(&res, err, sizeof err) != 0)
        rc = GEN_EXIT_IO;
    if (rc) {
        if (res.fd >= 0) {
            char e2[512];
            results_close(&res, e2, sizeof e2);
        }
        fprintf(stderr, "gen: %s\n", err);
        strbuf_free(&url);
        strbuf_free(&host);
        return rc;
    }
    if (!o->quiet && (res.failed_dropped || res.repeats_dropped || res.cut_dropped))
        fprintf(stderr, "gen: ask: '%s': %ld answer%s kept; asking again %ld failed request%s%s%s\n", o->out,
                res.nanswers, res.nanswers == 1 ? "" : "s", res.failed_dropped, res.failed_dropped == 1 ? "" : "s",
                res.repeats_dropped ? " (and a repeated answer removed)" : "",
                res.cut_dropped ? " and a line cut short" : "");
    if (!o->quiet && foreign)
        fprintf(stderr, "gen: ask: '%s' also holds %ld answer%s to requests this run does not make (kept)\n", o->out,
                foreign, foreign == 1 ? "" : "s");

    /* the pool, and the loop */
    char agent[64];
    snprintf(agent, sizeof agent, "gen/%s", GEN_VERSION);
    chat_config cc = {.url = url.buf,
                      .key = key,
                      .concurrency = o->concurrency,
                      .timeout_ms = (long)ceil(o->timeout * 1000.0),
                      .max_body = CHAT_MAX_BODY,
                      .agent = agent};
    chat_pool *pool = chat_pool_new(&cc, err, sizeof err);
    if (!pool) {
        fprintf(stderr, "gen: %s\n", err);
        results_close(&res, err, sizeof err);
        strbuf_free(&url);
        strbuf_free(&host);
        return GEN_EXIT_INTERNAL;
    }
    rc = source_open(&src, o, file, err, sizeof err);
    if (rc)
        fprintf(stderr, "gen: %s\n", err);
    progress pg;
    progress_start(&pg, !o->quiet && isatty(STDERR_FILENO));
    long todo = total - t.before;
    unsigned long long jitter_state = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32) ^
                             (unsigned long long)(mono_seconds() * 1e9);
    bool source_done = rc != 0, stop = false, abandoned = false;
    int fatal = 0;
    strbuf fatal_msg = {0};
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    catch_signals();
    while (!stop) {
        if (signals >= 1 && !source_done) {
            source_done = true; /* nothing more is sent */
            chat_pool_drop_waiting(pool);
            progress_end(&pg);
            if (!o->quiet)
                fprintf(stderr, "gen: ask: interrupted by %s: finishing the %d request%s in flight (again to abandon "
                        "them)\n", last_signal == SIGTERM ? "SIGTERM" : "SIGINT", chat_pool_in_flight(pool),
                        chat_pool_in_flight(pool) == 1 ? "" : "s");
        }
        if (signals >= 2 && !abandoned) {
            chat_pool_abandon(pool);
            abandoned = true;
        }
        while (!source_done && chat_pool_has_room(pool)) {
            char *cid = NULL;
            strbuf body = {0};
            int got = source_next(&src, &cid, &body, &rc, err, sizeof err);
            if (got <= 0) {
                strbuf_free(&body);
                source_done = true;
                if (got < 0) {
                    progress_end(&pg);
                    fprintf(stderr, "gen: %s\n", err);
                }
                break;
            }
            if (results_find(&res, cid)) {
                free(cid);
                strbuf_free(&body);
                continue;
            }
            chat_job *job = xcalloc(1, sizeof *job);
            job->id = cid;
            job->len = body.len;
            job->body = body.buf;
            job->user = xcalloc(65, 1);
            sha256_hex(job->body, job->len, job->user);
            chat_pool_add(pool, job, 0);
            t.sent++;
        }
        if (chat_pool_size(pool) == 0 && source_done)
            break;
        chat_pool_step(pool, 100);
        chat_reply r;
        chat_job *job;
        while ((job = chat_pool_done(pool, &r)) != NULL) {
            char *hash = job->user;
            strbuf line = {0};
            bool retry = r.outcome == CHAT_RETRY && job->tries <= o->retries && signals == 0 && !fatal;
            if (r.outcome == CHAT_FATAL || (r.outcome == CHAT_RETRY && r.connection && !retry && signals == 0)) {
                if (!fatal) {
                    fatal = 1;
                    if (r.outcome == CHAT_FATAL) {
                        fatal_message(&r, o, url.buf, key != NULL, var, &fatal_msg);
                    } else {
                        strbuf_addf(&fatal_msg, "lost the server at %s: %s (%d tries); the answers so far are in "
                                    "'%s': run the same command again when the server is back", url.buf, r.what,
                                    job->tries, o->out);
                    }
                }
            } else if (r.outcome == CHAT_OK) {
                const cJSON *usage = cJSON_GetObjectItemCaseSensitive(r.json, "usage");
                const cJSON *pt = cJSON_GetObjectItemCaseSensitive(usage, "prompt_tokens");
                const cJSON *ct = cJSON_GetObjectItemCaseSensitive(usage, "completion_tokens");
                if (cJSON_IsNumber(pt) && cJSON_IsNumber(ct)) {
                    t.tokens = true;
                    t.prompt_tokens += pt->valuedouble;
                    t.completion_tokens += ct->valuedouble;
                }
                answer_line(&line, job->id, hash, r.json, key);
                r.json = NULL; /* the line took it */
                t.answered++;
            } else if (retry) {
                t.retried++;
                jitter_state ^= jitter_state << 13;
                jitter_state ^= jitter_state >> 7;
                jitter_state ^= jitter_state << 17;
                double u = (double)(jitter_state >> 11) / 9007199254740992.0;
                chat_pool_add(pool, job, chat_backoff(job->tries, r.retry_after, u));
                job = NULL;
            } else if (r.outcome == CHAT_FAILED || (!fatal && signals == 0)) {
                /* failed for good, or out of retries */
                failure_line(&line, job->id, hash, &r, job->tries, key);
                if (!t.failed)
                    snprintf(t.first_failure, sizeof t.first_failure, "%s", r.what);
                t.failed++;
            }
            /* else: interrupted before its retry: no line, asked again next time */
            if (line.len && results_append(&res, line.buf, line.len, err, sizeof err) != 0 && !fatal) {
                fatal = 2;
                strbuf_add(&fatal_msg, err);
            }
            if (line.buf)
                memset(line.buf, 0, line.len);
            strbuf_free(&line);
            chat_reply_clear(&r);
            chat_job_free(job);
        }
        if (fatal) {
            chat_pool_abandon(pool);
            break;
        }
        draw(&pg, &t, todo, false);
    }
    draw(&pg, &t, todo, true);
    progress_end(&pg);
    release_signals();
    signal(SIGPIPE, old_pipe);
    chat_pool_free(pool);
    source_close(&src);
    bool wrote = t.answered + t.failed > 0;
    if (results_close(&res, err, sizeof err) != 0 && !fatal && !rc) {
        fprintf(stderr, "gen: %s\n", err);
        rc = GEN_EXIT_IO;
    }
    /* a file this run made and nothing went into: gone again */
    if (!existed && !wrote && t.before == 0)
        unlink(o->out);
    if (fatal) {
        fprintf(stderr, "gen: ask: %s\n", fatal_msg.buf);
        rc = fatal == 1 ? GEN_EXIT_SERVER : GEN_EXIT_IO;
    } else if (signals) {
        rc = GEN_EXIT_INTERRUPTED;
    } else if (!rc && t.failed) {
        rc = GEN_EXIT_PARTIAL;
    }
    if (!o->quiet) {
        char took[32];
        progress_duration(progress_elapsed(&pg), took, sizeof took);
        fprintf(stderr, "gen: ask: %ld request%s: %ld answered now, %ld before, %ld failed, %ld not asked; %ld "
                "retr%s", total, total == 1 ? "" : "s", t.answered, t.before, t.failed,
                total - t.before - t.answered - t.failed, t.retried, t.retried == 1 ? "y" : "ies");
        if (t.tokens)
            fprintf(stderr, "; tokens: %.0f prompt, %.0f completion", t.prompt_tokens, t.completion_tokens);
        fprintf(stderr, "; %s; answers in '%s'\n", took, o->out);
        if (t.failed)
            fprintf(stderr, "gen: ask: %ld request%s failed (first: %s): %s the error%s, gen score counts %s as no "
                    "answer, and the same command again asks %s again\n", t.failed, t.failed == 1 ? "" : "s",
                    t.first_failure, t.failed == 1 ? "its line holds" : "their lines hold", t.failed == 1 ? "" : "s",
                    t.failed == 1 ? "it" : "them", t.failed == 1 ? "it" : "them");
        if (signals)
            fprintf(stderr, "gen: ask: interrupted: the same command again asks the %ld request%s not answered\n",
                    total - t.before - t.answered, total - t.before - t.answered == 1 ? "" : "s");
    }
    strbuf_free(&fatal_msg);
    strbuf_free(&url);
    strbuf_free(&host);
    return rc;
}
