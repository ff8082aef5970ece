/* The PNG writer against libpng's reader: every deflate, level and row filter, on
 * noise, flat colour, odd sizes, padded strides and a drawn task image, decodes to
 * exactly the pixels written; equal pixels give equal bytes whatever was encoded
 * before and whichever row converter runs; the container ends in the IEND chunk
 * every PNG ends with. */
#include "errors.h"
#include "font.h"
#include "fsutil.h"
#include "generator.h"
#include "png_io.h"
#include "rng.h"
#include "run.h"
#include "testlib.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct image {
    const char *name;
    int w, h, stride;
    uint8_t *data; /* xRGB words, stride bytes a row */
} image;

static image make_image(const char *name, int w, int h, int pad, int kind)
{
    image im = {name, w, h, w * 4 + pad, NULL};
    im.data = calloc((size_t)im.stride * (size_t)h, 1);
    rng r;
    pcg32_seed(&r, 42, (uint64_t)(w * 7 + h));
    for (int y = 0; y < h; y++) {
        uint32_t *row = (uint32_t *)(void *)(im.data + (size_t)y * (size_t)im.stride);
        for (int x = 0; x < w; x++) {
            uint32_t v = kind == 0 ? pcg32_next(&r) : kind == 1 ? 0 : kind == 2 ? 0xffffff : (uint32_t)(x * 3 + y);
            /* Cairo leaves the top byte undefined in RGB24: the writer must ignore it. */
            row[x] = (v & 0xffffff) | (pcg32_next(&r) & 0xff000000u);
        }
    }
    return im;
}

/* Writes png to a file, decodes it with libpng and compares every pixel. */
static void check_round_trip(const char *dir, const image *im, const strbuf *png, const char *what)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/t.png", dir);
    CHECK(write_file(path, png->buf, png->len, err, sizeof err) == 0, "%s: write: %s", what, err);
    uint8_t *dec = NULL;
    int w = 0, h = 0;
    if (png_decode_file(path, &dec, &w, &h, err, sizeof err) != 0) {
        CHECK(0, "%s %s: libpng cannot decode it: %s", im->name, what, err);
        return;
    }
    CHECK(w == im->w && h == im->h, "%s %s: decoded %dx%d, wrote %dx%d", im->name, what, w, h, im->w, im->h);
    long differ = 0;
    for (int y = 0; y < h && w == im->w && h == im->h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t v = ((const uint32_t *)(const void *)(im->data + (size_t)y * (size_t)im->stride))[x];
            const uint8_t *p = dec + ((size_t)y * (size_t)w + (size_t)x) * 3;
            differ += p[0] != (uint8_t)(v >> 16) || p[1] != (uint8_t)(v >> 8) || p[2] != (uint8_t)v;
        }
    CHECK(differ == 0, "%s %s: %ld pixels differ after decoding", im->name, what, differ);
    static const uint8_t sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    static const uint8_t iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    CHECK(png->len > 45 && memcmp(png->buf, sig, 8) == 0 && memcmp(png->buf + 12, "IHDR", 4) == 0 &&
              memcmp(png->buf + png->len - 12, iend, 12) == 0,
          "%s %s: not signature, IHDR first, IEND last", im->name, what);
    free(dec);
}

int main(void)
{
    char dir[] = "/tmp/gen-test-png.XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        printf("FAIL font: %s\n", err);
        return 1;
    }
    image ims[8];
    int n = 0;
    ims[n++] = make_image("noise 1x1", 1, 1, 0, 0);
    ims[n++] = make_image("noise 17x3 padded", 17, 3, 12, 0);
    ims[n++] = make_image("noise 250x97", 250, 97, 0, 0);
    ims[n++] = make_image("black 800x800", 800, 800, 0, 1);
    ims[n++] = make_image("white 64x64", 64, 64, 0, 2);
    ims[n++] = make_image("ramp 333x41 padded", 333, 41, 4, 3);
    /* A drawn task image, as gen writes it. */
    {
        sample_out s;
        sample_out_init(&s);
        canvas cv;
        canvas_init(&cv);
        gen_params p = {.level = 7, .grid_size = 6, .file = 3};
        CHECK(make_sample(generator_find("counting_circles"), 7, &p, &s) == GEN_EXIT_OK, "counting_circles sample");
        CHECK(render_scene(&cv, &s.img[0]) == 0, "counting_circles draws");
        int stride;
        const uint8_t *px = canvas_pixels(&cv, &stride);
        image im = {"counting_circles L7", cv.width, cv.height, stride, malloc((size_t)stride * (size_t)cv.height)};
        memcpy(im.data, px, (size_t)stride * (size_t)cv.height);
        ims[n++] = im;
        canvas_free(&cv);
        sample_out_free(&s);
    }

    static const char *const dname[] = {"igzip", "libdeflate", "zlib"};
    /* libdeflate 12 takes seconds on the flat 800x800 image: its levels 1 and 9. */
    static const int levels[3][2] = {{0, 3}, {1, 9}, {1, 9}};
    strbuf png = {0}, again = {0};
    for (int i = 0; i < n; i++) {
        const image *im = &ims[i];
        /* The two modes gen offers. */
        for (int c = PNG_FAST; c <= PNG_SMALL; c++) {
            png.len = 0;
            CHECK(png_encode_xrgb(im->data, im->w, im->h, im->stride, png_settings_for(c), &png, err, sizeof err) == 0,
                  "%s: encode %s: %s", im->name, png_compression_name(c), err);
            check_round_trip(dir, im, &png, png_compression_name(c));
            /* Equal pixels, equal bytes: encode another image between. */
            again.len = 0;
            const image *other = &ims[(i + 1) % n];
            png_encode_xrgb(other->data, other->w, other->h, other->stride, png_settings_for(c), &again, err,
                            sizeof err);
            again.len = 0;
            png_encode_xrgb(im->data, im->w, im->h, im->stride, png_settings_for(c), &again, err, sizeof err);
            CHECK(again.len == png.len && memcmp(again.buf, png.buf, png.len) == 0,
                  "%s %s: encoding again after another image gives other bytes", im->name, png_compression_name(c));
        }
        /* Every deflate (in this build) at both ends of its levels, every filter. */
        for (int d = PNG_DEFLATE_ISAL; d <= PNG_DEFLATE_ZLIB; d++) {
            if (!png_deflate_available(d))
                continue;
            for (int l = 0; l < 2; l++)
                for (int f = PNG_ROWS_NONE; f <= PNG_ROWS_ADAPTIVE; f++) {
                    png_settings set = {d, levels[d][l], f};
                    char what[64];
                    snprintf(what, sizeof what, "%s level %d filter %d", dname[d], set.level, f);
                    png.len = 0;
                    if (png_encode_xrgb(im->data, im->w, im->h, im->stride, &set, &png, err, sizeof err) != 0) {
                        CHECK(0, "%s %s: %s", im->name, what, err);
                        continue;
                    }
                    check_round_trip(dir, im, &png, what);
                }
        }
        /* Every row converter this CPU has gives the portable loop's bytes. */
        png.len = 0;
        png_rows_use(0);
        png_encode_xrgb(im->data, im->w, im->h, im->stride, png_settings_for(PNG_FAST), &png, err, sizeof err);
        for (int which = 1; which <= 2; which++) {
            if (png_rows_use(which) != 0)
                continue;
            again.len = 0;
            png_encode_xrgb(im->data, im->w, im->h, im->stride, png_settings_for(PNG_FAST), &again, err, sizeof err);
            CHECK(again.len == png.len && memcmp(again.buf, png.buf, png.len) == 0,
                  "%s: row converter %d gives other bytes than the portable loop", im->name, which);
        }
    }
    /* Sizes it refuses rather than writing a broken file. */
    png.len = 0;
    CHECK(png_encode_xrgb(ims[0].data, 0, 1, 4, png_settings_for(PNG_FAST), &png, err, sizeof err) == -1 && png.len == 0,
          "a 0x1 image is refused");
    CHECK(png_compression_parse("fast") == PNG_FAST && png_compression_parse("small") == PNG_SMALL &&
              png_compression_parse("tiny") == -1,
          "compression names");
    char name[128];
    png_encoder_name(PNG_FAST, name, sizeof name);
    CHECK(strstr(name, png_deflate_available(PNG_DEFLATE_ISAL) ? "isa-l" : "zlib") != NULL, "encoder name: %s", name);

    for (int i = 0; i < n; i++)
        free(ims[i].data);
    strbuf_free(&png);
    strbuf_free(&again);
    char path[512];
    snprintf(path, sizeof path, "%s/t.png", dir);
    unlink(path);
    rmdir(dir);
    font_done();
    TEST_END("png_io");
}
