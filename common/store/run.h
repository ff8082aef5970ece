/* SPDX-License-Identifier: MIT */
/* run.h - making samples and writing a task directory.
 *
 * Contract:
 *  1. make_sample() is the only way a sample is made (by gen, tests and benches):
 *     seed the stream from (seed, task, file), reset the scenes, call the
 *     generator, then check the record holds exactly the task's fields.  A
 *     video task asked with p->frames 0 (a test or bench that names no frames)
 *     is made with GEN_FRAMES_DEFAULT, as gen TASK without --frames.
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
#include "options.h"
#include "png_io.h"
#include "render.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct sample_out {
    scene img[GEN_MAX_IMAGES]; /* img[0..nimages-1] hold the sample */
    int nimages;   /* gen_images(g, p->frames) of the last make_sample */
    cJSON *record; /* the task's fields (no id) */
    int redraws;   /* gen_ctx.redraws of the last make_sample */
    char err[256];
} sample_out;

void sample_out_init(sample_out *o);
void sample_out_free(sample_out *o);
/* Returns GEN_EXIT_OK, GEN_EXIT_LEVEL (with o->err) or GEN_EXIT_INTERNAL. */
int make_sample(const generator *g, uint64_t seed, const gen_params *p, sample_out *o);
/* The data.json line of a made sample of nimages images: id first (then, for a
 * video task, "frames": its nimages frame names in order), then fields in
 * release order. */
char *record_line(const generator *g, long file, int nimages, const cJSON *fields);

/* The annotations.json line of a made sample: every primitive's kind, colour
 * name, label, layer, object id and bounding box, per image. */
char *annotation_line(const generator *g, long file, const sample_out *o);

/* The metadata.jsonl line of a made sample (--metadata jsonl): "file_name" (the
 * image the id names, relative to the task directory), "first_file_name" for
 * pairs, "frame_file_names" (every frame, first to last) for a video task, then id
 * and the record's fields, as in data.json. */
char *metadata_line(const generator *g, long file, int nimages, const cJSON *fields);

/* Renders image `image` of a made sample at `scale` (1 = the task's own size)
 * and appends its PNG bytes to png; cv is left cleared (canvas_encode_png). */
int encode_sample_image(const sample_out *o, int image, double scale, canvas *cv, const png_settings *set,
                        strbuf *png, char *err, size_t errlen);

/* Makes the whole task directory; returns an exit code (errors.h), having printed
 * the reason. */
int run_task(const gen_options *o);
/* Makes n task directories with one pool of o[0].jobs threads; a task is
 * committed by the thread that finishes its last sample, while the others go on
 * with the next task, so no core idles between tasks.  With n > 1, a level that
 * fails during the run (GEN_EXIT_LEVEL) costs its task only: the others are
 * made, a summary names the tasks not made, and the result is GEN_EXIT_PARTIAL
 * (GEN_EXIT_LEVEL when none was made); a file error stops them all.  With
 * --exclude, levels whose every draw lies in the excluded set are left out
 * before anything is made (said on stderr; gen.json records the levels made).
 * SIGINT and SIGTERM (interrupt.h) stop it between samples: the tasks in flight
 * are rolled back and GEN_EXIT_INTERRUPTED returned, naming those committed. */
int run_tasks(const gen_options *o, int n);
/* run_tasks with the font loaded (font_init) for the run and unloaded after. */
int run_tasks_with_font(const gen_options *o, int n);

/* -1 with a message when --out would mix a task directory and a tree: for a
 * tree (gen all, tree true), out is a task directory (it holds data.json); for
 * one task (gen TASK), out is a tree (task directories under it).  gen gold,
 * score, check and the rest refuse to read such a directory (ds_refuse_mixed). */
int out_refuse_mixed(const char *out, bool tree, const char *task, char *err, size_t errlen);

/* The output-directory steps, shared with gen merge (merge.c), see commit.h:
 * out_prepare makes out if missing, takes its lock (a second gen on it gets
 * GEN_EXIT_BUSY at once), undoes or removes what killed runs left, applies the
 * overwrite rule (in a directory gen did not make, no name of the layout is
 * replaced without force) and makes out/.gen-tmp-<pid>/data; out_commit moves
 * tmp's files into out keeping the old ones until the new are all in (rolled
 * back on failure); out_finish removes tmp (unless it holds a dataset still to
 * be put back), removes out if this run made it and did not commit, and
 * releases the lock. */
int out_prepare(const char *out, bool force, char *tmp, size_t tmplen, bool *created, char *err, size_t errlen);
void out_finish(const char *out, const char *tmp, bool created, bool committed);
/* Takes out's lock and recovers what killed runs left (gen verify); give it
 * back with out_unlock. */
int out_lock(const char *out, int *lock_fd, char *err, size_t errlen);
void out_unlock(const char *out, int lock_fd);
int out_write_prompts(const char *tmp, const generator *g, char *err, size_t errlen);
int out_write_swatches(const char *dir, char *err, size_t errlen);
int out_commit(const char *out, const char *tmp, char *err, size_t errlen);

#endif
