// The area-averaging resampler and the orientation transform. Both work on small buffers: the
// resampler holds one row of floats per target and the finished rendition; the transform runs on
// the finished rendition. Averaging in stored orientation and rotating afterwards gives the same
// pixels as rotating first, because an area average is symmetric under flips and transposes.

#include "Internal.h"

#include <stdlib.h>
#include <string.h>

/// The two row passes are compiled twice, for any x86-64 and for AVX2 (twice the floats per
/// instruction), and the loader picks one for the machine. AVX2 without FMA: a fused multiply-add
/// rounds differently, and renditions must be the same bytes on every machine.
#ifndef WFR_VECTOR_CLONES
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && defined(__linux__)
#define WFR_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define WFR_VECTOR_CLONES
#endif
#endif

/// The spans of pixels: a source pixel is `target` units long, an output pixel `source`.
static wfr_spans pixel_spans(uint32_t source, uint32_t target) {
    return (wfr_spans){.source_unit = target, .target_unit = source, .extent = (uint64_t)source * target, .shift = 0};
}

/// Where output sample `index` starts or ends (`index` + 1) along `spans`, cut to [0, extent].
static uint64_t output_edge(const wfr_spans *spans, uint64_t index) {
    const uint64_t position = index * spans->target_unit;
    const uint64_t shifted = position > spans->shift ? position - spans->shift : 0;
    return shifted < spans->extent ? shifted : spans->extent;
}

static bool init(wfr_resampler *r, uint32_t source_width, uint32_t source_height, uint32_t width, uint32_t height,
                 uint32_t channels, bool has_alpha, wfr_spans columns, wfr_spans rows) {
    memset(r, 0, sizeof *r);
    r->source_width = source_width;
    r->source_height = source_height;
    r->width = width;
    r->height = height;
    r->channels = channels;
    r->columns = columns;
    r->rows = rows;
    r->has_alpha = has_alpha;
    // An output span of L units covers at most L / source_unit + 2 source samples.
    r->taps_max = (uint32_t)(columns.target_unit / columns.source_unit) + 2;
    // One channel: a column's taps and sums are multiplied as whole vectors of 4 or 8 floats.
    r->tap_stride = channels == 1 ? (r->taps_max <= 4 ? 4 : (r->taps_max + 7) / 8 * 8) : r->taps_max;
    r->tap_start = malloc(sizeof(uint32_t) * width);
    r->tap_count = malloc(sizeof(uint32_t) * width);
    // Zeroed: a column with fewer taps than tap_stride has zero weights after its own, so the
    // horizontal pass can always run all of them (see emit_row).
    r->taps = calloc((size_t)width * r->tap_stride, sizeof(float));
    r->row = malloc(sizeof(float) * (size_t)width * channels);
    // tap_stride columns of zeros past the end, read (with zero weights) by the last columns'
    // taps, and one float more for the RGB pass, which loads four floats per three-float pixel.
    r->sum = calloc(((size_t)source_width + r->tap_stride) * channels + 1, sizeof(float));
    r->pixels = malloc((size_t)width * height * channels);
    if (!r->tap_start || !r->tap_count || !r->taps || !r->row || !r->sum || !r->pixels) {
        wfr_resampler_free(r);
        return false;
    }
    // Every overlap is an exact integer number of units; a tap is its share of the output
    // column's span (cut off at the extent).
    const uint64_t su = columns.source_unit;
    for (uint32_t x = 0; x < width; x++) {
        const uint64_t lo = output_edge(&columns, x), hi = output_edge(&columns, (uint64_t)x + 1);
        uint32_t first = (uint32_t)(lo / su);
        uint32_t last = (uint32_t)((hi + su - 1) / su); // exclusive
        if (last > source_width) last = source_width;
        uint32_t count = 0;
        float *taps = r->taps + (size_t)x * r->tap_stride;
        for (uint32_t i = first; i < last && count < r->taps_max; i++) {
            uint64_t a = i * su > lo ? i * su : lo;
            uint64_t b = (i + 1) * su < hi ? (i + 1) * su : hi;
            taps[count++] = b > a ? (float)((double)(b - a) / (double)(hi - lo)) : 0.0f;
        }
        r->tap_start[x] = first;
        r->tap_count[x] = count;
    }
    return true;
}

bool wfr_resampler_init(wfr_resampler *r, uint32_t source_width, uint32_t source_height,
                        uint32_t width, uint32_t height, uint32_t channels, bool has_alpha) {
    return init(r, source_width, source_height, width, height, channels, has_alpha,
                pixel_spans(source_width, width), pixel_spans(source_height, height));
}

bool wfr_resampler_init_plane(wfr_resampler *r, uint32_t source_width, uint32_t source_height, uint32_t width,
                              uint32_t height, wfr_spans columns, wfr_spans rows) {
    return init(r, source_width, source_height, width, height, 1, false, columns, rows);
}

void wfr_resampler_free(wfr_resampler *r) {
    free(r->tap_start);
    free(r->tap_count);
    free(r->taps);
    free(r->row);
    free(r->sum);
    free(r->pixels);
    memset(r, 0, sizeof *r);
}

/// The vertical pass: adds `weight` × one source row to the column sums (premultiplied by alpha
/// when there is alpha). Contiguous and branch-free, so the compiler vectorises it.
/// The first row of an output row stores instead of adding, so the sums need no clearing pass.
WFR_VECTOR_CLONES static void accumulate(wfr_resampler *r, const uint8_t *source, float weight) {
    float *restrict sum = r->sum;
    const size_t n = (size_t)r->source_width * r->channels;
    const bool first = r->sum_weight == 0;
    if (!r->has_alpha) {
        if (first) {
            for (size_t i = 0; i < n; i++) sum[i] = weight * (float)source[i];
        } else {
            for (size_t i = 0; i < n; i++) sum[i] += weight * (float)source[i];
        }
        return;
    }
    const uint32_t c = r->channels;
    if (first) memset(sum, 0, n * sizeof(float));
    for (size_t i = 0; i < n; i += c) {
        const float alpha = (float)source[i + c - 1];
        const float premultiplied = weight * alpha * (1.0f / 255.0f);
        for (uint32_t k = 0; k + 1 < c; k++) sum[i + k] += premultiplied * (float)source[i + k];
        sum[i + c - 1] += weight * alpha;
    }
}

/// Four floats as one vector (GCC and clang vector extensions: SSE or AVX on x86-64, NEON on Arm).
typedef float wfr_float4 __attribute__((vector_size(16)));

static inline wfr_float4 load4(const float *source) {
    wfr_float4 v;
    memcpy(&v, source, sizeof v);
    return v;
}

/// One channel: column `x`'s taps times the sums under them, as four partial sums (lane i holds
/// the products of taps i, i + 4, …), which the caller adds as (0 + 2) + (1 + 3).
static inline wfr_float4 column_products(const wfr_resampler *r, uint32_t x, uint32_t stride) {
    const float *taps = r->taps + (size_t)x * stride;
    const float *s = r->sum + r->tap_start[x];
    wfr_float4 v = load4(taps) * load4(s);
    for (uint32_t k = 4; k < stride; k += 4) v += load4(taps + k) * load4(s + k);
    return v;
}

/// `value` rounded to the nearest byte, 0 for anything not above 0 (NaN included). Written with
/// selects, not branches, so the row loops that call it vectorise: it runs once per channel of
/// every rendition pixel.
static inline uint8_t clamp_byte(float value) {
    float rounded = value + 0.5f;
    rounded = rounded > 0 ? rounded : 0; // also NaN
    rounded = rounded < 255 ? rounded : 255;
    return (uint8_t)(int32_t)rounded;
}

/// The horizontal pass, once per finished output row: the column sums become the output row,
/// then the sums start over for the next row.
WFR_VECTOR_CLONES static void emit_row(wfr_resampler *r) {
    const uint32_t width = r->width, c = r->channels, taps_max = r->taps_max;
    uint8_t *out = r->pixels + (size_t)r->rows_out * width * c;
    const float scale = r->sum_weight > 0 ? 1.0f / (float)r->sum_weight : 0;
    float *row = r->row;
    // Every column runs taps_max taps (the unused ones weigh 0), so for RGB and the usual
    // reductions the tap loop has a length known at compile time and unrolls; this pass was a
    // quarter of a build with renditions. Written per channel count with no variable-length
    // copies (a `c`-float copy per pixel compiled to a libc memcpy call).
    // A pixel's three sums are one four-float vector (the fourth lane, the next pixel's red,
    // is computed and dropped): one multiply and one add per tap instead of three each, with the
    // same operations in the same order on each channel, so the same result.
#define WFR_RGB_COLUMNS(TAPS)                                                                      \
    for (uint32_t x = 0; x < width; x++) {                                                         \
        const float *taps = r->taps + (size_t)x * (TAPS);                                          \
        const float *s = r->sum + (size_t)r->tap_start[x] * 3;                                     \
        wfr_float4 v = {0, 0, 0, 0};                                                               \
        for (uint32_t k = 0; k < (TAPS); k++, s += 3) v += taps[k] * load4(s);                     \
        row[(size_t)x * 3] = v[0];                                                                 \
        row[(size_t)x * 3 + 1] = v[1];                                                             \
        row[(size_t)x * 3 + 2] = v[2];                                                             \
    }
    if (c == 1) {
        // A column is a dot product of its taps and as many sums from its first: four or eight
        // products at once, then added in a fixed order (the same result on every machine).
        const uint32_t stride = r->tap_stride;
        uint32_t x = 0;
#if defined(__clang__)
        // Four columns at a time, their four partial sums added across by shuffles.
        for (; x + 4 <= width; x += 4) {
            wfr_float4 p[4];
            for (unsigned j = 0; j < 4; j++) p[j] = column_products(r, x + j, stride);
            const wfr_float4 first = __builtin_shufflevector(p[0], p[1], 0, 1, 4, 5) + __builtin_shufflevector(p[0], p[1], 2, 3, 6, 7);
            const wfr_float4 second = __builtin_shufflevector(p[2], p[3], 0, 1, 4, 5) + __builtin_shufflevector(p[2], p[3], 2, 3, 6, 7);
            const wfr_float4 sums = __builtin_shufflevector(first, second, 0, 2, 4, 6) + __builtin_shufflevector(first, second, 1, 3, 5, 7);
            memcpy(row + x, &sums, sizeof sums);
        }
#endif
        for (; x < width; x++) {
            const wfr_float4 v = column_products(r, x, stride);
            row[x] = (v[0] + v[2]) + (v[1] + v[3]);
        }
    } else if (c == 3) {
        switch (taps_max) {
        case 3: WFR_RGB_COLUMNS(3) break;
        case 4: WFR_RGB_COLUMNS(4) break;
        case 5: WFR_RGB_COLUMNS(5) break;
        case 6: WFR_RGB_COLUMNS(6) break;
        default: WFR_RGB_COLUMNS(taps_max) break;
        }
    } else {
        for (uint32_t x = 0; x < width; x++) {
            const float *taps = r->taps + (size_t)x * taps_max;
            const float *s = r->sum + (size_t)r->tap_start[x] * c;
            const uint32_t count = r->tap_count[x];
            float *v = row + (size_t)x * c;
            switch (c) {
            case 2: {
                float v0 = 0, v1 = 0;
                for (uint32_t k = 0; k < count; k++, s += 2) {
                    v0 += taps[k] * s[0];
                    v1 += taps[k] * s[1];
                }
                v[0] = v0;
                v[1] = v1;
                break;
            }
            default: {
                float v0 = 0, v1 = 0, v2 = 0, v3 = 0;
                for (uint32_t k = 0; k < count; k++, s += 4) {
                    v0 += taps[k] * s[0];
                    v1 += taps[k] * s[1];
                    v2 += taps[k] * s[2];
                    v3 += taps[k] * s[3];
                }
                v[0] = v0;
                v[1] = v1;
                v[2] = v2;
                v[3] = v3;
                break;
            }
            }
        }
    }
#undef WFR_RGB_COLUMNS
    const size_t n = (size_t)width * c;
    if (!r->has_alpha) {
        for (size_t i = 0; i < n; i++) out[i] = clamp_byte(row[i] * scale);
    } else {
        for (size_t i = 0; i < n; i += c) {
            float alpha = row[i + c - 1];
            float unpremultiply = alpha > 0 ? 255.0f / alpha : 0;
            for (uint32_t k = 0; k + 1 < c; k++) out[i + k] = clamp_byte(row[i + k] * unpremultiply);
            out[i + c - 1] = clamp_byte(alpha * scale);
        }
    }
    r->sum_weight = 0; // the next accumulate overwrites the sums
    r->rows_out++;
}

void wfr_resampler_push(wfr_resampler *r, const uint8_t *source) {
    if (r->rows_out >= r->height || r->rows_in >= r->source_height) return;
    // Source row j spans [j·su, (j+1)·su), output row y ends where output_edge says; both are
    // cut off at the extent.
    const uint64_t su = r->rows.source_unit, extent = r->rows.extent;
    uint64_t lo = (uint64_t)r->rows_in * su, hi = lo + su;
    if (hi > extent) hi = extent;
    while (lo < hi && r->rows_out < r->height) {
        const uint64_t boundary = output_edge(&r->rows, (uint64_t)r->rows_out + 1);
        uint64_t end = hi < boundary ? hi : boundary;
        accumulate(r, source, (float)(end - lo));
        r->sum_weight += end - lo;
        lo = end;
        if (end == boundary) emit_row(r);
    }
    r->rows_in++;
}

void wfr_resampler_finish(wfr_resampler *r) {
    if (r->rows_out < r->height && r->sum_weight > 0) emit_row(r);
    // A decoder that stopped early leaves rows; the caller reports that as an error anyway.
    while (r->rows_out < r->height) {
        memset(r->pixels + (size_t)r->rows_out * r->width * r->channels, 0, (size_t)r->width * r->channels);
        r->rows_out++;
    }
}

uint8_t *wfr_orient(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                    uint16_t orientation) {
    const size_t size = (size_t)width * height * channels;
    uint8_t *out = malloc(size);
    if (out == NULL) return NULL;
    if (orientation < 2 || orientation > 8) {
        memcpy(out, pixels, size);
        return out;
    }
    const bool transposed = orientation >= 5;
    const uint32_t display_width = transposed ? height : width;
    const uint32_t display_height = transposed ? width : height;
    // For display pixel (x, y), the stored pixel (sx, sy) per EXIF orientation.
    for (uint32_t y = 0; y < display_height; y++) {
        uint8_t *destination = out + (size_t)y * display_width * channels;
        for (uint32_t x = 0; x < display_width; x++) {
            uint32_t sx, sy;
            switch (orientation) {
            case 2: sx = width - 1 - x; sy = y; break;
            case 3: sx = width - 1 - x; sy = height - 1 - y; break;
            case 4: sx = x; sy = height - 1 - y; break;
            case 5: sx = y; sy = x; break;
            case 6: sx = y; sy = height - 1 - x; break;
            case 7: sx = width - 1 - y; sy = height - 1 - x; break;
            default: sx = width - 1 - y; sy = x; break; // 8
            }
            memcpy(destination + (size_t)x * channels, pixels + ((size_t)sy * width + sx) * channels, channels);
        }
    }
    return out;
}

bool wfr_icc_matches(const uint8_t *icc, size_t length, const char expected[4]) {
    return icc != NULL && length >= 128 && memcmp(icc + 16, expected, 4) == 0;
}
