/* SPDX-License-Identifier: MIT */
#include "harness.h"

#include "font.h"

#include <stdlib.h>
#include <string.h>

static canvas shared_canvas;

int rec_int(const sample_out *s, const char *field)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(s->record, field);
    return cJSON_IsNumber(v) ? (int)v->valuedouble : -999999;
}

const char *rec_str(const sample_out *s, const char *field)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(s->record, field);
    return cJSON_IsString(v) ? v->valuestring : "";
}

int count_objects(const scene *sc, const char *kind)
{
    int n = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *p = &sc->prims[i];
        if (p->object >= 0 && (!kind || (p->kind && strcmp(p->kind, kind) == 0)))
            n++;
    }
    return n;
}

const canvas *harness_render(const scene *sc)
{
    if (render_scene(&shared_canvas, sc) != 0) {
        fprintf(stderr, "harness: render failed\n");
        exit(1);
    }
    return &shared_canvas;
}

static int run_level(const generator *g, check_fn check, int level, int *passed, int *failed)
{
    sample_out s;
    sample_out_init(&s);
    char msg[512];
    /* a video task: the default frames, then a few with few frames (rounds 2) */
    int rounds = g->images == GEN_IMAGES_FRAMES ? 2 : 1;
    for (int k = 0; k < HARNESS_PER_LEVEL * rounds; k++) {
        int frames = 0;
        if (g->images == GEN_IMAGES_FRAMES)
            frames = k < HARNESS_PER_LEVEL ? GEN_FRAMES_DEFAULT : HARNESS_FEW_FRAMES;
        gen_params p = {.level = level, .grid_size = 6, .file = 1000L * level + k, .frames = frames};
        int rc = make_sample(g, HARNESS_SEED, &p, &s);
        const char *why = NULL;
        if (rc != 0)
            why = s.err;
        else {
            msg[0] = '\0';
            why = check(&s, &p, msg, sizeof msg);
        }
        if (why) {
            printf("FAIL %s level %d file %ld: %s\n", g->name, level, p.file, why);
            (*failed)++;
        } else {
            (*passed)++;
        }
    }
    sample_out_free(&s);
    return 0;
}

int harness_run(const char *task, check_fn check, const int *extra_levels, int nextra)
{
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        printf("harness: %s\n", err);
        return 1;
    }
    const generator *g = generator_find(task);
    if (!g) {
        printf("harness: no task '%s' in the registry\n", task);
        return 1;
    }
    canvas_init(&shared_canvas);
    int passed = 0, failed = 0;
    for (int level = g->level_min; level <= g->level_max; level++)
        run_level(g, check, level, &passed, &failed);
    for (int i = 0; i < nextra; i++)
        run_level(g, check, extra_levels[i], &passed, &failed);
    canvas_free(&shared_canvas);
    font_done();
    printf("%s consistency: %d passed, %d failed\n", task, passed, failed);
    return failed ? 1 : 0;
}

int harness_refuses(const char *task, int level, int grid_size)
{
    const generator *g = generator_find(task);
    char err[256];
    gen_params p = {.level = level, .grid_size = grid_size};
    if (!g || !g->check_level || g->check_level(&p, err, sizeof err) == 0) {
        printf("FAIL %s: level %d (grid_size %d) is not refused\n", task, level, grid_size);
        return 1;
    }
    return 0;
}

const char *check_size_order(const sample_out *s, const char *field, const char *noun, const double *size, int k,
                             int *order, char *msg, size_t n)
{
    for (int i = 0; i < k; i++)
        order[i] = i;
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (size[order[j]] < size[order[i]]) {
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
    const cJSON *gold = cJSON_GetObjectItemCaseSensitive(s->record, field);
    if (!cJSON_IsArray(gold) || cJSON_GetArraySize(gold) != k) {
        snprintf(msg, n, "%s is not a list of n numbers", field);
        return msg;
    }
    for (int i = 0; i < k; i++) {
        const cJSON *v = cJSON_GetArrayItem(gold, i);
        if (!cJSON_IsNumber(v) || v->valueint != order[i] + 1) {
            snprintf(msg, n, "position %d: measured %s %d, record %d", i + 1, noun, order[i] + 1,
                     cJSON_IsNumber(v) ? v->valueint : -1);
            return msg;
        }
    }
    return NULL;
}
