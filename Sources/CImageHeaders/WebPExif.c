// A WebP's EXIF block: the payload of its `EXIF` chunk (see WebPChunks.c for the walk).

#include "Internal.h"

#include <string.h>

enum { MAX_EXIF = 64 * 1024, VP8X_EXIF_FLAG = 0x08 };

uint8_t *wfs_webp_exif(wfi_random_source *source, size_t *length) {
    wfs_webp_chunk_request request = {.fourcc = "EXIF", .vp8x_flag = VP8X_EXIF_FLAG, .max_length = MAX_EXIF};
    uint8_t *exif = wfs_webp_chunk(source, request, length);
    // Some writers keep the JPEG segment's "Exif\0\0" before the TIFF header.
    if (exif != NULL && *length >= 6 && memcmp(exif, "Exif\0\0", 6) == 0) {
        memmove(exif, exif + 6, *length - 6);
        *length -= 6;
    }
    return exif;
}
