/* SPDX-License-Identifier: MIT */
#include "rng.h"

#include <stddef.h>

void pcg32_seed(rng *r, uint64_t initstate, uint64_t initseq)
{
    r->state = 0U;
    r->inc = (initseq << 1u) | 1u;
    pcg32_next(r);
    r->state += initstate;
    pcg32_next(r);
}

uint32_t pcg32_next(rng *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t rng_below(rng *r, uint32_t bound)
{
    /* Lemire's nearly divisionless method: exact, rejects a biased sliver. */
    uint64_t m = (uint64_t)pcg32_next(r) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)pcg32_next(r) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int rng_int(rng *r, int lo, int hi)
{
    return lo + (int)rng_below(r, (uint32_t)(hi - lo) + 1u);
}

double rng_unit(rng *r)
{
    uint64_t hi = pcg32_next(r) >> 5; /* 27 bits */
    uint64_t lo = pcg32_next(r) >> 6; /* 26 bits */
    return (double)((hi << 26) | lo) * (1.0 / 9007199254740992.0);
}

double rng_uniform(rng *r, double lo, double hi)
{
    return lo + (hi - lo) * rng_unit(r);
}

void rng_shuffle_int(rng *r, int *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)i + 1u);
        int t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

uint64_t rng_hash_str(uint64_t h, const char *s)
{
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ULL;
    }
    /* A terminator byte so ("ab","c") and ("a","bc") differ. */
    h ^= 0xffu;
    h *= 0x100000001b3ULL;
    return h;
}

uint64_t rng_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void rng_for_sample(rng *r, uint64_t seed, const char *task, long file, const char *tag)
{
    uint64_t h = rng_hash_str(RNG_FNV_OFFSET, task);
    h = rng_hash_str(h, tag ? tag : "");
    uint64_t a = rng_mix64(seed ^ rng_mix64(h));
    uint64_t b = rng_mix64(a ^ rng_mix64((uint64_t)file));
    pcg32_seed(r, b, rng_mix64(b ^ h));
}

uint64_t rng_split_seed(uint64_t seed, const char *name)
{
    uint64_t h = rng_hash_str(rng_hash_str(RNG_FNV_OFFSET, "split"), name);
    return rng_mix64(seed ^ rng_mix64(h));
}

uint64_t rng_attempt_seed(uint64_t seed, long file, int attempt)
{
    uint64_t h = rng_hash_str(RNG_FNV_OFFSET, "attempt");
    return rng_mix64(seed ^ rng_mix64(h ^ rng_mix64((uint64_t)file) ^ rng_mix64((uint64_t)attempt << 32)));
}

void rng_child(rng *r, rng *child, const char *tag)
{
    uint64_t a = ((uint64_t)pcg32_next(r) << 32) | pcg32_next(r);
    uint64_t h = rng_hash_str(RNG_FNV_OFFSET, tag ? tag : "");
    pcg32_seed(child, rng_mix64(a ^ h), rng_mix64(h + a));
}
