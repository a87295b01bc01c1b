// The date a photo was taken: DateTimeOriginal (0x9003) in the Exif IFD that IFD0's pointer
// (0x8769) names, with OffsetTimeOriginal (0x9011) when present. Like the orientation walker it
// follows exactly one offset beyond IFD0's, reads each IFD's entries once up to its count and
// checks every read against `length`, whatever the bytes say. A feed orders photos by it.

#include "Internal.h"
#include "ExifIFD.h"

enum { TAG_EXIF_IFD = 0x8769, TAG_DATE_ORIGINAL = 0x9003, TAG_OFFSET_ORIGINAL = 0x9011 };

/// The ASCII value of `entry` (at least `minimum` bytes) inside the block, or NULL.
static const uint8_t *ascii_value(const uint8_t *tiff, size_t length, const uint8_t *entry,
                                  bool little, uint32_t minimum) {
    if (entry == NULL || exif_get16(entry + 2, little) != EXIF_TYPE_ASCII) return NULL;
    uint32_t count = exif_get32(entry + 4, little);
    if (count < minimum) return NULL;
    if (count <= 4) return entry + 8;
    uint32_t offset = exif_get32(entry + 8, little);
    if (offset > length || count > length - offset) return NULL;
    return tiff + offset;
}

static bool digits(const uint8_t *text, int count, int *value) {
    int result = 0;
    for (int index = 0; index < count; index++) {
        if (text[index] < '0' || text[index] > '9') return false;
        result = result * 10 + (text[index] - '0');
    }
    *value = result;
    return true;
}

/// Days from 1970-01-01 to the date (proleptic Gregorian; Howard Hinnant's days-from-civil).
static int64_t days_from_civil(int64_t year, int month, int day) {
    year -= month <= 2;
    int64_t era = (year >= 0 ? year : year - 399) / 400;
    int64_t year_of_era = year - era * 400;
    int64_t day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

bool wfs_exif_date_taken(const uint8_t *tiff, size_t length, int64_t *seconds) {
    if (seconds == NULL) return false;
    bool little;
    uint32_t exif_ifd;
    if (!exif_sub_ifd(tiff, length, TAG_EXIF_IFD, &little, &exif_ifd)) return false;
    // "YYYY:MM:DD HH:MM:SS" and its NUL.
    const uint8_t *date = ascii_value(tiff, length, exif_find_entry(tiff, length, exif_ifd, little, TAG_DATE_ORIGINAL),
                                      little, 19);
    if (date == NULL || date[4] != ':' || date[7] != ':' || date[10] != ' ' || date[13] != ':' || date[16] != ':')
        return false;
    int year, month, day, hour, minute, second;
    if (!digits(date, 4, &year) || !digits(date + 5, 2, &month) || !digits(date + 8, 2, &day) ||
        !digits(date + 11, 2, &hour) || !digits(date + 14, 2, &minute) || !digits(date + 17, 2, &second))
        return false;
    // "0000:00:00 00:00:00" is what cameras write for no date.
    if (year < 1800 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
        return false;
    int64_t result = days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
    // "+02:00": the local time was two hours ahead of UTC. Without it the time counts as UTC.
    const uint8_t *zone = ascii_value(tiff, length, exif_find_entry(tiff, length, exif_ifd, little, TAG_OFFSET_ORIGINAL),
                                      little, 6);
    int zone_hours, zone_minutes;
    if (zone != NULL && (zone[0] == '+' || zone[0] == '-') && zone[3] == ':' && digits(zone + 1, 2, &zone_hours) &&
        digits(zone + 4, 2, &zone_minutes) && zone_hours <= 14 && zone_minutes <= 59) {
        int64_t offset = zone_hours * 3600 + zone_minutes * 60;
        result += zone[0] == '+' ? -offset : offset;
    }
    *seconds = result;
    return true;
}
