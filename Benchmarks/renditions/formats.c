// The shim's JPEG, WebP and AVIF renditions of each photo, one worker, as the build makes them
// (one wfr_render_sources call: decode once, average once, encode each format from the same
// pixels or planes). Usage:
//   formats OUTDIR WIDTH JPEG_QUALITY WEBP_QUALITY[,…] [AVIF_QUALITY[,…]:SPEED] FILE…
// Writes OUTDIR/<file>.q<J>.jpg and OUTDIR/<file>.q<W>.webp (and .q<A>.avif); with several WebP
// or AVIF qualities the photo is rendered once per quality (webp_mapping.py's grids). On stderr, one line per photo and format:
// "cpu FORMAT SECONDS" of the encodes alone is not separable here, so timing is left to
// timed.py around whole runs with one format each (see webp_mapping.py and run.sh).

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

static void save(const char *folder, const char *base, int quality, const char *extension, const wfr_rendition *r) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.q%d.%s", folder, base, quality, extension);
    FILE *out = fopen(path, "wb");
    if (out) { fwrite(r->bytes, 1, r->length, out); fclose(out); }
}

int main(int argc, char **argv) {
    if (argc < 6) return 2;
    const char *folder = argv[1];
    const unsigned width = (unsigned)atoi(argv[2]);
    const int jpeg_quality = atoi(argv[3]);
    int webp_qualities[64];
    int webp_count = 0;
    for (char *part = strtok(argv[4], ","); part != NULL && webp_count < 64; part = strtok(NULL, ",")) {
        webp_qualities[webp_count++] = atoi(part);
    }
    int first = 5, avif_speed = 0, avif_qualities[64], avif_count = 0;
    char *speed = strchr(argv[5], ':');
    if (speed != NULL) {
        avif_speed = atoi(speed + 1);
        *speed = 0;
        for (char *part = strtok(argv[5], ","); part != NULL && avif_count < 64; part = strtok(NULL, ",")) {
            avif_qualities[avif_count++] = atoi(part);
        }
        first = 6;
    }
    const int runs = webp_count > avif_count ? webp_count : avif_count;
    int failures = 0;
    for (int a = first; a < argc; a++) {
        size_t length;
        unsigned char *bytes = read_file(argv[a], &length);
        unsigned w, h;
        if (bytes == NULL || !jpeg_size(bytes, length, &w, &h)) { failures++; free(bytes); continue; }
        wfr_target target = {width < w ? width : w, 0};
        target.height = (uint32_t)((double)target.width * h / w + 0.5);
        const char *base = strrchr(argv[a], '/');
        base = base ? base + 1 : argv[a];
        for (int k = 0; k < (runs ? runs : 1); k++) {
            wfr_options options = {.orientation = 1, .quality = jpeg_quality, .max_pixels = 100000000,
                                   .webp_quality = k < webp_count ? webp_qualities[k] : 0,
                                   .avif_quality = k < avif_count ? avif_qualities[k] : 0,
                                   .avif_speed = avif_speed};
            wfr_rendition jpeg, webp = {0}, avif = {0};
            char message[WFR_MESSAGE_CAPACITY];
            if (wfr_render_sources(bytes, length, &options, &target, 1, &jpeg, &webp, &avif, NULL, message,
                                   sizeof message) != WFR_STATUS_OK) {
                fprintf(stderr, "%s: %s\n", argv[a], message);
                failures++;
                break;
            }
            if (k == 0) save(folder, base, jpeg_quality, "jpg", &jpeg);
            if (webp.bytes) save(folder, base, options.webp_quality, "webp", &webp);
            if (avif.bytes) save(folder, base, options.avif_quality, "avif", &avif);
            wfr_rendition_free(&jpeg);
            wfr_rendition_free(&webp);
            wfr_rendition_free(&avif);
        }
        free(bytes);
    }
    return failures ? 1 : 0;
}
