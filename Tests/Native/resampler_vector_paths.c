// The resampler's row passes run as AVX2 or as plain x86-64 code depending on the machine
// (Resample.c, WFR_VECTOR_CLONES). Renditions must be the same bytes everywhere, so this program,
// compiled once per instruction set by Tests/Native/run.sh, resamples pseudo-random images of
// every channel layout through reductions of several sizes and prints one checksum of all the
// output pixels. The script requires the checksums to agree.

#include "Internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    uint64_t state = 12345, checksum = 1469598103934665603ULL;
    // Source and target sizes: the default widths' reductions, a large one, a near-identity one.
    static const uint32_t sizes[][4] = {
        {1700, 1200, 986, 696}, {1700, 1200, 657, 464}, {986, 696, 438, 309},
        {3000, 2000, 195, 130}, {640, 480, 639, 479}, {513, 377, 100, 73},
    };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (uint32_t channels = 1; channels <= 4; channels++) {
            for (int alpha = 0; alpha < 2; alpha++) {
                if (alpha && (channels == 1 || channels == 3)) continue;
                const uint32_t sw = sizes[s][0], sh = sizes[s][1], w = sizes[s][2], h = sizes[s][3];
                wfr_resampler r;
                if (!wfr_resampler_init(&r, sw, sh, w, h, channels, alpha)) return 1;
                uint8_t *row = malloc((size_t)sw * channels);
                if (row == NULL) return 1;
                for (uint32_t y = 0; y < sh; y++) {
                    for (size_t i = 0; i < (size_t)sw * channels; i++) {
                        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
                        row[i] = (uint8_t)(state >> 56);
                    }
                    wfr_resampler_push(&r, row);
                }
                wfr_resampler_finish(&r);
                for (size_t i = 0; i < (size_t)w * h * channels; i++) {
                    checksum ^= r.pixels[i];
                    checksum *= 1099511628211ULL;
                }
                free(row);
                wfr_resampler_free(&r);
            }
        }
    }
    printf("%016llx\n", (unsigned long long)checksum);
    return 0;
}
