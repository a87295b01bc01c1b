#ifndef CIMAGEHEADERS_H
#define CIMAGEHEADERS_H

// Why this shim exists: libjpeg reports errors through an `error_exit` callback that must not
// return (the default calls `exit()`), and libpng reports them by `longjmp`. Swift can neither call
// `setjmp` nor survive a `longjmp` across its frames. So every library call that can fail, the
// `setjmp` and the jump target live together in the C functions below, which return a status code
// and copy the library's message into a buffer the caller owns. The libraries' own printing is
// silenced. There is no global mutable state: these functions are called from many threads at once.
//
// Only headers are read. Pixel data is never decoded, so memory per call does not depend on the
// image's size.
//
// Inside, the files call one way: ImageHeaders.c (the dispatcher) ─► the format readers
// (JPEGHeader.c, PNGHeader.c, HEIFHeader.c, WebP*.c) ─► the EXIF, XMP, box and codec-size
// walkers; every file ─► CImageSupport (sniffing, messages, the byte sources, the libjpeg error
// manager). No reader calls back into ImageHeaders.c. The whole graph of the C targets, and the
// files a new input format touches, are drawn in CImageSupport.h.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Formats, their sniffing and names come from the shared layer (CImageSupport.h draws the
// C targets' graph); including it here re-exports them to Swift.
#include <CImageSupport.h>

// Closed enums import into Swift as exhaustive enums with the given case names; other compilers
// (gcc building the fuzzer or benchmark floor) simply see plain C enums.
#if defined(__has_attribute) && __has_attribute(enum_extensibility) && __has_attribute(swift_name)
#define WFS_CLOSED_ENUM __attribute__((enum_extensibility(closed)))
#define WFS_SWIFT_NAME(name) __attribute__((swift_name(#name)))
#else
#define WFS_CLOSED_ENUM
#define WFS_SWIFT_NAME(name)
#endif

/// The outcome of one header read.
typedef enum WFS_CLOSED_ENUM wfs_status {
    /// Width, height and orientation are set. `message` may hold an EXIF warning.
    WFS_STATUS_OK WFS_SWIFT_NAME(ok) = 0,
    /// A known image format other than JPEG, PNG, HEIF/AVIF and WebP; `format` names it.
    WFS_STATUS_UNSUPPORTED_FORMAT WFS_SWIFT_NAME(unsupportedFormat) = 1,
    /// The bytes are no image format the shim knows.
    WFS_STATUS_NOT_AN_IMAGE WFS_SWIFT_NAME(notAnImage) = 2,
    /// The file has no bytes at all.
    WFS_STATUS_EMPTY_FILE WFS_SWIFT_NAME(emptyFile) = 3,
    /// The file could not be opened or read; `io_errno` holds errno when there is one.
    WFS_STATUS_IO_ERROR WFS_SWIFT_NAME(ioError) = 4,
    /// libjpeg, libpng, libheif or libwebp rejected the header; `message` holds the reason.
    WFS_STATUS_CORRUPT_HEADER WFS_SWIFT_NAME(corruptHeader) = 5,
    /// libheif or libwebp, which the format needs, cannot be loaded on this machine; `message`
    /// names the library and the Debian package to install.
    WFS_STATUS_LIBRARY_MISSING WFS_SWIFT_NAME(libraryMissing) = 6,
    /// The container's size (HEIF `ispe`, WebP VP8X canvas) is not what the codec's own header
    /// codes; `message` gives both. Decoders allocate the codec's size, whatever the claim.
    WFS_STATUS_SIZE_MISMATCH WFS_SWIFT_NAME(sizeMismatch) = 7,
} wfs_status;

/// What the EXIF walker found.
typedef enum WFS_CLOSED_ENUM wfs_exif_status {
    /// No EXIF block, or one without an Orientation tag in IFD0.
    WFS_EXIF_ABSENT WFS_SWIFT_NAME(absent) = 0,
    /// An Orientation tag was read (an out-of-range value still yields orientation 1).
    WFS_EXIF_FOUND WFS_SWIFT_NAME(found) = 1,
    /// The block is malformed; orientation 1 is assumed and the message says why.
    WFS_EXIF_MALFORMED WFS_SWIFT_NAME(malformed) = 2,
} wfs_exif_status;

/// Everything one header read reports.
typedef struct wfs_image_header {
    wfi_format format;
    /// The stored size: JPEG/PNG/WebP as coded; HEIF/AVIF the primary item's `ispe`.
    uint32_t width;
    uint32_t height;
    /// The size a browser shows, for HEIF/AVIF (`ispe` after `clap` and `irot`) and WebP (the
    /// stored size: no browser applies EXIF to WebP); 0 for JPEG and PNG, whose display size
    /// follows from `orientation`.
    uint32_t display_width;
    uint32_t display_height;
    /// EXIF orientation 1...8; 1 when absent, malformed or out of range.
    uint16_t orientation;
    /// Whether the EXIF block gives the date the photo was taken, and that date in seconds since
    /// 1970 (DateTimeOriginal, at OffsetTimeOriginal's offset, else read as UTC).
    bool has_date_taken;
    int64_t date_taken;
    /// Whether the EXIF block, or an XMP packet among the bytes the header read passes (a JPEG's
    /// APP1 in its first window, a PNG's iTXt before the image data, a WebP's XMP chunk), gives
    /// the position where the photo was taken (GPS).
    bool has_gps_position;
    wfs_exif_status exif;
    /// File size from `fstat` (the buffer length for in-memory reads).
    int64_t byte_size;
    /// Modification time from `fstat`, seconds and nanoseconds since 1970 (0 for memory reads).
    int64_t modification_seconds;
    int32_t modification_nanoseconds;
    /// errno of a failed open/read for WFS_STATUS_IO_ERROR, 0 otherwise.
    int32_t io_errno;
    /// Device and inode from `fstat` (0 for memory reads): with size and time, the file's
    /// identity for a build cache, at no extra system call.
    uint64_t device;
    uint64_t inode;
} wfs_image_header;

/// Capacity that fits every message the shim writes (libjpeg's JMSG_LENGTH_MAX is 200).
#define WFS_MESSAGE_CAPACITY 256

/// Opens `path`, sniffs its magic bytes and reads the JPEG, PNG, HEIF/AVIF or WebP header.
///
/// `message` (capacity `message_capacity`, may be 0) receives a NUL-terminated explanation for
/// every status other than OK, and an EXIF warning when the status is OK and `exif` is malformed;
/// otherwise it is set to the empty string.
wfs_status wfs_read_image_header(const char *path, wfs_image_header *out, char *message,
                                 size_t message_capacity);

/// The same, with `path` relative to the open folder `directory_fd` (as `openat(2)` takes it; pass
/// AT_FDCWD for the working directory). A scanner that opens each folder once saves the kernel
/// from resolving every component of every file's absolute path.
wfs_status wfs_read_image_header_at(int directory_fd, const char *path, wfs_image_header *out,
                                    char *message, size_t message_capacity);

/// The same as `wfs_read_image_header` for bytes already in memory (used by tests and the fuzzer).
wfs_status wfs_read_image_header_from_memory(const uint8_t *bytes, size_t length,
                                             wfs_image_header *out, char *message,
                                             size_t message_capacity);

/// Reads a HEIF or AVIF header in memory one way only, for the tests and the fuzzer that
/// compare the two: `walk_only` true, by the box walk alone (WFS_STATUS_UNSUPPORTED_FORMAT
/// with the reason when it is unsure); false, by libheif alone. `wfs_read_image_header…` use the
/// walk where it is sure and libheif otherwise.
wfs_status wfs_read_heif_from_memory(const uint8_t *bytes, size_t length, bool walk_only,
                                     wfs_image_header *out, char *message, size_t capacity);

/// Reads the Orientation tag (0x0112) from IFD0 of a TIFF-structured EXIF payload (after
/// `Exif\0\0` in a JPEG APP1 segment, or a whole PNG `eXIf` chunk), in either byte order.
/// IFD1 and sub-IFDs are never visited. Every offset is bounds-checked.
wfs_exif_status wfs_exif_orientation(const uint8_t *tiff, size_t length, uint16_t *orientation,
                                     char *message, size_t message_capacity);

/// Reads DateTimeOriginal (with OffsetTimeOriginal) from the Exif IFD of a TIFF-structured EXIF
/// payload into `seconds` since 1970; false when there is none or it is malformed. Bounds-checked
/// like ``wfs_exif_orientation``; follows the one pointer from IFD0 to the Exif IFD.
bool wfs_exif_date_taken(const uint8_t *tiff, size_t length, int64_t *seconds);

/// Whether the GPS IFD of a TIFF-structured EXIF payload gives a position (GPSLatitude and
/// GPSLongitude, not all zero): where the photo was taken. Bounds-checked like
/// ``wfs_exif_orientation``; follows the one pointer from IFD0 to the GPS IFD.
bool wfs_exif_has_gps_position(const uint8_t *tiff, size_t length);

/// What a decoder allocates for an image, read from the codec's own header rather than taken
/// from the container's claim: the size that counts against a pixel limit and a memory budget.
typedef struct wfs_codec_size {
    wfi_format format;
    /// What the decoder puts out: HEIF/AVIF the primary item's `ispe` (a grid's canvas), checked
    /// against the codec; WebP the VP8X canvas; otherwise the coded size.
    uint32_t width;
    uint32_t height;
    /// The largest frame the codec's header codes (HEIF/AVIF: of every coded item, before the
    /// HEVC conformance window; WebP: the first frame). What one decode call allocates.
    uint32_t coded_width;
    uint32_t coded_height;
    /// Bits per sample as coded (8 for most; 10 or 12 for some HEIF/AVIF, 16 for some PNGs).
    uint8_t bit_depth;
    /// Channels as decoded: 1 gray ... 4 RGBA (HEIF/AVIF: 4, their alpha is a separate item).
    uint8_t channels;
    /// An interlaced PNG (libpng needs the whole image for Adam7) or a progressive JPEG
    /// (libjpeg keeps every coefficient until the last scan).
    bool interlaced;
    /// An animated WebP: the decoder keeps the canvas twice.
    bool animated;
} wfs_codec_size;

/// Reads the codec size of the JPEG, PNG, HEIF/AVIF or WebP in memory, for the renditions
/// decoder (the whole file) to check before it decodes. WFS_STATUS_SIZE_MISMATCH when the
/// container disagrees with its codec (the message names both sizes); CORRUPT_HEADER when the
/// codec's header cannot be read (a HEIF/AVIF item without SPS or sequence header).
wfs_status wfs_read_codec_size(const uint8_t *bytes, size_t length, wfs_codec_size *out, char *message,
                               size_t capacity);

/// The size in an AV1 sequence header OBU (max_frame_width/height_minus_1 + 1), found among the
/// OBUs in `obus` (av1C configOBUs or an item's data); false when there is none or it is cut.
bool wfs_av1_sequence_size(const uint8_t *obus, size_t length, uint32_t *width, uint32_t *height);

/// What an HEVC SPS says of the picture.
typedef struct wfs_hevc_size {
    /// pic_width/height_in_luma_samples: what the decoder allocates.
    uint32_t coded_width;
    uint32_t coded_height;
    /// After the conformance window: what it puts out.
    uint32_t width;
    uint32_t height;
    uint8_t bit_depth;
    bool monochrome;
} wfs_hevc_size;

/// The first SPS in an `hvcC` payload, emulation prevention removed and its exp-Golomb fields
/// parsed; false when there is none or it is malformed.
bool wfs_hevc_configuration_size(const uint8_t *hvcc, size_t length, wfs_hevc_size *out);

/// The size in a VP8 key frame header (a `VP8 ` chunk's payload); false for an inter frame or a
/// missing start code.
bool wfs_vp8_frame_size(const uint8_t *payload, size_t length, uint32_t *width, uint32_t *height);

/// The size in a VP8L header (a `VP8L` chunk's payload); false without its signature or version 0.
bool wfs_vp8l_size(const uint8_t *payload, size_t length, uint32_t *width, uint32_t *height);

/// Whether an XMP packet gives the position where the photo was taken: `exif:GPSLatitude` and
/// `exif:GPSLongitude`, as attributes or elements, with values not all zero. Reads at most
/// `length` bytes; the packet need not be valid XML or end in a NUL.
bool wfs_xmp_has_gps_position(const uint8_t *xmp, size_t length);

/// One folder entry as `wfs_read_folder` returns it: the layout of Linux's `struct dirent64`.
typedef struct wfs_folder_record {
    uint64_t inode;
    int64_t next_offset;
    /// The whole record's length in bytes, padding included: where the next record starts.
    uint16_t length;
    /// `DT_REG`, `DT_DIR`, `DT_LNK`, … (`DT_UNKNOWN` where the file system does not say).
    uint8_t type;
    /// NUL-terminated.
    char name[];
} wfs_folder_record;

/// The NUL-terminated name of `record`.
static inline const char *wfs_folder_record_name(const wfs_folder_record *record) {
    return record->name;
}

/// Reads the next entries of the open folder `fd` into `buffer` as back-to-back
/// `wfs_folder_record`s, the way the kernel hands them out (`getdents64`): no `DIR` to allocate
/// and no `fstat`, which `opendir` makes for every folder. Returns the bytes filled, 0 at the
/// end, or -1 with `errno` set (ENOSYS where the system has no such call: use `readdir` there).
long wfs_read_folder(int fd, void *buffer, size_t capacity);

/// What ``wfs_check_rendition`` found.
typedef enum WFS_CLOSED_ENUM wfs_rendition_verdict {
    /// The bytes are the expected format, whole, at the expected size.
    WFS_RENDITION_OK WFS_SWIFT_NAME(ok) = 0,
    /// The file has no bytes.
    WFS_RENDITION_EMPTY WFS_SWIFT_NAME(empty) = 1,
    /// The signature is another format's, or none (an HTML page named `.jpg`).
    WFS_RENDITION_WRONG_FORMAT WFS_SWIFT_NAME(wrongFormat) = 2,
    /// The structure is cut short: no JPEG EOI at the end, no PNG IEND, a RIFF size that is not
    /// the file's, AVIF boxes that do not tile the file.
    WFS_RENDITION_INCOMPLETE WFS_SWIFT_NAME(incomplete) = 3,
    /// The header reader rejected the header.
    WFS_RENDITION_UNREADABLE WFS_SWIFT_NAME(unreadable) = 4,
    /// The header gives another pixel size (or an EXIF turn) than expected.
    WFS_RENDITION_WRONG_SIZE WFS_SWIFT_NAME(wrongSize) = 5,
} wfs_rendition_verdict;

/// Whether `bytes` (a whole rendition file) are a complete `expected` image (JPEG, PNG, WebP or
/// AVIF) shown at `width` x `height`, by its signature, its structure's ends and its header: no
/// pixel is decoded. `message` receives the reason for any verdict but OK, else "".
wfs_rendition_verdict wfs_check_rendition(const uint8_t *bytes, size_t length, wfi_format expected, uint32_t width,
                                          uint32_t height, char *message, size_t capacity);

#endif
