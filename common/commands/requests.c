/* gen requests (docs/cli.md). */
#include "commands.h"

#include "requests.h"

int cmd_requests(int argc, char **argv)
{
    return requests_cmd(argc, argv);
}
