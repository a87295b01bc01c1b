// HEIF/HEIC and AVIF headers, WebP headers through libwebp.
//
// A HEIF/AVIF file is first read by the box walk of HEIFBoxes.c, from the bytes already read,
// which is sure of most files (phone photos and grids among them) and then needs no libheif.
// Otherwise libheif decides whether the file is readable (the verdict the renditions decoder
// shares) and gives the primary item's stored size (`ispe`) and display size (its handle size,
// after `clap` and `irot`). But libheif 1.15.1's handle size skips a `clap` or `irot` listed
// before `ispe` in `ipma`, although its decoder applies it: for that case alone the display
// size is the walk's. Neither library ever prints; libheif reads through a reader that serves
// the first window from memory and the rest by pread(2), so only the boxes it parses are read,
// never the coded image data.

#include "HEIFBoxes.h"
#include "Internal.h"

#include <CCodecLoader.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int64_t reader_position(void *userdata) { return ((wfi_random_source *)userdata)->position; }

static int reader_read(void *data, size_t size, void *userdata) {
    wfi_random_source *source = userdata;
    if (source->position < 0 || !wfi_source_read(source, (uint64_t)source->position, size, data)) return 1;
    source->position += (int64_t)size;
    return 0;
}

static int reader_seek(int64_t position, void *userdata) {
    wfi_random_source *source = userdata;
    if (position < 0 || (uint64_t)position > source->size) return 1;
    source->position = position;
    return 0;
}

static enum heif_reader_grow_status reader_wait(int64_t target, void *userdata) {
    wfi_random_source *source = userdata;
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


/// Finds the top-level `meta` box and walks it; leaves `facts` empty when there is none.
static void read_item_facts(wfi_random_source *source, wfs_heif_facts *facts) {
    size_t length = 0;
    unsigned char *meta = wfs_heif_read_meta(source, &length);
    if (meta == NULL) return;
    wfs_heif_meta_facts(meta, length, source->size, source->prefix, source->prefix_length, facts);
    free(meta);
}

static void heif_problem(const wfc_heif *heif, struct heif_error error, char *message, size_t capacity) {
    wfi_message(message, capacity, "libheif %s cannot read it: %s (a newer libheif may; or export it as JPEG)",
                heif->heif_get_version(), error.message ? error.message : "unknown error");
}

/// Reads a HEIF or AVIF header: libheif's verdict and `ispe`, and the display size from the
/// primary item's transforms.
static wfs_status read_heif(wfi_random_source *source, wfs_image_header *out, char *message, size_t capacity) {
    const wfc_heif *heif = wfc_load_heif(message, capacity);
    if (heif == NULL) return WFS_STATUS_LIBRARY_MISSING;
    struct heif_context *context = heif->heif_context_alloc();
    if (context == NULL) {
        wfi_message(message, capacity, "out of memory");
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
            wfi_message(message, capacity, "libheif %s reads no image size", heif->heif_get_version());
            status = WFS_STATUS_CORRUPT_HEADER;
        } else {
            out->width = (uint32_t)width;
            out->height = (uint32_t)height;
            wfs_heif_facts facts = {0};
            read_item_facts(source, &facts);
            // libheif's handle size is what its decoder outputs, but for the one case it gets
            // wrong; a damaged file may also read differently here, where libheif's word stands.
            bool ours = facts.has_size && facts.transform_before_size;
            out->display_width = ours ? facts.width : (uint32_t)shown_width;
            out->display_height = ours ? facts.height : (uint32_t)shown_height;
            if (memcmp(facts.item_type, "av01", 4) == 0) out->format = WFI_FORMAT_AVIF;
            else if (facts.item_type[0] != 0 && memcmp(facts.item_type, "grid", 4) != 0) out->format = WFI_FORMAT_HEIF;
        }
    }
    if (handle != NULL) heif->heif_image_handle_release(handle);
    heif->heif_context_free(context);
    return status;
}

/// The header from the box walk alone; false when it is unsure. `coded`: as ``wfs_heif_walk``.
static bool walk_header(const unsigned char *prefix, size_t prefix_length, uint64_t size, wfs_image_header *out,
                        const char **unsure, wfs_heif_coded_list *coded) {
    wfs_heif_facts facts;
    bool sure = wfs_heif_walk(prefix, prefix_length, size, &facts, coded);
    *unsure = facts.unsure;
    if (!sure) return false;
    out->width = facts.stored_width;
    out->height = facts.stored_height;
    out->display_width = facts.width;
    out->display_height = facts.height;
    // As libheif's path: the codec of the primary item decides, a grid keeps the sniffed format.
    if (memcmp(facts.item_type, "av01", 4) == 0) out->format = WFI_FORMAT_AVIF;
    else if (memcmp(facts.item_type, "grid", 4) != 0) out->format = WFI_FORMAT_HEIF;
    return true;
}

/// Refuses a file whose `ispe` is not what its HEVC SPS or AV1 sequence header codes: the
/// decoder allocates the codec's size, whatever `ispe` claims. Other verdicts stay libheif's
/// (or the walk's): a codec header this reader cannot follow is not a reason to skip a photo.
/// A sure walk's coded items (`coded`) are checked as they are; otherwise `meta` is read again.
static wfs_status check_codec_size(wfi_random_source *source, const wfs_heif_coded_list *coded, char *message,
                                   size_t capacity) {
    wfs_codec_size codec;
    memset(&codec, 0, sizeof codec);
    const wfs_status status = coded->items != NULL
                                  ? wfs_heif_check_coded_items(source, coded->items, coded->count, &codec, message, capacity)
                                  : wfs_heif_codec_size(source, false, &codec, message, capacity);
    if (status == WFS_STATUS_SIZE_MISMATCH) return WFS_STATUS_SIZE_MISMATCH;
    if (message != NULL && capacity > 0) message[0] = '\0';
    return WFS_STATUS_OK;
}

wfs_status wfs_read_heif(const unsigned char *prefix, size_t prefix_length, int fd, uint64_t size,
                         wfs_image_header *out, char *message, size_t capacity) {
    const char *unsure;
    wfi_random_source source = {.prefix = prefix, .prefix_length = prefix_length, .fd = fd, .size = size};
    wfs_heif_coded_list coded = {NULL, 0};
    wfs_status status = walk_header(prefix, prefix_length, size, out, &unsure, &coded)
                            ? WFS_STATUS_OK
                            : read_heif(&source, out, message, capacity);
    if (status == WFS_STATUS_OK) status = check_codec_size(&source, &coded, message, capacity);
    free(coded.items);
    free(source.ahead);
    if (status != WFS_STATUS_OK && source.read_errno != 0) {
        out->io_errno = source.read_errno;
        wfi_message(message, capacity, "%s", strerror(source.read_errno));
        return WFS_STATUS_IO_ERROR;
    }
    return status;
}

wfs_status wfs_read_heif_from_memory(const uint8_t *bytes, size_t length, bool walk_only, wfs_image_header *out,
                                     char *message, size_t capacity) {
    memset(out, 0, sizeof *out);
    out->orientation = 1;
    out->byte_size = (int64_t)length;
    out->format = wfi_sniff_format(bytes, length < 32 ? length : 32);
    if (message != NULL && capacity > 0) message[0] = '\0';
    if (out->format != WFI_FORMAT_HEIF && out->format != WFI_FORMAT_AVIF) {
        wfi_message(message, capacity, "not a HEIF or AVIF file");
        return WFS_STATUS_NOT_AN_IMAGE;
    }
    if (!walk_only) {
        wfi_random_source source = {.prefix = bytes, .prefix_length = length, .fd = -1, .size = length};
        wfs_status status = read_heif(&source, out, message, capacity);
        free(source.ahead);
        return status;
    }
    const char *unsure;
    if (walk_header(bytes, length, length, out, &unsure, NULL)) return WFS_STATUS_OK;
    wfi_message(message, capacity, "the box walk is unsure: %s", unsure);
    return WFS_STATUS_UNSUPPORTED_FORMAT;
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
        wfi_message(message, capacity, "%s", webp_reason(code));
        return WFS_STATUS_CORRUPT_HEADER;
    }
    // No browser applies EXIF Orientation to WebP: what is stored is what is shown.
    out->width = out->display_width = (uint32_t)features.width;
    out->height = out->display_height = (uint32_t)features.height;
    // libwebp refuses a still image whose frame is not its canvas, but not an animation whose
    // first frame is larger than the canvas it is drawn on.
    wfs_codec_size codec;
    if (wfs_webp_codec_size(prefix, prefix_length, &codec, message, capacity) == WFS_STATUS_SIZE_MISMATCH) {
        return WFS_STATUS_SIZE_MISMATCH;
    }
    if (message != NULL && capacity > 0) message[0] = '\0';
    return WFS_STATUS_OK;
}
