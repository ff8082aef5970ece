/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "interrupt.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t caught;
static struct sigaction old_int, old_term;
static int depth; /* nested catch/release pairs: only the outermost installs */

static void on_signal(int sig)
{
    caught = sig;
}

void interrupt_catch(void)
{
    if (depth++ > 0)
        return;
    caught = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* SA_RESTART: a write in flight finishes instead of failing with EINTR;
     * SA_RESETHAND: the second signal has its default effect. */
    sa.sa_flags = SA_RESTART | SA_RESETHAND;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
}

void interrupt_release(void)
{
    if (depth == 0 || --depth > 0)
        return;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
}

int interrupt_caught(void)
{
    return caught;
}

const char *interrupt_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}
