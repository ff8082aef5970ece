/* png_io.h - PNG encoding and decoding with libpng.
 *
 * Contract:
 *  1. Output is 8-bit RGB, non-interlaced, with no tIME, tEXt or other ancillary
 *     chunks: equal pixels give equal bytes.
 *  2. The filter, zlib level and strategy are the constants below, chosen by
 *     measurement (bench/png_settings.sh, figures in docs/performance.md);
 *     png_settings lets the benchmark try others.
 *  3. Decoding accepts any PNG libpng reads and returns 8-bit RGB; it never aborts
 *     the process on a corrupt file.
 */
#ifndef GEN_PNG_IO_H
#define GEN_PNG_IO_H

#include "util.h"

#include <stdint.h>

typedef struct png_settings {
    int filter;   /* a PNG_FILTER_* mask */
    int level;    /* zlib level 0..9 */
    int strategy; /* Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE, ... */
} png_settings;

/* The project's settings (see png_io.c for the reasons). */
extern const png_settings PNG_DEFAULT_SETTINGS;

/* Encodes Cairo RGB24 pixels (native-endian xRGB words) as an RGB PNG appended to
 * out.  Returns 0, or -1 with a message in err. */
int png_encode_xrgb(const uint8_t *data, int width, int height, int stride, const png_settings *set, strbuf *out,
                    char *err, size_t errlen);

/* Decodes a PNG file into malloc'd 8-bit RGB (width*height*3 bytes).  Returns 0,
 * or -1 with a message in err. */
int png_decode_file(const char *path, uint8_t **rgb_out, int *width, int *height, char *err, size_t errlen);
/* Writes 8-bit RGB pixels to a PNG file (used by tests for .out/.diff images). */
int png_write_rgb_file(const char *path, const uint8_t *rgb_pixels, int width, int height);

#endif
