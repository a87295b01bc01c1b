// YCbCr JPEGs are averaged as their Y, Cb and Cr planes and encoded from them (Render.c, JPEG.c),
// not as RGB pixels. This program makes JPEGs of every common chroma layout (4:2:0, 4:2:2, 4:4:0,
// 4:4:4, 4:1:1), odd and even sizes, renders them through that path with several targets at once
// (DCT-scaled decodes, renditions averaged from larger ones, the full size) in upright, mirrored
// and quarter-turned orientations, decodes each rendition and compares it with the RGB-pixel path
// (`wfr_render_pixels`) for the same target: the same picture, up to JPEG's own loss. Some of the
// sources are progressive. A chroma plane out of place by a sample, a wrong orientation or a
// broken edge fails. It also checks that the planes path was taken where it can be and not where
// a chroma plane would have to be enlarged. Runs under AddressSanitizer (Tests/Native/run.sh).
// Exit status 0 when all hold.

#include "Internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

static int failures = 0, checked = 0;
static double worst_ratio = 0;

static uint8_t *make_pixels(uint32_t width, uint32_t height) {
    uint8_t *pixels = malloc((size_t)width * height * 3);
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = 0; x < width; x++) {
            uint8_t *p = pixels + ((size_t)y * width + x) * 3;
            // Smooth colour ramps, a coloured checkerboard (sharp chroma edges) and a
            // non-symmetric shape, so a flip or a shifted chroma plane shows.
            const bool check = ((x / 37) + (y / 29)) % 2 == 0;
            const bool corner = x < width / 3 && y < height / 4;
            p[0] = (uint8_t)(corner ? 250 : 40 + (x * 180) / width);
            p[1] = (uint8_t)(check ? 200 : 60);
            p[2] = (uint8_t)(20 + (y * 200) / height);
        }
    }
    return pixels;
}

static unsigned char *encode(const uint8_t *pixels, uint32_t width, uint32_t height, int h, int v, bool progressive,
                             unsigned long *length) {
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_compress(&info);
    unsigned char *out = NULL;
    *length = 0;
    jpeg_mem_dest(&info, &out, length);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, 95, TRUE);
    info.comp_info[0].h_samp_factor = h;
    info.comp_info[0].v_samp_factor = v;
    if (progressive) jpeg_simple_progression(&info);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * width * 3);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return out;
}

static uint8_t *decode(const uint8_t *bytes, size_t length, uint32_t *width, uint32_t *height) {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    uint8_t *pixels = malloc((size_t)*width * *height * 3);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * *width * 3;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return pixels;
}

static void check(uint32_t width, uint32_t height, int h, int v, bool progressive, uint16_t orientation) {
    uint8_t *pixels = make_pixels(width, height);
    unsigned long length;
    unsigned char *jpeg = encode(pixels, width, height, h, v, progressive, &length);
    const bool transposed = orientation >= 5;
    const uint32_t display_width = transposed ? height : width, display_height = transposed ? width : height;
    // The full size, one that lets libjpeg decode at 1/2 or 1/4, and ones averaged from others.
    const uint32_t widths[] = {display_width, display_width / 5, display_width * 2 / 5, display_width / 11};
    wfr_target targets[4];
    for (int i = 0; i < 4; i++) {
        targets[i].width = widths[i] > 0 ? widths[i] : 1;
        targets[i].height = (uint32_t)((double)targets[i].width * display_height / display_width + 0.5);
        if (targets[i].height == 0) targets[i].height = 1;
    }
    wfr_options options = {orientation, 90, 100000000};
    wfr_rendition renditions[4];
    wfr_source_info info;
    char message[WFR_MESSAGE_CAPACITY];
    if (wfr_render(jpeg, length, &options, targets, 4, renditions, &info, message, sizeof message) != WFR_STATUS_OK) {
        fprintf(stderr, "%ux%u %dx%d orientation %u: render failed: %s\n", width, height, h, v, orientation, message);
        failures++;
        free(jpeg);
        free(pixels);
        return;
    }
    // 4:1:1 chroma is a quarter of the width: the full-size rendition would need it doubled, so
    // that photo is averaged as pixels.
    const int expected_planes = h == 4 ? 0 : 1;
    if (info.averaged_as_planes != expected_planes) {
        fprintf(stderr, "%ux%u %dx%d orientation %u: averaged_as_planes %d, expected %d\n", width, height, h, v,
                orientation, info.averaged_as_planes, expected_planes);
        failures++;
    }
    for (int i = 0; i < 4; i++) {
        wfr_rendition reference;
        wfr_source_info reference_info;
        if (wfr_render_pixels(jpeg, length, &options, targets[i], &reference, &reference_info, message, sizeof message) !=
            WFR_STATUS_OK) {
            fprintf(stderr, "reference failed: %s\n", message);
            failures++;
            continue;
        }
        // The RGB path's own file: those pixels encoded as it encodes them.
        wfr_rendition pixels_file;
        if (wfr_encode_jpeg(reference.bytes, reference.width, reference.height, WFR_PIXELS_RGB, options.quality, NULL, 0,
                            &pixels_file, message, sizeof message) != WFR_STATUS_OK) {
            fprintf(stderr, "reference encode failed: %s\n", message);
            failures++;
            wfr_rendition_free(&reference);
            continue;
        }
        uint32_t w, h2, rw, rh;
        uint8_t *decoded = decode(renditions[i].bytes, renditions[i].length, &w, &h2);
        uint8_t *pixels_decoded = decode(pixels_file.bytes, pixels_file.length, &rw, &rh);
        if (w != targets[i].width || h2 != targets[i].height) {
            fprintf(stderr, "%ux%u %dx%d orientation %u target %d: %ux%u, expected %ux%u\n", width, height, h, v,
                    orientation, i, w, h2, targets[i].width, targets[i].height);
            failures++;
        } else {
            // Each file against the RGB path's pixels before encoding: the planes' file may lose
            // about what the pixels' file loses to JPEG, not more. A chroma plane off by a sample
            // or turned the wrong way loses several times more at the coloured edges.
            const size_t n = (size_t)w * h2 * 3;
            double planes_total = 0, pixels_total = 0;
            for (size_t k = 0; k < n; k++) {
                planes_total += abs((int)decoded[k] - (int)reference.bytes[k]);
                pixels_total += abs((int)pixels_decoded[k] - (int)reference.bytes[k]);
            }
            const double planes_mean = planes_total / (double)n, pixels_mean = pixels_total / (double)n;
            if (planes_mean > pixels_mean * 1.15 + 0.5) {
                fprintf(stderr, "%ux%u %dx%d orientation %u target %ux%u: planes' file %.2f from the pixels, the pixels' file %.2f\n",
                        width, height, h, v, orientation, w, h2, planes_mean, pixels_mean);
                failures++;
            }
            if (planes_mean / pixels_mean > worst_ratio) worst_ratio = planes_mean / pixels_mean;
        }
        free(pixels_decoded);
        wfr_rendition_free(&pixels_file);
        free(decoded);
        wfr_rendition_free(&reference);
        wfr_rendition_free(&renditions[i]);
        checked++;
    }
    free(jpeg);
    free(pixels);
}

int main(void) {
    static const uint32_t sizes[][2] = {{640, 480}, {641, 479}, {333, 251}, {1203, 905}};
    static const int layouts[][2] = {{2, 2}, {2, 1}, {1, 2}, {1, 1}, {4, 1}};
    static const uint16_t orientations[] = {1, 2, 3, 6, 8};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
            for (size_t o = 0; o < sizeof orientations / sizeof orientations[0]; o++) {
                check(sizes[s][0], sizes[s][1], layouts[l][0], layouts[l][1], false, orientations[o]);
            }
        }
    }
    // Progressive sources decode to the same planes.
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
        check(641, 479, layouts[l][0], layouts[l][1], true, 1);
        check(641, 479, layouts[l][0], layouts[l][1], true, 6);
    }
    if (failures) {
        fprintf(stderr, "planar renditions: %d of %d checks failed\n", failures, checked);
        return 1;
    }
    printf("planar renditions: %d renditions of YCbCr JPEGs as close to their pixels as the RGB path's "
           "(worst %.2f× its difference)\n", checked, worst_ratio);
    return 0;
}
