/* fuzz_check - the data.json and gen.json readers of gen check / merge / verify on
 * arbitrary bytes.
 *
 * Built two ways (tests/CMakeLists.txt):
 *  - with libFuzzer (clang, -DGEN_FUZZ=ON): `fuzz_check tests/fuzz/corpus -max_total_time=60`
 *    explores new inputs (CI runs a short session);
 *  - without it: `fuzz_replay FILE...` runs every seed input once, under the
 *    ordinary test build and its sanitizers.
 * The first byte picks the task, so every task's field table is exercised.
 */
#include "check.h"
#include "manifest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
    cJSON *m = cJSON_ParseWithLength(text, len);
    gen_options o;
    char err[256];
    if (manifest_read_options(m, &o, err, sizeof err) == 0) {
        check_expect_of(o.task, &o, &e);
        check_expect_free(&e);
        manifest_options_free(&o);
    }
    cJSON_Delete(m);
    return 0;
}

#ifndef GEN_LIBFUZZER
int main(int argc, char **argv)
{
    int runs = 0;
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
        runs++;
    }
    printf("fuzz_replay: %d passed, 0 failed\n", runs);
    return runs > 0 ? 0 : 1;
}
#endif
