// libFuzzer harness for the whole header shim: sniffing, the JPEG and PNG readers (through the
// same byte source as file reads) and the EXIF walker they call. Built by Fuzz/run.sh.

#include "CImageHeaders.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wfs_image_header header;
    char message[WFS_MESSAGE_CAPACITY];
    wfs_status status = wfs_read_image_header_from_memory(data, size, &header, message, sizeof message);
    // Invariants the Swift side relies on; a violation aborts, which libFuzzer records.
    if (memchr(message, '\0', sizeof message) == NULL) abort();
    if ((unsigned)status > WFS_STATUS_CORRUPT_HEADER) abort();
    if (header.orientation < 1 || header.orientation > 8) abort();
    if (status == WFS_STATUS_OK && header.format != WFS_FORMAT_JPEG && header.format != WFS_FORMAT_PNG) abort();
    // A tiny message buffer must be truncated, never overrun (ASan watches the 1-byte buffer).
    char tiny[1];
    wfs_read_image_header_from_memory(data, size, &header, tiny, sizeof tiny);
    if (tiny[0] != '\0') abort();
    return 0;
}
