/* SPDX-License-Identifier: MIT */
/* chat.h - requests to an OpenAI-compatible chat-completions server (vllm
 * serve, llama.cpp's server, SGLang, Ollama, a hosted API), over libcurl.
 *
 * Contract:
 *  1. A pool holds at most `concurrency` requests (curl multi, one thread):
 *     those in flight and those waiting for a retry.  Each is a POST of a JSON
 *     body to the server's chat/completions URL, with the key, when there is
 *     one, as "Authorization: Bearer".  http and https only; TLS certificates
 *     and host names are verified; a redirect is never followed (it is a fatal
 *     answer, naming where it points); a response body over max_body bytes is
 *     refused as it arrives.
 *  2. Each finished attempt is classified (chat_outcome): CHAT_OK is a 2xx
 *     whose body is a chat completion (a JSON object with choices[0].message);
 *     CHAT_RETRY is a 429, 408, 409, 425 or 5xx, a time-out, a connection that
 *     failed or broke, or a 2xx body that is not JSON or not a chat completion;
 *     CHAT_FAILED is any other 4xx or a body over the bound (asking again would
 *     give the same); CHAT_FATAL ends the run: 401 or 403 (the key), 404 (the
 *     model or the URL), a redirect, a certificate that does not verify, or no
 *     connection before the server has answered anything.
 *  3. A 429 or 503 with Retry-After holds every new start (not only that
 *     request's) until that time has passed: the server asked for a pause.
 *  4. Text from the server that reaches a message is scrubbed of the key
 *     (chat_scrub) and cut short; the key itself is never printed.
 */
#ifndef GEN_CHAT_H
#define GEN_CHAT_H

#include "util.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest response body read: a chat completion is a few KB (an answer and
 * its usage); 16 MiB is a server gone wrong, or one that means harm. */
#define CHAT_MAX_BODY ((size_t)16 << 20)
/* Backoff: 1 s before the first retry, doubling, at most 60 s; a server's
 * Retry-After is honoured up to 600 s. */
#define CHAT_BACKOFF_BASE 1.0
#define CHAT_BACKOFF_MAX 60.0
#define CHAT_RETRY_AFTER_MAX 600.0

typedef enum chat_outcome { CHAT_OK, CHAT_RETRY, CHAT_FAILED, CHAT_FATAL } chat_outcome;

typedef struct chat_config {
    const char *url;    /* the full chat/completions URL */
    const char *key;    /* NULL or "": no Authorization header */
    int concurrency;    /* 1..256 */
    long timeout_ms;    /* one attempt, from connecting to the last byte */
    size_t max_body;    /* 0: CHAT_MAX_BODY */
    const char *agent;  /* User-Agent */
} chat_config;

/* One request: the caller's, lent to the pool from chat_pool_add until it comes
 * back from chat_pool_done. */
typedef struct chat_job {
    char *id;     /* the request's custom_id */
    char *body;   /* the JSON body, as sent */
    size_t len;
    int tries;    /* attempts made so far */
    void *user;   /* the caller's: malloc'd or NULL, freed with the job */
} chat_job;

/* How one attempt ended. */
typedef struct chat_reply {
    chat_outcome outcome;
    long status;         /* the HTTP status, 0 when there was no response */
    cJSON *json;         /* the body when it is JSON (the caller's to free: chat_reply_clear) */
    const char *code;    /* short name: "http_429", "timeout", "connection", "not_json", "too_large", ... */
    char what[512];      /* what happened, for a message or the results line (no key in it) */
    double retry_after;  /* seconds the server asked to wait (Retry-After), or -1 */
    bool connection;     /* no connection could be made (refused, no such host) */
} chat_reply;

typedef struct chat_pool chat_pool;

/* NULL with a message when libcurl cannot be set up. */
chat_pool *chat_pool_new(const chat_config *c, char *err, size_t errlen);
/* Frees the pool and every job still in it; the key's copies are overwritten. */
void chat_pool_free(chat_pool *p);
/* True when a new request may be added now: fewer than `concurrency` requests
 * in the pool, and no Retry-After pause. */
bool chat_pool_has_room(const chat_pool *p);
/* Takes job into the pool, to be sent after delay seconds (0: at once). */
void chat_pool_add(chat_pool *p, chat_job *job, double delay);
/* Runs the transfers for at most wait_ms milliseconds. */
void chat_pool_step(chat_pool *p, int wait_ms);
/* A finished attempt: its job (given back to the caller) and *r; NULL when
 * none is left. */
chat_job *chat_pool_done(chat_pool *p, chat_reply *r);
/* Requests in the pool: in flight or waiting. */
int chat_pool_size(const chat_pool *p);
/* Requests being sent now. */
int chat_pool_in_flight(const chat_pool *p);
/* Drops every request in the pool (Ctrl-C twice, a fatal answer); they are
 * freed (chat_job_free). */
void chat_pool_abandon(chat_pool *p);
/* Drops the requests waiting for a retry; in-flight ones go on. */
void chat_pool_drop_waiting(chat_pool *p);
/* The largest number of requests that were in flight at once. */
int chat_pool_most_in_flight(const chat_pool *p);

void chat_job_free(chat_job *job);
void chat_reply_clear(chat_reply *r);

/* The wait before retry number `retry` (1 for the first): exponential from
 * CHAT_BACKOFF_BASE, at most CHAT_BACKOFF_MAX, times 0.5 + u / 2 for u in
 * [0, 1) (jitter), and at least the server's retry_after when that is >= 0
 * (capped at CHAT_RETRY_AFTER_MAX). */
double chat_backoff(int retry, double retry_after, double u);
/* Replaces every copy of key in s (also as JSON escapes it) with "[API key]".
 * Nothing when key is NULL or empty. */
void chat_scrub(strbuf *s, const char *key);
/* True when key can go into an HTTP header: 1..4096 printable ASCII
 * characters, no space. */
bool chat_key_ok(const char *key);

#endif
