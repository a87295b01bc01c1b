// Random access over a file's first window, already in memory, and the rest of it by pread(2),
// with a read-ahead for the many small reads of box and chunk walks.

#include "CImageSupport.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


enum { READ_AHEAD = 64 * 1024 };

bool wfi_source_read(wfi_random_source *source, uint64_t offset, size_t length, unsigned char *into) {
    if (offset > source->size || length > source->size - offset) return false;
    while (length > 0) {
        if (offset < source->prefix_length) {
            size_t count = source->prefix_length - (size_t)offset;
            if (count > length) count = length;
            memcpy(into, source->prefix + offset, count);
            into += count;
            offset += count;
            length -= count;
            continue;
        }
        if (source->fd < 0) return false;
        if (source->ahead != NULL && offset >= source->ahead_offset && offset < source->ahead_offset + source->ahead_length) {
            size_t start = (size_t)(offset - source->ahead_offset);
            size_t count = source->ahead_length - start;
            if (count > length) count = length;
            memcpy(into, source->ahead + start, count);
            into += count;
            offset += count;
            length -= count;
            continue;
        }
        // A big read goes straight into the caller's buffer; a small one fills the read-ahead.
        if (source->ahead == NULL && length < READ_AHEAD) source->ahead = malloc(READ_AHEAD);
        bool direct = length >= READ_AHEAD || source->ahead == NULL;
        unsigned char *target = direct ? into : source->ahead;
        size_t wanted = direct ? length : READ_AHEAD;
        if (wanted > source->size - offset) wanted = (size_t)(source->size - offset);
        ssize_t count = pread(source->fd, target, wanted, (off_t)offset);
        if (count > 0 && !direct) {
            source->ahead_offset = offset;
            source->ahead_length = (size_t)count;
        } else if (count > 0) {
            into += count;
            offset += (uint64_t)count;
            length -= (size_t)count;
        } else if (count == 0) {
            return false;
        } else if (errno != EINTR) {
            source->read_errno = errno;
            return false;
        }
    }
    return true;
}
