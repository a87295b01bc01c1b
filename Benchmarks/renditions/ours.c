// The shim as the build uses it, one worker: read each file, one wfr_render call (decode once,
// resize, encode), write the rendition(s). Usage: ours OUTDIR WIDTH[,WIDTH…] FILE…
// With several widths, all come from one decode, as in a site build. With OUTDIR prefixed by
// "pixels:", writes the resized pixels before encoding as PPM (to measure the resize alone).

#include "CImageRenditions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    unsigned char *bytes = malloc((size_t)size);
    if (bytes != NULL && fread(bytes, 1, (size_t)size, file) != (size_t)size) { free(bytes); bytes = NULL; }
    fclose(file);
    *length = (size_t)size;
    return bytes;
}

/// Width and height from the SOF marker (the build gets them from the scanner).
static int jpeg_size(const unsigned char *b, size_t n, unsigned *w, unsigned *h) {
    size_t i = 2;
    while (i + 9 < n && b[i] == 0xFF) {
        unsigned marker = b[i + 1], length = (unsigned)b[i + 2] << 8 | b[i + 3];
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            *h = (unsigned)b[i + 5] << 8 | b[i + 6];
            *w = (unsigned)b[i + 7] << 8 | b[i + 8];
            return 1;
        }
        i += 2 + length;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) return 2;
    unsigned widths[16];
    size_t count = 0;
    for (char *part = strtok(argv[2], ","); part != NULL && count < 16; part = strtok(NULL, ",")) widths[count++] = (unsigned)atoi(part);
    int failures = 0;
    const int pixels_only = strncmp(argv[1], "pixels:", 7) == 0;
    const char *folder = pixels_only ? argv[1] + 7 : argv[1];
    for (int a = 3; a < argc; a++) {
        size_t length;
        unsigned char *bytes = read_file(argv[a], &length);
        unsigned w, h;
        if (bytes == NULL || !jpeg_size(bytes, length, &w, &h)) { failures++; free(bytes); continue; }
        wfr_target targets[16];
        for (size_t i = 0; i < count; i++) {
            targets[i].width = widths[i] < w ? widths[i] : w;
            targets[i].height = (uint32_t)((double)targets[i].width * h / w + 0.5);
        }
        wfr_options options = {1, 82, 100000000};
        wfr_rendition renditions[16];
        char message[WFR_MESSAGE_CAPACITY];
        if (pixels_only) {
            wfr_source_info info;
            const char *base = strrchr(argv[a], '/');
            char path[4096];
            snprintf(path, sizeof path, "%s/%s.ppm", folder, base ? base + 1 : argv[a]);
            if (wfr_render_pixels(bytes, length, &options, targets[0], &renditions[0], &info, message, sizeof message) == WFR_STATUS_OK) {
                FILE *out = fopen(path, "wb");
                if (out) {
                    fprintf(out, "P6\n%u %u\n255\n", renditions[0].width, renditions[0].height);
                    fwrite(renditions[0].bytes, 1, renditions[0].length, out);
                    fclose(out);
                }
                wfr_rendition_free(&renditions[0]);
            } else {
                failures++;
            }
            free(bytes);
            continue;
        }
        if (wfr_render(bytes, length, &options, targets, count, renditions, NULL, message, sizeof message) != WFR_STATUS_OK) {
            fprintf(stderr, "%s: %s\n", argv[a], message);
            failures++;
        } else {
            const char *base = strrchr(argv[a], '/');
            base = base ? base + 1 : argv[a];
            for (size_t i = 0; i < count; i++) {
                char path[4096];
                if (count == 1) {
                    snprintf(path, sizeof path, "%s/%s", folder, base);
                } else {
                    snprintf(path, sizeof path, "%s/%u-%s", folder, targets[i].width, base);
                }
                FILE *out = fopen(path, "wb");
                if (out) { fwrite(renditions[i].bytes, 1, renditions[i].length, out); fclose(out); }
                wfr_rendition_free(&renditions[i]);
            }
        }
        free(bytes);
    }
    return failures ? 1 : 0;
}
