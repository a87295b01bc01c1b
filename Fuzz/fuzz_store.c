// libFuzzer harness for the rendition store's check (`wfs_check_rendition`, RenditionCheck.c):
// any bytes as a store file, checked as each rendition format at the size its own header gives
// (so inputs that pass go through every step) and at that size off by one (which must fail).
// Built by Fuzz/run.sh.

#include "CImageHeaders.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const wfi_format formats[] = {WFI_FORMAT_JPEG, WFI_FORMAT_PNG, WFI_FORMAT_WEBP, WFI_FORMAT_AVIF};

static wfs_rendition_verdict check(const uint8_t *data, size_t size, wfi_format format, uint32_t width,
                                   uint32_t height) {
    char message[WFS_MESSAGE_CAPACITY];
    wfs_rendition_verdict verdict = wfs_check_rendition(data, size, format, width, height, message, sizeof message);
    if (memchr(message, '\0', sizeof message) == NULL) abort();
    if ((unsigned)verdict > WFS_RENDITION_WRONG_SIZE) abort();
    // Every refusal says why; a pass says nothing.
    if ((verdict == WFS_RENDITION_OK) != (message[0] == '\0')) abort();
    // A 1-byte message buffer is truncated, never overrun, and changes nothing.
    char tiny[1];
    if (wfs_check_rendition(data, size, format, width, height, tiny, sizeof tiny) != verdict || tiny[0] != '\0') abort();
    return verdict;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wfs_image_header header;
    char message[WFS_MESSAGE_CAPACITY];
    wfs_status status = wfs_read_image_header_from_memory(data, size, &header, message, sizeof message);
    bool shown_as_stored = header.display_width == 0;
    uint32_t width = status != WFS_STATUS_OK ? 640 : shown_as_stored ? header.width : header.display_width;
    uint32_t height = status != WFS_STATUS_OK ? 427 : shown_as_stored ? header.height : header.display_height;
    wfi_format sniffed = wfi_sniff_format(data, size < 32 ? size : 32);
    for (size_t index = 0; index < sizeof formats / sizeof formats[0]; index++) {
        wfi_format format = formats[index];
        wfs_rendition_verdict verdict = check(data, size, format, width, height);
        if (verdict != WFS_RENDITION_OK) continue;
        // A pass is of the format asked for, with a readable upright header of the size asked for.
        if (format != sniffed || status != WFS_STATUS_OK || header.format != format || header.orientation != 1) {
            fprintf(stderr, "passed as %s: sniffed %s, header status %d, orientation %u\n", wfi_format_name(format),
                    wfi_format_name(sniffed), status, header.orientation);
            abort();
        }
        if (check(data, size, format, width + 1, height) != WFS_RENDITION_WRONG_SIZE ||
            check(data, size, format, width, height - 1) != WFS_RENDITION_WRONG_SIZE) {
            fprintf(stderr, "passed as %s at %ux%u and at another size\n", wfi_format_name(format), width, height);
            abort();
        }
    }
    return 0;
}
