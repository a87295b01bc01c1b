// Optimal Huffman tables for a baseline JPEG, computed from its own entropy-coded data.
//
// Why this exists: libjpeg's `optimize_coding` gathers its statistics with a plain C loop that
// tests each of the 63 AC coefficients of every block, one data-dependent branch each. In a build
// with renditions that loop alone took a sixth of the CPU time, and it doubled the cost of every
// encode. So the encoder writes in one pass (libjpeg-turbo's SIMD path) with fixed-length codes
// that are the symbols themselves (JPEG.c), and this file reads the symbols back from the bits
// (a few shifts per symbol, and a block has a few symbols, not 64 coefficients), keeps them,
// builds the optimal tables with libjpeg's procedure (ISO/IEC 10918-1 Annex K.2, the same
// tie-breaks) and writes the same symbols again with them. The file that comes out is byte for
// byte the one libjpeg writes with `optimize_coding` (Tests/Native/huffman_optimizer.c checks
// that). Files with any other tables, the standard ones included, are read with a table lookup
// per symbol.
//
// It handles what the encoder writes: 8-bit baseline or extended sequential Huffman, one scan
// with every component, no restart markers. Anything else is refused (false), and the caller
// falls back to libjpeg's own optimisation. Every read is bounds-checked all the same.

#include "Internal.h"

#include <stdlib.h>
#include <string.h>

enum { FAST_BITS = 10, SLOTS = 8, PADDING = 64 * 4 + 16 }; // a slot is class × 4 + table id: DC 0–3, AC 4–7

typedef struct huffman_table {
    bool defined;
    bool used;
    /// The code is the symbol itself, 4 bits (DC) or 8 (AC): see JPEG.c's fixed-length tables.
    bool fixed;
    uint8_t bits[17]; // bits[l]: how many codes have length l
    uint8_t values[256];
    unsigned count;
    /// Decoding: codes of at most FAST_BITS bits by lookup (symbol | length << 8 | the count of
    /// extra bits after it << 16; 0 for longer codes), longer ones by the largest code of each
    /// length.
    uint32_t fast[1 << FAST_BITS];
    int32_t max_code[17];
    int32_t value_offset[17];
    /// The optimal table for the symbols counted, and its codes.
    uint8_t optimal_bits[17];
    uint8_t optimal_values[256];
    unsigned optimal_count;
    uint16_t code[256];
    uint8_t size[256];
    long frequency[257];
} huffman_table;

typedef struct component {
    uint8_t id, horizontal, vertical;
    uint8_t dc_slot, ac_slot;
} component;

typedef struct parsed_file {
    huffman_table tables[SLOTS];
    component components[4];
    unsigned component_count;
    uint32_t width, height;
    component scan[4];
    unsigned scan_count;
    /// Where the DHT segments, the entropy-coded data and what follows it lie.
    size_t dht_start[8], dht_end[8];
    unsigned dht_count;
    size_t data_start, data_end;
} parsed_file;

static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }

/// How many extra bits follow a symbol: a DC symbol is that count, an AC symbol holds it in its
/// low four bits (its high four are a run of zeros).
static inline unsigned extra_bits(bool dc, unsigned symbol) { return dc ? symbol : (symbol & 15); }

/// Canonical codes from bits/values (Annex C), for decoding; false for a table whose lengths
/// oversubscribe the code space.
static bool build_decoder(huffman_table *t, bool dc) {
    memset(t->fast, 0, sizeof t->fast);
    uint32_t code = 0;
    unsigned k = 0;
    for (unsigned length = 1; length <= 16; length++) {
        t->value_offset[length] = (int32_t)k - (int32_t)code;
        for (unsigned i = 0; i < t->bits[length]; i++, k++, code++) {
            // A DC symbol is a count of extra bits; 8-bit samples need at most 11.
            if (code >= (1u << length) || (dc && t->values[k] > 16)) return false;
            if (length <= FAST_BITS) {
                const unsigned shift = FAST_BITS - length;
                for (uint32_t fill = 0; fill < (1u << shift); fill++) {
                    t->fast[code << shift | fill] = t->values[k] | length << 8 | extra_bits(dc, t->values[k]) << 16;
                }
            }
        }
        t->max_code[length] = t->bits[length] ? (int32_t)code - 1 : -1;
        code <<= 1;
    }
    return true;
}

/// The optimal table for `frequency` (symbol 256 is a pseudo-symbol that keeps the all-ones code
/// unused). The same procedure as libjpeg's `jpeg_gen_optimal_table`, step for step: ties go to
/// the larger symbol number, and lengths over 16 are folded as Annex K.2 describes.
static void build_optimal(huffman_table *t) {
    enum { MAX_LENGTH = 32 };
    uint8_t bits[MAX_LENGTH + 1] = {0};
    int size[257] = {0}, others[257];
    long frequency[257];
    memcpy(frequency, t->frequency, sizeof frequency);
    frequency[256] = 1;
    for (int i = 0; i < 257; i++) others[i] = -1;
    // The symbols still in play, ascending: libjpeg scans all 257 for each merge, skipping the
    // zeros; scanning only these finds the same ones in the same order.
    int active[257], count = 0;
    for (int i = 0; i <= 256; i++) {
        if (frequency[i]) active[count++] = i;
    }
    for (;;) {
        int c1 = -1, c2 = -1, c2_at = -1;
        long v = 1000000000L;
        for (int j = 0; j < count; j++) {
            if (frequency[active[j]] <= v) { v = frequency[active[j]]; c1 = active[j]; }
        }
        v = 1000000000L;
        for (int j = 0; j < count; j++) {
            if (frequency[active[j]] <= v && active[j] != c1) { v = frequency[active[j]]; c2 = active[j]; c2_at = j; }
        }
        if (c2 < 0) break;
        frequency[c1] += frequency[c2];
        frequency[c2] = 0;
        memmove(active + c2_at, active + c2_at + 1, sizeof *active * (size_t)(count - c2_at - 1));
        count--;
        size[c1]++;
        while (others[c1] >= 0) { c1 = others[c1]; size[c1]++; }
        others[c1] = c2;
        size[c2]++;
        while (others[c2] >= 0) { c2 = others[c2]; size[c2]++; }
    }
    // 257 symbols cannot need more than 256 bits of length, and a code of more than 32 bits needs
    // frequencies beyond a long's Fibonacci range; the clamp only keeps the indexing in bounds.
    for (int i = 0; i <= 256; i++) {
        if (size[i]) bits[size[i] > MAX_LENGTH ? MAX_LENGTH : size[i]]++;
    }
    int i = MAX_LENGTH;
    for (; i > 16; i--) {
        while (bits[i] > 0) {
            int j = i - 2;
            while (bits[j] == 0) j--;
            bits[i] -= 2;
            bits[i - 1]++;
            bits[j + 1] += 2;
            bits[j]--;
        }
    }
    while (bits[i] == 0) i--;
    bits[i]--; // the pseudo-symbol leaves the longest length
    memcpy(t->optimal_bits, bits, sizeof t->optimal_bits);
    unsigned p = 0;
    for (int length = 1; length <= MAX_LENGTH; length++) {
        for (int symbol = 0; symbol <= 255; symbol++) {
            if (size[symbol] == length) t->optimal_values[p++] = (uint8_t)symbol;
        }
    }
    t->optimal_count = p;
    // Encoding codes, canonical as a decoder rebuilds them.
    uint32_t code = 0;
    unsigned k = 0;
    for (unsigned length = 1; length <= 16; length++, code <<= 1) {
        for (unsigned n = 0; n < t->optimal_bits[length]; n++, k++, code++) {
            t->code[t->optimal_values[k]] = (uint16_t)code;
            t->size[t->optimal_values[k]] = (uint8_t)length;
        }
    }
}

/// Reads the markers up to the scan's data and finds where the data ends.
static bool parse(const uint8_t *jpeg, size_t length, parsed_file *file) {
    if (length < 4 || jpeg[0] != 0xFF || jpeg[1] != 0xD8) return false;
    size_t p = 2;
    bool frame = false;
    for (;;) {
        if (p + 4 > length || jpeg[p] != 0xFF) return false;
        const uint8_t marker = jpeg[p + 1];
        const size_t segment = be16(jpeg + p + 2);
        if (segment < 2 || p + 2 + segment > length) return false;
        const uint8_t *body = jpeg + p + 4;
        const size_t body_length = segment - 2;
        const size_t end = p + 2 + segment;
        if (marker == 0xC4) { // DHT
            if (file->dht_count == 8) return false;
            file->dht_start[file->dht_count] = p;
            file->dht_end[file->dht_count++] = end;
            size_t q = 0;
            while (q < body_length) {
                if (q + 17 > body_length) return false;
                const uint8_t kind = body[q] >> 4, id = body[q] & 15;
                if (kind > 1 || id > 3) return false;
                huffman_table *t = &file->tables[kind * 4 + id];
                if (t->defined) return false;
                t->defined = true;
                t->count = 0;
                t->bits[0] = 0;
                for (unsigned l = 1; l <= 16; l++) {
                    t->bits[l] = body[q + l];
                    t->count += body[q + l];
                }
                if (t->count > 256 || q + 17 + t->count > body_length) return false;
                memcpy(t->values, body + q + 17, t->count);
                if (!build_decoder(t, kind == 0)) return false;
                const unsigned fixed_length = kind == 0 ? 4 : 8, fixed_count = (1u << fixed_length) - 1;
                t->fixed = t->count == fixed_count && t->bits[fixed_length] == fixed_count;
                for (unsigned v = 0; t->fixed && v < fixed_count; v++) t->fixed = t->values[v] == v;
                q += 17 + t->count;
            }
        } else if (marker == 0xC0 || marker == 0xC1) { // baseline or extended sequential, Huffman
            if (frame || body_length < 6 || body[0] != 8) return false;
            frame = true;
            file->height = be16(body + 1);
            file->width = be16(body + 3);
            file->component_count = body[5];
            if (file->width == 0 || file->height == 0 || file->component_count == 0 || file->component_count > 4 ||
                body_length < 6 + 3 * (size_t)file->component_count) {
                return false;
            }
            for (unsigned c = 0; c < file->component_count; c++) {
                component *k = &file->components[c];
                k->id = body[6 + 3 * c];
                k->horizontal = body[7 + 3 * c] >> 4;
                k->vertical = body[7 + 3 * c] & 15;
                if (k->horizontal < 1 || k->horizontal > 4 || k->vertical < 1 || k->vertical > 4) return false;
            }
        } else if ((marker >= 0xC2 && marker <= 0xCF) || marker == 0xDD) {
            // Progressive, lossless, arithmetic coding, or a restart interval: not what the
            // encoder writes here. (DRI with interval 0 would be harmless, but it never comes.)
            return false;
        } else if (marker == 0xDA) { // SOS
            if (!frame || body_length < 1) return false;
            file->scan_count = body[0];
            // One scan with every component: a later scan would still use the old tables.
            if (file->scan_count != file->component_count ||
                body_length != 4 + 2 * (size_t)file->scan_count) {
                return false;
            }
            for (unsigned s = 0; s < file->scan_count; s++) {
                const uint8_t id = body[1 + 2 * s], selectors = body[2 + 2 * s];
                const component *found = NULL;
                for (unsigned c = 0; c < file->component_count; c++) {
                    if (file->components[c].id == id) found = &file->components[c];
                }
                if (found == NULL || (selectors >> 4) > 3 || (selectors & 15) > 3) return false;
                component k = *found;
                k.dc_slot = selectors >> 4;
                k.ac_slot = 4 + (selectors & 15);
                if (!file->tables[k.dc_slot].defined || !file->tables[k.ac_slot].defined) return false;
                file->tables[k.dc_slot].used = true;
                file->tables[k.ac_slot].used = true;
                file->scan[s] = k;
            }
            const uint8_t *tail = body + 1 + 2 * file->scan_count;
            if (tail[0] != 0 || tail[1] != 63 || tail[2] != 0) return false; // Ss, Se, Ah/Al
            // The data runs to the first 0xFF not followed by a stuffed 0x00.
            file->data_start = end;
            size_t q = end;
            for (;;) {
                const uint8_t *ff = memchr(jpeg + q, 0xFF, length - q);
                if (ff == NULL || (size_t)(ff - jpeg) + 1 >= length) return false;
                q = (size_t)(ff - jpeg);
                if (jpeg[q + 1] != 0x00) break;
                q += 2;
            }
            file->data_end = q;
            return file->dht_count > 0 && jpeg[q + 1] == 0xD9; // EOI
        } else if (marker < 0xC0 || marker == 0xFF || (marker >= 0xD0 && marker <= 0xD9)) {
            return false; // no segment of this kind before a scan
        }
        p = end;
    }
}

/// Removes the stuffed zero after each 0xFF of the entropy-coded data. Zeros follow, for the
/// reader's loads ahead: a block is at most 64 symbols of at most 32 bits, the bounds are checked
/// after each block, and a load reads 8 bytes.
static uint8_t *unstuff(const uint8_t *data, size_t length, size_t *out_length) {
    uint8_t *out = malloc(length + PADDING);
    if (out == NULL) return NULL;
    size_t n = 0;
    for (size_t i = 0; i < length;) {
        const uint8_t *ff = memchr(data + i, 0xFF, length - i);
        const size_t run = ff == NULL ? length - i : (size_t)(ff - (data + i)) + 1;
        memcpy(out + n, data + i, run);
        n += run;
        i += run + (ff != NULL); // skip the 0x00 (parse() has checked it is there)
    }
    memset(out + n, 0, PADDING);
    *out_length = n;
    return out;
}

/// Bits most significant first, refilled without a branch (after F. Giesen, "Reading bits in far
/// too many ways"): the buffer holds 56 to 63 bits after each refill.
typedef struct bit_reader {
    const uint8_t *start, *next;
    uint64_t buffer;
    unsigned count;
    uint64_t bit_limit;
} bit_reader;

static inline void refill(bit_reader *r) {
    uint64_t loaded;
    memcpy(&loaded, r->next, 8);
    r->buffer |= __builtin_bswap64(loaded) >> r->count;
    r->next += (63 - r->count) >> 3;
    r->count |= 56;
}

/// Writes bits, stuffing a zero after each 0xFF byte as the entropy-coded data requires. Fewer
/// than 8 bits wait between calls; the output needs 8 bytes of room past the data.
typedef struct bit_writer {
    uint8_t *out;
    uint64_t pending;
    unsigned count;
} bit_writer;

static inline void put_byte(bit_writer *w, uint8_t byte) {
    *w->out++ = byte;
    if (byte == 0xFF) *w->out++ = 0;
}

/// 1 to 32 bits. Every call stores 8 bytes and keeps the whole ones: no branch that depends on
/// the data, but for the rare 0xFF byte (about one in 256), which needs a stuffed zero.
static inline void put_bits(bit_writer *w, uint32_t bits, unsigned count) {
    w->pending = w->pending << count | bits;
    w->count += count; // 1 to 39
    const unsigned whole = w->count >> 3;
    const uint64_t aligned = w->pending << (64 - w->count);
    const uint64_t big_endian = __builtin_bswap64(aligned);
    memcpy(w->out, &big_endian, 8);
    const uint64_t kept = aligned & ~(~0ULL >> (8 * whole)), inverted = ~kept;
    if (__builtin_expect(((inverted - 0x0101010101010101ULL) & ~inverted & 0x8080808080808080ULL) == 0, 1)) {
        w->out += whole;
    } else {
        for (unsigned i = 0; i < whole; i++) put_byte(w, (uint8_t)(aligned >> (56 - 8 * i)));
    }
    w->count &= 7;
}

/// As libjpeg ends the data: the last partial byte filled with one bits.
static void flush_bits(bit_writer *w) {
    if (w->count > 0) {
        const unsigned fill = 8 - w->count;
        put_byte(w, (uint8_t)((w->pending << fill | ((1u << fill) - 1)) & 0xFF));
        w->count = 0;
    }
}

/// The symbols as read, in order, for the writing pass: slot << 24 | symbol << 16 | extra bits.
typedef struct symbol_list {
    uint32_t *items;
    size_t count, capacity;
} symbol_list;

/// Room for one more block (at most 64 symbols).
static bool reserve_block(symbol_list *list) {
    if (list->count + 64 <= list->capacity) return true;
    const size_t capacity = list->capacity * 2 + 64;
    uint32_t *bigger = realloc(list->items, capacity * sizeof *bigger);
    if (bigger == NULL) return false;
    list->items = bigger;
    list->capacity = capacity;
    return true;
}

/// Decodes one symbol and the extra bits after it (as many as `symbol` for DC, as its low four
/// bits for AC), counts it and keeps it. False for a code the table does not have.
static inline __attribute__((always_inline)) bool
read_symbol(bit_reader *r, huffman_table *t, unsigned slot, bool fixed, symbol_list *list, unsigned *symbol) {
    refill(r);
    unsigned length, size, value;
    const uint32_t fast = fixed ? 0 : t->fast[r->buffer >> (64 - FAST_BITS)];
    if (fixed) {
        // No lookup: one symbol leads to the next by shifts alone.
        length = slot < 4 ? 4 : 8;
        value = (unsigned)(r->buffer >> (64 - length));
        size = extra_bits(slot < 4, value);
    } else if (__builtin_expect(fast != 0, 1)) {
        value = fast & 0xFF;
        length = fast >> 8 & 0xFF;
        size = fast >> 16;
    } else {
        const uint32_t top = (uint32_t)(r->buffer >> 48);
        length = FAST_BITS + 1;
        while (length <= 16 && (int32_t)(top >> (16 - length)) > t->max_code[length]) length++;
        if (length > 16) return false;
        value = t->values[(int32_t)(top >> (16 - length)) + t->value_offset[length]];
        size = extra_bits(slot < 4, value);
    }
    const uint32_t extra = size ? (uint32_t)((r->buffer << length) >> (64 - size)) : 0;
    list->items[list->count++] = slot << 24 | value << 16 | extra;
    t->frequency[value]++;
    r->buffer <<= length + size;
    r->count -= length + size;
    *symbol = value;
    return true;
}

static inline __attribute__((always_inline)) bool
read_block(bit_reader *r, parsed_file *file, const component *k, bool fixed, symbol_list *list) {
    if (!reserve_block(list)) return false;
    unsigned symbol;
    if (!read_symbol(r, &file->tables[k->dc_slot], k->dc_slot, fixed, list, &symbol)) return false;
    huffman_table *ac = &file->tables[k->ac_slot];
    for (unsigned position = 1; position < 64;) {
        if (!read_symbol(r, ac, k->ac_slot, fixed, list, &symbol)) return false;
        const unsigned run = symbol >> 4;
        if ((symbol & 15) == 0 && run != 15) break; // end of block
        position += run + 1;
        if (position > 64) return false;
    }
    // Past the data (into the zeros after it) means the data is damaged; see unstuff().
    return (uint64_t)(r->next - r->start) * 8 - r->count <= r->bit_limit;
}

/// Reads every block of the scan in order, counting the symbols and keeping them; `fixed` when
/// every table the scan uses has fixed-length codes.
static inline __attribute__((always_inline)) bool
read_blocks(const uint8_t *data, size_t length, parsed_file *file, bool fixed, symbol_list *list) {
    bit_reader reader = {.start = data, .next = data, .bit_limit = (uint64_t)length * 8};
    unsigned max_h = 1, max_v = 1;
    for (unsigned c = 0; c < file->component_count; c++) {
        if (file->components[c].horizontal > max_h) max_h = file->components[c].horizontal;
        if (file->components[c].vertical > max_v) max_v = file->components[c].vertical;
    }
    if (file->scan_count == 1) {
        // One component alone: its own blocks in raster order, no padding to a whole MCU.
        const component *k = &file->scan[0];
        const uint64_t width = ((uint64_t)file->width * k->horizontal + max_h - 1) / max_h;
        const uint64_t height = ((uint64_t)file->height * k->vertical + max_v - 1) / max_v;
        const uint64_t blocks = ((width + 7) / 8) * ((height + 7) / 8);
        for (uint64_t b = 0; b < blocks; b++) {
            if (!read_block(&reader, file, k, fixed, list)) return false;
        }
        return true;
    }
    const uint64_t columns = (file->width + 8 * max_h - 1) / (8 * max_h);
    const uint64_t rows = (file->height + 8 * max_v - 1) / (8 * max_v);
    for (uint64_t mcu = 0; mcu < columns * rows; mcu++) {
        for (unsigned s = 0; s < file->scan_count; s++) {
            const component *k = &file->scan[s];
            for (unsigned b = 0; b < (unsigned)k->horizontal * k->vertical; b++) {
                if (!read_block(&reader, file, k, fixed, list)) return false;
            }
        }
    }
    return true;
}

static bool read_scan(const uint8_t *data, size_t length, parsed_file *file, symbol_list *list) {
    bool fixed = true;
    for (unsigned s = 0; s < SLOTS; s++) {
        if (file->tables[s].used && !file->tables[s].fixed) fixed = false;
    }
    return fixed ? read_blocks(data, length, file, true, list) : read_blocks(data, length, file, false, list);
}

/// Writes the symbols again with the optimal codes.
static void write_symbols(const symbol_list *list, const parsed_file *file, bit_writer *w) {
    // One lookup per symbol: new code | its length << 16 | the extra bits' count << 21, by
    // slot << 8 | symbol.
    uint32_t table[SLOTS * 256];
    for (unsigned s = 0; s < SLOTS; s++) {
        const huffman_table *t = &file->tables[s];
        for (unsigned v = 0; v < 256; v++) {
            table[s << 8 | v] = t->used ? (uint32_t)t->code[v] | (uint32_t)t->size[v] << 16 | extra_bits(s < 4, v) << 21 : 0;
        }
    }
    for (size_t i = 0; i < list->count; i++) {
        const uint32_t item = list->items[i];
        const uint32_t entry = table[item >> 16];
        const unsigned size = entry >> 21;
        put_bits(w, (entry & 0xFFFF) << size | (item & 0xFFFF), (entry >> 16 & 31) + size);
    }
}

static size_t write_dht(uint8_t *out, const uint8_t *segment, size_t segment_length, const parsed_file *file) {
    // Rewrites one DHT segment table by table, in its own order, the used tables optimised.
    size_t n = 4, q = 4;
    out[0] = 0xFF;
    out[1] = 0xC4;
    while (q < segment_length) {
        const uint8_t index = segment[q];
        const huffman_table *t = &file->tables[(index >> 4) * 4 + (index & 15)];
        unsigned count = 0;
        for (unsigned l = 1; l <= 16; l++) count += segment[q + l];
        if (t->used) {
            out[n] = index;
            memcpy(out + n + 1, t->optimal_bits + 1, 16);
            memcpy(out + n + 17, t->optimal_values, t->optimal_count);
            n += 17 + t->optimal_count;
        } else {
            memcpy(out + n, segment + q, 17 + count);
            n += 17 + count;
        }
        q += 17 + count;
    }
    out[2] = (uint8_t)((n - 2) >> 8);
    out[3] = (uint8_t)(n - 2);
    return n;
}

bool wfr_optimize_huffman(const uint8_t *jpeg, size_t length, wfr_rendition *out) {
    memset(out, 0, sizeof *out);
    parsed_file *file = calloc(1, sizeof *file);
    if (file == NULL) return false;
    bool ok = false;
    size_t data_length = 0;
    uint8_t *data = NULL, *result = NULL;
    symbol_list list = {0};
    if (!parse(jpeg, length, file)) goto done;
    data = unstuff(jpeg + file->data_start, file->data_end - file->data_start, &data_length);
    if (data == NULL) goto done;
    // Fixed-length codes give photographs about 0.9 symbols per byte; more is grown into.
    list.capacity = data_length + 64;
    list.items = malloc(list.capacity * sizeof *list.items);
    if (list.items == NULL || !read_scan(data, data_length, file, &list)) goto done;
    uint64_t bits = 0; // the new data's exact length
    for (unsigned s = 0; s < SLOTS; s++) {
        huffman_table *t = &file->tables[s];
        if (!t->used) continue;
        build_optimal(t);
        for (unsigned v = 0; v < 256; v++) bits += (uint64_t)t->frequency[v] * (t->size[v] + extra_bits(s < 4, v));
    }
    // The markers can grow by a full table each; each data byte can need a stuffed zero.
    const size_t capacity = length + 8 * 256 + 2 * (size_t)((bits + 7) / 8) + 64;
    result = malloc(capacity);
    if (result == NULL) goto done;
    uint8_t *o = result;
    size_t copied = 0;
    for (unsigned d = 0; d < file->dht_count; d++) {
        memcpy(o, jpeg + copied, file->dht_start[d] - copied);
        o += file->dht_start[d] - copied;
        o += write_dht(o, jpeg + file->dht_start[d], file->dht_end[d] - file->dht_start[d], file);
        copied = file->dht_end[d];
    }
    memcpy(o, jpeg + copied, file->data_start - copied);
    o += file->data_start - copied;
    bit_writer writer = {.out = o};
    write_symbols(&list, file, &writer);
    flush_bits(&writer);
    o = writer.out;
    memcpy(o, jpeg + file->data_end, length - file->data_end);
    o += length - file->data_end;
    out->bytes = result;
    out->length = (size_t)(o - result);
    result = NULL;
    ok = true;
done:
    free(list.items);
    free(result);
    free(data);
    free(file);
    return ok;
}
