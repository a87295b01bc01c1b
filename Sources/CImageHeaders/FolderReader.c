// Folder listing for the scanner: the kernel's directory records, read straight into the
// caller's buffer. `getdents64` is a system call without a glibc wrapper before 2.30 and, being
// variadic behind `syscall`, cannot be called from Swift directly.

#include "CImageHeaders.h"

#include <errno.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

_Static_assert(sizeof(wfs_folder_record) == 19 || sizeof(wfs_folder_record) == 24,
               "wfs_folder_record must have dirent64's layout");
_Static_assert(__builtin_offsetof(wfs_folder_record, name) == 19, "name must start where dirent64's does");

long wfs_read_folder(int fd, void *buffer, size_t capacity) {
    return syscall(SYS_getdents64, fd, buffer, capacity);
}
#else
long wfs_read_folder(int fd, void *buffer, size_t capacity) {
    (void)fd;
    (void)buffer;
    (void)capacity;
    errno = ENOSYS;
    return -1;
}
#endif
