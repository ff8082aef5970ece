/* SPDX-License-Identifier: MIT */
/* lib_api - libperceptv through its header only, linked with the shared library:
 * tasks, options and their errors, samples (the same bytes in any thread, in any
 * order), records, gold answers, prompts and verdicts. */
#include <perceptv.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(c, ...)                                                                                                  \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            failures++;                                                                                                \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                                \
            printf(__VA_ARGS__);                                                                                       \
            printf("\n");                                                                                              \
        }                                                                                                              \
    } while (0)

typedef struct job {
    const pv_config *cfg;
    long long file;
    int level;
    unsigned long long hash; /* FNV-1a of the pixels, record and gold */
    int rc;
} job;

static unsigned long long fnv(unsigned long long h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

static void *run(void *arg)
{
    job *j = arg;
    pv_sample *s = pv_sample_new();
    char err[256];
    j->rc = pv_make(j->cfg, j->file, j->level, s, err, sizeof err);
    unsigned long long h = 14695981039346656037ULL;
    for (int k = 0; j->rc == PV_OK && k < pv_sample_image_count(s); k++) {
        int w, hh;
        const uint8_t *px = pv_sample_rgb(s, k, &w, &hh);
        h = fnv(h, px, (size_t)w * (size_t)hh * 3);
    }
    if (j->rc == PV_OK) {
        h = fnv(h, pv_sample_record(s), strlen(pv_sample_record(s)));
        h = fnv(h, pv_sample_gold(s), strlen(pv_sample_gold(s)));
    }
    j->hash = h;
    pv_sample_free(s);
    return NULL;
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* each failure printed before a crash can lose it */
    char err[512];
    CHECK(strcmp(pv_version(), PERCEPTV_VERSION) == 0, "pv_version %s, header %s", pv_version(), PERCEPTV_VERSION);
    /* the 30 tasks of the release, and the video tasks of issue 30 where built */
    CHECK(pv_task_count() >= 30, "%d tasks", pv_task_count());
    CHECK(pv_task_at(pv_task_count()) == NULL && pv_task_at(-1) == NULL, "pv_task_at out of range");
    CHECK(pv_task_find("no_such_task") == NULL, "found no_such_task");
    const char *sug = pv_task_suggest("maze_solvin");
    CHECK(sug && strcmp(sug, "maze_solving") == 0, "suggest %s", sug ? sug : "(null)");
    const pv_task *mirror = pv_task_find("mirror_image");
    CHECK(mirror && pv_task_images(mirror) == 2, "mirror_image images");
    char *prompt = pv_task_prompt(mirror);
    CHECK(prompt && strlen(prompt) > 20 && prompt[strlen(prompt) - 1] != '\n', "prompt '%s'", prompt);
    pv_free(prompt);

    const pv_task *cc = pv_task_find("counting_circles");
    pv_config *cfg = pv_config_new(cc, 7);
    CHECK(pv_config_set_split(cfg, "Bad Name", err, sizeof err) == PV_EUSAGE && strstr(err, "--split"), "split: %s",
          err);
    CHECK(pv_config_set_grid_size(cfg, 27, err, sizeof err) == PV_EUSAGE, "grid 27 accepted");
    CHECK(pv_config_set_scale(cfg, 0.1, err, sizeof err) == PV_EUSAGE, "scale 0.1 accepted");
    CHECK(pv_config_check_level(cfg, 0, err, sizeof err) == PV_EUSAGE && strstr(err, "below"), "level 0: %s", err);
    CHECK(pv_config_check_level(cfg, 36, err, sizeof err) == PV_ELEVEL && strstr(err, "level 36"), "level 36: %s",
          err);
    CHECK(pv_config_check_level(cfg, 35, err, sizeof err) == PV_OK, "level 35: %s", err);
    pv_sample *s = pv_sample_new();
    CHECK(pv_make(cfg, 1, 36, s, err, sizeof err) == PV_ELEVEL, "made level 36");
    CHECK(pv_make(cfg, -1, 3, s, err, sizeof err) == PV_EUSAGE, "made file -1");
    CHECK(pv_sample_record(s) == NULL && pv_sample_image_count(s) == 0, "a failed make leaves a sample");
    CHECK(pv_make(cfg, 3, 4, s, err, sizeof err) == PV_OK, "make: %s", err);
    CHECK(strstr(pv_sample_record(s), "\"id\": \"3.png\"") && strcmp(pv_sample_gold(s), "COUNT:4") == 0,
          "record %s gold %s", pv_sample_record(s), pv_sample_gold(s));

    /* pv_make_scene + pv_sample_draw into the caller's buffer: the same pixels */
    {
        pv_config *mc = pv_config_new(mirror, 5);
        CHECK(pv_config_set_scale(mc, 0.5, err, sizeof err) == PV_OK, "scale 0.5: %s", err);
        pv_sample *a = pv_sample_new(), *b = pv_sample_new();
        CHECK(pv_make(mc, 9, 3, a, err, sizeof err) == PV_OK, "mirror_image: %s", err);
        CHECK(pv_make_scene(mc, 9, 3, b, err, sizeof err) == PV_OK, "mirror_image scene: %s", err);
        CHECK(pv_sample_rgb(b, 0, NULL, NULL) == NULL, "pv_make_scene drew pixels");
        CHECK(strcmp(pv_sample_record(a), pv_sample_record(b)) == 0, "records differ");
        for (int k = 0; k < 2; k++) {
            int w, h, w2, h2;
            const uint8_t *px = pv_sample_rgb(a, k, &w, &h);
            CHECK(pv_sample_image_size(b, k, &w2, &h2) == PV_OK && w == w2 && h == h2, "image %d size", k);
            uint8_t *mine = malloc((size_t)w * (size_t)h * 3);
            CHECK(pv_sample_draw(b, k, mine, err, sizeof err) == PV_OK && memcmp(px, mine, (size_t)w * h * 3) == 0,
                  "image %d drawn into a buffer differs", k);
            free(mine);
        }
        CHECK(pv_sample_image_size(b, 2, NULL, NULL) == PV_EUSAGE, "image 2 of a pair");
        pv_sample_free(a);
        pv_sample_free(b);
        pv_config_free(mc);
    }

    /* verdicts */
    pv_verdict *v;
    const char *rec = pv_sample_record(s);
    CHECK(pv_score(cc, rec, "COUNT:4", 7, PV_PARSER_RELEASE, &v, err, sizeof err) == PV_OK && pv_verdict_correct(v) &&
              strcmp(pv_verdict_answer(v), "4") == 0 && pv_verdict_error(v) == NULL,
          "COUNT:4 scored wrong");
    pv_verdict_free(v);
    CHECK(pv_score(cc, rec, "COUNT:5", 7, PV_PARSER_RELEASE, &v, err, sizeof err) == PV_OK && !pv_verdict_correct(v),
          "COUNT:5 scored right");
    pv_verdict_free(v);
    CHECK(pv_score(cc, rec, "four", 4, PV_PARSER_STRICT, &v, err, sizeof err) == PV_OK && !pv_verdict_correct(v) &&
              pv_verdict_answer(v) == NULL && pv_verdict_error(v) != NULL,
          "'four' read");
    pv_verdict_free(v);
    CHECK(pv_score(cc, "{\"id\": \"1.png\"}", "COUNT:1", 7, PV_PARSER_RELEASE, &v, err, sizeof err) == PV_EUSAGE &&
              v == NULL,
          "a record without num_objects scored");
    CHECK(pv_score(cc, "not json", "COUNT:1", 7, PV_PARSER_RELEASE, &v, err, sizeof err) == PV_EUSAGE, "not JSON");

    /* records as strictly as gen score reads data.json (issue 36): trailing text, a
     * second document, a duplicate key, \u0000, NaN are refused */
    static const char *const bad_records[] = {
        "{\"id\": \"3.png\", \"num_objects\": 4} trailing", "{\"id\": \"3.png\", \"num_objects\": 4}{}",
        "{\"id\": \"3.png\", \"num_objects\": 4, \"num_objects\": 5}", "{\"id\": \"3\\u0000.png\", \"num_objects\": 4}",
        "{\"id\": \"3.png\", \"num_objects\": NaN}", "[{\"id\": \"3.png\", \"num_objects\": 4}]"};
    for (size_t k = 0; k < sizeof bad_records / sizeof bad_records[0]; k++) {
        v = (pv_verdict *)&v; /* set to NULL by the call */
        CHECK(pv_score(cc, bad_records[k], "COUNT:4", 7, PV_PARSER_RELEASE, &v, err, sizeof err) == PV_EUSAGE &&
                  v == NULL && strstr(err, "counting_circles: the record is"),
              "record %s scored: %s", bad_records[k], err);
    }
    CHECK(pv_score(cc, rec, "COUNT:4", 7, (pv_parser)7, &v, err, sizeof err) == PV_EUSAGE && strstr(err, "parser"),
          "parser 7: %s", err);

    /* NULL handles: every function that returns a status says PV_EUSAGE (issue 36:
     * pv_make with no sample wrote its message and then crashed), the accessors
     * give NULL, 0 or -1, the free functions do nothing */
    CHECK(pv_make(cfg, 1, 4, NULL, err, sizeof err) == PV_EUSAGE && strstr(err, "pv_make needs a sample"),
          "pv_make without a sample: %s", err);
    CHECK(pv_make_scene(cfg, 1, 4, NULL, err, sizeof err) == PV_EUSAGE, "pv_make_scene without a sample");
    CHECK(pv_make(NULL, 1, 4, s, err, sizeof err) == PV_EUSAGE && strstr(err, "configuration") &&
              pv_sample_record(s) == NULL && pv_sample_image_count(s) == 0,
          "pv_make without a configuration: %s", err);
    CHECK(pv_make(NULL, 1, 4, NULL, NULL, 0) == PV_EUSAGE, "pv_make with nothing");
    CHECK(pv_config_set_split(NULL, "train", err, sizeof err) == PV_EUSAGE &&
              pv_config_set_grid_size(NULL, 6, err, sizeof err) == PV_EUSAGE &&
              pv_config_set_scale(NULL, 1, err, sizeof err) == PV_EUSAGE &&
              pv_config_set_frames(NULL, 4, err, sizeof err) == PV_EUSAGE &&
              pv_config_check_level(NULL, 3, err, sizeof err) == PV_EUSAGE && pv_config_frames(NULL) == 0,
          "a NULL configuration");
    CHECK(pv_config_new(NULL, 7) == NULL, "a configuration of no task");
    CHECK(pv_sample_draw(NULL, 0, (uint8_t *)err, err, sizeof err) == PV_EUSAGE &&
              pv_sample_draw(s, 0, NULL, err, sizeof err) == PV_EUSAGE && pv_sample_image_size(NULL, 0, NULL, NULL) ==
              PV_EUSAGE && pv_sample_rgb(NULL, 0, NULL, NULL) == NULL && pv_sample_record(NULL) == NULL &&
              pv_sample_gold(NULL) == NULL && pv_sample_prompt(NULL) == NULL && pv_sample_image_count(NULL) == 0,
          "a NULL sample");
    CHECK(pv_task_name(NULL) == NULL && pv_task_images(NULL) == -1 && pv_task_level_min(NULL) == -1 &&
              pv_task_level_max(NULL) == -1 && pv_task_lowest_level(NULL) == -1 && pv_task_prompt(NULL) == NULL &&
              pv_task_find(NULL) == NULL && pv_task_suggest(NULL) == NULL,
          "a NULL task");
    static const char good[] = "{\"id\": \"3.png\", \"num_objects\": 4}";
    CHECK(pv_score(cc, good, "COUNT:4", 7, PV_PARSER_RELEASE, NULL, err, sizeof err) == PV_EUSAGE &&
              pv_score(NULL, good, "COUNT:4", 7, PV_PARSER_RELEASE, &v, err, sizeof err) == PV_EUSAGE &&
              pv_score(cc, NULL, "COUNT:4", 7, PV_PARSER_RELEASE, &v, err, sizeof err) == PV_EUSAGE &&
              pv_score(cc, good, NULL, 7, PV_PARSER_RELEASE, &v, err, sizeof err) == PV_EUSAGE,
          "pv_score with NULLs");
    CHECK(pv_score(cc, good, NULL, 0, PV_PARSER_RELEASE, &v, err, sizeof err) == PV_OK && !pv_verdict_correct(v),
          "an empty response (NULL, 0): %s", err);
    pv_verdict_free(v);
    CHECK(pv_verdict_correct(NULL) == 0 && pv_verdict_answer(NULL) == NULL && pv_verdict_error(NULL) == NULL,
          "a NULL verdict");
    pv_verdict_free(NULL);
    pv_sample_free(NULL);
    pv_config_free(NULL);
    pv_free(NULL);
    /* a valid image index with NULL width and height pointers */
    CHECK(pv_make(cfg, 3, 4, s, err, sizeof err) == PV_OK && pv_sample_image_size(s, 0, NULL, NULL) == PV_OK,
          "pv_sample_image_size with NULL pointers");
    /* file numbers and levels at and past their ends */
    CHECK(pv_make(cfg, 1000000000000000LL, 4, s, err, sizeof err) == PV_OK, "file 10^15: %s", err);
    CHECK(pv_make(cfg, 1000000000000001LL, 4, s, err, sizeof err) == PV_EUSAGE && strstr(err, "out of range"),
          "file 10^15 + 1: %s", err);
    CHECK(pv_make(cfg, INT64_MIN, 4, s, err, sizeof err) == PV_EUSAGE, "file INT64_MIN");
    CHECK(pv_make(cfg, 1, INT32_MIN, s, err, sizeof err) == PV_EUSAGE && pv_make(cfg, 1, INT32_MAX, s, err,
                                                                                  sizeof err) == PV_EUSAGE,
          "levels INT_MIN and INT_MAX");
    CHECK(pv_config_set_scale(cfg, 0.0 / 0.0, err, sizeof err) == PV_EUSAGE, "scale NaN");
    CHECK(pv_config_set_split(cfg, "abcdefghijklmnopqrstuvwxyz0123456", err, sizeof err) == PV_EUSAGE,
          "a 33-character split");
    CHECK(pv_config_set_split(cfg, NULL, err, sizeof err) == PV_OK, "no split: %s", err);
    {
        char tiny[8];
        CHECK(pv_make(cfg, 1, 36, s, tiny, sizeof tiny) == PV_ELEVEL && strlen(tiny) == sizeof tiny - 1,
              "a short err buffer is not filled and ended");
        CHECK(pv_make(cfg, 1, 36, s, tiny, 0) == PV_ELEVEL, "errlen 0");
    }
    CHECK(pv_make(cfg, 3, 4, s, err, sizeof err) == PV_OK, "make again: %s", err);

    /* the same samples from 4 threads at once as from one, in reverse order */
    const pv_task *ls = pv_task_find("layered_shapes");
    pv_config *lc = pv_config_new(ls, 11);
    CHECK(pv_config_set_split(lc, "train", err, sizeof err) == PV_OK, "split train: %s", err);
    job seq[8], par[8];
    for (int i = 7; i >= 0; i--) {
        seq[i] = (job){.cfg = lc, .file = 20 + i, .level = 1 + i};
        run(&seq[i]);
        CHECK(seq[i].rc == PV_OK, "layered_shapes file %d", 20 + i);
    }
    pthread_t t[8];
    for (int i = 0; i < 8; i++) {
        par[i] = (job){.cfg = lc, .file = 20 + i, .level = 1 + i};
        pthread_create(&t[i], NULL, run, &par[i]);
    }
    for (int i = 0; i < 8; i++) {
        pthread_join(t[i], NULL);
        CHECK(par[i].rc == PV_OK && par[i].hash == seq[i].hash, "thread %d made another sample", i);
    }
    for (int i = 1; i < 8; i++)
        CHECK(seq[i].hash != seq[0].hash, "files 20 and %d are the same sample", 20 + i);
    pv_config_free(lc);

    /* --frames: refused for a task of single images, F images a video sample */
    CHECK(pv_config_set_frames(cfg, 4, err, sizeof err) == PV_EUSAGE && strstr(err, "video tasks"),
          "frames on counting_circles: %s", err);
    CHECK(pv_config_frames(cfg) == 0, "frames of a task of single images %d", pv_config_frames(cfg));
    const pv_task *video = NULL;
    for (int i = 0; i < pv_task_count() && !video; i++)
        if (pv_task_images(pv_task_at(i)) == 0)
            video = pv_task_at(i);
    if (!video) {
        printf("lib_api: no video task in this build: its checks skipped\n");
    } else {
        pv_config *vc = pv_config_new(video, 3);
        CHECK(pv_config_frames(vc) == 16, "a video task's default frames %d", pv_config_frames(vc));
        CHECK(pv_config_set_frames(vc, 1, err, sizeof err) == PV_EUSAGE && strstr(err, "2 to 64"), "frames 1: %s", err);
        CHECK(pv_config_set_frames(vc, 65, err, sizeof err) == PV_EUSAGE, "frames 65 accepted");
        CHECK(pv_config_set_frames(vc, 4, err, sizeof err) == PV_OK, "frames 4: %s", err);
        int lv = pv_task_level_min(video);
        int made = pv_make(vc, 7, lv, s, err, sizeof err);
        CHECK(made == PV_OK, "%s: %s", pv_task_name(video), err);
        if (made != PV_OK) {
            printf("%d failures\n", failures);
            return 1;
        }
        CHECK(pv_sample_image_count(s) == 4, "%d frames, not 4", pv_sample_image_count(s));
        CHECK(strncmp(pv_sample_record(s), "{\"id\": \"7_1.png\", \"frames\": [\"7_1.png\", \"7_2.png\", \"7_3.png\", "
                      "\"7_4.png\"]", 71) == 0, "record %.120s", pv_sample_record(s));
        int w0, h0, w, h;
        for (int k = 0; k < 4; k++)
            CHECK(pv_sample_rgb(s, k, &w, &h) && pv_sample_rgb(s, 0, &w0, &h0) && w == w0 && h == h0,
                  "frame %d of another size", k + 1);
        CHECK(pv_sample_rgb(s, 4, &w, &h) == NULL, "a fifth frame");
        const char *pr = pv_sample_prompt(s);
        char *task_prompt = pv_task_prompt(video);
        CHECK(pr && strncmp(pr, task_prompt, strlen(task_prompt)) == 0 && strstr(pr, "\nA. ") && strstr(pr, "\nE. "),
              "the prompt of a video sample lacks its options: %s", pr ? pr : "(null)");
        pv_free(task_prompt);
        CHECK(pv_config_set_frames(vc, 6, err, sizeof err) == PV_OK && pv_make(vc, 7, lv, s, err, sizeof err) == PV_OK &&
                  pv_sample_image_count(s) == 6,
              "frames 6: %s", err);
        pv_config_free(vc);
    }
    /* a task of single images: its prompt is the task's, nothing added */
    CHECK(pv_make(cfg, 1, 3, s, err, sizeof err) == PV_OK, "%s", err);
    char *p0 = pv_task_prompt(cc);
    CHECK(strcmp(pv_sample_prompt(s), p0) == 0, "a single image's prompt: %s", pv_sample_prompt(s));
    pv_free(p0);
    pv_sample_free(s);
    pv_config_free(cfg);
    printf(failures ? "%d failures\n" : "libperceptv: all checks passed\n", failures);
    return failures != 0;
}
