#include "requests.h"

#include "dataset_read.h"
#include "errors.h"
#include "answer.h"
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

/* Part k of the prompt, stripped of surrounding white space, after a newline
 * unless it is the first. */
static void prompt_part(strbuf *out, int k, const char *text, size_t len)
{
    size_t a = 0, b = len;
    while (a < b && space(text[a]))
        a++;
    while (b > a && space(text[b - 1]))
        b--;
    if (k)
        strbuf_add(out, "\n");
    strbuf_addn(out, text + a, b - a);
}

/* The three prompt files, stripped and joined by newlines: the task directory's,
 * or with --prompts those of another copy of the release (ROOT/TASK/prompts/). */
static int prompt_of(const eval_task *t, const char *prompts, strbuf *out, char *err, size_t errlen)
{
    static const char *const parts[] = {"input_prompt.txt", "rules.txt", "output_prompt.txt"};
    for (int k = 0; k < 3; k++) {
        strbuf p = {0};
        const char *from = prompts ? prompts : t->dir;
        if (prompts)
            strbuf_addf(&p, "%s/prompts/%s", t->g->name, parts[k]);
        else
            strbuf_addf(&p, "prompts/%s", parts[k]);
        char *text;
        size_t len;
        /* The reader gen check uses: no link followed, a regular file, capped. */
        int rc = ds_read(from, p.buf, (size_t)REQ_MAX_PROMPT, &text, &len, err, errlen);
        strbuf_free(&p);
        if (rc)
            return -1;
        /* the prompt goes into a JSON string as it is: a NUL would cut it (and the
         * prompts after it), a byte that is not UTF-8 would make the line invalid */
        const char *nul = memchr(text, '\0', len);
        long bad = nul ? nul - text : ds_utf8_bad(text, len);
        if (bad >= 0) {
            snprintf(err, errlen, "cannot read '%s/%s%sprompts/%s': %s at byte %ld (a prompt must be UTF-8 text)",
                     from, prompts ? t->g->name : "", prompts ? "/" : "", parts[k],
                     nul ? "a NUL byte" : "invalid UTF-8", bad);
            free(text);
            return -1;
        }
        prompt_part(out, k, text, len);
        free(text);
    }
    return 0;
}

void requests_prompt_text(const generator *g, strbuf *out)
{
    const char *const parts[] = {g->input_prompt, g->rules, g->output_prompt};
    for (int k = 0; k < 3; k++)
        prompt_part(out, k, parts[k], strlen(parts[k]));
}

void requests_question_text(const cJSON *record, strbuf *out)
{
    const cJSON *q = cJSON_GetObjectItemCaseSensitive(record, "question");
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(record, "options");
    if (!cJSON_IsString(q) || !cJSON_IsArray(opts))
        return;
    /* all options or none: a list with a non-string is not a choice list */
    const cJSON *o;
    int n = 0;
    cJSON_ArrayForEach(o, opts) {
        if (!cJSON_IsString(o) || n == 26)
            return;
        n++;
    }
    strbuf_add(out, "\n");
    strbuf_add(out, q->valuestring);
    int k = 0;
    cJSON_ArrayForEach(o, opts) {
        strbuf_addf(out, "\n%c. %s", 'A' + k, o->valuestring);
        k++;
    }
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

static int image_part(cJSON *content, const char *dir, const char *name, char *err, size_t errlen);

static void text_part(cJSON *content, const char *text)
{
    cJSON *part = cJSON_CreateObject();
    cJSON_AddStringToObject(part, "type", "text");
    cJSON_AddStringToObject(part, "text", text);
    cJSON_AddItemToArray(content, part);
}

/* The image(s) of sample id: first then second for pairs. */
static int sample_images(cJSON *content, const eval_task *t, const char *id, char *err, size_t errlen)
{
    if (t->g->images == 2) {
        strbuf first = {0};
        strbuf_addf(&first, "first%s", id + strlen("second"));
        int rc = image_part(content, t->dir, first.buf, err, errlen);
        strbuf_free(&first);
        if (rc)
            return rc;
    }
    return image_part(content, t->dir, id, err, errlen);
}

/* The release's few-shot exemplars (few_shot.py): samples 41, 91 and 141, the first
 * `shots` of them. */
static const int EXEMPLARS[3] = {41, 91, 141};

static int exemplar_index(const eval_task *t, int k)
{
    char id[32];
    snprintf(id, sizeof id, "%s%d.png", t->g->images == 2 ? "second" : "", EXEMPLARS[k]);
    for (long i = 0; i < t->n; i++)
        if (strcmp(t->ids[i], id) == 0)
            return (int)i;
    return -1;
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

int requests_write(const char *dir, const char *model, const char *out, const generator *task,
                   const char *prompts, int shots, long max_tokens)
{
    char err[512];
    eval_set s;
    int rc = eval_load_opts(dir, task, false, &s, err, sizeof err);
    for (int k = 0; k < s.n && !rc; k++)
        for (long i = 0; i < s.t[k].n && !rc; i++)
            if (!id_ok(&s.t[k], s.t[k].ids[i])) {
                snprintf(err, sizeof err, "cannot read '%s/data.json': id '%.80s' is not an image name of %s",
                         s.t[k].dir, s.t[k].ids[i], s.t[k].g->name);
                rc = GEN_EXIT_IO;
            }
    eval_out o = {0};
    if (!rc && eval_out_refuse_input(out, &s, NULL, prompts, err, sizeof err) != 0)
        rc = GEN_EXIT_USAGE;
    if (!rc && eval_out_open(&o, out, err, sizeof err) != 0)
        rc = GEN_EXIT_IO;
    for (int k = 0; k < s.n && !rc; k++) {
        const eval_task *t = &s.t[k];
        strbuf prompt = {0};
        if (prompt_of(t, prompts, &prompt, err, sizeof err) != 0)
            rc = GEN_EXIT_IO;
        /* the exemplars and their gold answers, in the task's own format */
        int ex[3] = {-1, -1, -1};
        strbuf gold[3] = {{0}, {0}, {0}};
        for (int e = 0; e < shots && !rc; e++) {
            ex[e] = exemplar_index(t, e);
            char why[256];
            if (ex[e] < 0) {
                snprintf(err, sizeof err,
                         "cannot use --shots %d on %s: it has no sample %d (the exemplars are samples 41, 91 and 141)",
                         shots, t->dir, EXEMPLARS[e]);
                rc = GEN_EXIT_IO;
            } else if (answer_gold_text(t->g, cJSON_GetArrayItem(t->records, ex[e]), &gold[e], why, sizeof why)) {
                snprintf(err, sizeof err, "cannot use --shots on %s: exemplar %s: %s", t->dir, t->ids[ex[e]], why);
                rc = GEN_EXIT_IO;
            }
        }
        const cJSON *rec = NULL;
        for (long i = 0; i < t->n && !rc; i++) {
            rec = i ? rec->next : t->records->child;
            /* an exemplar is not asked about: its answer is in the prompt */
            bool is_exemplar = false;
            for (int e = 0; e < shots; e++)
                is_exemplar |= ex[e] == i;
            if (is_exemplar)
                continue;
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
            /* the prompt, then a composed question and its options (nothing for
             * the other tasks) */
            strbuf text = {0};
            strbuf_add(&text, prompt.buf);
            requests_question_text(rec, &text);
            text_part(content, text.buf);
            strbuf_free(&text);
            if (sample_images(content, t, t->ids[i], err, sizeof err) != 0)
                rc = GEN_EXIT_IO;
            /* few-shot: one marker, then each exemplar's image(s) and its answer,
             * in the one user message, as the release's model_few.py lays them */
            if (shots)
                text_part(content, "Solved examples, each image followed by its answer:");
            for (int e = 0; e < shots && !rc; e++) {
                if (sample_images(content, t, t->ids[ex[e]], err, sizeof err) != 0)
                    rc = GEN_EXIT_IO;
                text_part(content, gold[e].buf);
            }
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
        for (int e = 0; e < 3; e++)
            strbuf_free(&gold[e]);
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
