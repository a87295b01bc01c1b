// PNG: `png_read_info` (every chunk up to the first IDAT) over the shared reader, with error and
// warning callbacks that never print. The setjmp target lives here.

#include "Internal.h"

#include <setjmp.h>
#include <string.h>

#include <png.h>

typedef struct png_context {
    wfs_reader *reader;
    const unsigned char *window;
    size_t window_length;
    char text[WFS_MESSAGE_CAPACITY];
} png_context;

static void error_callback(png_structp png, png_const_charp text) {
    png_context *context = png_get_error_ptr(png);
    wfs_message(context->text, sizeof context->text, "%s", text ? text : "unknown error");
    png_longjmp(png, 1);
}

// Benign problems (a misplaced ancillary chunk, a bad ancillary CRC) are not errors for a
// header read, and must not be printed.
static void warning_callback(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void read_callback(png_structp png, png_bytep destination, size_t length) {
    png_context *context = png_get_io_ptr(png);
    while (length > 0) {
        if (context->window_length == 0) {
            context->window_length = wfs_reader_next(context->reader, &context->window);
            // "Read Error" is the message libpng's own stdio reader gives for a short file.
            if (context->window_length == 0) png_error(png, "Read Error");
        }
        size_t count = length < context->window_length ? length : context->window_length;
        memcpy(destination, context->window, count);
        destination += count;
        length -= count;
        context->window += count;
        context->window_length -= count;
    }
}

wfs_status wfs_read_png(wfs_reader *reader, wfs_image_header *out, char *message, size_t capacity) {
    png_context context;
    memset(&context, 0, sizeof context);
    context.reader = reader;

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, error_callback, warning_callback);
    if (png == NULL) {
        wfs_message(message, capacity, "libpng could not allocate its read structure");
        return WFS_STATUS_IO_ERROR;
    }
    // `info` is assigned before setjmp and never after, so it is defined after a longjmp.
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        wfs_message(message, capacity, "libpng could not allocate its info structure");
        return WFS_STATUS_IO_ERROR;
    }
    if (setjmp(png_jmpbuf(png))) {
        wfs_message(message, capacity, "%s", context.text);
        png_destroy_read_struct(&png, &info, NULL);
        return WFS_STATUS_CORRUPT_HEADER;
    }
    png_set_read_fn(png, &context, read_callback);
    // The PNG limit is 2^31-1 pixels per side; libpng's default cap (1,000,000) would reject
    // valid huge headers. Nothing is allocated per pixel because rows are never read.
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, NULL, NULL, NULL);
    out->width = width;
    out->height = height;

    png_uint_32 exif_length = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(png, info, &exif_length, &exif) != 0 && exif != NULL) {
        out->exif = wfs_exif_orientation(exif, exif_length, &out->orientation, message, capacity);
    }
    png_destroy_read_struct(&png, &info, NULL);
    return WFS_STATUS_OK;
}
