#ifndef CCODECLOADER_H
#define CCODECLOADER_H

// Why this shim exists: libheif brings libx265, libde265, libdav1d, libaom and the shared
// libstdc++ with it, and loading and relocating them costs every process a few milliseconds at
// start-up, also the many that never meet a HEIC, AVIF or WebP file. So the executable has no
// link-time dependency on libheif, libwebp or libwebpdemux: each is opened with dlopen the
// first time a file needs it (once per process, thread-safe), and its functions are called
// through a table of pointers. A library that is missing at run time is a per-file message
// naming the library and the Debian package to install, never a crash.
//
// To call one more function, add one line `X(function_name)` to its library's list below: the
// pointer's type is the function's own declaration from the library's header, and the function
// is looked up with the others when the library is first opened. A function that is a `static
// inline` wrapper in the header (WebPGetFeatures, WebPDemux, WebPConfigInit, ...) is listed by
// the exported function it calls (`...Internal`), called with the header's ABI version.

#include <libheif/heif.h>
#include <stddef.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>

/// libheif (Debian: libheif1): HEIF/HEIC and AVIF.
#define WFC_HEIF_FUNCTIONS(X)                                                                      \
    X(heif_get_version)                                                                            \
    X(heif_context_alloc)                                                                          \
    X(heif_context_free)                                                                           \
    X(heif_context_read_from_reader)                                                               \
    X(heif_context_read_from_memory_without_copy)                                                  \
    X(heif_context_get_primary_image_handle)                                                       \
    X(heif_image_handle_release)                                                                   \
    X(heif_image_handle_get_width)                                                                 \
    X(heif_image_handle_get_height)                                                                \
    X(heif_image_handle_get_ispe_width)                                                            \
    X(heif_image_handle_get_ispe_height)                                                           \
    X(heif_image_handle_has_alpha_channel)                                                         \
    X(heif_image_handle_get_color_profile_type)                                                    \
    X(heif_image_handle_get_raw_color_profile_size)                                                \
    X(heif_image_handle_get_raw_color_profile)                                                     \
    X(heif_decode_image)                                                                           \
    X(heif_image_release)                                                                          \
    X(heif_image_get_width)                                                                        \
    X(heif_image_get_height)                                                                       \
    X(heif_image_get_plane_readonly)                                                               \
    X(heif_image_get_bits_per_pixel_range)                                                        \
    X(heif_context_get_encoder_for_format)                                                         \
    X(heif_encoder_set_lossy_quality)                                                              \
    X(heif_encoder_set_parameter_integer)                                                          \
    X(heif_encoder_set_parameter_string)                                                           \
    X(heif_encoder_release)                                                                        \
    X(heif_encoding_options_alloc)                                                                 \
    X(heif_encoding_options_free)                                                                  \
    X(heif_context_encode_image)                                                                   \
    X(heif_context_write)                                                                          \
    X(heif_image_create)                                                                           \
    X(heif_image_add_plane)                                                                        \
    X(heif_image_get_plane)                                                                        \
    X(heif_image_set_raw_color_profile)                                                            \
    X(heif_image_set_nclx_color_profile)                                                           \
    X(heif_nclx_color_profile_alloc)                                                               \
    X(heif_nclx_color_profile_free)

/// libwebp (Debian: libwebp7): WebP headers, decoding and encoding.
#define WFC_WEBP_FUNCTIONS(X)                                                                      \
    X(WebPGetFeaturesInternal)                                                                     \
    X(WebPDecodeRGB)                                                                               \
    X(WebPDecodeRGBA)                                                                              \
    X(WebPFree)                                                                                    \
    X(WebPConfigInitInternal)                                                                      \
    X(WebPValidateConfig)                                                                          \
    X(WebPPictureInitInternal)                                                                     \
    X(WebPPictureAlloc)                                                                            \
    X(WebPPictureFree)                                                                             \
    X(WebPPictureImportRGB)                                                                        \
    X(WebPPictureImportRGBA)                                                                       \
    X(WebPMemoryWriterInit)                                                                        \
    X(WebPMemoryWrite)                                                                             \
    X(WebPMemoryWriterClear)                                                                       \
    X(WebPEncode)

/// libwebpdemux (Debian: libwebpdemux2): WebP chunks (ICC) and animations.
#define WFC_WEBPDEMUX_FUNCTIONS(X)                                                                 \
    X(WebPDemuxInternal)                                                                           \
    X(WebPDemuxDelete)                                                                             \
    X(WebPDemuxGetChunk)                                                                           \
    X(WebPDemuxReleaseChunkIterator)                                                               \
    X(WebPAnimDecoderOptionsInitInternal)                                                          \
    X(WebPAnimDecoderNewInternal)                                                                  \
    X(WebPAnimDecoderGetInfo)                                                                      \
    X(WebPAnimDecoderGetNext)                                                                      \
    X(WebPAnimDecoderDelete)

#define WFC_POINTER(name) __typeof__(name) *name;

/// libheif's functions; call as `heif->heif_context_alloc()`.
typedef struct wfc_heif {
    WFC_HEIF_FUNCTIONS(WFC_POINTER)
} wfc_heif;

/// libwebp's functions.
typedef struct wfc_webp {
    WFC_WEBP_FUNCTIONS(WFC_POINTER)
} wfc_webp;

/// libwebpdemux's functions.
typedef struct wfc_webpdemux {
    WFC_WEBPDEMUX_FUNCTIONS(WFC_POINTER)
} wfc_webpdemux;

/// The libraries' tables, opened on first use. NULL when the library (or one of its functions)
/// cannot be loaded; then `message` (capacity may be 0) says which library, why, and which
/// Debian package to install. Safe from any thread; the tables never change once loaded.
const wfc_heif *wfc_load_heif(char *message, size_t capacity);
const wfc_webp *wfc_load_webp(char *message, size_t capacity);
const wfc_webpdemux *wfc_load_webpdemux(char *message, size_t capacity);

#endif
