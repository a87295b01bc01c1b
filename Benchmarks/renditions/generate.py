"""Writes COUNT camera-sized JPEGs (long side 2000–4000 px, common aspect ratios) with
photo-like content: texture at every scale (1/f-like, as in natural images), hard-edged shapes
and lines, a slight lens blur and mild sensor grain, saved at quality 90 with 4:2:0 chroma like
a camera. Deterministic for a given seed."""
import random
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

folder, count, seed = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
folder.mkdir(parents=True, exist_ok=True)
grain = np.random.default_rng(seed).normal(0, 2.5, (1024, 1024, 3)).astype(np.int16)
octaves = [((6, 8), 1.0), ((24, 32), 0.5), ((96, 128), 0.3), ((384, 512), 0.18)]
aspects = [(3, 2), (4, 3), (2, 3), (3, 4), (1, 1), (16, 9)]

for index in range(count):
    path = folder / f"photo-{index:03d}.jpg"
    if path.exists():
        continue
    # Seeded per photo, so a partly generated folder is completed with the same photos.
    rng = random.Random(seed * 100_003 + index)
    noise_rng = np.random.default_rng(seed * 100_003 + index)
    a, b = rng.choice(aspects)
    long_side = rng.randint(2000, 4000)
    if a >= b:
        width, height = long_side, max(1, long_side * b // a)
    else:
        width, height = max(1, long_side * a // b), long_side
    texture = np.zeros((height, width, 3), dtype=np.float32)
    for shape, amplitude in octaves:
        layer = Image.fromarray(noise_rng.integers(0, 256, shape + (3,), dtype=np.uint8)).resize((width, height), Image.Resampling.BICUBIC)
        texture += amplitude * (np.asarray(layer, dtype=np.float32) - 128)
    field = Image.fromarray(np.clip(128 + texture, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(field)
    for _ in range(rng.randint(8, 24)):
        x0, y0 = rng.randrange(width), rng.randrange(height)
        x1, y1 = x0 + rng.randint(40, width // 3), y0 + rng.randint(40, height // 3)
        colour = tuple(rng.randrange(256) for _ in range(3))
        (draw.ellipse if rng.random() < 0.5 else draw.rectangle)((x0, y0, x1, y1), fill=colour)
    for _ in range(rng.randint(20, 60)):
        points = [(rng.randrange(width), rng.randrange(height)) for _ in range(2)]
        draw.line(points, fill=tuple(rng.randrange(256) for _ in range(3)), width=rng.randint(1, 6))
    field = field.filter(ImageFilter.GaussianBlur(0.8))
    pixels = np.asarray(field).astype(np.int16)
    ox, oy = rng.randrange(1024), rng.randrange(1024)
    tiled = np.tile(np.roll(grain, (oy, ox), axis=(0, 1)), (height // 1024 + 1, width // 1024 + 1, 1))[:height, :width]
    pixels = np.clip(pixels + tiled, 0, 255).astype(np.uint8)
    Image.fromarray(pixels).save(path, quality=90, subsampling=2)
    print(f"\rgenerated {index + 1}/{count}", end="", file=sys.stderr, flush=True)
print(file=sys.stderr)
