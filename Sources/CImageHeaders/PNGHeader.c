// PNG: `png_read_info` (every chunk up to the first IDAT) over the shared reader, with error and
// warning callbacks that never print. The setjmp target lives here.
//
// Memory must not depend on what a file claims. libpng 1.6.39 allocates (and zeroes) a buffer of
// the declared length for text, ICC and eXIf chunks before finding that the file ends, so a
// 57-byte file declaring a 1 GiB zTXt chunk costs 1 GiB and a second. So: every ancillary chunk
// is declared "ignored" (libpng then skips it in small reads without allocating), the read
// callback follows the chunk framing itself, rejects a chunk that runs past the end of the data
// before libpng sees its length, and captures the first eXIf chunk's bytes (up to a bound) as
// they stream past, for the EXIF walker, and each iTXt chunk's likewise, for an XMP packet's
// GPS position (see XMPGPS.c): bytes libpng reads anyway, so the scan reads no more.

#include "Internal.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

enum {
    SIGNATURE_LENGTH = 8,
    CHUNK_HEADER_LENGTH = 8,
    CRC_LENGTH = 4,
    /// JPEG caps EXIF at one 64 KiB segment; Orientation sits in IFD0 near the start anyway.
    EXIF_CAPTURE_LIMIT = 64 * 1024,
};

/// Ancillary chunks libpng knows and would otherwise parse (and allocate for). Critical chunks
/// (IHDR, PLTE, IDAT, IEND) cannot be ignored and need no protection: their sizes are checked.
static const png_byte ignored_chunks[] = {
    'b', 'K', 'G', 'D', '\0', 'c', 'H', 'R', 'M', '\0', 'e', 'X', 'I', 'f', '\0',
    'g', 'A', 'M', 'A', '\0', 'h', 'I', 'S', 'T', '\0', 'i', 'C', 'C', 'P', '\0',
    'i', 'T', 'X', 't', '\0', 'o', 'F', 'F', 's', '\0', 'p', 'C', 'A', 'L', '\0',
    'p', 'H', 'Y', 's', '\0', 's', 'B', 'I', 'T', '\0', 's', 'C', 'A', 'L', '\0',
    's', 'P', 'L', 'T', '\0', 's', 'R', 'G', 'B', '\0', 't', 'E', 'X', 't', '\0',
    't', 'I', 'M', 'E', '\0', 't', 'R', 'N', 'S', '\0', 'z', 'T', 'X', 't', '\0',
};

/// Follows the chunk framing of the bytes handed to libpng, up to the first IDAT header.
typedef struct chunk_tracker {
    bool done;                  // IDAT reached: stop looking
    size_t signature_left;      // signature bytes still to pass
    png_byte header[CHUNK_HEADER_LENGTH];
    size_t header_filled;
    uint64_t data_left;         // data bytes of the current chunk still to pass
    uint64_t crc_left;
    bool capturing;             // the current chunk is the first eXIf
    uint8_t *exif;              // captured eXIf bytes (heap, at most EXIF_CAPTURE_LIMIT)
    size_t exif_length;
    uint32_t exif_declared;
    uint8_t *text;              // the current iTXt chunk's bytes (heap, at most EXIF_CAPTURE_LIMIT)
    size_t text_length;
    bool xmp_gps;               // an XMP iTXt chunk gave a GPS position
} chunk_tracker;

typedef struct png_context {
    wfi_reader *reader;
    const unsigned char *window;
    size_t window_length;
    /// Bytes handed to libpng so far, and the total the source holds (file size or buffer).
    uint64_t delivered;
    uint64_t total;
    chunk_tracker chunks;
    char text[WFS_MESSAGE_CAPACITY];
} png_context;

/// A chunk type for messages: printable ASCII only, since the bytes are untrusted.
static void chunk_name(const png_byte *type, char name[5]) {
    for (int i = 0; i < 4; i++) name[i] = (type[i] >= 0x21 && type[i] <= 0x7E) ? (char)type[i] : '?';
    name[4] = '\0';
}

/// Called with every span of bytes libpng receives, in order. `end` is the stream offset just
/// after the span.
static void track(png_structp png, png_context *context, const png_byte *bytes, size_t length, uint64_t end) {
    chunk_tracker *tracker = &context->chunks;
    size_t position = 0;
    while (position < length && !tracker->done) {
        size_t available = length - position;
        if (tracker->signature_left > 0) {
            size_t take = available < tracker->signature_left ? available : tracker->signature_left;
            tracker->signature_left -= take;
            position += take;
        } else if (tracker->data_left > 0) {
            size_t take = available < tracker->data_left ? available : (size_t)tracker->data_left;
            if (tracker->capturing && tracker->exif != NULL && tracker->exif_length < EXIF_CAPTURE_LIMIT) {
                size_t room = EXIF_CAPTURE_LIMIT - tracker->exif_length;
                size_t copy = take < room ? take : room;
                memcpy(tracker->exif + tracker->exif_length, bytes + position, copy);
                tracker->exif_length += copy;
            }
            if (tracker->text != NULL && tracker->text_length < EXIF_CAPTURE_LIMIT) {
                size_t room = EXIF_CAPTURE_LIMIT - tracker->text_length;
                size_t copy = take < room ? take : room;
                memcpy(tracker->text + tracker->text_length, bytes + position, copy);
                tracker->text_length += copy;
            }
            tracker->data_left -= take;
            position += take;
        } else if (tracker->crc_left > 0) {
            size_t take = available < tracker->crc_left ? available : (size_t)tracker->crc_left;
            tracker->crc_left -= take;
            position += take;
            if (tracker->crc_left == 0) tracker->capturing = false;
            if (tracker->crc_left == 0 && tracker->text != NULL) {
                tracker->xmp_gps = wfs_png_xmp_has_gps_position(tracker->text, tracker->text_length);
                free(tracker->text);
                tracker->text = NULL;
            }
        } else {
            size_t take = CHUNK_HEADER_LENGTH - tracker->header_filled;
            if (take > available) take = available;
            memcpy(tracker->header + tracker->header_filled, bytes + position, take);
            tracker->header_filled += take;
            position += take;
            if (tracker->header_filled < CHUNK_HEADER_LENGTH) continue;
            tracker->header_filled = 0;
            uint32_t chunk_length = wfs_be32(tracker->header);
            const png_byte *type = tracker->header + 4;
            if (memcmp(type, "IDAT", 4) == 0) {
                // Image data is never read, so a truncated IDAT does not matter here.
                tracker->done = true;
                return;
            }
            uint64_t header_end = end - (length - position);
            uint64_t remaining = context->total > header_end ? context->total - header_end : 0;
            if ((uint64_t)chunk_length + CRC_LENGTH > remaining) {
                char name[5];
                chunk_name(type, name);
                wfi_message(context->text, sizeof context->text,
                            "%s chunk of %u bytes runs past the end of the file", name, (unsigned)chunk_length);
                png_longjmp(png, 1);
            }
            tracker->data_left = chunk_length;
            tracker->crc_left = CRC_LENGTH;
            if (memcmp(type, "eXIf", 4) == 0 && tracker->exif == NULL) {
                size_t capture = chunk_length < EXIF_CAPTURE_LIMIT ? chunk_length : EXIF_CAPTURE_LIMIT;
                tracker->exif = malloc(capture ? capture : 1);
                tracker->exif_declared = chunk_length;
                tracker->capturing = tracker->exif != NULL;
            }
            if (memcmp(type, "iTXt", 4) == 0 && !tracker->xmp_gps && chunk_length > 0) {
                size_t capture = chunk_length < EXIF_CAPTURE_LIMIT ? chunk_length : EXIF_CAPTURE_LIMIT;
                tracker->text = malloc(capture);
                tracker->text_length = 0;
            }
        }
    }
}

static void error_callback(png_structp png, png_const_charp text) {
    png_context *context = png_get_error_ptr(png);
    wfi_message(context->text, sizeof context->text, "%s", text ? text : "unknown error");
    png_longjmp(png, 1);
}

// Benign problems (a misplaced ancillary chunk, a bad ancillary CRC) are not errors for a
// header read, and must not be printed.
static void warning_callback(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void read_callback(png_structp png, png_bytep destination, size_t length) {
    png_context *context = png_get_io_ptr(png);
    while (length > 0) {
        if (context->window_length == 0) {
            context->window_length = wfi_reader_next(context->reader, &context->window);
            // "Read Error" is the message libpng's own stdio reader gives for a short file.
            if (context->window_length == 0) png_error(png, "Read Error");
        }
        size_t count = length < context->window_length ? length : context->window_length;
        memcpy(destination, context->window, count);
        context->delivered += count;
        track(png, context, destination, count, context->delivered);
        destination += count;
        length -= count;
        context->window += count;
        context->window_length -= count;
    }
}

/// The setjmp and every libpng call that can fail. `context`, `png` and `info` belong to the
/// caller, so nothing this function's frame holds changes between setjmp and longjmp (C leaves
/// such locals indeterminate after the jump).
static bool read_info(png_context *context, png_structp png, png_infop info, uint32_t *width, uint32_t *height) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_read_fn(png, context, read_callback);
    // The PNG limit is 2^31-1 pixels per side; libpng's default cap (1,000,000) would reject
    // valid huge headers. Nothing is allocated per pixel because rows are never read.
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks,
                                (int)(sizeof ignored_chunks / 5));
    png_read_info(png, info);
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    return true;
}

wfs_status wfs_read_png(wfi_reader *reader, wfs_image_header *out, char *message, size_t capacity) {
    png_context context;
    memset(&context, 0, sizeof context);
    context.reader = reader;
    context.total = out->byte_size > 0 ? (uint64_t)out->byte_size : 0;
    context.chunks.signature_left = SIGNATURE_LENGTH;

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, error_callback, warning_callback);
    if (png == NULL) {
        wfi_message(message, capacity, "libpng could not allocate its read structure");
        return WFS_STATUS_IO_ERROR;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        wfi_message(message, capacity, "libpng could not allocate its info structure");
        return WFS_STATUS_IO_ERROR;
    }
    uint32_t width = 0, height = 0;
    bool read = read_info(&context, png, info, &width, &height);
    png_destroy_read_struct(&png, &info, NULL);
    chunk_tracker *chunks = &context.chunks;
    free(chunks->text);
    if (!read) {
        free(chunks->exif);
        wfi_message(message, capacity, "%s", context.text);
        return WFS_STATUS_CORRUPT_HEADER;
    }
    out->width = width;
    out->height = height;
    if (chunks->exif != NULL) {
        // The walker sees at most the captured prefix; offsets beyond it are reported as malformed.
        out->exif = wfs_exif_orientation(chunks->exif, chunks->exif_length, &out->orientation, message, capacity);
        out->has_date_taken = wfs_exif_date_taken(chunks->exif, chunks->exif_length, &out->date_taken);
        out->has_gps_position = wfs_exif_has_gps_position(chunks->exif, chunks->exif_length);
        free(chunks->exif);
    }
    out->has_gps_position = out->has_gps_position || chunks->xmp_gps;
    return WFS_STATUS_OK;
}
