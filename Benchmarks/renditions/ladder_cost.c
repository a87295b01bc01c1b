// Where one photo's encode time goes, width by width of the build's ladder (issue 37): each
// photo is resized once per width by the shim (wfr_render_pixels, outside the timing), then our
// JPEG (wfr_encode_jpeg, quality 82) and libwebp at each METHOD:QUALITY given are timed with
// CLOCK_THREAD_CPUTIME_ID, one thread. Usage:
//   ladder_cost OUTDIR WIDTHS METHOD:QUALITY[:SEGMENTS][,…] FILE…   (SEGMENTS: libwebp's 1–4)
//   e.g. ladder_cost .work/ladder 175,227,295,383,497,646,839,1090,1417,1622 4:85,2:85,2:88 *.jpg
// Widths at or above a photo's width are replaced by its width once (as RenditionWidths does).
// Prints one line per photo, width and encoder: "FILE WIDTH ENCODER MS BYTES"; with OUTDIR not
// "-", writes the unencoded pixels (.ppm) and every file, for SSIM (ladder_ssim.py). Built as
// webp.sh builds formats.c, with -lwebp added:
//   S=../../Sources; cc -O2 -I$S/CImageRenditions/include -I$S/CImageRenditions \
//     -I$S/CImageHeaders/include -I$S/CImageHeaders -I$S/CImageSupport/include \
//     -I$S/CCodecLoader/include $(pkg-config --cflags libheif libwebp) ladder_cost.c \
//     $S/CImageRenditions/*.c $S/CImageHeaders/*.c $S/CImageSupport/*.c $S/CCodecLoader/*.c \
//     -ljpeg -lpng16 -lwebp -ldl -lm -o .work/bin/ladder_cost
#include "CImageRenditions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <webp/encode.h>

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static unsigned char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    unsigned char *bytes = malloc((size_t)size);
    if (bytes != NULL && fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    *length = (size_t)size;
    return bytes;
}

static void save(const char *folder, const char *base, unsigned width, const char *tag, const void *bytes,
                 size_t length, const char *header) {
    if (strcmp(folder, "-") == 0) return;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%u.%s", folder, base, width, tag);
    FILE *out = fopen(path, "wb");
    if (out == NULL) return;
    if (header != NULL) fputs(header, out);
    fwrite(bytes, 1, length, out);
    fclose(out);
}

int main(int argc, char **argv) {
    if (argc < 5) return 2;
    const char *folder = argv[1];
    unsigned widths[32];
    int width_count = 0, methods[32], qualities[32], segments[32], setting_count = 0;
    for (char *part = strtok(argv[2], ","); part != NULL && width_count < 32; part = strtok(NULL, ",")) {
        widths[width_count++] = (unsigned)atoi(part);
    }
    for (char *part = strtok(argv[3], ","); part != NULL && setting_count < 32; part = strtok(NULL, ",")) {
        segments[setting_count] = 0;
        if (sscanf(part, "%d:%d:%d", &methods[setting_count], &qualities[setting_count], &segments[setting_count]) >= 2) {
            setting_count++;
        }
    }
    for (int a = 4; a < argc; a++) {
        size_t length;
        unsigned char *bytes = read_file(argv[a], &length);
        if (bytes == NULL) continue;
        const char *base = strrchr(argv[a], '/');
        base = base ? base + 1 : argv[a];
        wfr_options options = {.orientation = 1, .quality = 82, .max_pixels = 100000000};
        char message[WFR_MESSAGE_CAPACITY];
        wfr_rendition probe;
        wfr_source_info info;
        // The photo's size: a 1 × 1 run reads it.
        if (wfr_render_pixels(bytes, length, &options, (wfr_target){1, 1}, &probe, &info, message,
                              sizeof message) != WFR_STATUS_OK) {
            fprintf(stderr, "%s: %s\n", argv[a], message);
            free(bytes);
            continue;
        }
        wfr_rendition_free(&probe);
        for (int i = 0; i < width_count; i++) {
            const unsigned width = widths[i] < info.width ? widths[i] : info.width;
            if (i > 0 && widths[i - 1] >= info.width) break;
            const wfr_target target = {width, (uint32_t)((double)width * info.height / info.width + 0.5)};
            wfr_rendition pixels;
            if (wfr_render_pixels(bytes, length, &options, target, &pixels, NULL, message, sizeof message) !=
                WFR_STATUS_OK) {
                fprintf(stderr, "%s: %s\n", argv[a], message);
                break;
            }
            char header[64];
            snprintf(header, sizeof header, "P6\n%u %u\n255\n", target.width, target.height);
            save(folder, base, width, "ppm", pixels.bytes, pixels.length, header);
            wfr_rendition jpeg;
            double start = cpu();
            wfr_encode_jpeg(pixels.bytes, target.width, target.height, WFR_PIXELS_RGB, 82, NULL, 0, &jpeg, message,
                            sizeof message);
            printf("%s %u jpeg82 %.2f %zu\n", base, width, (cpu() - start) * 1000, jpeg.length);
            save(folder, base, width, "jpg", jpeg.bytes, jpeg.length, NULL);
            wfr_rendition_free(&jpeg);
            for (int s = 0; s < setting_count; s++) {
                WebPConfig config;
                WebPConfigInit(&config);
                config.quality = (float)qualities[s];
                config.method = methods[s];
                if (segments[s] > 0) config.segments = segments[s];
                WebPPicture picture;
                WebPPictureInit(&picture);
                picture.width = (int)target.width;
                picture.height = (int)target.height;
                WebPMemoryWriter writer;
                WebPMemoryWriterInit(&writer);
                picture.writer = WebPMemoryWrite;
                picture.custom_ptr = &writer;
                start = cpu();
                WebPPictureImportRGB(&picture, pixels.bytes, (int)target.width * 3);
                WebPEncode(&config, &picture);
                const double ms = (cpu() - start) * 1000;
                char tag[32];
                char segment_tag[8] = "";
                if (segments[s] > 0) snprintf(segment_tag, sizeof segment_tag, "s%d", segments[s]);
                snprintf(tag, sizeof tag, "m%dq%d%s.webp", methods[s], qualities[s], segment_tag);
                printf("%s %u m%dq%d%s %.2f %zu\n", base, width, methods[s], qualities[s], segment_tag, ms, writer.size);
                save(folder, base, width, tag, writer.mem, writer.size, NULL);
                WebPMemoryWriterClear(&writer);
                WebPPictureFree(&picture);
            }
            wfr_rendition_free(&pixels);
            fflush(stdout);
        }
        free(bytes);
    }
    return 0;
}
