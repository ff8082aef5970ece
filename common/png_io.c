#include "png_io.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Measured on 252 images of all 30 tasks (bench/run.sh, docs/performance.md):
 * no filter at zlib level 1 encodes fastest of every filter, level and strategy
 * tried, and its files are within 6% of the smallest fast setting's. */
const png_settings PNG_DEFAULT_SETTINGS = {PNG_FILTER_NONE, 1, Z_DEFAULT_STRATEGY};

struct write_state {
    strbuf *out;
    char *err;
    size_t errlen;
};

static void on_write(png_structp png, png_bytep data, size_t n)
{
    struct write_state *ws = png_get_io_ptr(png);
    strbuf_addn(ws->out, (const char *)data, n);
}

static void on_flush(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp msg)
{
    struct write_state *ws = png_get_error_ptr(png);
    if (ws && ws->err)
        snprintf(ws->err, ws->errlen, "libpng: %s", msg);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

int png_encode_xrgb(const uint8_t *data, int width, int height, int stride, const png_settings *set, strbuf *out,
                    char *err, size_t errlen)
{
    struct write_state ws = {out, err, errlen};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ws, on_error, on_warning);
    if (!png) {
        snprintf(err, errlen, "libpng: cannot create writer");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    void *volatile rows = NULL; /* volatile: set after setjmp, freed after longjmp */
    if (!info || setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, &ws, on_write, on_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, set->filter);
    png_set_compression_level(png, set->level);
    png_set_compression_strategy(png, set->strategy);
    /* One large zlib buffer: fewer IDAT chunks and fewer write callbacks. */
    png_set_compression_buffer_size(png, 1 << 17);
    png_write_info(png, info);
    /* Cairo RGB24 is one native-endian 0x00RRGGBB word per pixel; PNG wants R, G, B
     * bytes.  Converting a row here is cheaper than libpng's filler and BGR
     * transforms (measured with callgrind: those took 18% of all instructions). */
    rows = malloc((size_t)width * 3);
    if (!rows) {
        snprintf(err, errlen, "out of memory");
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    uint8_t *line = (uint8_t *)rows;
    for (int y = 0; y < height; y++) {
        const uint32_t *px = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint8_t *o = line;
        for (int x = 0; x < width; x++, o += 3) {
            uint32_t v = px[x];
            o[0] = (uint8_t)(v >> 16);
            o[1] = (uint8_t)(v >> 8);
            o[2] = (uint8_t)v;
        }
        png_write_row(png, line);
    }
    png_write_end(png, NULL);
    free(rows);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int png_decode_file(const char *path, uint8_t **rgb_out, int *width, int *height, char *err, size_t errlen)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    *rgb_out = NULL;
    if (!png_image_begin_read_from_file(&img, path)) {
        snprintf(err, errlen, "cannot read PNG '%s': %s", path, img.message);
        return -1;
    }
    img.format = PNG_FORMAT_RGB;
    size_t n = PNG_IMAGE_SIZE(img);
    uint8_t *buf = malloc(n ? n : 1);
    if (!buf) {
        png_image_free(&img);
        snprintf(err, errlen, "out of memory decoding '%s'", path);
        return -1;
    }
    if (!png_image_finish_read(&img, NULL, buf, 0, NULL)) {
        snprintf(err, errlen, "cannot decode PNG '%s': %s", path, img.message);
        free(buf);
        png_image_free(&img);
        return -1;
    }
    *rgb_out = buf;
    *width = (int)img.width;
    *height = (int)img.height;
    return 0;
}

int png_write_rgb_file(const char *path, const uint8_t *rgb_pixels, int width, int height)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = (png_uint_32)width;
    img.height = (png_uint_32)height;
    img.format = PNG_FORMAT_RGB;
    return png_image_write_to_file(&img, path, 0, rgb_pixels, 0, NULL) ? 0 : -1;
}
