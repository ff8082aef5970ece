/* SPDX-License-Identifier: MIT */
/* The --num_sizes parser: ranges, lists, separate tokens, and clear errors. */
#include "options.h"
#include "testlib.h"

#include <stdlib.h>
#include <string.h>

static int parse(const char *tok, int **lv, int *n, char *err)
{
    return options_parse_levels(tok, lv, n, err, 256);
}

int main(void)
{
    char err[256];
    int *lv = NULL, n = 0;
    CHECK(parse("1..20", &lv, &n, err) == 0 && n == 20 && lv[0] == 1 && lv[19] == 20, "1..20");
    free(lv), lv = NULL, n = 0;
    CHECK(parse("3,5,9", &lv, &n, err) == 0 && n == 3 && lv[1] == 5, "3,5,9");
    free(lv), lv = NULL, n = 0;
    CHECK(parse("1..3,7", &lv, &n, err) == 0 && n == 4 && lv[3] == 7, "1..3,7");
    CHECK(parse("8", &lv, &n, err) == 0 && n == 5 && lv[4] == 8, "a second token appends");
    free(lv), lv = NULL, n = 0;
    CHECK(parse("20..1", &lv, &n, err) != 0 && strstr(err, "past the end"), "reversed range: %s", err);
    CHECK(parse("", &lv, &n, err) != 0 && strstr(err, "empty"), "empty: %s", err);
    CHECK(parse(",", &lv, &n, err) != 0, "only a comma");
    CHECK(parse("1..", &lv, &n, err) != 0 && strstr(err, "bad level range"), "open range: %s", err);
    CHECK(parse("x", &lv, &n, err) != 0 && strstr(err, "bad level 'x'"), "not a number: %s", err);
    CHECK(parse("1.5", &lv, &n, err) != 0, "a fraction");
    CHECK(parse("1..999999999", &lv, &n, err) != 0 && strstr(err, "too large"), "huge range: %s", err);
    free(lv);
    TEST_END("levels");
}
