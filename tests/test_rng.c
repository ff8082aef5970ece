/* SPDX-License-Identifier: MIT */
/* PCG32 against its published reference outputs, and the properties of the
 * derived streams that determinism rests on. */
#include "rng.h"
#include "testlib.h"

#include <string.h>

int main(void)
{
    /* pcg32-demo, "Round 1": pcg32_srandom_r(&rng, 42u, 54u). */
    static const uint32_t expect[6] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    rng r;
    pcg32_seed(&r, 42u, 54u);
    for (int i = 0; i < 6; i++) {
        uint32_t v = pcg32_next(&r);
        CHECK(v == expect[i], "output %d is 0x%08x, reference 0x%08x", i, v, expect[i]);
    }

    /* Bounded draws stay in range and hit every value. */
    int seen[7] = {0};
    for (int i = 0; i < 7000; i++) {
        uint32_t v = rng_below(&r, 7);
        CHECK(v < 7, "rng_below(7) gave %u", v);
        if (v < 7)
            seen[v]++;
    }
    for (int i = 0; i < 7; i++)
        CHECK(seen[i] > 800, "value %d drawn %d times of 7000", i, seen[i]);
    for (int i = 0; i < 1000; i++) {
        int v = rng_int(&r, -3, 3);
        CHECK(v >= -3 && v <= 3, "rng_int(-3, 3) gave %d", v);
        double u = rng_unit(&r);
        CHECK(u >= 0.0 && u < 1.0, "rng_unit gave %f", u);
    }

    /* A sample's stream depends on seed, task, file and tag, and on nothing else. */
    rng a, b;
    rng_for_sample(&a, 7, "counting_circles", 57, "sample");
    rng_for_sample(&b, 7, "counting_circles", 57, "sample");
    CHECK(memcmp(&a, &b, sizeof a) == 0, "same identity, different stream");
    uint32_t base = pcg32_next(&a);
    struct {
        uint64_t seed;
        const char *task;
        long file;
        const char *tag;
    } other[] = {
        {8, "counting_circles", 57, "sample"},
        {7, "counting_circle", 57, "sample"},
        {7, "counting_circles", 58, "sample"},
        {7, "counting_circles", 57, "colours"},
        {6, "counting_circles", 58, "sample"}, /* seed + file shifted together: not seed + i */
    };
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
        rng_for_sample(&b, other[i].seed, other[i].task, other[i].file, other[i].tag);
        CHECK(pcg32_next(&b) != base, "identity %zu gives the same first draw", i);
    }

    /* Shuffle is a permutation. */
    int v[10];
    for (int i = 0; i < 10; i++)
        v[i] = i;
    rng_shuffle_int(&r, v, 10);
    int sum = 0, mask = 0;
    for (int i = 0; i < 10; i++) {
        sum += v[i];
        mask |= 1 << v[i];
    }
    CHECK(sum == 45 && mask == 1023, "shuffle lost an element");
    TEST_END("rng");
}
