#ifndef CIMAGESUPPORT_H
#define CIMAGESUPPORT_H

// The C layer both image shims stand on: format sniffing, the message buffer, the byte sources
// of the header readers and the libjpeg error manager, each defined once, here. It depends on
// nothing of ours and calls nothing above it. The libjpeg error manager is declared in
// `CImageSupportJPEG.h`, which this module's map leaves out, so Swift (which imports this header
// through CImageHeaders) never sees libjpeg's declarations.
//
// The C files' graph, each arrow "calls into"; no arrow points back up, so there is no circle
// (a format file never calls its dispatcher; the dispatcher calls the format files):
//
//   CImageRenditions  Render.c (dispatcher: WFR_DECODERS, encoders, the public entries)
//                       ├─► JPEG.c  PNG.c  Modern.c (decoders) ─► Job.c ─► Resample.c
//                       │     └─ JPEG.c ─► HuffmanOptimizer.c
//                       ├─► WebP.c  AVIF.c (encoders)
//                       └─► DecodeCost.c ─► CImageHeaders' CodecSizes.c
//   CImageHeaders     RenditionCheck.c ─► ImageHeaders.c (dispatcher)
//                       ImageHeaders.c ─► JPEGHeader.c  PNGHeader.c  HEIFHeader.c  WebPExif.c  WebPXMP.c
//                       JPEGHeader.c, PNGHeader.c ─► ExifOrientation.c  ExifDate.c  ExifGPS.c  XMPGPS.c
//                       HEIFHeader.c ─► CodecSizes.c ─► HEIFBoxes.c;  WebPExif.c, WebPXMP.c ─► WebPChunks.c
//   CImageSupport     Sniff.c  Message.c  Reader.c  RandomSource.c  JPEGErrors.c   (every file above uses it)
//   CCodecLoader      libheif and libwebp by dlopen (HEIFHeader.c, CodecSizes.c, Modern.c, WebP.c, AVIF.c)
//
// A new input format touches at most 8 files (the README's "How it works" says so too):
//   1. CImageSupport/include/CImageSupport.h  its `wfi_format` case (none for a format the sniff
//      already names: GIF, TIFF, BMP, ICO, JPEG XL, JPEG 2000, PSD, QOI, SVG)
//   2. CImageSupport/Sniff.c                  its magic bytes, its name, its decoder's sniff
//   3. CImageHeaders/<Format>Header.c         new: its header reader (and its codec-size reader)
//   4. CImageHeaders/Internal.h               their declarations
//   5. CImageHeaders/ImageHeaders.c           its case in the dispatcher
//   6. CImageHeaders/CodecSizes.c             its case in `wfs_read_codec_size`, which the
//                                             renditions check against the pixel limit first
//   7. CImageRenditions/<Format>.c            new: its decoder, which feeds the job (Job.c)
//   8. CImageRenditions/Internal.h            its line in WFR_DECODERS (Render.c dispatches by it)
//
// No global mutable state: every function here is called from many threads at once.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Closed enums import into Swift as exhaustive enums with the given case names; other compilers
// (gcc building the fuzzer or benchmark floor) simply see plain C enums.
#if defined(__has_attribute) && __has_attribute(enum_extensibility) && __has_attribute(swift_name)
#define WFI_CLOSED_ENUM __attribute__((enum_extensibility(closed)))
#define WFI_SWIFT_NAME(name) __attribute__((swift_name(#name)))
#else
#define WFI_CLOSED_ENUM
#define WFI_SWIFT_NAME(name)
#endif

/// A container format recognised by its magic bytes.
typedef enum WFI_CLOSED_ENUM wfi_format {
    WFI_FORMAT_UNKNOWN WFI_SWIFT_NAME(unknown) = 0,
    WFI_FORMAT_JPEG WFI_SWIFT_NAME(jpeg) = 1,
    WFI_FORMAT_PNG WFI_SWIFT_NAME(png) = 2,
    WFI_FORMAT_GIF WFI_SWIFT_NAME(gif) = 3,
    WFI_FORMAT_WEBP WFI_SWIFT_NAME(webp) = 4,
    WFI_FORMAT_HEIF WFI_SWIFT_NAME(heif) = 5,
    WFI_FORMAT_AVIF WFI_SWIFT_NAME(avif) = 6,
    WFI_FORMAT_TIFF WFI_SWIFT_NAME(tiff) = 7,
    WFI_FORMAT_BMP WFI_SWIFT_NAME(bmp) = 8,
    WFI_FORMAT_ICO WFI_SWIFT_NAME(ico) = 9,
    WFI_FORMAT_JPEG_XL WFI_SWIFT_NAME(jpegXL) = 10,
    WFI_FORMAT_JPEG_2000 WFI_SWIFT_NAME(jpeg2000) = 11,
    WFI_FORMAT_PSD WFI_SWIFT_NAME(psd) = 12,
    WFI_FORMAT_QOI WFI_SWIFT_NAME(qoi) = 13,
    WFI_FORMAT_SVG WFI_SWIFT_NAME(svg) = 14,
} wfi_format;

/// The container format of `bytes` (the first bytes of a file; 32 are enough), as the scanner
/// names it: a damaged PNG signature still counts as PNG, so libpng can explain the damage.
wfi_format wfi_sniff_format(const uint8_t *bytes, size_t length);

/// The decoder the renditions hand `bytes` (a whole file) to: JPEG (SOI and a marker), PNG (the
/// whole signature), HEIF for any ISO-BMFF `ftyp` box (libheif sorts HEIF from AVIF), WebP;
/// UNKNOWN otherwise. Stricter than ``wfi_sniff_format`` because a decoder must only be handed
/// what it can start on; the renditions call it after the codec-size check, which has already
/// turned away every other format the lenient sniff names.
wfi_format wfi_sniff_decoder(const uint8_t *bytes, size_t length);

/// A format's display name ("JPEG", "HEIC/HEIF"), for messages.
const char *wfi_format_name(wfi_format format);

/// snprintf into a caller buffer that may have capacity 0 or be NULL.
void wfi_message(char *message, size_t capacity, const char *format, ...) __attribute__((format(printf, 3, 4)));

/// A forward-only byte source over a file descriptor or a memory buffer, so the JPEG and PNG
/// readers (and the fuzzer, which uses memory) run exactly the same parsing code.
typedef struct wfi_reader {
    /// -1 for a memory source.
    int fd;
    /// Scratch buffer for file reads (unused for memory).
    unsigned char *buffer;
    size_t capacity;
    /// Bytes available but not yet handed out by `wfi_reader_next`.
    const unsigned char *pending;
    size_t pending_length;
    /// errno of a failed read(), 0 otherwise.
    int read_errno;
    /// File bytes not yet read (from fstat), so the reader never spends a read(2) call to learn
    /// that the file has ended. Unused for memory.
    uint64_t file_left;
} wfi_reader;

/// read(2) from the reader's file into `buffer` until `capacity` bytes or the end of the file
/// (`file_left`), retrying interrupted calls; returns the count, setting `read_errno` on an error.
size_t wfi_reader_fill(wfi_reader *reader, unsigned char *buffer, size_t capacity);

/// Hands out the next window of bytes; returns 0 at the end of the data or on a read error
/// (then `read_errno` is set). The window stays valid until the next call.
size_t wfi_reader_next(wfi_reader *reader, const unsigned char **window);

/// Skips `count` bytes that have not been handed out yet (seeking for files when it can).
void wfi_reader_skip(wfi_reader *reader, size_t count);

/// Random access over the first window (in memory) and the rest of the file (by pread):
/// the HEIF reader's and the WebP chunk walk's. `ahead` is the caller's to free.
typedef struct wfi_random_source {
    const unsigned char *prefix;
    size_t prefix_length;
    int fd;
    uint64_t size;
    int64_t position;
    int read_errno;
    /// Bytes past the prefix, read ahead: libheif reads a box a few bytes at a time, and a big
    /// `meta` (a 200 MP grid's has 768 tiles) would otherwise cost a pread per field.
    unsigned char *ahead;
    uint64_t ahead_offset;
    size_t ahead_length;
} wfi_random_source;

/// `length` bytes at `offset` into `into`; false past the end or on a read error (then
/// `read_errno` is set).
bool wfi_source_read(wfi_random_source *source, uint64_t offset, size_t length, unsigned char *into);

#endif
