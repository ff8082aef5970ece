/* SPDX-License-Identifier: MIT */
#include "requests.h"

#include "dataset_read.h"
#include "errors.h"
#include "answer.h"
#include "eval.h"
#include "font.h"
#include "fsutil.h"
#include "json_out.h"
#include "png_io.h"

#include <cairo.h>

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

/* The number N of a name "N<tail>" (N without leading zeros), or -1. */
static long name_number(const char *p, const char *tail)
{
    if (!isdigit((unsigned char)*p) || (*p == '0' && isdigit((unsigned char)p[1])))
        return -1;
    long v = 0;
    while (isdigit((unsigned char)*p)) {
        if (v > 100000000L)
            return -1;
        v = v * 10 + (*p++ - '0');
    }
    return strcmp(p, tail) == 0 ? v : -1;
}

/* N.png, secondN.png for pairs, N_1.png for videos: the only names a record may
 * point at. */
static bool id_ok(const eval_task *t, const char *id)
{
    if (t->g->images == GEN_IMAGES_FRAMES)
        return name_number(id, "_1.png") >= 0;
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

/* How the frames of a video sample are sent: all (frames 0), or `frames` of
 * them uniformly; one image each, or one contact sheet (tile). */
typedef struct frame_opts {
    int frames;
    bool tile;
} frame_opts;

static int image_part(cJSON *content, const char *dir, const char *name, char *err, size_t errlen);

static void text_part(cJSON *content, const char *text)
{
    cJSON *part = cJSON_CreateObject();
    cJSON_AddStringToObject(part, "type", "text");
    cJSON_AddStringToObject(part, "text", text);
    cJSON_AddItemToArray(content, part);
}

static int frames_part(cJSON *content, const eval_task *t, const cJSON *rec, const char *id, const frame_opts *fo,
                       char *err, size_t errlen);

/* The image(s) of sample id (record rec): first then second for pairs, the
 * frames of a video. */
static int sample_images(cJSON *content, const eval_task *t, const cJSON *rec, const char *id, const frame_opts *fo,
                         char *err, size_t errlen)
{
    if (t->g->images == GEN_IMAGES_FRAMES)
        return frames_part(content, t, rec, id, fo, err, errlen);
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
    if (t->g->images == GEN_IMAGES_FRAMES)
        snprintf(id, sizeof id, "%d_1.png", EXEMPLARS[k]);
    else
        snprintf(id, sizeof id, "%s%d.png", t->g->images == 2 ? "second" : "", EXEMPLARS[k]);
    for (long i = 0; i < t->n; i++)
        if (strcmp(t->ids[i], id) == 0)
            return (int)i;
    return -1;
}

/* An image part of PNG bytes. */
static void png_part(cJSON *content, const char *png, size_t len)
{
    strbuf uri = {0};
    strbuf_add(&uri, "data:image/png;base64,");
    base64_append(&uri, (const unsigned char *)png, len);
    cJSON *part = cJSON_CreateObject();
    cJSON_AddStringToObject(part, "type", "image_url");
    cJSON *iu = cJSON_AddObjectToObject(part, "image_url");
    cJSON_AddStringToObject(iu, "url", uri.buf);
    cJSON_AddItemToArray(content, part);
    strbuf_free(&uri);
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
    png_part(content, png, len);
    free(png);
    return 0;
}

/* The record's frames: "frames", the names N_1.png .. N_F.png of the id's N in
 * order, F in GEN_FRAMES_MIN..GEN_MAX_IMAGES; *count gets F. */
static int frame_list(const eval_task *t, const cJSON *rec, const char *id, int *count, char *err, size_t errlen)
{
    const cJSON *fr = cJSON_GetObjectItemCaseSensitive(rec, "frames");
    long n = name_number(id, "_1.png");
    int f = cJSON_IsArray(fr) ? cJSON_GetArraySize(fr) : 0;
    if (f < GEN_FRAMES_MIN || f > GEN_MAX_IMAGES) {
        snprintf(err, errlen, "cannot read '%s/data.json': record '%.80s' has %s (a video's is a list of %d to %d "
                 "frame names)", t->dir, id, cJSON_IsArray(fr) ? "a 'frames' list of another length" : "no 'frames' list",
                 GEN_FRAMES_MIN, GEN_MAX_IMAGES);
        return -1;
    }
    int k = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, fr) {
        char want[48];
        snprintf(want, sizeof want, "%ld_%d.png", n, ++k);
        if (!cJSON_IsString(e) || strcmp(e->valuestring, want) != 0) {
            snprintf(err, errlen, "cannot read '%s/data.json': record '%.80s': frame %d is not '%s'", t->dir, id, k,
                     want);
            return -1;
        }
    }
    *count = f;
    return 0;
}

/* The frames sent of F: `want` of them (0: all), uniformly from the first to
 * the last, as 0-based indices into pick; their count. */
static int frame_pick(int f, int want, int *pick)
{
    if (want <= 0 || want >= f) {
        for (int k = 0; k < f; k++)
            pick[k] = k;
        return f;
    }
    /* k (want - 1) / (F - 1) steps apart, rounded half up: distinct because
     * want <= F, and the first and last frames always in */
    for (int k = 0; k < want; k++)
        pick[k] = (int)(((long)k * (f - 1) * 2 + (want - 1)) / (2L * (want - 1)));
    return want;
}

/* Pixels of the contact sheet: a grey gutter between frames and a light grey
 * label strip above each, tall enough for its 14 px text. */
#define TILE_GUTTER 6
#define TILE_LABEL 20
#define TILE_FONT_PX 14.0

/* One PNG of the chosen frames of a sample, in a grid of ceil(sqrt(K)) columns,
 * first to last by rows, each under the label "frame k". */
static int tile_png(const eval_task *t, long sample, const int *names, int count, strbuf *png, char *err,
                    size_t errlen)
{
    uint8_t *pix[GEN_MAX_IMAGES] = {0};
    int w[GEN_MAX_IMAGES], h[GEN_MAX_IMAGES], cw = 0, ch = 0, rc = 0;
    for (int k = 0; k < count && !rc; k++) {
        char name[80];
        snprintf(name, sizeof name, "data/%ld_%d.png", sample, names[k] + 1);
        /* the safe reader's decoding: sizes checked before any pixel */
        rc = ds_png_decode(t->dir, name, &pix[k], &w[k], &h[k], err, errlen);
        if (!rc) {
            cw = w[k] > cw ? w[k] : cw;
            ch = h[k] > ch ? h[k] : ch;
        }
    }
    int cols = 1;
    while (cols * cols < count)
        cols++;
    int rows = (count + cols - 1) / cols;
    long W = (long)cols * cw + (long)(cols + 1) * TILE_GUTTER;
    long H = (long)rows * (ch + TILE_LABEL) + (long)(rows + 1) * TILE_GUTTER;
    if (!rc && (W > DS_PNG_MAX_SIDE || H > DS_PNG_MAX_SIDE || W * H > DS_PNG_MAX_PIXELS)) {
        snprintf(err, errlen, "refused to tile '%s': a sheet of %ld x %ld pixels is over gen's image limits (send "
                 "fewer frames with --frames K)", t->dir, W, H);
        rc = -1;
    }
    if (!rc) {
        cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)W, (int)H);
        cairo_t *cr = cairo_create(sf);
        cairo_set_source_rgb(cr, 0.75, 0.75, 0.75);
        cairo_paint(cr);
        cairo_surface_flush(sf);
        uint8_t *data = cairo_image_surface_get_data(sf);
        int stride = cairo_image_surface_get_stride(sf);
        for (int k = 0; data && k < count; k++) {
            int x0 = TILE_GUTTER + (k % cols) * (cw + TILE_GUTTER);
            int y0 = TILE_GUTTER + (k / cols) * (ch + TILE_LABEL + TILE_GUTTER) + TILE_LABEL;
            for (int y = 0; y < h[k]; y++) {
                uint32_t *row = (uint32_t *)(data + (size_t)(y0 + y) * (size_t)stride) + x0;
                const uint8_t *src = pix[k] + (size_t)y * (size_t)w[k] * 3;
                for (int x = 0; x < w[k]; x++)
                    row[x] = 0xff000000u | (uint32_t)src[3 * x] << 16 | (uint32_t)src[3 * x + 1] << 8 | src[3 * x + 2];
            }
        }
        cairo_surface_mark_dirty(sf);
        font_select(cr, TILE_FONT_PX);
        for (int k = 0; k < count; k++) {
            int x0 = TILE_GUTTER + (k % cols) * (cw + TILE_GUTTER);
            int y0 = TILE_GUTTER + (k / cols) * (ch + TILE_LABEL + TILE_GUTTER);
            cairo_set_source_rgb(cr, 0.9, 0.9, 0.9); /* apart from the white frames */
            cairo_rectangle(cr, x0, y0, cw, TILE_LABEL);
            cairo_fill(cr);
            char label[32];
            snprintf(label, sizeof label, "frame %d", names[k] + 1);
            cairo_set_source_rgb(cr, 0, 0, 0);
            cairo_move_to(cr, x0 + 4, y0 + TILE_LABEL - 5);
            cairo_show_text(cr, label);
        }
        cairo_destroy(cr);
        cairo_surface_flush(sf);
        if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS || !data) {
            snprintf(err, errlen, "cannot draw the contact sheet of '%s': %s", t->dir,
                     cairo_status_to_string(cairo_surface_status(sf)));
            rc = -1;
        } else if (png_encode_xrgb(data, (int)W, (int)H, stride, png_settings_for(PNG_FAST), png, err, errlen) != 0) {
            rc = -1;
        }
        cairo_surface_destroy(sf);
    }
    for (int k = 0; k < count; k++)
        free(pix[k]);
    return rc;
}

/* A video's frames: each chosen frame as an image, first to last, or with
 * --tile one contact sheet of them. */
static int frames_part(cJSON *content, const eval_task *t, const cJSON *rec, const char *id, const frame_opts *fo,
                       char *err, size_t errlen)
{
    int f;
    if (frame_list(t, rec, id, &f, err, errlen) != 0)
        return -1;
    if (fo->frames > f) {
        snprintf(err, errlen, "cannot send --frames %d of '%s/data/%s': the sample has %d frames (K is at most F)",
                 fo->frames, t->dir, id, f);
        return -2;
    }
    int pick[GEN_MAX_IMAGES];
    int count = frame_pick(f, fo->frames, pick);
    long sample = name_number(id, "_1.png");
    if (fo->tile) {
        strbuf png = {0};
        int rc = tile_png(t, sample, pick, count, &png, err, errlen);
        if (!rc)
            png_part(content, png.buf, png.len);
        strbuf_free(&png);
        return rc;
    }
    for (int k = 0; k < count; k++) {
        char name[48];
        snprintf(name, sizeof name, "%ld_%d.png", sample, pick[k] + 1);
        if (image_part(content, t->dir, name, err, errlen) != 0)
            return -1;
    }
    return 0;
}

int requests_parse_option(int argc, char **argv, int *i, requests_options *ro, bool *bad)
{
    const char *v;
    if ((v = eval_opt_value(argc, argv, i, "--task", bad))) {
        if (eval_opt_task(v, &ro->task))
            return -1;
    } else if (!*bad && (v = eval_opt_value(argc, argv, i, "--prompts", bad))) {
        ro->prompts = v;
    } else if (!*bad && (v = eval_opt_value(argc, argv, i, "--shots", bad))) {
        if (strlen(v) != 1 || v[0] < '0' || v[0] > '3') {
            eval_usage_fail("bad --shots '%s' (expected 0, 1, 2 or 3)", v);
            return -1;
        }
        ro->shots = v[0] - '0';
    } else if (!*bad && (v = eval_opt_value(argc, argv, i, "--max_tokens", bad))) {
        char *end;
        errno = 0;
        ro->max_tokens = strtol(v, &end, 10);
        if (errno || *end || !*v || ro->max_tokens < 1 || ro->max_tokens > REQ_MAX_TOKENS) {
            eval_usage_fail("bad --max_tokens '%s' (expected a whole number from 1 to 1000000)", v);
            return -1;
        }
    } else if (!*bad && (v = eval_opt_value(argc, argv, i, "--frames", bad))) {
        char *end;
        errno = 0;
        long k = strtol(v, &end, 10);
        if (errno || *end || !*v || k < GEN_FRAMES_MIN || k > GEN_MAX_IMAGES) {
            eval_usage_fail("bad --frames '%s' (expected a whole number from %d to %d)", v, GEN_FRAMES_MIN,
                            GEN_MAX_IMAGES);
            return -1;
        }
        ro->frames = (int)k;
    } else if (!*bad && strcmp(argv[*i], "--tile") == 0) {
        ro->tile = true;
    } else {
        return 0;
    }
    ro->any = true;
    return 1;
}

int requests_write(const char *dir, const char *model, const char *out, const generator *task,
                   const char *prompts, int shots, long max_tokens)
{
    return requests_write_frames(dir, model, out, task, prompts, shots, max_tokens, 0, false);
}

/* The requests of a set, one at a time: task k, record i of it, and the task's
 * prompt and exemplars, made when the iterator enters the task. */
struct requests_iter {
    eval_set s;
    char *model, *prompts;
    int shots, frames;
    long max_tokens;
    bool tile, font;
    frame_opts fo;
    int k;            /* the task */
    long i;           /* the next record of task k */
    bool entered;     /* task k's prompt and exemplars are made */
    const cJSON *rec; /* record i - 1 of task k, or NULL */
    strbuf prompt;
    int ex[3];
    strbuf gold[3];
    long total;
};

static void iter_leave_task(requests_iter *it)
{
    strbuf_free(&it->prompt);
    for (int e = 0; e < 3; e++)
        strbuf_free(&it->gold[e]);
    it->entered = false;
}

/* The prompt and exemplars of task k; an exit code, the message in err. */
static int iter_enter_task(requests_iter *it, char *err, size_t errlen)
{
    const eval_task *t = &it->s.t[it->k];
    if (prompt_of(t, it->prompts, &it->prompt, err, errlen) != 0)
        return GEN_EXIT_IO;
    /* the exemplars and their gold answers, in the task's own format */
    for (int e = 0; e < 3; e++)
        it->ex[e] = -1;
    for (int e = 0; e < it->shots; e++) {
        it->ex[e] = exemplar_index(t, e);
        char why[256];
        if (it->ex[e] < 0) {
            snprintf(err, errlen,
                     "cannot use --shots %d on %s: it has no sample %d (the exemplars are samples 41, 91 and 141)",
                     it->shots, t->dir, EXEMPLARS[e]);
            return GEN_EXIT_IO;
        }
        if (answer_gold_text(t->g, cJSON_GetArrayItem(t->records, it->ex[e]), &it->gold[e], why, sizeof why)) {
            snprintf(err, errlen, "cannot use --shots on %s: exemplar %s: %s", t->dir, t->ids[it->ex[e]], why);
            return GEN_EXIT_IO;
        }
    }
    it->entered = true;
    it->i = 0;
    it->rec = NULL;
    return 0;
}

int requests_open(requests_iter **out, const char *dir, const char *model, const generator *task,
                  const char *prompts, int shots, long max_tokens, int frames, bool tile, char *err, size_t errlen)
{
    requests_iter *it = xcalloc(1, sizeof *it);
    *out = it;
    it->model = xstrdup(model);
    it->prompts = prompts ? xstrdup(prompts) : NULL;
    it->shots = shots;
    it->max_tokens = max_tokens;
    it->frames = frames;
    it->tile = tile;
    it->fo = (frame_opts){frames, tile};
    eval_set *s = &it->s;
    int rc = eval_load_opts(dir, task, false, s, err, errlen);
    if (!rc && (frames || tile)) {
        int videos = 0;
        for (int k = 0; k < s->n; k++)
            videos += s->t[k].g->images == GEN_IMAGES_FRAMES;
        if (!videos) {
            snprintf(err, errlen, "%s is for video tasks (comp_conjunctive, comp_sequential); %s%s has %s",
                     frames ? "--frames" : "--tile", s->tree ? "the tree " : "", dir,
                     s->tree ? "none" : s->t[0].g->images == 2 ? "two images a sample" : "one image a sample");
            rc = GEN_EXIT_USAGE;
        }
    }
    if (!rc && tile) {
        if (font_init(err, errlen) != 0)
            rc = GEN_EXIT_IO;
        else
            it->font = true;
    }
    for (int k = 0; k < s->n && !rc; k++)
        for (long i = 0; i < s->t[k].n && !rc; i++)
            if (!id_ok(&s->t[k], s->t[k].ids[i])) {
                snprintf(err, errlen, "cannot read '%s/data.json': id '%.80s' is not an image name of %s",
                         s->t[k].dir, s->t[k].ids[i], s->t[k].g->name);
                rc = GEN_EXIT_IO;
            }
    /* every record but the exemplars a task has (it has all three or is refused) */
    for (int k = 0; k < s->n && !rc; k++) {
        it->total += s->t[k].n;
        for (int e = 0; e < shots; e++)
            it->total -= exemplar_index(&s->t[k], e) >= 0;
    }
    return rc;
}

long requests_total(const requests_iter *it)
{
    return it->total;
}

int requests_refuse_output(const requests_iter *it, const char *out, char *err, size_t errlen)
{
    return eval_out_refuse_input(out, &it->s, NULL, it->prompts, err, errlen);
}

cJSON *requests_next(requests_iter *it, int *rc, char *err, size_t errlen)
{
    *rc = 0;
    for (;;) {
        if (it->k >= it->s.n)
            return NULL;
        if (!it->entered && (*rc = iter_enter_task(it, err, errlen)) != 0)
            return NULL;
        const eval_task *t = &it->s.t[it->k];
        if (it->i >= t->n) {
            iter_leave_task(it);
            it->k++;
            continue;
        }
        long i = it->i++;
        it->rec = it->rec ? it->rec->next : t->records->child;
        /* an exemplar is not asked about: its answer is in the prompt */
        bool is_exemplar = false;
        for (int e = 0; e < it->shots; e++)
            is_exemplar |= it->ex[e] == i;
        if (!is_exemplar)
            break;
    }
    const eval_task *t = &it->s.t[it->k];
    const cJSON *rec = it->rec;
    long i = it->i - 1;
    cJSON *req = cJSON_CreateObject();
    strbuf cid = {0};
    strbuf_addf(&cid, "%s/%s", t->g->name, t->ids[i]);
    cJSON_AddStringToObject(req, "custom_id", cid.buf);
    strbuf_free(&cid);
    cJSON_AddStringToObject(req, "method", "POST");
    cJSON_AddStringToObject(req, "url", "/v1/chat/completions");
    cJSON *body = cJSON_AddObjectToObject(req, "body");
    cJSON_AddStringToObject(body, "model", it->model);
    cJSON *msgs = cJSON_AddArrayToObject(body, "messages");
    cJSON *msg = cJSON_CreateObject();
    cJSON_AddItemToArray(msgs, msg);
    cJSON_AddStringToObject(msg, "role", "user");
    cJSON *content = cJSON_AddArrayToObject(msg, "content");
    /* the prompt, then a composed question and its options (nothing for the
     * other tasks) */
    strbuf text = {0};
    strbuf_add(&text, it->prompt.buf);
    requests_question_text(rec, &text);
    text_part(content, text.buf);
    strbuf_free(&text);
    int got = sample_images(content, t, rec, t->ids[i], &it->fo, err, errlen);
    if (got)
        *rc = got == -2 ? GEN_EXIT_USAGE : GEN_EXIT_IO;
    /* few-shot: one marker, then each exemplar's image(s) and its answer, in
     * the one user message, as the release's model_few.py lays them; a composed
     * question's exemplar has its question and options before its answer */
    if (it->shots && !*rc)
        text_part(content, "Solved examples, each image followed by its answer:");
    for (int e = 0; e < it->shots && !*rc; e++) {
        const cJSON *exrec = cJSON_GetArrayItem(t->records, it->ex[e]);
        got = sample_images(content, t, exrec, t->ids[it->ex[e]], &it->fo, err, errlen);
        if (got)
            *rc = got == -2 ? GEN_EXIT_USAGE : GEN_EXIT_IO;
        strbuf et = {0};
        requests_question_text(exrec, &et);
        if (et.len)
            strbuf_addf(&et, "\n%s", it->gold[e].buf);
        text_part(content, et.len ? et.buf + 1 : it->gold[e].buf);
        strbuf_free(&et);
    }
    if (it->max_tokens)
        cJSON_AddNumberToObject(body, "max_tokens", (double)it->max_tokens);
    if (*rc) {
        cJSON_Delete(req);
        return NULL;
    }
    return req;
}

void requests_close(requests_iter *it)
{
    if (!it)
        return;
    iter_leave_task(it);
    eval_free(&it->s);
    if (it->font)
        font_done();
    free(it->model);
    free(it->prompts);
    free(it);
}

int requests_write_frames(const char *dir, const char *model, const char *out, const generator *task,
                          const char *prompts, int shots, long max_tokens, int frames, bool tile)
{
    char err[512];
    requests_iter *it;
    int rc = requests_open(&it, dir, model, task, prompts, shots, max_tokens, frames, tile, err, sizeof err);
    eval_out o = {0};
    if (!rc && requests_refuse_output(it, out, err, sizeof err) != 0)
        rc = GEN_EXIT_USAGE;
    if (!rc && eval_out_open(&o, out, err, sizeof err) != 0)
        rc = GEN_EXIT_IO;
    while (!rc) {
        cJSON *req = requests_next(it, &rc, err, sizeof err);
        if (!req)
            break;
        strbuf line = {0};
        json_append(&line, req);
        strbuf_add(&line, "\n");
        eval_out_write(&o, line.buf, line.len);
        strbuf_free(&line);
        cJSON_Delete(req);
    }
    if (o.f) {
        if (rc)
            eval_out_abort(&o);
        else if (eval_out_commit(&o, err, sizeof err) != 0)
            rc = GEN_EXIT_IO;
    }
    requests_close(it);
    if (rc)
        fprintf(stderr, "gen: %s\n", err);
    return rc;
}
