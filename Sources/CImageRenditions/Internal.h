#ifndef WFR_INTERNAL_H
#define WFR_INTERNAL_H

// Declarations shared by the rendition shim's C files; not part of the module's public header.

#include "CImageRenditions.h"

// Messages, sniffing and the libjpeg error manager are the shared layer's (CImageSupport.h).
#include <CImageSupport.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Where the samples of one axis lie, in integer units: source sample i spans
/// [i·source_unit, (i+1)·source_unit), output sample x spans [x·target_unit − shift,
/// (x+1)·target_unit − shift), both cut to [0, extent). For pixels, a source pixel is `width`
/// units and an output pixel `source_width` (nothing is cut off). For a chroma plane sampled at
/// 1/f of its image's pixels, the units are those of the image's pixels times f, and a sample at
/// an edge of an odd-sized image covers half a sample's area, so chroma stays aligned with the
/// pixels it belongs to: the last sample, or with `shift` the first (for an axis the orientation
/// reverses, whose last sample becomes the first).
typedef struct wfr_spans {
    uint64_t source_unit, target_unit, extent, shift;
} wfr_spans;

/// Area-averaging (box) downsampler fed one source row at a time. Each output pixel is the mean
/// of the source area it covers, with fractional weights at its edges; positions are exact
/// integers (see `wfr_spans`), so no rounding drift accumulates. Vertical first: each source row
/// is added, weighted, to column sums (contiguous, vectorised); the horizontal taps run once per
/// output row. Alpha is premultiplied while averaging so transparent pixels lend no colour to
/// their neighbours.
typedef struct wfr_resampler {
    uint32_t source_width, source_height;
    uint32_t width, height, channels;
    wfr_spans columns, rows;
    bool has_alpha;
    /// Per output column: first source column, number of taps, taps (weights) at x·tap_stride
    /// (taps_max, rounded up to 4 or 8 for one channel; the weights past a column's own are 0).
    uint32_t *tap_start;
    uint32_t *tap_count;
    float *taps;
    uint32_t taps_max;
    uint32_t tap_stride;
    /// Column sums of the output row being accumulated (source_width × channels), and scratch
    /// for its horizontal pass (width × channels).
    float *sum;
    float *row;
    uint64_t sum_weight;
    uint32_t rows_in;
    uint32_t rows_out;
    /// The finished image, width × height × channels, in stored orientation.
    uint8_t *pixels;
} wfr_resampler;

/// Sets up a resampler for pixels (all allocations up front); false when memory runs out.
bool wfr_resampler_init(wfr_resampler *resampler, uint32_t source_width, uint32_t source_height,
                        uint32_t width, uint32_t height, uint32_t channels, bool has_alpha);
/// Sets up a one-channel resampler for a plane whose samples lie as `columns` and `rows` say;
/// false when memory runs out.
bool wfr_resampler_init_plane(wfr_resampler *resampler, uint32_t source_width, uint32_t source_height,
                              uint32_t width, uint32_t height, wfr_spans columns, wfr_spans rows);
/// Feeds the next source row (source_width × channels bytes).
void wfr_resampler_push(wfr_resampler *resampler, const uint8_t *row);
/// Flushes a last partial output row, if any.
void wfr_resampler_finish(wfr_resampler *resampler);
void wfr_resampler_free(wfr_resampler *resampler);

/// Everything one run shares between the decoder, the resamplers and the encoders. Pointers the
/// decoders allocate live here (not in a frame that a longjmp unwinds) so they are always freed.
typedef struct wfr_job {
    const wfr_options *options;
    const wfr_target *targets;
    size_t count;
    /// 1: a resampler per target averages whole pixels. 3: the Y, Cb and Cr planes of a YCbCr
    /// JPEG are averaged apart and encoded as planes (no colour conversion either way), each
    /// target's three resamplers at target × 3 + plane.
    uint32_t planes;
    /// Whether planes may be used: JPEG renditions, not pixels for the caller.
    bool planes_allowed;
    wfr_resampler *resamplers;
    /// Per target: the index of the larger target whose finished rows it is averaged from (one
    /// at least twice its size each way), or -1 for the decoded rows; and the order in which
    /// targets finish, larger first.
    int *parents;
    size_t *finish_order;
    wfr_source_info info;
    bool has_alpha;
    /// The source's ICC profile when it matches the renditions' colour model (heap, may be NULL).
    uint8_t *icc;
    size_t icc_length;
    char *message;
    size_t message_capacity;
} wfr_job;

/// Called by a decoder once the decoded (possibly DCT-scaled) size and channels are known:
/// sets up one resampler per target, in stored orientation.
wfr_status wfr_job_begin(wfr_job *job, uint32_t decoded_width, uint32_t decoded_height,
                         uint32_t channels, bool has_alpha);
/// One plane of a decoded YCbCr JPEG: its size in samples and how many decoded pixels a sample
/// spans each way (1 for luma; 2 for 4:2:0 chroma).
typedef struct wfr_plane_source {
    uint32_t width, height, horizontal_factor, vertical_factor;
} wfr_plane_source;

/// Whether the renditions can be made from these three planes (plane 0 the decoded size): JPEG
/// renditions are wanted and no plane would have to be enlarged for any target (whose chroma
/// planes are half its size, rounded up).
bool wfr_job_takes_planes(const wfr_job *job, const wfr_plane_source planes[3]);
/// Sets up three one-channel resamplers per target, for the planes `wfr_job_takes_planes` took.
wfr_status wfr_job_begin_planes(wfr_job *job, const wfr_plane_source planes[3]);

/// Feeds one decoded row to every resampler that averages decoded rows; their finished rows go
/// on to the smaller targets averaged from them.
void wfr_job_push(wfr_job *job, const uint8_t *row);
/// The same for one row of plane `plane` (0–2) when the job averages planes.
void wfr_job_push_plane(wfr_job *job, uint32_t plane, const uint8_t *row);
/// Finishes every resampler, larger targets first, so each smaller one has all its rows.
void wfr_job_finish(wfr_job *job);
/// Frees what the job's setup allocated (the resamplers and the plan); the job's ICC profile is
/// its owner's.
void wfr_job_release(wfr_job *job);
/// Says "out of memory" for a `width` × `height` rendition in the job's message.
wfr_status wfr_job_out_of_memory(wfr_job *job, uint32_t width, uint32_t height);

/// The stored size of a target (display size swapped for orientations 5–8).
void wfr_stored_size(const wfr_job *job, size_t index, uint32_t *width, uint32_t *height);

/// Checks a header's stored size against the pixel limit and the requested renditions (which
/// must not upscale); on failure the message names the sizes.
wfr_status wfr_check_size(wfr_job *job, uint32_t width, uint32_t height);

struct wfs_codec_size;

/// Reads the codec's own size (DecodeCost.c) and checks it, and what the container says, against
/// the pixel limit: the check every decode passes before any decoder runs.
wfr_status wfr_check_codec(const uint8_t *bytes, size_t length, const wfr_options *options,
                           struct wfs_codec_size *size, char *message, size_t capacity);

/// Every decoder: the format ``wfi_sniff_decoder`` names for it, its function (read the header,
/// check the limits, decode and push every row into the job), and whether its pixels come out
/// upright, so the job's orientation must be 1: libheif applies HEIF/AVIF transforms itself, and
/// no browser applies WebP's EXIF. Render.c dispatches by this list, so a new decoder is its own
/// file and one line here. JPEG is DCT-scaled; WebP is an animation's first frame on its canvas.
#define WFR_DECODERS(DECODER)                                                                     \
    DECODER(WFI_FORMAT_JPEG, wfr_decode_jpeg, false)                                              \
    DECODER(WFI_FORMAT_PNG, wfr_decode_png, false)                                                \
    DECODER(WFI_FORMAT_HEIF, wfr_decode_heif, true)                                               \
    DECODER(WFI_FORMAT_WEBP, wfr_decode_webp, true)

#define WFR_DECLARE_DECODER(format, decode, upright) \
    wfr_status decode(wfr_job *job, const uint8_t *bytes, size_t length);
WFR_DECODERS(WFR_DECLARE_DECODER)
#undef WFR_DECLARE_DECODER

/// Writes the Y, Cb and Cr planes of a `width` × `height` image (display orientation; chroma
/// half the size each way, rounded up) as a 4:2:0 JPEG.
wfr_status wfr_encode_jpeg_planes(const uint8_t *const planes[3], uint32_t width, uint32_t height, int32_t quality,
                                  const uint8_t *icc, size_t icc_length, wfr_rendition *out, char *message,
                                  size_t message_capacity);

/// Writes the Y, Cb and Cr planes of a full-range (JPEG) YCbCr image, laid out as for
/// `wfr_encode_jpeg_planes`, as a lossy WebP: its 4:2:0 planes take the samples over (moved to
/// the limited range VP8 codes), so there is no colour conversion either way.
wfr_status wfr_encode_webp_planes(const uint8_t *const planes[3], uint32_t width, uint32_t height,
                                  int32_t quality, const uint8_t *icc, size_t icc_length,
                                  wfr_rendition *out, char *message, size_t message_capacity);

/// The same planes as an AVIF: libheif takes them as they are, marked full-range BT.601.
wfr_status wfr_encode_avif_planes(const uint8_t *const planes[3], uint32_t width, uint32_t height,
                                  int32_t quality, int32_t speed, const uint8_t *icc,
                                  size_t icc_length, wfr_rendition *out, char *message,
                                  size_t message_capacity);


struct jpeg_compress_struct;

/// What `wfr_huffman_capture_start` keeps of an encode in place of libjpeg's entropy-coded data:
/// every symbol, in order (slot << 24 | symbol << 16 | the bits after its code; slot 0–3 for the
/// DC tables, 4–7 for the AC ones), and how often each occurs.
typedef struct wfr_huffman_capture {
    uint32_t *items;
    size_t count, capacity;
    long frequency[8][256];
    int last_dc[4];
    /// Out of memory, or a coefficient 8-bit data cannot have: libjpeg must optimise instead.
    bool failed;
} wfr_huffman_capture;

/// Call after `jpeg_start_compress`: replaces the encoder's Huffman coder with one that keeps the
/// symbols in `capture` (HuffmanOptimizer.c). False, with nothing replaced, for an encode it does
/// not handle (anything but 8-bit sequential Huffman in one scan of every component, without
/// restart markers) or when memory runs out. Free `capture` in any case.
bool wfr_huffman_capture_start(struct jpeg_compress_struct *info, wfr_huffman_capture *capture);

/// After `jpeg_finish_compress`: `jpeg`, the markers libjpeg wrote around the empty scan, with
/// the optimal Huffman tables for the kept symbols and the symbols written with them. The same
/// bytes libjpeg writes with `optimize_coding`. False, with `out` cleared, when the capture failed
/// or memory runs out; the caller then lets libjpeg optimise.
bool wfr_huffman_capture_finish(const uint8_t *jpeg, size_t length, const wfr_huffman_capture *capture,
                                wfr_rendition *out);

void wfr_huffman_capture_free(wfr_huffman_capture *capture);

/// `pixels` (stored orientation, w × h × channels) turned into display orientation; a new buffer.
uint8_t *wfr_orient(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                    uint16_t orientation);

/// True when an ICC profile's data colour space (header bytes 16–19) is `expected` ("RGB ", "GRAY").
bool wfr_icc_matches(const uint8_t *icc, size_t length, const char expected[4]);

#endif
