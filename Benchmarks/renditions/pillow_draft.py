"""Pillow's fast path: draft() (libjpeg DCT scaling at open), then LANCZOS to the exact width,
saved like the other tools (quality 82, baseline, optimised Huffman tables)."""
import sys
from pathlib import Path

from PIL import Image

out, width = Path(sys.argv[1]), int(sys.argv[2])
lossless = out.name.endswith("-lossless")  # PNG, to measure the resize alone
for name in sys.argv[3:]:
    with Image.open(name) as image:
        w, h = image.size
        size = (min(width, w), max(1, round(min(width, w) * h / w)))
        image.draft("RGB", size)
        image = image.convert("RGB").resize(size, Image.Resampling.LANCZOS)
        if lossless:
            image.save(out / (Path(name).name + ".png"), compress_level=1)
        else:
            image.save(out / Path(name).name, quality=82, optimize=True)
