// The dispatcher: sniff the format, hand the bytes to its decoder (which feeds the job, Job.c),
// then orient and encode each rendition. Nothing below calls back here.

#include "Internal.h"

#include <CImageHeaders.h>
#include <stdlib.h>
#include <string.h>

void wfr_rendition_free(wfr_rendition *rendition) {
    if (rendition == NULL) return;
    free(rendition->bytes);
    memset(rendition, 0, sizeof *rendition);
}

static wfr_status check_request(const wfr_options *options, const wfr_target *targets, size_t count,
                                char *message, size_t capacity) {
    if (options == NULL || (count > 0 && targets == NULL)) {
        wfi_message(message, capacity, "no options or targets given");
        return WFR_STATUS_INVALID_REQUEST;
    }
    if (options->quality < 1 || options->quality > 100) {
        wfi_message(message, capacity, "quality %d is outside 1...100", options->quality);
        return WFR_STATUS_INVALID_REQUEST;
    }
    if (options->webp_quality < 0 || options->webp_quality > 100 || options->avif_quality < 0 ||
        options->avif_quality > 100 || options->avif_speed < 0 || options->avif_speed > 9) {
        wfi_message(message, capacity, "WebP quality %d, AVIF quality %d or AVIF speed %d is out of range",
                    options->webp_quality, options->avif_quality, options->avif_speed);
        return WFR_STATUS_INVALID_REQUEST;
    }
    for (size_t i = 0; i < count; i++) {
        if (targets[i].width == 0 || targets[i].height == 0) {
            wfi_message(message, capacity, "rendition %zu has an empty size", i);
            return WFR_STATUS_INVALID_REQUEST;
        }
    }
    return WFR_STATUS_OK;
}

/// The WebP and AVIF renditions a run wants beside the JPEG or PNG ones (NULL for none).
typedef struct wfr_extras {
    wfr_rendition *webp;
    wfr_rendition *avif;
} wfr_extras;

/// The formats `extras` asks for at `target`: none above the options' `sources_max_width`.
static wfr_extras extras_at(const wfr_options *options, wfr_target target, wfr_extras extras) {
    if (options->sources_max_width != 0 && target.width > options->sources_max_width) {
        return (wfr_extras){NULL, NULL};
    }
    return extras;
}

/// Target `index`'s planes in display orientation, encoded as a 4:2:0 JPEG, and as a WebP and
/// an AVIF from the same planes when `extras` asks.
static wfr_status encode_planes(wfr_job *job, size_t index, wfr_rendition *out, wfr_extras extras) {
    const uint16_t orientation = job->options->orientation;
    const wfr_target target = job->targets[index];
    const uint8_t *planes[3] = {NULL, NULL, NULL};
    uint8_t *oriented[3] = {NULL, NULL, NULL};
    const bool upright = orientation < 2 || orientation > 8;
    wfr_status status = WFR_STATUS_OK;
    for (uint32_t p = 0; p < 3; p++) {
        const wfr_resampler *r = &job->resamplers[index * 3 + p];
        // Each plane turns on its own: a chroma sample covers the same 2×2 pixels either way.
        if (!upright) oriented[p] = wfr_orient(r->pixels, r->width, r->height, 1, orientation);
        planes[p] = upright ? r->pixels : oriented[p];
        if (planes[p] == NULL) status = wfr_job_out_of_memory(job, target.width, target.height);
    }
    if (status == WFR_STATUS_OK) {
        status = wfr_encode_jpeg_planes(planes, target.width, target.height, job->options->quality, job->icc,
                                        job->icc_length, out, job->message, job->message_capacity);
    }
    if (status == WFR_STATUS_OK && extras.webp != NULL) {
        status = wfr_encode_webp_planes(planes, target.width, target.height, job->options->webp_quality, job->icc,
                                        job->icc_length, &extras.webp[index], job->message, job->message_capacity);
    }
    if (status == WFR_STATUS_OK && extras.avif != NULL) {
        status = wfr_encode_avif_planes(planes, target.width, target.height, job->options->avif_quality,
                                        job->options->avif_speed, job->icc, job->icc_length, &extras.avif[index],
                                        job->message, job->message_capacity);
    }
    for (uint32_t p = 0; p < 3; p++) free(oriented[p]);
    out->width = target.width;
    out->height = target.height;
    return status;
}

static wfr_status encode(wfr_job *job, size_t index, bool raw, wfr_rendition *out, wfr_extras extras) {
    if (job->planes == 3) return encode_planes(job, index, out, extras);
    wfr_resampler *r = &job->resamplers[index];
    uint16_t orientation = job->options->orientation;
    const wfr_target target = job->targets[index];
    // Upright photos (most of them) are encoded straight from the resampler's buffer.
    const bool upright = orientation < 2 || orientation > 8;
    uint8_t *pixels = upright && !raw ? r->pixels : wfr_orient(r->pixels, r->width, r->height, r->channels, orientation);
    if (pixels == NULL) return WFR_STATUS_OUT_OF_MEMORY;
    if (raw) {
        out->bytes = pixels;
        out->length = (size_t)target.width * target.height * r->channels;
        out->width = target.width;
        out->height = target.height;
        return WFR_STATUS_OK;
    }
    wfr_status status;
    if (job->info.encoding == WFR_ENCODING_PNG) {
        status = wfr_encode_png(pixels, target.width, target.height, r->channels, job->icc, job->icc_length,
                                out, job->message, job->message_capacity);
    } else {
        status = wfr_encode_jpeg(pixels, target.width, target.height,
                                 r->channels == 1 ? WFR_PIXELS_GRAY : WFR_PIXELS_RGB, job->options->quality,
                                 job->icc, job->icc_length, out, job->message, job->message_capacity);
    }
    if (status == WFR_STATUS_OK && extras.webp != NULL) {
        status = wfr_encode_webp(pixels, target.width, target.height, r->channels, job->options->webp_quality,
                                 job->icc, job->icc_length, &extras.webp[index], job->message,
                                 job->message_capacity);
    }
    if (status == WFR_STATUS_OK && extras.avif != NULL) {
        status = wfr_encode_avif(pixels, target.width, target.height, r->channels, job->options->avif_quality,
                                 job->options->avif_speed, job->icc, job->icc_length, &extras.avif[index],
                                 job->message, job->message_capacity);
    }
    if (pixels != r->pixels) free(pixels);
    out->width = target.width;
    out->height = target.height;
    return status;
}

/// One line of ``WFR_DECODERS``.
typedef struct decoder_entry {
    wfi_format format;
    wfr_status (*decode)(wfr_job *job, const uint8_t *bytes, size_t length);
    bool upright;
} decoder_entry;

#define WFR_DECODER_ENTRY(format, decode, upright) {format, decode, upright},
static const decoder_entry decoders[] = {WFR_DECODERS(WFR_DECODER_ENTRY)};
#undef WFR_DECODER_ENTRY

/// The decoder for a sniffed format; NULL for none.
static const decoder_entry *decoder_for(wfi_format format) {
    for (size_t i = 0; i < sizeof decoders / sizeof decoders[0]; i++) {
        if (decoders[i].format == format) return &decoders[i];
    }
    return NULL;
}

static wfr_status render(const uint8_t *bytes, size_t length, const wfr_options *options,
                         const wfr_target *targets, size_t count, bool raw, wfr_rendition *renditions,
                         wfr_extras extras, wfr_source_info *info, char *message, size_t message_capacity) {
    wfi_message(message, message_capacity, "%s", "");
    for (size_t i = 0; i < count && renditions != NULL; i++) memset(&renditions[i], 0, sizeof renditions[i]);
    if (options != NULL && options->webp_quality == 0) extras.webp = NULL;
    if (options != NULL && options->avif_quality == 0) extras.avif = NULL;
    for (size_t i = 0; i < count && extras.webp != NULL; i++) memset(&extras.webp[i], 0, sizeof extras.webp[i]);
    for (size_t i = 0; i < count && extras.avif != NULL; i++) memset(&extras.avif[i], 0, sizeof extras.avif[i]);
    wfr_status status = check_request(options, targets, count, message, message_capacity);
    if (status != WFR_STATUS_OK) return status;
    if (count > 0 && renditions == NULL) return WFR_STATUS_INVALID_REQUEST;
    // The codec's own size, not the container's claim, against the limit, before any decoder
    // allocates: whatever a caller checked before, this run checks for itself.
    wfs_codec_size codec;
    status = wfr_check_codec(bytes, length, options, &codec, message, message_capacity);
    if (status != WFR_STATUS_OK) {
        if (info != NULL) *info = (wfr_source_info){.width = codec.width, .height = codec.height};
        return status;
    }

    wfr_job job;
    wfr_options upright;
    memset(&job, 0, sizeof job);
    job.options = options;
    job.targets = targets;
    job.count = count;
    job.message = message;
    job.message_capacity = message_capacity;
    job.planes = 1;
    job.planes_allowed = !raw;

    const decoder_entry *decoder = decoder_for(wfi_sniff_decoder(bytes, length));
    if (decoder != NULL) {
        // Pixels that come out upright are rendered as they come, whatever orientation was passed.
        if (decoder->upright) {
            upright = *options;
            upright.orientation = 1;
            job.options = &upright;
        }
        status = decoder->decode(&job, bytes, length);
    } else {
        wfi_message(message, message_capacity, "not a JPEG, PNG, HEIF/AVIF or WebP file");
        status = WFR_STATUS_UNSUPPORTED_FORMAT;
    }
    if (status == WFR_STATUS_OK) wfr_job_finish(&job);
    for (size_t i = 0; status == WFR_STATUS_OK && i < count; i++) {
        status = encode(&job, i, raw, &renditions[i], extras_at(options, targets[i], extras));
    }
    if (status != WFR_STATUS_OK) {
        for (size_t i = 0; i < count; i++) {
            wfr_rendition_free(&renditions[i]);
            if (extras.webp != NULL) wfr_rendition_free(&extras.webp[i]);
            if (extras.avif != NULL) wfr_rendition_free(&extras.avif[i]);
        }
    } else {
        wfi_message(message, message_capacity, "%s", "");
    }
    wfr_job_release(&job);
    job.info.carried_icc_profile = job.icc != NULL;
    free(job.icc);
    if (info != NULL) *info = job.info;
    return status;
}

wfr_status wfr_render(const uint8_t *bytes, size_t length, const wfr_options *options,
                      const wfr_target *targets, size_t count, wfr_rendition *renditions,
                      wfr_source_info *info, char *message, size_t message_capacity) {
    return render(bytes, length, options, targets, count, false, renditions, (wfr_extras){NULL, NULL}, info,
                  message, message_capacity);
}

wfr_status wfr_render_sources(const uint8_t *bytes, size_t length, const wfr_options *options,
                              const wfr_target *targets, size_t count, wfr_rendition *renditions,
                              wfr_rendition *webp, wfr_rendition *avif, wfr_source_info *info,
                              char *message, size_t message_capacity) {
    return render(bytes, length, options, targets, count, false, renditions, (wfr_extras){webp, avif}, info,
                  message, message_capacity);
}

wfr_status wfr_render_pixels(const uint8_t *bytes, size_t length, const wfr_options *options,
                             wfr_target target, wfr_rendition *pixels, wfr_source_info *info,
                             char *message, size_t message_capacity) {
    return render(bytes, length, options, &target, 1, true, pixels, (wfr_extras){NULL, NULL}, info, message,
                  message_capacity);
}
