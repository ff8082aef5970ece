/* match_pair.h - the pair of match_outline and match_shadow: one irregular target
 * shape, and a labelled grid of n candidates of which exactly one is its shape.
 *
 * Contract:
 *  1. The first image holds the target: a random irregular polygon (blob.h; with
 *     rounded corners in about half the samples), large, filled in a palette colour
 *     (match_outline), or drawn as a coloured object with a dark rim and spots
 *     inside it (match_shadow; the spots never reach its edge, so its silhouette is
 *     the polygon).  Primitive 0 is the target (kind "target", object 0).
 *  2. The second image holds n candidates (n = the level), each in its own framed
 *     cell of a grid with its letter A, B, C... in the cell's top-left corner:
 *     black outlines (match_outline) or black silhouettes (match_shadow).  Candidate
 *     i is the primitive of kind "outline" / "silhouette" with object i; its label
 *     is the text primitive with object i; frames have object -1.
 *  3. Exactly one candidate, at a uniformly random place, is the target's polygon,
 *     scaled and moved but never turned or mirrored.  Every other candidate's
 *     radial likeness to the target (blob.h: IoU with centroids and areas aligned,
 *     at the best turn, mirror images included) is below MATCH_MAX_LIKENESS, so no
 *     candidate but one is the target's shape even for a reader who turns or flips
 *     them.  Half the distractors on average are the target with a few corners
 *     pulled in or pushed out, the rest fresh shapes with as many corners.
 *  4. Candidates are drawn at random sizes (MATCH_SCALE_MIN..1 of their cell), so
 *     size tells nothing.  The canvas of the second image grows past 800 px when
 *     the grid's cells would be smaller than MATCH_CELL_MIN.
 *  5. The record gets Gold_output = the gold candidate's letter and Rows = n.
 */
#ifndef GEN_MATCH_PAIR_H
#define GEN_MATCH_PAIR_H

#include "generator.h"

#include <stdbool.h>

/* Distractors overlap the target by less than this IoU at the best alignment: at 0.75
 * two blobs differ in a lobe or a corner a careful reader sees (random pairs of
 * blobs score about 0.6-0.9, identical ones 1). */
#define MATCH_MAX_LIKENESS 0.75
/* Letters A..Z label the candidates, so at most 26. */
#define MATCH_MAX_LEVEL 26
/* Smallest cell side: a candidate about 100 px across and a 24 px letter stay
 * legible; a grid that needs more room grows the canvas. */
#define MATCH_CELL_MIN 140.0
/* Largest cell side, so two or three candidates are not drawn huge. */
#define MATCH_CELL_MAX 260.0
/* White space between cells and around the grid: frames never touch. */
#define MATCH_CELL_GAP 14.0
#define MATCH_MARGIN 20.0
/* Padding inside a cell, and the band at its top that holds the letter: the shape
 * stays below the band, so the letter never touches it. */
#define MATCH_CELL_PAD 8.0
#define MATCH_LABEL_BAND 34.0
#define MATCH_LABEL_FONT 24.0
/* Candidates span 0.7-1 of the room in their cell: size is no clue. */
#define MATCH_SCALE_MIN 0.7
/* Outline and rim width in px: a thin line would vanish when the image is shrunk. */
#define MATCH_STROKE 3.0

typedef enum match_style {
    MATCH_OUTLINE, /* filled target, black outline candidates */
    MATCH_SHADOW   /* coloured object, black silhouette candidates */
} match_style;

int match_pair_sample(gen_ctx *ctx, match_style style);
/* Refuses levels above MATCH_MAX_LEVEL (letters run out). */
int match_pair_check_level(const gen_params *p, char *err, size_t errlen);

#endif
