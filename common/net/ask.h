/* SPDX-License-Identifier: MIT */
/* ask.h - `gen ask`: every request of a task directory or tree (built as gen
 * requests builds them) or of a requests file, sent to an OpenAI-compatible
 * chat-completions server; each answer kept as one line of a results file in
 * the batch-output shape that gen score reads (docs/evaluation.md).
 *
 * Contract:
 *  1. The key comes only from the environment: OPENAI_API_KEY, or the variable
 *     key_env names.  It is never printed, logged or written: text from the
 *     server is scrubbed of it before it reaches a message or the file.
 *  2. Up to `concurrency` requests are out at once (chat.h).  A request whose
 *     attempt can be retried (chat.h) is sent again after chat_backoff, up to
 *     `retries` times; then, or when it fails for good, its line holds the
 *     error ("response" with the status, or null, and "error": {"code",
 *     "message"}), which gen score counts as no answer.  A request that could
 *     not connect after its retries stops the run (the server is gone).
 *  3. A fatal answer (chat.h) stops the run at once with GEN_EXIT_SERVER and a
 *     message naming the cause and the fix; requests in flight are abandoned.
 *  4. The results file (results.h) is taken up again: an id with an answer is
 *     not asked again; each line records the SHA-256 of the request body it
 *     answers ("request_sha256"), and an answer to another request under the
 *     same id (other data, prompt, model or options) is refused before anything
 *     is sent (GEN_EXIT_ANSWERS).  The order of the lines is the order answers
 *     came in; gen score reads them by id.
 *  5. SIGINT or SIGTERM: nothing more is sent, the requests in flight are
 *     finished (a second signal abandons them), no line is ever half written,
 *     and the run exits GEN_EXIT_INTERRUPTED; the same command again completes
 *     the file, each request answered once.
 *  6. Exit codes: 0 every request answered; GEN_EXIT_PARTIAL when some failed
 *     (their lines hold the errors; a rerun asks them again); GEN_EXIT_SERVER,
 *     GEN_EXIT_INTERRUPTED as above; GEN_EXIT_USAGE, GEN_EXIT_IO,
 *     GEN_EXIT_ANSWERS, GEN_EXIT_BUSY for bad options, files and a file in use.
 */
#ifndef GEN_ASK_H
#define GEN_ASK_H

#include "generator.h"

#include <stdbool.h>

/* --concurrency's range and default, --retries' and --timeout's defaults. */
#define ASK_CONCURRENCY_MAX 256
#define ASK_CONCURRENCY_DEFAULT 4
#define ASK_RETRIES_DEFAULT 5
#define ASK_RETRIES_MAX 100
#define ASK_TIMEOUT_DEFAULT 600.0
#define ASK_TIMEOUT_MAX 86400.0

typedef struct ask_options {
    const char *input;    /* a task directory, a gen all tree, or a requests file (JSONL) */
    const char *endpoint; /* the API's base URL (http://localhost:8000/v1) or its chat/completions URL */
    const char *model;    /* required for a directory; for a requests file, replaces its bodies' model */
    const char *out;      /* the results file */
    const char *key_env;  /* the key's variable; NULL: OPENAI_API_KEY, and none is fine */
    /* gen requests' options (a directory only; max_tokens also for a file) */
    const generator *task;
    const char *prompts;
    int shots, frames;
    long max_tokens;
    bool tile;
    int concurrency, retries;
    double timeout; /* seconds an attempt may take */
    bool quiet;
} ask_options;

/* Runs gen ask; returns an exit code, every message printed. */
int ask_run(const ask_options *o);

#endif
