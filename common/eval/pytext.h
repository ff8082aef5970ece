/* SPDX-License-Identifier: MIT */
/* pytext.h - text as the release's Python code sees it: a response decoded to code
 * points, and the few str and re operations its answer parsers use (str.strip,
 * str.split, str.lower, int(), and the regex classes \s, \d, \w and \b), with
 * Python 3.11's Unicode meaning of each.
 *
 * Contract:
 *  1. A pystr is an array of code points; invalid UTF-8 bytes become U+FFFD (the
 *     answers file is checked to be UTF-8 before, so this only covers strings from
 *     tests).
 *  2. py_isspace is str.isspace (= re's \s); py_decimal is the value of a Unicode
 *     Nd digit (= re's \d, and what int() reads), -1 otherwise; py_isword is re's
 *     \w, from Python 3.11's own Unicode 14 tables (str.isalnum() or '_'); py_lower
 *     is str.lower() as far as an ASCII comparison can tell (release.c): it never
 *     folds U+0130 (its lower case is two code points).
 *  3. py_int is int(s) on a str: surrounding white space as int() skips it
 *     (str.isspace() but U+001C..U+001F), one sign, digits (any Nd script) with
 *     single underscores between them; more than 4300 digits is an error, as
 *     Python 3.11's int() limit.  The value is exact up to 15 digits and a double
 *     beyond (such a number never equals a gold answer); py_int_text gives the
 *     exact digits to show.
 */
#ifndef GEN_PYTEXT_H
#define GEN_PYTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct pystr {
    uint32_t *c;
    size_t n;
} pystr;

/* A span of a pystr (no ownership). */
typedef struct pyspan {
    const uint32_t *c;
    size_t n;
} pyspan;

pystr py_decode(const char *utf8, size_t len);
void py_free(pystr *s);
pyspan py_span(const pystr *s);

bool py_isspace(uint32_t c);
int py_decimal(uint32_t c);
bool py_isword(uint32_t c);
uint32_t py_lower(uint32_t c);

/* str.strip() (white space) and str.strip(chars) for ASCII chars. */
pyspan py_strip(pyspan s);
pyspan py_strip_chars(pyspan s, const char *chars);

/* str.split(sep) for a one-character separator: the pieces, in order.  *out is
 * allocated (free it); returns the count (at least 1). */
size_t py_split(pyspan s, uint32_t sep, pyspan **out);

/* int(s): PY_INT_OK with the value (and, when digits is not NULL, the span of
 * its digits and underscores), else why Python raises ValueError; *ndigits is
 * the count of digits CPython read before it stopped. */
typedef enum { PY_INT_OK, PY_INT_INVALID, PY_INT_TOO_LONG } py_int_status;
py_int_status py_int(pyspan s, double *value, pyspan *digits, size_t *ndigits);

/* str(e) of the ValueError int(s) raised (st is not PY_INT_OK), as Python 3.11
 * words it: the repr of s cut to 200 characters, or the digit limit's text
 * (free it). */
char *py_int_error(pyspan s, py_int_status st, size_t ndigits);

/* repr(s) as CPython writes it (the quote it picks, its escapes, str.isprintable()
 * of Unicode 14), cut to its first max characters as "%.200R" cuts it; UTF-8,
 * free it. */
char *py_repr(pyspan s, size_t max);

/* The decimal text Python prints for the int of a run of \d digits (underscores
 * skipped): ASCII digits without leading zeros, '-' first when neg (free it). */
char *py_int_text(pyspan digits, bool neg);

/* re.findall(r"\b\d+\b", s): the runs' spans; returns the count. */
size_t py_find_numbers(pyspan s, pyspan **out);

/* The value of a run of \d digits (as int() reads it); false over 4300 digits. */
bool py_digits_value(pyspan s, double *value);

/* UTF-8 of a span into a NUL-terminated string (free it). */
char *py_utf8(pyspan s);

/* True when a span equals the ASCII string a. */
bool py_eq(pyspan s, const char *a);

#endif
