#include "options.h"

#include <signal.h>

int main(int argc, char **argv)
{
    /* A file-size limit (ulimit -f) then makes write() fail with EFBIG, which gen
     * reports as a file error, instead of killing the process mid-write. */
    signal(SIGXFSZ, SIG_IGN);
    return cli_main(argc, argv);
}
