/* gen requests DIR --model NAME: one Batch API request per sample (docs/evaluation.md). */
#include "commands.h"

#include "errors.h"
#include "eval.h"
#include "generator.h"
#include "requests.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int cmd_requests(int argc, char **argv)
{
    static const char use[] =
        "usage: gen requests DIR --model NAME [--task TASK] [--shots K] [--prompts ROOT] [-o requests.jsonl] "
        "[--max_tokens N] [--frames K] [--tile]";
    const char *dir = NULL, *model = NULL, *out = NULL;
    const generator *task = NULL;
    const char *prompts = NULL;
    int shots = 0;
    long max_tokens = 0;
    int frames = 0;  /* video tasks: K of each sample's frames, 0 for all */
    bool tile = false;
    for (int i = 2; i < argc; i++) {
        bool bad = false;
        const char *v;
        if (eval_help(argv[i], use))
            return GEN_EXIT_OK;
        if ((v = eval_opt_out(argc, argv, &i, &bad))) {
            out = v;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--model", &bad))) {
            model = v;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--task", &bad))) {
            if (eval_opt_task(v, &task))
                return GEN_EXIT_USAGE;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--prompts", &bad))) {
            prompts = v;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--shots", &bad))) {
            if (strlen(v) != 1 || v[0] < '0' || v[0] > '3')
                return eval_usage_fail("bad --shots '%s' (expected 0, 1, 2 or 3)", v);
            shots = v[0] - '0';
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--max_tokens", &bad))) {
            char *end;
            errno = 0;
            max_tokens = strtol(v, &end, 10);
            if (errno || *end || !*v || max_tokens < 1 || max_tokens > REQ_MAX_TOKENS)
                return eval_usage_fail("bad --max_tokens '%s' (expected a whole number from 1 to 1000000)", v);
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--frames", &bad))) {
            char *end;
            errno = 0;
            long k = strtol(v, &end, 10);
            if (errno || *end || !*v || k < GEN_FRAMES_MIN || k > GEN_MAX_IMAGES)
                return eval_usage_fail("bad --frames '%s' (expected a whole number from %d to %d)", v, GEN_FRAMES_MIN,
                                       GEN_MAX_IMAGES);
            frames = (int)k;
        } else if (strcmp(argv[i], "--tile") == 0) {
            tile = true;
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
    return requests_write_frames(dir, model, out, task, prompts, shots, max_tokens, frames, tile);
}
