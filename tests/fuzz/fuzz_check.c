/* SPDX-License-Identifier: MIT */
/* fuzz_check - the data.json and gen.json readers of gen check / merge / verify on
 * arbitrary bytes: the strict JSON reader (dataset_read.h) in both modes, check's
 * record checks against the release, gen.json's options and "files" as verify
 * and merge read them, and a merge shard's records against its own gen.json.
 *
 * Built two ways (tests/CMakeLists.txt):
 *  - with libFuzzer (clang, -DGEN_FUZZ=ON): `fuzz_check tests/fuzz/corpus -max_total_time=60`
 *    explores new inputs (CI runs a short session);
 *  - without it: `fuzz_replay FILE...` runs every seed input once, under the
 *    ordinary test build and its sanitizers.
 * The first byte picks the task, so every task's field table is exercised.
 */
#include "check.h"
#include "options.h"
#include "dataset_read.h"
#include "manifest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What the last input got (fuzz_replay asserts it for named seed inputs). */
static bool last_strict_ok, last_manifest_ok;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    if (size == 0)
        return 0;
    const generator *g = GENERATORS[data[0] % GENERATOR_COUNT];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    check_expect e;
    check_expect_of(g, NULL, &e);
    char **ids;
    long nids;
    check_records(text, len, g, &e, sink, &ids, &nids);
    for (long i = 0; i < nids; i++)
        free(ids[i]);
    free(ids);
    check_expect_free(&e);
    char err[512];
    last_strict_ok = strict_json_validate(text, len, SJ_INTS_ONLY, err, sizeof err) == 0;
    last_manifest_ok = false;
    /* gen.json as verify and merge read it: strict JSON, options in the command
     * line's ranges, "files" exactly the run's own names. */
    cJSON *m = strict_json_parse(text, len, 0, err, sizeof err);
    gen_options o;
    if (manifest_read_options(m, &o, err, sizeof err) == 0) {
        if (manifest_check_files(m, &o, err, sizeof err) == 0) {
            last_manifest_ok = true;
            ds_index ix;
            ds_index_build(&ix, cJSON_GetObjectItemCaseSensitive(m, "files"));
            ds_index_get(&ix, "data.json");
            ds_index_free(&ix);
            /* A shard's data.json is checked against its own run (merge). */
            check_expect_of(o.task, &o, &e);
            check_records(text, len, o.task, &e, sink, NULL, NULL);
            check_expect_free(&e);
        }
        manifest_options_free(&o);
    }
    cJSON_Delete(m);
    /* File names from a hostile gen.json or data.json. */
    char name[64];
    size_t n = len < sizeof name - 1 ? len : sizeof name - 1;
    memcpy(name, text, n);
    name[n] = '\0';
    ds_name_safe(name);
    ds_file_number(name, g->images == 2 ? "second" : "", GEN_MAX_FILE);
    int frame;
    ds_frame_file_number(name, GEN_MAX_FILE, GEN_MAX_IMAGES, &frame); /* a video task's frame names */
    return 0;
}

#ifndef GEN_LIBFUZZER
/* Seed inputs named strict_* must be refused by the strict reader; gen_json_whole,
 * gen_json_shard and gen_json_video (a video task's frames) must be accepted as
 * gen.json, every other gen_json_* refused. */
static int expectation(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strncmp(base, "strict_", 7) == 0 && last_strict_ok) {
        printf("FAIL: %s: the strict reader accepted it\n", base);
        return 1;
    }
    if (strncmp(base, "gen_json_", 9) == 0) {
        bool want = strcmp(base, "gen_json_whole") == 0 || strcmp(base, "gen_json_shard") == 0 ||
                    strcmp(base, "gen_json_video") == 0;
        if (want != last_manifest_ok) {
            printf("FAIL: %s: gen.json %s\n", base, want ? "refused" : "accepted");
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    int runs = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            printf("fuzz_replay: cannot read %s\n", argv[i]);
            return 1;
        }
        static uint8_t buf[1 << 20];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
        failed += expectation(argv[i]);
        runs++;
    }
    printf("fuzz_replay: %d passed, %d failed\n", runs - failed, failed);
    return runs > 0 && failed == 0 ? 0 : 1;
}
#endif
