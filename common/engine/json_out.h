/* SPDX-License-Identifier: MIT */
/* json_out.h - JSON text in the release's style.
 *
 * Contract:
 *  1. json_append() writes one value on one line with ", " and ": " separators
 *     (as Python's json.dumps does), integers without a decimal point (a number
 *     that carries a valuestring prints those exact digits: an int past 2^53),
 *     strings escaped by cJSON.
 *  2. json_records() frames records as a JSON array, one record per line.
 */
#ifndef GEN_JSON_OUT_H
#define GEN_JSON_OUT_H

#include "util.h"

#include <cJSON.h>

void json_append(strbuf *sb, const cJSON *v);
/* "[\n  rec,\n  rec\n]\n" from n pre-rendered record lines. */
void json_records(strbuf *sb, char *const *records, long n);

#endif
