// What a decode will allocate, known before it starts: the codec's own header (CImageHeaders'
// codec-size readers) checked against the pixel limit, then its peak bytes estimated from the
// decoder's buffers, for the memory budget that jobs reserve before decoding
// (PhotoRenditions' DecodeMemoryBudget).
//
// The figures follow how each library allocates, measured on bombs of each kind: libheif holds
// the codec's frame (3 planes, 1 or 2 bytes a sample) and its interleaved RGB(A) output (4
// bytes a pixel); libwebp its output (3 or 4 bytes a pixel) and its own frame (YUV or ARGB, up
// to 4 more), an animation's canvas twice; libpng only rows, but for Adam7 the whole image;
// libjpeg only rows, but for a progressive scan every coefficient (2 bytes a sample). Each
// target adds its resampler (its pixels and float column sums) and the oriented copy encoded.

#include "Internal.h"

#include <CImageHeaders.h>

/// Room for the libraries' own tables, the encoders and the file's ICC profile.
static const uint64_t fixed_cost = 8u << 20;

/// Peak bytes of the decode itself.
static uint64_t decoder_cost(const wfs_codec_size *size) {
    const uint64_t pixels = (uint64_t)size->width * size->height;
    const uint64_t coded = (uint64_t)size->coded_width * size->coded_height;
    const uint64_t channels = size->channels > 0 ? size->channels : 4;
    const uint64_t sample = size->bit_depth > 8 ? 2 : 1;
    switch (size->format) {
    case WFI_FORMAT_HEIF:
    case WFI_FORMAT_AVIF: return coded * 3 * sample + pixels * 4;
    case WFI_FORMAT_WEBP: return size->animated ? pixels * 8 + coded * 8 : pixels * channels + coded * 4;
    case WFI_FORMAT_PNG:
        return size->interlaced ? pixels * channels * sample : (uint64_t)size->width * channels * sample * 4;
    case WFI_FORMAT_JPEG: return size->interlaced ? pixels * channels * 2 : (uint64_t)size->width * channels * 64;
    default: return pixels * 8;
    }
}

/// The sizes to check against the limit: what is put out and, when larger, what is coded.
static wfr_status check_pixels(const wfs_codec_size *size, const wfr_options *options, char *message,
                               size_t capacity) {
    const uint64_t pixels = (uint64_t)size->width * size->height;
    const uint64_t coded = (uint64_t)size->coded_width * size->coded_height;
    if (pixels > options->max_pixels) {
        wfi_message(message, capacity, "%ux%u is %llu pixels, over the limit of %llu", size->width, size->height,
                    (unsigned long long)pixels, (unsigned long long)options->max_pixels);
        return WFR_STATUS_TOO_MANY_PIXELS;
    }
    if (coded > options->max_pixels) {
        wfi_message(message, capacity, "its codec codes a %ux%u frame, %llu pixels, over the limit of %llu",
                    size->coded_width, size->coded_height, (unsigned long long)coded,
                    (unsigned long long)options->max_pixels);
        return WFR_STATUS_TOO_MANY_PIXELS;
    }
    return WFR_STATUS_OK;
}

wfr_status wfr_check_codec(const uint8_t *bytes, size_t length, const wfr_options *options, wfs_codec_size *size,
                           char *message, size_t capacity) {
    const wfs_status status = wfs_read_codec_size(bytes, length, size, message, capacity);
    switch (status) {
    case WFS_STATUS_OK: return check_pixels(size, options, message, capacity);
    case WFS_STATUS_SIZE_MISMATCH: return WFR_STATUS_SIZE_MISMATCH;
    case WFS_STATUS_NOT_AN_IMAGE:
    case WFS_STATUS_UNSUPPORTED_FORMAT:
    case WFS_STATUS_EMPTY_FILE: return WFR_STATUS_UNSUPPORTED_FORMAT;
    default:
        // libjpeg and libpng read their own headers before they allocate a pixel, so a JPEG or
        // PNG this reader cannot follow is theirs to judge; HEIF/AVIF and WebP decoders are not
        // asked to decode what cannot be measured first.
        if (size->format == WFI_FORMAT_JPEG || size->format == WFI_FORMAT_PNG) {
            size->width = size->height = size->coded_width = size->coded_height = 0;
            return WFR_STATUS_OK;
        }
        return WFR_STATUS_CORRUPT_DATA;
    }
}

wfr_status wfr_decode_cost(const uint8_t *bytes, size_t length, const wfr_options *options, const wfr_target *targets,
                           size_t count, uint64_t *cost, char *message, size_t message_capacity) {
    *cost = 0;
    wfi_message(message, message_capacity, "%s", "");
    if (options == NULL || (count > 0 && targets == NULL)) {
        wfi_message(message, message_capacity, "no options or targets given");
        return WFR_STATUS_INVALID_REQUEST;
    }
    wfs_codec_size size;
    const wfr_status status = wfr_check_codec(bytes, length, options, &size, message, message_capacity);
    if (status != WFR_STATUS_OK) return status;
    uint64_t total = fixed_cost + decoder_cost(&size);
    for (size_t i = 0; i < count; i++) {
        const uint64_t pixels = (uint64_t)targets[i].width * targets[i].height;
        total += pixels * 8 + (uint64_t)size.width * 16;
    }
    *cost = total;
    return WFR_STATUS_OK;
}
