// JPEG: `jpeg_read_header` over the shared reader, with an error manager that jumps back here
// instead of calling exit(), and that never prints.
//
// APP1 segments go through our own marker processor rather than `jpeg_save_markers`: libjpeg
// would keep every APP1 (extended XMP alone can be dozens of 64 KiB segments, and a hostile file
// can hold thousands), while only the first `Exif\0\0` segment matters. So that one is kept (at
// most 64 KiB) and every other APP1 is skipped without being stored.

#include "Internal.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

#include <CImageSupportJPEG.h>

enum { JPEG_APP1 = JPEG_APP0 + 1, EXIF_PREFIX_LENGTH = 6 };

typedef struct source_context {
    struct jpeg_source_mgr manager; // first, so the library's pointer converts back
    wfi_reader *reader;
    /// The payload after `Exif\0\0` of the first EXIF APP1 segment (heap; freed by the caller).
    uint8_t *exif;
    size_t exif_length;
    /// Whether an XMP APP1 segment in the bytes already read gives a GPS position.
    bool xmp_gps;
} source_context;

// Warnings (junk bytes between markers, a premature end) are not errors for a header read, and
// no library text may reach stderr: this reader's warning policy is to do nothing. The jump and
// the silent `output_message` are CImageSupport's.
static void emit_message(j_common_ptr info, int level) { (void)info; (void)level; }

static void init_source(j_decompress_ptr info) { (void)info; }
static void term_source(j_decompress_ptr info) { (void)info; }

static boolean fill_input_buffer(j_decompress_ptr info) {
    source_context *source = (source_context *)info->src;
    const unsigned char *window = NULL;
    size_t length = wfi_reader_next(source->reader, &window);
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
    wfi_reader_skip(source->reader, remaining);
}

/// The next byte of the stream; `fill_input_buffer` never returns without data (it jumps out).
static uint8_t next_byte(j_decompress_ptr info) {
    if (info->src->bytes_in_buffer == 0) info->src->fill_input_buffer(info);
    info->src->bytes_in_buffer--;
    return *info->src->next_input_byte++;
}

/// Whether an APP1 segment is an XMP packet (`http://ns.adobe.com/xap/1.0/` and a NUL) that
/// gives a GPS position, looked for only when the whole segment is already in the read window:
/// the header read then costs no byte more (a packet past the window is skipped unread, as
/// before). `prefix` is the segment's first six bytes, `remaining` the bytes after them.
static void look_for_xmp_gps(source_context *source, const uint8_t *prefix, size_t remaining) {
    static const char signature[] = "http://ns.adobe.com/xap/1.0/";
    const size_t rest = sizeof signature - EXIF_PREFIX_LENGTH; // the signature's rest and its NUL
    const uint8_t *bytes = source->manager.next_input_byte;
    if (source->xmp_gps || memcmp(prefix, signature, EXIF_PREFIX_LENGTH) != 0 || remaining < rest ||
        source->manager.bytes_in_buffer < remaining || memcmp(bytes, signature + EXIF_PREFIX_LENGTH, rest) != 0)
        return;
    source->xmp_gps = wfs_xmp_has_gps_position(bytes + rest, remaining - rest);
}

/// Marker processor for APP1: keeps the first segment that starts with `Exif\0\0` (XMP APP1
/// segments start with a namespace URI and are passed over), skips the rest.
static boolean read_app1(j_decompress_ptr info) {
    source_context *source = (source_context *)info->src;
    size_t length = (size_t)next_byte(info) << 8;
    length |= next_byte(info);
    if (length < 2) ERREXIT(info, JERR_BAD_LENGTH);
    size_t remaining = length - 2;
    uint8_t prefix[EXIF_PREFIX_LENGTH];
    size_t seen = 0;
    while (seen < EXIF_PREFIX_LENGTH && remaining > 0) {
        prefix[seen++] = next_byte(info);
        remaining--;
    }
    bool wanted = source->exif == NULL && seen == EXIF_PREFIX_LENGTH &&
                  memcmp(prefix, "Exif\0\0", EXIF_PREFIX_LENGTH) == 0;
    if (!wanted && seen == EXIF_PREFIX_LENGTH) look_for_xmp_gps(source, prefix, remaining);
    if (wanted) source->exif = malloc(remaining > 0 ? remaining : 1);
    if (!wanted || source->exif == NULL) {
        info->src->skip_input_data(info, (long)remaining);
        return TRUE;
    }
    while (remaining > 0) {
        if (info->src->bytes_in_buffer == 0) info->src->fill_input_buffer(info);
        size_t take = info->src->bytes_in_buffer < remaining ? info->src->bytes_in_buffer : remaining;
        memcpy(source->exif + source->exif_length, info->src->next_input_byte, take);
        source->exif_length += take;
        info->src->next_input_byte += take;
        info->src->bytes_in_buffer -= take;
        remaining -= take;
    }
    return TRUE;
}

/// One thread's decompressor, kept from file to file: creating and destroying one per file (its
/// memory manager, marker reader and input controller) cost more than a quarter of a small
/// file's header read. Each thread has its own (nothing is shared between threads);
/// `jpeg_abort_decompress` returns it to its starting state after every file, read or failed.
typedef struct thread_decoder {
    struct jpeg_decompress_struct info;
    wfi_jpeg_errors errors;
    source_context source;
} thread_decoder;

static pthread_key_t decoder_key;
static pthread_once_t decoder_key_once = PTHREAD_ONCE_INIT;
static bool decoder_key_made = false;

static void destroy_decoder(void *decoder) {
    jpeg_destroy_decompress(&((thread_decoder *)decoder)->info);
    free(decoder);
}

static void make_decoder_key(void) {
    decoder_key_made = pthread_key_create(&decoder_key, destroy_decoder) == 0;
}

/// `jpeg_create_decompress` behind its own setjmp: it fails only when memory runs out.
static bool create_decoder(thread_decoder *decoder) {
    if (setjmp(decoder->errors.jump)) return false;
    jpeg_create_decompress(&decoder->info);
    decoder->info.src = &decoder->source.manager;
    jpeg_set_marker_processor(&decoder->info, JPEG_APP1, read_app1);
    return true;
}

/// This thread's decompressor, made on its first JPEG; NULL when memory runs out.
static thread_decoder *decoder_for_this_thread(void) {
    pthread_once(&decoder_key_once, make_decoder_key);
    if (!decoder_key_made) return NULL;
    thread_decoder *decoder = pthread_getspecific(decoder_key);
    if (decoder != NULL) return decoder;
    decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    wfi_jpeg_errors_install(&decoder->errors, emit_message);
    decoder->info.err = &decoder->errors.manager;
    decoder->source.manager.init_source = init_source;
    decoder->source.manager.fill_input_buffer = fill_input_buffer;
    decoder->source.manager.skip_input_data = skip_input_data;
    decoder->source.manager.resync_to_restart = jpeg_resync_to_restart;
    decoder->source.manager.term_source = term_source;
    if (!create_decoder(decoder)) {
        jpeg_destroy_decompress(&decoder->info);
        free(decoder);
        return NULL;
    }
    if (pthread_setspecific(decoder_key, decoder) != 0) {
        destroy_decoder(decoder);
        return NULL;
    }
    return decoder;
}

/// The setjmp and the libjpeg call that can fail. The decoder lives on the heap, so nothing this
/// function's frame holds changes between setjmp and longjmp.
static bool read_header(thread_decoder *decoder) {
    if (setjmp(decoder->errors.jump)) return false;
    jpeg_read_header(&decoder->info, TRUE);
    return true;
}

wfs_status wfs_read_jpeg(wfi_reader *reader, wfs_image_header *out, char *message, size_t capacity) {
    thread_decoder *decoder = decoder_for_this_thread();
    if (decoder == NULL) {
        wfi_message(message, capacity, "out of memory");
        return WFS_STATUS_CORRUPT_HEADER;
    }
    source_context *source = &decoder->source;
    source->manager.next_input_byte = NULL;
    source->manager.bytes_in_buffer = 0;
    source->reader = reader;
    source->exif = NULL;
    source->exif_length = 0;
    source->xmp_gps = false;
    decoder->errors.manager.num_warnings = 0;

    bool read = read_header(decoder);
    if (!read) {
        wfi_jpeg_message((j_common_ptr)&decoder->info, message, capacity);
    } else {
        out->width = decoder->info.image_width;
        out->height = decoder->info.image_height;
    }
    jpeg_abort_decompress(&decoder->info);
    source->reader = NULL;
    if (!read) {
        free(source->exif);
        return WFS_STATUS_CORRUPT_HEADER;
    }
    if (source->exif != NULL) {
        out->exif = wfs_exif_orientation(source->exif, source->exif_length, &out->orientation, message, capacity);
        out->has_date_taken = wfs_exif_date_taken(source->exif, source->exif_length, &out->date_taken);
        out->has_gps_position = wfs_exif_has_gps_position(source->exif, source->exif_length);
        free(source->exif);
    }
    out->has_gps_position = out->has_gps_position || source->xmp_gps;
    return WFS_STATUS_OK;
}
