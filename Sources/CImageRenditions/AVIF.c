// AVIF encode through libheif's AV1 encoder (Debian 12's libheif carries the aom plugin), for
// the `<source type="image/avif">` that `--avif` adds. libheif neither jumps nor prints.
//
// Always 4:2:0 and 8 bits, one encoder thread (the build runs one photo per core), no EXIF or
// XMP. A JPEG's own Y, Cb and Cr planes go in as they are, marked full-range BT.601 (what JPEG
// YCbCr is), so nothing is converted; pixels go in as RGB(A) and libheif converts them.

#include "Internal.h"

#include <CCodecLoader.h>

#include <stdlib.h>
#include <string.h>

typedef struct avif_output {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} avif_output;

static struct heif_error write_callback(struct heif_context *context, const void *data, size_t size, void *userdata) {
    (void)context;
    avif_output *output = userdata;
    if (size > output->capacity - output->length) {
        size_t capacity = output->capacity ? output->capacity : 64 * 1024;
        while (capacity - output->length < size) capacity *= 2;
        uint8_t *bigger = realloc(output->bytes, capacity);
        if (bigger == NULL) {
            return (struct heif_error){heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
        }
        output->bytes = bigger;
        output->capacity = capacity;
    }
    memcpy(output->bytes + output->length, data, size);
    output->length += size;
    return (struct heif_error){heif_error_Ok, heif_suberror_Unspecified, "ok"};
}

static wfr_status failure(const wfc_heif *heif, struct heif_error error, char *message, size_t capacity) {
    wfi_message(message, capacity, "libheif %s AVIF encoder: %s", heif->heif_get_version(),
                error.message ? error.message : "unknown error");
    return error.code == heif_error_Memory_allocation_error ? WFR_STATUS_OUT_OF_MEMORY : WFR_STATUS_INVALID_REQUEST;
}

/// Encodes `image` (its colour profiles set) with the AV1 encoder into `out`.
static wfr_status encode_image(const wfc_heif *heif, struct heif_image *image, uint32_t width, uint32_t height, bool alpha,
                               int32_t quality, int32_t speed, wfr_rendition *out, char *message, size_t capacity) {
    if (quality < 1 || quality > 100 || speed < 0 || speed > 9) {
        wfi_message(message, capacity, "AVIF quality %d or speed %d is out of range", quality, speed);
        return WFR_STATUS_INVALID_REQUEST;
    }
    struct heif_context *context = heif->heif_context_alloc();
    if (context == NULL) {
        wfi_message(message, capacity, "out of memory for libheif");
        return WFR_STATUS_OUT_OF_MEMORY;
    }
    struct heif_encoder *encoder = NULL;
    struct heif_encoding_options *options = NULL;
    avif_output output = {0};
    wfr_status status = WFR_STATUS_OK;
    struct heif_error error = heif->heif_context_get_encoder_for_format(context, heif_compression_AV1, &encoder);
    if (error.code != heif_error_Ok) {
        wfi_message(message, capacity, "libheif %s has no AV1 encoder (install libheif's aom plugin): %s",
                    heif->heif_get_version(), error.message ? error.message : "unknown error");
        status = WFR_STATUS_INVALID_REQUEST;
        goto done;
    }
    error = heif->heif_encoder_set_lossy_quality(encoder, quality);
    if (error.code == heif_error_Ok) error = heif->heif_encoder_set_parameter_integer(encoder, "speed", speed);
    if (error.code == heif_error_Ok) error = heif->heif_encoder_set_parameter_string(encoder, "chroma", "420");
    if (error.code == heif_error_Ok) error = heif->heif_encoder_set_parameter_integer(encoder, "threads", 1);
    if (error.code != heif_error_Ok) {
        status = failure(heif, error, message, capacity);
        goto done;
    }
    options = heif->heif_encoding_options_alloc();
    if (options == NULL) {
        wfi_message(message, capacity, "out of memory for libheif");
        status = WFR_STATUS_OUT_OF_MEMORY;
        goto done;
    }
    options->save_alpha_channel = alpha ? 1 : 0;
    error = heif->heif_context_encode_image(context, image, encoder, options, NULL);
    if (error.code == heif_error_Ok) {
        struct heif_writer writer = {.writer_api_version = 1, .write = write_callback};
        error = heif->heif_context_write(context, &writer, &output);
    }
    if (error.code != heif_error_Ok) {
        status = failure(heif, error, message, capacity);
        free(output.bytes);
        goto done;
    }
    out->bytes = output.bytes;
    out->length = output.length;
    out->width = width;
    out->height = height;
done:
    if (options != NULL) heif->heif_encoding_options_free(options);
    if (encoder != NULL) heif->heif_encoder_release(encoder);
    heif->heif_context_free(context);
    return status;
}

wfr_status wfr_encode_avif(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                           int32_t quality, int32_t speed, const uint8_t *icc, size_t icc_length,
                           wfr_rendition *out, char *message, size_t message_capacity) {
    memset(out, 0, sizeof *out);
    if (pixels == NULL || channels < 1 || channels > 4 || width == 0 || height == 0 || width > INT32_MAX / 4 ||
        height > INT32_MAX / 4) {
        wfi_message(message, message_capacity, "a %ux%u picture of %u channels cannot be an AVIF", width, height,
                    channels);
        return WFR_STATUS_INVALID_REQUEST;
    }
    const wfc_heif *heif = wfc_load_heif(message, message_capacity);
    if (heif == NULL) return WFR_STATUS_UNSUPPORTED_FORMAT;
    const bool alpha = channels == 2 || channels == 4;
    struct heif_image *image = NULL;
    struct heif_error error = heif->heif_image_create((int)width, (int)height, heif_colorspace_RGB,
                                                alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &image);
    if (error.code == heif_error_Ok) error = heif->heif_image_add_plane(image, heif_channel_interleaved, (int)width, (int)height, 8);
    if (error.code != heif_error_Ok) {
        if (image != NULL) heif->heif_image_release(image);
        return failure(heif, error, message, message_capacity);
    }
    int stride = 0;
    uint8_t *plane = heif->heif_image_get_plane(image, heif_channel_interleaved, &stride);
    const uint32_t wide = alpha ? 4 : 3;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *from = pixels + (size_t)y * width * channels;
        uint8_t *to = plane + (size_t)y * (size_t)stride;
        if (channels >= 3) {
            memcpy(to, from, (size_t)width * channels);
            continue;
        }
        // Gray (and gray + alpha) spread to RGB(A).
        for (uint32_t x = 0; x < width; x++) {
            to[x * wide] = to[x * wide + 1] = to[x * wide + 2] = from[x * channels];
            if (alpha) to[x * wide + 3] = from[x * channels + 1];
        }
    }
    if (icc != NULL && icc_length > 0) heif->heif_image_set_raw_color_profile(image, "prof", icc, icc_length);
    const wfr_status status = encode_image(heif, image, width, height, alpha, quality, speed, out, message, message_capacity);
    heif->heif_image_release(image);
    return status;
}

wfr_status wfr_encode_avif_planes(const uint8_t *const planes[3], uint32_t width, uint32_t height, int32_t quality,
                                  int32_t speed, const uint8_t *icc, size_t icc_length, wfr_rendition *out,
                                  char *message, size_t message_capacity) {
    memset(out, 0, sizeof *out);
    if (width == 0 || height == 0 || width > INT32_MAX / 4 || height > INT32_MAX / 4) {
        wfi_message(message, message_capacity, "a %ux%u picture cannot be an AVIF", width, height);
        return WFR_STATUS_INVALID_REQUEST;
    }
    const wfc_heif *heif = wfc_load_heif(message, message_capacity);
    if (heif == NULL) return WFR_STATUS_UNSUPPORTED_FORMAT;
    struct heif_image *image = NULL;
    struct heif_error error = heif->heif_image_create((int)width, (int)height, heif_colorspace_YCbCr, heif_chroma_420, &image);
    const uint32_t sizes[3][2] = {{width, height}, {(width + 1) / 2, (height + 1) / 2}, {(width + 1) / 2, (height + 1) / 2}};
    const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    for (int p = 0; p < 3 && error.code == heif_error_Ok; p++) {
        error = heif->heif_image_add_plane(image, channels[p], (int)sizes[p][0], (int)sizes[p][1], 8);
        if (error.code != heif_error_Ok) break;
        int stride = 0;
        uint8_t *plane = heif->heif_image_get_plane(image, channels[p], &stride);
        for (uint32_t y = 0; y < sizes[p][1]; y++) {
            memcpy(plane + (size_t)y * (size_t)stride, planes[p] + (size_t)y * sizes[p][0], sizes[p][0]);
        }
    }
    struct heif_color_profile_nclx *nclx = error.code == heif_error_Ok ? heif->heif_nclx_color_profile_alloc() : NULL;
    if (nclx != NULL) {
        // What JPEG's YCbCr is (JFIF): BT.601 coefficients over the full range. The primaries
        // and transfer are sRGB's unless an ICC profile, written too, says otherwise.
        nclx->matrix_coefficients = heif_matrix_coefficients_ITU_R_BT_601_6;
        nclx->full_range_flag = 1;
        nclx->color_primaries = heif_color_primaries_ITU_R_BT_709_5;
        nclx->transfer_characteristics = heif_transfer_characteristic_IEC_61966_2_1;
        error = heif->heif_image_set_nclx_color_profile(image, nclx);
        heif->heif_nclx_color_profile_free(nclx);
    }
    if (error.code != heif_error_Ok || nclx == NULL) {
        if (image != NULL) heif->heif_image_release(image);
        if (error.code == heif_error_Ok) {
            wfi_message(message, message_capacity, "out of memory for libheif");
            return WFR_STATUS_OUT_OF_MEMORY;
        }
        return failure(heif, error, message, message_capacity);
    }
    if (icc != NULL && icc_length > 0) heif->heif_image_set_raw_color_profile(image, "prof", icc, icc_length);
    const wfr_status status = encode_image(heif, image, width, height, false, quality, speed, out, message, message_capacity);
    heif->heif_image_release(image);
    return status;
}
