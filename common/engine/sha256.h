/* SPDX-License-Identifier: MIT */
/* sha256.h - SHA-256 (FIPS 180-4), for the font pin and the output manifest.
 *
 * Contract:
 *  1. sha256_init / sha256_update / sha256_final hash any byte stream in pieces;
 *     sha256_final releases what sha256_init took.
 *  2. sha256_hex writes 64 lowercase hex digits and a NUL into out[65].
 *  3. The digest comes from Nettle, which uses the CPU's SHA instructions where
 *     it has them (tests/test_sha256.c holds the FIPS vectors).  Nettle rather
 *     than OpenSSL's libcrypto: as fast here (1.53 against 1.68 GB/s on 50 kB
 *     images) and about 5 ms less start-up for every gen process
 *     (docs/performance.md).
 */
#ifndef GEN_SHA256_H
#define GEN_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct gen_sha256_ctx {
    void *md; /* Nettle's struct sha256_ctx */
} sha256_ctx;

void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const void *data, size_t n);
void sha256_final(sha256_ctx *c, uint8_t digest[32]);
void sha256_hex(const void *data, size_t n, char out[65]);
/* A digest as 64 lowercase hex digits and a NUL. */
void sha256_digest_hex(const uint8_t d[32], char out[65]);
/* Hashes a whole file; returns 0, or -1 if it cannot be read. */
int sha256_file_hex(const char *path, char out[65]);

#endif
