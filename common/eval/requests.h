/* SPDX-License-Identifier: MIT */
/* requests.h - `gen requests`: one OpenAI Batch API request per sample (JSONL).
 *
 * Contract:
 *  1. Each line is {"custom_id": "TASK/ID", "method": "POST", "url":
 *     "/v1/chat/completions", "body": {"model", "messages"[, "max_tokens"]}} with one
 *     user message: a text part (the three prompt files, each stripped of
 *     surrounding white space, joined by newlines as the release's loader joins
 *     them), then each image as an image_url data URI (base64 of the PNG file as
 *     written; the first image before the second for pairs).
 *  2. The same file runs on the OpenAI Batch API and on vLLM's run-batch; gen score
 *     reads what either writes back.
 *  3. Image names come from data.json ids of the task's own form (N.png,
 *     secondN.png, or N_1.png for a video with its "frames" N_1.png .. N_F.png)
 *     and nothing else; the output is written whole or not at all.
 *  4. A record with "question" and "options" (a composed question) has them in
 *     the text after the prompt (requests_question_text); a video sends its
 *     frames first to last, each read through the safe reader.
 */
#ifndef GEN_REQUESTS_H
#define GEN_REQUESTS_H

#include "generator.h"
#include "util.h"

#include <stdbool.h>
#include <stddef.h>

/* Standard base64 (RFC 4648, with padding) of n bytes, appended to out. */
void base64_append(strbuf *out, const unsigned char *data, size_t n);

/* The largest --max_tokens accepted: completion budgets beyond this are typos
 * (the largest models allow ~128k). */
#define REQ_MAX_TOKENS 1000000L

/* Writes the requests of DIR (a task or a tree; task limits a tree to one task)
 * for model to out (NULL or "-": stdout): prompts from ROOT/TASK/ when prompts is
 * set, shots exemplars (0..3) in each request, max_tokens when not 0.  Returns an
 * exit code, the message printed. */
int requests_write(const char *dir, const char *model, const char *out, const generator *task,
                   const char *prompts, int shots, long max_tokens);
/* The same for video tasks (issue 30): frames K (0: all; 2..GEN_MAX_IMAGES) of
 * each sample's F, uniformly from the first to the last (K > F is a usage
 * error), each as an image or with tile as one contact sheet (a grid of
 * ceil(sqrt K) columns, each frame under a "frame k" label).  On a tree the
 * other tasks are sent as usual; a set without a video task refuses both. */
int requests_write_frames(const char *dir, const char *model, const char *out, const generator *task,
                          const char *prompts, int shots, long max_tokens, int frames, bool tile);

/* gen requests' options (gen ask takes them too). */
typedef struct requests_options {
    const generator *task; /* NULL: every task of a tree, or the directory's own */
    const char *prompts;   /* --prompts ROOT, or NULL */
    int shots;             /* 0..3 */
    long max_tokens;       /* 0: not sent */
    int frames;            /* video tasks: K of each sample's frames, 0 for all */
    bool tile;
    bool any;              /* one of them was given */
} requests_options;
/* Parses the option at argv[*i] if it is one of gen requests' own (--task,
 * --prompts, --shots, --max_tokens, --frames, --tile; "--opt V" or "--opt=V"),
 * advancing *i past its value: 1 when it was, 0 when not (*bad set when it
 * lacks its value), or -1 after printing a usage error for a bad value. */
int requests_parse_option(int argc, char **argv, int *i, requests_options *ro, bool *bad);

/* The same requests one at a time, for a caller that sends them itself (gen ask):
 * requests_open loads DIR and checks the options as requests_write_frames does
 * (an exit code, the message in err, never printed); requests_next gives each
 * request object in the order gen requests writes them ({"custom_id", "method",
 * "url", "body"}, the caller's to free), NULL at the end or on an error (*rc an
 * exit code, the message in err); requests_total is how many it gives. */
typedef struct requests_iter requests_iter;
struct cJSON;
int requests_open(requests_iter **it, const char *dir, const char *model, const generator *task,
                  const char *prompts, int shots, long max_tokens, int frames, bool tile, char *err, size_t errlen);
long requests_total(const requests_iter *it);
/* -1 with a message when out would overwrite or land inside an input (eval.h
 * eval_out_refuse_input). */
int requests_refuse_output(const requests_iter *it, const char *out, char *err, size_t errlen);
struct cJSON *requests_next(requests_iter *it, int *rc, char *err, size_t errlen);
/* Frees it (NULL is fine). */
void requests_close(requests_iter *it);

/* The prompt gen requests sends for a task directory gen wrote, from the task
 * itself: its three prompt texts, each stripped, joined by newlines. */
struct generator;
void requests_prompt_text(const struct generator *g, strbuf *out);

/* The per-sample text of a multiple-choice record (issue 30's composed questions):
 * when record has a string "question" and an array "options" of strings, appends
 * "\n" + question + "\n" + "A. <option 1>\nB. <option 2>..." (one line an option,
 * letters A, B, ... in order, no newline after the last); appends nothing to a
 * record without them (every other task).  The text a model sees is the prompt
 * (requests_prompt_text or the prompt files) followed by this. */
struct cJSON;
void requests_question_text(const struct cJSON *record, strbuf *out);

#endif
