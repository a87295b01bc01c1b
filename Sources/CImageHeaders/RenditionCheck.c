// The check of a rendition store's entry before a build publishes it. A store is filled by other
// machines and other runs; a build must not publish a file whose name is all that vouches for it
// (an HTML page named `.jpg`, a file cut short by a full disk, a rendition of another size). The
// check reads only what a header reader and a file's two ends hold, never the pixels: a store may
// hold a million files, and a build checks every one it links.

#include "Internal.h"

#include <string.h>

/// A JPEG ends with its EOI marker: a file cut short (a full disk, a killed copy) does not.
static bool jpeg_is_complete(const uint8_t *bytes, size_t length) {
    return length >= 4 && bytes[length - 2] == 0xFF && bytes[length - 1] == 0xD9;
}

/// A PNG opens with IHDR right after its signature and ends with the fixed 12 bytes of IEND.
static bool png_is_complete(const uint8_t *bytes, size_t length) {
    static const uint8_t iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
    return length >= 8 + 25 + 12 && memcmp(bytes + 8, "\0\0\0\x0DIHDR", 8) == 0 &&
           memcmp(bytes + length - 12, iend, 12) == 0;
}

/// A WebP's RIFF header gives the size of everything after its first 8 bytes.
static bool webp_is_complete(const uint8_t *bytes, size_t length) {
    return length >= 12 && (uint64_t)wfs_le32(bytes + 4) + 8 == length;
}

/// An AVIF's top-level boxes (`ftyp` first, then `meta` and `mdat` among them) tile the file
/// exactly: each size in bounds, the last ending at the file's end (or running to it, size 0).
static bool avif_is_complete(const uint8_t *bytes, size_t length) {
    bool meta = false, media = false;
    size_t offset = 0;
    while (offset < length) {
        if (length - offset < 8) return false;
        uint64_t size = wfs_be32(bytes + offset);
        const uint8_t *type = bytes + offset + 4;
        if (size == 1) {
            if (length - offset < 16) return false;
            size = ((uint64_t)wfs_be32(bytes + offset + 8) << 32) | wfs_be32(bytes + offset + 12);
            if (size < 16) return false;
        } else if (size == 0) {
            size = length - offset;
        } else if (size < 8) {
            return false;
        }
        if (size > length - offset) return false;
        if (offset == 0 && memcmp(type, "ftyp", 4) != 0) return false;
        meta = meta || memcmp(type, "meta", 4) == 0;
        media = media || memcmp(type, "mdat", 4) == 0;
        offset += (size_t)size;
    }
    return meta && media;
}

static bool is_complete(wfi_format format, const uint8_t *bytes, size_t length) {
    switch (format) {
    case WFI_FORMAT_JPEG: return jpeg_is_complete(bytes, length);
    case WFI_FORMAT_PNG: return png_is_complete(bytes, length);
    case WFI_FORMAT_WEBP: return webp_is_complete(bytes, length);
    case WFI_FORMAT_AVIF: return avif_is_complete(bytes, length);
    default: return false;
    }
}

wfs_rendition_verdict wfs_check_rendition(const uint8_t *bytes, size_t length, wfi_format expected, uint32_t width,
                                          uint32_t height, char *message, size_t capacity) {
    wfi_message(message, capacity, "%s", "");
    if (expected != WFI_FORMAT_JPEG && expected != WFI_FORMAT_PNG && expected != WFI_FORMAT_WEBP &&
        expected != WFI_FORMAT_AVIF) {
        wfi_message(message, capacity, "%s is not a rendition format", wfi_format_name(expected));
        return WFS_RENDITION_WRONG_FORMAT;
    }
    if (bytes == NULL || length == 0) {
        wfi_message(message, capacity, "the file is empty");
        return WFS_RENDITION_EMPTY;
    }
    // The signature: the bytes must be the format the name says, whatever else they are.
    wfi_format found = wfi_sniff_format(bytes, length < 32 ? length : 32);
    if (found != expected) {
        if (found == WFI_FORMAT_UNKNOWN) {
            wfi_message(message, capacity, "its bytes are no image (not %s)", wfi_format_name(expected));
        } else {
            wfi_message(message, capacity, "its bytes are %s, not %s", wfi_format_name(found),
                        wfi_format_name(expected));
        }
        return WFS_RENDITION_WRONG_FORMAT;
    }
    if (!is_complete(expected, bytes, length)) {
        wfi_message(message, capacity, "the %s is incomplete (cut short or damaged: its end or its structure is missing)",
                    wfi_format_name(expected));
        return WFS_RENDITION_INCOMPLETE;
    }
    // The size, from the same header readers the scanner uses.
    wfs_image_header header;
    char reason[WFS_MESSAGE_CAPACITY];
    wfs_status status = wfs_read_image_header_from_memory(bytes, length, &header, reason, sizeof reason);
    if (status != WFS_STATUS_OK) {
        wfi_message(message, capacity, "its %s header cannot be read: %s", wfi_format_name(expected), reason);
        return WFS_RENDITION_UNREADABLE;
    }
    // The header reader's format is the one the bytes hold: an AVIF brand on an image of
    // another codec (HEVC) passes the signature but is no AVIF to a browser.
    if (header.format != expected) {
        wfi_message(message, capacity, "its bytes are %s, not %s", wfi_format_name(header.format),
                    wfi_format_name(expected));
        return WFS_RENDITION_WRONG_FORMAT;
    }
    // Renditions are stored upright: a JPEG or PNG with an EXIF turn would be shown at another
    // size than the page reserves for it.
    bool shown_as_stored = header.display_width == 0;
    uint32_t shown_width = shown_as_stored ? header.width : header.display_width;
    uint32_t shown_height = shown_as_stored ? header.height : header.display_height;
    if (shown_width != width || shown_height != height || header.orientation != 1) {
        wfi_message(message, capacity, "it is %ux%u pixels%s where its name and the photo make it %ux%u", shown_width,
                    shown_height, header.orientation != 1 ? " with an EXIF turn" : "", width, height);
        return WFS_RENDITION_WRONG_SIZE;
    }
    return WFS_RENDITION_OK;
}
