#ifndef CIMAGERENDITIONS_H
#define CIMAGERENDITIONS_H

// Why this shim exists: a rendition is a full decode, resize and encode with libjpeg-turbo and
// libpng. Both libraries report errors by jumping (libjpeg's default `error_exit` even calls
// `exit()`), and Swift can neither call `setjmp` nor survive a `longjmp` across its frames. So the
// `setjmp`, every library call that can fail and the jump target live together in the C functions
// below, which return a status code and copy the library's message into a buffer the caller owns.
// The libraries never print. There is no global mutable state (but for SHA256.c's atomic cache of
// a CPU feature test, the same answer for every thread): these functions run on many threads at
// once.
//
// Inside, the files call one way: Render.c (the dispatcher) ─► the decoders (JPEG.c, PNG.c,
// Modern.c) ─► Job.c ─► Resample.c, and the encoders; every file ─► CImageSupport (sniffing,
// messages, the libjpeg error manager). No decoder calls back into Render.c. The whole graph of
// the C targets, and the files a new input format touches, are drawn in CImageSupport.h.
//
// Memory is bounded: the pixel limit is checked against the header before any pixel buffer is
// allocated; JPEGs are decoded scanline by scanline with DCT-domain scaling to the smallest
// power-of-two scale that is still twice the largest target, and every row streams through an
// area-averaging (box) resampler per target, so only the (small) renditions are held in full.
// Interlaced PNGs are the exception: libpng needs the whole image for the Adam7 passes.

#include <stddef.h>
#include <stdint.h>

#if defined(__has_attribute) && __has_attribute(enum_extensibility) && __has_attribute(swift_name)
#define WFR_CLOSED_ENUM __attribute__((enum_extensibility(closed)))
#define WFR_SWIFT_NAME(name) __attribute__((swift_name(#name)))
#else
#define WFR_CLOSED_ENUM
#define WFR_SWIFT_NAME(name)
#endif

/// The outcome of one rendition run.
typedef enum WFR_CLOSED_ENUM wfr_status {
    /// Every requested rendition was written.
    WFR_STATUS_OK WFR_SWIFT_NAME(ok) = 0,
    /// The bytes are no JPEG, PNG, HEIF/AVIF or WebP.
    WFR_STATUS_UNSUPPORTED_FORMAT WFR_SWIFT_NAME(unsupportedFormat) = 1,
    /// width × height from the header exceeds `max_pixels`; nothing was decoded.
    WFR_STATUS_TOO_MANY_PIXELS WFR_SWIFT_NAME(tooManyPixels) = 2,
    /// The library rejected the data, or the data ends early; `message` says why.
    WFR_STATUS_CORRUPT_DATA WFR_SWIFT_NAME(corruptData) = 3,
    /// A target is empty or larger than the image, or the options are out of range.
    WFR_STATUS_INVALID_REQUEST WFR_SWIFT_NAME(invalidRequest) = 4,
    /// An allocation failed.
    WFR_STATUS_OUT_OF_MEMORY WFR_SWIFT_NAME(outOfMemory) = 5,
    /// The container's size (HEIF `ispe`, WebP VP8X canvas) is not what the codec's own header
    /// codes; `message` names both. Nothing was decoded.
    WFR_STATUS_SIZE_MISMATCH WFR_SWIFT_NAME(sizeMismatch) = 6,
} wfr_status;

/// The file format of a rendition.
typedef enum WFR_CLOSED_ENUM wfr_encoding {
    WFR_ENCODING_JPEG WFR_SWIFT_NAME(jpeg) = 0,
    /// Only for sources with transparency (an alpha channel or a tRNS chunk).
    WFR_ENCODING_PNG WFR_SWIFT_NAME(png) = 1,
} wfr_encoding;

/// How one run renders.
typedef struct wfr_options {
    /// EXIF orientation 1...8 of the source (the scanner reads it); other values mean 1.
    uint16_t orientation;
    /// JPEG quality 1...100 (82 is a good default).
    int32_t quality;
    /// Largest stored width × height that is decoded.
    uint64_t max_pixels;
    /// Lossy WebP quality 1...100 of a WebP rendition beside each JPEG or PNG one (`webp`
    /// of `wfr_render_sources`); 0 makes none.
    int32_t webp_quality;
    /// AVIF quality 1...100 (libheif's lossy quality, 4:2:0) of an AVIF rendition beside each
    /// one (`avif` of `wfr_render_sources`); 0 makes none.
    int32_t avif_quality;
    /// The AV1 encoder's speed 0 (slowest, smallest) ... 9.
    int32_t avif_speed;
    /// The widest target that gets the WebP and AVIF renditions; wider targets get the JPEG or
    /// PNG one alone (their `webp` and `avif` entries stay empty). 0 means every target. The
    /// caller decides it from the layout: the widest file a phone picks (see `RenditionWidths`).
    uint32_t sources_max_width;
} wfr_options;

/// One requested size, in display orientation (after EXIF rotation). Never larger than the image.
typedef struct wfr_target {
    uint32_t width;
    uint32_t height;
} wfr_target;

/// One encoded rendition. `bytes` is allocated by the shim; release it with `wfr_rendition_free`.
typedef struct wfr_rendition {
    uint8_t *bytes;
    size_t length;
    uint32_t width;
    uint32_t height;
} wfr_rendition;

/// What the run learnt about the source.
typedef struct wfr_source_info {
    /// Stored size (before orientation), from the header.
    uint32_t width;
    uint32_t height;
    /// 1 gray, 2 gray + alpha, 3 RGB, 4 RGBA: the channels of the renditions.
    uint32_t channels;
    wfr_encoding encoding;
    /// 1 when the source's ICC profile was carried into the renditions.
    int32_t carried_icc_profile;
    /// The libjpeg DCT scale used, n/8 (8 for PNG).
    int32_t scale_eighths;
    /// 1 when the renditions were averaged and encoded as the source's Y, Cb and Cr planes (a
    /// YCbCr JPEG), 0 when as pixels.
    int32_t averaged_as_planes;
} wfr_source_info;

/// Capacity that fits every message the shim writes (libjpeg's JMSG_LENGTH_MAX is 200).
#define WFR_MESSAGE_CAPACITY 256

/// Decodes the JPEG, PNG, HEIF/AVIF or WebP in `bytes` once and writes one rendition per target into
/// `renditions` (an array of `count`). On any status other than OK no rendition is returned
/// (all are freed) and `message` holds a NUL-terminated reason; on OK it is the empty string.
/// `info` may be NULL.
wfr_status wfr_render(const uint8_t *bytes, size_t length, const wfr_options *options,
                      const wfr_target *targets, size_t count, wfr_rendition *renditions,
                      wfr_source_info *info, char *message, size_t message_capacity);

/// The same run, also writing a WebP rendition of each target into `webp` and an AVIF one into
/// `avif` (arrays of `count`, each NULL for none) when the options give that format a quality.
/// Every format of a target is encoded from the same averaged pixels (or planes).
wfr_status wfr_render_sources(const uint8_t *bytes, size_t length, const wfr_options *options,
                              const wfr_target *targets, size_t count, wfr_rendition *renditions,
                              wfr_rendition *webp, wfr_rendition *avif, wfr_source_info *info,
                              char *message, size_t message_capacity);

/// What decoding `bytes` for `targets` will take at its peak, in bytes (`cost`), from the
/// codec's own header (not the container's claim), before anything is decoded: for a memory
/// budget that decodes reserve. Fails as `wfr_render` would before decoding: over the pixel
/// limit (coded or put-out size), a container whose size disagrees with its codec, or a
/// HEIF/AVIF or WebP whose codec header cannot be read. `wfr_render` checks the same itself.
wfr_status wfr_decode_cost(const uint8_t *bytes, size_t length, const wfr_options *options,
                           const wfr_target *targets, size_t count, uint64_t *cost, char *message,
                           size_t message_capacity);

/// Writes `pixels` (1 gray, 2 gray + alpha, 3 RGB, 4 RGBA channels, display orientation) as a
/// PNG into `out`: the renditions of sources with transparency, and fixtures for tests.
wfr_status wfr_encode_png(const uint8_t *pixels, uint32_t width, uint32_t height,
                          uint32_t channels, const uint8_t *icc, size_t icc_length,
                          wfr_rendition *out, char *message, size_t capacity);

/// Encodes tightly packed 8-bit pixels (1 gray, 2 gray + alpha, 3 RGB, 4 RGBA channels) as a
/// lossy WebP (alpha lossless inside it), with `icc` (may be NULL) in an ICCP chunk and no
/// EXIF: what the renditions use, and for tests that compare encoders.
wfr_status wfr_encode_webp(const uint8_t *pixels, uint32_t width, uint32_t height,
                           uint32_t channels, int32_t quality, const uint8_t *icc,
                           size_t icc_length, wfr_rendition *out, char *message,
                           size_t message_capacity);

/// Encodes the same pixels as an AVIF (AV1 through libheif's encoder, 4:2:0, 8 bits) at
/// `quality` and `speed`, with `icc` (may be NULL) as its colour profile and no EXIF.
wfr_status wfr_encode_avif(const uint8_t *pixels, uint32_t width, uint32_t height,
                           uint32_t channels, int32_t quality, int32_t speed, const uint8_t *icc,
                           size_t icc_length, wfr_rendition *out, char *message,
                           size_t message_capacity);

/// The same run for one target, returning the oriented pixels (width × height × channels, as
/// `info->channels` says) in `pixels->bytes` instead of a file: for tests and tools that compare
/// pictures. Release with `wfr_rendition_free`.
wfr_status wfr_render_pixels(const uint8_t *bytes, size_t length, const wfr_options *options,
                             wfr_target target, wfr_rendition *pixels, wfr_source_info *info,
                             char *message, size_t message_capacity);

/// Frees a rendition's bytes and clears it. Safe on an already cleared rendition.
void wfr_rendition_free(wfr_rendition *rendition);

/// The colour model of pixels handed to `wfr_encode_jpeg`.
typedef enum WFR_CLOSED_ENUM wfr_pixel_model {
    WFR_PIXELS_GRAY WFR_SWIFT_NAME(gray) = 0,
    WFR_PIXELS_RGB WFR_SWIFT_NAME(rgb) = 1,
    /// 4 channels stored Adobe-style (inverted: 255 is no ink), written as plain CMYK.
    WFR_PIXELS_CMYK_INVERTED WFR_SWIFT_NAME(cmykInverted) = 2,
    /// The same pixels, written as YCCK (Adobe transform 2).
    WFR_PIXELS_YCCK_INVERTED WFR_SWIFT_NAME(ycckInverted) = 3,
} wfr_pixel_model;

/// Encodes tightly packed 8-bit pixels as a JPEG (baseline, optimised Huffman tables, no EXIF;
/// `icc` of `icc_length` bytes, may be NULL, goes into APP2). Used for the renditions and by
/// tests to make fixtures such as CMYK files.
wfr_status wfr_encode_jpeg(const uint8_t *pixels, uint32_t width, uint32_t height,
                           wfr_pixel_model model, int32_t quality, const uint8_t *icc,
                           size_t icc_length, wfr_rendition *out, char *message,
                           size_t message_capacity);

/// SHA-256 of `length` bytes into `digest` (32 bytes), for content-addressed rendition names.
/// `wfr_sha256_init/update/final` hash data given in parts.
typedef struct wfr_sha256_context {
    uint32_t state[8];
    uint64_t length;
    uint8_t block[64];
    uint32_t filled;
} wfr_sha256_context;
void wfr_sha256_init(wfr_sha256_context *context);
void wfr_sha256_update(wfr_sha256_context *context, const uint8_t *bytes, size_t length);
void wfr_sha256_final(wfr_sha256_context *context, uint8_t digest[32]);

#endif
