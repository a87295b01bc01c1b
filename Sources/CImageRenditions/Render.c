// The entry point: sniff the format, decode once into one resampler per target, then orient and
// encode each rendition.

#include "Internal.h"

#include <CImageHeaders.h>
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

/// Each target's parent and the finish order, larger first; allocates the resamplers.
static wfr_status plan(wfr_job *job, uint32_t planes) {
    job->planes = planes;
    job->resamplers = calloc(job->count * planes, sizeof(wfr_resampler));
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
    return WFR_STATUS_OK;
}

static wfr_status out_of_memory(wfr_job *job, uint32_t width, uint32_t height) {
    wfr_message(job->message, job->message_capacity, "out of memory for a %ux%u rendition", width, height);
    return WFR_STATUS_OUT_OF_MEMORY;
}

wfr_status wfr_job_begin(wfr_job *job, uint32_t decoded_width, uint32_t decoded_height,
                         uint32_t channels, bool has_alpha) {
    const wfr_status status = plan(job, 1);
    if (status != WFR_STATUS_OK) return status;
    for (size_t i = 0; i < job->count; i++) {
        uint32_t width, height, source_width = decoded_width, source_height = decoded_height;
        wfr_stored_size(job, i, &width, &height);
        if (job->parents[i] >= 0) wfr_stored_size(job, (size_t)job->parents[i], &source_width, &source_height);
        if (!wfr_resampler_init(&job->resamplers[i], source_width, source_height, width, height,
                                channels, has_alpha)) {
            return out_of_memory(job, width, height);
        }
    }
    job->info.channels = channels;
    job->has_alpha = has_alpha;
    return WFR_STATUS_OK;
}

/// A target's plane: its size in samples and how many of the target's pixels a sample spans
/// (chroma is written 4:2:0).
static wfr_plane_source target_plane(const wfr_job *job, size_t index, uint32_t plane) {
    uint32_t width, height;
    wfr_stored_size(job, index, &width, &height);
    if (plane == 0) return (wfr_plane_source){width, height, 1, 1};
    return (wfr_plane_source){(width + 1) / 2, (height + 1) / 2, 2, 2};
}

/// The spans along one axis of a plane averaged from `source_pixels` pixels (its samples
/// `source_factor` of them each) into one of `target_pixels` pixels (`target_factor` each), in
/// units of a source pixel × target_pixels (see `wfr_spans`). `reversed`: the orientation turns
/// this axis around, so the target's half sample at an odd end must be its first, which becomes
/// the last once turned.
static wfr_spans plane_spans(uint32_t source_pixels, uint32_t source_factor, uint32_t target_pixels,
                             uint32_t target_factor, bool reversed) {
    const uint64_t target_unit = (uint64_t)target_factor * source_pixels;
    const bool shifted = reversed && target_factor == 2 && target_pixels % 2 == 1;
    return (wfr_spans){.source_unit = (uint64_t)source_factor * target_pixels,
                       .target_unit = target_unit,
                       .extent = (uint64_t)source_pixels * target_pixels,
                       .shift = shifted ? target_unit / 2 : 0};
}

/// The target whose rows target `index`'s `plane` is averaged from, or -1 for the decoded rows.
/// Chroma planes are always averaged from the decoded ones: they are a quarter of the samples,
/// and a chroma plane averaged twice (at half the resolution of its luma) drifts visibly from one
/// averaged once where colours meet at sharp edges.
static int parent_of(const wfr_job *job, size_t index, uint32_t plane) {
    return plane == 0 ? job->parents[index] : -1;
}

/// The source of target `index`'s plane: the decoded plane, or its parent's.
static void plane_source(const wfr_job *job, const wfr_plane_source decoded[3], size_t index, uint32_t plane,
                         wfr_plane_source *source, uint32_t *source_width, uint32_t *source_height) {
    if (parent_of(job, index, plane) < 0) {
        *source = decoded[plane];
        *source_width = decoded[0].width;
        *source_height = decoded[0].height;
    } else {
        const size_t parent = (size_t)job->parents[index];
        *source = target_plane(job, parent, plane);
        wfr_stored_size(job, parent, source_width, source_height);
    }
}

bool wfr_job_takes_planes(const wfr_job *job, const wfr_plane_source planes[3]) {
    if (!job->planes_allowed || planes[0].horizontal_factor != 1 || planes[0].vertical_factor != 1) return false;
    for (size_t i = 0; i < job->count; i++) {
        uint32_t width, height;
        wfr_stored_size(job, i, &width, &height);
        for (uint32_t p = 1; p < 3; p++) {
            const wfr_plane_source source = planes[p], target = target_plane(job, i, p);
            // A chroma sample of the target must span at least one of the source's.
            if (source.horizontal_factor == 0 || source.vertical_factor == 0 || source.width < target.width ||
                source.height < target.height ||
                (uint64_t)target.horizontal_factor * planes[0].width < (uint64_t)source.horizontal_factor * width ||
                (uint64_t)target.vertical_factor * planes[0].height < (uint64_t)source.vertical_factor * height) {
                return false;
            }
        }
    }
    return true;
}

wfr_status wfr_job_begin_planes(wfr_job *job, const wfr_plane_source planes[3]) {
    const wfr_status status = plan(job, 3);
    if (status != WFR_STATUS_OK) return status;
    // Which stored axes the orientation reverses (see wfr_orient).
    const uint16_t orientation = job->options->orientation;
    const bool columns_reversed = orientation == 2 || orientation == 3 || orientation == 7 || orientation == 8;
    const bool rows_reversed = orientation == 3 || orientation == 4 || orientation == 6 || orientation == 7;
    for (size_t i = 0; i < job->count; i++) {
        uint32_t width, height;
        wfr_stored_size(job, i, &width, &height);
        for (uint32_t p = 0; p < 3; p++) {
            const wfr_plane_source target = target_plane(job, i, p);
            wfr_plane_source source;
            uint32_t source_width, source_height;
            plane_source(job, planes, i, p, &source, &source_width, &source_height);
            if (!wfr_resampler_init_plane(
                    &job->resamplers[i * 3 + p], source.width, source.height, target.width, target.height,
                    plane_spans(source_width, source.horizontal_factor, width, target.horizontal_factor, columns_reversed),
                    plane_spans(source_height, source.vertical_factor, height, target.vertical_factor, rows_reversed))) {
                return out_of_memory(job, width, height);
            }
        }
    }
    job->info.channels = 3;
    job->info.averaged_as_planes = 1;
    job->has_alpha = false;
    return WFR_STATUS_OK;
}

/// Hands the rows target `index`'s `plane` finished since `before` on to the targets averaged
/// from it.
static void pass_on(wfr_job *job, size_t index, uint32_t plane, uint32_t before);

/// Pushes `row` into target `index`'s `plane`, and what that finishes into its children.
static void push_into(wfr_job *job, size_t index, uint32_t plane, const uint8_t *row) {
    wfr_resampler *r = &job->resamplers[index * job->planes + plane];
    const uint32_t before = r->rows_out;
    wfr_resampler_push(r, row);
    pass_on(job, index, plane, before);
}

static void pass_on(wfr_job *job, size_t index, uint32_t plane, uint32_t before) {
    const wfr_resampler *r = &job->resamplers[index * job->planes + plane];
    for (uint32_t y = before; y < r->rows_out; y++) {
        const uint8_t *finished = r->pixels + (size_t)y * r->width * r->channels;
        for (size_t child = 0; child < job->count; child++) {
            if (parent_of(job, child, plane) == (int)index) push_into(job, child, plane, finished);
        }
    }
}

void wfr_job_push_plane(wfr_job *job, uint32_t plane, const uint8_t *row) {
    for (size_t i = 0; i < job->count; i++) {
        if (parent_of(job, i, plane) < 0) push_into(job, i, plane, row);
    }
}

void wfr_job_push(wfr_job *job, const uint8_t *row) { wfr_job_push_plane(job, 0, row); }

void wfr_job_finish(wfr_job *job) {
    for (size_t k = 0; k < job->count; k++) {
        const size_t index = job->finish_order[k];
        for (uint32_t p = 0; p < job->planes; p++) {
            wfr_resampler *r = &job->resamplers[index * job->planes + p];
            const uint32_t before = r->rows_out;
            wfr_resampler_finish(r);
            pass_on(job, index, p, before);
        }
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
    if (options->webp_quality < 0 || options->webp_quality > 100 || options->avif_quality < 0 ||
        options->avif_quality > 100 || options->avif_speed < 0 || options->avif_speed > 9) {
        wfr_message(message, capacity, "WebP quality %d, AVIF quality %d or AVIF speed %d is out of range",
                    options->webp_quality, options->avif_quality, options->avif_speed);
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

/// The WebP and AVIF renditions a run wants beside the JPEG or PNG ones (NULL for none).
typedef struct wfr_extras {
    wfr_rendition *webp;
    wfr_rendition *avif;
} wfr_extras;

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
        if (planes[p] == NULL) status = out_of_memory(job, target.width, target.height);
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

static wfr_status render(const uint8_t *bytes, size_t length, const wfr_options *options,
                         const wfr_target *targets, size_t count, bool raw, wfr_rendition *renditions,
                         wfr_extras extras, wfr_source_info *info, char *message, size_t message_capacity) {
    wfr_message(message, message_capacity, "%s", "");
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

    static const uint8_t jpeg_magic[3] = {0xFF, 0xD8, 0xFF};
    static const uint8_t png_magic[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (bytes != NULL && length >= 3 && memcmp(bytes, jpeg_magic, 3) == 0) {
        status = wfr_decode_jpeg(&job, bytes, length);
    } else if (bytes != NULL && length >= 8 && memcmp(bytes, png_magic, 8) == 0) {
        status = wfr_decode_png(&job, bytes, length);
    } else if (bytes != NULL && length >= 12 && (memcmp(bytes + 4, "ftyp", 4) == 0 ||
                                                 (memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "WEBP", 4) == 0))) {
        // HEIF/AVIF transforms are applied by libheif and WebP's EXIF by no browser: the
        // renditions are of the decoded pixels as they come, whatever orientation was passed.
        upright = *options;
        upright.orientation = 1;
        job.options = &upright;
        status = bytes[4] == 'f' ? wfr_decode_heif(&job, bytes, length) : wfr_decode_webp(&job, bytes, length);
    } else {
        wfr_message(message, message_capacity, "not a JPEG, PNG, HEIF/AVIF or WebP file");
        status = WFR_STATUS_UNSUPPORTED_FORMAT;
    }
    if (status == WFR_STATUS_OK) wfr_job_finish(&job);
    for (size_t i = 0; status == WFR_STATUS_OK && i < count; i++) {
        status = encode(&job, i, raw, &renditions[i], extras);
    }
    if (status != WFR_STATUS_OK) {
        for (size_t i = 0; i < count; i++) {
            wfr_rendition_free(&renditions[i]);
            if (extras.webp != NULL) wfr_rendition_free(&extras.webp[i]);
            if (extras.avif != NULL) wfr_rendition_free(&extras.avif[i]);
        }
    } else {
        wfr_message(message, message_capacity, "%s", "");
    }
    if (job.resamplers != NULL) {
        for (size_t i = 0; i < count * job.planes; i++) wfr_resampler_free(&job.resamplers[i]);
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
