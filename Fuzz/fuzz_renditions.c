// libFuzzer harness for the renditions shim: hostile JPEG and PNG bytes are decoded (DCT-scaled),
// resampled, oriented and re-encoded at two sizes (as JPEG or PNG, and in half the runs as WebP too), under AddressSanitizer and UBSan. A hash of
// the input's last bytes chooses the orientation, the quality and the targets, so every path
// (planes, pixels, every rotation, PNG with alpha) is reached from the same seeds. Built by
// Fuzz/run.sh.

#include "CImageRenditions.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <CCodecLoader.h>

/// Keeps each run small: a hostile header may claim any size, and the shim must refuse it.
#define FUZZ_MAX_PIXELS (1u << 18)

static void check_rendition(const wfr_rendition *rendition, wfr_target target) {
    if (rendition->bytes == NULL || rendition->length == 0) abort();
    if (rendition->width != target.width || rendition->height != target.height) abort();
}

/// The run's choices, from a hash of the input's last bytes: whole files stay valid seeds (no
/// bytes are taken off their start), and a mutation anywhere near the end changes them.
static uint32_t choices(const uint8_t *data, size_t size) {
    uint32_t hash = 2166136261u;
    for (size_t index = size > 16 ? size - 16 : 0; index < size; index++) hash = (hash ^ data[index]) * 16777619u;
    return hash ^ (uint32_t)size;
}

/// A WebP rendition libwebp reads back at the target's size.
static bool check_webp(const wfr_rendition *webp, wfr_target target) {
    const wfc_webp *library = wfc_load_webp(NULL, 0);
    WebPBitstreamFeatures features;
    if (library == NULL || webp->bytes == NULL ||
        library->WebPGetFeaturesInternal(webp->bytes, webp->length, &features, WEBP_DECODER_ABI_VERSION) != VP8_STATUS_OK) {
        return false;
    }
    return (uint32_t)features.width == target.width && (uint32_t)features.height == target.height;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const uint32_t chosen = choices(data, size);
    wfr_options options = {
        .orientation = (uint16_t)(chosen % 9), .quality = 1 + (int32_t)((chosen >> 4) % 100), .max_pixels = FUZZ_MAX_PIXELS};
    const uint8_t shrink = (uint8_t)(chosen >> 12);

    // First learn the size, as the builder does from the scan, with a one-pixel request.
    wfr_rendition probe = {0};
    wfr_source_info info = {0};
    char message[WFR_MESSAGE_CAPACITY];
    wfr_status status = wfr_render_pixels(data, size, &options, (wfr_target){1, 1}, &probe, &info, message, sizeof message);
    if (memchr(message, '\0', sizeof message) == NULL) abort();
    if (status != WFR_STATUS_OK) {
        if (probe.bytes != NULL) abort();
        if (message[0] == '\0') abort();
        return 0;
    }
    if (probe.length != info.channels || info.channels < 1 || info.channels > 4) abort();
    wfr_rendition_free(&probe);
    if (probe.bytes != NULL) abort();

    uint32_t width = info.width, height = info.height;
    // HEIF/AVIF (transforms applied by libheif) and WebP render upright whatever is passed.
    const bool modern = size >= 12 && (memcmp(data + 4, "ftyp", 4) == 0 || memcmp(data, "RIFF", 4) == 0);
    if (options.orientation >= 5 && !modern) {
        uint32_t swap = width;
        width = height;
        height = swap;
    }
    // Two targets no larger than the image, in display orientation.
    wfr_target targets[2];
    for (int index = 0; index < 2; index++) {
        uint32_t divisor = 1 + ((shrink >> (4 * index)) & 15);
        uint32_t w = width / divisor, h = height / divisor;
        targets[index] = (wfr_target){w ? w : 1, h ? h : 1};
    }
    wfr_rendition renditions[2] = {{0}, {0}}, webp[2] = {{0}, {0}};
    // Half the runs also encode WebP from the same pixels or planes, as the build does.
    options.webp_quality = (chosen >> 20) & 1 ? 1 + (int32_t)((chosen >> 21) % 100) : 0;
    status = wfr_render_sources(data, size, &options, targets, 2, renditions, webp, NULL, &info, message,
                                sizeof message);
    if (status == WFR_STATUS_OK) {
        if (message[0] != '\0') abort();
        for (int index = 0; index < 2; index++) check_rendition(&renditions[index], targets[index]);
        for (int index = 0; index < 2; index++) {
            if (options.webp_quality == 0 ? webp[index].bytes != NULL : !check_webp(&webp[index], targets[index])) abort();
        }
    } else {
        for (int index = 0; index < 2; index++) if (renditions[index].bytes != NULL || webp[index].bytes != NULL) abort();
    }
    for (int index = 0; index < 2; index++) {
        wfr_rendition_free(&renditions[index]);
        wfr_rendition_free(&webp[index]);
    }
    return 0;
}
