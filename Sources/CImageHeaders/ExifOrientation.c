// The EXIF walker: reads one tag from IFD0 of untrusted bytes. It follows no offsets other than
// IFD0's, never loops past IFD0's entry count, and checks every read against `length`, so it
// cannot recurse, spin or read out of bounds whatever the bytes say.

#include "Internal.h"
#include "ExifIFD.h"

enum { TIFF_HEADER_LENGTH = 8, TAG_ORIENTATION = 0x0112 };

wfs_exif_status wfs_exif_orientation(const uint8_t *tiff, size_t length, uint16_t *orientation,
                                     char *message, size_t capacity) {
    wfi_message(message, capacity, "%s", "");
    if (orientation) *orientation = 1;
    if (tiff == NULL || length < TIFF_HEADER_LENGTH) {
        wfi_message(message, capacity, "EXIF block of %zu bytes is too short for a TIFF header", length);
        return WFS_EXIF_MALFORMED;
    }
    bool little;
    if (tiff[0] == 'I' && tiff[1] == 'I') {
        little = true;
    } else if (tiff[0] == 'M' && tiff[1] == 'M') {
        little = false;
    } else {
        wfi_message(message, capacity, "EXIF block has no TIFF byte-order mark (II or MM)");
        return WFS_EXIF_MALFORMED;
    }
    if (exif_get16(tiff + 2, little) != 42) {
        wfi_message(message, capacity, "EXIF block has a bad TIFF magic number %u",
                    (unsigned)exif_get16(tiff + 2, little));
        return WFS_EXIF_MALFORMED;
    }
    uint32_t ifd0 = exif_get32(tiff + 4, little);
    // The entry count needs two bytes at the offset; compare without overflowing.
    if (ifd0 < TIFF_HEADER_LENGTH || ifd0 > length - 2) {
        wfi_message(message, capacity, "EXIF IFD0 offset %u lies outside the %zu-byte block",
                    (unsigned)ifd0, length);
        return WFS_EXIF_MALFORMED;
    }
    uint16_t declared = exif_get16(tiff + ifd0, little);
    size_t first_entry = (size_t)ifd0 + 2;
    size_t fitting = (length - first_entry) / EXIF_ENTRY;
    size_t count = declared < fitting ? declared : fitting;
    for (size_t index = 0; index < count; index++) {
        const uint8_t *entry = tiff + first_entry + index * EXIF_ENTRY;
        if (exif_get16(entry, little) != TAG_ORIENTATION) continue;
        uint16_t type = exif_get16(entry + 2, little);
        uint32_t values = exif_get32(entry + 4, little);
        uint32_t value;
        // A SHORT (or, from sloppy writers, a LONG) whose first value sits inline in the entry.
        if (type == EXIF_TYPE_SHORT && values >= 1 && values <= 2) {
            value = exif_get16(entry + 8, little);
        } else if (type == EXIF_TYPE_LONG && values == 1) {
            value = exif_get32(entry + 8, little);
        } else {
            wfi_message(message, capacity, "EXIF Orientation tag has type %u and count %u, expected one SHORT",
                        (unsigned)type, (unsigned)values);
            return WFS_EXIF_MALFORMED;
        }
        // Values outside 1...8 mean "no transform", as browsers treat them.
        if (orientation) *orientation = (value >= 1 && value <= 8) ? (uint16_t)value : 1;
        return WFS_EXIF_FOUND;
    }
    if (declared > fitting) {
        wfi_message(message, capacity, "EXIF IFD0 declares %u entries but only %zu fit in the %zu-byte block",
                    (unsigned)declared, fitting, length);
        return WFS_EXIF_MALFORMED;
    }
    return WFS_EXIF_ABSENT;
}
