#!/usr/bin/env python3
"""A generated shop for the browser checks: 5 categories, 12 tags, text of 1 to 6 lines, and
photos from 1:6 (a scarf) to 8:1 (a panorama print).

    python3 Tests/Browser/generate_shop.py FOLDER [COUNT]

Writes COUNT (default 40) small PNGs, each a gradient in its own colours, into FOLDER/<category>/,
and FOLDER/metadata.json: every photo a title of 1 to 6 lines' worth of words at a phone's column
width, most a price and a caption of 1 to 6 lines, some a badge or an availability, and 1 to 3
of the 12 tags. Deterministic: the same folder every run. Needs Pillow.
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


def main(argv: list[str]) -> int:
    if not argv or len(argv) > 2:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 64
    folder, count = argv[0], int(argv[1]) if len(argv) > 1 else 40
    photos = {}
    for number in range(count):
        category = CATEGORIES[number % len(CATEGORIES)]
        width, height = RATIOS[number % len(RATIOS)]
        scale = 720 // max(width, height)
        size = (width * scale, height * scale)
        image = Image.linear_gradient("L").resize(size).convert("RGB")
        tint = ((number * 53) % 200 + 30, (number * 97) % 200 + 30, (number * 29) % 200 + 30)
        image = Image.blend(image, Image.new("RGB", size, tint), 0.6)
        path = f"{category}/item-{number:03d}.png"
        os.makedirs(os.path.join(folder, category), exist_ok=True)
        image.save(os.path.join(folder, path), optimize=True)
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
        photos[path] = entry
    sections = {name: {"title": name, "footer": "Free shipping over €50"} for name in CATEGORIES[:2]}
    with open(os.path.join(folder, "metadata.json"), "w", encoding="utf-8") as file:
        json.dump({"photos": photos, "sections": sections}, file, indent=1, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
