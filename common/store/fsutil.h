/* SPDX-License-Identifier: MIT */
/* fsutil.h - the few file-system operations the driver needs, each checked.
 *
 * Contract:
 *  1. Every function returns 0 on success, or -1 with errno set and a message
 *     naming the path in err.
 *  2. write_file() checks every write and the close: a full disk is an error,
 *     never a truncated file.
 */
#ifndef GEN_FSUTIL_H
#define GEN_FSUTIL_H

#include <stdbool.h>
#include <stddef.h>

int mkdir_p(const char *path, char *err, size_t errlen);
int write_file(const char *path, const void *data, size_t n, char *err, size_t errlen);
/* Reads a whole file into a malloc'd, NUL-terminated buffer. */
int read_file(const char *path, char **data, size_t *n, char *err, size_t errlen);
/* Removes a file or a directory tree; a missing path is not an error. */
int remove_tree(const char *path);
bool path_exists(const char *path);
bool is_dir(const char *path);

#endif
