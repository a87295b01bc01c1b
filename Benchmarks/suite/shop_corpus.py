#!/usr/bin/env python3
"""A shop of the generated photos: CATEGORIES folders and TAGS tags.

    python3 Benchmarks/suite/shop_corpus.py SOURCE DEST [CATEGORIES] [TAGS]

Hard-links every photo of SOURCE (a Benchmarks/scan/generate_corpus.py folder) into DEST, the
n-th photo in natural order into `category-(n mod CATEGORIES)/` (default 20), and writes
DEST/metadata.json giving each photo a title and one to three of TAGS tags (default 200),
chosen by its number so the shop is the same on every run. Nothing is copied: the links cost
the disk no bytes.
"""

import json
import os
import sys


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3, 4):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 64
    source, dest = argv[0], argv[1]
    categories = int(argv[2]) if len(argv) > 2 else 20
    tags = int(argv[3]) if len(argv) > 3 else 200
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
        own = [f"tag {(number * 7 + step * 31) % tags}" for step in range(1 + number % 3)]
        entries[relative] = {"title": f"Product {number}", "tags": ", ".join(dict.fromkeys(own))}
    with open(os.path.join(dest, "metadata.json"), "w", encoding="utf-8") as file:
        json.dump({"photos": entries}, file, separators=(",", ":"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
