/* SPDX-License-Identifier: MIT */
/* eval_probe - the checks of tests/eval.sh that need JSON, written apart from
 * common/eval/eval.c so the test does not grade gen with gen's own code.
 *
 *   eval_probe axes DIR|ROOT EVAL.json    every accuracy is 100.0 and each task's
 *                                         category keys are exactly the axis values of
 *                                         its data.json (tests/release_axes.txt), in
 *                                         numeric order
 *   eval_probe requests DIR|ROOT FILE [MAX_TOKENS]
 *                                         every line is a valid request with the
 *                                         documented fields, one per record, prompt =
 *                                         the three files joined, images = the files
 *                                         of data/ byte for byte (decoded here)
 *   eval_probe wrap ANSWERS.json          the answers as batch output JSONL
 *   eval_probe jsonl ANSWERS.json         the answers as {"id", "response"} JSONL
 *   eval_probe annotated OUT.json N       N records, each with Output and ERROR
 * Prints one line per problem and exits 1 if there was any.
 */
#include <cJSON.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int problems;
#define BAD(...)                                                                                                       \
    do {                                                                                                               \
        problems++;                                                                                                    \
        printf("eval_probe: " __VA_ARGS__);                                                                           \
        putchar('\n');                                                                                                 \
    } while (0)

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)len + 1);
    size_t got = fread(b, 1, (size_t)len, f);
    fclose(f);
    b[got] = '\0';
    if (n)
        *n = got;
    return b;
}

static cJSON *load(const char *path)
{
    char *t = slurp(path, NULL);
    cJSON *v = t ? cJSON_Parse(t) : NULL;
    free(t);
    if (!v)
        BAD("cannot parse %s", path);
    return v;
}

/* A string value, or "" */
static const char *str(const cJSON *v)
{
    const char *s = cJSON_GetStringValue(v);
    return s ? s : "";
}

static bool exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

/* The task directories of DIR|ROOT: names[] and dirs[]; returns the count. */
static int targets(const char *path, char names[64][64], char dirs[64][4096], bool *tree)
{
    char p[4200];
    snprintf(p, sizeof p, "%s/data.json", path);
    FILE *f = fopen(SOURCE_DIR "/tests/release_axes.txt", "r");
    char line[256];
    int n = 0;
    *tree = !exists(p);
    while (f && fgets(line, sizeof line, f)) {
        char task[64];
        if (line[0] == '#' || sscanf(line, "%63s", task) != 1)
            continue;
        if (!*tree) {
            const char *base = strrchr(path, '/');
            base = base ? base + 1 : path;
            if (strcmp(base, task) != 0)
                continue;
            snprintf(dirs[n], 4096, "%s", path);
        } else {
            snprintf(dirs[n], 4096, "%s/%s", path, task);
            snprintf(p, sizeof p, "%s/data.json", dirs[n]);
            if (!exists(p))
                continue;
        }
        snprintf(names[n++], 64, "%s", task);
    }
    if (f)
        fclose(f);
    return n;
}

static bool axis_of(const char *task, char *out, size_t n)
{
    FILE *f = fopen(SOURCE_DIR "/tests/release_axes.txt", "r");
    char line[256];
    bool found = false;
    while (f && fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (line[0] == '#' || !tab)
            continue;
        *tab = '\0';
        if (strcmp(line, task) == 0) {
            tab[strcspn(tab + 1, "\n") + 1] = '\0';
            snprintf(out, n, "%s", tab + 1);
            found = true;
        }
    }
    if (f)
        fclose(f);
    return found;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static void check_task_eval(const char *task, const char *dir, const cJSON *ev)
{
    char axis[128], path[4200];
    if (!axis_of(task, axis, sizeof axis)) {
        BAD("%s: no axis in release_axes.txt", task);
        return;
    }
    snprintf(path, sizeof path, "%s/data.json", dir);
    cJSON *data = load(path);
    int n = cJSON_GetArraySize(data);
    long *vals = calloc((size_t)n + 1, sizeof(long));
    int k = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, data) {
        /* a field, or the sum of fields a+b+c */
        long sum = 0;
        char fields[128];
        snprintf(fields, sizeof fields, "%s", axis);
        for (char *f = strtok(fields, "+"); f; f = strtok(NULL, "+"))
            sum += (long)cJSON_GetNumberValue(cJSON_GetObjectItem(r, f));
        vals[k++] = sum;
    }
    qsort(vals, (size_t)k, sizeof *vals, cmp_long);
    int u = 0;
    for (int i = 0; i < k; i++)
        if (i == 0 || vals[i] != vals[i - 1])
            vals[u++] = vals[i];
    const cJSON *overall = cJSON_GetObjectItem(ev, "Overall Accuracy");
    if (!cJSON_IsNumber(overall) || overall->valuedouble != 100.0)
        BAD("%s: Overall Accuracy is not 100.0", task);
    const cJSON *cat = cJSON_GetObjectItem(ev, "Category-wise Accuracy");
    if (cJSON_GetArraySize(cat) != u)
        BAD("%s: %d categories, data.json has %d axis values", task, cJSON_GetArraySize(cat), u);
    int i = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cat) {
        char want[32];
        snprintf(want, sizeof want, "%ld", i < u ? vals[i] : -999999);
        if (strcmp(c->string, want) != 0)
            BAD("%s: category %d is '%s', expected '%s'", task, i, c->string, want);
        if (!cJSON_IsNumber(c) || c->valuedouble != 100.0)
            BAD("%s: category '%s' is not 100.0", task, c->string);
        i++;
    }
    free(vals);
    cJSON_Delete(data);
}

static int cmd_axes(const char *path, const char *evpath)
{
    char names[64][64], dirs[64][4096];
    bool tree;
    int n = targets(path, names, dirs, &tree);
    cJSON *ev = load(evpath);
    if (!ev)
        return 1;
    if (n == 0)
        BAD("no task under %s", path);
    if (!tree) {
        check_task_eval(names[0], dirs[0], ev);
    } else {
        const cJSON *tasks = cJSON_GetObjectItem(ev, "Tasks");
        if (cJSON_GetArraySize(tasks) != n)
            BAD("%d tasks in EVAL, %d directories", cJSON_GetArraySize(tasks), n);
        for (int k = 0; k < n; k++)
            check_task_eval(names[k], dirs[k], cJSON_GetObjectItem(tasks, names[k]));
        const cJSON *mean = cJSON_GetObjectItem(ev, "Mean Accuracy");
        if (!cJSON_IsNumber(mean) || mean->valuedouble != 100.0)
            BAD("Mean Accuracy is not 100.0");
    }
    cJSON_Delete(ev);
    return problems ? 1 : 0;
}

/* An independent base64 decoder (RFC 4648, padded). */
static unsigned char *unbase64(const char *s, size_t *n)
{
    size_t len = strlen(s);
    if (len % 4)
        return NULL;
    unsigned char *out = malloc(len / 4 * 3 + 1);
    size_t o = 0;
    for (size_t i = 0; i < len; i += 4) {
        int v[4];
        for (int j = 0; j < 4; j++) {
            char c = s[i + j];
            const char *abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            const char *p = c ? strchr(abc, c) : NULL;
            if (c == '=' && i + 4 == len && j >= 2)
                v[j] = -1;
            else if (p)
                v[j] = (int)(p - abc);
            else {
                free(out);
                return NULL;
            }
        }
        out[o++] = (unsigned char)((v[0] << 2) | (v[1] >> 4));
        if (v[2] >= 0)
            out[o++] = (unsigned char)(((v[1] & 15) << 4) | (v[2] >> 2));
        if (v[3] >= 0)
            out[o++] = (unsigned char)(((v[2] & 3) << 6) | v[3]);
    }
    *n = o;
    return out;
}

static void strip_append(char *buf, size_t cap, const char *text)
{
    const char *a = text, *b = text + strlen(text);
    while (a < b && isspace((unsigned char)*a))
        a++;
    while (b > a && isspace((unsigned char)b[-1]))
        b--;
    strncat(buf, a, (size_t)(b - a) < cap - strlen(buf) - 1 ? (size_t)(b - a) : cap - strlen(buf) - 1);
}

static void image_equal(const char *cid, const cJSON *part, const char *file)
{
    const cJSON *iu = cJSON_GetObjectItem(part, "image_url");
    const char *url = cJSON_GetStringValue(cJSON_GetObjectItem(iu, "url"));
    const char *pre = "data:image/png;base64,";
    if (strcmp(str(cJSON_GetObjectItem(part, "type")), "image_url") != 0 || !url ||
        strncmp(url, pre, strlen(pre)) != 0) {
        BAD("%s: image part is not a PNG data URI", cid);
        return;
    }
    size_t n = 0, fn = 0;
    unsigned char *bytes = unbase64(url + strlen(pre), &n);
    char *want = slurp(file, &fn);
    if (!bytes || !want || n != fn || memcmp(bytes, want, n) != 0)
        BAD("%s: image differs from %s", cid, file);
    free(bytes);
    free(want);
}

static int cmd_requests(const char *path, const char *file, long max_tokens)
{
    char names[64][64], dirs[64][4096];
    bool tree;
    int n = targets(path, names, dirs, &tree);
    /* every record's custom_id, to be met once */
    int total = 0, seen_lines = 0;
    char **want = NULL;
    int *hits = NULL;
    char prompts[64][8192];
    for (int k = 0; k < n; k++) {
        char p[4200];
        prompts[k][0] = '\0';
        const char *parts[] = {"input_prompt.txt", "rules.txt", "output_prompt.txt"};
        for (int j = 0; j < 3; j++) {
            snprintf(p, sizeof p, "%s/prompts/%s", dirs[k], parts[j]);
            char *t = slurp(p, NULL);
            if (j)
                strcat(prompts[k], "\n");
            strip_append(prompts[k], sizeof prompts[k], t ? t : "");
            free(t);
        }
        snprintf(p, sizeof p, "%s/data.json", dirs[k]);
        cJSON *d = load(p);
        const cJSON *r;
        cJSON_ArrayForEach(r, d) {
            want = realloc(want, sizeof(char *) * (size_t)(total + 1));
            hits = realloc(hits, sizeof(int) * (size_t)(total + 1));
            char id[256];
            snprintf(id, sizeof id, "%s/%s", names[k], cJSON_GetStringValue(cJSON_GetObjectItem(r, "id")));
            want[total] = strdup(id);
            hits[total++] = 0;
        }
        cJSON_Delete(d);
    }
    size_t len;
    char *text = slurp(file, &len);
    if (!text) {
        BAD("cannot read %s", file);
        return 1;
    }
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        seen_lines++;
        cJSON *o = cJSON_Parse(line);
        if (!o) {
            BAD("line %d is not JSON", seen_lines);
            continue;
        }
        const char *cid = cJSON_GetStringValue(cJSON_GetObjectItem(o, "custom_id"));
        const cJSON *body = cJSON_GetObjectItem(o, "body");
        const cJSON *msgs = cJSON_GetObjectItem(body, "messages");
        const cJSON *msg = cJSON_GetArrayItem(msgs, 0);
        const cJSON *content = cJSON_GetObjectItem(msg, "content");
        if (!cid || cJSON_GetArraySize(o) != 4 ||
            strcmp(str(cJSON_GetObjectItem(o, "method")), "POST") != 0 ||
            strcmp(str(cJSON_GetObjectItem(o, "url")), "/v1/chat/completions") != 0 ||
            strcmp(str(cJSON_GetObjectItem(body, "model")), "test-model") != 0 ||
            cJSON_GetArraySize(msgs) != 1 || strcmp(str(cJSON_GetObjectItem(msg, "role")), "user")) {
            BAD("line %d lacks a documented field", seen_lines);
            cJSON_Delete(o);
            continue;
        }
        const cJSON *mt = cJSON_GetObjectItem(body, "max_tokens");
        if (max_tokens ? !cJSON_IsNumber(mt) || mt->valuedouble != (double)max_tokens : mt != NULL)
            BAD("%s: max_tokens is not as asked", cid);
        int idx = -1;
        for (int i = 0; i < total; i++)
            if (strcmp(want[i], cid) == 0)
                idx = i;
        if (idx < 0) {
            BAD("%s matches no record", cid);
            cJSON_Delete(o);
            continue;
        }
        hits[idx]++;
        int k = 0;
        while (k < n && (strncmp(cid, names[k], strlen(names[k])) != 0 || cid[strlen(names[k])] != '/'))
            k++;
        const char *id = cid + strlen(names[k]) + 1;
        const cJSON *t0 = cJSON_GetArrayItem(content, 0);
        if (strcmp(str(cJSON_GetObjectItem(t0, "type")), "text") != 0 ||
            strcmp(str(cJSON_GetObjectItem(t0, "text")), prompts[k]) != 0)
            BAD("%s: the text part is not the three prompt files joined", cid);
        char img[4400];
        if (strncmp(id, "second", 6) == 0) {
            if (cJSON_GetArraySize(content) != 3)
                BAD("%s: a pair needs two images", cid);
            snprintf(img, sizeof img, "%s/data/first%s", dirs[k], id + 6);
            image_equal(cid, cJSON_GetArrayItem(content, 1), img);
            snprintf(img, sizeof img, "%s/data/%s", dirs[k], id);
            image_equal(cid, cJSON_GetArrayItem(content, 2), img);
        } else {
            if (cJSON_GetArraySize(content) != 2)
                BAD("%s: expected one image", cid);
            snprintf(img, sizeof img, "%s/data/%s", dirs[k], id);
            image_equal(cid, cJSON_GetArrayItem(content, 1), img);
        }
        cJSON_Delete(o);
    }
    for (int i = 0; i < total; i++) {
        if (hits[i] != 1)
            BAD("%s is requested %d times", want[i], hits[i]);
        free(want[i]);
    }
    if (seen_lines != total)
        BAD("%d lines for %d records", seen_lines, total);
    free(want);
    free(hits);
    free(text);
    return problems ? 1 : 0;
}

static int cmd_wrap(const char *file, bool batch)
{
    cJSON *a = load(file);
    const cJSON *r;
    int i = 0;
    cJSON_ArrayForEach(r, a) {
        const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(r, "id"));
        const char *text = cJSON_GetStringValue(cJSON_GetObjectItem(r, "gpt_response"));
        cJSON *o = cJSON_CreateObject();
        if (batch) {
            char bid[64];
            snprintf(bid, sizeof bid, "batch_req_%d", ++i);
            cJSON_AddStringToObject(o, "id", bid);
            cJSON_AddStringToObject(o, "custom_id", id);
            cJSON *resp = cJSON_AddObjectToObject(o, "response");
            cJSON_AddNumberToObject(resp, "status_code", 200);
            cJSON_AddStringToObject(resp, "request_id", bid);
            cJSON *body = cJSON_AddObjectToObject(resp, "body");
            cJSON_AddStringToObject(body, "object", "chat.completion");
            cJSON *choices = cJSON_AddArrayToObject(body, "choices");
            cJSON *c = cJSON_CreateObject();
            cJSON_AddNumberToObject(c, "index", 0);
            cJSON *m = cJSON_AddObjectToObject(c, "message");
            cJSON_AddStringToObject(m, "role", "assistant");
            cJSON_AddStringToObject(m, "content", text);
            cJSON_AddStringToObject(c, "finish_reason", "stop");
            cJSON_AddItemToArray(choices, c);
            cJSON_AddNullToObject(o, "error");
        } else {
            cJSON_AddStringToObject(o, "id", id);
            cJSON_AddStringToObject(o, "response", text);
        }
        char *s = cJSON_PrintUnformatted(o);
        puts(s);
        free(s);
        cJSON_Delete(o);
    }
    cJSON_Delete(a);
    return problems ? 1 : 0;
}

static int cmd_annotated(const char *file, int n)
{
    cJSON *a = load(file);
    if (cJSON_GetArraySize(a) != n)
        BAD("%d records, expected %d", cJSON_GetArraySize(a), n);
    const cJSON *r;
    cJSON_ArrayForEach(r, a) {
        if (!cJSON_GetObjectItem(r, "Output") || !cJSON_GetObjectItem(r, "ERROR") ||
            !cJSON_GetObjectItem(r, "gpt_response"))
            BAD("a record lacks Output, ERROR or gpt_response");
    }
    cJSON_Delete(a);
    return problems ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "axes") == 0)
        return cmd_axes(argv[2], argv[3]);
    if ((argc == 4 || argc == 5) && strcmp(argv[1], "requests") == 0)
        return cmd_requests(argv[2], argv[3], argc == 5 ? atol(argv[4]) : 0);
    if (argc == 3 && strcmp(argv[1], "wrap") == 0)
        return cmd_wrap(argv[2], true);
    if (argc == 3 && strcmp(argv[1], "jsonl") == 0)
        return cmd_wrap(argv[2], false);
    if (argc == 4 && strcmp(argv[1], "annotated") == 0)
        return cmd_annotated(argv[2], atoi(argv[3]));
    fprintf(stderr, "usage: see tests/eval_probe.c\n");
    return 2;
}
