/* SPDX-License-Identifier: MIT */
/* interrupt.h - SIGINT and SIGTERM during a run (Ctrl-C, a scheduler's kill).
 *
 * Contract:
 *  1. interrupt_catch() installs handlers that only record the signal (a
 *     sig_atomic_t: async-signal-safe); the workers read interrupt_caught()
 *     between samples and stop, and the main thread rolls back the tasks in
 *     flight, removes their temporary files, names what was committed and
 *     returns GEN_EXIT_INTERRUPTED (130).
 *  2. The handler resets itself (SA_RESETHAND): a second Ctrl-C kills at once,
 *     and what that leaves is undone by the next gen on the directory (commit.h).
 *  3. interrupt_release() puts the previous handlers back.
 */
#ifndef GEN_INTERRUPT_H
#define GEN_INTERRUPT_H

void interrupt_catch(void);
void interrupt_release(void);
/* The signal caught since interrupt_catch (SIGINT or SIGTERM), or 0. */
int interrupt_caught(void);
/* "SIGINT", "SIGTERM" or "a signal". */
const char *interrupt_name(int sig);

#endif
