/* SPDX-License-Identifier: MIT */
#include "chat.h"

#include "progress.h"

#include <curl/curl.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* One transfer slot: an easy handle, reused for one request after another. */
typedef struct slot {
    CURL *easy;
    chat_job *job;   /* NULL: free */
    strbuf body;     /* the response so far */
    bool too_big;
    size_t max;      /* the largest body kept */
    char errbuf[CURL_ERROR_SIZE];
} slot;

typedef struct waiting {
    chat_job *job;
    double due;
} waiting;

typedef struct finished {
    chat_job *job;
    chat_reply r;
} finished;

struct chat_pool {
    chat_config cfg;
    char *url, *agent;
    char *key; /* a copy, overwritten when freed */
    CURLM *multi;
    struct curl_slist *headers;
    slot *slots;
    int active, most;
    waiting *wait;
    int nwait;
    finished *done;
    int ndone;
    bool answered; /* the server has answered (any HTTP status) */
    double hold_until;
};

static bool curl_ready;

double chat_backoff(int retry, double retry_after, double u)
{
    double d = CHAT_BACKOFF_BASE;
    for (int k = 1; k < retry && d < CHAT_BACKOFF_MAX; k++)
        d *= 2;
    if (d > CHAT_BACKOFF_MAX)
        d = CHAT_BACKOFF_MAX;
    if (u < 0 || u >= 1)
        u = 0;
    d *= 0.5 + u / 2;
    if (retry_after >= 0) {
        double ra = retry_after > CHAT_RETRY_AFTER_MAX ? CHAT_RETRY_AFTER_MAX : retry_after;
        if (d < ra)
            d = ra;
    }
    return d;
}

bool chat_key_ok(const char *key)
{
    size_t n = strlen(key);
    if (n == 0 || n > 4096)
        return false;
    for (size_t i = 0; i < n; i++)
        if (key[i] <= ' ' || key[i] > '~')
            return false;
    return true;
}

static void replace_all(strbuf *s, const char *what, const char *with)
{
    size_t wl = strlen(what);
    if (!s->buf || !wl || !strstr(s->buf, what))
        return;
    strbuf out = {0};
    const char *p = s->buf, *hit;
    while ((hit = strstr(p, what)) != NULL) {
        strbuf_addn(&out, p, (size_t)(hit - p));
        strbuf_add(&out, with);
        p = hit + wl;
    }
    strbuf_add(&out, p);
    memset(s->buf, 0, s->len);
    strbuf_free(s);
    *s = out;
}

void chat_scrub(strbuf *s, const char *key)
{
    if (!key || !*key)
        return;
    replace_all(s, key, "[API key]");
    /* the key as a JSON string has it: " and \ escaped */
    if (strpbrk(key, "\"\\")) {
        strbuf esc = {0};
        for (const char *k = key; *k; k++) {
            if (*k == '"' || *k == '\\')
                strbuf_add(&esc, "\\");
            strbuf_addn(&esc, k, 1);
        }
        replace_all(s, esc.buf, "[API key]");
        strbuf_free(&esc);
    }
}

/* Keeps the response body, refusing it as soon as it passes the slot's bound. */
static size_t on_data(char *data, size_t size, size_t n, void *arg)
{
    slot *s = arg;
    size_t bytes = size * n;
    if (bytes > s->max || s->body.len > s->max - bytes) {
        s->too_big = true;
        return 0; /* libcurl ends the transfer: CURLE_WRITE_ERROR */
    }
    strbuf_addn(&s->body, data, bytes);
    return bytes;
}

chat_pool *chat_pool_new(const chat_config *c, char *err, size_t errlen)
{
    if (!curl_ready) {
        if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
            snprintf(err, errlen, "cannot start libcurl");
            return NULL;
        }
        curl_ready = true;
    }
    chat_pool *p = xcalloc(1, sizeof *p);
    p->cfg = *c;
    if (!p->cfg.max_body)
        p->cfg.max_body = CHAT_MAX_BODY;
    p->url = xstrdup(c->url);
    p->agent = xstrdup(c->agent ? c->agent : "gen");
    p->cfg.url = p->url;
    p->cfg.agent = p->agent;
    p->multi = curl_multi_init();
    if (!p->multi) {
        snprintf(err, errlen, "cannot start libcurl");
        free(p->url);
        free(p->agent);
        free(p);
        return NULL;
    }
    /* a body of a few MB (a video's frames) goes at once, not after waiting on
     * "100 Continue" from a server that may never send it */
    p->headers = curl_slist_append(p->headers, "Expect:");
    p->headers = curl_slist_append(p->headers, "Content-Type: application/json");
    p->headers = curl_slist_append(p->headers, "Accept: application/json");
    if (c->key && *c->key) {
        p->key = xstrdup(c->key);
        strbuf h = {0};
        strbuf_addf(&h, "Authorization: Bearer %s", c->key);
        p->headers = curl_slist_append(p->headers, h.buf);
        memset(h.buf, 0, h.len);
        strbuf_free(&h);
        p->cfg.key = p->key;
    } else {
        p->cfg.key = NULL;
    }
    int n = c->concurrency < 1 ? 1 : c->concurrency;
    p->cfg.concurrency = n;
    p->slots = xcalloc((size_t)n, sizeof *p->slots);
    p->wait = xcalloc((size_t)n, sizeof *p->wait);
    p->done = xcalloc((size_t)n, sizeof *p->done);
    for (int k = 0; k < n; k++) {
        slot *s = &p->slots[k];
        s->easy = curl_easy_init();
        if (!s->easy) {
            snprintf(err, errlen, "cannot start libcurl");
            chat_pool_free(p);
            return NULL;
        }
        CURL *e = s->easy;
        s->max = p->cfg.max_body;
        curl_easy_setopt(e, CURLOPT_URL, p->url);
        curl_easy_setopt(e, CURLOPT_HTTPHEADER, p->headers);
        curl_easy_setopt(e, CURLOPT_USERAGENT, p->agent);
        curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L);
        curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 2L);
        curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, c->timeout_ms);
        curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, c->timeout_ms < 30000 ? c->timeout_ms : 30000L);
        curl_easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)p->cfg.max_body);
        curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
        curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_data);
        curl_easy_setopt(e, CURLOPT_WRITEDATA, s);
        curl_easy_setopt(e, CURLOPT_ERRORBUFFER, s->errbuf);
        curl_easy_setopt(e, CURLOPT_PRIVATE, s);
        curl_easy_setopt(e, CURLOPT_POST, 1L);
        curl_easy_setopt(e, CURLOPT_TCP_KEEPALIVE, 1L);
    }
    return p;
}

void chat_job_free(chat_job *job)
{
    if (!job)
        return;
    free(job->id);
    free(job->body);
    free(job->user);
    free(job);
}

void chat_reply_clear(chat_reply *r)
{
    cJSON_Delete(r->json);
    r->json = NULL;
}

void chat_pool_abandon(chat_pool *p)
{
    int n = p->cfg.concurrency;
    for (int k = 0; k < n; k++) {
        slot *s = &p->slots[k];
        if (s->job) {
            curl_multi_remove_handle(p->multi, s->easy);
            chat_job_free(s->job);
            s->job = NULL;
            strbuf_free(&s->body);
        }
    }
    p->active = 0;
    chat_pool_drop_waiting(p);
}

void chat_pool_drop_waiting(chat_pool *p)
{
    for (int k = 0; k < p->nwait; k++)
        chat_job_free(p->wait[k].job);
    p->nwait = 0;
}

void chat_pool_free(chat_pool *p)
{
    if (!p)
        return;
    chat_pool_abandon(p);
    for (int k = 0; k < p->ndone; k++) {
        chat_job_free(p->done[k].job);
        chat_reply_clear(&p->done[k].r);
    }
    for (int k = 0; k < p->cfg.concurrency; k++)
        if (p->slots[k].easy)
            curl_easy_cleanup(p->slots[k].easy);
    if (p->multi)
        curl_multi_cleanup(p->multi);
    /* the Authorization header and the key: overwritten before they are freed */
    for (struct curl_slist *h = p->headers; h; h = h->next)
        memset(h->data, 0, strlen(h->data));
    curl_slist_free_all(p->headers);
    if (p->key) {
        memset(p->key, 0, strlen(p->key));
        free(p->key);
    }
    free(p->slots);
    free(p->wait);
    free(p->done);
    free(p->url);
    free(p->agent);
    free(p);
}

int chat_pool_size(const chat_pool *p)
{
    return p->active + p->nwait;
}

int chat_pool_in_flight(const chat_pool *p)
{
    return p->active;
}

int chat_pool_most_in_flight(const chat_pool *p)
{
    return p->most;
}

bool chat_pool_has_room(const chat_pool *p)
{
    return chat_pool_size(p) + p->ndone < p->cfg.concurrency && mono_seconds() >= p->hold_until;
}

void chat_pool_add(chat_pool *p, chat_job *job, double delay)
{
    /* the caller keeps to chat_pool_has_room, or re-adds a job it was given
     * back (its place is free again) */
    p->wait[p->nwait].job = job;
    p->wait[p->nwait].due = mono_seconds() + (delay > 0 ? delay : 0);
    p->nwait++;
}

/* Starts the waiting jobs that are due, oldest first, in free slots. */
static void start_due(chat_pool *p)
{
    double now = mono_seconds();
    if (now < p->hold_until)
        return;
    for (int w = 0; w < p->nwait;) {
        if (p->wait[w].due > now) {
            w++;
            continue;
        }
        slot *s = NULL;
        for (int k = 0; k < p->cfg.concurrency && !s; k++)
            if (!p->slots[k].job)
                s = &p->slots[k];
        if (!s)
            return;
        chat_job *job = p->wait[w].job;
        memmove(&p->wait[w], &p->wait[w + 1], sizeof *p->wait * (size_t)(p->nwait - w - 1));
        p->nwait--;
        s->job = job;
        s->too_big = false;
        s->errbuf[0] = '\0';
        strbuf_free(&s->body);
        curl_easy_setopt(s->easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)job->len);
        curl_easy_setopt(s->easy, CURLOPT_POSTFIELDS, job->body);
        job->tries++;
        curl_multi_add_handle(p->multi, s->easy);
        p->active++;
        if (p->active > p->most)
            p->most = p->active;
    }
}

/* Up to 300 bytes of what the server said: the "message" of a JSON error
 * ({"error": {"message": ...}}, or {"error": "...", "message": ...}), else the
 * start of the body with anything but printable ASCII as '?'; no key in it. */
static void server_said(const slot *s, const cJSON *json, const char *key, strbuf *out)
{
    const char *text = NULL;
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(json, "error");
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "message");
    if (cJSON_IsString(m))
        text = m->valuestring;
    else if (cJSON_IsString(e))
        text = e->valuestring;
    else if (cJSON_IsString((m = cJSON_GetObjectItemCaseSensitive(json, "message"))))
        text = m->valuestring;
    else if (cJSON_IsString((m = cJSON_GetObjectItemCaseSensitive(json, "detail"))))
        text = m->valuestring;
    strbuf t = {0};
    if (text)
        strbuf_add(&t, text);
    else if (!json && s->body.len)
        strbuf_addn(&t, s->body.buf, s->body.len);
    chat_scrub(&t, key);
    size_t n = t.len > 300 ? 300 : t.len;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t.buf[i];
        strbuf_addn(out, c >= ' ' && c < 127 ? (const char *)&t.buf[i] : "?", 1);
    }
    if (t.len > n)
        strbuf_add(out, "...");
    if (t.buf)
        memset(t.buf, 0, t.len);
    strbuf_free(&t);
}

static bool is_completion(const cJSON *j)
{
    const cJSON *choices = cJSON_GetObjectItemCaseSensitive(j, "choices");
    const cJSON *msg = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(choices, 0), "message");
    return cJSON_IsObject(j) && cJSON_IsObject(msg);
}

static void say(chat_reply *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(chat_reply *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->what, sizeof r->what, fmt, ap);
    va_end(ap);
}

/* How the transfer of slot s ended (res), as a reply. */
static void classify(chat_pool *p, slot *s, CURLcode res, chat_reply *r)
{
    memset(r, 0, sizeof *r);
    r->retry_after = -1;
    long status = 0;
    curl_easy_getinfo(s->easy, CURLINFO_RESPONSE_CODE, &status);
    r->status = status;
    if (status > 0)
        p->answered = true;
    curl_off_t ra = -1;
    if (curl_easy_getinfo(s->easy, CURLINFO_RETRY_AFTER, &ra) == CURLE_OK && ra > 0)
        r->retry_after = (double)ra;
    double limit = (double)p->cfg.timeout_ms / 1000.0;
    if (res != CURLE_OK) {
        const char *why = s->errbuf[0] ? s->errbuf : curl_easy_strerror(res);
        if (s->too_big || res == CURLE_FILESIZE_EXCEEDED) {
            r->outcome = CHAT_FAILED;
            r->code = "too_large";
            say(r, "the response is over gen's limit of %zu bytes (%zu MiB): not read", p->cfg.max_body,
                p->cfg.max_body >> 20);
        } else if (res == CURLE_OPERATION_TIMEDOUT) {
            r->outcome = CHAT_RETRY;
            r->code = "timeout";
            say(r, "no whole response within --timeout %g s", limit);
        } else if (res == CURLE_COULDNT_CONNECT || res == CURLE_COULDNT_RESOLVE_HOST ||
                   res == CURLE_COULDNT_RESOLVE_PROXY) {
            r->connection = true;
            r->outcome = p->answered ? CHAT_RETRY : CHAT_FATAL;
            r->code = "connection";
            say(r, "cannot connect: %s", why);
        } else if (res == CURLE_PEER_FAILED_VERIFICATION || res == CURLE_SSL_CACERT_BADFILE ||
                   res == CURLE_SSL_CERTPROBLEM || (res == CURLE_SSL_CONNECT_ERROR && !p->answered)) {
            r->outcome = CHAT_FATAL;
            r->code = "tls";
            say(r, "the TLS connection failed: %s", why);
        } else if (res == CURLE_UNSUPPORTED_PROTOCOL || res == CURLE_URL_MALFORMAT) {
            r->outcome = CHAT_FATAL;
            r->code = "url";
            say(r, "%s", why);
        } else {
            r->outcome = CHAT_RETRY;
            r->code = "transfer";
            say(r, "the transfer failed: %s", why);
        }
        return;
    }
    if (s->body.len)
        r->json = cJSON_ParseWithLength(s->body.buf, s->body.len);
    strbuf said = {0};
    server_said(s, r->json, p->cfg.key, &said);
    const char *msg = said.buf ? said.buf : "";
    const char *sep = said.len ? ": " : "";
    if (status >= 200 && status < 300) {
        if (!r->json) {
            r->outcome = CHAT_RETRY;
            r->code = "not_json";
            say(r, "HTTP %ld with a body that is not JSON (%zu bytes)", status, s->body.len);
        } else if (!is_completion(r->json)) {
            r->outcome = CHAT_RETRY;
            r->code = "not_completion";
            say(r, "HTTP %ld with JSON that is not a chat completion (no choices[0].message)%s%s", status, sep, msg);
        } else {
            r->outcome = CHAT_OK;
            r->code = "ok";
        }
    } else if (status >= 300 && status < 400) {
        char *to = NULL;
        curl_easy_getinfo(s->easy, CURLINFO_REDIRECT_URL, &to);
        strbuf where = {0};
        strbuf_add(&where, to ? to : "nowhere");
        chat_scrub(&where, p->cfg.key);
        r->outcome = CHAT_FATAL;
        r->code = "redirect";
        say(r, "HTTP %ld redirects to '%.200s', which gen does not follow", status, where.buf);
        strbuf_free(&where);
    } else if (status == 401 || status == 403) {
        r->outcome = CHAT_FATAL;
        r->code = status == 401 ? "http_401" : "http_403";
        say(r, "HTTP %ld %s%s%s", status, status == 401 ? "Unauthorized" : "Forbidden", sep, msg);
    } else if (status == 404) {
        r->outcome = CHAT_FATAL;
        r->code = "http_404";
        say(r, "HTTP 404 Not Found%s%s", sep, msg);
    } else if (status == 408 || status == 409 || status == 425 || status == 429 || status >= 500) {
        r->outcome = CHAT_RETRY;
        r->code = status == 429 ? "http_429" : status >= 500 ? "http_5xx" : "http_4xx";
        say(r, "HTTP %ld%s%s", status, sep, msg);
        if ((status == 429 || status == 503) && r->retry_after > 0) {
            double until = mono_seconds() +
                           (r->retry_after > CHAT_RETRY_AFTER_MAX ? CHAT_RETRY_AFTER_MAX : r->retry_after);
            if (until > p->hold_until)
                p->hold_until = until;
        }
    } else {
        r->outcome = CHAT_FAILED;
        r->code = "http_4xx";
        say(r, "HTTP %ld%s%s", status, sep, msg);
    }
    strbuf_free(&said);
}

void chat_pool_step(chat_pool *p, int wait_ms)
{
    start_due(p);
    if (p->active == 0) {
        /* nothing in flight: sleep until the first due retry, at most wait_ms */
        double next = -1, now = mono_seconds();
        for (int w = 0; w < p->nwait; w++)
            if (next < 0 || p->wait[w].due < next)
                next = p->wait[w].due;
        if (next >= 0 && next < p->hold_until)
            next = p->hold_until;
        double ms = next < 0 ? wait_ms : (next - now) * 1000.0;
        if (ms > wait_ms)
            ms = wait_ms;
        if (ms > 0) {
            struct timespec ts = {(time_t)(ms / 1000), (long)fmod(ms, 1000.0) * 1000000L};
            nanosleep(&ts, NULL);
        }
        start_due(p);
        if (p->active == 0)
            return;
    }
    int running = 0;
    curl_multi_perform(p->multi, &running);
    curl_multi_poll(p->multi, NULL, 0, wait_ms, NULL);
    curl_multi_perform(p->multi, &running);
    CURLMsg *m;
    int left;
    while ((m = curl_multi_info_read(p->multi, &left)) != NULL) {
        if (m->msg != CURLMSG_DONE)
            continue;
        slot *s = NULL;
        curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&s);
        CURLcode res = m->data.result;
        curl_multi_remove_handle(p->multi, m->easy_handle);
        finished *f = &p->done[p->ndone++];
        classify(p, s, res, &f->r);
        f->job = s->job;
        s->job = NULL;
        if (s->body.buf)
            memset(s->body.buf, 0, s->body.len);
        strbuf_free(&s->body);
        p->active--;
    }
}

chat_job *chat_pool_done(chat_pool *p, chat_reply *r)
{
    if (p->ndone == 0)
        return NULL;
    finished f = p->done[0];
    memmove(&p->done[0], &p->done[1], sizeof *p->done * (size_t)(p->ndone - 1));
    p->ndone--;
    *r = f.r;
    return f.job;
}
