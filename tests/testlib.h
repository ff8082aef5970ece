/* SPDX-License-Identifier: MIT */
/* testlib.h - the few assertions the unit tests share.
 *
 * Contract:
 *  1. CHECK(cond, fmt, ...) counts a pass or prints "FAIL file:line: message".
 *  2. TEST_END() prints "<name>: N passed, M failed" and returns 1 on any failure.
 */
#ifndef GEN_TESTLIB_H
#define GEN_TESTLIB_H

#include <stdio.h>

static int test_passed, test_failed;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (cond) {                                                                                                    \
            test_passed++;                                                                                             \
        } else {                                                                                                       \
            test_failed++;                                                                                             \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                                \
            printf(__VA_ARGS__);                                                                                       \
            putchar('\n');                                                                                             \
        }                                                                                                              \
    } while (0)

#define TEST_END(name)                                                                                                 \
    do {                                                                                                               \
        printf("%s: %d passed, %d failed\n", name, test_passed, test_failed);                                          \
        return test_failed ? 1 : 0;                                                                                    \
    } while (0)

#endif
