// libFuzzer harness for the EXIF walkers alone (orientation, date taken, GPS position): the input is a TIFF-structured EXIF payload, as
// found after `Exif\0\0` in a JPEG APP1 segment or in a PNG eXIf chunk. Built by Fuzz/run.sh.

#include "CImageHeaders.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // Copy into an exactly-sized heap block so ASan catches any read one byte past the end.
    uint8_t *copy = malloc(size ? size : 1);
    if (copy == NULL) return 0;
    if (size) memcpy(copy, data, size);
    uint16_t orientation = 0;
    char message[WFS_MESSAGE_CAPACITY];
    wfs_exif_status status = wfs_exif_orientation(copy, size, &orientation, message, sizeof message);
    // The date walker follows one more offset (IFD0 to the Exif IFD) over the same bytes.
    int64_t seconds = 0;
    (void)wfs_exif_date_taken(copy, size, &seconds);
    // So does the GPS walker (IFD0 to the GPS IFD, then six rationals).
    (void)wfs_exif_has_gps_position(copy, size);
    free(copy);
    if ((unsigned)status > WFS_EXIF_MALFORMED) abort();
    if (orientation < 1 || orientation > 8) abort();
    if (memchr(message, '\0', sizeof message) == NULL) abort();
    if (status == WFS_EXIF_MALFORMED && message[0] == '\0') abort();
    return 0;
}
