/* SPDX-License-Identifier: MIT */
/* dataset_read.h - reading a task directory that someone else made, trusting
 * nothing in it (gen check, gen verify and gen merge all read through here).
 *
 * Contract:
 *  1. Strict JSON: a document is accepted only if Python's json module reads it
 *     and reads it the same as cJSON does.  Refused, each with the line it is on:
 *     a byte-order mark, invalid UTF-8, raw control characters in strings, the
 *     escape \u0000, lone surrogates, duplicate keys in one object, NaN/Infinity,
 *     a number longer than DS_MAX_NUMBER characters or an integer beyond 2^53,
 *     nesting deeper than DS_MAX_DEPTH, and anything after the document (a second
 *     document, trailing garbage).  With SJ_INTS_ONLY every number must be an
 *     integer literal (data.json has no fractional fields: 1.0 is an error).
 *  2. Files are opened below DIR without following any link (a symlink at any
 *     step is refused), must be regular files (no FIFO, device or socket) and at
 *     most `cap` bytes, all checked before a byte is read.  Names are relative,
 *     without "..", "." or empty steps (ds_name_safe).
 *  3. A PNG's width and height are read from its header and checked against
 *     DS_PNG_MAX_SIDE / DS_PNG_MAX_PIXELS before any pixel is decoded.
 *  4. Every function returns 0 (or a value) on success, or -1 / NULL with a
 *     one-line message in err that quotes the file; errno is ENOENT when the
 *     file is simply missing.
 */
#ifndef GEN_DATASET_READ_H
#define GEN_DATASET_READ_H

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DS_MAX_DEPTH 16       /* gen's deepest file (annotations.json) nests 7 levels */
#define DS_MAX_NUMBER 32      /* characters in one number literal */
#define DS_MAX_EXACT_INT 9007199254740992.0 /* 2^53: larger integers lose digits in a double */

/* Size caps, checked with fstat before reading. */
#define DS_MANIFEST_MAX ((size_t)3 << 30)  /* gen.json: a 10,000,000-pair run lists 2e7 hashes, ~2 GB */
#define DS_JSON_BASE ((size_t)1 << 20)     /* data.json / annotations.json: 1 MiB plus ... */
#define DS_RECORD_MAX ((size_t)256 << 10)  /* ... 256 KiB per data.json record */
#define DS_ANNOTATION_MAX ((size_t)4 << 20) /* ... 4 MiB per annotations.json record */
#define DS_TEXT_MAX ((size_t)1 << 20)       /* a prompt file */
#define DS_PNG_MAX ((size_t)256 << 20)      /* one image file */
#define DS_PNG_MAX_SIDE 16384               /* pixels on either side (gen's largest is a few thousand) */
#define DS_PNG_MAX_PIXELS (64L << 20)       /* width * height: at most 192 MiB of RGB */

/* The cap for a JSON list of `records` records of at most `per_record` bytes. */
size_t ds_json_cap(long records, size_t per_record);

enum { SJ_INTS_ONLY = 1 };

/* Validates text as one strict JSON document; 0, or -1 with
 * "not valid JSON (line N): what" in err. */
int strict_json_validate(const char *text, size_t n, int flags, char *err, size_t errlen);
/* The same, and the number of values the document holds (objects, arrays,
 * strings, numbers, literals: what cJSON makes one node of), in *values. */
int strict_json_validate_count(const char *text, size_t n, int flags, long *values, char *err, size_t errlen);
/* strict_json_validate, then cJSON; NULL with the message in err. */
cJSON *strict_json_parse(const char *text, size_t n, int flags, char *err, size_t errlen);

/* True when name is a relative path of plain steps: no leading '/', no empty,
 * "." or ".." step, no control characters, at most 255 bytes. */
bool ds_name_safe(const char *name);

/* Opens dir/name read-only as described above; returns the descriptor and the
 * file's size, or -1 with err. */
int ds_open(const char *dir, const char *name, size_t cap, size_t *size, char *err, size_t errlen);
/* Whether dir/name exists as anything (without following links). */
bool ds_exists(const char *dir, const char *name);
/* Reads dir/name whole into a malloc'd NUL-terminated buffer. */
int ds_read(const char *dir, const char *name, size_t cap, char **data, size_t *n, char *err, size_t errlen);
/* Reads a file the user named on the command line (an answers file, a recipe):
 * links are followed (the user chose the path), but it must be a regular file
 * (never a FIFO, device or socket: checked without blocking) of at most cap
 * bytes, checked before a byte is read. */
int ds_read_path(const char *path, size_t cap, char **data, size_t *n, char *err, size_t errlen);
/* The offset of the first byte of text that is not valid UTF-8 (no overlong
 * form, no surrogate, nothing past U+10FFFF), or -1. */
long ds_utf8_bad(const char *text, size_t n);
/* How many task directories dir holds as a tree (dir/<task>/data.json for a
 * task of gen list); *first (may be NULL) gets the first one's name. */
int ds_tree_task_count(const char *dir, const char **first);
/* -1 with a message when dir is both a task directory (its own data.json) and a
 * tree (a task directory under it): gen cannot tell which is meant, so every
 * reader refuses it (a gen all --out into a task directory made such a thing). */
int ds_refuse_mixed(const char *dir, char *err, size_t errlen);
/* True when both paths exist and are the same file (device and inode). */
bool ds_same_file(const char *a, const char *b);
/* The SHA-256 (64 hex digits) of dir/name. */
int ds_hash(const char *dir, const char *name, size_t cap, char hex[65], char *err, size_t errlen);
/* Reads and strictly parses dir/name; if hex is not NULL it gets the SHA-256
 * of the bytes read.  The message in err names dir/name. */
cJSON *ds_load_json(const char *dir, const char *name, size_t cap, int flags, char hex[65], char *err, size_t errlen);
/* Decodes the PNG dir/name into malloc'd 8-bit RGB, its size checked first. */
int ds_png_decode(const char *dir, const char *name, uint8_t **rgb, int *w, int *h, char *err, size_t errlen);

/* The file number in "<prefix><N>.png" (N without leading zeros, at most
 * max_file), or -1. */
long ds_file_number(const char *name, const char *prefix, long max_file);
/* The file number in a video frame's name "<N>_<k>.png" (N and k without leading
 * zeros, N at most max_file, k 1..max_frame), k into *frame (if not NULL); or -1. */
long ds_frame_file_number(const char *name, long max_file, int max_frame, int *frame);

/* Children of a JSON object sorted by key, for lookups in O(log n). */
typedef struct ds_index {
    const cJSON **items;
    long n;
} ds_index;
void ds_index_build(ds_index *ix, const cJSON *object);
const cJSON *ds_index_get(const ds_index *ix, const char *key);
void ds_index_free(ds_index *ix);

#endif
