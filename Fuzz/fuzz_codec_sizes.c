// libFuzzer harness for the codec-size readers (CodecSizes.c): the AV1 sequence header, the HEVC
// SPS in hvcC, the VP8 and VP8L headers, and the whole-file reader behind them (PNG IHDR, JPEG
// SOF, WebP chunks and VP8X canvas, HEIF/AVIF items with their av1C/hvcC and data). The first
// byte picks the reader; the rest is its input, copied into an exactly-sized heap block so ASan
// catches a read one byte past the end. Built by Fuzz/run.sh.

#include "CImageHeaders.h"

#include <stdlib.h>
#include <string.h>

/// The whole-file reader's invariants: a size only on success, a message on every failure.
static void check_file(const uint8_t *bytes, size_t length) {
    wfs_codec_size size;
    char message[WFS_MESSAGE_CAPACITY];
    const wfs_status status = wfs_read_codec_size(bytes, length, &size, message, sizeof message);
    if (memchr(message, '\0', sizeof message) == NULL) abort();
    if (status != WFS_STATUS_OK) {
        if (message[0] == '\0') abort();
        return;
    }
    const bool known = size.format == WFI_FORMAT_JPEG || size.format == WFI_FORMAT_PNG ||
                       size.format == WFI_FORMAT_WEBP || size.format == WFI_FORMAT_HEIF ||
                       size.format == WFI_FORMAT_AVIF;
    if (!known) abort();
    // A HEIF/AVIF or WebP that passed has a coded frame; one that passed with a container size
    // is the codec's (or, for an animation or a layered AV1 stream, holds it).
    const bool modern = size.format == WFI_FORMAT_WEBP || size.format == WFI_FORMAT_HEIF || size.format == WFI_FORMAT_AVIF;
    if (modern && (size.coded_width == 0 || size.coded_height == 0)) abort();
    if (size.format == WFI_FORMAT_WEBP && !size.animated &&
        (size.width != size.coded_width || size.height != size.coded_height)) {
        abort();
    }
    // A 1-byte message buffer is never overrun.
    char tiny[1];
    (void)wfs_read_codec_size(bytes, length, &size, tiny, sizeof tiny);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    const uint8_t reader = data[0] % 5;
    const size_t length = size - 1;
    uint8_t *copy = malloc(length ? length : 1);
    if (copy == NULL) return 0;
    if (length) memcpy(copy, data + 1, length);
    uint32_t width = 0, height = 0;
    switch (reader) {
    case 0:
        if (wfs_av1_sequence_size(copy, length, &width, &height) && (width == 0 || height == 0)) abort();
        break;
    case 1: {
        wfs_hevc_size hevc;
        if (wfs_hevc_configuration_size(copy, length, &hevc) &&
            (hevc.width == 0 || hevc.height == 0 || hevc.width > hevc.coded_width || hevc.height > hevc.coded_height)) {
            abort();
        }
        break;
    }
    case 2:
        if (wfs_vp8_frame_size(copy, length, &width, &height) && (width == 0 || height == 0 || width > 16383)) abort();
        break;
    case 3:
        if (wfs_vp8l_size(copy, length, &width, &height) && (width == 0 || width > 16384 || height > 16384)) abort();
        break;
    default: check_file(copy, length); break;
    }
    free(copy);
    return 0;
}
