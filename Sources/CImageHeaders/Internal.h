#ifndef WFS_INTERNAL_H
#define WFS_INTERNAL_H

// Declarations shared by the shim's C files; not part of the module's public header.

#include "CImageHeaders.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The unsigned integer in the bytes at `p`, most significant byte first (`be`, ISOBMFF, PNG)
/// or least (`le`, RIFF/WebP).
static inline uint16_t wfs_be16(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static inline uint32_t wfs_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
static inline uint32_t wfs_le24(const uint8_t *p) { return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16); }
static inline uint32_t wfs_le32(const uint8_t *p) { return wfs_le24(p) | ((uint32_t)p[3] << 24); }

/// Reads a JPEG header from `reader`; fills width, height and EXIF orientation.
wfs_status wfs_read_jpeg(wfi_reader *reader, wfs_image_header *out, char *message,
                         size_t capacity);

/// Reads a PNG header (up to the first IDAT) from `reader`; fills width, height and orientation.
wfs_status wfs_read_png(wfi_reader *reader, wfs_image_header *out, char *message,
                        size_t capacity);

/// Reads a HEIF/AVIF header through libheif from `prefix` (the file's first bytes) and, past
/// it, `fd` by pread (-1 when `prefix` is the whole file of `size` bytes). May set `format` to
/// AVIF or HEIF by the primary item's codec.
wfs_status wfs_read_heif(const unsigned char *prefix, size_t prefix_length, int fd, uint64_t size,
                         wfs_image_header *out, char *message, size_t capacity);

/// Reads a WebP header (`WebPGetFeatures`; an animation's canvas) from the file's first bytes.
wfs_status wfs_read_webp(const unsigned char *prefix, size_t prefix_length, wfs_image_header *out,
                         char *message, size_t capacity);

/// Which metadata chunk of an extended WebP ``wfs_webp_chunk`` reads.
typedef struct wfs_webp_chunk_request {
    /// The chunk's four-character code ("EXIF", "XMP ").
    const char *fourcc;
    /// The VP8X flag that says the file has it; without it no chunk is walked.
    uint8_t vp8x_flag;
    /// The most bytes read of its payload.
    size_t max_length;
    /// Read the first `max_length` bytes of a longer payload, rather than none of it.
    bool keeps_start;
} wfs_webp_chunk_request;

/// The payload of the first chunk `request` names (heap, the caller frees it; its byte count in
/// `length`), walking the chunks by header through `source` (the file's first window, and past
/// it pread); NULL when there is none, it is empty, or the chunks are malformed (WebPChunks.c).
/// The caller frees `source->ahead`; one source serves several walks of a file.
uint8_t *wfs_webp_chunk(wfi_random_source *source, wfs_webp_chunk_request request, size_t *length);

/// The payload of an extended WebP's `EXIF` chunk (heap, at most 64 KiB; the caller frees it)
/// read through `source`; NULL when it has none, or its chunks are malformed.
uint8_t *wfs_webp_exif(wfi_random_source *source, size_t *length);

/// The top-level `meta` box's payload after its full-box header (heap, the caller frees it),
/// read through `source`; NULL when there is none, it is larger than 16 MiB or cannot be read.
unsigned char *wfs_heif_read_meta(wfi_random_source *source, size_t *length);

/// The codec sizes of a HEIF/AVIF read through `source` (CodecSizes.c): every coded item's
/// size from its HEVC SPS or AV1 sequence header, checked against its `ispe`
/// (WFS_STATUS_SIZE_MISMATCH names both), the largest in `coded_width` × `coded_height`.
/// `output_size`: also the primary item's `ispe` in `width` × `height` (another walk of `meta`,
/// which the scan, having read it already, skips).
wfs_status wfs_heif_codec_size(wfi_random_source *source, bool output_size, wfs_codec_size *out, char *message,
                               size_t capacity);

struct wfs_heif_coded_item;

/// The check of ``wfs_heif_codec_size`` over `count` coded items already read (a sure walk's:
/// ``wfs_heif_walk``), without reading `meta` again; CORRUPT_HEADER when there are none.
wfs_status wfs_heif_check_coded_items(wfi_random_source *source, const struct wfs_heif_coded_item *items,
                                      size_t count, wfs_codec_size *out, char *message, size_t capacity);

/// The codec size of a WebP from its first `length` bytes: the first frame's VP8 or VP8L header,
/// checked against the VP8X canvas (WFS_STATUS_SIZE_MISMATCH names both).
wfs_status wfs_webp_codec_size(const uint8_t *bytes, size_t length, wfs_codec_size *out, char *message,
                               size_t capacity);

/// Whether a PNG iTXt chunk's data (its first bytes, as captured) is an uncompressed XMP packet
/// (keyword `XML:com.adobe.xmp`) that gives a GPS position (see ``wfs_xmp_has_gps_position``).
bool wfs_png_xmp_has_gps_position(const uint8_t *data, size_t length);

/// Whether an extended WebP's `XMP ` chunk gives a GPS position; reads its chunks like
/// ``wfs_webp_exif``, and only when the VP8X header says there is XMP.
bool wfs_webp_xmp_has_gps_position(wfi_random_source *source);

#endif
