/* SPDX-License-Identifier: MIT */
/* gen ask DIR|REQUESTS.jsonl --endpoint URL --model NAME: asks a chat-completions
 * server, answers into a results file gen score reads (docs/evaluation.md). */
#include "commands.h"

#include "ask.h"
#include "errors.h"
#include "eval.h"
#include "requests.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int cmd_ask(int argc, char **argv)
{
    static const char use[] =
        "usage: gen ask DIR|REQUESTS.jsonl --endpoint URL --model NAME [-o RESULTS.jsonl] [--concurrency N] "
        "[--timeout S] [--retries K] [--api-key-env VAR] [--quiet] [gen requests' --task --shots --frames --tile "
        "--max_tokens --prompts]";
    ask_options o = {.out = "results.jsonl",
                     .concurrency = ASK_CONCURRENCY_DEFAULT,
                     .retries = ASK_RETRIES_DEFAULT,
                     .timeout = ASK_TIMEOUT_DEFAULT};
    requests_options ro = {0};
    for (int i = 2; i < argc; i++) {
        bool bad = false;
        const char *v;
        int got;
        if (eval_help(argv[i], use))
            return GEN_EXIT_OK;
        if ((v = eval_opt_out(argc, argv, &i, &bad))) {
            o.out = v;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--endpoint", &bad))) {
            o.endpoint = v;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--model", &bad))) {
            o.model = v;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--api-key-env", &bad))) {
            o.key_env = v;
            bool name = *v && !(*v >= '0' && *v <= '9');
            for (const char *c = v; *c && name; c++)
                name = (*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_';
            if (!name)
                return eval_usage_fail("bad --api-key-env '%s' (the name of an environment variable, such as "
                                       "OPENAI_API_KEY; never the key itself)", "...");
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--concurrency", &bad))) {
            char *end;
            errno = 0;
            long n = strtol(v, &end, 10);
            if (errno || *end || !*v || n < 1 || n > ASK_CONCURRENCY_MAX)
                return eval_usage_fail("bad --concurrency '%s' (expected a whole number from 1 to %d)", v,
                                       ASK_CONCURRENCY_MAX);
            o.concurrency = (int)n;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--retries", &bad))) {
            char *end;
            errno = 0;
            long n = strtol(v, &end, 10);
            if (errno || *end || !*v || n < 0 || n > ASK_RETRIES_MAX)
                return eval_usage_fail("bad --retries '%s' (expected a whole number from 0 to %d)", v, ASK_RETRIES_MAX);
            o.retries = (int)n;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--timeout", &bad))) {
            char *end;
            errno = 0;
            double s = strtod(v, &end);
            if (errno || *end || !*v || !isfinite(s) || s < 0.001 || s > ASK_TIMEOUT_MAX)
                return eval_usage_fail("bad --timeout '%s' (expected seconds, from 0.001 to %.0f)", v, ASK_TIMEOUT_MAX);
            o.timeout = s;
        } else if (!bad && (got = requests_parse_option(argc, argv, &i, &ro, &bad)) != 0) {
            if (got < 0)
                return GEN_EXIT_USAGE;
        } else if (bad) {
            return eval_usage_fail("option '%s' needs a value (%s)", argv[i], use);
        } else if (strcmp(argv[i], "--quiet") == 0) {
            o.quiet = true;
        } else if (strncmp(argv[i], "--api-key", 9) == 0 || strncmp(argv[i], "--key", 5) == 0) {
            return eval_usage_fail("the key never goes on the command line (it would be in the shell's history and "
                                   "in ps): put it in OPENAI_API_KEY, or in a variable named with --api-key-env VAR");
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return eval_usage_fail("unknown option '%s' for ask (%s)", argv[i], use);
        } else if (o.input) {
            return eval_usage_fail("unexpected argument '%s' (ask takes one directory or requests file)", argv[i]);
        } else {
            o.input = argv[i];
        }
    }
    if (!o.input)
        return eval_usage_fail("ask needs a directory or a requests file (%s)", use);
    if (!o.endpoint || !*o.endpoint)
        return eval_usage_fail("ask needs --endpoint URL, the server's API base (http://localhost:8000/v1 for vllm "
                               "serve; %s)", use);
    if (!*o.out || strcmp(o.out, "-") == 0)
        return eval_usage_fail("ask writes a file it can take up again: name it with -o FILE, not '%s'", o.out);
    struct stat st;
    bool file = stat(o.input, &st) == 0 && !S_ISDIR(st.st_mode);
    if (file && (ro.task || ro.prompts || ro.shots || ro.frames || ro.tile))
        return eval_usage_fail("--task, --shots, --prompts, --frames and --tile build requests from a directory; "
                               "'%s' is a requests file (its requests are sent as they are)", o.input);
    if (!file && (!o.model || !*o.model))
        return eval_usage_fail("ask needs --model NAME, the model the server is to run (%s)", use);
    if (o.model && !*o.model)
        return eval_usage_fail("empty --model%s", "");
    o.task = ro.task;
    o.prompts = ro.prompts;
    o.shots = ro.shots;
    o.max_tokens = ro.max_tokens;
    o.frames = ro.frames;
    o.tile = ro.tile;
    return ask_run(&o);
}
