/* SPDX-License-Identifier: MIT */
/* commands.h - gen's subcommands, one file each in common/commands/, and the
 * usage text they share (docs/cli.md).
 *
 * Contract:
 *  1. A command parses its own options (argv[2..]; argv[1] is its name) and calls
 *     the library (common/store, common/eval, common/net); it returns an exit code of errors.h.
 *  2. main.c dispatches with one table sorted by name; a name not in it is a task.
 *  3. No file outside common/commands/ includes this header (tests/layers.sh).
 */
#ifndef GEN_COMMANDS_H
#define GEN_COMMANDS_H

#include "generator.h"

#include <stdio.h>

/* gen --help: the whole usage text, to f. */
void gen_usage(FILE *f);

int cmd_all(int argc, char **argv);
int cmd_ask(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_gold(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_overlap(int argc, char **argv);
int cmd_preview(int argc, char **argv);
int cmd_recipe(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_requests(int argc, char **argv);
int cmd_score(int argc, char **argv);
int cmd_verify(int argc, char **argv);
/* gen TASK [options]: makes one task directory. */
int cmd_task(const generator *g, int argc, char **argv);

#endif
