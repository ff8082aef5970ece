#include "requests.h"

#include "dataset_read.h"
#include "errors.h"
#include "eval.h"
#include "fsutil.h"
#include "json_out.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A prompt file is a sentence or three; anything over 1 MiB is not one. */
#define REQ_MAX_PROMPT (1L << 20)
/* Completion budgets beyond this are typos (the largest models allow ~128k). */
#define REQ_MAX_TOKENS 1000000L

void base64_append(strbuf *out, const unsigned char *d, size_t n)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char q[4];
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)d[i] << 16;
        if (i + 1 < n)
            v |= (unsigned)d[i + 1] << 8;
        if (i + 2 < n)
            v |= d[i + 2];
        q[0] = abc[(v >> 18) & 63];
        q[1] = abc[(v >> 12) & 63];
        q[2] = i + 1 < n ? abc[(v >> 6) & 63] : '=';
        q[3] = i + 2 < n ? abc[v & 63] : '=';
        strbuf_addn(out, q, 4);
    }
}

static bool space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The three prompt files, stripped and joined by newlines. */
static int prompt_of(const eval_task *t, strbuf *out, char *err, size_t errlen)
{
    static const char *const parts[] = {"input_prompt.txt", "rules.txt", "output_prompt.txt"};
    for (int k = 0; k < 3; k++) {
        strbuf p = {0};
        strbuf_addf(&p, "prompts/%s", parts[k]);
        char *text;
        size_t len;
        /* The reader gen check uses: no link followed, a regular file, capped. */
        int rc = ds_read(t->dir, p.buf, (size_t)REQ_MAX_PROMPT, &text, &len, err, errlen);
        strbuf_free(&p);
        if (rc)
            return -1;
        size_t a = 0, b = len;
        while (a < b && space(text[a]))
            a++;
        while (b > a && space(text[b - 1]))
            b--;
        if (k)
            strbuf_add(out, "\n");
        strbuf_addn(out, text + a, b - a);
        free(text);
    }
    return 0;
}

/* N.png, or secondN.png for pairs: the only names a record may point at. */
static bool id_ok(const eval_task *t, const char *id)
{
    const char *p = id;
    if (t->g->images == 2) {
        if (strncmp(p, "second", 6) != 0)
            return false;
        p += 6;
    }
    if (!isdigit((unsigned char)*p))
        return false;
    while (isdigit((unsigned char)*p))
        p++;
    return strcmp(p, ".png") == 0;
}

static int image_part(cJSON *content, const char *dir, const char *name, char *err, size_t errlen)
{
    strbuf p = {0};
    strbuf_addf(&p, "data/%s", name);
    char *png;
    size_t len;
    int rc = ds_read(dir, p.buf, DS_PNG_MAX, &png, &len, err, errlen);
    strbuf_free(&p);
    if (rc)
        return -1;
    if (len < 8 || memcmp(png, "\x89PNG\r\n\x1a\n", 8) != 0) {
        snprintf(err, errlen, "refused to send '%s/data/%s': not a PNG file", dir, name);
        free(png);
        return -1;
    }
    strbuf uri = {0};
    strbuf_add(&uri, "data:image/png;base64,");
    base64_append(&uri, (const unsigned char *)png, len);
    free(png);
    cJSON *part = cJSON_CreateObject();
    cJSON_AddStringToObject(part, "type", "image_url");
    cJSON *iu = cJSON_AddObjectToObject(part, "image_url");
    cJSON_AddStringToObject(iu, "url", uri.buf);
    cJSON_AddItemToArray(content, part);
    strbuf_free(&uri);
    return 0;
}

int requests_cmd(int argc, char **argv)
{
    static const char use[] = "usage: gen requests DIR --model NAME [-o requests.jsonl] [--max_tokens N]";
    const char *dir = NULL, *model = NULL, *out = NULL;
    long max_tokens = 0;
    for (int i = 2; i < argc; i++) {
        bool bad = false;
        const char *v;
        if (eval_help(argv[i], use))
            return GEN_EXIT_OK;
        if ((v = eval_opt_out(argc, argv, &i, &bad))) {
            out = v;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--model", &bad))) {
            model = v;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--max_tokens", &bad))) {
            char *end;
            errno = 0;
            max_tokens = strtol(v, &end, 10);
            if (errno || *end || !*v || max_tokens < 1 || max_tokens > REQ_MAX_TOKENS)
                return eval_usage_fail("bad --max_tokens '%s' (expected a whole number from 1 to 1000000)", v);
        } else if (bad) {
            return eval_usage_fail("option '%s' needs a value (%s)", argv[i], use);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return eval_usage_fail("unknown option '%s' for requests (%s)", argv[i], use);
        } else if (dir) {
            return eval_usage_fail("unexpected argument '%s' (requests takes one directory)", argv[i]);
        } else {
            dir = argv[i];
        }
    }
    if (!dir)
        return eval_usage_fail("requests needs a directory (%s)", use);
    if (!model || !*model)
        return eval_usage_fail("requests needs --model NAME, the model the engine is to run (%s)", use);
    char err[512];
    eval_set s;
    int rc = eval_load(dir, &s, err, sizeof err);
    for (int k = 0; k < s.n && !rc; k++)
        for (long i = 0; i < s.t[k].n && !rc; i++)
            if (!id_ok(&s.t[k], s.t[k].ids[i])) {
                snprintf(err, sizeof err, "cannot read '%s/data.json': id '%.80s' is not an image name of %s",
                         s.t[k].dir, s.t[k].ids[i], s.t[k].g->name);
                rc = GEN_EXIT_IO;
            }
    eval_out o = {0};
    if (!rc && eval_out_refuse_input(out, &s, NULL, err, sizeof err) != 0)
        rc = GEN_EXIT_USAGE;
    if (!rc && eval_out_open(&o, out, err, sizeof err) != 0)
        rc = GEN_EXIT_IO;
    for (int k = 0; k < s.n && !rc; k++) {
        const eval_task *t = &s.t[k];
        strbuf prompt = {0};
        if (prompt_of(t, &prompt, err, sizeof err) != 0)
            rc = GEN_EXIT_IO;
        for (long i = 0; i < t->n && !rc; i++) {
            cJSON *req = cJSON_CreateObject();
            strbuf cid = {0};
            strbuf_addf(&cid, "%s/%s", t->g->name, t->ids[i]);
            cJSON_AddStringToObject(req, "custom_id", cid.buf);
            strbuf_free(&cid);
            cJSON_AddStringToObject(req, "method", "POST");
            cJSON_AddStringToObject(req, "url", "/v1/chat/completions");
            cJSON *body = cJSON_AddObjectToObject(req, "body");
            cJSON_AddStringToObject(body, "model", model);
            cJSON *msgs = cJSON_AddArrayToObject(body, "messages");
            cJSON *msg = cJSON_CreateObject();
            cJSON_AddItemToArray(msgs, msg);
            cJSON_AddStringToObject(msg, "role", "user");
            cJSON *content = cJSON_AddArrayToObject(msg, "content");
            cJSON *text = cJSON_CreateObject();
            cJSON_AddStringToObject(text, "type", "text");
            cJSON_AddStringToObject(text, "text", prompt.buf);
            cJSON_AddItemToArray(content, text);
            if (t->g->images == 2) {
                strbuf first = {0};
                strbuf_addf(&first, "first%s", t->ids[i] + strlen("second"));
                if (image_part(content, t->dir, first.buf, err, sizeof err) != 0)
                    rc = GEN_EXIT_IO;
                strbuf_free(&first);
            }
            if (!rc && image_part(content, t->dir, t->ids[i], err, sizeof err) != 0)
                rc = GEN_EXIT_IO;
            if (max_tokens)
                cJSON_AddNumberToObject(body, "max_tokens", (double)max_tokens);
            if (!rc) {
                strbuf line = {0};
                json_append(&line, req);
                strbuf_add(&line, "\n");
                eval_out_write(&o, line.buf, line.len);
                strbuf_free(&line);
            }
            cJSON_Delete(req);
        }
        strbuf_free(&prompt);
    }
    if (o.f) {
        if (rc)
            eval_out_abort(&o);
        else if (eval_out_commit(&o, err, sizeof err) != 0)
            rc = GEN_EXIT_IO;
    }
    eval_free(&s);
    if (rc)
        fprintf(stderr, "gen: %s\n", err);
    return rc;
}
