"""Writes COUNT camera-like JPEGs for the end-to-end benchmark, the same bytes on every run.

Each photo is derived from one of the repository's SampleImages (real photographs, 0.1–2 MP):
a seeded choice of source, quarter turn and mirror, a crop of 55–100% of each side, then a
LANCZOS resize to 1.5–3 megapixels, mild sensor grain (so the upscaled pixels carry fine detail
as a camera's do, instead of the smoothness of an enlargement), and an EXIF block (camera make
and model, date taken, Orientation 1). Saved as baseline JPEG, quality 90, 4:2:0 chroma, like a
camera. Spread over three subfolders (one section or album each).

Usage: generate_photos.py SAMPLE_IMAGES_DIR OUTPUT_DIR COUNT [SEED]
"""
import random
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps

FOLDERS = ["2024-03 Coast", "2024-07 Mountains", "2024-10 Home"]
TURNS = [None, Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270]


def main(samples, output, count, seed):
    sources = sorted(p for p in Path(samples).rglob("*") if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    if not sources:
        sys.exit(f"no sample images under {samples}")
    grain = np.random.default_rng(seed).normal(0, 3.0, (1024, 1024, 3)).astype(np.int16)
    for index in range(count):
        folder = Path(output) / FOLDERS[index % len(FOLDERS)]
        path = folder / f"IMG_{index + 1:04d}.jpg"
        if path.exists():
            continue
        folder.mkdir(parents=True, exist_ok=True)
        rng = random.Random(seed * 100_003 + index)  # per photo: a partial folder completes identically
        source = rng.choice(sources)
        with Image.open(source) as opened:
            image = ImageOps.exif_transpose(opened).convert("RGB")
        turn = rng.choice(TURNS)
        if turn is not None:
            image = image.transpose(turn)
        if rng.random() < 0.5:
            image = image.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        width, height = image.size
        crop_w = max(16, int(width * rng.uniform(0.55, 1.0)))
        crop_h = max(16, int(height * rng.uniform(0.55, 1.0)))
        left, top = rng.randint(0, width - crop_w), rng.randint(0, height - crop_h)
        image = image.crop((left, top, left + crop_w, top + crop_h))
        megapixels = rng.uniform(1.5, 3.0)
        scale = (megapixels * 1e6 / (crop_w * crop_h)) ** 0.5
        size = (max(1, round(crop_w * scale)), max(1, round(crop_h * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
        pixels = np.asarray(image).astype(np.int16)
        h, w = pixels.shape[:2]
        shifted = np.roll(grain, (rng.randrange(1024), rng.randrange(1024)), axis=(0, 1))
        noise = np.tile(shifted, (h // 1024 + 1, w // 1024 + 1, 1))[:h, :w]
        image = Image.fromarray(np.clip(pixels + noise, 0, 255).astype(np.uint8))
        exif = Image.Exif()
        exif[0x010F] = "Benchmark Camera Co."                       # Make
        exif[0x0110] = f"Model {rng.randint(1, 9)}"                  # Model
        exif[0x0112] = 1                                            # Orientation
        exif[0x0132] = f"2024:{1 + index % 12:02d}:{1 + index % 28:02d} 12:{index % 60:02d}:00"  # DateTime
        image.save(path, "JPEG", quality=90, subsampling=2, exif=exif.tobytes())
    print(f"{count} photos in {output}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 300)
