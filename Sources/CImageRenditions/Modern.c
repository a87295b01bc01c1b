// HEIF/AVIF decode through libheif and WebP decode through libwebp, into the same job as JPEG
// and PNG. Neither library jumps or prints; each returns an error the message passes on.
//
// libheif applies the container's transforms (clap, irot, imir) while decoding, which is what a
// browser that can show the file shows; EXIF Orientation inside a HEIF is never applied (MIAF),
// and no browser applies it to WebP, so both run with orientation 1. Neither library streams
// rows: the pixel limit is checked before anything is decoded, against the codec's own header
// (Render.c, through DecodeCost.c: a HEIF `ispe` is only a claim) and here against `ispe`.

#include "Internal.h"

#include <CCodecLoader.h>
#include <stdlib.h>
#include <string.h>

/// Keeps an RGB (or gray) ICC profile for the renditions; others are dropped (the pixels are RGB).
static void keep_icc(wfr_job *job, const uint8_t *profile, size_t length) {
    if (profile == NULL || length == 0 || !wfr_icc_matches(profile, length, "RGB ")) return;
    job->icc = malloc(length);
    if (job->icc == NULL) return;
    memcpy(job->icc, profile, length);
    job->icc_length = length;
}

/// Pushes `height` rows of `stride` bytes apart.
static wfr_status push_rows(wfr_job *job, const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height,
                            uint32_t channels) {
    wfr_status status = wfr_check_size(job, width, height);
    if (status != WFR_STATUS_OK) return status;
    job->info.width = width;
    job->info.height = height;
    job->info.scale_eighths = 8;
    job->info.encoding = job->has_alpha ? WFR_ENCODING_PNG : WFR_ENCODING_JPEG;
    status = wfr_job_begin(job, width, height, channels, channels == 4);
    if (status != WFR_STATUS_OK) return status;
    for (uint32_t y = 0; y < height; y++) wfr_job_push(job, pixels + (size_t)y * stride);
    return WFR_STATUS_OK;
}

static wfr_status heif_failure(const wfc_heif *heif, wfr_job *job, struct heif_error error) {
    wfi_message(job->message, job->message_capacity, "libheif %s: %s", heif->heif_get_version(),
                error.message ? error.message : "unknown error");
    return error.code == heif_error_Memory_allocation_error ? WFR_STATUS_OUT_OF_MEMORY : WFR_STATUS_CORRUPT_DATA;
}

wfr_status wfr_decode_heif(wfr_job *job, const uint8_t *bytes, size_t length) {
    const wfc_heif *heif = wfc_load_heif(job->message, job->message_capacity);
    if (heif == NULL) return WFR_STATUS_UNSUPPORTED_FORMAT;
    struct heif_context *context = heif->heif_context_alloc();
    if (context == NULL) {
        wfi_message(job->message, job->message_capacity, "out of memory for libheif");
        return WFR_STATUS_OUT_OF_MEMORY;
    }
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    wfr_status status = WFR_STATUS_OK;
    struct heif_error error = heif->heif_context_read_from_memory_without_copy(context, bytes, length, NULL);
    if (error.code == heif_error_Ok) error = heif->heif_context_get_primary_image_handle(context, &handle);
    if (error.code != heif_error_Ok) {
        status = heif_failure(heif, job, error);
        goto done;
    }
    {
        int coded_width = heif->heif_image_handle_get_ispe_width(handle), coded_height = heif->heif_image_handle_get_ispe_height(handle);
        if (coded_width <= 0 || coded_height <= 0) {
            coded_width = heif->heif_image_handle_get_width(handle);
            coded_height = heif->heif_image_handle_get_height(handle);
        }
        if (coded_width <= 0 || coded_height <= 0) {
            wfi_message(job->message, job->message_capacity, "libheif %s reads no image size", heif->heif_get_version());
            status = WFR_STATUS_CORRUPT_DATA;
            goto done;
        }
        if ((uint64_t)coded_width * (uint64_t)coded_height > job->options->max_pixels) {
            job->info.width = (uint32_t)coded_width;
            job->info.height = (uint32_t)coded_height;
            status = wfr_check_size(job, (uint32_t)coded_width, (uint32_t)coded_height);
            goto done;
        }
        enum heif_color_profile_type profile = heif->heif_image_handle_get_color_profile_type(handle);
        if (profile == heif_color_profile_type_prof || profile == heif_color_profile_type_rICC) {
            size_t size = heif->heif_image_handle_get_raw_color_profile_size(handle);
            uint8_t *icc = size > 0 ? malloc(size) : NULL;
            if (icc != NULL && heif->heif_image_handle_get_raw_color_profile(handle, icc).code == heif_error_Ok) keep_icc(job, icc, size);
            free(icc);
        }
        job->has_alpha = heif->heif_image_handle_has_alpha_channel(handle) != 0;
        const uint32_t channels = job->has_alpha ? 4 : 3;
        error = heif->heif_decode_image(handle, &image, heif_colorspace_RGB,
                                  job->has_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, NULL);
        if (error.code != heif_error_Ok) {
            status = heif_failure(heif, job, error);
            goto done;
        }
        int stride = 0;
        const uint8_t *pixels = heif->heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
        int width = heif->heif_image_get_width(image, heif_channel_interleaved);
        int height = heif->heif_image_get_height(image, heif_channel_interleaved);
        if (pixels == NULL || width <= 0 || height <= 0 || stride < width * (int)channels ||
            heif->heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) != 8) {
            wfi_message(job->message, job->message_capacity, "libheif %s decoded no 8-bit RGB image", heif->heif_get_version());
            status = WFR_STATUS_CORRUPT_DATA;
            goto done;
        }
        status = push_rows(job, pixels, (size_t)stride, (uint32_t)width, (uint32_t)height, channels);
    }
done:
    if (image != NULL) heif->heif_image_release(image);
    if (handle != NULL) heif->heif_image_handle_release(handle);
    heif->heif_context_free(context);
    return status;
}

static const char *webp_reason(VP8StatusCode code) {
    switch (code) {
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the data ends early (truncated file)";
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "a feature libwebp does not support";
    default: return "corrupt data";
    }
}

wfr_status wfr_decode_webp(wfr_job *job, const uint8_t *bytes, size_t length) {
    const wfc_webp *webp = wfc_load_webp(job->message, job->message_capacity);
    const wfc_webpdemux *demux = webp != NULL ? wfc_load_webpdemux(job->message, job->message_capacity) : NULL;
    if (demux == NULL) return WFR_STATUS_UNSUPPORTED_FORMAT;
    WebPBitstreamFeatures features;
    VP8StatusCode code = webp->WebPGetFeaturesInternal(bytes, length, &features, WEBP_DECODER_ABI_VERSION);
    if (code != VP8_STATUS_OK) {
        wfi_message(job->message, job->message_capacity, "libwebp: %s", webp_reason(code));
        return code == VP8_STATUS_OUT_OF_MEMORY ? WFR_STATUS_OUT_OF_MEMORY : WFR_STATUS_CORRUPT_DATA;
    }
    job->info.width = (uint32_t)features.width;
    job->info.height = (uint32_t)features.height;
    wfr_status status = wfr_check_size(job, (uint32_t)features.width, (uint32_t)features.height);
    if (status != WFR_STATUS_OK) return status;
    WebPData data = {.bytes = bytes, .size = length};
    WebPDemuxer *demuxer = demux->WebPDemuxInternal(&data, 0, NULL, WEBP_DEMUX_ABI_VERSION);
    if (demuxer != NULL) {
        WebPChunkIterator chunk;
        if (demux->WebPDemuxGetChunk(demuxer, "ICCP", 1, &chunk)) keep_icc(job, chunk.chunk.bytes, chunk.chunk.size);
        demux->WebPDemuxReleaseChunkIterator(&chunk);
        demux->WebPDemuxDelete(demuxer);
    }
    if (features.has_animation) {
        // The first frame as composed on the canvas, as a browser that does not animate shows it.
        WebPAnimDecoderOptions options;
        if (!demux->WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION)) return WFR_STATUS_OUT_OF_MEMORY;
        options.color_mode = MODE_RGBA;
        options.use_threads = 0;
        WebPAnimDecoder *decoder = demux->WebPAnimDecoderNewInternal(&data, &options, WEBP_DEMUX_ABI_VERSION);
        uint8_t *frame = NULL;
        int timestamp = 0;
        WebPAnimInfo info;
        if (decoder == NULL || !demux->WebPAnimDecoderGetInfo(decoder, &info) || !demux->WebPAnimDecoderGetNext(decoder, &frame, &timestamp)) {
            wfi_message(job->message, job->message_capacity, "libwebp: the first frame of the animation cannot be decoded");
            status = WFR_STATUS_CORRUPT_DATA;
        } else {
            job->has_alpha = true;
            status = push_rows(job, frame, (size_t)info.canvas_width * 4, info.canvas_width, info.canvas_height, 4);
        }
        demux->WebPAnimDecoderDelete(decoder);
        return status;
    }
    job->has_alpha = features.has_alpha != 0;
    const uint32_t channels = job->has_alpha ? 4 : 3;
    int width = 0, height = 0;
    uint8_t *pixels = job->has_alpha ? webp->WebPDecodeRGBA(bytes, length, &width, &height) : webp->WebPDecodeRGB(bytes, length, &width, &height);
    if (pixels == NULL) {
        wfi_message(job->message, job->message_capacity, "libwebp: the image data is corrupt or ends early");
        return WFR_STATUS_CORRUPT_DATA;
    }
    status = push_rows(job, pixels, (size_t)width * channels, (uint32_t)width, (uint32_t)height, channels);
    webp->WebPFree(pixels);
    return status;
}
