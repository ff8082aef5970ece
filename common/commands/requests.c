/* SPDX-License-Identifier: MIT */
/* gen requests DIR --model NAME: one Batch API request per sample (docs/evaluation.md). */
#include "commands.h"

#include "errors.h"
#include "eval.h"
#include "generator.h"
#include "requests.h"

#include <stdbool.h>
#include <string.h>

int cmd_requests(int argc, char **argv)
{
    static const char use[] =
        "usage: gen requests DIR --model NAME [--task TASK] [--shots K] [--prompts ROOT] [-o requests.jsonl] "
        "[--max_tokens N] [--frames K] [--tile]";
    const char *dir = NULL, *model = NULL, *out = NULL;
    requests_options ro = {0};
    for (int i = 2; i < argc; i++) {
        bool bad = false;
        const char *v;
        int got;
        if (eval_help(argv[i], use))
            return GEN_EXIT_OK;
        if ((v = eval_opt_out(argc, argv, &i, &bad))) {
            out = v;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--model", &bad))) {
            model = v;
        } else if (!bad && (got = requests_parse_option(argc, argv, &i, &ro, &bad)) != 0) {
            if (got < 0)
                return GEN_EXIT_USAGE;
        } else if (bad) {
            return eval_usage_fail("option '%s' needs a value (%s)", argv[i], use);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return eval_usage_fail("unknown option '%s' for requests (%s)", argv[i], use);
        } else if (dir) {
            return eval_usage_fail("unexpected argument '%s' (requests takes one directory)", argv[i]);
        } else {
            dir = argv[i];
        }
    }
    if (!dir)
        return eval_usage_fail("requests needs a directory (%s)", use);
    if (!model || !*model)
        return eval_usage_fail("requests needs --model NAME, the model the engine is to run (%s)", use);
    return requests_write_frames(dir, model, out, ro.task, ro.prompts, ro.shots, ro.max_tokens, ro.frames, ro.tile);
}
