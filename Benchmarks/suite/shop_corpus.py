#!/usr/bin/env python3
"""A shop of the generated photos: CATEGORIES folders and TAGS tags, and products of
PRODUCT_PHOTOS photos each.

    python3 Benchmarks/suite/shop_corpus.py SOURCE DEST [CATEGORIES] [TAGS] [PRODUCT_PHOTOS]

Hard-links every photo of SOURCE (a Benchmarks/scan/generate_corpus.py folder) into DEST, the
n-th photo in natural order into `category-(n mod CATEGORIES)/` (default 20), and writes
DEST/metadata.json giving each photo a title and one to three of TAGS tags (default 200),
chosen by its number so the shop is the same on every run. With PRODUCT_PHOTOS above 1 (default
1), the photos of each category are grouped into products of that many (`product`, `position`;
the title and tags on every row of a product alike). Nothing is copied: the links cost the disk
no bytes.
"""

import json
import os
import sys


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3, 4, 5):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 64
    source, dest = argv[0], argv[1]
    categories = int(argv[2]) if len(argv) > 2 else 20
    tags = int(argv[3]) if len(argv) > 3 else 200
    per_product = int(argv[4]) if len(argv) > 4 else 1
    photos = sorted(
        os.path.relpath(os.path.join(folder, name), source)
        for folder, _, names in os.walk(source)
        for name in names if name.lower().endswith((".jpg", ".png")))
    os.makedirs(dest, exist_ok=True)
    entries = {}
    for number, photo in enumerate(photos):
        folder = f"category-{number % categories:02d}"
        os.makedirs(os.path.join(dest, folder), exist_ok=True)
        # Generated names are unique across the source's folders.
        relative = f"{folder}/{os.path.basename(photo)}"
        target = os.path.join(dest, relative)
        if not os.path.exists(target):
            os.link(os.path.join(source, photo), target)
        if per_product > 1:
            # The photos of one category, in order, grouped: the product's number is shared.
            product, position = divmod(number // categories, per_product)
            product = product * categories + number % categories
        else:
            product, position = number, 0
        own = [f"tag {(product * 7 + step * 31) % tags}" for step in range(1 + product % 3)]
        entry = {"title": f"Product {product}", "tags": ", ".join(dict.fromkeys(own))}
        if per_product > 1:
            entry["product"] = f"p{product}"
            entry["position"] = position + 1
        entries[relative] = entry
    with open(os.path.join(dest, "metadata.json"), "w", encoding="utf-8") as file:
        json.dump({"photos": entries}, file, separators=(",", ":"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
