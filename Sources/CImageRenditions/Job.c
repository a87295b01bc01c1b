// The rendition job: one resampler per target (three for a YCbCr JPEG's planes), each smaller
// target averaged from a larger one's finished rows. The decoders feed it; it calls no decoder
// and nothing of the dispatcher (Render.c), so the graph runs one way.

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
        wfi_message(job->message, job->message_capacity, "%ux%u is %llu pixels, over the limit of %llu",
                    width, height, (unsigned long long)width * height,
                    (unsigned long long)job->options->max_pixels);
        return WFR_STATUS_TOO_MANY_PIXELS;
    }
    for (size_t i = 0; i < job->count; i++) {
        uint32_t w, h;
        wfr_stored_size(job, i, &w, &h);
        if (w > width || h > height) {
            wfi_message(job->message, job->message_capacity, "rendition %ux%u is larger than the image (%ux%u stored)",
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

wfr_status wfr_job_out_of_memory(wfr_job *job, uint32_t width, uint32_t height) {
    wfi_message(job->message, job->message_capacity, "out of memory for a %ux%u rendition", width, height);
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
            return wfr_job_out_of_memory(job, width, height);
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
                return wfr_job_out_of_memory(job, width, height);
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

void wfr_job_release(wfr_job *job) {
    if (job->resamplers != NULL) {
        for (size_t i = 0; i < job->count * job->planes; i++) wfr_resampler_free(&job->resamplers[i]);
        free(job->resamplers);
    }
    free(job->parents);
    free(job->finish_order);
    job->resamplers = NULL;
    job->parents = NULL;
    job->finish_order = NULL;
}
