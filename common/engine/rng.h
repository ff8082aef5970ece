/* SPDX-License-Identifier: MIT */
/* rng.h - PCG32 random streams with explicit state.
 *
 * Contract:
 *  1. There is no global generator: every function takes the state it advances.
 *  2. pcg32_seed() follows the reference pcg32_srandom_r(), so (42, 54) gives the
 *     published reference sequence (tested in tests/test_rng.c).
 *  3. A sample's stream is derived by hashing (root seed, task name, file number,
 *     purpose tag); it never depends on run order, thread or shard.
 *  4. Bounded integers use rejection sampling (Lemire's method), never a bare '%'.
 */
#ifndef GEN_RNG_H
#define GEN_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t state;
    uint64_t inc;
} rng;

void     pcg32_seed(rng *r, uint64_t initstate, uint64_t initseq);
uint32_t pcg32_next(rng *r);

/* Uniform integer in [0, bound); bound must be > 0. */
uint32_t rng_below(rng *r, uint32_t bound);
/* Uniform integer in [lo, hi] inclusive; lo <= hi. */
int      rng_int(rng *r, int lo, int hi);
/* Uniform double in [0, 1) with 53 random bits. */
double   rng_unit(rng *r);
/* Uniform double in [lo, hi). */
double   rng_uniform(rng *r, double lo, double hi);
/* Fisher-Yates shuffle of n ints. */
void     rng_shuffle_int(rng *r, int *v, int n);

/* 64-bit FNV-1a over a string, continuing from h (start with RNG_FNV_OFFSET). */
#define RNG_FNV_OFFSET 0xcbf29ce484222325ULL
uint64_t rng_hash_str(uint64_t h, const char *s);
/* SplitMix64 finaliser: a bijective 64-bit mix. */
uint64_t rng_mix64(uint64_t x);

/* The stream for one sample: hash of (seed, task, file number, tag).  Different
 * tags give independent streams for independent sub-decisions of one sample. */
void rng_for_sample(rng *r, uint64_t seed, const char *task, long file, const char *tag);
/* The root seed of split `name` (--split): every stream of a split is derived from
 * it, so splits are different sample spaces by construction (two splits share a
 * stream only if two 64-bit hashes collide). */
uint64_t rng_split_seed(uint64_t seed, const char *name);
/* The root seed of a sample's attempt k >= 1 (--exclude regenerates a sample that
 * duplicates an excluded one with attempt 1, 2, ...). */
uint64_t rng_attempt_seed(uint64_t seed, long file, int attempt);
/* A child stream of r, named by tag; advances r by one draw. */
void rng_child(rng *r, rng *child, const char *tag);

#endif
