#define _GNU_SOURCE
#include "pytext.h"

#include "util.h"

#include <locale.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

/* Python 3.11's int() refuses more digits than this (sys.int_info.default_max_str_digits). */
#define PY_MAX_DIGITS 4300

pystr py_decode(const char *utf8, size_t len)
{
    const unsigned char *s = (const unsigned char *)utf8;
    pystr out = {xmalloc(sizeof(uint32_t) * (len + 1)), 0};
    size_t i = 0;
    while (i < len) {
        unsigned c = s[i];
        uint32_t cp;
        size_t k;
        if (c < 0x80) {
            out.c[out.n++] = c;
            i++;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            k = 1;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            k = 2;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            k = 3;
            cp = c & 0x07;
        } else {
            out.c[out.n++] = 0xFFFD;
            i++;
            continue;
        }
        bool ok = true;
        for (size_t j = 1; ok && j <= k; j++) {
            if (i + j >= len || (s[i + j] & 0xC0) != 0x80)
                ok = false;
            else
                cp = (cp << 6) | (s[i + j] & 0x3F);
        }
        if (!ok) {
            out.c[out.n++] = 0xFFFD;
            i++;
            continue;
        }
        out.c[out.n++] = cp;
        i += k + 1;
    }
    return out;
}

void py_free(pystr *s)
{
    free(s->c);
    s->c = NULL;
    s->n = 0;
}

pyspan py_span(const pystr *s)
{
    return (pyspan){s->c, s->n};
}

bool py_isspace(uint32_t c)
{
    if (c < 0x80)
        return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000;
}

/* The zero of every run of ten Nd digits (Unicode 14, as Python 3.11). */
static const uint32_t nd_zero[] = {
    0x30,    0x660,   0x6F0,   0x7C0,   0x966,   0x9E6,   0xA66,   0xAE6,   0xB66,   0xBE6,   0xC66,
    0xCE6,   0xD66,   0xDE6,   0xE50,   0xED0,   0xF20,   0x1040,  0x1090,  0x17E0,  0x1810,  0x1946,
    0x19D0,  0x1A80,  0x1A90,  0x1B50,  0x1BB0,  0x1C40,  0x1C50,  0xA620,  0xA8D0,  0xA900,  0xA9D0,
    0xA9F0,  0xAA50,  0xABF0,  0xFF10,  0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0,
    0x11450, 0x114D0, 0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x16A60,
    0x16AC0, 0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
};

int py_decimal(uint32_t c)
{
    if (c < 0x80)
        return c >= '0' && c <= '9' ? (int)(c - '0') : -1;
    size_t lo = 0, hi = sizeof nd_zero / sizeof nd_zero[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (nd_zero[mid] <= c)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return -1;
    uint32_t z = nd_zero[lo - 1];
    return c - z < 10 ? (int)(c - z) : -1;
}

static locale_t utf8_locale;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void utf8_init(void)
{
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

static locale_t utf8(void)
{
    pthread_once(&utf8_once, utf8_init);
    return utf8_locale;
}

bool py_isword(uint32_t c)
{
    if (c < 0x80)
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (py_decimal(c) >= 0)
        return true;
    locale_t l = utf8();
    if (l)
        return iswalnum_l((wint_t)c, l) != 0;
    /* no UTF-8 locale: letters of the Latin, Greek and Cyrillic blocks and CJK */
    return (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) || (c >= 0x370 && c <= 0x52F) ||
           (c >= 0x4E00 && c <= 0x9FFF);
}

uint32_t py_lower(uint32_t c)
{
    if (c < 0x80)
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    if (c == 0x130) /* 'İ'.lower() is 'i' and a combining dot */
        return 'i';
    locale_t l = utf8();
    if (l)
        return (uint32_t)towlower_l((wint_t)c, l);
    if (c == 0x212A)
        return 'k';
    return c;
}

pyspan py_strip(pyspan s)
{
    while (s.n && py_isspace(s.c[0])) {
        s.c++;
        s.n--;
    }
    while (s.n && py_isspace(s.c[s.n - 1]))
        s.n--;
    return s;
}

static bool in_chars(uint32_t c, const char *chars)
{
    return c < 0x80 && c && strchr(chars, (int)c);
}

pyspan py_strip_chars(pyspan s, const char *chars)
{
    while (s.n && in_chars(s.c[0], chars)) {
        s.c++;
        s.n--;
    }
    while (s.n && in_chars(s.c[s.n - 1], chars))
        s.n--;
    return s;
}

size_t py_split(pyspan s, uint32_t sep, pyspan **out)
{
    size_t count = 1;
    for (size_t i = 0; i < s.n; i++)
        count += s.c[i] == sep;
    *out = xmalloc(sizeof(pyspan) * count);
    size_t k = 0, start = 0;
    for (size_t i = 0; i <= s.n; i++)
        if (i == s.n || s.c[i] == sep) {
            (*out)[k++] = (pyspan){s.c + start, i - start};
            start = i + 1;
        }
    return count;
}

bool py_digits_value(pyspan s, double *value)
{
    if (s.n > PY_MAX_DIGITS)
        return false;
    double v = 0;
    for (size_t i = 0; i < s.n; i++)
        v = v * 10 + py_decimal(s.c[i]);
    *value = v;
    return true;
}

bool py_int(pyspan s, double *value)
{
    s = py_strip(s);
    bool neg = false;
    if (s.n && (s.c[0] == '+' || s.c[0] == '-')) {
        neg = s.c[0] == '-';
        s.c++;
        s.n--;
    }
    if (!s.n)
        return false;
    /* digits with single underscores between them */
    size_t digits = 0;
    double v = 0;
    for (size_t i = 0; i < s.n; i++) {
        if (s.c[i] == '_') {
            if (i == 0 || i + 1 == s.n || s.c[i - 1] == '_')
                return false;
            continue;
        }
        int d = py_decimal(s.c[i]);
        if (d < 0)
            return false;
        v = v * 10 + d;
        digits++;
    }
    if (digits > PY_MAX_DIGITS)
        return false;
    *value = neg ? -v : v;
    return true;
}

size_t py_find_numbers(pyspan s, pyspan **out)
{
    *out = xmalloc(sizeof(pyspan) * (s.n / 2 + 1));
    size_t k = 0, i = 0;
    while (i < s.n) {
        if (py_decimal(s.c[i]) >= 0 && (i == 0 || !py_isword(s.c[i - 1]))) {
            size_t j = i;
            while (j < s.n && py_decimal(s.c[j]) >= 0)
                j++;
            /* \d+ is greedy and backtracks: the run ends at a word boundary only
             * when the next character is not a word character; a shorter run
             * would end between two digits, never a boundary. */
            if (j == s.n || !py_isword(s.c[j]))
                (*out)[k++] = (pyspan){s.c + i, j - i};
            i = j;
            continue;
        }
        i++;
    }
    return k;
}

char *py_utf8(pyspan s)
{
    char *out = xmalloc(s.n * 4 + 1), *o = out;
    for (size_t i = 0; i < s.n; i++) {
        uint32_t c = s.c[i];
        if (c < 0x80) {
            *o++ = (char)c;
        } else if (c < 0x800) {
            *o++ = (char)(0xC0 | (c >> 6));
            *o++ = (char)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            *o++ = (char)(0xE0 | (c >> 12));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *o++ = (char)(0x80 | (c & 0x3F));
        } else {
            *o++ = (char)(0xF0 | (c >> 18));
            *o++ = (char)(0x80 | ((c >> 12) & 0x3F));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *o++ = (char)(0x80 | (c & 0x3F));
        }
    }
    *o = '\0';
    return out;
}

bool py_eq(pyspan s, const char *a)
{
    size_t n = strlen(a);
    if (n != s.n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s.c[i] != (unsigned char)a[i])
            return false;
    return true;
}
