// The dispatcher: open the file (or wrap the memory), sniff the format, hand the bytes to the
// JPEG, PNG, HEIF/AVIF or WebP reader. The readers never call back here: the byte source they
// share, sniffing and messages are CImageSupport's.

#include "Internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// Bytes read per read(2). Large enough that most headers, including EXIF with a thumbnail, come
/// in one or two calls; small enough to live on a worker thread's stack.
enum { FILE_WINDOW = 32 * 1024, SNIFF_LENGTH = 32 };

static void reset(wfs_image_header *out, char *message, size_t capacity) {
    memset(out, 0, sizeof *out);
    out->orientation = 1;
    // An empty message without vsnprintf: this runs once per file.
    if (message != NULL && capacity > 0) message[0] = '\0';
}

/// Sniffs the first window and dispatches to the format's reader.
static wfs_status read_header(wfi_reader *reader, wfs_image_header *out, char *message, size_t capacity) {
    if (reader->pending_length == 0) {
        if (reader->read_errno != 0) {
            out->io_errno = reader->read_errno;
            wfi_message(message, capacity, "%s", strerror(reader->read_errno));
            return WFS_STATUS_IO_ERROR;
        }
        wfi_message(message, capacity, "empty file");
        return WFS_STATUS_EMPTY_FILE;
    }
    size_t sniffed = reader->pending_length < SNIFF_LENGTH ? reader->pending_length : SNIFF_LENGTH;
    out->format = wfi_sniff_format(reader->pending, sniffed);
    wfs_status status;
    switch (out->format) {
    case WFI_FORMAT_JPEG:
        status = wfs_read_jpeg(reader, out, message, capacity);
        break;
    case WFI_FORMAT_PNG:
        status = wfs_read_png(reader, out, message, capacity);
        break;
    case WFI_FORMAT_HEIF:
    case WFI_FORMAT_AVIF:
        // Nothing of the window is consumed yet: it is the file's first bytes.
        return wfs_read_heif(reader->pending, reader->pending_length, reader->fd,
                             reader->pending_length + (reader->fd >= 0 ? reader->file_left : 0), out, message, capacity);
    case WFI_FORMAT_WEBP:
        status = wfs_read_webp(reader->pending, reader->pending_length, out, message, capacity);
        if (status == WFS_STATUS_OK) {
            // No orientation (no browser applies it to WebP): the date taken and the position.
            // One source for both chunk walks: the XMP walk finds the chunk headers past the first
            // window in the EXIF walk's read-ahead, not by another pread.
            wfi_random_source source = {.prefix = reader->pending,
                                        .prefix_length = reader->pending_length,
                                        .fd = reader->fd,
                                        .size = reader->pending_length + (reader->fd >= 0 ? reader->file_left : 0)};
            size_t length;
            uint8_t *exif = wfs_webp_exif(&source, &length);
            if (exif != NULL) {
                out->has_date_taken = wfs_exif_date_taken(exif, length, &out->date_taken);
                out->has_gps_position = wfs_exif_has_gps_position(exif, length);
                free(exif);
            }
            out->has_gps_position = out->has_gps_position || wfs_webp_xmp_has_gps_position(&source);
            free(source.ahead);
        }
        break;
    case WFI_FORMAT_UNKNOWN:
        wfi_message(message, capacity, "not an image format the scanner knows (JPEG, PNG, HEIC, AVIF, WebP)");
        return WFS_STATUS_NOT_AN_IMAGE;
    default:
        wfi_message(message, capacity, "%s", wfi_format_name(out->format));
        return WFS_STATUS_UNSUPPORTED_FORMAT;
    }
    // A read error part-way surfaces inside the libraries as a truncated stream; report the
    // underlying errno instead, since the file itself may be fine.
    if (status != WFS_STATUS_OK && reader->read_errno != 0) {
        out->io_errno = reader->read_errno;
        wfi_message(message, capacity, "%s", strerror(reader->read_errno));
        return WFS_STATUS_IO_ERROR;
    }
    return status;
}

wfs_status wfs_read_image_header(const char *path, wfs_image_header *out, char *message,
                                 size_t message_capacity) {
    return wfs_read_image_header_at(AT_FDCWD, path, out, message, message_capacity);
}

wfs_status wfs_read_image_header_at(int directory_fd, const char *path, wfs_image_header *out,
                                    char *message, size_t message_capacity) {
    reset(out, message, message_capacity);
    // O_NONBLOCK: a FIFO named like a photo must not hang the scan; fstat rejects it below.
    int fd = openat(directory_fd, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        out->io_errno = errno;
        wfi_message(message, message_capacity, "%s", strerror(out->io_errno));
        return WFS_STATUS_IO_ERROR;
    }
    struct stat info;
    if (fstat(fd, &info) != 0) {
        out->io_errno = errno;
        wfi_message(message, message_capacity, "%s", strerror(out->io_errno));
        close(fd);
        return WFS_STATUS_IO_ERROR;
    }
    if (!S_ISREG(info.st_mode)) {
        wfi_message(message, message_capacity, "not a regular file");
        close(fd);
        return WFS_STATUS_IO_ERROR;
    }
    out->byte_size = (int64_t)info.st_size;
    out->modification_seconds = (int64_t)info.st_mtim.tv_sec;
    out->modification_nanoseconds = (int32_t)info.st_mtim.tv_nsec;
    out->device = (uint64_t)info.st_dev;
    out->inode = (uint64_t)info.st_ino;
    unsigned char buffer[FILE_WINDOW];
    wfi_reader reader = {.fd = fd, .buffer = buffer, .capacity = sizeof buffer,
                         .file_left = info.st_size > 0 ? (uint64_t)info.st_size : 0};
    reader.pending = buffer;
    reader.pending_length = wfi_reader_fill(&reader, buffer, sizeof buffer);
    wfs_status status = read_header(&reader, out, message, message_capacity);
    close(fd);
    return status;
}

wfs_status wfs_read_image_header_from_memory(const uint8_t *bytes, size_t length,
                                             wfs_image_header *out, char *message,
                                             size_t message_capacity) {
    reset(out, message, message_capacity);
    out->byte_size = (int64_t)length;
    wfi_reader reader = {.fd = -1, .pending = bytes, .pending_length = bytes ? length : 0};
    return read_header(&reader, out, message, message_capacity);
}
