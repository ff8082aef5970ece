/* run.h - making samples and writing a task directory.
 *
 * Contract:
 *  1. make_sample() is the only way a sample is made (by gen, tests and benches):
 *     seed the stream from (seed, task, file), reset the scenes, call the
 *     generator, then check the record holds exactly the task's fields.
 *  2. run_task() writes DIR/data/, DIR/data.json, DIR/prompts/, DIR/gen.json (and
 *     DIR/swatches.png where the task uses it) through a temporary directory
 *     inside DIR, and moves them into place only after every sample succeeded.
 *     A failed or interrupted run never leaves a data.json that points at missing
 *     or stale images.
 *  3. It refuses to replace a data.json (or data/) that gen did not write, unless
 *     force is set.
 *  4. Output bytes do not depend on jobs: samples are made in any order by any
 *     thread and written under their own names; records are joined in file order.
 */
#ifndef GEN_RUN_H
#define GEN_RUN_H

#include "generator.h"
#include "png_io.h"
#include "render.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct sample_out {
    scene img[2];
    cJSON *record; /* the task's fields (no id) */
    char err[256];
} sample_out;

void sample_out_init(sample_out *o);
void sample_out_free(sample_out *o);
/* Returns GEN_EXIT_OK, GEN_EXIT_LEVEL (with o->err) or GEN_EXIT_INTERNAL. */
int make_sample(const generator *g, uint64_t seed, const gen_params *p, sample_out *o);
/* The image file name: "57.png", or "first57.png" / "second57.png" for pairs. */
void sample_file_name(const generator *g, long file, int image, char *buf, size_t n);
/* The data.json line of a made sample: id first, then fields in release order. */
char *record_line(const generator *g, long file, const cJSON *fields);

/* The annotations.json line of a made sample: every primitive's kind, colour
 * name, label, layer, object id and bounding box, per image. */
char *annotation_line(const generator *g, long file, const sample_out *o);

/* Renders image `image` of a made sample at `scale` (1 = the task's own size)
 * and appends its PNG bytes to png. */
int encode_sample_image(const sample_out *o, int image, double scale, canvas *cv, const png_settings *set,
                        strbuf *png, char *err, size_t errlen);

typedef struct gen_options {
    const generator *task;
    long num_images;
    int *levels;
    int nlevels;
    uint64_t seed;
    long file;
    const char *out;
    int grid_size;
    int jobs;
    bool force;
    bool quiet;
    bool annotations; /* also write annotations.json */
    double scale;     /* --scale: images drawn this many times the task's size (0 = 1) */
    int compression;  /* --compression: PNG_FAST (0, the default) or PNG_SMALL */
    char encoder[128]; /* the PNG encoder gen.json records; empty = this build's (png_encoder_name) */
    int shard_k;      /* make only shard k of shard_n (1-based); shard_n 0 = all */
    int shard_n;
    int argc;     /* the command line, recorded in gen.json */
    char **argv;
} gen_options;

/* The level of the i-th sample of the whole sequence (i from 0). */
int run_level_of(const gen_options *o, long i);
/* Samples this run makes (its shard's share of num_images * nlevels). */
long run_count(const gen_options *o);
/* Index in the whole sequence of this run's j-th sample: shard k of n takes
 * indices k-1, k-1+n, k-1+2n, ... so every shard gets every level. */
long run_index(const gen_options *o, long j);
/* Makes the whole task directory; returns an exit code (errors.h), having printed
 * the reason. */
int run_task(const gen_options *o);
/* Makes n task directories with one pool of o[0].jobs threads; a task is
 * committed by the thread that finishes its last sample, while the others go on
 * with the next task, so no core idles between tasks. */
int run_tasks(const gen_options *o, int n);

/* The output-directory steps, shared with gen merge (merge.c):
 * out_prepare applies the overwrite rule, clears temporaries of killed runs and
 * makes out/.gen-tmp-<pid>/data; out_commit moves tmp's files into out, data.json
 * out first and in last. */
int out_prepare(const char *out, bool force, char *tmp, size_t tmplen, bool *created, char *err, size_t errlen);
int out_write_prompts(const char *tmp, const generator *g, char *err, size_t errlen);
int out_write_swatches(const char *dir, char *err, size_t errlen);
int out_commit(const char *out, const char *tmp, char *err, size_t errlen);

#endif
