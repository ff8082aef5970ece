#include "sha256.h"

#include "errors.h"

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libcrypto's failures here are allocation failures: treat them like xmalloc's. */
static void need(int ok)
{
    if (!ok) {
        fputs("gen: out of memory (libcrypto)\n", stderr);
        exit(GEN_EXIT_INTERNAL);
    }
}

void sha256_init(sha256_ctx *c)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    need(m != NULL);
    need(EVP_DigestInit_ex(m, EVP_sha256(), NULL));
    c->md = m;
}

void sha256_update(sha256_ctx *c, const void *data, size_t n)
{
    need(EVP_DigestUpdate(c->md, data, n));
}

void sha256_final(sha256_ctx *c, uint8_t digest[32])
{
    unsigned int len = 0;
    need(EVP_DigestFinal_ex(c->md, digest, &len) && len == 32);
    EVP_MD_CTX_free(c->md);
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
    uint8_t d[32];
    unsigned int len = 0;
    need(EVP_Digest(data, n, d, &len, EVP_sha256(), NULL) && len == 32);
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
