"""Measures the WebP (or AVIF) quality that gives the same SSIM as each JPEG quality, for
`RenditionOptions.webpQuality` (and `avifQuality`).

    python3 webp_mapping.py FORMATS_BINARY PHOTO_FOLDER COUNT WIDTH OUT_FOLDER [avif:SPEED]

With `avif:SPEED` the grid is AVIF's (libheif's lossy quality 30, 40, …, 100 at that speed, 4:2:0)
instead of WebP's; everything else is the same.

For each of COUNT photos (sorted names) and each JPEG quality below, the shim renders one
WIDTH-px rendition as JPEG, and as WebP at every quality of the grid (`formats.c`, the build's
code path). SSIM (scikit-image, RGB) of each file is taken against Pillow LANCZOS of a full
decode at the same size, as in report.py. Per photo, the WebP quality matching the JPEG's SSIM
is interpolated on the grid; the mapping is the median over the photos, and the bytes of WebP at
the mapped quality are compared with the JPEG's (median and worst). Prints a markdown table.
"""
import subprocess
import sys
from pathlib import Path
from statistics import median

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity

binary, photos, count, width, out = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), Path(sys.argv[5])
jpeg_qualities = [50, 60, 70, 82, 90, 95]
avif_speed = int(sys.argv[6].split(":")[1]) if len(sys.argv) > 6 and sys.argv[6].startswith("avif:") else None
kind = "WebP" if avif_speed is None else "AVIF"
extension = kind.lower()
grid = list(range(30, 101, 5)) if avif_speed is None else list(range(30, 101, 10))
out.mkdir(parents=True, exist_ok=True)
sources = sorted(p for p in photos.iterdir() if p.suffix.lower() in (".jpg", ".jpeg"))[:count]

for index, quality in enumerate(jpeg_qualities):
    qualities = ",".join(map(str, grid)) if index == 0 else "0"
    arguments = [qualities] if avif_speed is None else ["0", f"{qualities}:{avif_speed}"]
    subprocess.run([binary, str(out), str(width), str(quality), *arguments, *map(str, sources)], check=True)


def ssim(reference, path):
    with Image.open(path) as image:
        pixels = np.asarray(image.convert("RGB"))
    return structural_similarity(reference, pixels, channel_axis=2, data_range=255)


jpeg_ssim = {q: [] for q in jpeg_qualities}
jpeg_bytes = {q: [] for q in jpeg_qualities}
webp_ssim = []  # per photo: SSIM at each grid quality
webp_bytes = []
for number, source in enumerate(sources):
    with Image.open(source) as image:
        full = image.convert("RGB")
        full.load()
    first = out / f"{source.name}.q{jpeg_qualities[0]}.jpg"
    with Image.open(first) as image:
        size = image.size
    reference = np.asarray(full.resize(size, Image.Resampling.LANCZOS))
    for q in jpeg_qualities:
        path = out / f"{source.name}.q{q}.jpg"
        jpeg_ssim[q].append(ssim(reference, path))
        jpeg_bytes[q].append(path.stat().st_size)
    webp_ssim.append([ssim(reference, out / f"{source.name}.q{q}.{extension}") for q in grid])
    webp_bytes.append([(out / f"{source.name}.q{q}.{extension}").stat().st_size for q in grid])
    print(f"\rSSIM {number + 1}/{len(sources)}", end="", file=sys.stderr, flush=True)
print(file=sys.stderr)


def matching(photo, target):
    """The grid quality (interpolated) where this photo's WebP SSIM reaches `target`."""
    values = webp_ssim[photo]
    if target <= values[0]:
        return float(grid[0])
    for i in range(1, len(grid)):
        if values[i] >= target:
            low, high = values[i - 1], values[i]
            fraction = 0 if high == low else (target - low) / (high - low)
            return grid[i - 1] + fraction * (grid[i] - grid[i - 1])
    return float(grid[-1])


def bytes_at(photo, quality):
    """WebP bytes at `quality`, interpolated on the grid."""
    values = webp_bytes[photo]
    for i in range(1, len(grid)):
        if quality <= grid[i]:
            fraction = (quality - grid[i - 1]) / (grid[i] - grid[i - 1])
            return values[i - 1] + fraction * (values[i] - values[i - 1])
    return values[-1]


print(f"\n{len(sources)} photos from {photos}, {width} px renditions, SSIM against Pillow LANCZOS of a full decode.\n")
print(f"| JPEG quality | JPEG SSIM (median) | {kind} quality at equal SSIM (median; min–max over photos) | {kind} ÷ JPEG bytes there (median; worst) |")
print("|---:|---:|---:|---:|")
for q in jpeg_qualities:
    per_photo = [matching(p, jpeg_ssim[q][p]) for p in range(len(sources))]
    mapped = median(per_photo)
    ratios = [bytes_at(p, mapped) / jpeg_bytes[q][p] for p in range(len(sources))]
    print(f"| {q} | {median(jpeg_ssim[q]):.4f} | {mapped:.1f} ({min(per_photo):.0f}–{max(per_photo):.0f}) | "
          f"{median(ratios):.3f} ({max(ratios):.3f}) |")
