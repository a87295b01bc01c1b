// HEIF/HEIC and AVIF headers through libheif, WebP headers through libwebp.
//
// libheif decides whether a file is readable (the verdict the renditions decoder shares) and
// gives the primary item's stored size (`ispe`) and display size (its handle size, after
// `clap` and `irot`). But libheif 1.15.1's handle size skips a `clap` or `irot` listed before
// `ispe` in `ipma`, although its decoder applies it: for that case alone the display size is
// worked out here from the item's own properties. Neither library ever prints; libheif reads
// through a reader that serves the first window from memory and the rest by pread(2), so only
// the boxes it parses are read, never the coded image data.

#include "Internal.h"

#include <CCodecLoader.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// The largest `meta` box the transform walk reads (a 200 MP grid's is about 20 KB).
enum { MAX_META = 16 * 1024 * 1024, MAX_PROPERTIES = 4096, MAX_TOP_LEVEL_BOXES = 1024 };

/// Random access over the first window (in memory) and the rest of the file (by pread).
typedef struct wfs_random_source {
    const unsigned char *prefix;
    size_t prefix_length;
    int fd;
    uint64_t size;
    int64_t position;
    int read_errno;
    /// Bytes past the prefix, read ahead: libheif reads a box a few bytes at a time, and a big
    /// `meta` (a 200 MP grid's has 768 tiles) would otherwise cost a pread per field.
    unsigned char *ahead;
    uint64_t ahead_offset;
    size_t ahead_length;
} wfs_random_source;

enum { READ_AHEAD = 64 * 1024 };

static bool source_read(wfs_random_source *source, uint64_t offset, size_t length, unsigned char *into) {
    if (offset > source->size || length > source->size - offset) return false;
    while (length > 0) {
        if (offset < source->prefix_length) {
            size_t count = source->prefix_length - (size_t)offset;
            if (count > length) count = length;
            memcpy(into, source->prefix + offset, count);
            into += count;
            offset += count;
            length -= count;
            continue;
        }
        if (source->fd < 0) return false;
        if (source->ahead != NULL && offset >= source->ahead_offset && offset < source->ahead_offset + source->ahead_length) {
            size_t start = (size_t)(offset - source->ahead_offset);
            size_t count = source->ahead_length - start;
            if (count > length) count = length;
            memcpy(into, source->ahead + start, count);
            into += count;
            offset += count;
            length -= count;
            continue;
        }
        // A big read goes straight into the caller's buffer; a small one fills the read-ahead.
        if (source->ahead == NULL && length < READ_AHEAD) source->ahead = malloc(READ_AHEAD);
        bool direct = length >= READ_AHEAD || source->ahead == NULL;
        unsigned char *target = direct ? into : source->ahead;
        size_t wanted = direct ? length : READ_AHEAD;
        if (wanted > source->size - offset) wanted = (size_t)(source->size - offset);
        ssize_t count = pread(source->fd, target, wanted, (off_t)offset);
        if (count > 0 && !direct) {
            source->ahead_offset = offset;
            source->ahead_length = (size_t)count;
        } else if (count > 0) {
            into += count;
            offset += (uint64_t)count;
            length -= (size_t)count;
        } else if (count == 0) {
            return false;
        } else if (errno != EINTR) {
            source->read_errno = errno;
            return false;
        }
    }
    return true;
}

static int64_t reader_position(void *userdata) { return ((wfs_random_source *)userdata)->position; }

static int reader_read(void *data, size_t size, void *userdata) {
    wfs_random_source *source = userdata;
    if (source->position < 0 || !source_read(source, (uint64_t)source->position, size, data)) return 1;
    source->position += (int64_t)size;
    return 0;
}

static int reader_seek(int64_t position, void *userdata) {
    wfs_random_source *source = userdata;
    if (position < 0 || (uint64_t)position > source->size) return 1;
    source->position = position;
    return 0;
}

static enum heif_reader_grow_status reader_wait(int64_t target, void *userdata) {
    wfs_random_source *source = userdata;
    return target >= 0 && (uint64_t)target <= source->size ? heif_reader_grow_status_size_reached
                                                             : heif_reader_grow_status_size_beyond_eof;
}

static const struct heif_reader random_reader = {
    .reader_api_version = 1,
    .get_position = reader_position,
    .read = reader_read,
    .seek = reader_seek,
    .wait_for_file_size = reader_wait,
};

static uint32_t be32(const unsigned char *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
static uint16_t be16(const unsigned char *p) { return (uint16_t)((p[0] << 8) | p[1]); }

/// One box inside a buffer: its type and payload (after the size, type and any large size).
typedef struct box {
    char type[4];
    const unsigned char *payload;
    size_t length;
} box;

/// The box at `*offset` of `bytes[0..<length]`; advances `*offset` past it. False at the end or
/// when the box does not fit.
static bool next_box(const unsigned char *bytes, size_t length, size_t *offset, box *out) {
    if (*offset > length || length - *offset < 8) return false;
    const unsigned char *start = bytes + *offset;
    uint64_t size = be32(start);
    size_t header = 8;
    if (size == 1) {
        if (length - *offset < 16) return false;
        size = ((uint64_t)be32(start + 8) << 32) | be32(start + 12);
        header = 16;
    } else if (size == 0) {
        size = length - *offset;
    }
    if (size < header || size > length - *offset) return false;
    memcpy(out->type, start + 4, 4);
    out->payload = start + header;
    out->length = (size_t)size - header;
    *offset += (size_t)size;
    return true;
}

static bool is_type(const box *b, const char *type) { return memcmp(b->type, type, 4) == 0; }

/// What the primary item's properties say.
typedef struct heif_item_facts {
    char item_type[4];
    bool has_size;
    /// A `clap` or `irot` listed before `ispe`, which libheif 1.15.1's handle size skips.
    bool transform_before_size;
    uint32_t width, height;
} heif_item_facts;

/// Rounds a `clap` fraction as libheif does; false for a zero denominator.
static bool clap_dimension(const unsigned char *p, uint32_t *out) {
    uint32_t numerator = be32(p), denominator = be32(p + 4);
    if (denominator == 0 || (int32_t)numerator <= 0 || (int32_t)denominator < 0) return false;
    *out = (uint32_t)(((uint64_t)numerator + denominator / 2) / denominator);
    return *out > 0;
}

/// Walks `meta` (its payload after the full-box header) for the primary item's type and its
/// display size: `ispe`, then every `clap` and `irot` in the order `ipma` lists them (MIAF's
/// clap, irot, imir; `imir` keeps the size).
static void walk_meta(const unsigned char *meta, size_t length, heif_item_facts *facts) {
    size_t offset = 0;
    box child, iinf = {{0}}, ipco = {{0}};
    bool have_pitm = false, have_iinf = false, have_ipco = false;
    uint32_t primary = 0;
    const unsigned char *ipma[16];
    size_t ipma_length[16];
    int ipma_count = 0;
    while (next_box(meta, length, &offset, &child)) {
        if (is_type(&child, "pitm") && child.length >= 6) {
            primary = child.payload[0] == 0 ? be16(child.payload + 4) : child.length >= 8 ? be32(child.payload + 4) : 0;
            have_pitm = true;
        } else if (is_type(&child, "iinf")) {
            iinf = child;
            have_iinf = true;
        } else if (is_type(&child, "iprp")) {
            size_t inner = 0;
            box property;
            while (next_box(child.payload, child.length, &inner, &property)) {
                if (is_type(&property, "ipco") && !have_ipco) {
                    ipco = property;
                    have_ipco = true;
                } else if (is_type(&property, "ipma") && ipma_count < 16) {
                    ipma[ipma_count] = property.payload;
                    ipma_length[ipma_count++] = property.length;
                }
            }
        }
    }
    if (!have_pitm) return;
    if (have_iinf && iinf.length >= 6) {
        size_t inner = iinf.payload[0] == 0 ? 6 : 8;
        box entry;
        while (next_box(iinf.payload, iinf.length, &inner, &entry)) {
            if (!is_type(&entry, "infe") || entry.length < 4) continue;
            uint8_t version = entry.payload[0];
            if (version < 2) continue;
            size_t id_length = version == 2 ? 2 : 4;
            if (entry.length < 4 + id_length + 2 + 4) continue;
            uint32_t id = id_length == 2 ? be16(entry.payload + 4) : be32(entry.payload + 4);
            if (id == primary) {
                memcpy(facts->item_type, entry.payload + 4 + id_length + 2, 4);
                break;
            }
        }
    }
    if (!have_ipco) return;
    // The properties' places, so each association finds its property without a walk.
    box *properties = malloc(MAX_PROPERTIES * sizeof *properties);
    if (properties == NULL) return;
    size_t property_count = 0, inner = 0;
    while (property_count < MAX_PROPERTIES && next_box(ipco.payload, ipco.length, &inner, &properties[property_count])) {
        property_count++;
    }
    uint16_t indices[512];
    size_t index_count = 0;
    for (int table = 0; table < ipma_count; table++) {
        const unsigned char *p = ipma[table];
        size_t left = ipma_length[table];
        if (left < 8) continue;
        uint8_t version = p[0];
        bool wide = (p[3] & 1) != 0;
        uint32_t entries = be32(p + 4);
        p += 8;
        left -= 8;
        for (uint32_t entry = 0; entry < entries; entry++) {
            size_t id_length = version < 1 ? 2 : 4;
            if (left < id_length + 1) break;
            uint32_t id = id_length == 2 ? be16(p) : be32(p);
            uint8_t associations = p[id_length];
            p += id_length + 1;
            left -= id_length + 1;
            size_t bytes = (size_t)associations * (wide ? 2 : 1);
            if (left < bytes) break;
            if (id == primary) {
                for (uint8_t a = 0; a < associations && index_count < sizeof indices / sizeof *indices; a++) {
                    indices[index_count++] = wide ? (be16(p + 2 * a) & 0x7FFF) : (p[a] & 0x7F);
                }
            }
            p += bytes;
            left -= bytes;
        }
    }
    // `ispe` first, wherever it is listed; then the transforms in their listed order.
    for (size_t i = 0; i < index_count; i++) {
        uint16_t index = indices[i];
        if (index == 0 || index > property_count) continue;
        box *property = &properties[index - 1];
        if (is_type(property, "clap") || is_type(property, "irot")) facts->transform_before_size = true;
        if (is_type(property, "ispe") && property->length >= 12) {
            facts->width = be32(property->payload + 4);
            facts->height = be32(property->payload + 8);
            facts->has_size = facts->width > 0 && facts->height > 0;
            break;
        }
    }
    for (size_t i = 0; facts->has_size && i < index_count; i++) {
        uint16_t index = indices[i];
        if (index == 0 || index > property_count) continue;
        box *property = &properties[index - 1];
        if (is_type(property, "clap") && property->length >= 32) {
            uint32_t width, height;
            if (clap_dimension(property->payload, &width) && clap_dimension(property->payload + 8, &height)) {
                facts->width = width;
                facts->height = height;
            }
        } else if (is_type(property, "irot") && property->length >= 1 && (property->payload[0] & 1) != 0) {
            uint32_t swap = facts->width;
            facts->width = facts->height;
            facts->height = swap;
        }
    }
    free(properties);
}

/// Finds the top-level `meta` box and walks it; leaves `facts` empty when there is none.
static void read_item_facts(wfs_random_source *source, heif_item_facts *facts) {
    uint64_t offset = 0;
    for (int count = 0; count < MAX_TOP_LEVEL_BOXES && offset + 8 <= source->size; count++) {
        unsigned char header[16];
        size_t header_length = source->size - offset >= 16 ? 16 : 8;
        if (!source_read(source, offset, header_length, header)) return;
        uint64_t size = be32(header);
        uint64_t start = 8;
        if (size == 1) {
            if (header_length < 16) return;
            size = ((uint64_t)be32(header + 8) << 32) | be32(header + 12);
            start = 16;
        } else if (size == 0) {
            size = source->size - offset;
        }
        if (size < start || size > source->size - offset) return;
        if (memcmp(header + 4, "meta", 4) == 0) {
            if (size - start < 4 || size > MAX_META) return;
            size_t length = (size_t)(size - start - 4);
            unsigned char *meta = malloc(length ? length : 1);
            if (meta == NULL) return;
            if (source_read(source, offset + start + 4, length, meta)) walk_meta(meta, length, facts);
            free(meta);
            return;
        }
        offset += size;
    }
}

static void heif_problem(const wfc_heif *heif, struct heif_error error, char *message, size_t capacity) {
    wfs_message(message, capacity, "libheif %s cannot read it: %s (a newer libheif may; or export it as JPEG)",
                heif->heif_get_version(), error.message ? error.message : "unknown error");
}

/// Reads a HEIF or AVIF header: libheif's verdict and `ispe`, and the display size from the
/// primary item's transforms.
static wfs_status read_heif(wfs_random_source *source, wfs_image_header *out, char *message, size_t capacity) {
    const wfc_heif *heif = wfc_load_heif(message, capacity);
    if (heif == NULL) return WFS_STATUS_LIBRARY_MISSING;
    struct heif_context *context = heif->heif_context_alloc();
    if (context == NULL) {
        wfs_message(message, capacity, "out of memory");
        return WFS_STATUS_CORRUPT_HEADER;
    }
    wfs_status status = WFS_STATUS_OK;
    struct heif_error error = heif->heif_context_read_from_reader(context, &random_reader, source, NULL);
    struct heif_image_handle *handle = NULL;
    if (error.code == heif_error_Ok) error = heif->heif_context_get_primary_image_handle(context, &handle);
    if (error.code != heif_error_Ok) {
        heif_problem(heif, error, message, capacity);
        status = WFS_STATUS_CORRUPT_HEADER;
    } else {
        int width = heif->heif_image_handle_get_ispe_width(handle), height = heif->heif_image_handle_get_ispe_height(handle);
        int shown_width = heif->heif_image_handle_get_width(handle), shown_height = heif->heif_image_handle_get_height(handle);
        if (width <= 0 || height <= 0 || shown_width <= 0 || shown_height <= 0) {
            wfs_message(message, capacity, "libheif %s reads no image size", heif->heif_get_version());
            status = WFS_STATUS_CORRUPT_HEADER;
        } else {
            out->width = (uint32_t)width;
            out->height = (uint32_t)height;
            heif_item_facts facts = {{0}};
            read_item_facts(source, &facts);
            // libheif's handle size is what its decoder outputs, but for the one case it gets
            // wrong; a damaged file may also read differently here, where libheif's word stands.
            bool ours = facts.has_size && facts.transform_before_size;
            out->display_width = ours ? facts.width : (uint32_t)shown_width;
            out->display_height = ours ? facts.height : (uint32_t)shown_height;
            if (memcmp(facts.item_type, "av01", 4) == 0) out->format = WFS_FORMAT_AVIF;
            else if (facts.item_type[0] != 0 && memcmp(facts.item_type, "grid", 4) != 0) out->format = WFS_FORMAT_HEIF;
        }
    }
    if (handle != NULL) heif->heif_image_handle_release(handle);
    heif->heif_context_free(context);
    return status;
}

wfs_status wfs_read_heif(const unsigned char *prefix, size_t prefix_length, int fd, uint64_t size,
                         wfs_image_header *out, char *message, size_t capacity) {
    wfs_random_source source = {.prefix = prefix, .prefix_length = prefix_length, .fd = fd, .size = size};
    wfs_status status = read_heif(&source, out, message, capacity);
    free(source.ahead);
    if (status != WFS_STATUS_OK && source.read_errno != 0) {
        out->io_errno = source.read_errno;
        wfs_message(message, capacity, "%s", strerror(source.read_errno));
        return WFS_STATUS_IO_ERROR;
    }
    return status;
}

static const char *webp_reason(VP8StatusCode code) {
    switch (code) {
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the file ends inside the header";
    case VP8_STATUS_BITSTREAM_ERROR: return "the header is malformed";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "it uses a feature libwebp does not support";
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    default: return "libwebp rejected the header";
    }
}

wfs_status wfs_read_webp(const unsigned char *prefix, size_t prefix_length, wfs_image_header *out,
                         char *message, size_t capacity) {
    const wfc_webp *webp = wfc_load_webp(message, capacity);
    if (webp == NULL) return WFS_STATUS_LIBRARY_MISSING;
    WebPBitstreamFeatures features;
    VP8StatusCode code = webp->WebPGetFeaturesInternal(prefix, prefix_length, &features, WEBP_DECODER_ABI_VERSION);
    if (code != VP8_STATUS_OK || features.width <= 0 || features.height <= 0) {
        wfs_message(message, capacity, "%s", webp_reason(code));
        return WFS_STATUS_CORRUPT_HEADER;
    }
    // No browser applies EXIF Orientation to WebP: what is stored is what is shown.
    out->width = out->display_width = (uint32_t)features.width;
    out->height = out->display_height = (uint32_t)features.height;
    return WFS_STATUS_OK;
}
