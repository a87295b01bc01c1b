// Whether an XMP packet says where a photo was taken: `exif:GPSLatitude` and
// `exif:GPSLongitude`, each either an attribute (`exif:GPSLatitude="52,31.3N"`, as most
// writers put it on the rdf:Description) or an element (`<exif:GPSLatitude>52,31.3N<`), with
// a value that is not empty and not all zeros. Editors (Lightroom, darktable, digiKam) write the
// position there, sometimes only there: a photo whose EXIF has none can still give it away.
//
// The packet is text the file's owner wrote, searched as bytes: no XML parser, every read
// bounded by `length`, nothing allocated. Another namespace prefix for the EXIF schema is
// legal XML but no writer we know of uses one.

#define _GNU_SOURCE // memmem
#include "Internal.h"

#include <string.h>

/// The next `name` in `bytes[from..<length]` not preceded by `/` (a closing tag); its offset,
/// or `length` when there is none. memmem, not memchr of the first letter: `e` is in every
/// other word of a packet, and a byte-by-byte search made a scan of JPEGs with a 6 KB packet
/// each half as slow again.
static size_t find_name(const uint8_t *bytes, size_t length, size_t from, const char *name, size_t name_length) {
    while (from < length) {
        const uint8_t *found = memmem(bytes + from, length - from, name, name_length);
        if (found == NULL) return length;
        size_t at = (size_t)(found - bytes);
        if (!(at > 0 && bytes[at - 1] == '/')) return at;
        from = at + 1;
    }
    return length;
}

static bool is_space(uint8_t byte) { return byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r'; }

/// Whether the property `name` has a value somewhere in the packet; `nonzero` becomes true when
/// a value holds a digit other than 0.
static bool has_value(const uint8_t *bytes, size_t length, const char *name, bool *nonzero) {
    size_t name_length = strlen(name);
    bool found = false;
    for (size_t at = find_name(bytes, length, 0, name, name_length); at < length;
         at = find_name(bytes, length, at + 1, name, name_length)) {
        size_t position = at + name_length;
        while (position < length && is_space(bytes[position])) position++;
        if (position >= length) break;
        uint8_t end;
        if (bytes[position] == '>') {
            end = '<';
        } else if (bytes[position] == '=') {
            position++;
            while (position < length && is_space(bytes[position])) position++;
            if (position >= length || (bytes[position] != '"' && bytes[position] != '\'')) continue;
            end = bytes[position];
        } else {
            continue; // a longer name (GPSLatitudeRef) or a self-closed element
        }
        position++;
        size_t start = position;
        while (position < length && bytes[position] != end) {
            if (bytes[position] >= '1' && bytes[position] <= '9') *nonzero = true;
            position++;
        }
        if (position < length && position > start) found = true;
    }
    return found;
}

bool wfs_xmp_has_gps_position(const uint8_t *xmp, size_t length) {
    if (xmp == NULL) return false;
    bool nonzero = false;
    bool latitude = has_value(xmp, length, "exif:GPSLatitude", &nonzero);
    bool longitude = latitude && has_value(xmp, length, "exif:GPSLongitude", &nonzero);
    return latitude && longitude && nonzero;
}

bool wfs_png_xmp_has_gps_position(const uint8_t *data, size_t length) {
    // Keyword, NUL, compression flag and method, language tag, NUL, translated keyword, NUL.
    static const char keyword[] = "XML:com.adobe.xmp";
    if (data == NULL || length < sizeof keyword + 2 || memcmp(data, keyword, sizeof keyword) != 0) return false;
    if (data[sizeof keyword] != 0) return false; // compressed: rare for XMP, and not inflated here
    size_t position = sizeof keyword + 2;
    for (int field = 0; field < 2; field++) {
        const uint8_t *nul = memchr(data + position, 0, length - position);
        if (nul == NULL) return false;
        position = (size_t)(nul - data) + 1;
    }
    return wfs_xmp_has_gps_position(data + position, length - position);
}
