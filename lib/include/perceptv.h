/* SPDX-License-Identifier: MIT */
/* perceptv.h - gen in-process: the Percept-V tasks as a C library (libperceptv).
 *
 * One sample of a task is what `gen TASK --seed S [--split X] [--grid_size G]
 * [--scale F]` writes for one file number K at one level: its images (here as
 * 8-bit RGB buffers instead of PNG files), its data.json record, its gold answer
 * (as `gen gold` writes it) and its prompt (as `gen requests` sends it).  A
 * response is scored against a record with the release's verdict (or gen's
 * strict reading), as `gen score` does.  docs/library.md has an example.
 *
 * Rules of the interface:
 *  - Handles are opaque.  pv_task handles are static: never freed, valid for the
 *    life of the process.  Everything made by a *_new function is freed by the
 *    matching *_free; strings a function returns as `char *` are the caller's,
 *    freed with pv_free.  `const char *` results belong to the handle they came
 *    from and stay valid until that handle is changed (pv_make) or freed.
 *  - No global state the caller can see: a sample depends only on (task,
 *    options, seed, split, file, level).  The one process-wide thing, the
 *    built-in font, is loaded once, on first use, and never changes.
 *  - Thread safety: every function may be called from any thread.  A pv_config
 *    may be shared by threads once it is set up (pv_make only reads it); a
 *    pv_sample is used by one thread at a time (give each thread its own).
 *  - Errors: functions that can fail return a pv_status (PV_OK is 0) and, when
 *    err is not NULL, write one line saying what is wrong into err (at most
 *    errlen bytes, NUL-terminated, cut short to fit): the same words gen prints.
 *  - Inputs are checked: a NULL handle or pointer given to a function that
 *    returns a pv_status gives PV_EUSAGE with a message; the accessors give
 *    NULL (or 0, or -1 for pv_task_* numbers) for a NULL handle; every *_free and
 *    pv_free take NULL and do nothing; numbers out of range (file, level, split,
 *    grid size, scale, frames, image index, parser) give PV_EUSAGE or PV_ELEVEL
 *    with gen's message.
 *  - Undefined (the library cannot tell, so it does not try): a handle that was
 *    freed (using it, or freeing it a second time), a pointer that is not a
 *    handle of this library or not of the kind the function takes, a `const char
 *    *` or `const uint8_t *` result used after its handle changed or was freed, a
 *    buffer shorter than the function is told (pv_sample_draw's dst, pv_score's
 *    response and len, err and errlen), a string that is not NUL-terminated, a
 *    pv_sample used by two threads at once, and a pv_config changed while
 *    another thread makes a sample from it.
 */
#ifndef PERCEPTV_H
#define PERCEPTV_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of gen, libperceptv and perceptv, in this one place: CMakeLists.txt
 * (gen --version, perceptv.pc, the soname's major, the Debian packages) and
 * setup.py (the Python wheel) read these three lines. */
#define PERCEPTV_VERSION_MAJOR 0
#define PERCEPTV_VERSION_MINOR 1
#define PERCEPTV_VERSION_PATCH 0
#define PERCEPTV_STRING_(x) #x
#define PERCEPTV_STRING(x) PERCEPTV_STRING_(x)
/* "0.1.0" */
#define PERCEPTV_VERSION                                                                                               \
    PERCEPTV_STRING(PERCEPTV_VERSION_MAJOR) "." PERCEPTV_STRING(PERCEPTV_VERSION_MINOR) "." PERCEPTV_STRING(          \
        PERCEPTV_VERSION_PATCH)
/* 0xMMmmpp: compare with #if PERCEPTV_VERSION_NUMBER >= 0x000100 */
#define PERCEPTV_VERSION_NUMBER ((PERCEPTV_VERSION_MAJOR << 16) | (PERCEPTV_VERSION_MINOR << 8) | PERCEPTV_VERSION_PATCH)

/* The version of the library loaded at run time ("0.1.0"). */
const char *pv_version(void);

typedef enum pv_status {
    PV_OK = 0,
    PV_EUSAGE = 2,    /* a bad argument: unknown task, option out of range (gen's exit code 2) */
    PV_ELEVEL = 3,    /* the level cannot be made: past the task's limit (gen's exit code 3) */
    PV_EINTERNAL = 5, /* out of memory, drawing failed (gen's exit code 5) */
} pv_status;

/* ---- tasks ---------------------------------------------------------------- */

typedef struct pv_task pv_task;

/* The tasks, in gen list's order: i from 0 to pv_task_count() - 1. */
int pv_task_count(void);
const pv_task *pv_task_at(int i);
/* The task of this name, or NULL. */
const pv_task *pv_task_find(const char *name);
/* The task name closest to name (a typo of a few letters), or NULL. */
const char *pv_task_suggest(const char *name);

const char *pv_task_name(const pv_task *t); /* NULL for NULL */
/* Images per sample: 1, or 2 for the tasks that show a first and a second image,
 * or 0 for a video task (comp_conjunctive, comp_sequential), whose samples have
 * the configuration's frames (pv_config_set_frames; 16 unless set); -1 for NULL. */
int pv_task_images(const pv_task *t);
/* The release's levels (gen's default --num_sizes) and the lowest level accepted
 * (-1 for a NULL task, as pv_task_images). */
int pv_task_level_min(const pv_task *t);
int pv_task_level_max(const pv_task *t);
int pv_task_lowest_level(const pv_task *t);
/* The prompt gen requests sends with every sample of the task: input prompt,
 * rules and output prompt, each stripped, joined by newlines.  Caller frees
 * (pv_free); NULL for a NULL task or when out of memory. */
char *pv_task_prompt(const pv_task *t);

/* ---- making samples ------------------------------------------------------- */

/* What gen's options say: task, seed and the options that change a sample. */
typedef struct pv_config pv_config;

/* A configuration of task t with seed, no split, grid size 6, scale 1.  NULL
 * when t is NULL or out of memory. */
pv_config *pv_config_new(const pv_task *t, uint64_t seed);
void pv_config_free(pv_config *c);
/* --split NAME (NULL: none): 1 to 32 of a-z, 0-9, '_' and '-'. */
int pv_config_set_split(pv_config *c, const char *split, char *err, size_t errlen);
/* --grid_size G (2..26; the grid tasks only use it). */
int pv_config_set_grid_size(pv_config *c, int grid_size, char *err, size_t errlen);
/* --scale F (0.25..4): images drawn F times the task's size. */
int pv_config_set_scale(pv_config *c, double scale, char *err, size_t errlen);
/* --frames F (2..64) of a video task: each sample has F images, frame 1 first;
 * PV_EUSAGE for a task that is not a video task (pv_task_images is not 0). */
int pv_config_set_frames(pv_config *c, int frames, char *err, size_t errlen);
/* The configuration's frames: 16 (or as set) for a video task, 0 for the others. */
int pv_config_frames(const pv_config *c);
/* Whether the task can make this level (gen's check: below the lowest level is
 * PV_EUSAGE, past the task's limit PV_ELEVEL), without making a sample. */
int pv_config_check_level(const pv_config *c, int level, char *err, size_t errlen);

/* One made sample: reused from pv_make to pv_make (its buffers grow as needed). */
typedef struct pv_sample pv_sample;

pv_sample *pv_sample_new(void);
void pv_sample_free(pv_sample *s);

/* Makes the sample with file number `file` (0 .. 10^15) at `level` into s:
 * the file `file` of a gen run whose --num_sizes puts it at that level (and,
 * for a video task, whose --frames is the configuration's).  A failed make
 * leaves s with no sample (pv_sample_record gives NULL); PV_EUSAGE when c or s
 * is NULL. */
int pv_make(const pv_config *c, int64_t file, int level, pv_sample *s, char *err, size_t errlen);

/* After a successful pv_make (owned by s, valid until the next pv_make or
 * pv_sample_free): */
/* 1, 2, or a video task's frames (the configuration's; image i is frame i + 1). */
int pv_sample_image_count(const pv_sample *s);
/* Image i (0 = the first): width * height pixels, 3 bytes each (R, G, B), rows
 * top to bottom, no padding: the pixels of gen's PNG file. */
const uint8_t *pv_sample_rgb(const pv_sample *s, int i, int *width, int *height);
/* The data.json record (one line of JSON, "id" first). */
const char *pv_sample_record(const pv_sample *s);
/* The gold answer, as gen gold writes it (e.g. "COUNT:7"). */
const char *pv_sample_gold(const pv_sample *s);
/* The text a model sees with this sample's images: the task's prompt
 * (pv_task_prompt), then, for a record with a question and options (the video
 * tasks), a newline, the question and the options as lines "A. red" .. "E. blue",
 * as gen requests sends it. */
const char *pv_sample_prompt(const pv_sample *s);

/* The same without drawing: the scene, record and gold only (pv_sample_rgb gives
 * NULL).  Then each image can be drawn into the caller's own buffer, for
 * instance an array of a numeric library, with no copy. */
int pv_make_scene(const pv_config *c, int64_t file, int level, pv_sample *s, char *err, size_t errlen);
/* Image i's size after pv_make or pv_make_scene (width or height may be NULL);
 * PV_EUSAGE if there is no image i. */
int pv_sample_image_size(const pv_sample *s, int i, int *width, int *height);
/* Draws image i into dst (width * height * 3 bytes, packed RGB as pv_sample_rgb). */
int pv_sample_draw(pv_sample *s, int i, uint8_t *dst, char *err, size_t errlen);

/* ---- scoring -------------------------------------------------------------- */

typedef enum pv_parser {
    PV_PARSER_RELEASE = 0, /* the release's utils.py + eval.py (gen score's default) */
    PV_PARSER_STRICT = 1,  /* gen's strict reading (gen score --parser strict) */
} pv_parser;

typedef struct pv_verdict pv_verdict;

/* Scores a model's response (len bytes of UTF-8 text, as the model wrote it:
 * a trailing <...> tag is stripped as the release's harness does; NULL with len
 * 0 is the empty response) against a data.json record of task t (JSON text).
 * *out is the caller's (pv_verdict_free), NULL on failure.  The record is read
 * as strictly as gen score reads data.json: one JSON object and nothing after
 * it, no duplicate key, no \u0000, no NaN, at most 256 KiB.  PV_EUSAGE when it
 * is not, or lacks a field the task's scoring reads, or t, record_json or out is
 * NULL, or parser is not a pv_parser. */
int pv_score(const pv_task *t, const char *record_json, const char *response, size_t len, pv_parser parser,
             pv_verdict **out, char *err, size_t errlen);
/* 1 when the answer is right, 0 when not (and for NULL). */
int pv_verdict_correct(const pv_verdict *v);
/* The parsed answer as JSON text (the release's Output, e.g. "7"), or NULL when
 * the response could not be read. */
const char *pv_verdict_answer(const pv_verdict *v);
/* Why the response could not be read (the release's ERROR), or NULL. */
const char *pv_verdict_error(const pv_verdict *v);
void pv_verdict_free(pv_verdict *v);

/* Frees a string the library gave the caller. */
void pv_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
