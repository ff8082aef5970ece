/* SPDX-License-Identifier: MIT */
/* png_io.h - PNG encoding (our own writer) and decoding (libpng).
 *
 * Contract:
 *  1. Output is 8-bit RGB, non-interlaced: the signature, IHDR, one IDAT and IEND,
 *     each with its CRC, and no ancillary chunks (no tIME, tEXt, gAMA...).  The
 *     IDAT holds a zlib stream of the filtered rows, as the PNG spec says.
 *  2. Two compressions (--compression): PNG_FAST (the default) is ISA-L's igzip
 *     at the level and filter bench/ measured fastest among those that repeat;
 *     PNG_SMALL is zlib level 9, the smallest files bench/ measured, for people
 *     who publish a dataset.  A build without libisal writes PNG_FAST with zlib
 *     level 1 (and png_encoder_name says so).
 *  3. Equal pixels and settings give equal bytes on one machine; across CPU
 *     families see docs/determinism.md (igzip picks its code path at run time).
 *  4. No large buffer is allocated per image: each thread keeps its row buffer,
 *     compressor state and output buffer until it exits.
 *  5. The fast path converts and deflates a strip of rows at a time and takes
 *     the zlib stream's Adler-32 itself, over each strip while it is in cache.
 *  6. Decoding accepts any PNG libpng reads and returns 8-bit RGB; it never aborts
 *     the process on a corrupt file.
 */
#ifndef GEN_PNG_IO_H
#define GEN_PNG_IO_H

#include "util.h"

#include <stdint.h>

typedef enum png_compression { PNG_FAST = 0, PNG_SMALL = 1 } png_compression;

/* Deflate implementations the writer can use. */
enum { PNG_DEFLATE_ISAL, PNG_DEFLATE_LIBDEFLATE, PNG_DEFLATE_ZLIB };
/* Row filters: one PNG filter type for every row, or per row the filter with the
 * smallest sum of absolute differences (libpng's heuristic). */
enum { PNG_ROWS_NONE, PNG_ROWS_SUB, PNG_ROWS_UP, PNG_ROWS_AVERAGE, PNG_ROWS_PAETH, PNG_ROWS_ADAPTIVE };

typedef struct png_settings {
    int deflate; /* PNG_DEFLATE_* */
    int level;   /* that library's own level: igzip 0..3, libdeflate 0..12, zlib 0..9 */
    int filter;  /* PNG_ROWS_* */
} png_settings;

/* The settings of a compression mode in this build. */
const png_settings *png_settings_for(png_compression c);
/* "fast" / "small"; png_compression_parse returns -1 for anything else. */
const char *png_compression_name(png_compression c);
int png_compression_parse(const char *s);
/* A deflate implementation is compiled in (ISA-L may be missing). */
int png_deflate_available(int deflate);
/* What writes a mode's files, e.g. "isa-l 2.30.0 igzip level 0, filter none,
 * strips of 128 rows" (the strip size shapes igzip's bytes):
 * recorded in gen.json, shown by gen --version. */
void png_encoder_name(png_compression c, char *buf, size_t n);

/* Encodes Cairo RGB24 pixels (native-endian xRGB words) as an RGB PNG appended to
 * out.  Returns 0, or -1 with a message in err. */
int png_encode_xrgb(const uint8_t *data, int width, int height, int stride, const png_settings *set, strbuf *out,
                    char *err, size_t errlen);

/* The same, and then every pixel word to `fill`, each row just after it is
 * converted (while it is in cache): render.c's canvas_encode_png clears the canvas
 * for the next image this way.  spans (NULL: all of every row) gives per row y
 * the columns [spans[2y], spans[2y+1]) that may hold anything but `fill`; the
 * pixels outside are encoded as `fill` without being read or refilled.  On
 * failure some rows may be refilled. */
int png_encode_xrgb_refill(uint8_t *data, int width, int height, int stride, const png_settings *set, uint32_t fill,
                           const int *spans, strbuf *out, char *err, size_t errlen);

/* The image as packed RGB rows (width * 3 bytes each, no padding) in dst, and
 * every pixel word refilled with `fill` (spans as for png_encode_xrgb_refill):
 * the encoder's row conversion without the PNG, for libperceptv's buffers. */
void png_xrgb_to_rgb_refill(uint8_t *dst, uint8_t *data, int width, int height, int stride, uint32_t fill,
                            const int *spans);

/* The time the last png_encode_xrgb of this thread spent converting and
 * filtering rows, and deflating, in nanoseconds (for bench/). */
void png_last_split(double *convert_ns, double *deflate_ns);

/* Adler-32 (RFC 1950) of n more bytes, from adler (1 to start): the one the
 * writer puts in zlib's trailer (AVX-512 VNNI where the CPU has it, else
 * libdeflate's).  For the tests. */
uint32_t png_adler32(uint32_t adler, const uint8_t *p, size_t n);

/* Row converters (Cairo words to RGB bytes), for bench/: 0 the portable loop,
 * 1 SSSE3 shuffles, 2 AVX-512 VBMI permutes.  png_rows_use returns -1 if this CPU
 * lacks it; png_rows_name names the one in use (by default the fastest it has).
 * Every converter gives the same bytes. */
int png_rows_use(int which);
const char *png_rows_name(void);

/* Decodes a PNG file into malloc'd 8-bit RGB (width*height*3 bytes).  Returns 0,
 * or -1 with a message in err. */
int png_decode_file(const char *path, uint8_t **rgb_out, int *width, int *height, char *err, size_t errlen);
/* Writes 8-bit RGB pixels to a PNG file (used by tests for .out/.diff images). */
int png_write_rgb_file(const char *path, const uint8_t *rgb_pixels, int width, int height);

#endif
