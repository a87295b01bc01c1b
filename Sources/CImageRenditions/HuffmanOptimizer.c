// Optimal Huffman tables for the renditions' baseline JPEGs, with libjpeg doing everything else.
//
// Why this exists: libjpeg's `optimize_coding` gathers its statistics with a plain C loop that
// tests each of the 63 AC coefficients of every block, one data-dependent branch each; in a build
// with renditions that loop alone took a sixth of the CPU time. Without it, libjpeg writes the
// data once with fixed tables, and rewriting that with optimal ones means reading every symbol
// back from the bits. So the encoder keeps libjpeg's colour conversion, DCT and quantisation and
// replaces only its entropy coder (the three-function module every libjpeg since 6b calls): each
// quantised block is turned into its symbols here (the nonzero coefficients found with a vector
// compare and visited by their bit positions, not tested one by one), the symbols are counted and
// kept, and when libjpeg has written the markers and the end of the file, the optimal tables are
// built with libjpeg's procedure (ISO/IEC 10918-1 Annex K.2, the same tie-breaks) and the kept
// symbols are written with them into the scan. The file that comes out is byte for byte the one
// libjpeg writes with `optimize_coding` (Tests/Native/huffman_optimizer.c checks that).
//
// It handles what the encoder asks for: 8-bit baseline or extended sequential Huffman, one scan
// with every component, no restart markers. For anything else it declines (false) before the first
// block, and the caller lets libjpeg optimise.

#include "Internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// libjpeg's entropy encoder module (jpegint.h, the same three members since libjpeg 6b, in
/// libjpeg-turbo and in IJG libjpeg 9); jpeglib.h only names it.
struct jpeg_entropy_encoder {
    void (*start_pass)(j_compress_ptr info, boolean gather_statistics);
    boolean (*encode_mcu)(j_compress_ptr info, JBLOCKROW *blocks);
    void (*finish_pass)(j_compress_ptr info);
};

enum { SLOTS = 8 }; // a slot is class × 4 + table id: DC 0–3, AC 4–7

typedef struct huffman_table {
    bool defined;
    bool used;
    /// The optimal table for the symbols counted, and its codes.
    uint8_t optimal_bits[17];
    uint8_t optimal_values[256];
    unsigned optimal_count;
    uint16_t code[256];
    uint8_t size[256];
    long frequency[257];
} huffman_table;

typedef struct parsed_file {
    huffman_table tables[SLOTS];
    /// The frame's component ids, which the scan names.
    uint8_t component_ids[4];
    unsigned component_count;
    /// Where the DHT segments lie, and where the scan's (empty) data goes: just before the end.
    size_t dht_start[8], dht_end[8];
    unsigned dht_count;
    size_t data_at;
} parsed_file;

static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }

/// How many extra bits follow a symbol: a DC symbol is that count, an AC symbol holds it in its
/// low four bits (its high four are a run of zeros).
static inline unsigned extra_bits(bool dc, unsigned symbol) { return dc ? symbol : (symbol & 15); }

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

/// Reads the markers libjpeg wrote around the (still empty) scan: its tables and which ones the
/// scan uses.
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
                unsigned count = 0;
                for (unsigned l = 1; l <= 16; l++) count += body[q + l];
                if (count > 256 || q + 17 + count > body_length) return false;
                q += 17 + count;
            }
        } else if (marker == 0xC0 || marker == 0xC1) { // baseline or extended sequential, Huffman
            if (frame || body_length < 6 || body[0] != 8) return false;
            frame = true;
            file->component_count = body[5];
            if (be16(body + 1) == 0 || be16(body + 3) == 0 || file->component_count == 0 || file->component_count > 4 ||
                body_length < 6 + 3 * (size_t)file->component_count) {
                return false;
            }
            for (unsigned c = 0; c < file->component_count; c++) file->component_ids[c] = body[6 + 3 * c];
        } else if ((marker >= 0xC2 && marker <= 0xCF) || marker == 0xDD) {
            // Progressive, lossless, arithmetic coding, or a restart interval: not what the
            // encoder writes here. (DRI with interval 0 would be harmless, but it never comes.)
            return false;
        } else if (marker == 0xDA) { // SOS
            if (!frame || body_length < 1) return false;
            const unsigned scan_count = body[0];
            // One scan with every component: a later scan would still use the old tables.
            if (scan_count != file->component_count || body_length != 4 + 2 * (size_t)scan_count) return false;
            for (unsigned s = 0; s < scan_count; s++) {
                const uint8_t id = body[1 + 2 * s], selectors = body[2 + 2 * s];
                bool found = false;
                for (unsigned c = 0; c < file->component_count; c++) found |= file->component_ids[c] == id;
                const unsigned dc_slot = selectors >> 4, ac_slot = 4 + (selectors & 15);
                if (!found || dc_slot > 3 || ac_slot > 7) return false;
                if (!file->tables[dc_slot].defined || !file->tables[ac_slot].defined) return false;
                file->tables[dc_slot].used = true;
                file->tables[ac_slot].used = true;
            }
            const uint8_t *tail = body + 1 + 2 * scan_count;
            if (tail[0] != 0 || tail[1] != 63 || tail[2] != 0) return false; // Ss, Se, Ah/Al
            // The encoder's own coder wrote no data: the end of the file follows.
            file->data_at = end;
            return file->dht_count > 0 && end + 2 <= length && jpeg[end] == 0xFF && jpeg[end + 1] == 0xD9;
        } else if (marker < 0xC0 || marker == 0xFF || (marker >= 0xD0 && marker <= 0xD9)) {
            return false; // no segment of this kind before a scan
        }
        p = end;
    }
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

/// 1 to 54 bits. Every call stores 8 bytes and keeps the whole ones: no branch that depends on
/// the data, but for the rare 0xFF byte (about one in 256), which needs a stuffed zero.
static inline void put_bits(bit_writer *w, uint64_t bits, unsigned count) {
    w->pending = w->pending << count | bits;
    w->count += count; // 1 to 61, so at most 7 whole bytes
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

/// Writes the kept symbols with the optimal codes.
static void write_symbols(const wfr_huffman_capture *capture, const parsed_file *file, bit_writer *w) {
    // One lookup per symbol: new code | its length << 16 | the extra bits' count << 21, by
    // slot << 8 | symbol.
    uint32_t table[SLOTS * 256];
    for (unsigned s = 0; s < SLOTS; s++) {
        const huffman_table *t = &file->tables[s];
        for (unsigned v = 0; v < 256; v++) {
            table[s << 8 | v] = t->used ? (uint32_t)t->code[v] | (uint32_t)t->size[v] << 16 | extra_bits(s < 4, v) << 21 : 0;
        }
    }
    // Two symbols per write: a code and its extra bits are at most 16 + 11 bits, so a pair and
    // the bits still waiting (at most 7) fit the 64-bit buffer.
    const uint32_t *items = capture->items;
    const size_t count = capture->count;
    size_t i = 0;
    for (; i + 1 < count; i += 2) {
        const uint32_t first = table[items[i] >> 16], second = table[items[i + 1] >> 16];
        const unsigned first_extra = first >> 21, second_extra = second >> 21;
        const unsigned second_length = (second >> 16 & 31) + second_extra;
        const uint64_t pair = (uint64_t)((first & 0xFFFF) << first_extra | (items[i] & 0xFFFF)) << second_length |
                              ((second & 0xFFFF) << second_extra | (items[i + 1] & 0xFFFF));
        put_bits(w, pair, (first >> 16 & 31) + first_extra + second_length);
    }
    if (i < count) {
        const uint32_t entry = table[items[i] >> 16];
        const unsigned extra = entry >> 21;
        put_bits(w, (entry & 0xFFFF) << extra | (items[i] & 0xFFFF), (entry >> 16 & 31) + extra);
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

// The symbols: what libjpeg's Huffman encoder emits for a block, kept instead of written.

/// Natural (row-major) position of each zigzag position (ISO/IEC 10918-1 Figure 5).
static const uint8_t natural_of_zigzag[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

/// For row r of a block (byte r of a natural-order mask) and each pattern of its eight bits, the
/// same bits in zigzag order: eight lookups turn a mask from one order into the other. Filled once.
static uint64_t zigzag_of_row[8][256];
static pthread_once_t zigzag_of_row_filled = PTHREAD_ONCE_INIT;

static void fill_zigzag_of_row(void) {
    uint8_t zigzag_of_natural[64];
    for (unsigned k = 0; k < 64; k++) zigzag_of_natural[natural_of_zigzag[k]] = (uint8_t)k;
    for (unsigned row = 0; row < 8; row++) {
        for (unsigned bits = 0; bits < 256; bits++) {
            uint64_t zigzag = 0;
            for (unsigned column = 0; column < 8; column++) {
                if (bits >> column & 1) zigzag |= 1ULL << zigzag_of_natural[8 * row + column];
            }
            zigzag_of_row[row][bits] = zigzag;
        }
    }
}

/// Bit i set when coefficient i (natural order) is not zero.
static inline uint64_t nonzero_coefficients(const JCOEF *block) {
#if defined(__SSE2__)
    // Sixteen coefficients per step: packing to bytes saturates, so nonzero stays nonzero.
    const __m128i zero = _mm_setzero_si128();
    uint64_t mask = 0;
    for (unsigned i = 0; i < 4; i++) {
        const __m128i low = _mm_loadu_si128((const __m128i *)(const void *)(block + 16 * i));
        const __m128i high = _mm_loadu_si128((const __m128i *)(const void *)(block + 16 * i + 8));
        const __m128i zeros = _mm_cmpeq_epi8(_mm_packs_epi16(low, high), zero);
        mask |= (uint64_t)(uint16_t)~_mm_movemask_epi8(zeros) << (16 * i);
    }
    return mask;
#else
    uint64_t mask = 0;
    for (unsigned i = 0; i < 64; i++) mask |= (uint64_t)(block[i] != 0) << i;
    return mask;
#endif
}

/// A coefficient's size category (bits of its magnitude) and the bits that follow its code: the
/// value itself, or for a negative one its ones' complement, in `size` bits (Annex F.1.2.1).
static inline uint32_t category(int value, uint32_t *extra) {
    const unsigned magnitude = (unsigned)(value < 0 ? -value : value);
    const uint32_t size = magnitude ? 32 - (uint32_t)__builtin_clz(magnitude) : 0;
    *extra = (uint32_t)(value < 0 ? value - 1 : value) & ((1u << size) - 1);
    return size;
}

/// Keeps and counts one block's symbols (slot << 24 | symbol << 16 | extra bits); `item` has
/// room for 64. Returns the new end, or NULL for a coefficient too large for 8-bit data (libjpeg
/// would stop there with an error).
static inline uint32_t *keep_block(wfr_huffman_capture *capture, uint32_t *item, const JCOEF *block,
                                   int *last_dc, uint32_t dc_slot, uint32_t ac_slot) {
    uint32_t extra;
    const uint32_t dc_size = category(block[0] - *last_dc, &extra);
    *last_dc = block[0];
    if (dc_size > 11) return NULL;
    *item++ = dc_slot << 24 | dc_size << 16 | extra;
    capture->frequency[dc_slot][dc_size]++;
    // The AC coefficients that are not zero, as bits in zigzag order (a block has a handful).
    const uint64_t natural = nonzero_coefficients(block);
    uint64_t zigzag = 0;
    for (unsigned row = 0; row < 8; row++) zigzag |= zigzag_of_row[row][natural >> (8 * row) & 0xFF];
    zigzag &= ~1ULL;
    long *frequency = capture->frequency[ac_slot];
    unsigned last = 0, largest = 0;
    while (zigzag) {
        const unsigned position = (unsigned)__builtin_ctzll(zigzag);
        zigzag &= zigzag - 1;
        unsigned run = position - last - 1;
        last = position;
        for (; run > 15; run -= 16) { // ZRL: sixteen zeros
            *item++ = ac_slot << 24 | 0xF0u << 16;
            frequency[0xF0]++;
        }
        const uint32_t size = category(block[natural_of_zigzag[position]], &extra);
        largest = size > largest ? size : largest;
        const uint32_t symbol = (run << 4 | size) & 0xFF; // in bounds even when the block is refused below
        *item++ = ac_slot << 24 | symbol << 16 | extra;
        frequency[symbol]++;
    }
    if (last != 63) { // EOB
        *item++ = ac_slot << 24;
        frequency[0]++;
    }
    return largest <= 10 ? item : NULL;
}

/// libjpeg's `encode_mcu`, replaced: keeps the symbols of the MCU's blocks.
static boolean keep_mcu(j_compress_ptr info, JBLOCKROW *blocks) {
    wfr_huffman_capture *capture = info->client_data;
    if (capture->failed) return TRUE;
    const size_t room = (size_t)info->blocks_in_MCU * 64;
    if (capture->count + room > capture->capacity) {
        const size_t capacity = capture->capacity * 2 + room;
        uint32_t *bigger = realloc(capture->items, capacity * sizeof *bigger);
        if (bigger == NULL) {
            capture->failed = true;
            return TRUE;
        }
        capture->items = bigger;
        capture->capacity = capacity;
    }
    uint32_t *item = capture->items + capture->count;
    for (int b = 0; b < info->blocks_in_MCU; b++) {
        const int index = info->MCU_membership[b];
        const jpeg_component_info *component = info->cur_comp_info[index];
        item = keep_block(capture, item, blocks[b][0], &capture->last_dc[index], (uint32_t)component->dc_tbl_no,
                          4 + (uint32_t)component->ac_tbl_no);
        if (item == NULL) {
            capture->failed = true;
            return TRUE;
        }
    }
    capture->count = (size_t)(item - capture->items);
    return TRUE;
}

/// libjpeg's `finish_pass`, replaced: there are no pending bits, the data is written afterwards.
static void keep_nothing_pending(j_compress_ptr info) { (void)info; }

bool wfr_huffman_capture_start(struct jpeg_compress_struct *info, wfr_huffman_capture *capture) {
    memset(capture, 0, sizeof *capture);
    if (info->entropy == NULL || info->progressive_mode || info->arith_code || info->restart_interval != 0 ||
        info->data_precision != 8 || info->comps_in_scan != info->num_components || info->comps_in_scan > 4 ||
        info->blocks_in_MCU < 1 || info->Ss != 0 || info->Se != 63 || info->Ah != 0 || info->Al != 0) {
        return false;
    }
    if (pthread_once(&zigzag_of_row_filled, fill_zigzag_of_row) != 0) return false;
    for (int c = 0; c < info->comps_in_scan; c++) {
        const jpeg_component_info *component = info->cur_comp_info[c];
        if (component->dc_tbl_no < 0 || component->dc_tbl_no > 3 || component->ac_tbl_no < 0 || component->ac_tbl_no > 3) {
            return false;
        }
    }
    // Renditions of photographs average about eight symbols per block; more is grown into.
    const size_t blocks = ((size_t)info->image_width / 8 + 1) * ((size_t)info->image_height / 8 + 1) * 3 / 2;
    capture->capacity = blocks * 10 + 64 * (size_t)info->blocks_in_MCU;
    capture->items = malloc(capture->capacity * sizeof *capture->items);
    if (capture->items == NULL) return false;
    info->client_data = capture;
    info->entropy->encode_mcu = keep_mcu;
    info->entropy->finish_pass = keep_nothing_pending;
    return true;
}

void wfr_huffman_capture_free(wfr_huffman_capture *capture) {
    free(capture->items);
    memset(capture, 0, sizeof *capture);
}

bool wfr_huffman_capture_finish(const uint8_t *jpeg, size_t length, const wfr_huffman_capture *capture,
                                wfr_rendition *out) {
    memset(out, 0, sizeof *out);
    if (capture->failed || capture->items == NULL) return false;
    parsed_file *file = calloc(1, sizeof *file);
    if (file == NULL) return false;
    bool ok = false;
    uint8_t *result = NULL;
    if (!parse(jpeg, length, file)) goto done;
    uint64_t bits = 0; // the data's exact length
    for (unsigned s = 0; s < SLOTS; s++) {
        huffman_table *t = &file->tables[s];
        bool counted = false;
        for (unsigned v = 0; v < 256; v++) counted |= capture->frequency[s][v] != 0;
        // Symbols for a table the scan does not name would be written with codes nobody reads.
        if (counted != t->used) goto done;
        if (!t->used) continue;
        memcpy(t->frequency, capture->frequency[s], sizeof capture->frequency[s]);
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
    memcpy(o, jpeg + copied, file->data_at - copied);
    o += file->data_at - copied;
    bit_writer writer = {.out = o};
    write_symbols(capture, file, &writer);
    flush_bits(&writer);
    o = writer.out;
    memcpy(o, jpeg + file->data_at, length - file->data_at);
    o += length - file->data_at;
    out->bytes = result;
    out->length = (size_t)(o - result);
    result = NULL;
    ok = true;
done:
    free(result);
    free(file);
    return ok;
}
