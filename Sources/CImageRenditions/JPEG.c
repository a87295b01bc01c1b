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

typedef struct error_context {
    struct jpeg_error_mgr manager; // first, so the library's pointer converts back
    jmp_buf jump;
} error_context;

static void error_exit(j_common_ptr info) {
    error_context *context = (error_context *)info->err;
    longjmp(context->jump, 1);
}

static void output_message(j_common_ptr info) { (void)info; }

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
        error_exit(info);
        break;
    default:
        info->err->num_warnings++;
        break;
    }
}

static void install_errors(struct jpeg_error_mgr *manager) {
    jpeg_std_error(manager);
    manager->error_exit = error_exit;
    manager->emit_message = emit_message;
    manager->output_message = output_message;
}

static void library_message(j_common_ptr info, char *message, size_t capacity) {
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    wfr_message(message, capacity, "%s", text);
}

// MARK: - Decode

typedef struct decode_state {
    struct jpeg_decompress_struct info;
    error_context errors;
    /// Set when the function returns false without a library error.
    wfr_status status;
    uint8_t *row;
    uint8_t *converted;
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
        wfr_message(job->message, job->message_capacity, "out of memory for a scanline");
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
    install_errors(&state.errors.manager);
    state.status = WFR_STATUS_OK;
    wfr_status status = WFR_STATUS_OK;
    if (!decode(job, &state, bytes, length)) {
        status = state.status;
        if (status == WFR_STATUS_OK) {
            library_message((j_common_ptr)&state.info, job->message, job->message_capacity);
            status = WFR_STATUS_CORRUPT_DATA;
        }
    }
    free(state.row);
    free(state.converted);
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
    error_context errors;
    destination output;
    JSAMPROW *rows;
    /// The symbols, when HuffmanOptimizer.c codes them instead of libjpeg.
    wfr_huffman_capture symbols;
    bool captured;
} encode_state;

static bool encode(encode_state *state, const uint8_t *pixels, uint32_t width, uint32_t height,
                   wfr_pixel_model model, int32_t quality, const uint8_t *icc, size_t icc_length,
                   bool optimize) {
    struct jpeg_compress_struct *info = &state->info;
    if (setjmp(state->errors.jump)) return false;
    jpeg_create_compress(info);
    info->dest = &state->output.manager;
    info->image_width = width;
    info->image_height = height;
    switch (model) {
    case WFR_PIXELS_GRAY: info->input_components = 1; info->in_color_space = JCS_GRAYSCALE; break;
    case WFR_PIXELS_RGB: info->input_components = 3; info->in_color_space = JCS_RGB; break;
    default: info->input_components = 4; info->in_color_space = JCS_CMYK; break;
    }
    jpeg_set_defaults(info);
    if (model == WFR_PIXELS_CMYK_INVERTED) jpeg_set_colorspace(info, JCS_CMYK);
    if (model == WFR_PIXELS_YCCK_INVERTED) jpeg_set_colorspace(info, JCS_YCCK);
    jpeg_set_quality(info, quality, TRUE);
    // Baseline with optimised Huffman tables, not progressive: a gallery page decodes hundreds
    // of these small images, which a browser does with less work and memory when baseline, and a
    // progressive encode costs a third of a build's time for files about 3% smaller. The tables
    // are optimised by HuffmanOptimizer.c, which codes the blocks in libjpeg's place, unless it
    // cannot and libjpeg has to.
    info->optimize_coding = optimize;
    jpeg_start_compress(info, TRUE);
    if (!optimize) state->captured = wfr_huffman_capture_start(info, &state->symbols);
    if (icc != NULL && icc_length > 0) jpeg_write_icc_profile(info, icc, (unsigned)icc_length);
    const size_t stride = (size_t)width * (size_t)info->input_components;
    for (uint32_t y = 0; y < height; y++) state->rows[y] = (JSAMPROW)(pixels + y * stride);
    while (info->next_scanline < height) {
        jpeg_write_scanlines(info, state->rows + info->next_scanline, height - info->next_scanline);
    }
    jpeg_finish_compress(info);
    return true;
}

wfr_status wfr_encode_jpeg(const uint8_t *pixels, uint32_t width, uint32_t height,
                           wfr_pixel_model model, int32_t quality, const uint8_t *icc,
                           size_t icc_length, wfr_rendition *out, char *message,
                           size_t message_capacity) {
    memset(out, 0, sizeof *out);
    if (pixels == NULL || width == 0 || height == 0 || quality < 1 || quality > 100) {
        wfr_message(message, message_capacity, "invalid JPEG encode request");
        return WFR_STATUS_INVALID_REQUEST;
    }
    encode_state state;
    memset(&state, 0, sizeof state);
    state.info.err = &state.errors.manager;
    install_errors(&state.errors.manager);
    state.output.manager.init_destination = init_destination;
    state.output.manager.empty_output_buffer = empty_output_buffer;
    state.output.manager.term_destination = term_destination;
    state.output.capacity = 64 * 1024;
    state.output.buffer = malloc(state.output.capacity);
    state.rows = malloc(sizeof(JSAMPROW) * height);
    if (state.output.buffer == NULL || state.rows == NULL) {
        free(state.output.buffer);
        free(state.rows);
        wfr_message(message, message_capacity, "out of memory for a JPEG encode");
        return WFR_STATUS_OUT_OF_MEMORY;
    }
    bool encoded = encode(&state, pixels, width, height, model, quality, icc, icc_length, false);
    if (encoded && state.captured &&
        wfr_huffman_capture_finish(state.output.buffer, state.output.capacity - state.output.manager.free_in_buffer,
                                   &state.symbols, out)) {
        free(state.output.buffer);
    } else {
        if (encoded) {
            // Not expected for what this encoder writes; libjpeg's own optimisation gives the
            // same bytes, only slower.
            jpeg_destroy_compress(&state.info);
            encoded = encode(&state, pixels, width, height, model, quality, icc, icc_length, true);
        }
        if (encoded) {
            out->bytes = state.output.buffer;
            out->length = state.output.capacity - state.output.manager.free_in_buffer;
        } else {
            library_message((j_common_ptr)&state.info, message, message_capacity);
            free(state.output.buffer);
        }
    }
    if (encoded) {
        out->width = width;
        out->height = height;
    }
    const wfr_status status = encoded ? WFR_STATUS_OK : WFR_STATUS_OUT_OF_MEMORY; // the only way a valid request fails
    wfr_huffman_capture_free(&state.symbols);
    free(state.rows);
    jpeg_destroy_compress(&state.info);
    return status;
}
