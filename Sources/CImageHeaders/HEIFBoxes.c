// The display size of a HEIF/HEIC or AVIF file from its ISOBMFF boxes, without libheif.
//
// libheif 1.15.1 parses a whole file's item graph with many small allocations (0.8 ms for a
// 48-tile iPhone photo), while the size is a few boxes in the file's first kilobytes: `ftyp`;
// `meta` with `pitm` (the primary item), `iinf` (item types, `grid` included), `iloc` (where
// each item's data is), `iref` (a grid's tiles), and `iprp`, whose `ipco` holds the properties
// and `ipma` says which belong to which item: `ispe` (the stored size), then `clap`, `irot` and
// `imir` in the order listed (the rule of ../shared/corpora/formats/README.md: clap gives its
// rounded size, irot 1 or 3 swaps width and height, imir keeps them; EXIF Orientation is never
// applied).
//
// The walk must give libheif's verdict as well as its size, so it only answers when it is sure:
// a plain, complete structure that libheif 1.15.1 reads (checked on every file of the corpus by
// the tests). Anything else (an unknown box version, a property or reference it does not know,
// a missing `ispe` or decoder configuration, an item's data beyond the file's end, a box past the
// bytes it was given, sizes beyond 16,384 px) makes it unsure, and the caller asks libheif.
// Every read is bounds-checked against the buffer; nothing is allocated but two tables.

#include "HEIFBoxes.h"
#include "Internal.h"

#include <stdlib.h>
#include <string.h>

/// Limits past which the walk leaves the file to libheif (a 200 MP grid has about 800 items).
enum {
    MAX_ITEMS = 4096,
    MAX_PROPERTIES = 4096,
    MAX_ASSOCIATIONS = 64,
    MAX_EXTENTS = 32,
    MAX_SIDE = 16384,
};


/// `bytes` of `size` bytes (4 or 8; 0 reads as 0) at `*p`, advancing it; false past `end`.
static bool read_uint(const unsigned char **p, const unsigned char *end, unsigned size, uint64_t *out) {
    if ((size_t)(end - *p) < size) return false;
    uint64_t value = 0;
    for (unsigned i = 0; i < size; i++) value = (value << 8) | (*p)[i];
    *p += size;
    *out = value;
    return true;
}

bool wfs_next_box(const unsigned char *bytes, size_t length, size_t *offset, wfs_box *out) {
    if (*offset > length || length - *offset < 8) return false;
    const unsigned char *start = bytes + *offset;
    uint64_t size = wfs_be32(start);
    size_t header = 8;
    if (size == 1) {
        if (length - *offset < 16) return false;
        size = ((uint64_t)wfs_be32(start + 8) << 32) | wfs_be32(start + 12);
        header = 16;
    }
    // Size 0 ("to the end of the file") is for top-level boxes only, which are not read here.
    if (size < header || size > length - *offset) return false;
    memcpy(out->type, start + 4, 4);
    out->payload = start + header;
    out->length = (size_t)size - header;
    *offset += (size_t)size;
    return true;
}

static bool is_type(const wfs_box *b, const char *type) { return memcmp(b->type, type, 4) == 0; }

/// Skips a NUL-terminated string at `*p`; false when it does not end before `end` (libheif
/// then fails the whole `meta`).
static bool skip_string(const unsigned char **p, const unsigned char *end) {
    const unsigned char *nul = *p < end ? memchr(*p, 0, (size_t)(end - *p)) : NULL;
    if (nul == NULL) return false;
    *p = nul + 1;
    return true;
}
static bool is_code(const char code[4], const char *type) { return memcmp(code, type, 4) == 0; }

/// One item of `iinf`, with what `iloc`, `iref` and `ipma` say about it.
typedef struct item {
    uint32_t id;
    char type[4];
    bool hidden;
    bool located;
    /// The image this one is a thumbnail of (`thmb`), 0 if none.
    uint32_t thumbnail_of;
    /// Where its data is: in the file (method 0) or in `idat` (method 1); one extent only is
    /// remembered, for a grid's descriptor.
    uint8_t method;
    uint16_t extent_count;
    uint64_t offset, length;
    uint16_t associations[MAX_ASSOCIATIONS];
    uint8_t association_count;
    bool associated;
} item;

/// The walk's working state.
typedef struct walk {
    item *items;
    size_t item_count, item_capacity;
    wfs_box *properties;
    size_t property_count, property_capacity;
    const unsigned char *idat;
    size_t idat_length;
    uint64_t file_size;
    /// Why the walk is unsure (a static string), NULL while it is sure.
    const char *unsure;
} walk;

static bool unsure(walk *w, const char *why) {
    if (w->unsure == NULL) w->unsure = why;
    return false;
}

static item *find_item(walk *w, uint32_t id) {
    for (size_t i = 0; i < w->item_count; i++) {
        if (w->items[i].id == id) return &w->items[i];
    }
    return NULL;
}

/// Only full boxes of version 0 (or `highest`) are read.
static bool full_box(walk *w, const wfs_box *b, unsigned highest, uint8_t *version, uint32_t *flags) {
    if (b->length < 4) return unsure(w, "a full box without its version");
    *version = b->payload[0];
    *flags = ((uint32_t)b->payload[1] << 16) | ((uint32_t)b->payload[2] << 8) | b->payload[3];
    if (*version > highest) return unsure(w, "a box version the walk does not know");
    return true;
}

static bool read_iinf(walk *w, const wfs_box *iinf) {
    uint8_t version;
    uint32_t flags;
    if (!full_box(w, iinf, 1, &version, &flags)) return false;
    size_t offset = version == 0 ? 6 : 8;
    if (iinf->length < offset) return unsure(w, "a short iinf");
    uint32_t declared = version == 0 ? wfs_be16(iinf->payload + 4) : wfs_be32(iinf->payload + 4);
    if (declared > w->item_capacity) return unsure(w, "too many items");
    wfs_box entry;
    while (wfs_next_box(iinf->payload, iinf->length, &offset, &entry)) {
        if (!is_type(&entry, "infe")) return unsure(w, "an iinf entry that is no infe");
        uint8_t entry_version;
        uint32_t entry_flags;
        // An entry the walk cannot read is skipped, as libheif's path reads the rest.
        if (!full_box(w, &entry, 3, &entry_version, &entry_flags)) continue;
        if (entry_version < 2) {
            unsure(w, "an infe of version 0 or 1");
            continue;
        }
        size_t id_length = entry_version == 2 ? 2 : 4;
        if (entry.length < 4 + id_length + 2 + 4) {
            unsure(w, "a short infe");
            continue;
        }
        if (w->item_count == w->item_capacity) return unsure(w, "too many items");
        uint32_t id = id_length == 2 ? wfs_be16(entry.payload + 4) : wfs_be32(entry.payload + 4);
        const unsigned char *type = entry.payload + 4 + id_length + 2;
        const unsigned char *text = type + 4, *text_end = entry.payload + entry.length;
        bool strings = skip_string(&text, text_end);
        if (strings && memcmp(type, "mime", 4) == 0) {
            strings = skip_string(&text, text_end) && (text == text_end || skip_string(&text, text_end));
        } else if (strings && memcmp(type, "uri ", 4) == 0) {
            strings = skip_string(&text, text_end);
        }
        if (!strings) unsure(w, "an infe whose strings do not end");
        if (find_item(w, id) != NULL) {
            unsure(w, "two items with one ID");
            continue;
        }
        item *it = &w->items[w->item_count++];
        memset(it, 0, sizeof *it);
        it->id = id;
        it->hidden = (entry_flags & 1) != 0;
        memcpy(it->type, entry.payload + 4 + id_length + 2, 4);
    }
    if (offset != iinf->length || w->item_count != declared) return unsure(w, "an iinf whose entries do not add up");
    return w->unsure == NULL;
}

static bool read_iloc(walk *w, const wfs_box *iloc) {
    uint8_t version;
    uint32_t flags;
    if (!full_box(w, iloc, 2, &version, &flags)) return false;
    const unsigned char *p = iloc->payload + 4, *end = iloc->payload + iloc->length;
    if (end - p < 2) return unsure(w, "a short iloc");
    unsigned offset_size = p[0] >> 4, length_size = p[0] & 15, base_size = p[1] >> 4;
    unsigned index_size = version >= 1 ? (p[1] & 15) : 0;
    p += 2;
    unsigned sizes[4] = {offset_size, length_size, base_size, index_size};
    for (int i = 0; i < 4; i++) {
        if (sizes[i] != 0 && sizes[i] != 4 && sizes[i] != 8) return unsure(w, "an iloc field size the walk does not know");
    }
    uint64_t count;
    if (!read_uint(&p, end, version < 2 ? 2 : 4, &count)) return unsure(w, "a short iloc");
    for (uint64_t n = 0; n < count; n++) {
        uint64_t id, method = 0, reference, base, extents;
        if (!read_uint(&p, end, version < 2 ? 2 : 4, &id)) return unsure(w, "a short iloc");
        if (version >= 1 && !read_uint(&p, end, 2, &method)) return unsure(w, "a short iloc");
        method &= 15;
        if (!read_uint(&p, end, 2, &reference) || !read_uint(&p, end, base_size, &base) ||
            !read_uint(&p, end, 2, &extents)) {
            return unsure(w, "a short iloc");
        }
        if (reference != 0 || method > 1) return unsure(w, "item data in another file or by item reference");
        if (extents == 0 || extents > MAX_EXTENTS) return unsure(w, "an item with no extent or very many");
        item *it = find_item(w, (uint32_t)id);
        if (it == NULL || it->located) return unsure(w, "an iloc entry for an unknown or twice-located item");
        it->located = true;
        it->method = (uint8_t)method;
        it->extent_count = (uint16_t)extents;
        for (uint64_t e = 0; e < extents; e++) {
            uint64_t index, offset, length;
            if (!read_uint(&p, end, index_size, &index) || !read_uint(&p, end, offset_size, &offset) ||
                !read_uint(&p, end, length_size, &length)) {
                return unsure(w, "a short iloc");
            }
            // libheif 1.15.1 checks every extent against the file's size when it opens a file:
            // a file cut inside its coded data is an error there, so it is unsure here.
            uint64_t limit = method == 0 ? w->file_size : w->idat_length;
            if (length == 0 || base > limit || offset > limit - base || length > limit - base - offset) {
                return unsure(w, "item data beyond the end of the file");
            }
            if (e == 0) {
                it->offset = base + offset;
                it->length = length;
            }
        }
    }
    if (p != end) return unsure(w, "bytes after the iloc entries");
    return true;
}

static bool read_ipma(walk *w, const wfs_box *ipma) {
    uint8_t version;
    uint32_t flags;
    if (!full_box(w, ipma, 1, &version, &flags)) return false;
    const unsigned char *p = ipma->payload + 4, *end = ipma->payload + ipma->length;
    bool wide = (flags & 1) != 0;
    uint64_t entries;
    if (!read_uint(&p, end, 4, &entries)) return unsure(w, "a short ipma");
    for (uint64_t n = 0; n < entries; n++) {
        uint64_t id, count;
        if (!read_uint(&p, end, version < 1 ? 2 : 4, &id) || !read_uint(&p, end, 1, &count)) {
            return unsure(w, "a short ipma");
        }
        // What cannot be taken is skipped, so that libheif's path still finds the rest.
        item *it = find_item(w, (uint32_t)id);
        if (it == NULL || it->associated) unsure(w, "an ipma entry for an unknown item or twice for one");
        if (it != NULL) it->associated = true;
        for (uint64_t a = 0; a < count; a++) {
            uint64_t value;
            if (!read_uint(&p, end, wide ? 2 : 1, &value)) return unsure(w, "a short ipma");
            uint16_t index = (uint16_t)(value & (wide ? 0x7FFF : 0x7F));
            if (index == 0 || index > w->property_count) {
                unsure(w, "an association with no property");
            } else if (index != 0 && it != NULL) {
                if (it->association_count == MAX_ASSOCIATIONS) {
                    unsure(w, "an item with very many properties");
                } else {
                    it->associations[it->association_count++] = index;
                }
            }
        }
    }
    if (p != end) return unsure(w, "bytes after the ipma entries");
    return w->unsure == NULL;
}

/// libheif 1.15.1 parses every property it knows, and one that does not parse fails the whole
/// file; the walk knows these, and checks what libheif's parsers read.
static void check_property(walk *w, const wfs_box *property) {
    const unsigned char *p = property->payload, *end = property->payload + property->length;
    size_t length = property->length;
    bool fine;
    if (is_type(property, "ispe")) {
        fine = length >= 12;
    } else if (is_type(property, "clap")) {
        // Four fractions: width, height, horizontal and vertical offset. libheif 1.15.1 refuses
        // some with large or negative denominators; only plain ones are the walk's.
        fine = length >= 32;
        for (int f = 0; fine && f < 4; f++) {
            int32_t numerator = (int32_t)wfs_be32(p + 8 * f), denominator = (int32_t)wfs_be32(p + 8 * f + 4);
            fine = denominator >= 1 && denominator <= 0xFFFF &&
                   (f < 2 ? numerator > 0 : numerator > -0x1000000 && numerator < 0x1000000);
        }
    } else if (is_type(property, "irot") || is_type(property, "imir")) {
        fine = length >= 1;
    } else if (is_type(property, "pasp")) {
        fine = length >= 8;
    } else if (is_type(property, "pixi")) {
        fine = length >= 5 && length >= 5 + (size_t)p[4];
    } else if (is_type(property, "av1C")) {
        fine = length >= 4;
    } else if (is_type(property, "auxC")) {
        p += 4;
        fine = length >= 4 && skip_string(&p, end);
    } else if (is_type(property, "colr")) {
        fine = length >= 4 && (memcmp(p, "prof", 4) == 0 || memcmp(p, "rICC", 4) == 0 ||
                               (memcmp(p, "nclx", 4) == 0 && length >= 11));
    } else if (is_type(property, "hvcC")) {
        // 22 bytes of configuration, then arrays of NAL units, each with its length.
        fine = length >= 23;
        if (fine) {
            uint8_t arrays = p[22];
            p += 23;
            for (uint8_t a = 0; fine && a < arrays; a++) {
                uint64_t units;
                fine = end - p >= 1 && (p++, read_uint(&p, end, 2, &units));
                for (uint64_t u = 0; fine && u < units; u++) {
                    uint64_t size;
                    fine = read_uint(&p, end, 2, &size) && (uint64_t)(end - p) >= size;
                    if (fine) p += size;
                }
            }
        }
    } else {
        unsure(w, "a property the walk does not know");
        return;
    }
    if (!fine) unsure(w, "a property libheif cannot parse");
}

static bool read_iprp(walk *w, const wfs_box *iprp) {
    size_t offset = 0, ipco_count = 0, ipma_count = 0;
    wfs_box child, ipma[16];
    while (wfs_next_box(iprp->payload, iprp->length, &offset, &child)) {
        if (is_type(&child, "ipco")) {
            if (ipco_count++ > 0) return unsure(w, "two ipco boxes");
            size_t inner = 0;
            while (w->property_count < w->property_capacity &&
                   wfs_next_box(child.payload, child.length, &inner, &w->properties[w->property_count])) {
                w->property_count++;
            }
            if (inner != child.length) return unsure(w, "an ipco whose properties do not add up");
            for (size_t i = 0; i < w->property_count; i++) check_property(w, &w->properties[i]);
        } else if (is_type(&child, "ipma")) {
            if (ipma_count > 0) unsure(w, "two ipma boxes");
            if (ipma_count < 16) ipma[ipma_count++] = child;
        } else {
            return unsure(w, "an iprp child the walk does not know");
        }
    }
    if (offset != iprp->length || ipco_count != 1 || ipma_count != 1) unsure(w, "an iprp without one ipco and one ipma");
    if (ipco_count == 0) return false;
    for (size_t i = 0; i < ipma_count; i++) read_ipma(w, &ipma[i]);
    return w->unsure == NULL;
}

static const wfs_box *property_of(const walk *w, const item *it, const char *type);

static bool is_image(const item *it) {
    return is_code(it->type, "hvc1") || is_code(it->type, "av01") || is_code(it->type, "grid");
}

/// The `iref` references the walk knows; each target must be an item. `tiles` receives the
/// primary item's `dimg` targets (a grid's tiles, in order).
static bool read_iref(walk *w, const wfs_box *iref, uint32_t primary, uint32_t *tiles, size_t *tile_count,
                      size_t tile_capacity) {
    uint8_t version;
    uint32_t flags;
    if (!full_box(w, iref, 1, &version, &flags)) return false;
    size_t id_size = version == 0 ? 2 : 4, offset = 4;
    wfs_box reference;
    while (wfs_next_box(iref->payload, iref->length, &offset, &reference)) {
        if (!is_type(&reference, "dimg") && !is_type(&reference, "thmb") && !is_type(&reference, "cdsc") &&
            !is_type(&reference, "auxl")) {
            return unsure(w, "a reference type the walk does not know");
        }
        const unsigned char *p = reference.payload, *end = reference.payload + reference.length;
        uint64_t from, count;
        if (!read_uint(&p, end, (unsigned)id_size, &from) || !read_uint(&p, end, 2, &count)) return unsure(w, "a short iref");
        item *source = find_item(w, (uint32_t)from);
        if (source == NULL) return unsure(w, "a reference from an unknown item");
        // libheif 1.15.1 refuses a thumbnail, an auxiliary image (which needs its auxC) or a
        // metadata item that names other than one image.
        bool single = is_type(&reference, "thmb") || is_type(&reference, "auxl") || is_type(&reference, "cdsc");
        if (single && count != 1) return unsure(w, "a thumbnail, auxiliary image or metadata item of several images");
        if (is_type(&reference, "auxl") && property_of(w, source, "auxC") == NULL) return unsure(w, "an auxiliary image without auxC");
        if (is_type(&reference, "thmb")) {
            if (source->thumbnail_of != 0 || p + id_size > end) return unsure(w, "a thumbnail of two images");
            source->thumbnail_of = id_size == 2 ? wfs_be16(p) : wfs_be32(p);
        }
        bool grid_tiles = is_type(&reference, "dimg") && from == primary;
        if (grid_tiles && *tile_count > 0) return unsure(w, "two dimg references from the primary item");
        for (uint64_t n = 0; n < count; n++) {
            uint64_t to;
            if (!read_uint(&p, end, (unsigned)id_size, &to)) return unsure(w, "a short iref");
            item *target = find_item(w, (uint32_t)to);
            if (target == NULL || target == source) return unsure(w, "a reference to an unknown item or to itself");
            if (single && !is_image(target)) return unsure(w, "a reference to an item that is no image");
            if (grid_tiles) {
                if (*tile_count == tile_capacity) return unsure(w, "a grid of very many tiles");
                tiles[(*tile_count)++] = (uint32_t)to;
            }
        }
        if (p != end) return unsure(w, "bytes after a reference");
    }
    if (offset != iref->length) return unsure(w, "an iref whose references do not add up");
    return true;
}

/// The item's property of `type` (the first one listed), or NULL.
static const wfs_box *property_of(const walk *w, const item *it, const char *type) {
    for (uint8_t a = 0; a < it->association_count; a++) {
        const wfs_box *property = &w->properties[it->associations[a] - 1];
        if (is_type(property, type)) return property;
    }
    return NULL;
}

/// A coded image item (HEVC or AV1) with its size and its decoder configuration.
static bool coded_image(walk *w, const item *it, uint32_t *width, uint32_t *height) {
    const char *configuration = is_code(it->type, "hvc1") ? "hvcC" : is_code(it->type, "av01") ? "av1C" : NULL;
    if (configuration == NULL) return unsure(w, "an image coded other than HEVC or AV1");
    if (!it->located) return unsure(w, "an image with no data");
    if (property_of(w, it, configuration) == NULL) return unsure(w, "an image without its decoder configuration");
    const wfs_box *ispe = property_of(w, it, "ispe");
    if (ispe == NULL || ispe->length < 12 || ispe->payload[0] != 0) return unsure(w, "an image without ispe");
    *width = wfs_be32(ispe->payload + 4);
    *height = wfs_be32(ispe->payload + 8);
    if (*width == 0 || *height == 0 || *width > MAX_SIDE || *height > MAX_SIDE) return unsure(w, "an empty or very large ispe");
    return true;
}

/// Rounds a `clap` fraction as libheif does; false for a zero or negative one.
static bool clap_dimension(const unsigned char *p, uint32_t *out) {
    uint32_t numerator = wfs_be32(p), denominator = wfs_be32(p + 4);
    if (denominator == 0 || (int32_t)numerator <= 0 || (int32_t)denominator < 0) return false;
    *out = (uint32_t)(((uint64_t)numerator + denominator / 2) / denominator);
    return *out > 0;
}

/// ispe, then every clap and irot in the order ipma lists them (imir keeps the size). Sets
/// `transform_before_size` for a transform listed before ispe, which libheif 1.15.1's handle
/// size misses; a clap that cannot be read leaves the size and makes the walk unsure.
static void display_size(walk *w, const item *it, wfs_heif_facts *facts) {
    const wfs_box *ispe = property_of(w, it, "ispe");
    if (ispe == NULL || ispe->length < 12) return;
    facts->stored_width = facts->width = wfs_be32(ispe->payload + 4);
    facts->stored_height = facts->height = wfs_be32(ispe->payload + 8);
    facts->has_size = facts->width > 0 && facts->height > 0;
    bool seen_size = false;
    for (uint8_t a = 0; facts->has_size && a < it->association_count; a++) {
        const wfs_box *property = &w->properties[it->associations[a] - 1];
        if (is_type(property, "ispe")) seen_size = true;
        if ((is_type(property, "clap") || is_type(property, "irot")) && !seen_size) facts->transform_before_size = true;
        if (is_type(property, "clap")) {
            uint32_t width, height;
            if (property->length >= 32 && clap_dimension(property->payload, &width) &&
                clap_dimension(property->payload + 8, &height)) {
                if (width > facts->width || height > facts->height) unsure(w, "a clap larger than the image");
                facts->width = width;
                facts->height = height;
            } else {
                unsure(w, "a clap the walk cannot read");
            }
        } else if (is_type(property, "irot")) {
            if (property->length < 1) {
                unsure(w, "an empty irot");
            } else if ((property->payload[0] & 1) != 0) {
                uint32_t swap = facts->width;
                facts->width = facts->height;
                facts->height = swap;
            }
        }
    }
}

/// A grid's descriptor (ISO/IEC 23008-12 6.6.2.3.2): its output size must be the grid's ispe,
/// and its tiles as many as it says, each a coded image.
static bool check_grid(walk *w, const item *grid, const uint32_t *tiles, size_t tile_count,
                       const unsigned char *file, size_t file_length, wfs_heif_facts *facts) {
    if (!grid->located || grid->extent_count != 1) return unsure(w, "a grid without its descriptor");
    const unsigned char *data = grid->method == 1 ? w->idat : file;
    size_t available = grid->method == 1 ? w->idat_length : file_length;
    if (grid->offset > available || grid->length > available - grid->offset) return unsure(w, "a grid descriptor past the bytes read");
    const unsigned char *p = data + grid->offset, *end = p + grid->length;
    if (end - p < 4 || p[0] != 0) return unsure(w, "a grid descriptor the walk does not know");
    unsigned field = (p[1] & 1) ? 4 : 2;
    uint64_t rows = (uint64_t)p[2] + 1, columns = (uint64_t)p[3] + 1, width, height;
    p += 4;
    if (!read_uint(&p, end, field, &width) || !read_uint(&p, end, field, &height)) return unsure(w, "a short grid descriptor");
    if (width != facts->stored_width || height != facts->stored_height) return unsure(w, "a grid whose size is not its ispe");
    if (tile_count != rows * columns) return unsure(w, "a grid with the wrong number of tiles");
    char tile_type[4] = {0};
    for (size_t t = 0; t < tile_count; t++) {
        const item *tile = find_item(w, tiles[t]);
        uint32_t tile_width, tile_height;
        if (!coded_image(w, tile, &tile_width, &tile_height)) return false;
        if (t > 0 && memcmp(tile_type, tile->type, 4) != 0) return unsure(w, "a grid of tiles of two codecs");
        memcpy(tile_type, tile->type, 4);
    }
    memcpy(facts->tile_type, tile_type, 4);
    return true;
}

/// `dinf` with one `dref` of self-contained `url ` entries (the data is in this file), as every
/// encoder writes it.
static bool plain_dinf(const wfs_box *dinf) {
    size_t offset = 0, inner = 8;
    wfs_box dref, entry;
    if (!wfs_next_box(dinf->payload, dinf->length, &offset, &dref) || offset != dinf->length || !is_type(&dref, "dref") ||
        dref.length < 8 || dref.payload[0] != 0) {
        return false;
    }
    uint32_t count = wfs_be32(dref.payload + 4), seen = 0;
    while (wfs_next_box(dref.payload, dref.length, &inner, &entry)) {
        if (!is_type(&entry, "url ") || entry.length != 4 || (entry.payload[3] & 1) == 0) return false;
        seen++;
    }
    return inner == dref.length && seen == count;
}

/// The coded image items (HEVC, AV1) once `iinf`, `iprp` and `iloc` are read.
static size_t collect_coded_items(walk *w, wfs_heif_coded_item *items, size_t capacity) {
    size_t count = 0;
    for (size_t i = 0; i < w->item_count && count < capacity; i++) {
        const item *it = &w->items[i];
        const bool hevc = is_code(it->type, "hvc1"), av1 = is_code(it->type, "av01");
        if (!hevc && !av1) continue;
        wfs_heif_coded_item *out = &items[count++];
        memset(out, 0, sizeof *out);
        out->id = it->id;
        memcpy(out->type, it->type, 4);
        const wfs_box *ispe = property_of(w, it, "ispe");
        if (ispe != NULL && ispe->length >= 12) {
            out->ispe_width = wfs_be32(ispe->payload + 4);
            out->ispe_height = wfs_be32(ispe->payload + 8);
        }
        const wfs_box *configuration = property_of(w, it, hevc ? "hvcC" : "av1C");
        if (configuration != NULL) {
            out->configuration = configuration->payload;
            out->configuration_length = configuration->length;
        }
        out->located = it->located;
        out->in_idat = it->method == 1;
        out->offset = it->offset;
        out->length = it->length;
        out->idat = w->idat;
        out->idat_length = w->idat_length;
    }
    return count;
}

/// The walk of `meta`; `coded`, when not NULL, receives the coded items of a sure walk.
static void meta_facts(const unsigned char *meta, size_t length, uint64_t file_size, const unsigned char *file,
                       size_t file_length, wfs_heif_facts *facts, wfs_heif_coded_list *coded) {
    memset(facts, 0, sizeof *facts);
    walk w = {.file_size = file_size};
    wfs_box child, hdlr = {{0}}, iinf = {{0}}, iloc = {{0}}, iprp = {{0}}, iref = {{0}}, dinf = {{0}};
    size_t hdlr_count = 0, pitm_count = 0, iinf_count = 0, iloc_count = 0, iprp_count = 0, iref_count = 0, idat_count = 0;
    uint32_t primary = 0;
    size_t offset = 0;
    while (wfs_next_box(meta, length, &offset, &child)) {
        if (is_type(&child, "hdlr")) {
            hdlr = child;
            hdlr_count++;
        } else if (is_type(&child, "pitm")) {
            uint8_t version;
            uint32_t flags;
            if (full_box(&w, &child, 1, &version, &flags) && child.length >= (version == 0 ? 6u : 8u)) {
                primary = version == 0 ? wfs_be16(child.payload + 4) : wfs_be32(child.payload + 4);
            }
            pitm_count++;
        } else if (is_type(&child, "iinf")) {
            iinf = child;
            iinf_count++;
        } else if (is_type(&child, "iloc")) {
            iloc = child;
            iloc_count++;
        } else if (is_type(&child, "iprp")) {
            iprp = child;
            iprp_count++;
        } else if (is_type(&child, "iref")) {
            iref = child;
            iref_count++;
        } else if (is_type(&child, "idat")) {
            w.idat = child.payload;
            w.idat_length = child.length;
            idat_count++;
        } else if (is_type(&child, "dinf") && dinf.length == 0) {
            dinf = child;
            if (dinf.length == 0) unsure(&w, "an empty dinf");
        } else {
            unsure(&w, "a meta child the walk does not know");
        }
    }
    if (offset != length) unsure(&w, "a meta whose boxes do not add up");
    if (hdlr_count != 1 || pitm_count != 1 || iinf_count != 1 || iloc_count != 1 || iprp_count != 1 || iref_count > 1 ||
        idat_count > 1) {
        unsure(&w, "a meta without one each of hdlr, pitm, iinf, iloc and iprp");
    }
    if (hdlr_count == 1) {
        const unsigned char *name = hdlr.payload + 24;
        if (hdlr.length < 24 || memcmp(hdlr.payload + 8, "pict", 4) != 0 || !skip_string(&name, hdlr.payload + hdlr.length)) {
            unsure(&w, "a meta that is not of pictures");
        }
    }
    if (dinf.length > 0 && !plain_dinf(&dinf)) unsure(&w, "a dinf the walk does not know");
    // Tables as large as the boxes can hold (an infe takes at least 20 bytes, a property 8), not
    // the limits: a phone photo's tables are a few kilobytes, allocated without touching more.
    w.item_capacity = iinf.length / 20 < MAX_ITEMS ? iinf.length / 20 : MAX_ITEMS;
    w.property_capacity = iprp.length / 8 < MAX_PROPERTIES ? iprp.length / 8 : MAX_PROPERTIES;
    w.items = malloc((w.item_capacity + 1) * sizeof *w.items);
    w.properties = malloc((w.property_capacity + 1) * sizeof *w.properties);
    uint32_t *tiles = malloc((w.item_capacity + 1) * sizeof *tiles);
    size_t tile_count = 0;
    if (w.items == NULL || w.properties == NULL || tiles == NULL) {
        unsure(&w, "out of memory");
        goto done;
    }
    if (iinf_count == 0 || pitm_count == 0) goto done;
    // The primary item's type and display size come first: libheif's path uses them too, when
    // the walk is unsure of the rest.
    bool listed = read_iinf(&w, &iinf);
    item *main_item = find_item(&w, primary);
    if (main_item == NULL) {
        unsure(&w, "no primary item");
        goto done;
    }
    memcpy(facts->item_type, main_item->type, 4);
    if (iprp_count == 0) goto done;
    bool properties = read_iprp(&w, &iprp);
    if (w.property_count > 0) display_size(&w, main_item, facts);
    if (!properties) goto done;
    if (!listed || w.unsure != NULL) goto done;
    if (iloc_count == 0 || !read_iloc(&w, &iloc)) goto done;
    if (iref_count == 1 && !read_iref(&w, &iref, primary, tiles, &tile_count, w.item_capacity)) goto done;
    // libheif 1.15.1 reads every item's data and checks every image's size and decoder
    // configuration when it opens a file, whichever is shown.
    for (size_t i = 0; i < w.item_count; i++) {
        item *it = &w.items[i];
        if (!it->located) {
            unsure(&w, "an item with no data");
            goto done;
        }
        if (it->thumbnail_of != 0 && find_item(&w, it->thumbnail_of)->thumbnail_of != 0) {
            unsure(&w, "a thumbnail of a thumbnail");
            goto done;
        }
        // libheif 1.15.1 asks ipma for the properties of every image item, shown or not, and
        // refuses the file when one has no entry ("No properties assigned to item").
        if (is_image(it) && !it->associated) {
            unsure(&w, "an image item that ipma gives no properties");
            goto done;
        }
        // libheif 1.15.1 takes an image's size from the last `ispe` ipma gives it, the walk
        // from the first: with two, they could disagree.
        unsigned sizes = 0;
        for (uint8_t a = 0; a < it->association_count; a++) {
            if (is_type(&w.properties[it->associations[a] - 1], "ispe")) sizes++;
        }
        if (sizes > 1) {
            unsure(&w, "an image with two ispe properties");
            goto done;
        }
        if (is_code(it->type, "hvc1") || is_code(it->type, "av01")) {
            uint32_t width, height;
            if (!coded_image(&w, it, &width, &height)) goto done;
        } else if (is_code(it->type, "grid")) {
            const wfs_box *ispe = property_of(&w, it, "ispe");
            if (ispe != NULL && (ispe->length < 12 || wfs_be32(ispe->payload + 4) > MAX_SIDE || wfs_be32(ispe->payload + 8) > MAX_SIDE)) {
                unsure(&w, "a very large grid");
                goto done;
            }
        } else if (!is_code(it->type, "Exif") && !is_code(it->type, "mime")) {
            unsure(&w, "an item type the walk does not know");
            goto done;
        }
    }
    if (main_item->hidden) {
        unsure(&w, "a hidden primary item");
        goto done;
    }
    uint32_t width, height;
    if (is_code(main_item->type, "grid")) {
        const wfs_box *ispe = property_of(&w, main_item, "ispe");
        if (ispe == NULL || !facts->has_size || facts->stored_width > MAX_SIDE || facts->stored_height > MAX_SIDE) {
            unsure(&w, "a grid without ispe, or a very large one");
            goto done;
        }
        if (!check_grid(&w, main_item, tiles, tile_count, file, file_length, facts)) goto done;
    } else {
        if (!coded_image(&w, main_item, &width, &height)) goto done;
        if (tile_count > 0) unsure(&w, "a coded image derived from others");
    }
    facts->sure = w.unsure == NULL && facts->has_size;
    // Sure, the walk read one each of iinf, iprp and iloc whole: the tables are what
    // wfs_heif_coded_items would read again.
    if (facts->sure && coded != NULL && (coded->items = malloc((w.item_count + 1) * sizeof *coded->items)) != NULL) {
        coded->count = collect_coded_items(&w, coded->items, w.item_count);
    }
done:
    facts->unsure = w.unsure != NULL ? w.unsure : facts->sure ? NULL : "no size";
    free(w.items);
    free(w.properties);
    free(tiles);
}

void wfs_heif_meta_facts(const unsigned char *meta, size_t length, uint64_t file_size, const unsigned char *file,
                         size_t file_length, wfs_heif_facts *facts) {
    meta_facts(meta, length, file_size, file, file_length, facts, NULL);
}

bool wfs_heif_walk(const unsigned char *bytes, size_t length, uint64_t file_size, wfs_heif_facts *facts,
                   wfs_heif_coded_list *coded) {
    memset(facts, 0, sizeof *facts);
    if (coded != NULL) *coded = (wfs_heif_coded_list){NULL, 0};
    facts->unsure = "no ftyp with a brand libheif reads";
    size_t offset = 0;
    wfs_box box;
    if (!wfs_next_box(bytes, length, &offset, &box) || !is_type(&box, "ftyp") || box.length < 8) return false;
    // libheif 1.15.1 opens a file whose compatible brands name one of its formats; these three
    // are what phones and encoders write.
    bool brand = false;
    for (size_t b = 8; b + 4 <= box.length; b += 4) {
        const char *code = (const char *)box.payload + b;
        brand = brand || is_code(code, "mif1") || is_code(code, "heic") || is_code(code, "avif");
    }
    if (!brand) return false;
    // Every top-level box must be seen whole or end the file, and `meta` come whole in `bytes`.
    bool have_meta = false;
    wfs_box meta = {{0}};
    for (;;) {
        if (offset == file_size) break;
        if (length - offset < 16) {
            facts->unsure = "a top-level box past the bytes read";
            return false;
        }
        const unsigned char *start = bytes + offset;
        uint64_t size = wfs_be32(start), header = 8;
        if (size == 1) {
            size = ((uint64_t)wfs_be32(start + 8) << 32) | wfs_be32(start + 12);
            header = 16;
        } else if (size == 0) {
            // "To the end of the file", which libheif 1.15.1 does not take for `meta`.
            facts->unsure = "a top-level box of size 0";
            return false;
        }
        if (size < header || size > file_size - offset) {
            facts->unsure = "a top-level box past the end of the file";
            return false;
        }
        if (memcmp(start + 4, "meta", 4) == 0) {
            if (have_meta || size > length - offset) {
                facts->unsure = "two meta boxes, or one past the bytes read";
                return false;
            }
            have_meta = true;
            memcpy(meta.type, "meta", 4);
            meta.payload = start + header;
            meta.length = (size_t)(size - header);
        }
        offset += size;
        if (offset > length && offset != file_size) {
            facts->unsure = "a top-level box past the bytes read";
            return false;
        }
    }
    if (!have_meta || meta.length < 4 || meta.payload[0] != 0) {
        facts->unsure = "no meta of version 0";
        return false;
    }
    meta_facts(meta.payload + 4, meta.length - 4, file_size, bytes, length, facts, coded);
    return facts->sure;
}

size_t wfs_heif_coded_items(const unsigned char *meta, size_t length, uint64_t file_size, wfs_heif_coded_item *items,
                            size_t capacity) {
    walk w = {.file_size = file_size};
    wfs_box child, iinf = {{0}}, iloc = {{0}}, iprp = {{0}};
    size_t offset = 0;
    while (wfs_next_box(meta, length, &offset, &child)) {
        if (is_type(&child, "iinf") && iinf.payload == NULL) iinf = child;
        if (is_type(&child, "iloc") && iloc.payload == NULL) iloc = child;
        if (is_type(&child, "iprp") && iprp.payload == NULL) iprp = child;
        if (is_type(&child, "idat") && w.idat == NULL) {
            w.idat = child.payload;
            w.idat_length = child.length;
        }
    }
    if (iinf.payload == NULL || iprp.payload == NULL) return 0;
    w.item_capacity = iinf.length / 20 < MAX_ITEMS ? iinf.length / 20 : MAX_ITEMS;
    w.property_capacity = iprp.length / 8 < MAX_PROPERTIES ? iprp.length / 8 : MAX_PROPERTIES;
    w.items = malloc((w.item_capacity + 1) * sizeof *w.items);
    w.properties = malloc((w.property_capacity + 1) * sizeof *w.properties);
    size_t count = 0;
    if (w.items != NULL && w.properties != NULL) {
        // What the walk cannot read is skipped, as in `wfs_heif_meta_facts`: the items it did
        // read are still checked; an item it lost is one libheif would not decode either.
        read_iinf(&w, &iinf);
        read_iprp(&w, &iprp);
        if (iloc.payload != NULL) read_iloc(&w, &iloc);
        count = collect_coded_items(&w, items, capacity);
    }
    free(w.items);
    free(w.properties);
    return count;
}
