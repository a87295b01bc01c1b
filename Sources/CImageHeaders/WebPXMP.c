// A WebP's XMP packet, for its GPS position: the payload of its `XMP ` chunk, which extended
// WebP files (VP8X first, with the XMP flag set) carry after the image data and any EXIF. The
// chunks are walked header by header as for the EXIF chunk (see WebPExif.c): a few preads past
// the first window, only for files whose VP8X says they hold XMP.

#include "Internal.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_CHUNKS = 64, MAX_XMP = 256 * 1024, VP8X_XMP_FLAG = 0x04 };

static uint32_t little32(const unsigned char *p) {
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

bool wfs_webp_xmp_has_gps_position(const unsigned char *prefix, size_t prefix_length, int fd, uint64_t size) {
    if (prefix_length < 30 || memcmp(prefix + 12, "VP8X", 4) != 0 || !(prefix[20] & VP8X_XMP_FLAG)) return false;
    wfs_random_source source = {.prefix = prefix, .prefix_length = prefix_length, .fd = fd, .size = size};
    bool found = false;
    uint64_t end = (uint64_t)little32(prefix + 4) + 8;
    if (end > size) end = size;
    uint64_t offset = 12;
    for (int chunk = 0; chunk < MAX_CHUNKS && offset + 8 <= end; chunk++) {
        unsigned char header[8];
        if (!wfs_source_read(&source, offset, sizeof header, header)) break;
        uint64_t payload = little32(header + 4);
        if (payload > end - offset - 8) break;
        if (memcmp(header, "XMP ", 4) == 0) {
            // A packet's position sits near its start: the first MAX_XMP bytes are enough.
            size_t length = payload < MAX_XMP ? (size_t)payload : MAX_XMP;
            uint8_t *xmp = length > 0 ? malloc(length) : NULL;
            if (xmp != NULL && wfs_source_read(&source, offset + 8, length, xmp))
                found = wfs_xmp_has_gps_position(xmp, length);
            free(xmp);
            break;
        }
        offset += 8 + payload + (payload & 1);
    }
    free(source.ahead);
    return found;
}
