// An extended WebP's metadata chunks (`EXIF`, `XMP `): extended files (a `VP8X` chunk first,
// with a flag per kind of metadata) carry them most often after the image data, at the end. The
// RIFF chunks are walked header by header (by pread past the first window), never reading an
// image's payload, at most MAX_CHUNKS of them, every size checked against the file's. Only files
// whose VP8X flags the chunk pay for the walk.

#include "Internal.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_CHUNKS = 64 };

uint8_t *wfs_webp_chunk(wfi_random_source *source, wfs_webp_chunk_request request, size_t *length) {
    *length = 0;
    // RIFF, its size, WEBP, then the first chunk: VP8X (10 bytes of payload) with its flags.
    const unsigned char *prefix = source->prefix;
    if (source->prefix_length < 30 || memcmp(prefix + 12, "VP8X", 4) != 0 || !(prefix[20] & request.vp8x_flag))
        return NULL;
    uint8_t *bytes = NULL;
    uint64_t end = (uint64_t)wfs_le32(prefix + 4) + 8;
    if (end > source->size) end = source->size;
    uint64_t offset = 12;
    for (int chunk = 0; chunk < MAX_CHUNKS && offset + 8 <= end; chunk++) {
        unsigned char header[8];
        if (!wfi_source_read(source, offset, sizeof header, header)) break;
        uint64_t payload = wfs_le32(header + 4);
        if (payload > end - offset - 8) break;
        if (memcmp(header, request.fourcc, 4) == 0) {
            if (payload > request.max_length && !request.keeps_start) break;
            size_t wanted = payload < request.max_length ? (size_t)payload : request.max_length;
            if (wanted == 0 || (bytes = malloc(wanted)) == NULL) break;
            if (!wfi_source_read(source, offset + 8, wanted, bytes)) {
                free(bytes);
                bytes = NULL;
                break;
            }
            *length = wanted;
            break;
        }
        offset += 8 + payload + (payload & 1);
    }
    return bytes;
}
