// libFuzzer harness for the whole header shim: sniffing, the JPEG, PNG, HEIF/AVIF (libheif and
// the box walk for transforms) and WebP readers and the EXIF walker they call. Built twice:
// `fuzz_header` takes every input; `fuzz_modern` (-DWFS_FUZZ_MODERN, seeded with the HEIC, AVIF
// and WebP corpus) skips inputs that are not sniffed as those formats, so its time goes to them. Each input is read twice, from memory and from a file (an in-memory memfd
// opened by path), and the two results must agree exactly: that checks the file reader's own
// paths (read sizes, lseek skips, stopping at the fstat size) against the simpler memory one.
// Built by Fuzz/run.sh.

#define _GNU_SOURCE
#include "CImageHeaders.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/// One memfd per fuzzing process, rewritten for every input (the harness may keep state; the
/// shim may not).
static int input_file = -1;

static void check_invariants(wfs_status status, const wfs_image_header *header, const char *message, size_t capacity) {
    if (memchr(message, '\0', capacity) == NULL) abort();
    if ((unsigned)status > WFS_STATUS_SIZE_MISMATCH) abort();
    if (header->orientation < 1 || header->orientation > 8) abort();
    if (status != WFS_STATUS_OK) return;
    switch (header->format) {
    case WFI_FORMAT_JPEG:
    case WFI_FORMAT_PNG:
        if (header->display_width != 0 || header->display_height != 0) abort();
        break;
    case WFI_FORMAT_HEIF:
    case WFI_FORMAT_AVIF:
    case WFI_FORMAT_WEBP:
        if (header->display_width == 0 || header->display_height == 0 || header->orientation != 1) abort();
        break;
    default:
        abort();
    }
    if (header->width == 0 || header->height == 0) abort();
}

/// The box walk (HEIFBoxes.c) is sure only where libheif reads the same: any input where the
/// walk answers and libheif rejects it or reads other sizes is a finding.
static void check_walk_against_libheif(const uint8_t *data, size_t size) {
    wfs_image_header walk, libheif;
    char message[WFS_MESSAGE_CAPACITY];
    if (wfs_read_heif_from_memory(data, size, true, &walk, message, sizeof message) != WFS_STATUS_OK) return;
    wfs_status status = wfs_read_heif_from_memory(data, size, false, &libheif, message, sizeof message);
    if (status != WFS_STATUS_OK || walk.format != libheif.format || walk.width != libheif.width ||
        walk.height != libheif.height || walk.display_width != libheif.display_width ||
        walk.display_height != libheif.display_height) {
        fprintf(stderr, "box walk %ux%u shown %ux%u, libheif status %d %ux%u shown %ux%u: %s\n", walk.width, walk.height,
                walk.display_width, walk.display_height, status, libheif.width, libheif.height, libheif.display_width,
                libheif.display_height, message);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
#ifdef WFS_FUZZ_MODERN
    wfi_format sniffed = wfi_sniff_format(data, size < 32 ? size : 32);
    if (sniffed != WFI_FORMAT_HEIF && sniffed != WFI_FORMAT_AVIF && sniffed != WFI_FORMAT_WEBP) return 0;
#endif
    check_walk_against_libheif(data, size);
    wfs_image_header header;
    char message[WFS_MESSAGE_CAPACITY];
    wfs_status status = wfs_read_image_header_from_memory(data, size, &header, message, sizeof message);
    check_invariants(status, &header, message, sizeof message);

    // A tiny message buffer must be truncated, never overrun (ASan watches the 1-byte buffer).
    wfs_image_header ignored;
    char tiny[1];
    wfs_read_image_header_from_memory(data, size, &ignored, tiny, sizeof tiny);
    if (tiny[0] != '\0') abort();

    if (input_file < 0) input_file = memfd_create("wfs-fuzz-input", MFD_CLOEXEC);
    if (input_file < 0) return 0;
    if (ftruncate(input_file, 0) != 0 || (size > 0 && pwrite(input_file, data, size, 0) != (ssize_t)size)) return 0;
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", input_file);
    wfs_image_header from_file;
    char file_message[WFS_MESSAGE_CAPACITY];
    wfs_status file_status = wfs_read_image_header(path, &from_file, file_message, sizeof file_message);
    check_invariants(file_status, &from_file, file_message, sizeof file_message);
    if (file_status != status || from_file.format != header.format || from_file.width != header.width ||
        from_file.height != header.height || from_file.orientation != header.orientation ||
        from_file.display_width != header.display_width || from_file.display_height != header.display_height ||
        from_file.exif != header.exif || from_file.byte_size != header.byte_size ||
        strcmp(file_message, message) != 0) {
        fprintf(stderr, "file and memory reads disagree: status %d/%d, %ux%u/%ux%u, message '%s'/'%s'\n",
                file_status, status, from_file.width, from_file.height, header.width, header.height,
                file_message, message);
        abort();
    }
    return 0;
}
