#!/usr/bin/env python3
"""A generated shop for the browser checks: 5 categories, 12 tags, text of 1 to 6 lines,
photos from 1:6 (a scarf) to 8:1 (a panorama print), products of 1 to 8 photos, variants by
colour and by size, and every availability state.

    python3 Tests/Browser/generate_shop.py FOLDER [COUNT]

Writes COUNT (default 40) small PNGs, each a gradient in its own colours, into FOLDER/<category>/,
and FOLDER/metadata.json: every photo a title of 1 to 6 lines' worth of words at a phone's column
width, most a price and a caption of 1 to 6 lines, some a badge or an availability, and 1 to 3
of the 12 tags. One product in five has 0 to 7 more photos (`product`, `position`), some of
them in variants with prices of their own. Deterministic: the same folder every run. Needs Pillow.
"""

import json
import os
import sys

from PIL import Image

CATEGORIES = ["Ceramics", "Prints", "Textiles", "Lighting", "Workshop notes"]
TAGS = ["blue", "red", "gifts", "stoneware", "linen", "wool", "large", "small", "sale",
        "new in", "handmade", "limited"]
# Width:height, from a tall scarf to a long panorama.
RATIOS = [(1, 6), (1, 5), (1, 3), (1, 2), (2, 3), (3, 4), (1, 1), (4, 3), (3, 2), (2, 1), (3, 1),
          (5, 1), (8, 1)]
STATES = ["in stock", "out of stock", "sold out", "pre-order", "back order", "made to order",
          "limited", "discontinued"]
VARIANTS = [["Blue", "Rust", "Sand", "Moss"], ["S", "M", "L", "XL"]]
WORDS = ("hand thrown stoneware mug with a speckled glaze and a wide handle that fits two fingers "
         "printed on heavy cotton paper in a small studio edition signed and numbered by the maker "
         "woven from undyed wool on a floor loom washed soft and finished by hand").split()


def text(number: int, lines: int) -> str:
    """About `lines` lines of a phone's card (some 16 characters a line)."""
    words, length, start = [], 0, number * 5 % len(WORDS)
    while length < lines * 16 - 4:
        word = WORDS[(start + len(words)) % len(WORDS)]
        words.append(word)
        length += len(word) + 1
    return " ".join(words).capitalize()


def save(folder: str, path: str, size: tuple[int, int], number: int) -> None:
    image = Image.linear_gradient("L").resize(size).convert("RGB")
    tint = ((number * 53) % 200 + 30, (number * 97) % 200 + 30, (number * 29) % 200 + 30)
    Image.blend(image, Image.new("RGB", size, tint), 0.6).save(os.path.join(folder, path), optimize=True)


def add_product_photos(folder: str, photos: dict, path: str, entry: dict, number: int,
                       size: tuple[int, int]) -> None:
    """Makes the photo at `path` the cover of a product of 1 to 8 photos; one in two such
    products has variants (colours or sizes), each with its own price."""
    extra = number % 8
    entry["product"] = f"product-{number:03d}"
    entry["position"] = 1
    names = VARIANTS[number // 10 % 2] if number % 10 == 1 and extra > 0 else None
    if names:
        entry["variant"] = names[0]
    for step in range(1, extra + 1):
        other = path.replace(".png", f"-{step}.png")
        # Shapes differ within a product: a square detail, the cover's shape turned.
        shape = size if step % 3 == 0 else (size[1], size[0]) if step % 3 == 1 else (360, 360)
        save(folder, other, shape, number * 10 + step)
        row = {"product": entry["product"], "position": step + 1,
               "alt": f"Product {number}, view {step + 1}"}
        if names:
            variant = names[step % len(names)]
            row["variant"] = variant
            row["price"] = f"€{12 + number + names.index(variant)}"
            if step % len(names) == 0:
                row.pop("price")  # the cover's variant: its price is on the cover's row
        photos[other] = row


def main(argv: list[str]) -> int:
    if not argv or len(argv) > 2:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 64
    folder, count = argv[0], int(argv[1]) if len(argv) > 1 else 40
    photos = {}
    for number in range(count):
        category = CATEGORIES[number % len(CATEGORIES)]
        width, height = RATIOS[number % len(RATIOS)]
        # A few photos as large as a camera's, so item pages are checked sharp on a retina laptop.
        side = 2880 if number % 20 == 0 else 720
        scale = side // max(width, height)
        size = (width * scale, height * scale)
        path = f"{category}/item-{number:03d}.png"
        os.makedirs(os.path.join(folder, category), exist_ok=True)
        save(folder, path, size, number)
        entry = {"title": text(number, 1 + number % 6), "alt": f"Product {number}, a gradient",
                 "tags": ", ".join(dict.fromkeys(TAGS[(number * 5 + step * 7) % len(TAGS)]
                                                 for step in range(1 + number % 3)))}
        if number % 4 != 3:
            entry["price"] = f"€{12 + number}"
            entry["caption"] = text(number + 3, 1 + (number * 5) % 6)
        if number % 7 == 0:
            entry["badge"] = "New"
        if number % 9 == 4:
            entry["availability"] = "sold out"
        elif number % 5 == 2:
            entry["availability"] = STATES[(number // 5) % len(STATES)]
        photos[path] = entry
        if number % 5 == 1:
            add_product_photos(folder, photos, path, entry, number, size)
    sections = {name: {"title": name, "footer": "Free shipping over €50"} for name in CATEGORIES[:2]}
    with open(os.path.join(folder, "metadata.json"), "w", encoding="utf-8") as file:
        json.dump({"photos": photos, "sections": sections}, file, indent=1, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
