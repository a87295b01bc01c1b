// PNG decode and encode with libpng. The error callback copies libpng's message and jumps back to
// the setjmp in the same file; the warning callback is silent. The source is in memory, so no
// chunk can legitimately be longer than the data: `png_set_chunk_malloc_max` bounds every
// ancillary-chunk allocation (and decompression) by the file's size, whatever a header claims.

#include "Internal.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

typedef struct png_state {
    png_structp png;
    png_infop info;
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    /// Set when the function returns false without a library error.
    wfr_status status;
    char text[WFR_MESSAGE_CAPACITY];
    uint8_t *row;
    uint8_t *image;
    png_bytep *rows;
    /// Encode: the growing output.
    uint8_t *output;
    size_t output_length;
    size_t output_capacity;
} png_state;

static void error_callback(png_structp png, png_const_charp text) {
    png_state *state = png_get_error_ptr(png);
    wfi_message(state->text, sizeof state->text, "%s", text);
    png_longjmp(png, 1);
}

static void warning_callback(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void read_callback(png_structp png, png_bytep out, size_t count) {
    png_state *state = png_get_io_ptr(png);
    if (count > state->length - state->offset) png_error(png, "the data ends early (truncated file)");
    memcpy(out, state->bytes + state->offset, count);
    state->offset += count;
}

static bool decode(wfr_job *job, png_state *state) {
    if (setjmp(png_jmpbuf(state->png))) return false;
    png_structp png = state->png;
    png_set_read_fn(png, state, read_callback);
    png_set_chunk_malloc_max(png, state->length + 1024);
    png_read_info(png, state->info);

    png_uint_32 width, height;
    int depth, color_type, interlace;
    png_get_IHDR(png, state->info, &width, &height, &depth, &color_type, &interlace, NULL, NULL);
    job->info.width = width;
    job->info.height = height;
    job->info.scale_eighths = 8;
    const wfr_status limits = wfr_check_size(job, width, height);
    if (limits != WFR_STATUS_OK) {
        state->status = limits;
        return false;
    }

    const bool transparency = png_get_valid(png, state->info, PNG_INFO_tRNS) != 0;
    const bool gray = (color_type & PNG_COLOR_MASK_COLOR) == 0;
    const bool alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || transparency;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (gray && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (transparency) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, state->info);
    const uint32_t channels = (gray ? 1 : 3) + (alpha ? 1 : 0);
    const size_t row_bytes = png_get_rowbytes(png, state->info);
    if (row_bytes != (size_t)width * channels) png_error(png, "unexpected row layout after expansion");

    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 profile_length;
    if (png_get_iCCP(png, state->info, &name, &compression, &profile, &profile_length) &&
        wfr_icc_matches(profile, profile_length, gray ? "GRAY" : "RGB ")) {
        job->icc = malloc(profile_length);
        if (job->icc != NULL) {
            memcpy(job->icc, profile, profile_length);
            job->icc_length = profile_length;
        }
    }
    job->info.encoding = alpha ? WFR_ENCODING_PNG : WFR_ENCODING_JPEG;

    wfr_status status = wfr_job_begin(job, width, height, channels, alpha);
    if (status != WFR_STATUS_OK) {
        state->status = status;
        return false;
    }
    if (passes > 1) {
        // Adam7 fills every row in seven passes, so the whole image is needed (the pixel limit
        // has bounded it).
        state->image = malloc(row_bytes * height);
        state->rows = malloc(sizeof(png_bytep) * height);
        if (state->image == NULL || state->rows == NULL) {
            state->status = WFR_STATUS_OUT_OF_MEMORY;
            wfi_message(job->message, job->message_capacity, "out of memory for an interlaced %ux%u PNG", width, height);
            return false;
        }
        for (uint32_t y = 0; y < height; y++) state->rows[y] = state->image + y * row_bytes;
        png_read_image(png, state->rows);
        for (uint32_t y = 0; y < height; y++) wfr_job_push(job, state->rows[y]);
    } else {
        state->row = malloc(row_bytes);
        if (state->row == NULL) {
            state->status = WFR_STATUS_OUT_OF_MEMORY;
            wfi_message(job->message, job->message_capacity, "out of memory for a row");
            return false;
        }
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, state->row, NULL);
            wfr_job_push(job, state->row);
        }
    }
    return true;
}

wfr_status wfr_decode_png(wfr_job *job, const uint8_t *bytes, size_t length) {
    png_state state;
    memset(&state, 0, sizeof state);
    state.bytes = bytes;
    state.length = length;
    state.status = WFR_STATUS_OK;
    state.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, error_callback, warning_callback);
    if (state.png != NULL) state.info = png_create_info_struct(state.png);
    if (state.png == NULL || state.info == NULL) {
        png_destroy_read_struct(&state.png, NULL, NULL);
        wfi_message(job->message, job->message_capacity, "out of memory for libpng");
        return WFR_STATUS_OUT_OF_MEMORY;
    }
    wfr_status status = WFR_STATUS_OK;
    if (!decode(job, &state)) {
        status = state.status;
        if (status == WFR_STATUS_OK) {
            wfi_message(job->message, job->message_capacity, "%s", state.text);
            status = WFR_STATUS_CORRUPT_DATA;
        }
    }
    free(state.row);
    free(state.image);
    free(state.rows);
    png_destroy_read_struct(&state.png, &state.info, NULL);
    return status;
}

static void write_callback(png_structp png, png_bytep data, size_t count) {
    png_state *state = png_get_io_ptr(png);
    if (count > state->output_capacity - state->output_length) {
        size_t capacity = state->output_capacity ? state->output_capacity : 64 * 1024;
        while (capacity - state->output_length < count) capacity *= 2;
        uint8_t *bigger = realloc(state->output, capacity);
        if (bigger == NULL) png_error(png, "out of memory for the PNG output");
        state->output = bigger;
        state->output_capacity = capacity;
    }
    memcpy(state->output + state->output_length, data, count);
    state->output_length += count;
}

static void flush_callback(png_structp png) { (void)png; }

static bool encode(png_state *state, const uint8_t *pixels, uint32_t width, uint32_t height,
                   uint32_t channels, const uint8_t *icc, size_t icc_length) {
    if (setjmp(png_jmpbuf(state->png))) return false;
    static const int color_types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                       PNG_COLOR_TYPE_RGB_ALPHA};
    png_set_write_fn(state->png, state, write_callback, flush_callback);
    png_set_IHDR(state->png, state->info, width, height, 8, color_types[channels], PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (icc != NULL && icc_length > 0) {
        png_set_iCCP(state->png, state->info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_length);
    }
    png_write_info(state->png, state->info);
    for (uint32_t y = 0; y < height; y++) png_write_row(state->png, pixels + (size_t)y * width * channels);
    png_write_end(state->png, state->info);
    return true;
}

wfr_status wfr_encode_png(const uint8_t *pixels, uint32_t width, uint32_t height,
                          uint32_t channels, const uint8_t *icc, size_t icc_length,
                          wfr_rendition *out, char *message, size_t capacity) {
    memset(out, 0, sizeof *out);
    if (channels < 1 || channels > 4) return WFR_STATUS_INVALID_REQUEST;
    png_state state;
    memset(&state, 0, sizeof state);
    state.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, error_callback, warning_callback);
    if (state.png != NULL) state.info = png_create_info_struct(state.png);
    if (state.png == NULL || state.info == NULL) {
        png_destroy_write_struct(&state.png, NULL);
        wfi_message(message, capacity, "out of memory for libpng");
        return WFR_STATUS_OUT_OF_MEMORY;
    }
    wfr_status status = WFR_STATUS_OK;
    if (encode(&state, pixels, width, height, channels, icc, icc_length)) {
        out->bytes = state.output;
        out->length = state.output_length;
        out->width = width;
        out->height = height;
    } else {
        wfi_message(message, capacity, "%s", state.text);
        free(state.output);
        status = WFR_STATUS_OUT_OF_MEMORY;
    }
    png_destroy_write_struct(&state.png, &state.info);
    return status;
}
