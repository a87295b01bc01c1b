// The renditions' Huffman tables are optimised by HuffmanOptimizer.c, which codes the blocks in
// place of libjpeg's entropy coder, not by libjpeg's own `optimize_coding`, and must come out as
// the same bytes. This program encodes pseudo-random images of every kind the shim meets (gray,
// YCbCr 4:2:0, 4:2:2, 4:4:4, CMYK, YCCK, with and without an ICC profile, sizes from 1×1 up,
// qualities 1–100, flat, smooth and noisy content) with libjpeg twice: optimised by libjpeg, and
// with the symbols captured (`wfr_huffman_capture_start` / `_finish`). The two must be equal byte
// for byte, and so must `wfr_encode_jpeg`'s output. Encodes the capture does not handle
// (progressive, arithmetic, restart markers) must be declined before the first block, and damaged
// markers must be refused or read within bounds (this runs under AddressSanitizer). Exit status 0
// when all hold.

#include "Internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

static uint64_t state = 0x9E3779B97F4A7C15ULL;
static uint32_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (uint32_t)(state >> 32);
}

typedef enum content { FLAT, SMOOTH, NOISE, EDGES } content;

static uint8_t *make_pixels(uint32_t width, uint32_t height, unsigned channels, content kind) {
    uint8_t *pixels = malloc((size_t)width * height * channels);
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = 0; x < width; x++) {
            for (unsigned c = 0; c < channels; c++) {
                unsigned v;
                switch (kind) {
                case FLAT: v = 90 + 40 * c; break;
                case SMOOTH: v = (x * 255 / (width + 1) + y * 3 + c * 50 + next_random() % 9) & 255; break;
                case NOISE: v = next_random() & 255; break;
                default: v = ((x / 5 + y / 3 + c) % 2) ? 250 : 5; break;
                }
                pixels[((size_t)y * width + x) * channels + c] = (uint8_t)v;
            }
        }
    }
    return pixels;
}

typedef struct settings {
    uint32_t width, height;
    int model; // 0 gray, 1 RGB, 2 CMYK, 3 YCCK
    int quality;
    int chroma; // RGB: 0 4:2:0, 1 4:2:2, 2 4:4:4
    bool icc, progressive, arithmetic, restarts;
    content kind;
} settings;

typedef enum tables { OPTIMIZED, CAPTURED } tables;

/// Encodes with `kind` of tables. For CAPTURED, `capture` gets the symbols (and whether the
/// capture started in `started`); the file holds the markers around an empty scan.
static unsigned char *encode_with(const settings *s, const uint8_t *pixels, tables kind, unsigned long *length,
                                  wfr_huffman_capture *capture, bool *started) {
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_compress(&info);
    unsigned char *out = NULL;
    *length = 0;
    jpeg_mem_dest(&info, &out, length);
    info.image_width = s->width;
    info.image_height = s->height;
    info.input_components = s->model == 0 ? 1 : s->model == 1 ? 3 : 4;
    info.in_color_space = s->model == 0 ? JCS_GRAYSCALE : s->model == 1 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&info);
    if (s->model == 2) jpeg_set_colorspace(&info, JCS_CMYK);
    if (s->model == 3) jpeg_set_colorspace(&info, JCS_YCCK);
    jpeg_set_quality(&info, s->quality, TRUE);
    if (s->model == 1 && s->chroma > 0) {
        info.comp_info[0].h_samp_factor = s->chroma == 1 ? 2 : 1;
        info.comp_info[0].v_samp_factor = 1;
    }
    if (s->progressive) jpeg_simple_progression(&info);
    info.arith_code = s->arithmetic;
    if (s->restarts) info.restart_interval = 3;
    info.optimize_coding = kind == OPTIMIZED;
    jpeg_start_compress(&info, TRUE);
    if (kind == CAPTURED) *started = wfr_huffman_capture_start(&info, capture);
    if (s->icc) {
        uint8_t profile[600];
        for (size_t i = 0; i < sizeof profile; i++) profile[i] = (uint8_t)(i * 7);
        jpeg_write_icc_profile(&info, profile, sizeof profile);
    }
    const size_t stride = (size_t)s->width * info.input_components;
    while (info.next_scanline < s->height) {
        JSAMPROW row = (JSAMPROW)(pixels + info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return out;
}

static unsigned char *encode(const settings *s, const uint8_t *pixels, tables kind, unsigned long *length) {
    return encode_with(s, pixels, kind, length, NULL, NULL);
}

static const char *describe(const settings *s) {
    static char text[200];
    static const char *models[] = {"gray", "RGB", "CMYK", "YCCK"};
    static const char *kinds[] = {"flat", "smooth", "noise", "edges"};
    snprintf(text, sizeof text, "%ux%u %s q%d chroma %d %s%s%s%s%s", s->width, s->height, models[s->model],
             s->quality, s->chroma, kinds[s->kind], s->icc ? " icc" : "", s->progressive ? " progressive" : "",
             s->arithmetic ? " arithmetic" : "", s->restarts ? " restarts" : "");
    return text;
}

static int failures = 0, checked = 0;

static void check_same(const settings *s) {
    const unsigned channels = s->model == 0 ? 1 : s->model == 1 ? 3 : 4;
    uint8_t *pixels = make_pixels(s->width, s->height, channels, s->kind);
    unsigned long libjpeg_length;
    unsigned char *libjpeg = encode(s, pixels, OPTIMIZED, &libjpeg_length);
    unsigned long markers_length;
    wfr_huffman_capture capture;
    bool started = false;
    unsigned char *markers = encode_with(s, pixels, CAPTURED, &markers_length, &capture, &started);
    wfr_rendition ours = {0};
    if (!started || !wfr_huffman_capture_finish(markers, markers_length, &capture, &ours)) {
        fprintf(stderr, "refused: %s\n", describe(s));
        failures++;
    } else if (ours.length != libjpeg_length || memcmp(ours.bytes, libjpeg, libjpeg_length) != 0) {
        fprintf(stderr, "differs from libjpeg: %s (%zu bytes against %lu)\n", describe(s), ours.length, libjpeg_length);
        failures++;
    }
    wfr_rendition_free(&ours);
    wfr_huffman_capture_free(&capture);
    free(markers);
    // The shim's encoder end to end (4:2:0 for RGB, no ICC profile: what it writes).
    if (!s->icc && (s->model != 1 || s->chroma == 0)) {
        const wfr_pixel_model model = s->model == 0 ? WFR_PIXELS_GRAY : s->model == 1 ? WFR_PIXELS_RGB
                                      : s->model == 2 ? WFR_PIXELS_CMYK_INVERTED : WFR_PIXELS_YCCK_INVERTED;
        char message[WFR_MESSAGE_CAPACITY];
        wfr_rendition encoded;
        if (wfr_encode_jpeg(pixels, s->width, s->height, model, s->quality, NULL, 0, &encoded, message,
                            sizeof message) != WFR_STATUS_OK ||
            encoded.length != libjpeg_length || memcmp(encoded.bytes, libjpeg, libjpeg_length) != 0) {
            fprintf(stderr, "wfr_encode_jpeg differs from libjpeg: %s\n", describe(s));
            failures++;
        }
        wfr_rendition_free(&encoded);
    }
    checked++;
    free(libjpeg);
    free(pixels);
}

/// An encode the capture does not handle is declined, and libjpeg's own coder then writes a
/// whole file.
static void check_declined(const settings *s) {
    uint8_t *pixels = make_pixels(s->width, s->height, s->model == 0 ? 1 : 3, s->kind);
    unsigned long length;
    wfr_huffman_capture capture;
    bool started = true;
    unsigned char *file = encode_with(s, pixels, CAPTURED, &length, &capture, &started);
    if (started) {
        fprintf(stderr, "not declined: %s\n", describe(s));
        failures++;
    } else if (length < 1000) {
        fprintf(stderr, "declined, but libjpeg wrote no data: %s (%lu bytes)\n", describe(s), length);
        failures++;
    }
    wfr_huffman_capture_free(&capture);
    checked++;
    free(file);
    free(pixels);
}

/// Damaged copies of the markers around a captured scan: every prefix length, and flipped bytes.
/// Each must be refused or rewritten without reading out of bounds (run under the sanitizers to
/// see that).
static void check_damaged(void) {
    settings s = {.width = 40, .height = 24, .model = 1, .quality = 75, .kind = SMOOTH, .icc = true};
    uint8_t *pixels = make_pixels(s.width, s.height, 3, s.kind);
    unsigned long length;
    wfr_huffman_capture capture;
    bool started = false;
    unsigned char *file = encode_with(&s, pixels, CAPTURED, &length, &capture, &started);
    unsigned char *copy = malloc(length);
    for (unsigned long cut = 0; started && cut < length; cut++) {
        wfr_rendition ours;
        if (wfr_huffman_capture_finish(file, cut, &capture, &ours)) {
            fprintf(stderr, "markers cut to %lu of %lu bytes were not refused\n", cut, length);
            failures++;
            wfr_rendition_free(&ours);
        }
    }
    for (int round = 0; started && round < 4000; round++) {
        memcpy(copy, file, length);
        for (int flips = 1 + (int)(next_random() % 3); flips > 0; flips--) {
            copy[next_random() % length] ^= (uint8_t)(1u << (next_random() % 8));
        }
        wfr_rendition ours;
        if (wfr_huffman_capture_finish(copy, length, &capture, &ours)) wfr_rendition_free(&ours);
    }
    if (!started) {
        fprintf(stderr, "capture not started for the damaged-markers check\n");
        failures++;
    }
    wfr_huffman_capture_free(&capture);
    checked++;
    free(copy);
    free(file);
    free(pixels);
}

int main(void) {
    static const uint32_t sizes[][2] = {{1, 1}, {7, 9}, {16, 16}, {17, 33}, {100, 75}, {333, 250}, {986, 740}};
    static const int qualities[] = {1, 50, 82, 100};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        for (size_t q = 0; q < sizeof qualities / sizeof qualities[0]; q++) {
            for (int model = 0; model < 4; model++) {
                for (int chroma = 0; chroma < (model == 1 ? 3 : 1); chroma++) {
                    for (int kind = FLAT; kind <= EDGES; kind++) {
                        settings s = {.width = sizes[z][0], .height = sizes[z][1], .model = model,
                                      .quality = qualities[q], .chroma = chroma, .kind = (content)kind,
                                      .icc = (z + q + kind) % 3 == 0};
                        check_same(&s);
                    }
                }
            }
        }
    }
    settings progressive = {.width = 64, .height = 48, .model = 1, .quality = 82, .kind = NOISE, .progressive = true};
    settings arithmetic = {.width = 64, .height = 48, .model = 1, .quality = 82, .kind = NOISE, .arithmetic = true};
    settings restarts = {.width = 64, .height = 48, .model = 1, .quality = 82, .kind = NOISE, .restarts = true};
    check_declined(&progressive);
    check_declined(&arithmetic);
    check_declined(&restarts);
    check_damaged();
    if (failures) {
        fprintf(stderr, "huffman optimizer: %d of %d checks failed\n", failures, checked);
        return 1;
    }
    printf("huffman optimizer: %d files, the same bytes as libjpeg's optimize_coding\n", checked);
    return 0;
}
