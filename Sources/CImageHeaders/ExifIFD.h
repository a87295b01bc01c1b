#ifndef WFS_EXIF_IFD_H
#define WFS_EXIF_IFD_H

// Reading the entries of a TIFF-structured EXIF block's IFDs: the orientation's in IFD0, and for
// the readers that follow a pointer from IFD0 to one sub-IFD (the date taken, the GPS position). Every read is checked
// against the block's length, and no IFD's entries are read past its count.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { EXIF_TYPE_ASCII = 2, EXIF_TYPE_SHORT = 3, EXIF_TYPE_LONG = 4, EXIF_TYPE_RATIONAL = 5, EXIF_ENTRY = 12 };

static inline uint16_t exif_get16(const uint8_t *p, bool little) {
    return little ? (uint16_t)(p[0] | (p[1] << 8)) : (uint16_t)((p[0] << 8) | p[1]);
}

static inline uint32_t exif_get32(const uint8_t *p, bool little) {
    return little ? ((uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24))
                  : (((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3]);
}

/// The entry of `tag` in the IFD at `offset` of a block of at least 8 bytes, or NULL.
static inline const uint8_t *exif_find_entry(const uint8_t *tiff, size_t length, uint32_t offset, bool little,
                                             uint16_t tag) {
    if (offset < 8 || offset > length - 2) return NULL;
    size_t first = (size_t)offset + 2;
    size_t fitting = (length - first) / EXIF_ENTRY;
    size_t declared = exif_get16(tiff + offset, little);
    size_t count = declared < fitting ? declared : fitting;
    for (size_t index = 0; index < count; index++) {
        const uint8_t *entry = tiff + first + index * EXIF_ENTRY;
        if (exif_get16(entry, little) == tag) return entry;
    }
    return NULL;
}

/// The offset of the sub-IFD that IFD0's `pointer_tag` entry (one LONG) names; false when the
/// block is no TIFF structure or has no such entry. Sets `little` to the block's byte order.
static inline bool exif_sub_ifd(const uint8_t *tiff, size_t length, uint16_t pointer_tag, bool *little,
                                uint32_t *offset) {
    if (tiff == NULL || length < 8) return false;
    if (tiff[0] == 'I' && tiff[1] == 'I') {
        *little = true;
    } else if (tiff[0] == 'M' && tiff[1] == 'M') {
        *little = false;
    } else {
        return false;
    }
    if (exif_get16(tiff + 2, *little) != 42) return false;
    const uint8_t *pointer = exif_find_entry(tiff, length, exif_get32(tiff + 4, *little), *little, pointer_tag);
    if (pointer == NULL || exif_get16(pointer + 2, *little) != EXIF_TYPE_LONG || exif_get32(pointer + 4, *little) != 1)
        return false;
    *offset = exif_get32(pointer + 8, *little);
    return true;
}

#endif
