// The entry point: sniff the format, decode once into one resampler per target, then orient and
// encode each rendition.

#include "Internal.h"

#include <stdlib.h>
#include <string.h>

void wfr_stored_size(const wfr_job *job, size_t index, uint32_t *width, uint32_t *height) {
    const wfr_target target = job->targets[index];
    const bool transposed = job->options->orientation >= 5 && job->options->orientation <= 8;
    *width = transposed ? target.height : target.width;
    *height = transposed ? target.width : target.height;
}

wfr_status wfr_check_size(wfr_job *job, uint32_t width, uint32_t height) {
    if ((uint64_t)width * height > job->options->max_pixels) {
        wfr_message(job->message, job->message_capacity, "%ux%u is %llu pixels, over the limit of %llu",
                    width, height, (unsigned long long)width * height,
                    (unsigned long long)job->options->max_pixels);
        return WFR_STATUS_TOO_MANY_PIXELS;
    }
    for (size_t i = 0; i < job->count; i++) {
        uint32_t w, h;
        wfr_stored_size(job, i, &w, &h);
        if (w > width || h > height) {
            wfr_message(job->message, job->message_capacity, "rendition %ux%u is larger than the image (%ux%u stored)",
                        job->targets[i].width, job->targets[i].height, width, height);
            return WFR_STATUS_INVALID_REQUEST;
        }
    }
    return WFR_STATUS_OK;
}

wfr_status wfr_job_begin(wfr_job *job, uint32_t decoded_width, uint32_t decoded_height,
                         uint32_t channels, bool has_alpha) {
    job->resamplers = calloc(job->count, sizeof(wfr_resampler));
    job->parents = calloc(job->count, sizeof(int));
    job->finish_order = calloc(job->count, sizeof(size_t));
    if (job->resamplers == NULL || job->parents == NULL || job->finish_order == NULL) return WFR_STATUS_OUT_OF_MEMORY;
    // A smaller rendition is averaged from the smallest larger one that is at least twice its
    // size each way: a box over 2×2 or more of its pixels, as over the decoded rows, but from a
    // fraction of the pixels (the decoded image is at least twice the largest target).
    for (size_t i = 0; i < job->count; i++) {
        uint32_t width, height;
        wfr_stored_size(job, i, &width, &height);
        int parent = -1;
        uint64_t parent_area = 0;
        for (size_t j = 0; j < job->count; j++) {
            uint32_t w, h;
            wfr_stored_size(job, j, &w, &h);
            const uint64_t area = (uint64_t)w * h;
            if (w >= 2 * (uint64_t)width && h >= 2 * (uint64_t)height && (parent < 0 || area < parent_area)) {
                parent = (int)j;
                parent_area = area;
            }
        }
        job->parents[i] = parent;
        job->finish_order[i] = i;
    }
    // Larger first (insertion sort: a handful of targets).
    for (size_t i = 1; i < job->count; i++) {
        for (size_t k = i; k > 0; k--) {
            uint32_t wa, ha, wb, hb;
            wfr_stored_size(job, job->finish_order[k - 1], &wa, &ha);
            wfr_stored_size(job, job->finish_order[k], &wb, &hb);
            if ((uint64_t)wa * ha >= (uint64_t)wb * hb) break;
            const size_t swap = job->finish_order[k - 1];
            job->finish_order[k - 1] = job->finish_order[k];
            job->finish_order[k] = swap;
        }
    }
    for (size_t i = 0; i < job->count; i++) {
        uint32_t width, height, source_width = decoded_width, source_height = decoded_height;
        wfr_stored_size(job, i, &width, &height);
        if (job->parents[i] >= 0) wfr_stored_size(job, (size_t)job->parents[i], &source_width, &source_height);
        if (!wfr_resampler_init(&job->resamplers[i], source_width, source_height, width, height,
                                channels, has_alpha)) {
            wfr_message(job->message, job->message_capacity, "out of memory for a %ux%u rendition", width, height);
            return WFR_STATUS_OUT_OF_MEMORY;
        }
    }
    job->info.channels = channels;
    job->has_alpha = has_alpha;
    return WFR_STATUS_OK;
}

/// Hands the rows target `index` finished since `before` on to the targets averaged from it.
static void pass_on(wfr_job *job, size_t index, uint32_t before);

/// Pushes `row` into target `index`, and what that finishes into its children.
static void push_into(wfr_job *job, size_t index, const uint8_t *row) {
    const uint32_t before = job->resamplers[index].rows_out;
    wfr_resampler_push(&job->resamplers[index], row);
    pass_on(job, index, before);
}

static void pass_on(wfr_job *job, size_t index, uint32_t before) {
    const wfr_resampler *r = &job->resamplers[index];
    for (uint32_t y = before; y < r->rows_out; y++) {
        const uint8_t *finished = r->pixels + (size_t)y * r->width * r->channels;
        for (size_t child = 0; child < job->count; child++) {
            if (job->parents[child] == (int)index) push_into(job, child, finished);
        }
    }
}

void wfr_job_push(wfr_job *job, const uint8_t *row) {
    for (size_t i = 0; i < job->count; i++) {
        if (job->parents[i] < 0) push_into(job, i, row);
    }
}

void wfr_job_finish(wfr_job *job) {
    for (size_t k = 0; k < job->count; k++) {
        const size_t index = job->finish_order[k];
        const uint32_t before = job->resamplers[index].rows_out;
        wfr_resampler_finish(&job->resamplers[index]);
        pass_on(job, index, before);
    }
}

void wfr_rendition_free(wfr_rendition *rendition) {
    if (rendition == NULL) return;
    free(rendition->bytes);
    memset(rendition, 0, sizeof *rendition);
}

static wfr_status check_request(const wfr_options *options, const wfr_target *targets, size_t count,
                                char *message, size_t capacity) {
    if (options == NULL || (count > 0 && targets == NULL)) {
        wfr_message(message, capacity, "no options or targets given");
        return WFR_STATUS_INVALID_REQUEST;
    }
    if (options->quality < 1 || options->quality > 100) {
        wfr_message(message, capacity, "quality %d is outside 1...100", options->quality);
        return WFR_STATUS_INVALID_REQUEST;
    }
    for (size_t i = 0; i < count; i++) {
        if (targets[i].width == 0 || targets[i].height == 0) {
            wfr_message(message, capacity, "rendition %zu has an empty size", i);
            return WFR_STATUS_INVALID_REQUEST;
        }
    }
    return WFR_STATUS_OK;
}

static wfr_status encode(wfr_job *job, size_t index, bool raw, wfr_rendition *out) {
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
    if (pixels != r->pixels) free(pixels);
    out->width = target.width;
    out->height = target.height;
    return status;
}

static wfr_status render(const uint8_t *bytes, size_t length, const wfr_options *options,
                         const wfr_target *targets, size_t count, bool raw, wfr_rendition *renditions,
                         wfr_source_info *info, char *message, size_t message_capacity) {
    wfr_message(message, message_capacity, "%s", "");
    for (size_t i = 0; i < count && renditions != NULL; i++) memset(&renditions[i], 0, sizeof renditions[i]);
    wfr_status status = check_request(options, targets, count, message, message_capacity);
    if (status != WFR_STATUS_OK) return status;
    if (count > 0 && renditions == NULL) return WFR_STATUS_INVALID_REQUEST;

    wfr_job job;
    memset(&job, 0, sizeof job);
    job.options = options;
    job.targets = targets;
    job.count = count;
    job.message = message;
    job.message_capacity = message_capacity;

    static const uint8_t jpeg_magic[3] = {0xFF, 0xD8, 0xFF};
    static const uint8_t png_magic[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (bytes != NULL && length >= 3 && memcmp(bytes, jpeg_magic, 3) == 0) {
        status = wfr_decode_jpeg(&job, bytes, length);
    } else if (bytes != NULL && length >= 8 && memcmp(bytes, png_magic, 8) == 0) {
        status = wfr_decode_png(&job, bytes, length);
    } else {
        wfr_message(message, message_capacity, "not a JPEG or PNG file");
        status = WFR_STATUS_UNSUPPORTED_FORMAT;
    }
    if (status == WFR_STATUS_OK) wfr_job_finish(&job);
    for (size_t i = 0; status == WFR_STATUS_OK && i < count; i++) status = encode(&job, i, raw, &renditions[i]);
    if (status != WFR_STATUS_OK) {
        for (size_t i = 0; i < count; i++) wfr_rendition_free(&renditions[i]);
    } else {
        wfr_message(message, message_capacity, "%s", "");
    }
    if (job.resamplers != NULL) {
        for (size_t i = 0; i < count; i++) wfr_resampler_free(&job.resamplers[i]);
        free(job.resamplers);
    }
    free(job.parents);
    free(job.finish_order);
    job.info.carried_icc_profile = job.icc != NULL;
    free(job.icc);
    if (info != NULL) *info = job.info;
    return status;
}

wfr_status wfr_render(const uint8_t *bytes, size_t length, const wfr_options *options,
                      const wfr_target *targets, size_t count, wfr_rendition *renditions,
                      wfr_source_info *info, char *message, size_t message_capacity) {
    return render(bytes, length, options, targets, count, false, renditions, info, message, message_capacity);
}

wfr_status wfr_render_pixels(const uint8_t *bytes, size_t length, const wfr_options *options,
                             wfr_target target, wfr_rendition *pixels, wfr_source_info *info,
                             char *message, size_t message_capacity) {
    return render(bytes, length, options, &target, 1, true, pixels, info, message, message_capacity);
}
