/* SPDX-License-Identifier: MIT */
/* The PNG writer against libpng's reader: every deflate, level and row filter, on
 * noise, flat colour, odd sizes, padded strides and a drawn task image, decodes to
 * exactly the pixels written; the IDAT is one zlib stream that zlib inflates with
 * its Adler-32 checked; equal pixels give equal bytes whatever was encoded before
 * and whichever row converter runs; the container ends in the IEND chunk every
 * PNG ends with.  Also the writer's Adler-32 against zlib's, and the canvas that
 * the encoder refills: its background word is cairo_paint's, and a render after
 * canvas_encode_png gives the pixels of a render on a fresh canvas. */
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
#include <zlib.h>

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
    /* The IDAT (after the signature and the 25-byte IHDR chunk) inflates, with
     * zlib checking the Adler-32 trailer, to exactly one filter byte and the
     * RGB bytes of every row. */
    if (png->len > 45 && memcmp(png->buf + 37, "IDAT", 4) == 0) {
        const uint8_t *q = (const uint8_t *)png->buf + 33;
        uLong zlen = (uLong)q[0] << 24 | (uLong)q[1] << 16 | (uLong)q[2] << 8 | q[3];
        uLongf rawlen = (uLongf)(3 * (size_t)im->w + 1) * (uLongf)im->h, got = rawlen + 16;
        uint8_t *raw = malloc(got);
        int zr = zlen + 45 <= png->len ? uncompress(raw, &got, q + 8, zlen) : Z_DATA_ERROR;
        CHECK(zr == Z_OK && got == rawlen, "%s %s: the IDAT is not one zlib stream of the rows (zlib: %d, %lu bytes)",
              im->name, what, zr, (unsigned long)got);
        free(raw);
    } else {
        CHECK(0, "%s %s: no IDAT after IHDR", im->name, what);
    }
    static const uint8_t sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    static const uint8_t iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    CHECK(png->len > 45 && memcmp(png->buf, sig, 8) == 0 && memcmp(png->buf + 12, "IHDR", 4) == 0 &&
              memcmp(png->buf + png->len - 12, iend, 12) == 0,
          "%s %s: not signature, IHDR first, IEND last", im->name, what);
    free(dec);
}

/* png_adler32 against zlib's adler32, whole and in two pieces, on noise and on
 * all-0xFF bytes (the largest sums), at lengths around its 64-byte steps and
 * its 16 KB rounds. */
static void check_adler(void)
{
    static const size_t lens[] = {0, 1, 15, 63, 64, 65, 127, 1000, 16383, 16384, 16385, 16448, 100000, 307328};
    size_t max = 307328;
    uint8_t *buf = malloc(max);
    rng r;
    pcg32_seed(&r, 7, 11);
    for (int kind = 0; kind < 2; kind++) {
        for (size_t i = 0; i < max; i++)
            buf[i] = kind ? 0xFF : (uint8_t)pcg32_next(&r);
        for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
            size_t n = lens[k], cut = n / 3;
            uint32_t want = (uint32_t)adler32(adler32(0, NULL, 0), buf, (uInt)n);
            uint32_t whole = png_adler32(1, buf, n), parts = png_adler32(png_adler32(1, buf, cut), buf + cut, n - cut);
            CHECK(whole == want && parts == want, "adler32 of %zu %s bytes: %08x and %08x, zlib %08x", n,
                  kind ? "0xFF" : "random", whole, parts, want);
        }
    }
    free(buf);
}

/* canvas_word is the word cairo_paint writes, for every value of every channel. */
static void check_canvas_word(void)
{
    cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 1);
    int bad = 0;
    for (int ch = 0; ch < 3; ch++)
        for (int v = 0; v < 256; v++) {
            rgb c = {ch == 0 ? v : 37, ch == 1 ? v : 200, ch == 2 ? v : 255 - v};
            cairo_t *cr = cairo_create(sf);
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
            cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0);
            cairo_paint(cr);
            cairo_destroy(cr);
            cairo_surface_flush(sf);
            bad += *(const uint32_t *)(const void *)cairo_image_surface_get_data(sf) != canvas_word(c);
        }
    cairo_surface_destroy(sf);
    CHECK(bad == 0, "canvas_word differs from cairo_paint for %d colours", bad);
}

/* A copy of the canvas's pixel words. */
static uint32_t *canvas_copy(const canvas *cv)
{
    int stride;
    const uint8_t *px = canvas_pixels(cv, &stride);
    uint32_t *w = malloc((size_t)cv->width * (size_t)cv->height * 4);
    for (int y = 0; y < cv->height; y++)
        memcpy(w + (size_t)y * (size_t)cv->width, px + (size_t)y * (size_t)stride, (size_t)cv->width * 4);
    return w;
}

/* Counts pixels whose RGB differs (the x byte is not part of the picture). */
static long rgb_differ(const uint32_t *a, const uint32_t *b, size_t n)
{
    long d = 0;
    for (size_t i = 0; i < n; i++)
        d += (a[i] & 0xFFFFFF) != (b[i] & 0xFFFFFF);
    return d;
}

/* canvas_encode_png writes what png_encode_xrgb writes, leaves every pixel at the
 * background, and the next render (same background: no clear; another one, or
 * another size: cleared) equals a render on a fresh canvas. */
static void check_refill(int converter)
{
    const char *const tasks[] = {"counting_circles", "grid_path", "list_colours", "maze_solving", "sort_lines"};
    sample_out s;
    sample_out_init(&s);
    canvas used, fresh;
    canvas_init(&used);
    strbuf a = {0}, b = {0};
    char err[256];
    for (int t = 0; t < 5; t++)
        for (int k = 0; k < 3; k++) {
            const generator *g = generator_find(tasks[t]);
            /* Both modes: the fast path's strips and the whole-image path. */
            const png_settings *set = png_settings_for(k == 0 && t < 2 ? PNG_SMALL : PNG_FAST);
            gen_params p = {.level = g->level_min + k, .grid_size = 6, .file = 1 + k};
            if (make_sample(g, 11, &p, &s) != GEN_EXIT_OK) {
                CHECK(0, "%s sample", tasks[t]);
                continue;
            }
            /* Every third image at half size, and some on another background:
             * a change of either must clear the canvas. */
            double scale = k == 2 ? 0.5 : 1.0;
            if (k == 1 && t % 2 == 1)
                s.img[0].background = (rgb){250, 240, 200};
            canvas_init(&fresh);
            CHECK(render_scene_scaled(&fresh, &s.img[0], scale) == 0 &&
                      render_scene_scaled(&used, &s.img[0], scale) == 0,
                  "%s draws", tasks[t]);
            uint32_t *want = canvas_copy(&fresh), *got = canvas_copy(&used);
            size_t n = (size_t)fresh.width * (size_t)fresh.height;
            CHECK(used.width == fresh.width && rgb_differ(want, got, n) == 0,
                  "%s level %d: a render after canvas_encode_png differs from one on a fresh canvas", tasks[t],
                  p.level);
            int stride;
            const uint8_t *px = canvas_pixels(&fresh, &stride);
            a.len = b.len = 0;
            png_encode_xrgb(px, fresh.width, fresh.height, stride, set, &a, err, sizeof err);
            CHECK(canvas_encode_png(&used, set, &b, err, sizeof err) == 0, "encode: %s", err);
            CHECK(a.len == b.len && memcmp(a.buf, b.buf, a.len) == 0,
                  "%s level %d, converter %d: canvas_encode_png gives other bytes", tasks[t], p.level, converter);
            free(got);
            got = canvas_copy(&used);
            long off = 0;
            for (size_t i = 0; i < n; i++)
                off += got[i] != canvas_word(s.img[0].background);
            CHECK(off == 0, "%s: %ld pixels are not the background after canvas_encode_png", tasks[t], off);
            free(want);
            free(got);
            canvas_free(&fresh);
        }
    canvas_free(&used);
    sample_out_free(&s);
    strbuf_free(&a);
    strbuf_free(&b);
}

/* Every pixel a render leaves outside canvas_drawn_spans holds only the
 * background (the encoder writes those pixels without reading them): every
 * task, at its lowest and highest level and one between, every image, at scale
 * 1 and 0.5; and a good part of the pixels lie outside, or the test would prove
 * nothing. */
static void check_drawn_spans(void)
{
    sample_out s;
    sample_out_init(&s);
    canvas cv;
    canvas_init(&cv);
    double pixels = 0, outside = 0;
    for (int t = 0; t < GENERATOR_COUNT; t++) {
        const generator *g = GENERATORS[t];
        int levels[3] = {g->level_min, (g->level_min + g->level_max) / 2, g->level_max};
        for (int l = 0; l < 3; l++) {
            gen_params p = {.level = levels[l], .grid_size = 6, .file = 5 + l};
            if (make_sample(g, 3, &p, &s) != GEN_EXIT_OK) {
                CHECK(0, "%s level %d: %s", g->name, levels[l], s.err);
                continue;
            }
            for (int k = 0; k < g->images; k++)
                for (int half = 0; half < 2; half++) {
                    if (render_scene_scaled(&cv, &s.img[k], half ? 0.5 : 1.0) != 0) {
                        CHECK(0, "%s draws", g->name);
                        continue;
                    }
                    const int *spans = canvas_drawn_spans(&cv);
                    uint32_t bg = canvas_word(s.img[k].background) & 0xFFFFFF;
                    int stride, bad_x = -1, bad_y = -1;
                    const uint8_t *px = canvas_pixels(&cv, &stride);
                    for (int y = 0; y < cv.height; y++) {
                        const uint32_t *row = (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);
                        int a = spans[2 * y], b = spans[2 * y + 1];
                        pixels += cv.width;
                        for (int x = 0; x < cv.width; x++) {
                            if (a < b && x >= a && x < b)
                                continue;
                            outside++;
                            if ((row[x] & 0xFFFFFF) != bg && bad_y < 0) {
                                bad_x = x;
                                bad_y = y;
                            }
                        }
                    }
                    CHECK(bad_y < 0, "%s level %d image %d scale %s: pixel (%d, %d) is drawn in but outside its row's span",
                          g->name, levels[l], k, half ? "0.5" : "1", bad_x, bad_y);
                }
        }
    }
    CHECK(outside > pixels / 4, "only %.0f of %.0f pixels lie outside the spans", outside, pixels);
    printf("drawn spans: %.0f%% of the pixels lie outside\n", 100.0 * outside / pixels);
    canvas_free(&cv);
    sample_out_free(&s);
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
    image ims[9];
    int n = 0;
    ims[n++] = make_image("noise 1x1", 1, 1, 0, 0);
    ims[n++] = make_image("noise 17x3 padded", 17, 3, 12, 0);
    ims[n++] = make_image("noise 250x97", 250, 97, 0, 0);
    ims[n++] = make_image("black 800x800", 800, 800, 0, 1);
    ims[n++] = make_image("white 64x64", 64, 64, 0, 2);
    ims[n++] = make_image("ramp 333x41 padded", 333, 41, 4, 3);
    /* Exactly two of the fast path's 128-row strips. */
    ims[n++] = make_image("noise 40x256", 40, 256, 0, 0);
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
    check_adler();
    check_canvas_word();
    /* With every row converter this CPU has, the best last (as gen picks it). */
    for (int which = 0; which <= 2; which++)
        if (png_rows_use(which) == 0)
            check_refill(which);
    check_drawn_spans();
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
