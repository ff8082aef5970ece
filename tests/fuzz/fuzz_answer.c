/* SPDX-License-Identifier: MIT */
/* fuzz_answer - the answer-line parser of gen score (common/eval/answer.h) on
 * arbitrary bytes.
 *
 * Built like fuzz_check (tests/CMakeLists.txt): with libFuzzer (clang,
 * -DGEN_FUZZ=ON) `fuzz_answer tests/fuzz/answer_corpus -max_total_time=30`
 * explores new inputs; without it `fuzz_answer_replay FILE...` runs every seed once
 * under the ordinary build and its sanitizers.
 * The first byte picks what is fuzzed.  Below 128 it picks the task (modulo 30),
 * so every task's parser is exercised, and the rest is a response, judged by the
 * release's and the strict parser (raw and stored), and, as a record, checked for
 * its types, gold text and category key.  From 128 the rest is a whole
 * answers file (any of gen score's three formats) read against a three-record
 * counting_circles data.json, then scored.
 */
#include "answer.h"
#include "eval.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void answers_file(const char *text, size_t len)
{
    static const char data_json[] = "[{\"id\": \"1.png\", \"num_objects\": 1}, {\"id\": \"2.png\", "
                                    "\"num_objects\": 2}, {\"id\": \"3.png\", \"num_objects\": 3}]";
    eval_set s;
    char err[512];
    if (eval_load_text(generator_find("counting_circles"), data_json, sizeof data_json - 1, &s, err, sizeof err) != 0)
        abort();
    if (eval_read_answers_text(text, len, "answers", &s, err, sizeof err) == 0) {
        eval_score(&s);
        if (s.t[0].right > s.t[0].n)
            abort();
    }
    eval_free(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if (data[0] >= 128) {
        answers_file((const char *)data + 1, size - 1);
        return 0;
    }
    const generator *g = GENERATORS[data[0] % GENERATOR_COUNT];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    char err[256];
    /* the same bytes as a record: its check, gold text and key */
    cJSON *rec = cJSON_ParseWithLength(text, len);
    strbuf gold = {0};
    long axis;
    bool valid = rec && answer_check_record(g, rec, err, sizeof err) == 0;
    if (valid && (answer_gold_text(g, rec, &gold, err, sizeof err) != 0 || answer_axis(g, rec, &axis) != 0))
        abort(); /* a record that passes the check always gives a gold text and a key */
    /* the bytes as a response (not NUL-terminated), judged against the record when
     * it is valid, else against the record "{}" (every field missing) */
    cJSON *empty = cJSON_CreateObject();
    char *copy = malloc(len ? len : 1);
    memcpy(copy, text, len);
    for (int p = 0; p < 2; p++)
        for (int raw = 0; raw < 2; raw++) {
            answer_verdict v;
            answer_judge(g, (answer_parser)p, valid ? rec : empty, copy, len, raw, &v);
            if (v.correct && (v.error || !valid))
                abort(); /* correct with an ERROR, or against no gold */
            answer_verdict_clear(&v);
        }
    free(copy);
    strbuf_free(&gold);
    cJSON_Delete(empty);
    cJSON_Delete(rec);
    return 0;
}

#ifndef GEN_LIBFUZZER
int main(int argc, char **argv)
{
    int runs = 0;
    static uint8_t buf[1 << 20];
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            printf("fuzz_answer_replay: cannot read %s\n", argv[i]);
            return 1;
        }
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
        runs++;
    }
    printf("fuzz_answer_replay: %d passed, 0 failed\n", runs);
    return runs > 0 ? 0 : 1;
}
#endif
