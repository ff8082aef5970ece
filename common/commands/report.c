/* gen report (docs/cli.md). */
#include "commands.h"

#include "report.h"

int cmd_report(int argc, char **argv)
{
    return report_cmd(argc, argv);
}
