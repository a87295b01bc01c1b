// The size a decoder allocates, read from the codec's own header before anything is decoded.
//
// A container's size is a claim: a HEIF's `ispe` may say 100×100 around an AV1 frame of
// 16,000×16,000, and libheif allocates the frame the codec codes, not the claim. So the pixel
// limit and the decode memory budget go by the codec's header: the AV1 sequence header OBU (in
// `av1C`, or the first OBUs of the item's data), the HEVC SPS (in `hvcC`, emulation prevention
// removed, exp-Golomb coded), the VP8 key frame and VP8L headers (and the VP8X canvas), the PNG
// IHDR (with interlacing, for which libpng needs the whole image) and the JPEG SOF (progressive
// scans, for which libjpeg keeps every coefficient). A container that disagrees with its codec
// is refused by name. Every read is bounds-checked; nothing is allocated but a HEIF's item table
// and, for the scan, its `meta`.

#include "HEIFBoxes.h"
#include "Internal.h"

#include <stdlib.h>
#include <string.h>

/// The most coded items of one HEIF that are checked (a 200 MP grid has about 800), the bytes of
/// an item's data searched for an AV1 sequence header, the largest `meta` read (a 200 MP grid's
/// is about 20 KB) and the most top-level boxes passed over before it.
enum {
    MAX_CODED_ITEMS = 4096,
    SEQUENCE_HEADER_WINDOW = 4096,
    MAX_META_BYTES = 16 * 1024 * 1024,
    MAX_TOP_LEVEL_BOXES = 1024,
};

/// An MSB-first bit reader over a buffer; reading past the end sets `overrun`.
typedef struct bits {
    const uint8_t *bytes;
    size_t length;
    size_t position;
    bool overrun;
} bits;

static uint32_t read_bits(bits *b, unsigned count) {
    uint32_t value = 0;
    for (unsigned i = 0; i < count; i++) {
        if (b->position >= b->length * 8) {
            b->overrun = true;
            return 0;
        }
        value = (value << 1) | ((b->bytes[b->position / 8] >> (7 - b->position % 8)) & 1);
        b->position++;
    }
    return value;
}

/// Exp-Golomb ue(v) (H.265 9.2); values past 32 bits are an overrun.
static uint32_t read_golomb(bits *b) {
    unsigned zeros = 0;
    while (read_bits(b, 1) == 0) {
        if (b->overrun || ++zeros > 31) {
            b->overrun = true;
            return 0;
        }
    }
    return (uint32_t)((1ull << zeros) - 1 + read_bits(b, zeros));
}

/// AV1 uvlc() (AV1 4.10.3).
static void skip_uvlc(bits *b) {
    unsigned zeros = 0;
    while (read_bits(b, 1) == 0 && !b->overrun) zeros++;
    if (zeros < 32) read_bits(b, zeros);
}

/// leb128() (AV1 4.10.5); false when it runs past `end` or over 8 bytes.
static bool read_leb128(const uint8_t **p, const uint8_t *end, uint64_t *value) {
    *value = 0;
    for (unsigned i = 0; i < 8; i++) {
        if (*p >= end) return false;
        const uint8_t byte = *(*p)++;
        *value |= (uint64_t)(byte & 0x7F) << (7 * i);
        if ((byte & 0x80) == 0) return true;
    }
    return false;
}

/// sequence_header_obu() up to max_frame_height_minus_1 (AV1 5.5.1).
static bool av1_sequence_header(const uint8_t *payload, size_t length, uint32_t *width, uint32_t *height,
                                unsigned *operating_points) {
    bits b = {payload, length, 0, false};
    read_bits(&b, 3); // seq_profile
    read_bits(&b, 1); // still_picture
    *operating_points = 1;
    if (read_bits(&b, 1)) {
        read_bits(&b, 5); // reduced_still_picture_header: seq_level_idx[0]
    } else {
        bool decoder_model_info = false;
        unsigned buffer_delay_length = 0;
        if (read_bits(&b, 1)) { // timing_info_present_flag
            read_bits(&b, 32);
            read_bits(&b, 32);
            if (read_bits(&b, 1)) skip_uvlc(&b); // equal_picture_interval
            decoder_model_info = read_bits(&b, 1) != 0;
            if (decoder_model_info) {
                buffer_delay_length = read_bits(&b, 5) + 1;
                read_bits(&b, 32);
                read_bits(&b, 10); // buffer_removal_time_length_minus_1, frame_presentation_time_length_minus_1
            }
        }
        const bool initial_display_delay = read_bits(&b, 1) != 0;
        const unsigned points = read_bits(&b, 5) + 1;
        *operating_points = points;
        for (unsigned i = 0; i < points && !b.overrun; i++) {
            read_bits(&b, 12); // operating_point_idc
            if (read_bits(&b, 5) > 7) read_bits(&b, 1); // seq_level_idx, seq_tier
            if (decoder_model_info && read_bits(&b, 1)) {
                read_bits(&b, buffer_delay_length);
                read_bits(&b, buffer_delay_length);
                read_bits(&b, 1);
            }
            if (initial_display_delay && read_bits(&b, 1)) read_bits(&b, 4);
        }
    }
    const unsigned width_bits = read_bits(&b, 4) + 1, height_bits = read_bits(&b, 4) + 1;
    *width = read_bits(&b, width_bits) + 1;
    *height = read_bits(&b, height_bits) + 1;
    return !b.overrun;
}

/// The first sequence header among `obus`, with its number of operating points.
static bool av1_sequence(const uint8_t *obus, size_t length, uint32_t *width, uint32_t *height, unsigned *points) {
    const uint8_t *p = obus, *end = obus + length;
    while (p < end) {
        const uint8_t header = *p++;
        const unsigned type = (header >> 3) & 15;
        if ((header & 0x80) != 0) return false; // obu_forbidden_bit
        if ((header & 4) != 0 && p++ >= end) return false; // obu_extension_flag
        uint64_t size = (uint64_t)(end - p);
        if ((header & 2) != 0 && !read_leb128(&p, end, &size)) return false; // obu_has_size_field
        if (size > (uint64_t)(end - p)) return false;
        if (type == 1) return av1_sequence_header(p, (size_t)size, width, height, points);
        p += size;
    }
    return false;
}

bool wfs_av1_sequence_size(const uint8_t *obus, size_t length, uint32_t *width, uint32_t *height) {
    unsigned points;
    return av1_sequence(obus, length, width, height, &points);
}

/// profile_tier_level(1, max_sub_layers_minus1) (H.265 7.3.3).
static void skip_profile_tier_level(bits *b, unsigned max_sub_layers_minus1) {
    read_bits(b, 8);  // general_profile_space, tier, profile_idc
    read_bits(b, 32); // general_profile_compatibility_flags
    read_bits(b, 24); // the 48 bits of source and constraint flags, in two reads
    read_bits(b, 24);
    read_bits(b, 8); // general_level_idc
    bool profile_present[8] = {false}, level_present[8] = {false};
    for (unsigned i = 0; i < max_sub_layers_minus1; i++) {
        profile_present[i] = read_bits(b, 1) != 0;
        level_present[i] = read_bits(b, 1) != 0;
    }
    if (max_sub_layers_minus1 > 0) {
        for (unsigned i = max_sub_layers_minus1; i < 8; i++) read_bits(b, 2);
    }
    for (unsigned i = 0; i < max_sub_layers_minus1; i++) {
        if (profile_present[i]) {
            read_bits(b, 32);
            read_bits(b, 32);
            read_bits(b, 24);
        }
        if (level_present[i]) read_bits(b, 8);
    }
}

/// seq_parameter_set_rbsp() up to the bit depths (H.265 7.3.2.2), from the RBSP.
static bool hevc_sps(const uint8_t *rbsp, size_t length, wfs_hevc_size *out) {
    bits b = {rbsp, length, 0, false};
    read_bits(&b, 4); // sps_video_parameter_set_id
    const unsigned max_sub_layers_minus1 = read_bits(&b, 3);
    read_bits(&b, 1);
    if (max_sub_layers_minus1 > 6) return false;
    skip_profile_tier_level(&b, max_sub_layers_minus1);
    read_golomb(&b); // sps_seq_parameter_set_id
    const uint32_t chroma_format = read_golomb(&b);
    bool separate_planes = false;
    if (chroma_format == 3) separate_planes = read_bits(&b, 1) != 0;
    out->coded_width = read_golomb(&b);
    out->coded_height = read_golomb(&b);
    uint64_t left = 0, right = 0, top = 0, bottom = 0;
    if (read_bits(&b, 1)) { // conformance_window_flag
        left = read_golomb(&b);
        right = read_golomb(&b);
        top = read_golomb(&b);
        bottom = read_golomb(&b);
    }
    out->bit_depth = (uint8_t)(read_golomb(&b) + 8);
    if (b.overrun || chroma_format > 3 || out->coded_width == 0 || out->coded_height == 0) return false;
    const uint64_t unit_x = (chroma_format == 1 || chroma_format == 2) && !separate_planes ? 2 : 1;
    const uint64_t unit_y = chroma_format == 1 && !separate_planes ? 2 : 1;
    const uint64_t cut_x = unit_x * (left + right), cut_y = unit_y * (top + bottom);
    out->width = cut_x < out->coded_width ? out->coded_width - (uint32_t)cut_x : 0;
    out->height = cut_y < out->coded_height ? out->coded_height - (uint32_t)cut_y : 0;
    out->monochrome = chroma_format == 0;
    return out->width > 0 && out->height > 0;
}

/// The SPS NAL unit's RBSP: the two-byte NAL header dropped and every emulation prevention byte
/// (00 00 03) removed (H.265 7.3.1.1); returns its length in `rbsp` (at most `length`).
static size_t nal_rbsp(const uint8_t *nal, size_t length, uint8_t *rbsp) {
    size_t out = 0, zeros = 0;
    for (size_t i = 2; i < length; i++) {
        if (zeros >= 2 && nal[i] == 3) {
            zeros = 0;
            continue;
        }
        zeros = nal[i] == 0 ? zeros + 1 : 0;
        rbsp[out++] = nal[i];
    }
    return out;
}

bool wfs_hevc_configuration_size(const uint8_t *hvcc, size_t length, wfs_hevc_size *out) {
    memset(out, 0, sizeof *out);
    if (length < 23) return false;
    const uint8_t *p = hvcc + 23, *end = hvcc + length;
    for (unsigned a = 0; a < hvcc[22]; a++) {
        if (end - p < 3) return false;
        const unsigned type = p[0] & 0x3F, units = (unsigned)(p[1] << 8 | p[2]);
        p += 3;
        for (unsigned u = 0; u < units; u++) {
            if (end - p < 2) return false;
            const size_t size = (size_t)(p[0] << 8 | p[1]);
            p += 2;
            if (size > (size_t)(end - p)) return false;
            if (type == 33 && size > 2) {
                // An SPS is a few dozen bytes; one that is not cannot be a real configuration.
                uint8_t rbsp[512];
                if (size > sizeof rbsp) return false;
                return hevc_sps(rbsp, nal_rbsp(p, size, rbsp), out);
            }
            p += size;
        }
    }
    return false;
}


bool wfs_vp8_frame_size(const uint8_t *payload, size_t length, uint32_t *width, uint32_t *height) {
    // A key frame (bit 0 clear) starts with its start code; the sizes are 14 bits, the top two a
    // scale the decoder ignores.
    if (length < 10 || (payload[0] & 1) != 0 || payload[3] != 0x9D || payload[4] != 0x01 || payload[5] != 0x2A) return false;
    *width = (uint32_t)(payload[6] | payload[7] << 8) & 0x3FFF;
    *height = (uint32_t)(payload[8] | payload[9] << 8) & 0x3FFF;
    return *width > 0 && *height > 0;
}

bool wfs_vp8l_size(const uint8_t *payload, size_t length, uint32_t *width, uint32_t *height) {
    if (length < 5 || payload[0] != 0x2F) return false;
    const uint32_t fields = wfs_le32(payload + 1);
    *width = (fields & 0x3FFF) + 1;
    *height = ((fields >> 14) & 0x3FFF) + 1;
    return fields >> 29 == 0; // version 0
}

/// A size disagreement, named: what the container says and what the codec codes.
static wfs_status mismatch(char *message, size_t capacity, const char *container, uint32_t width, uint32_t height,
                           const char *codec, uint32_t coded_width, uint32_t coded_height) {
    wfi_message(message, capacity,
                "%s says %ux%u but the %s codes %ux%u: the file claims a size its image data does not have "
                "(export it again)",
                container, width, height, codec, coded_width, coded_height);
    return WFS_STATUS_SIZE_MISMATCH;
}

/// The frame of a `VP8 ` or `VP8L` chunk; false for any other chunk or a malformed header.
static bool webp_frame(const uint8_t *chunk, const uint8_t *payload, size_t length, wfs_codec_size *out) {
    if (memcmp(chunk, "VP8 ", 4) == 0) return wfs_vp8_frame_size(payload, length, &out->coded_width, &out->coded_height);
    if (memcmp(chunk, "VP8L", 4) == 0) return wfs_vp8l_size(payload, length, &out->coded_width, &out->coded_height);
    return false;
}

wfs_status wfs_webp_codec_size(const uint8_t *bytes, size_t length, wfs_codec_size *out, char *message, size_t capacity) {
    bool extended = false, found = false;
    uint32_t frame_x = 0, frame_y = 0;
    for (size_t at = 12; !found && at + 8 <= length;) {
        const uint8_t *chunk = bytes + at, *payload = chunk + 8;
        const size_t size = wfs_le32(chunk + 4), available = length - at - 8;
        const size_t seen = size < available ? size : available;
        if (memcmp(chunk, "VP8X", 4) == 0 && seen >= 10) {
            extended = true;
            out->animated = (payload[0] & 0x02) != 0;
            out->channels = (payload[0] & 0x10) != 0 ? 4 : 3;
            out->width = wfs_le24(payload + 4) + 1;
            out->height = wfs_le24(payload + 7) + 1;
        } else if (memcmp(chunk, "ANMF", 4) == 0 && seen >= 24) {
            // The first frame: its offset (in pairs of pixels), then its own chunks.
            frame_x = wfs_le24(payload) * 2;
            frame_y = wfs_le24(payload + 3) * 2;
            for (size_t inner = 16; !found && inner + 8 <= seen;) {
                const size_t inner_size = wfs_le32(payload + inner + 4);
                const size_t inner_seen = inner_size < seen - inner - 8 ? inner_size : seen - inner - 8;
                found = webp_frame(payload + inner, payload + inner + 8, inner_seen, out);
                inner += 8 + inner_size + (inner_size & 1);
            }
        } else {
            found = webp_frame(chunk, payload, seen, out);
        }
        if (size > SIZE_MAX - 9 - at) break;
        at += 8 + size + (size & 1);
    }
    if (!found) {
        wfi_message(message, capacity, "no VP8 key frame or VP8L header within the file (truncated or corrupt)");
        return WFS_STATUS_CORRUPT_HEADER;
    }
    if (out->channels == 0) out->channels = 4; // a simple file's alpha is in its VP8L header
    if (!extended) {
        out->width = out->coded_width;
        out->height = out->coded_height;
        return WFS_STATUS_OK;
    }
    const bool fits = out->animated ? (uint64_t)frame_x + out->coded_width <= out->width &&
                                          (uint64_t)frame_y + out->coded_height <= out->height
                                    : out->coded_width == out->width && out->coded_height == out->height;
    if (!fits) {
        return mismatch(message, capacity, "the VP8X canvas", out->width, out->height,
                        out->animated ? "first animation frame" : "image data", out->coded_width, out->coded_height);
    }
    return WFS_STATUS_OK;
}

static wfs_status png_size(const uint8_t *bytes, size_t length, wfs_codec_size *out, char *message, size_t capacity) {
    if (length < 33 || memcmp(bytes + 12, "IHDR", 4) != 0) {
        wfi_message(message, capacity, "no IHDR chunk first");
        return WFS_STATUS_CORRUPT_HEADER;
    }
    out->width = out->coded_width = wfs_be32(bytes + 16);
    out->height = out->coded_height = wfs_be32(bytes + 20);
    out->bit_depth = bytes[24];
    static const uint8_t channels[7] = {1, 0, 3, 4, 2, 0, 4}; // a palette may expand to RGBA
    out->channels = bytes[25] < 7 ? channels[bytes[25]] : 0;
    out->interlaced = bytes[28] == 1;
    if (out->width == 0 || out->height == 0 || out->channels == 0) {
        wfi_message(message, capacity, "IHDR gives an empty size or an unknown colour type");
        return WFS_STATUS_CORRUPT_HEADER;
    }
    return WFS_STATUS_OK;
}

static wfs_status jpeg_size(const uint8_t *bytes, size_t length, wfs_codec_size *out, char *message, size_t capacity) {
    for (size_t at = 2; at + 4 <= length;) {
        if (bytes[at] != 0xFF) {
            at++;
            continue;
        }
        const uint8_t marker = bytes[at + 1];
        if (marker == 0xFF || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) {
            at += marker == 0xFF ? 1 : 2;
            continue;
        }
        if (marker == 0xDA || marker == 0xD9) break;
        const size_t segment = (size_t)(bytes[at + 2] << 8 | bytes[at + 3]);
        const bool frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (frame && segment >= 8 && at + 2 + segment <= length) {
            const uint8_t *p = bytes + at + 4;
            out->bit_depth = p[0];
            out->height = out->coded_height = (uint32_t)(p[1] << 8 | p[2]);
            out->width = out->coded_width = (uint32_t)(p[3] << 8 | p[4]);
            out->channels = p[5];
            out->interlaced = marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE;
            return WFS_STATUS_OK;
        }
        at += 2 + segment;
    }
    wfi_message(message, capacity, "no SOF marker before the image data");
    return WFS_STATUS_CORRUPT_HEADER;
}

/// The AV1 sequence header of an item: in `av1C`'s configOBUs, else among the first OBUs of its
/// data (AVIF requires one there), read through `source`.
static bool av1_item_size(wfi_random_source *source, const wfs_heif_coded_item *it, uint32_t *width,
                          uint32_t *height, unsigned *points) {
    if (it->configuration_length > 4 &&
        av1_sequence(it->configuration + 4, it->configuration_length - 4, width, height, points)) {
        return true;
    }
    if (!it->located) return false;
    const size_t window = it->length < SEQUENCE_HEADER_WINDOW ? (size_t)it->length : SEQUENCE_HEADER_WINDOW;
    if (it->in_idat) {
        if (it->offset > it->idat_length || window > it->idat_length - it->offset) return false;
        return av1_sequence(it->idat + it->offset, window, width, height, points);
    }
    uint8_t data[SEQUENCE_HEADER_WINDOW];
    return wfi_source_read(source, it->offset, window, data) && av1_sequence(data, window, width, height, points);
}

/// The last `hvcC` parsed: a phone photo's 48 tiles share one, and the scan reads thousands.
typedef struct hevc_memo {
    const uint8_t *configuration;
    bool parsed;
    wfs_hevc_size sps;
} hevc_memo;

/// One coded item's size from its codec's header, checked against its `ispe`.
static wfs_status coded_item_size(wfi_random_source *source, const wfs_heif_coded_item *it, hevc_memo *memo,
                                  wfs_codec_size *out, char *message, size_t capacity) {
    const bool hevc = memcmp(it->type, "hvc1", 4) == 0;
    uint32_t width = 0, height = 0;
    // ispe may also give the HEVC size after the conformance window, or the size of one layer
    // of a layered AV1 stream (`lsel`), smaller than its largest; the codec's size still counts.
    bool shown_size = false;
    uint8_t depth = 8;
    if (hevc) {
        if (it->configuration != NULL && it->configuration != memo->configuration) {
            memo->configuration = it->configuration;
            memo->parsed = wfs_hevc_configuration_size(it->configuration, it->configuration_length, &memo->sps);
        }
        const wfs_hevc_size sps = memo->sps;
        if (it->configuration == NULL || !memo->parsed) {
            wfi_message(message, capacity, "item %u has no HEVC SPS in hvcC that gives its size", it->id);
            return WFS_STATUS_CORRUPT_HEADER;
        }
        width = sps.coded_width;
        height = sps.coded_height;
        depth = sps.bit_depth;
        shown_size = it->ispe_width == sps.width && it->ispe_height == sps.height;
    } else {
        unsigned points = 1;
        if (!av1_item_size(source, it, &width, &height, &points)) {
            wfi_message(message, capacity, "item %u has no AV1 sequence header (in av1C or its data) that gives its size",
                        it->id);
            return WFS_STATUS_CORRUPT_HEADER;
        }
        shown_size = points > 1 && it->ispe_width <= width && it->ispe_height <= height;
        if (it->configuration_length >= 3 && (it->configuration[2] & 0x40) != 0) {
            depth = (it->configuration[2] & 0x20) != 0 ? 12 : 10;
        }
    }
    const bool has_ispe = it->ispe_width != 0 || it->ispe_height != 0;
    if (has_ispe && !shown_size && (it->ispe_width != width || it->ispe_height != height)) {
        return mismatch(message, capacity, "ispe", it->ispe_width, it->ispe_height,
                        hevc ? "HEVC SPS" : "AV1 sequence header", width, height);
    }
    if ((uint64_t)width * height > (uint64_t)out->coded_width * out->coded_height) {
        out->coded_width = width;
        out->coded_height = height;
    }
    if (depth > out->bit_depth) out->bit_depth = depth;
    return WFS_STATUS_OK;
}

wfs_status wfs_heif_check_coded_items(wfi_random_source *source, const wfs_heif_coded_item *items, size_t count,
                                      wfs_codec_size *out, char *message, size_t capacity) {
    if (count == 0) {
        wfi_message(message, capacity,
                    "no HEVC or AV1 image whose size can be read before decoding (another codec, or boxes this "
                    "reader cannot follow): export it as JPEG");
        return WFS_STATUS_CORRUPT_HEADER;
    }
    wfs_status status = WFS_STATUS_OK;
    hevc_memo memo = {NULL, false, {0}};
    for (size_t i = 0; i < count && status == WFS_STATUS_OK; i++) {
        status = coded_item_size(source, &items[i], &memo, out, message, capacity);
    }
    return status;
}

uint8_t *wfs_heif_read_meta(wfi_random_source *source, size_t *length) {
    uint64_t offset = 0;
    for (int count = 0; count < MAX_TOP_LEVEL_BOXES && offset + 8 <= source->size; count++) {
        uint8_t header[16];
        const size_t header_length = source->size - offset >= 16 ? 16 : 8;
        if (!wfi_source_read(source, offset, header_length, header)) return NULL;
        uint64_t size = wfs_be32(header), start = 8;
        if (size == 1) {
            if (header_length < 16) return NULL;
            size = (uint64_t)wfs_be32(header + 8) << 32 | wfs_be32(header + 12);
            start = 16;
        } else if (size == 0) {
            size = source->size - offset;
        }
        if (size < start || size > source->size - offset) return NULL;
        if (memcmp(header + 4, "meta", 4) == 0) {
            if (size - start < 4 || size > MAX_META_BYTES) return NULL;
            *length = (size_t)(size - start - 4);
            uint8_t *meta = malloc(*length ? *length : 1);
            if (meta != NULL && !wfi_source_read(source, offset + start + 4, *length, meta)) {
                free(meta);
                return NULL;
            }
            return meta;
        }
        offset += size;
    }
    return NULL;
}

wfs_status wfs_heif_codec_size(wfi_random_source *source, bool output_size, wfs_codec_size *out, char *message,
                               size_t capacity) {
    size_t length = 0;
    uint8_t *meta = wfs_heif_read_meta(source, &length);
    // As many items as `meta` can hold (an infe takes at least 20 bytes), not the limit: a phone
    // photo's few dozen cost a few kilobytes, and the scan reads thousands of them.
    const size_t room = length / 20 + 1 < MAX_CODED_ITEMS ? length / 20 + 1 : MAX_CODED_ITEMS;
    wfs_heif_coded_item *items = meta != NULL ? malloc(room * sizeof *items) : NULL;
    if (items == NULL) {
        free(meta);
        wfi_message(message, capacity, "no meta box that can be read");
        return WFS_STATUS_CORRUPT_HEADER;
    }
    const size_t count = wfs_heif_coded_items(meta, length, source->size, items, room);
    const wfs_status status = wfs_heif_check_coded_items(source, items, count, out, message, capacity);
    if (status == WFS_STATUS_OK && output_size) {
        // What the decoder puts out: the primary item's ispe (a grid's canvas), else the frame.
        wfs_heif_facts facts;
        wfs_heif_meta_facts(meta, length, source->size, source->prefix, source->prefix_length, &facts);
        out->width = facts.has_size ? facts.stored_width : out->coded_width;
        out->height = facts.has_size ? facts.stored_height : out->coded_height;
        out->channels = 4;
    }
    free(items);
    free(meta);
    return status;
}

wfs_status wfs_read_codec_size(const uint8_t *bytes, size_t length, wfs_codec_size *out, char *message,
                               size_t capacity) {
    memset(out, 0, sizeof *out);
    out->bit_depth = 8;
    if (message != NULL && capacity > 0) message[0] = '\0';
    out->format = bytes != NULL ? wfi_sniff_format(bytes, length < 32 ? length : 32) : WFI_FORMAT_UNKNOWN;
    switch (out->format) {
    case WFI_FORMAT_JPEG: return jpeg_size(bytes, length, out, message, capacity);
    case WFI_FORMAT_PNG: return png_size(bytes, length, out, message, capacity);
    case WFI_FORMAT_WEBP: return wfs_webp_codec_size(bytes, length, out, message, capacity);
    case WFI_FORMAT_HEIF:
    case WFI_FORMAT_AVIF: {
        out->bit_depth = 0;
        wfi_random_source source = {.prefix = bytes, .prefix_length = length, .fd = -1, .size = length};
        const wfs_status status = wfs_heif_codec_size(&source, true, out, message, capacity);
        free(source.ahead);
        return status;
    }
    default:
        wfi_message(message, capacity, "not a JPEG, PNG, HEIF/AVIF or WebP file");
        return WFS_STATUS_NOT_AN_IMAGE;
    }
}
