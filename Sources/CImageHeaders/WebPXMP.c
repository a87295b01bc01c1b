// A WebP's XMP packet, for its GPS position: the payload of its `XMP ` chunk, which extended
// WebP files (VP8X first, with the XMP flag set) carry after the image data and any EXIF (see
// WebPChunks.c for the walk: a few preads past the first window, only for files whose VP8X says
// they hold XMP).

#include "Internal.h"

#include <stdlib.h>

enum { MAX_XMP = 256 * 1024, VP8X_XMP_FLAG = 0x04 };

bool wfs_webp_xmp_has_gps_position(wfi_random_source *source) {
    // A packet's position sits near its start: the first MAX_XMP bytes are enough.
    wfs_webp_chunk_request request = {
        .fourcc = "XMP ", .vp8x_flag = VP8X_XMP_FLAG, .max_length = MAX_XMP, .keeps_start = true};
    size_t length = 0;
    uint8_t *xmp = wfs_webp_chunk(source, request, &length);
    bool found = xmp != NULL && wfs_xmp_has_gps_position(xmp, length);
    free(xmp);
    return found;
}
