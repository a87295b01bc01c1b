// WebP encode with libwebp, for the `<source type="image/webp">` beside each JPEG or PNG
// rendition. libwebp neither jumps nor prints: every failure is a return value.
//
// The encoder writes a plain RIFF file (VP8, or VP8X + ALPH + VP8 with alpha). When the source
// had an ICC profile, the file is re-wrapped with an ICCP chunk (VP8X flag 0x20) ahead of the
// image data, so the WebP shows the same colours as the JPEG beside it; nothing else (no EXIF,
// no XMP) is ever written.

#include "Internal.h"

#include <CCodecLoader.h>

#include <stdlib.h>
#include <string.h>

/// Renditions of at most this many pixels are encoded at method 2, larger ones at method 0.
///
/// Why by size (issue 37, Benchmarks/README.md "WebP only at the widths phones pick"): WebP is
/// made only up to the widest rendition a phone picks (839 px with the default layout), and
/// the default build must take at most 1/0.6 of sigal's time. libwebp's time grows with the
/// pixels. On 8 end-to-end photos at the ladder's widths up to 839 px (`ladder_cost.c`,
/// `ladder_plan.py`; CPU ms, and bytes at method 4's SSIM ÷ our JPEG's): method 4 1,216 ms,
/// 0.70; method 2 525 ms, 0.82; method 2 with one segment 397 ms, 0.88; method 1 382 ms, 0.89;
/// method 2 up to the 497 px tiles and method 0 above 377 ms, 0.88. Method 2 then 1 (464 ms,
/// 0.84) measured 0.60× sigal's CPU end to end, too close to the goal. Of the choices near
/// 380 ms this one keeps method 2 on the gallery's tiles, which a visit loads by the dozen
/// (0.83-0.87 of the JPEG's bytes there against 0.90-0.94 with one segment everywhere); the
/// 646 and 839 px files are mostly an item page's one image on a phone. 230,000 px keeps
/// method 2 for the 497 px tiles of 4:3 photos and the 383 px tiles of 2:3 portraits.
#define WFR_WEBP_METHOD_2_PIXELS 230000

/// The encoder settings every WebP rendition shares: lossy at `quality`, method 2 up to
/// ``WFR_WEBP_METHOD_2_PIXELS`` and method 0 above, one thread (the build runs one photo per
/// core), alpha compressed losslessly inside the lossy file.
///
/// Why not method 4, libwebp's default (Benchmarks/README.md, "Where WebP's time goes"): its
/// rate-distortion search saves 15-20% of the bytes at equal SSIM for 2.3 times method 2's
/// time, which the end-to-end goal cannot pay. One segment instead of four saves a quarter of
/// method 2's time for 11% more bytes at quality 85; sharp YUV and autofilter only add time.
static bool configure(const wfc_webp *webp, WebPConfig *config, int32_t quality, uint64_t pixels) {
    if (!webp->WebPConfigInitInternal(config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION)) return false;
    config->quality = (float)quality;
    config->method = pixels <= WFR_WEBP_METHOD_2_PIXELS ? 2 : 0;
    config->thread_level = 0;
    config->alpha_compression = 1;
    config->alpha_quality = 100;
    return webp->WebPValidateConfig(config) != 0;
}

static const char *picture_reason(WebPEncodingError error) {
    switch (error) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY:
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "the picture is larger than WebP's 16383 px";
    default: return "the encoder failed";
    }
}

static void put_le(uint8_t *at, uint32_t value, int bytes) {
    for (int i = 0; i < bytes; i++) at[i] = (uint8_t)(value >> (8 * i));
}

static uint32_t get_le32(const uint8_t *at) {
    return (uint32_t)at[0] | (uint32_t)at[1] << 8 | (uint32_t)at[2] << 16 | (uint32_t)at[3] << 24;
}

/// The encoder's file in `out` (malloc'd), with `icc` added when given: VP8X (ICC flag, and the
/// alpha flag when the encoder wrote an ALPH chunk), ICCP, then the encoder's chunks but its own
/// VP8X. False when memory runs out or the encoder's file is not the RIFF it should be.
static bool wrap(const uint8_t *file, size_t length, uint32_t width, uint32_t height, const uint8_t *icc,
                 size_t icc_length, wfr_rendition *out) {
    if (length < 12 || memcmp(file, "RIFF", 4) != 0 || memcmp(file + 8, "WEBP", 4) != 0) return false;
    if (icc == NULL || icc_length == 0 || icc_length > UINT32_MAX - 64) {
        out->bytes = malloc(length);
        if (out->bytes == NULL) return false;
        memcpy(out->bytes, file, length);
        out->length = length;
        return true;
    }
    bool has_alpha = false;
    size_t kept = 0;
    for (size_t at = 12; at + 8 <= length;) {
        const size_t chunk = 8 + (size_t)get_le32(file + at + 4);
        const size_t padded = chunk + (chunk & 1);
        if (chunk > length - at) return false;
        if (memcmp(file + at, "ALPH", 4) == 0) has_alpha = true;
        if (memcmp(file + at, "VP8X", 4) != 0) kept += padded > length - at ? chunk : padded;
        at += padded;
    }
    const size_t icc_chunk = 8 + icc_length + (icc_length & 1);
    const size_t total = 12 + 18 + icc_chunk + kept;
    if (total - 8 > UINT32_MAX) return false;
    uint8_t *bytes = malloc(total);
    if (bytes == NULL) return false;
    memcpy(bytes, "RIFF", 4);
    put_le(bytes + 4, (uint32_t)(total - 8), 4);
    memcpy(bytes + 8, "WEBPVP8X", 8);
    put_le(bytes + 16, 10, 4);
    memset(bytes + 20, 0, 10);
    bytes[20] = (uint8_t)(0x20 | (has_alpha ? 0x10 : 0));
    put_le(bytes + 24, width - 1, 3);
    put_le(bytes + 27, height - 1, 3);
    uint8_t *cursor = bytes + 30;
    memcpy(cursor, "ICCP", 4);
    put_le(cursor + 4, (uint32_t)icc_length, 4);
    memcpy(cursor + 8, icc, icc_length);
    if (icc_length & 1) cursor[8 + icc_length] = 0;
    cursor += icc_chunk;
    for (size_t at = 12; at + 8 <= length;) {
        const size_t chunk = 8 + (size_t)get_le32(file + at + 4);
        const size_t padded = chunk + (chunk & 1);
        const size_t copied = padded > length - at ? chunk : padded;
        if (memcmp(file + at, "VP8X", 4) != 0) {
            memcpy(cursor, file + at, copied);
            cursor += copied;
        }
        at += padded;
    }
    out->bytes = bytes;
    out->length = (size_t)(cursor - bytes);
    return true;
}

/// Encodes a filled `picture` and wraps the result into `out`.
static wfr_status encode_picture(const wfc_webp *webp, WebPPicture *picture, int32_t quality, const uint8_t *icc, size_t icc_length,
                                 wfr_rendition *out, char *message, size_t message_capacity) {
    WebPConfig config;
    if (!configure(webp, &config, quality, (uint64_t)picture->width * (uint64_t)picture->height)) {
        wfi_message(message, message_capacity, "libwebp refuses WebP quality %d", quality);
        return WFR_STATUS_INVALID_REQUEST;
    }
    WebPMemoryWriter writer;
    webp->WebPMemoryWriterInit(&writer);
    picture->writer = webp->WebPMemoryWrite;
    picture->custom_ptr = &writer;
    wfr_status status = WFR_STATUS_OK;
    if (!webp->WebPEncode(&config, picture)) {
        wfi_message(message, message_capacity, "libwebp: %s", picture_reason(picture->error_code));
        status = picture->error_code == VP8_ENC_ERROR_BAD_DIMENSION ? WFR_STATUS_INVALID_REQUEST
                                                                    : WFR_STATUS_OUT_OF_MEMORY;
    } else if (!wrap(writer.mem, writer.size, (uint32_t)picture->width, (uint32_t)picture->height, icc,
                     icc_length, out)) {
        wfi_message(message, message_capacity, "out of memory for a %dx%d WebP", picture->width, picture->height);
        status = WFR_STATUS_OUT_OF_MEMORY;
    } else {
        out->width = (uint32_t)picture->width;
        out->height = (uint32_t)picture->height;
    }
    webp->WebPMemoryWriterClear(&writer);
    return status;
}

wfr_status wfr_encode_webp(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                           int32_t quality, const uint8_t *icc, size_t icc_length, wfr_rendition *out,
                           char *message, size_t message_capacity) {
    memset(out, 0, sizeof *out);
    if (pixels == NULL || channels < 1 || channels > 4 || width == 0 || height == 0 ||
        width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        wfi_message(message, message_capacity, "a %ux%u picture of %u channels cannot be a WebP", width, height,
                    channels);
        return WFR_STATUS_INVALID_REQUEST;
    }
    const wfc_webp *webp = wfc_load_webp(message, message_capacity);
    if (webp == NULL) return WFR_STATUS_UNSUPPORTED_FORMAT;
    WebPPicture picture;
    if (!webp->WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION)) return WFR_STATUS_OUT_OF_MEMORY;
    picture.width = (int)width;
    picture.height = (int)height;
    const bool alpha = channels == 2 || channels == 4;
    // Gray is spread to RGB first: libwebp imports RGB(A) only.
    uint8_t *spread = NULL;
    const uint8_t *rgb = pixels;
    if (channels < 3) {
        const uint32_t wide = alpha ? 4 : 3;
        spread = malloc((size_t)width * height * wide);
        if (spread == NULL) {
            wfi_message(message, message_capacity, "out of memory for a %ux%u WebP", width, height);
            return WFR_STATUS_OUT_OF_MEMORY;
        }
        for (size_t i = 0, n = (size_t)width * height; i < n; i++) {
            const uint8_t gray = pixels[i * channels];
            spread[i * wide] = spread[i * wide + 1] = spread[i * wide + 2] = gray;
            if (alpha) spread[i * wide + 3] = pixels[i * channels + 1];
        }
        rgb = spread;
    }
    const int stride = (int)(width * (alpha ? 4 : 3));
    const int imported =
        alpha ? webp->WebPPictureImportRGBA(&picture, rgb, stride) : webp->WebPPictureImportRGB(&picture, rgb, stride);
    free(spread);
    if (!imported) {
        webp->WebPPictureFree(&picture);
        wfi_message(message, message_capacity, "out of memory for a %ux%u WebP", width, height);
        return WFR_STATUS_OUT_OF_MEMORY;
    }
    const wfr_status status = encode_picture(webp, &picture, quality, icc, icc_length, out, message, message_capacity);
    webp->WebPPictureFree(&picture);
    return status;
}

/// Full-range (JPEG) luma and chroma to the limited range of VP8's BT.601 YUV, rounded.
static inline uint8_t limited_luma(uint8_t y) { return (uint8_t)(16 + ((uint32_t)y * 219 + 127) / 255); }
static inline uint8_t limited_chroma(uint8_t c) { return (uint8_t)(16 + ((uint32_t)c * 224 + 127) / 255); }

wfr_status wfr_encode_webp_planes(const uint8_t *const planes[3], uint32_t width, uint32_t height, int32_t quality,
                                  const uint8_t *icc, size_t icc_length, wfr_rendition *out, char *message,
                                  size_t message_capacity) {
    memset(out, 0, sizeof *out);
    if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        wfi_message(message, message_capacity, "a %ux%u picture cannot be a WebP", width, height);
        return WFR_STATUS_INVALID_REQUEST;
    }
    const wfc_webp *webp = wfc_load_webp(message, message_capacity);
    if (webp == NULL) return WFR_STATUS_UNSUPPORTED_FORMAT;
    WebPPicture picture;
    if (!webp->WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION)) return WFR_STATUS_OUT_OF_MEMORY;
    picture.width = (int)width;
    picture.height = (int)height;
    picture.use_argb = 0;
    picture.colorspace = WEBP_YUV420;
    if (!webp->WebPPictureAlloc(&picture)) {
        wfi_message(message, message_capacity, "out of memory for a %ux%u WebP", width, height);
        return WFR_STATUS_OUT_OF_MEMORY;
    }
    const uint32_t chroma_width = (width + 1) / 2, chroma_height = (height + 1) / 2;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *from = planes[0] + (size_t)y * width;
        uint8_t *to = picture.y + (size_t)y * (size_t)picture.y_stride;
        for (uint32_t x = 0; x < width; x++) to[x] = limited_luma(from[x]);
    }
    for (uint32_t y = 0; y < chroma_height; y++) {
        const uint8_t *cb = planes[1] + (size_t)y * chroma_width, *cr = planes[2] + (size_t)y * chroma_width;
        uint8_t *u = picture.u + (size_t)y * (size_t)picture.uv_stride;
        uint8_t *v = picture.v + (size_t)y * (size_t)picture.uv_stride;
        for (uint32_t x = 0; x < chroma_width; x++) {
            u[x] = limited_chroma(cb[x]);
            v[x] = limited_chroma(cr[x]);
        }
    }
    const wfr_status status = encode_picture(webp, &picture, quality, icc, icc_length, out, message, message_capacity);
    webp->WebPPictureFree(&picture);
    return status;
}
