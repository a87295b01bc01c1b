// JPEG: `jpeg_read_header` over the shared reader, with an error manager that jumps back here
// instead of calling exit(), and that never prints.

#include "Internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

enum { JPEG_APP1 = JPEG_APP0 + 1, EXIF_PREFIX_LENGTH = 6 };

typedef struct error_context {
    struct jpeg_error_mgr manager; // first, so the library's pointer converts back
    jmp_buf jump;
} error_context;

typedef struct source_context {
    struct jpeg_source_mgr manager; // first, so the library's pointer converts back
    wfs_reader *reader;
} source_context;

static void error_exit(j_common_ptr info) {
    error_context *context = (error_context *)info->err;
    longjmp(context->jump, 1);
}

// Both printing hooks do nothing: no library text may reach stderr. Warnings (junk bytes
// between markers, a premature end) are not errors for a header read.
static void emit_message(j_common_ptr info, int level) { (void)info; (void)level; }
static void output_message(j_common_ptr info) { (void)info; }

static void init_source(j_decompress_ptr info) { (void)info; }
static void term_source(j_decompress_ptr info) { (void)info; }

static boolean fill_input_buffer(j_decompress_ptr info) {
    source_context *source = (source_context *)info->src;
    const unsigned char *window = NULL;
    size_t length = wfs_reader_next(source->reader, &window);
    if (length == 0) {
        if (source->reader->read_errno != 0) ERREXIT(info, JERR_FILE_READ);
        // libjpeg's own sources insert a fake EOI here and let decoding limp on, two bytes per
        // call, through up to 64 KiB of a segment's declared length. A header read only asks
        // for bytes up to the SOS segment, so data ending first means the header is truncated:
        // say so at once.
        ERREXIT(info, JERR_INPUT_EOF);
    }
    source->manager.next_input_byte = window;
    source->manager.bytes_in_buffer = length;
    return TRUE;
}

static void skip_input_data(j_decompress_ptr info, long count) {
    if (count <= 0) return;
    source_context *source = (source_context *)info->src;
    size_t remaining = (size_t)count;
    if (remaining <= source->manager.bytes_in_buffer) {
        source->manager.next_input_byte += remaining;
        source->manager.bytes_in_buffer -= remaining;
        return;
    }
    remaining -= source->manager.bytes_in_buffer;
    source->manager.next_input_byte = NULL;
    source->manager.bytes_in_buffer = 0;
    wfs_reader_skip(source->reader, remaining);
}

/// The Orientation from the first APP1 segment that starts with `Exif\0\0`; XMP APP1 segments
/// (which start with an XMP namespace URI) are passed over.
static void read_orientation(j_decompress_ptr info, wfs_image_header *out, char *message, size_t capacity) {
    for (jpeg_saved_marker_ptr marker = info->marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker != JPEG_APP1 || marker->data_length < EXIF_PREFIX_LENGTH) continue;
        if (memcmp(marker->data, "Exif\0\0", EXIF_PREFIX_LENGTH) != 0) continue;
        out->exif = wfs_exif_orientation(marker->data + EXIF_PREFIX_LENGTH,
                                         marker->data_length - EXIF_PREFIX_LENGTH,
                                         &out->orientation, message, capacity);
        return;
    }
}

/// The setjmp and every libjpeg call that can fail. The structs belong to the caller, so nothing
/// this function's frame holds changes between setjmp and longjmp.
static bool read_header(struct jpeg_decompress_struct *info, error_context *errors, source_context *source) {
    if (setjmp(errors->jump)) return false;
    jpeg_create_decompress(info);
    info->src = &source->manager;
    // Keep APP1 segments (EXIF, XMP) in full; 0xFFFF covers the largest possible segment.
    jpeg_save_markers(info, JPEG_APP1, 0xFFFF);
    jpeg_read_header(info, TRUE);
    return true;
}

wfs_status wfs_read_jpeg(wfs_reader *reader, wfs_image_header *out, char *message, size_t capacity) {
    struct jpeg_decompress_struct info;
    error_context errors;
    source_context source;
    memset(&info, 0, sizeof info);

    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = error_exit;
    errors.manager.emit_message = emit_message;
    errors.manager.output_message = output_message;

    source.manager.init_source = init_source;
    source.manager.fill_input_buffer = fill_input_buffer;
    source.manager.skip_input_data = skip_input_data;
    source.manager.resync_to_restart = jpeg_resync_to_restart;
    source.manager.term_source = term_source;
    source.manager.next_input_byte = NULL;
    source.manager.bytes_in_buffer = 0;
    source.reader = reader;

    if (!read_header(&info, &errors, &source)) {
        char text[JMSG_LENGTH_MAX];
        errors.manager.format_message((j_common_ptr)&info, text);
        wfs_message(message, capacity, "%s", text);
        jpeg_destroy_decompress(&info);
        return WFS_STATUS_CORRUPT_HEADER;
    }
    out->width = info.image_width;
    out->height = info.image_height;
    read_orientation(&info, out, message, capacity);
    jpeg_destroy_decompress(&info);
    return WFS_STATUS_OK;
}
