/* SPDX-License-Identifier: MIT */
/* perceptv.c - the public C interface (lib/include/perceptv.h) over gen's own
 * code: make_sample (common/store/run.c) for a sample, the renderer for its pixels,
 * record_line for its record, answer.h for its gold and verdict, and
 * requests.c's prompt joining for its prompt.  Nothing here writes a file. */
#include "perceptv.h"

#include "answer.h"
#include "options.h"
#include "dataset_read.h"
#include "errors.h"
#include "font.h"
#include "generator.h"
#include "json_out.h"
#include "manifest.h"
#include "render.h"
#include "requests.h"
#include "rng.h"
#include "run.h"
#include "util.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PV_DEFAULT_GRID 6
#define PV_MIN_GRID 2
#define PV_MAX_GRID 26
#define PV_MIN_SCALE 0.25
#define PV_MAX_SCALE 4.0

struct pv_config {
    const generator *g;
    uint64_t seed;       /* as given */
    uint64_t root;       /* the streams' root: seed, or rng_split_seed(seed, split) */
    char split[64];      /* "" = none */
    int grid_size;
    double scale;
    int frames;          /* a video task's frames a sample (GEN_FRAMES_DEFAULT unless set); 0 for the others */
};

struct pv_sample {
    sample_out so;
    canvas cv;
    int images;          /* 1, 2, or a video's frames */
    uint8_t *rgb[GEN_MAX_IMAGES];
    size_t cap[GEN_MAX_IMAGES];
    int width[GEN_MAX_IMAGES], height[GEN_MAX_IMAGES];
    double scale;        /* the configuration's, for pv_sample_draw */
    int drawn;           /* rgb[] hold the images (pv_make, not pv_make_scene) */
    char *record;
    strbuf gold;
    strbuf prompt;       /* the task's prompt, then the record's question and options */
    /* the last (task, level, grid size, scale) that passed gen's checks */
    const generator *checked_g;
    int checked_level, checked_grid, checked_frames;
    double checked_scale;
};

struct pv_verdict {
    int correct;
    char *answer;
    char *error;
};

static void say(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

const char *pv_version(void)
{
    return PERCEPTV_VERSION;
}

void pv_free(void *p)
{
    free(p);
}

/* ---- tasks ---- */

/* A pv_task is a generator: the handle is the registry's own static entry. */
static const generator *gen_of(const pv_task *t)
{
    return (const generator *)t;
}

int pv_task_count(void)
{
    return GENERATOR_COUNT;
}

const pv_task *pv_task_at(int i)
{
    return i >= 0 && i < GENERATOR_COUNT ? (const pv_task *)GENERATORS[i] : NULL;
}

const pv_task *pv_task_find(const char *name)
{
    return name ? (const pv_task *)generator_find(name) : NULL;
}

const char *pv_task_suggest(const char *name)
{
    return name ? generator_suggest(name) : NULL;
}

const char *pv_task_name(const pv_task *t)
{
    return t ? gen_of(t)->name : NULL;
}

int pv_task_images(const pv_task *t)
{
    return t ? gen_of(t)->images : -1;
}

int pv_task_level_min(const pv_task *t)
{
    return t ? gen_of(t)->level_min : -1;
}

int pv_task_level_max(const pv_task *t)
{
    return t ? gen_of(t)->level_max : -1;
}

int pv_task_lowest_level(const pv_task *t)
{
    return t ? gen_of(t)->lowest_level : -1;
}

char *pv_task_prompt(const pv_task *t)
{
    if (!t)
        return NULL;
    strbuf sb = {0};
    requests_prompt_text(gen_of(t), &sb);
    return sb.buf ? sb.buf : xstrdup("");
}

/* ---- configuration ---- */

/* The font, loaded once per process (the only process-wide state; gen's own
 * commands load it before their threads start, and then it is kept). */
static pthread_once_t font_once = PTHREAD_ONCE_INIT;
static int font_rc;
static char font_err[512];

static void font_load(void)
{
    if (font_path() == NULL)
        font_rc = font_init(font_err, sizeof font_err);
}

pv_config *pv_config_new(const pv_task *t, uint64_t seed)
{
    if (!t)
        return NULL;
    pv_config *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->g = gen_of(t);
    c->seed = c->root = seed;
    c->grid_size = PV_DEFAULT_GRID;
    c->scale = 1.0;
    c->frames = c->g->images == GEN_IMAGES_FRAMES ? GEN_FRAMES_DEFAULT : 0;
    return c;
}

void pv_config_free(pv_config *c)
{
    free(c);
}

/* The message for a NULL handle given to a function that returns a status. */
static int no_handle(char *err, size_t errlen, const char *fn, const char *what)
{
    say(err, errlen, "%s needs %s (got NULL)", fn, what);
    return PV_EUSAGE;
}

int pv_config_set_split(pv_config *c, const char *split, char *err, size_t errlen)
{
    if (!c)
        return no_handle(err, errlen, "pv_config_set_split", "a configuration");
    if (split && !split_name_ok(split)) {
        say(err, errlen, "bad --split '%s' (expected 1 to 32 of a-z, 0-9, '_' and '-', e.g. train)", split);
        return PV_EUSAGE;
    }
    snprintf(c->split, sizeof c->split, "%s", split ? split : "");
    c->root = split ? rng_split_seed(c->seed, split) : c->seed;
    return PV_OK;
}

int pv_config_set_grid_size(pv_config *c, int grid_size, char *err, size_t errlen)
{
    if (!c)
        return no_handle(err, errlen, "pv_config_set_grid_size", "a configuration");
    if (grid_size < PV_MIN_GRID || grid_size > PV_MAX_GRID) {
        say(err, errlen, "bad --grid_size '%d' (expected 2..26)", grid_size);
        return PV_EUSAGE;
    }
    c->grid_size = grid_size;
    return PV_OK;
}

int pv_config_set_scale(pv_config *c, double scale, char *err, size_t errlen)
{
    if (!c)
        return no_handle(err, errlen, "pv_config_set_scale", "a configuration");
    if (!(scale >= PV_MIN_SCALE && scale <= PV_MAX_SCALE)) {
        say(err, errlen, "bad --scale '%g' (expected a number from 0.25 to 4)", scale);
        return PV_EUSAGE;
    }
    c->scale = scale;
    return PV_OK;
}

int pv_config_set_frames(pv_config *c, int frames, char *err, size_t errlen)
{
    if (!c)
        return no_handle(err, errlen, "pv_config_set_frames", "a configuration");
    if (c->g->images != GEN_IMAGES_FRAMES) {
        say(err, errlen, "--frames is for the video tasks, not '%s' (%d image%s a sample)", c->g->name,
            c->g->images, c->g->images == 1 ? "" : "s");
        return PV_EUSAGE;
    }
    if (frames < GEN_FRAMES_MIN || frames > GEN_MAX_IMAGES) {
        say(err, errlen, "bad --frames '%d' (expected a whole number from 2 to 64)", frames);
        return PV_EUSAGE;
    }
    c->frames = frames;
    return PV_OK;
}

int pv_config_frames(const pv_config *c)
{
    return c ? c->frames : 0;
}

static int status_of(int rc)
{
    switch (rc) {
    case GEN_EXIT_OK:
        return PV_OK;
    case GEN_EXIT_USAGE:
        return PV_EUSAGE;
    case GEN_EXIT_LEVEL:
        return PV_ELEVEL;
    default:
        return PV_EINTERNAL;
    }
}

/* gen's own checks of a one-sample run (options_check): file range, level,
 * grid size, scale, the task's check_level. */
static int check(const pv_config *c, int64_t file, int level, char *err, size_t errlen)
{
    int levels[1] = {level};
    gen_options o;
    memset(&o, 0, sizeof o);
    o.task = c->g;
    o.num_images = 1;
    o.levels = levels;
    o.nlevels = 1;
    o.seed = c->seed;
    o.file = (long)file;
    o.grid_size = c->grid_size;
    o.scale = c->scale;
    o.frames = c->frames;
    char why[512];
    int rc = options_check(&o, why, sizeof why);
    if (rc != GEN_EXIT_OK)
        say(err, errlen, "%s", why);
    return status_of(rc);
}

int pv_config_check_level(const pv_config *c, int level, char *err, size_t errlen)
{
    if (!c)
        return no_handle(err, errlen, "pv_config_check_level", "a configuration");
    return check(c, 1, level, err, errlen);
}

/* ---- samples ---- */

pv_sample *pv_sample_new(void)
{
    pv_sample *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    sample_out_init(&s->so);
    canvas_init(&s->cv);
    return s;
}

void pv_sample_free(pv_sample *s)
{
    if (!s)
        return;
    sample_out_free(&s->so);
    canvas_free(&s->cv);
    for (int k = 0; k < GEN_MAX_IMAGES; k++)
        free(s->rgb[k]);
    free(s->record);
    strbuf_free(&s->gold);
    strbuf_free(&s->prompt);
    free(s);
}

/* Draws image k of the made scene into dst (its size from image_size). */
static int draw_into(pv_sample *s, int k, uint8_t *dst, char *err, size_t errlen)
{
    if (render_scene_scaled(&s->cv, &s->so.img[k], s->scale) != 0) {
        say(err, errlen, "cairo failed to draw a %dx%d image", s->so.img[k].width, s->so.img[k].height);
        return PV_EINTERNAL;
    }
    if (s->cv.width != s->width[k] || s->cv.height != s->height[k]) {
        say(err, errlen, "image %d drawn %dx%d, expected %dx%d", k, s->cv.width, s->cv.height, s->width[k],
            s->height[k]);
        return PV_EINTERNAL;
    }
    canvas_to_rgb(&s->cv, dst);
    return PV_OK;
}

/* The size of image k at the configuration's scale, with the caps gen applies
 * before writing an image (encode_sample_image). */
static int image_size(pv_sample *s, int k, char *err, size_t errlen)
{
    const scene *sc = &s->so.img[k];
    double f = s->scale;
    double w = f == 1.0 ? sc->width : ceil(sc->width * f);
    double h = f == 1.0 ? sc->height : ceil(sc->height * f);
    if (w > DS_PNG_MAX_SIDE || h > DS_PNG_MAX_SIDE || w * h > (double)DS_PNG_MAX_PIXELS) {
        say(err, errlen, "an image would be %.0fx%.0f pixels, more than gen reads back (%d a side, %ld Mi "
            "pixels): use a smaller --scale or level", w, h, DS_PNG_MAX_SIDE, DS_PNG_MAX_PIXELS >> 20);
        return PV_ELEVEL;
    }
    s->width[k] = (int)w;
    s->height[k] = (int)h;
    return PV_OK;
}

static int make(const pv_config *c, uint64_t root, int64_t file, int level, pv_sample *s, char *err, size_t errlen)
{
    if (!s)
        return no_handle(err, errlen, "pv_make", "a sample");
    s->images = 0; /* a failed make leaves no sample behind */
    s->drawn = 0;
    if (!c)
        return no_handle(err, errlen, "pv_make", "a configuration");
    const generator *g = c->g;
    if (s->checked_g != g || s->checked_level != level || s->checked_grid != c->grid_size ||
        s->checked_scale != c->scale || s->checked_frames != c->frames || file < 0 || file > GEN_MAX_FILE) {
        s->checked_g = NULL;
        int rc = check(c, file, level, err, errlen);
        if (rc != PV_OK)
            return rc;
        s->checked_g = g;
        s->checked_level = level;
        s->checked_grid = c->grid_size;
        s->checked_scale = c->scale;
        s->checked_frames = c->frames;
    }
    pthread_once(&font_once, font_load);
    if (font_rc != 0) {
        say(err, errlen, "%s", font_err);
        return PV_EINTERNAL;
    }
    gen_params p = {.level = level, .grid_size = c->grid_size, .file = (long)file, .frames = c->frames};
    int rc = make_sample(g, root, &p, &s->so);
    if (rc != GEN_EXIT_OK) {
        if (rc == GEN_EXIT_LEVEL)
            say(err, errlen, "%s: level %d (file %ld): %s", g->name, level, (long)file, s->so.err);
        else
            say(err, errlen, "%s", s->so.err);
        return status_of(rc);
    }
    s->scale = c->scale;
    for (int k = 0; k < s->so.nimages; k++) {
        rc = image_size(s, k, err, errlen);
        if (rc != PV_OK)
            return rc;
    }
    free(s->record);
    s->record = record_line(g, (long)file, s->so.nimages, s->so.record);
    s->gold.len = 0;
    if (s->gold.buf)
        s->gold.buf[0] = '\0';
    char why[256];
    if (answer_gold_text(g, s->so.record, &s->gold, why, sizeof why) != 0) {
        say(err, errlen, "%s: no gold answer: %s", g->name, why);
        return PV_EINTERNAL;
    }
    /* the text a model sees: the task's prompt, then (a video task's) question and options */
    s->prompt.len = 0;
    requests_prompt_text(g, &s->prompt);
    requests_question_text(s->so.record, &s->prompt);
    s->images = s->so.nimages;
    return PV_OK;
}

int pv_make(const pv_config *c, int64_t file, int level, pv_sample *s, char *err, size_t errlen)
{
    int rc = make(c, c ? c->root : 0, file, level, s, err, errlen);
    if (rc != PV_OK && !s)
        return rc; /* no sample to clear */
    for (int k = 0; rc == PV_OK && k < s->images; k++) {
        size_t need = (size_t)s->width[k] * (size_t)s->height[k] * 3;
        if (need > s->cap[k]) {
            uint8_t *p = realloc(s->rgb[k], need);
            if (!p) {
                say(err, errlen, "out of memory (a %dx%d image)", s->width[k], s->height[k]);
                rc = PV_EINTERNAL;
                break;
            }
            s->rgb[k] = p;
            s->cap[k] = need;
        }
        rc = draw_into(s, k, s->rgb[k], err, errlen);
    }
    if (rc != PV_OK) {
        s->images = 0;
        return rc;
    }
    s->drawn = 1;
    return PV_OK;
}

int pv_make_scene(const pv_config *c, int64_t file, int level, pv_sample *s, char *err, size_t errlen)
{
    return make(c, c ? c->root : 0, file, level, s, err, errlen);
}

int pv_sample_image_size(const pv_sample *s, int i, int *width, int *height)
{
    if (!s || i < 0 || i >= s->images)
        return PV_EUSAGE;
    if (width)
        *width = s->width[i];
    if (height)
        *height = s->height[i];
    return PV_OK;
}

int pv_sample_draw(pv_sample *s, int i, uint8_t *dst, char *err, size_t errlen)
{
    if (!s)
        return no_handle(err, errlen, "pv_sample_draw", "a sample");
    if (!dst)
        return no_handle(err, errlen, "pv_sample_draw", "a buffer");
    if (i < 0 || i >= s->images) {
        say(err, errlen, "pv_sample_draw: no image %d (the sample has %d)", i, s->images);
        return PV_EUSAGE;
    }
    return draw_into(s, i, dst, err, errlen);
}

int pv_sample_image_count(const pv_sample *s)
{
    return s ? s->images : 0;
}

const uint8_t *pv_sample_rgb(const pv_sample *s, int i, int *width, int *height)
{
    if (!s || i < 0 || i >= s->images || !s->drawn)
        return NULL;
    if (width)
        *width = s->width[i];
    if (height)
        *height = s->height[i];
    return s->rgb[i];
}

const char *pv_sample_record(const pv_sample *s)
{
    return s && s->images ? s->record : NULL;
}

const char *pv_sample_gold(const pv_sample *s)
{
    return s && s->images ? s->gold.buf : NULL;
}

const char *pv_sample_prompt(const pv_sample *s)
{
    return s && s->images ? (s->prompt.buf ? s->prompt.buf : "") : NULL;
}

/* ---- scoring ---- */

int pv_score(const pv_task *t, const char *record_json, const char *response, size_t len, pv_parser parser,
             pv_verdict **out, char *err, size_t errlen)
{
    if (!out)
        return no_handle(err, errlen, "pv_score", "somewhere to put the verdict");
    *out = NULL;
    if (!t || !record_json || (!response && len)) {
        say(err, errlen, "pv_score needs a task, a record and a response");
        return PV_EUSAGE;
    }
    if (parser != PV_PARSER_RELEASE && parser != PV_PARSER_STRICT) {
        say(err, errlen, "pv_score: no parser %d (PV_PARSER_RELEASE or PV_PARSER_STRICT)", (int)parser);
        return PV_EUSAGE;
    }
    const generator *g = gen_of(t);
    /* as strictly as gen score reads data.json: one JSON document and nothing after
     * it, no duplicate key, no \u0000 (a C string would stop there), no NaN, at most
     * a data.json record's size */
    size_t rlen = strlen(record_json);
    if (rlen > DS_RECORD_MAX) {
        say(err, errlen, "%s: the record is %zu bytes, more than a data.json record may hold (%zu)", g->name, rlen,
            DS_RECORD_MAX);
        return PV_EUSAGE;
    }
    char why[300];
    cJSON *rec = strict_json_parse(record_json, rlen, 0, why, sizeof why);
    if (!rec) {
        say(err, errlen, "%s: the record is %s", g->name, why);
        return PV_EUSAGE;
    }
    if (!cJSON_IsObject(rec)) {
        cJSON_Delete(rec);
        say(err, errlen, "%s: the record is not a JSON object", g->name);
        return PV_EUSAGE;
    }
    if (answer_check_record(g, rec, why, sizeof why) != 0) {
        cJSON_Delete(rec);
        say(err, errlen, "%s: %s", g->name, why);
        return PV_EUSAGE;
    }
    answer_verdict v;
    answer_judge(g, parser == PV_PARSER_STRICT ? ANSWER_STRICT : ANSWER_RELEASE, rec, response ? response : "", len,
                 true, &v);
    cJSON_Delete(rec);
    pv_verdict *r = calloc(1, sizeof *r);
    if (!r) {
        answer_verdict_clear(&v);
        say(err, errlen, "out of memory");
        return PV_EINTERNAL;
    }
    r->correct = v.correct;
    r->answer = NULL;
    if (v.output) { /* as gen score writes Output: an int past 2^53 with its exact digits */
        strbuf js = {0};
        json_append(&js, v.output);
        r->answer = js.buf;
    }
    r->error = v.error ? xstrdup(v.error) : NULL;
    answer_verdict_clear(&v);
    *out = r;
    return PV_OK;
}

int pv_verdict_correct(const pv_verdict *v)
{
    return v ? v->correct : 0;
}

const char *pv_verdict_answer(const pv_verdict *v)
{
    return v ? v->answer : NULL;
}

const char *pv_verdict_error(const pv_verdict *v)
{
    return v ? v->error : NULL;
}

void pv_verdict_free(pv_verdict *v)
{
    if (!v)
        return;
    free(v->answer);
    free(v->error);
    free(v);
}
