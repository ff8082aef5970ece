/* SPDX-License-Identifier: MIT */
/* Nettle's names are macros (sha256_init -> nettle_sha256_init) that would also
 * rename ours, so this file calls Nettle by its real names. */
#include <nettle/sha2.h>
#undef sha256_init
#undef sha256_update
#undef sha256_digest

#include "sha256.h"

#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sha256_init(sha256_ctx *c)
{
    struct sha256_ctx *m = xmalloc(sizeof *m);
    nettle_sha256_init(m);
    c->md = m;
}

void sha256_update(sha256_ctx *c, const void *data, size_t n)
{
    nettle_sha256_update(c->md, n, data);
}

void sha256_final(sha256_ctx *c, uint8_t digest[32])
{
    nettle_sha256_digest(c->md, 32, digest);
    free(c->md);
    c->md = NULL;
}

void sha256_digest_hex(const uint8_t d[32], char out[65])
{
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        out[2 * i] = hex[d[i] >> 4];
        out[2 * i + 1] = hex[d[i] & 15];
    }
    out[64] = '\0';
}

void sha256_hex(const void *data, size_t n, char out[65])
{
    struct sha256_ctx m;
    uint8_t d[32];
    nettle_sha256_init(&m);
    nettle_sha256_update(&m, n, data);
    nettle_sha256_digest(&m, 32, d);
    sha256_digest_hex(d, out);
}

int sha256_file_hex(const char *path, char out[65])
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    sha256_ctx c;
    uint8_t buf[65536], d[32];
    size_t n;
    sha256_init(&c);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sha256_update(&c, buf, n);
    int bad = ferror(f);
    fclose(f);
    sha256_final(&c, d);
    if (bad)
        return -1;
    sha256_digest_hex(d, out);
    return 0;
}
