#ifndef WFS_HEIF_BOXES_H
#define WFS_HEIF_BOXES_H

// The ISOBMFF box walk of HEIFBoxes.c, shared with the libheif path of HEIFHeader.c.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// One box inside a buffer: its type and payload (after the size, type and any large size).
typedef struct wfs_box {
    char type[4];
    const unsigned char *payload;
    size_t length;
} wfs_box;

/// What the walk found out about the primary item.
typedef struct wfs_heif_facts {
    /// The walk is sure of the verdict and the sizes: libheif 1.15.1 reads the file and gives
    /// the same. Otherwise `unsure` says why (a static string).
    bool sure;
    const char *unsure;
    /// The primary item's type (`hvc1`, `av01`, `grid`, …; zero when unknown) and, for a
    /// grid the walk is sure of, its tiles' type.
    char item_type[4];
    char tile_type[4];
    /// The primary item has an `ispe`: its stored size and the display size after the
    /// transforms, in the order `ipma` lists them.
    bool has_size;
    uint32_t stored_width, stored_height;
    uint32_t width, height;
    /// A `clap` or `irot` listed before `ispe`, which libheif 1.15.1's handle size skips.
    bool transform_before_size;
} wfs_heif_facts;

/// The box at `*offset` of `bytes[0..<length]`; advances `*offset` past it. False at the end or
/// when the box does not fit.
bool wfs_next_box(const unsigned char *bytes, size_t length, size_t *offset, wfs_box *out);

/// Walks `meta` (its payload after the full-box header) of a file of `file_size` bytes whose
/// first `file_length` bytes are `file` (for a grid descriptor stored there; may be 0).
void wfs_heif_meta_facts(const unsigned char *meta, size_t length, uint64_t file_size, const unsigned char *file,
                         size_t file_length, wfs_heif_facts *facts);


/// One coded image item (HEVC or AV1) of a `meta`: what its `ispe` says, its decoder
/// configuration and where its data starts, for the codec-size check of CodecSizes.c, which
/// reads the size the decoder allocates from the codec's own header.
typedef struct wfs_heif_coded_item {
    uint32_t id;
    char type[4];
    /// 0 × 0 when the item has no `ispe`.
    uint32_t ispe_width, ispe_height;
    /// The `hvcC` or `av1C` payload (inside `meta`), NULL when the item has none.
    const unsigned char *configuration;
    size_t configuration_length;
    /// The first extent of its data: in the file, or (`in_idat`) in `idat` (inside `meta`).
    bool located, in_idat;
    uint64_t offset, length;
    const unsigned char *idat;
    size_t idat_length;
} wfs_heif_coded_item;

/// The coded image items of `meta` (its payload after the full-box header), at most `capacity`,
/// in `iinf` order; returns how many. Pointers in them point into `meta`.
size_t wfs_heif_coded_items(const unsigned char *meta, size_t length, uint64_t file_size, wfs_heif_coded_item *items,
                            size_t capacity);

/// The coded image items a sure walk read, as ``wfs_heif_coded_items`` gives them.
typedef struct wfs_heif_coded_list {
    /// Heap (the caller frees it), NULL when the walk was unsure; pointers in them point into
    /// the walked bytes.
    wfs_heif_coded_item *items;
    size_t count;
} wfs_heif_coded_list;

/// Walks a whole file from its first `length` bytes (`ftyp`, the top-level boxes, `meta`);
/// true when it is sure. Then `coded`, when not NULL, receives the coded image items from the
/// same item tables, so that the codec-size check need not read `meta` again.
bool wfs_heif_walk(const unsigned char *bytes, size_t length, uint64_t file_size, wfs_heif_facts *facts,
                   wfs_heif_coded_list *coded);

#endif
