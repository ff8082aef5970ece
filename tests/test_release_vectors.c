/* SPDX-License-Identifier: MIT */
/* test_release_vectors - gen's release verdicts equal the release's own on every
 * vector of tests/release_vectors/<task>.jsonl.
 *
 * Each vector (made by tests/release_vectors/make_vectors.py from the release's
 * utils.py and eval.py, run locally on records of the original scripts' output)
 * holds a record, a response, the gold answer in the release's format, and what
 * the release said: its Output, whether it set ERROR, whether eval.py counted the
 * response correct, whether eval.py left the record out of its counts, and the
 * category key.  gen must say the same on every one, and write the same gold.
 * harness.jsonl checks the harness's tag stripping.  Every one of the 30 tasks
 * must have a file with at least 30 vectors per class of record (cross_and_knots:
 * with and without a safe cell; yes/no tasks: either gold).
 */
#include "answer.h"
#include "fsutil.h"
#include "release.h"
#include "testlib.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#ifndef GEN_SOURCE_DIR
#define GEN_SOURCE_DIR "."
#endif

static char *slurp(const char *path, size_t *len)
{
    char *text = NULL;
    char err[256];
    if (read_file(path, &text, len, err, sizeof err) != 0)
        return NULL;
    return text;
}

/* The class of a record for the per-class minimum. */
static int record_class(const generator *g, const cJSON *rec)
{
    const cJSON *v;
    if ((v = cJSON_GetObjectItemCaseSensitive(rec, "right")) && cJSON_IsBool(v))
        return cJSON_IsTrue(v);
    if ((v = cJSON_GetObjectItemCaseSensitive(rec, "inside_circles")) && cJSON_IsBool(v))
        return cJSON_IsTrue(v);
    if (strcmp(g->name, "cross_and_knots") == 0)
        return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(rec, "gold_output")) > 0;
    return 0;
}

static int classes(const generator *g)
{
    return !strcmp(g->name, "circle_right_triangle") || !strcmp(g->name, "inside_circles") ||
                   !strcmp(g->name, "cross_and_knots")
               ? 2
               : 1;
}

static void task_vectors(const generator *g, long *agree_total, long *total)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/release_vectors/%s.jsonl", GEN_SOURCE_DIR, g->name);
    size_t len;
    char *text = slurp(path, &len);
    CHECK(text != NULL, "%s: no vectors file %s", g->name, path);
    if (!text)
        return;
    long n = 0, agree = 0, per_class[2] = {0, 0};
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (!*line)
            continue;
        cJSON *v = cJSON_Parse(line);
        CHECK(v != NULL, "%s: vector %ld is not JSON", g->name, n + 1);
        if (!v)
            continue;
        n++;
        const cJSON *rec = cJSON_GetObjectItemCaseSensitive(v, "record");
        const char *resp = cJSON_GetObjectItemCaseSensitive(v, "response")->valuestring;
        const char *kind = cJSON_GetObjectItemCaseSensitive(v, "kind")->valuestring;
        per_class[record_class(g, rec)]++;
        answer_verdict got;
        answer_judge(g, ANSWER_RELEASE, rec, resp, strlen(resp), false, &got);
        const cJSON *want_out = cJSON_GetObjectItemCaseSensitive(v, "output");
        bool want_err = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "error"));
        bool want_ok = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "correct"));
        bool want_drop = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "dropped"));
        bool out_same = got.output ? cJSON_Compare(got.output, want_out, true) : cJSON_IsNull(want_out);
        bool same = out_same && (got.error != NULL) == want_err && got.correct == want_ok && got.dropped == want_drop;
        char *js = got.output ? cJSON_PrintUnformatted(got.output) : xstrdup("null");
        char *wj = cJSON_PrintUnformatted(want_out);
        CHECK(same, "%s vector %ld (%s) %.80s: gen Output %.80s error %d correct %d dropped %d; release %.80s %d %d %d",
              g->name, n, kind, resp, js, got.error != NULL, got.correct, got.dropped, wj, want_err, want_ok,
              want_drop);
        free(js);
        free(wj);
        agree += same;
        /* the gold text and the category key */
        strbuf gold = {0};
        char err[256];
        const char *want_gold = cJSON_GetObjectItemCaseSensitive(v, "gold")->valuestring;
        CHECK(answer_gold_text(g, rec, &gold, err, sizeof err) == 0 && strcmp(gold.buf, want_gold) == 0,
              "%s vector %ld: gold '%.80s', release format '%.80s'", g->name, n, gold.buf ? gold.buf : err,
              want_gold);
        strbuf_free(&gold);
        const cJSON *key = cJSON_GetObjectItemCaseSensitive(v, "key");
        long k;
        if (cJSON_IsString(key))
            CHECK(answer_axis(g, rec, &k) == 0 && k == atol(key->valuestring), "%s vector %ld: key %ld, release %s",
                  g->name, n, k, key->valuestring);
        if (getenv("GEN_STRICT_DIFF")) {
            /* where gen's strict reading decides otherwise (docs/evaluation.md) */
            answer_verdict st;
            answer_judge(g, ANSWER_STRICT, rec, resp, strlen(resp), false, &st);
            if (st.correct != got.correct)
                printf("strict-diff %s [%s] release=%s strict=%s: %s\n", g->name, kind,
                       got.correct ? "right" : "wrong", st.correct ? "right" : "wrong", resp);
            answer_verdict_clear(&st);
        }
        answer_verdict_clear(&got);
        cJSON_Delete(v);
    }
    free(text);
    for (int c = 0; c < classes(g); c++)
        CHECK(per_class[c] >= 30, "%s: %ld vectors of record class %d (at least 30)", g->name, per_class[c], c);
    printf("%-24s %5ld vectors, gen agrees on %ld\n", g->name, n, agree);
    *agree_total += agree;
    *total += n;
}

static void harness(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/release_vectors/harness.jsonl", GEN_SOURCE_DIR);
    size_t len;
    char *text = slurp(path, &len);
    CHECK(text != NULL, "no %s", path);
    if (!text)
        return;
    int n = 0;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        cJSON *v = cJSON_Parse(line);
        if (!v)
            continue;
        const char *raw = cJSON_GetObjectItemCaseSensitive(v, "raw")->valuestring;
        const char *want = cJSON_GetObjectItemCaseSensitive(v, "stripped")->valuestring;
        char *s = xstrdup(raw);
        s[release_strip_tags(s, strlen(s))] = '\0';
        CHECK(strcmp(s, want) == 0, "harness: '%s' became '%s', the release's re.sub gives '%s'", raw, s, want);
        free(s);
        cJSON_Delete(v);
        n++;
    }
    CHECK(n >= 10, "harness: only %d vectors", n);
    free(text);
}

int main(int argc, char **argv)
{
    long agree = 0, total = 0;
    for (int i = 0; i < GENERATOR_COUNT; i++)
        /* the composed questions of issue 30 have no release (test_answer.c tests them) */
        if ((argc < 2 || strcmp(argv[1], GENERATORS[i]->name) == 0) && GENERATORS[i]->answer.kind != ANSWER_CHOICE)
            task_vectors(GENERATORS[i], &agree, &total);
    harness();
    printf("all tasks: %ld vectors, gen agrees with the release on %ld (%.2f%%)\n", total, agree,
           total ? 100.0 * (double)agree / (double)total : 0.0);
    TEST_END("test_release_vectors");
}
