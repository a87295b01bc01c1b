// The forward-only byte source of the JPEG and PNG header readers: a file read in windows, or a
// memory buffer handed out whole.

#include "CImageSupport.h"

#include <errno.h>
#include <unistd.h>

/// Stops at the size fstat reported: a small photo costs one read, not a second one that
/// returns 0; a short read never looks like the end of the data.
size_t wfi_reader_fill(wfi_reader *reader, unsigned char *buffer, size_t capacity) {
    if (capacity > reader->file_left) capacity = (size_t)reader->file_left;
    size_t total = 0;
    while (total < capacity) {
        ssize_t count = read(reader->fd, buffer + total, capacity - total);
        if (count > 0) {
            total += (size_t)count;
            reader->file_left -= (uint64_t)count;
        } else if (count == 0) {
            break;
        } else if (errno != EINTR) {
            reader->read_errno = errno;
            break;
        }
    }
    return total;
}

size_t wfi_reader_next(wfi_reader *reader, const unsigned char **window) {
    if (reader->pending_length > 0) {
        *window = reader->pending;
        size_t length = reader->pending_length;
        reader->pending_length = 0;
        return length;
    }
    if (reader->fd < 0 || reader->read_errno != 0) return 0;
    size_t length = wfi_reader_fill(reader, reader->buffer, reader->capacity);
    *window = reader->buffer;
    return length;
}

void wfi_reader_skip(wfi_reader *reader, size_t count) {
    size_t from_pending = count < reader->pending_length ? count : reader->pending_length;
    reader->pending += from_pending;
    reader->pending_length -= from_pending;
    count -= from_pending;
    if (count == 0 || reader->fd < 0) return;
    // Past the buffered bytes: seek over big segments (thumbnails, ICC profiles) instead of
    // reading them. Seeking beyond the end is allowed; the next read then reports the end.
    if (count >= reader->file_left) {
        reader->file_left = 0;
        return;
    }
    if (lseek(reader->fd, (off_t)count, SEEK_CUR) < 0) {
        reader->read_errno = errno;
        return;
    }
    reader->file_left -= count;
}
