/* gen gold (docs/cli.md). */
#include "commands.h"

#include "eval.h"

int cmd_gold(int argc, char **argv)
{
    return eval_cmd_gold(argc, argv);
}
