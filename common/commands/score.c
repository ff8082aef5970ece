/* gen score (docs/cli.md). */
#include "commands.h"

#include "eval.h"

int cmd_score(int argc, char **argv)
{
    return eval_cmd_score(argc, argv);
}
