/* SPDX-License-Identifier: MIT */
/* SHA-256 against the FIPS 180-4 example vectors, whole and in pieces. */
#include "sha256.h"
#include "testlib.h"

#include <string.h>

int main(void)
{
    char hex[65];
    sha256_hex("", 0, hex);
    CHECK(strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0, "empty: %s", hex);
    sha256_hex("abc", 3, hex);
    CHECK(strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0, "abc: %s", hex);
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    sha256_hex(two, strlen(two), hex);
    CHECK(strcmp(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1") == 0, "448 bits: %s", hex);

    /* One million 'a', fed in uneven pieces. */
    sha256_ctx c;
    uint8_t d[32];
    char chunk[997];
    memset(chunk, 'a', sizeof chunk);
    sha256_init(&c);
    size_t left = 1000000;
    while (left) {
        size_t n = left < sizeof chunk ? left : sizeof chunk;
        sha256_update(&c, chunk, n);
        left -= n;
    }
    sha256_final(&c, d);
    static const uint8_t million[4] = {0xcd, 0xc7, 0x6e, 0x5c};
    CHECK(memcmp(d, million, 4) == 0, "million a: %02x%02x%02x%02x", d[0], d[1], d[2], d[3]);
    TEST_END("sha256");
}
