/* SPDX-License-Identifier: MIT */
/* preview.h - `gen preview TASK`: one contact sheet to judge a task at a glance.
 *
 * Contract:
 *  1. One sample per level (the task's default levels unless given), made exactly
 *     as gen TASK would make it with the same seed, grid size and file numbers
 *     (sample of level L is file L, so it can be made again alone).
 *  2. Each cell shows the image (pairs: first and second side by side; a video
 *     sample: its first, middle and last frame side by side, each frame showing
 *     its own number), scaled to fit, and a caption with the level and the
 *     record's fields.
 *  3. Writes one PNG; returns an exit code (errors.h).
 */
#ifndef GEN_PREVIEW_H
#define GEN_PREVIEW_H

#include "generator.h"

#include <stdint.h>

/* The frames of a video sample of F frames the preview shows (at most 3). */
#define PREVIEW_FRAMES 3

/* thumb: the longer side of each thumbnail in pixels; frames: a video task's
 * frames a sample (--frames), 0 for the other tasks. */
int preview_write(const generator *g, uint64_t seed, int grid_size, int frames, const int *levels, int nlevels,
                  double thumb, const char *path);

#endif
