// Format detection by magic bytes: a file's name says nothing reliable about its content.

#include "CImageSupport.h"

#include <string.h>

static bool has_prefix(const uint8_t *bytes, size_t length, const char *magic, size_t magic_length) {
    return length >= magic_length && memcmp(bytes, magic, magic_length) == 0;
}

/// Reads an ISO-BMFF `ftyp` box (HEIF, AVIF, JPEG 2000 part 2…): the major brand at 8..<12 and
/// the compatible brands after it, within the bytes we have.
static wfi_format sniff_ftyp(const uint8_t *bytes, size_t length) {
    if (length < 12 || memcmp(bytes + 4, "ftyp", 4) != 0) return WFI_FORMAT_UNKNOWN;
    size_t box = ((size_t)bytes[0] << 24) | ((size_t)bytes[1] << 16) | ((size_t)bytes[2] << 8) | bytes[3];
    if (box < 12) box = 12;
    if (box > length) box = length;
    bool heif = false;
    // Brands: major at 8, minor version at 12, compatible brands from 16, four bytes each.
    for (size_t offset = 8; offset + 4 <= box; offset += 4) {
        if (offset == 12) continue;
        const uint8_t *brand = bytes + offset;
        if (memcmp(brand, "avif", 4) == 0 || memcmp(brand, "avis", 4) == 0) return WFI_FORMAT_AVIF;
        if (memcmp(brand, "heic", 4) == 0 || memcmp(brand, "heix", 4) == 0 ||
            memcmp(brand, "hevc", 4) == 0 || memcmp(brand, "hevx", 4) == 0 ||
            memcmp(brand, "heim", 4) == 0 || memcmp(brand, "heis", 4) == 0 ||
            memcmp(brand, "mif1", 4) == 0 || memcmp(brand, "msf1", 4) == 0 ||
            memcmp(brand, "mif2", 4) == 0 || memcmp(brand, "mif3", 4) == 0 || memcmp(brand, "miaf", 4) == 0) {
            heif = true;
        }
        if (memcmp(brand, "jp2 ", 4) == 0 || memcmp(brand, "jpx ", 4) == 0) return WFI_FORMAT_JPEG_2000;
        if (memcmp(brand, "jxl ", 4) == 0) return WFI_FORMAT_JPEG_XL;
    }
    return heif ? WFI_FORMAT_HEIF : WFI_FORMAT_UNKNOWN;
}

/// True when the text (after optional BOM and whitespace) opens an SVG document.
static bool looks_like_svg(const uint8_t *bytes, size_t length) {
    size_t i = 0;
    if (has_prefix(bytes, length, "\xEF\xBB\xBF", 3)) i = 3;
    while (i < length && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\r' || bytes[i] == '\n')) i++;
    return has_prefix(bytes + i, length - i, "<svg", 4) || has_prefix(bytes + i, length - i, "<?xml", 5);
}

wfi_format wfi_sniff_format(const uint8_t *bytes, size_t length) {
    if (bytes == NULL) return WFI_FORMAT_UNKNOWN;
    // JPEG: SOI followed by a marker. libjpeg itself only needs FF D8; it reports what follows.
    if (has_prefix(bytes, length, "\xFF\xD8", 2)) return WFI_FORMAT_JPEG;
    // PNG: the full signature, or "PNG" at 1..<4 with damage elsewhere (CR/LF conversion, a
    // cleared high bit): libpng then explains the damage better than "not an image" would.
    if (has_prefix(bytes, length, "\x89PNG\r\n\x1A\n", 8)) return WFI_FORMAT_PNG;
    if (length >= 4 && memcmp(bytes + 1, "PNG", 3) == 0) return WFI_FORMAT_PNG;
    if (has_prefix(bytes, length, "GIF87a", 6) || has_prefix(bytes, length, "GIF89a", 6)) return WFI_FORMAT_GIF;
    if (length >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "WEBP", 4) == 0) return WFI_FORMAT_WEBP;
    if (has_prefix(bytes, length, "\xFF\x0A", 2) ||
        has_prefix(bytes, length, "\x00\x00\x00\x0CJXL \r\n\x87\n", 12)) return WFI_FORMAT_JPEG_XL;
    if (has_prefix(bytes, length, "\x00\x00\x00\x0CjP  \r\n\x87\n", 12) ||
        has_prefix(bytes, length, "\xFF\x4F\xFF\x51", 4)) return WFI_FORMAT_JPEG_2000;
    wfi_format boxed = sniff_ftyp(bytes, length);
    if (boxed != WFI_FORMAT_UNKNOWN) return boxed;
    if (has_prefix(bytes, length, "II*\0", 4) || has_prefix(bytes, length, "MM\0*", 4) ||
        has_prefix(bytes, length, "II+\0", 4) || has_prefix(bytes, length, "MM\0+", 4)) return WFI_FORMAT_TIFF;
    // BMP: "BM", then the file size and four reserved bytes that writers leave zero; the zero check
    // keeps a text file that happens to start with "BM" from passing as a bitmap.
    if (has_prefix(bytes, length, "BM", 2) && length >= 14 && memcmp(bytes + 6, "\0\0\0\0", 4) == 0) return WFI_FORMAT_BMP;
    if (has_prefix(bytes, length, "\0\0\1\0", 4) || has_prefix(bytes, length, "\0\0\2\0", 4)) return WFI_FORMAT_ICO;
    if (has_prefix(bytes, length, "8BPS", 4)) return WFI_FORMAT_PSD;
    if (has_prefix(bytes, length, "qoif", 4)) return WFI_FORMAT_QOI;
    if (looks_like_svg(bytes, length)) return WFI_FORMAT_SVG;
    return WFI_FORMAT_UNKNOWN;
}

const char *wfi_format_name(wfi_format format) {
    switch (format) {
    case WFI_FORMAT_UNKNOWN: return "unknown";
    case WFI_FORMAT_JPEG: return "JPEG";
    case WFI_FORMAT_PNG: return "PNG";
    case WFI_FORMAT_GIF: return "GIF";
    case WFI_FORMAT_WEBP: return "WebP";
    case WFI_FORMAT_HEIF: return "HEIC/HEIF";
    case WFI_FORMAT_AVIF: return "AVIF";
    case WFI_FORMAT_TIFF: return "TIFF";
    case WFI_FORMAT_BMP: return "BMP";
    case WFI_FORMAT_ICO: return "ICO";
    case WFI_FORMAT_JPEG_XL: return "JPEG XL";
    case WFI_FORMAT_JPEG_2000: return "JPEG 2000";
    case WFI_FORMAT_PSD: return "Photoshop PSD";
    case WFI_FORMAT_QOI: return "QOI";
    case WFI_FORMAT_SVG: return "SVG";
    }
    return "unknown";
}

wfi_format wfi_sniff_decoder(const uint8_t *bytes, size_t length) {
    if (bytes == NULL) return WFI_FORMAT_UNKNOWN;
    if (has_prefix(bytes, length, "\xFF\xD8\xFF", 3)) return WFI_FORMAT_JPEG;
    if (has_prefix(bytes, length, "\x89PNG\r\n\x1A\n", 8)) return WFI_FORMAT_PNG;
    if (length >= 12 && memcmp(bytes + 4, "ftyp", 4) == 0) return WFI_FORMAT_HEIF;
    if (length >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "WEBP", 4) == 0) return WFI_FORMAT_WEBP;
    return WFI_FORMAT_UNKNOWN;
}
