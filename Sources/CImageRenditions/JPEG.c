// JPEG decode and encode with libjpeg-turbo. Each function keeps its setjmp, the library calls
// that can fail and the jump target together; the error manager jumps back instead of calling
// exit() and never prints. State the jump must not lose lives in caller-owned structs.

#include "Internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

#include <CImageSupportJPEG.h>

/// Warnings that mean the picture is damaged (data ends early, entropy data is broken) become
/// errors, so a truncated photo is reported rather than published half grey. Harmless warnings
/// (extraneous bytes between markers, common in camera files) are ignored. Nothing is printed.
static void emit_message(j_common_ptr info, int level) {
    if (level >= 0) return; // trace messages
    switch (info->err->msg_code) {
    case JWRN_JPEG_EOF:
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_MUST_RESYNC:
        wfi_jpeg_error_exit(info);
        break;
    default:
        info->err->num_warnings++;
        break;
    }
}


// MARK: - Decode

typedef struct decode_state {
    struct jpeg_decompress_struct info;
    wfi_jpeg_errors errors;
    /// Set when the function returns false without a library error.
    wfr_status status;
    uint8_t *row;
    uint8_t *converted;
    /// Planes: the row pointers into `row` for `jpeg_read_raw_data`.
    JSAMPROW *plane_rows;
} decode_state;

/// Smallest power-of-two DCT scale 1/8, 1/4, 1/2, 1 whose output is still at least twice every
/// target, so the box filter always averages 2×2 or more source pixels (full size when no scale
/// is that large). Measured against Pillow LANCZOS of a full decode (Benchmarks/renditions), a
/// box over 1–2 pixels after a scale that merely covers the target is visibly soft and aliased
/// (SSIM down to 0.97); from 2× up it stays above 0.99, for about a tenth more decode time.
/// (libjpeg-turbo's SIMD code covers these scales; 3/8, 5/8… fall back to slower plain C.)
static unsigned pick_denominator(const wfr_job *job, uint32_t width, uint32_t height) {
    uint32_t need_width = 0, need_height = 0;
    for (size_t i = 0; i < job->count; i++) {
        uint32_t w, h;
        wfr_stored_size(job, i, &w, &h);
        if (w > need_width) need_width = w;
        if (h > need_height) need_height = h;
    }
    for (unsigned denominator = 8; denominator > 1; denominator /= 2) {
        uint32_t w = (width + denominator - 1) / denominator;
        uint32_t h = (height + denominator - 1) / denominator;
        if (w >= 2 * (uint64_t)need_width && h >= 2 * (uint64_t)need_height) return denominator;
    }
    return 1;
}

/// Adobe CMYK (inverted: 255 means no ink, as Photoshop writes it, marked by the Adobe APP14
/// segment) or plain CMYK to RGB: R = (1 − C)(1 − K) with C, K the ink amounts.
static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, uint32_t width, bool inverted) {
    for (uint32_t x = 0; x < width; x++, cmyk += 4, rgb += 3) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[0] = (uint8_t)((c * k + 127) / 255);
        rgb[1] = (uint8_t)((m * k + 127) / 255);
        rgb[2] = (uint8_t)((y * k + 127) / 255);
    }
}

// libjpeg 7 and later (and libjpeg-turbo's jpeg7/8 API) scale each axis on its own.
#if JPEG_LIB_VERSION >= 70
#define SCALED_COLUMNS(component) ((component)->DCT_h_scaled_size)
#define SCALED_ROWS(component) ((component)->DCT_v_scaled_size)
#else
#define SCALED_COLUMNS(component) ((component)->DCT_scaled_size)
#define SCALED_ROWS(component) ((component)->DCT_scaled_size)
#endif

/// The decoded planes' sizes and sampling (after `jpeg_calc_output_dimensions`); false for a
/// layout where luma is not the full-size plane or a chroma sample is not a whole number of
/// decoded pixels. (When scaling, libjpeg may decode chroma at a larger DCT size than luma.)
static bool describe_planes(const struct jpeg_decompress_struct *info, wfr_plane_source planes[3]) {
    const jpeg_component_info *luma = &info->comp_info[0];
    if (luma->h_samp_factor != info->max_h_samp_factor || luma->v_samp_factor != info->max_v_samp_factor ||
        luma->downsampled_width != info->output_width || luma->downsampled_height != info->output_height) {
        return false;
    }
    for (int c = 0; c < 3; c++) {
        const jpeg_component_info *component = &info->comp_info[c];
        // A block of this plane covers as much of the picture as this many luma blocks, and
        // holds SCALED samples per side where luma holds its own SCALED.
        const int across = info->max_h_samp_factor / component->h_samp_factor;
        const int down = info->max_v_samp_factor / component->v_samp_factor;
        const int columns = across * SCALED_COLUMNS(luma), rows = down * SCALED_ROWS(luma);
        if (component->h_samp_factor < 1 || component->v_samp_factor < 1 ||
            info->max_h_samp_factor % component->h_samp_factor != 0 ||
            info->max_v_samp_factor % component->v_samp_factor != 0 || SCALED_COLUMNS(component) < 1 ||
            SCALED_ROWS(component) < 1 || columns % SCALED_COLUMNS(component) != 0 || rows % SCALED_ROWS(component) != 0) {
            return false;
        }
        planes[c] = (wfr_plane_source){component->downsampled_width, component->downsampled_height,
                                       (uint32_t)(columns / SCALED_COLUMNS(component)),
                                       (uint32_t)(rows / SCALED_ROWS(component))};
    }
    return true;
}

/// Decodes the planes as stored (`raw_data_out`), one row of MCUs at a time, and pushes each
/// plane's rows.
static bool decode_planes(wfr_job *job, decode_state *state, const wfr_plane_source planes[3]) {
    struct jpeg_decompress_struct *info = &state->info;
    info->raw_data_out = TRUE;
    jpeg_start_decompress(info);
    wfr_status status = wfr_job_begin_planes(job, planes);
    if (status != WFR_STATUS_OK) {
        state->status = status;
        return false;
    }
    // Per plane: the rows one call gives (a row of MCUs), each as wide as its blocks.
    JSAMPROW *rows[3];
    size_t row_count[3], total = 0;
    for (int c = 0; c < 3; c++) {
        const jpeg_component_info *component = &info->comp_info[c];
        row_count[c] = (size_t)component->v_samp_factor * (size_t)SCALED_ROWS(component);
        total += row_count[c] * (size_t)component->width_in_blocks * (size_t)SCALED_COLUMNS(component);
    }
    state->row = malloc(total);
    state->plane_rows = malloc(sizeof(JSAMPROW) * (row_count[0] + row_count[1] + row_count[2]));
    if (state->row == NULL || state->plane_rows == NULL) {
        state->status = WFR_STATUS_OUT_OF_MEMORY;
        wfi_message(job->message, job->message_capacity, "out of memory for a row of blocks");
        return false;
    }
    uint8_t *next = state->row;
    JSAMPROW *next_row = state->plane_rows;
    for (int c = 0; c < 3; c++) {
        const jpeg_component_info *component = &info->comp_info[c];
        const size_t width = (size_t)component->width_in_blocks * (size_t)SCALED_COLUMNS(component);
        rows[c] = next_row;
        for (size_t r = 0; r < row_count[c]; r++, next += width) *next_row++ = next;
    }
    const JDIMENSION lines = (JDIMENSION)row_count[0]; // luma has the largest sampling factors
    uint32_t pushed[3] = {0, 0, 0};
    while (info->output_scanline < info->output_height) {
        JSAMPARRAY data[3] = {rows[0], rows[1], rows[2]};
        if (jpeg_read_raw_data(info, data, lines) == 0) break;
        for (uint32_t c = 0; c < 3; c++) {
            for (size_t r = 0; r < row_count[c] && pushed[c] < planes[c].height; r++, pushed[c]++) {
                wfr_job_push_plane(job, c, rows[c][r]);
            }
        }
    }
    jpeg_finish_decompress(info);
    return true;
}

static bool decode(wfr_job *job, decode_state *state, const uint8_t *bytes, size_t length) {
    struct jpeg_decompress_struct *info = &state->info;
    if (setjmp(state->errors.jump)) return false;
    jpeg_create_decompress(info);
    jpeg_mem_src(info, bytes, (unsigned long)length);
    jpeg_save_markers(info, JPEG_APP0 + 2, 0xFFFF); // ICC profile segments
    jpeg_read_header(info, TRUE);

    const uint32_t width = info->image_width, height = info->image_height;
    job->info.width = width;
    job->info.height = height;
    job->info.encoding = WFR_ENCODING_JPEG;
    const wfr_status limits = wfr_check_size(job, width, height);
    if (limits != WFR_STATUS_OK) {
        state->status = limits;
        return false;
    }

    bool cmyk = false;
    const char *icc_space = "RGB ";
    switch (info->jpeg_color_space) {
    case JCS_GRAYSCALE:
        info->out_color_space = JCS_GRAYSCALE;
        icc_space = "GRAY";
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        info->out_color_space = JCS_CMYK; // libjpeg turns YCCK into CMYK
        cmyk = true;
        icc_space = NULL; // a CMYK profile does not describe the RGB renditions
        break;
    default:
        info->out_color_space = JCS_RGB;
        break;
    }
    JOCTET *icc = NULL;
    unsigned icc_length = 0;
    if (jpeg_read_icc_profile(info, &icc, &icc_length)) {
        if (icc_space != NULL && wfr_icc_matches(icc, icc_length, icc_space)) {
            job->icc = icc;
            job->icc_length = icc_length;
        } else {
            free(icc);
        }
    }

    const unsigned denominator = pick_denominator(job, width, height);
    info->scale_num = 1;
    info->scale_denom = denominator;
    info->dct_method = JDCT_ISLOW;
    jpeg_calc_output_dimensions(info);
    // Merged (non-fancy) chroma upsampling is faster; the box filter that follows averages away
    // the difference (no measurable SSIM change) unless the rendition is (nearly) the decoded size.
    uint32_t largest = 0;
    for (size_t i = 0; i < job->count; i++) {
        uint32_t w, h;
        wfr_stored_size(job, i, &w, &h);
        if (w > largest) largest = w;
    }
    info->do_fancy_upsampling = (uint64_t)info->output_width * 4 < (uint64_t)largest * 5;
    job->info.scale_eighths = (int32_t)(8 / denominator);

    // A YCbCr photo is averaged as its three planes, as stored (no chroma upsampling, no colour
    // conversion, and the encoder takes the planes as they come): half the samples of RGB.
    wfr_plane_source planes[3];
    if (info->jpeg_color_space == JCS_YCbCr && info->num_components == 3 && describe_planes(info, planes) &&
        wfr_job_takes_planes(job, planes)) {
        return decode_planes(job, state, planes);
    }

    jpeg_start_decompress(info);
    const uint32_t decoded_width = info->output_width, components = (uint32_t)info->output_components;
    const uint32_t channels = cmyk ? 3 : components;
    wfr_status status = wfr_job_begin(job, decoded_width, info->output_height, channels, false);
    if (status != WFR_STATUS_OK) {
        state->status = status;
        return false;
    }
    // As many rows per call as the upsampler makes at once (2 for merged h2v2), so libjpeg
    // writes straight into our rows instead of copying through a spare row.
    const size_t stride = (size_t)decoded_width * components;
    const int batch = info->rec_outbuf_height > 0 && info->rec_outbuf_height <= 4 ? info->rec_outbuf_height : 1;
    state->row = malloc(stride * (size_t)batch);
    if (cmyk) state->converted = malloc((size_t)decoded_width * 3);
    if (state->row == NULL || (cmyk && state->converted == NULL)) {
        state->status = WFR_STATUS_OUT_OF_MEMORY;
        wfi_message(job->message, job->message_capacity, "out of memory for a scanline");
        return false;
    }
    const bool inverted = info->saw_Adobe_marker;
    JSAMPROW rows[4];
    for (int i = 0; i < batch; i++) rows[i] = state->row + (size_t)i * stride;
    while (info->output_scanline < info->output_height) {
        JDIMENSION read = jpeg_read_scanlines(info, rows, (JDIMENSION)batch);
        if (read == 0) break;
        for (JDIMENSION i = 0; i < read; i++) {
            if (cmyk) {
                cmyk_to_rgb(rows[i], state->converted, decoded_width, inverted);
                wfr_job_push(job, state->converted);
            } else {
                wfr_job_push(job, rows[i]);
            }
        }
    }
    jpeg_finish_decompress(info);
    return true;
}

wfr_status wfr_decode_jpeg(wfr_job *job, const uint8_t *bytes, size_t length) {
    decode_state state;
    memset(&state, 0, sizeof state);
    state.info.err = &state.errors.manager;
    wfi_jpeg_errors_install(&state.errors, emit_message);
    state.status = WFR_STATUS_OK;
    wfr_status status = WFR_STATUS_OK;
    if (!decode(job, &state, bytes, length)) {
        status = state.status;
        if (status == WFR_STATUS_OK) {
            wfi_jpeg_message((j_common_ptr)&state.info, job->message, job->message_capacity);
            status = WFR_STATUS_CORRUPT_DATA;
        }
    }
    free(state.row);
    free(state.converted);
    free(state.plane_rows);
    jpeg_destroy_decompress(&state.info);
    return status;
}

// MARK: - Encode

/// A destination that grows a buffer this file owns, so a failed encode never leaks or leaves
/// the caller a dangling pointer (libjpeg's own memory destination keeps its current buffer in a
/// private struct until the end).
typedef struct destination {
    struct jpeg_destination_mgr manager; // first, so the library's pointer converts back
    uint8_t *buffer;
    size_t capacity;
} destination;

static void init_destination(j_compress_ptr info) {
    destination *d = (destination *)info->dest;
    d->manager.next_output_byte = d->buffer;
    d->manager.free_in_buffer = d->capacity;
}

static boolean empty_output_buffer(j_compress_ptr info) {
    destination *d = (destination *)info->dest;
    size_t used = d->capacity;
    uint8_t *bigger = realloc(d->buffer, d->capacity * 2);
    if (bigger == NULL) ERREXIT1(info, JERR_OUT_OF_MEMORY, 10);
    d->buffer = bigger;
    d->capacity *= 2;
    d->manager.next_output_byte = d->buffer + used;
    d->manager.free_in_buffer = d->capacity - used;
    return TRUE;
}

static void term_destination(j_compress_ptr info) { (void)info; }

typedef struct encode_state {
    struct jpeg_compress_struct info;
    wfi_jpeg_errors errors;
    destination output;
    /// Interleaved input: one pointer per row. Planes: one row of MCUs (16 luma rows, 8 of each
    /// chroma plane), copied from the planes with each row padded to whole blocks.
    JSAMPROW *rows;
    uint8_t *mcu_row;
    JSAMPROW mcu_rows[32];
    /// Each plane's rows padded to whole blocks (Y, Cb, Cr).
    size_t padded_widths[3];
    /// The symbols, when HuffmanOptimizer.c codes them instead of libjpeg.
    wfr_huffman_capture symbols;
    bool captured;
} encode_state;

/// What an encode reads: interleaved pixels, or (`pixels` NULL) the Y, Cb and Cr planes of a
/// 4:2:0 image, the chroma ones half the size each way (rounded up).
typedef struct encode_input {
    const uint8_t *pixels;
    wfr_pixel_model model;
    const uint8_t *planes[3];
    uint32_t width, height;
} encode_input;

/// The planes' samples in one call of `jpeg_write_raw_data`: luma rows `y` to `y` + 15 and chroma
/// rows `y` / 2 to `y` / 2 + 7, each padded on the right to whole blocks by repeating its last
/// sample, and rows past the end repeating the last row, as libjpeg pads pixels it converts
/// itself. Copied rather than read in place: libjpeg reads 8 rows at once for each block, which
/// from a large plane costs more than the copy.
static void fill_mcu_row(encode_state *state, const encode_input *input, uint32_t y) {
    for (unsigned r = 0; r < 32; r++) {
        const unsigned p = r < 16 ? 0 : r < 24 ? 1 : 2;
        const uint32_t width = p == 0 ? input->width : (input->width + 1) / 2;
        const uint32_t height = p == 0 ? input->height : (input->height + 1) / 2;
        const uint32_t row = p == 0 ? y + r : y / 2 + (r - (p == 1 ? 16 : 24));
        const uint8_t *source = input->planes[p] + (size_t)(row < height ? row : height - 1) * width;
        uint8_t *destination = state->mcu_rows[r];
        memcpy(destination, source, width);
        memset(destination + width, source[width - 1], state->padded_widths[p] - width);
    }
}

static bool encode(encode_state *state, encode_input *input, int32_t quality, const uint8_t *icc,
                   size_t icc_length, bool optimize) {
    struct jpeg_compress_struct *info = &state->info;
    if (setjmp(state->errors.jump)) return false;
    jpeg_create_compress(info);
    info->dest = &state->output.manager;
    info->image_width = input->width;
    info->image_height = input->height;
    const bool planes = input->pixels == NULL;
    switch (planes ? WFR_PIXELS_RGB : input->model) {
    case WFR_PIXELS_GRAY: info->input_components = 1; info->in_color_space = JCS_GRAYSCALE; break;
    case WFR_PIXELS_RGB: info->input_components = 3; info->in_color_space = planes ? JCS_YCbCr : JCS_RGB; break;
    default: info->input_components = 4; info->in_color_space = JCS_CMYK; break;
    }
    jpeg_set_defaults(info);
    if (!planes && input->model == WFR_PIXELS_CMYK_INVERTED) jpeg_set_colorspace(info, JCS_CMYK);
    if (!planes && input->model == WFR_PIXELS_YCCK_INVERTED) jpeg_set_colorspace(info, JCS_YCCK);
    jpeg_set_quality(info, quality, TRUE);
    // Planes are written as they are: luma full size, chroma halved each way (the defaults).
    info->raw_data_in = planes;
    // Baseline with optimised Huffman tables, not progressive: a gallery page decodes hundreds
    // of these small images, which a browser does with less work and memory when baseline, and a
    // progressive encode costs a third of a build's time for files about 3% smaller. The tables
    // are optimised by HuffmanOptimizer.c, which codes the blocks in libjpeg's place, unless it
    // cannot and libjpeg has to.
    info->optimize_coding = optimize;
    jpeg_start_compress(info, TRUE);
    if (!optimize) state->captured = wfr_huffman_capture_start(info, &state->symbols);
    if (icc != NULL && icc_length > 0) jpeg_write_icc_profile(info, icc, (unsigned)icc_length);
    if (planes) {
        while (info->next_scanline < input->height) {
            fill_mcu_row(state, input, info->next_scanline);
            JSAMPARRAY rows[3] = {state->mcu_rows, state->mcu_rows + 16, state->mcu_rows + 24};
            if (jpeg_write_raw_data(info, rows, 16) == 0) break;
        }
    } else {
        const size_t stride = (size_t)input->width * (size_t)info->input_components;
        for (uint32_t y = 0; y < input->height; y++) state->rows[y] = (JSAMPROW)(input->pixels + y * stride);
        while (info->next_scanline < input->height) {
            jpeg_write_scanlines(info, state->rows + info->next_scanline, input->height - info->next_scanline);
        }
    }
    jpeg_finish_compress(info);
    return true;
}

/// Encodes `input` (see `encode`), optimising the Huffman tables with HuffmanOptimizer.c, or
/// with libjpeg when that cannot.
static wfr_status encode_input_jpeg(encode_input *input, int32_t quality, const uint8_t *icc, size_t icc_length,
                                    wfr_rendition *out, char *message, size_t message_capacity) {
    memset(out, 0, sizeof *out);
    if ((input->pixels == NULL && input->planes[0] == NULL) || input->width == 0 || input->height == 0 ||
        quality < 1 || quality > 100) {
        wfi_message(message, message_capacity, "invalid JPEG encode request");
        return WFR_STATUS_INVALID_REQUEST;
    }
    encode_state state;
    memset(&state, 0, sizeof state);
    state.info.err = &state.errors.manager;
    wfi_jpeg_errors_install(&state.errors, emit_message);
    state.output.manager.init_destination = init_destination;
    state.output.manager.empty_output_buffer = empty_output_buffer;
    state.output.manager.term_destination = term_destination;
    state.output.capacity = 64 * 1024;
    state.output.buffer = malloc(state.output.capacity);
    bool ready = state.output.buffer != NULL;
    if (input->pixels != NULL) {
        state.rows = malloc(sizeof(JSAMPROW) * input->height);
        ready = ready && state.rows != NULL;
    } else {
        const size_t luma_width = ((size_t)input->width + 7) / 8 * 8;
        const size_t chroma_width = (((size_t)input->width + 1) / 2 + 7) / 8 * 8;
        state.padded_widths[0] = luma_width;
        state.padded_widths[1] = state.padded_widths[2] = chroma_width;
        state.mcu_row = malloc(16 * luma_width + 16 * chroma_width);
        ready = ready && state.mcu_row != NULL;
        for (unsigned r = 0; ready && r < 32; r++) {
            state.mcu_rows[r] = state.mcu_row + (r < 16 ? r * luma_width : 16 * luma_width + (r - 16) * chroma_width);
        }
    }
    bool encoded = false;
    if (ready) {
        encoded = encode(&state, input, quality, icc, icc_length, false);
        if (encoded && state.captured &&
            wfr_huffman_capture_finish(state.output.buffer, state.output.capacity - state.output.manager.free_in_buffer,
                                       &state.symbols, out)) {
            free(state.output.buffer);
        } else {
            if (encoded) {
                // Not expected for what this encoder writes; libjpeg's own optimisation gives the
                // same bytes, only slower.
                jpeg_destroy_compress(&state.info);
                encoded = encode(&state, input, quality, icc, icc_length, true);
            }
            if (encoded) {
                out->bytes = state.output.buffer;
                out->length = state.output.capacity - state.output.manager.free_in_buffer;
            } else {
                wfi_jpeg_message((j_common_ptr)&state.info, message, message_capacity);
                free(state.output.buffer);
            }
        }
    } else {
        wfi_message(message, message_capacity, "out of memory for a JPEG encode");
        free(state.output.buffer);
    }
    if (encoded) {
        out->width = input->width;
        out->height = input->height;
    }
    wfr_huffman_capture_free(&state.symbols);
    free(state.rows);
    free(state.mcu_row);
    jpeg_destroy_compress(&state.info);
    return encoded ? WFR_STATUS_OK : WFR_STATUS_OUT_OF_MEMORY; // the only way a valid request fails
}

wfr_status wfr_encode_jpeg_planes(const uint8_t *const planes[3], uint32_t width, uint32_t height, int32_t quality,
                                  const uint8_t *icc, size_t icc_length, wfr_rendition *out, char *message,
                                  size_t message_capacity) {
    encode_input input = {.width = width, .height = height, .planes = {planes[0], planes[1], planes[2]}};
    return encode_input_jpeg(&input, quality, icc, icc_length, out, message, message_capacity);
}

wfr_status wfr_encode_jpeg(const uint8_t *pixels, uint32_t width, uint32_t height,
                           wfr_pixel_model model, int32_t quality, const uint8_t *icc,
                           size_t icc_length, wfr_rendition *out, char *message,
                           size_t message_capacity) {
    encode_input input = {.pixels = pixels, .model = model, .width = width, .height = height};
    return encode_input_jpeg(&input, quality, icc, icc_length, out, message, message_capacity);
}
