// Whether a photo's EXIF block says where it was taken: GPSLatitude (2) and GPSLongitude (4) in
// the GPS IFD that IFD0's pointer (0x8825) names. Like the date reader it follows exactly one
// offset beyond IFD0's and checks every read against `length`, whatever the bytes say. The build
// warns before it publishes such a photo's original (renditions carry no EXIF).

#include "Internal.h"
#include "ExifIFD.h"

enum { TAG_GPS_IFD = 0x8825, TAG_GPS_LATITUDE = 0x0002, TAG_GPS_LONGITUDE = 0x0004 };

/// Whether `entry` holds three RATIONALs inside the block; `nonzero` becomes true when any of
/// their numerators is not 0.
static bool three_rationals(const uint8_t *tiff, size_t length, const uint8_t *entry, bool little, bool *nonzero) {
    if (entry == NULL || exif_get16(entry + 2, little) != EXIF_TYPE_RATIONAL || exif_get32(entry + 4, little) != 3)
        return false;
    uint32_t offset = exif_get32(entry + 8, little);
    if (offset > length || length - offset < 24) return false;
    for (int index = 0; index < 3; index++) {
        if (exif_get32(tiff + offset + 8 * index, little) != 0) *nonzero = true;
    }
    return true;
}

bool wfs_exif_has_gps_position(const uint8_t *tiff, size_t length) {
    bool little;
    uint32_t gps_ifd;
    if (!exif_sub_ifd(tiff, length, TAG_GPS_IFD, &little, &gps_ifd)) return false;
    // Cameras without a fix write the IFD with zeros (or only GPSVersionID): no position.
    bool nonzero = false;
    return three_rationals(tiff, length, exif_find_entry(tiff, length, gps_ifd, little, TAG_GPS_LATITUDE), little,
                           &nonzero) &&
           three_rationals(tiff, length, exif_find_entry(tiff, length, gps_ifd, little, TAG_GPS_LONGITUDE), little,
                           &nonzero) &&
           nonzero;
}
