"""Per libwebp setting: the WebP quality of equal SSIM with our JPEG and the bytes there.

    python3 webp_settings.py INPUTS JPEG_FOLDER WEBP_FOLDER NAME[,NAME…] Q[,Q…]

INPUTS holds the photos (webp.sh's inputs), JPEG_FOLDER our JPEG q82 of each (`<name>.q82.jpg`,
webp.sh's out-jpeg), WEBP_FOLDER webp_settings.c's files (`<name>.<NAME>.<Q>.webp`) at every
quality of the grid. SSIM as in webp_mapping.py (scikit-image, RGB, against the decoded input).
"""
import sys
from pathlib import Path
from statistics import median
import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity
inputs = sorted(Path(sys.argv[1]).glob("*.jpg")); jdir = Path(sys.argv[2]); odir = Path(sys.argv[3])
names = sys.argv[4].split(","); grid = [int(q) for q in sys.argv[5].split(",")]
def px(p):
    with Image.open(p) as im: return np.asarray(im.convert("RGB"))
def ssim(a, p): return structural_similarity(a, px(p), channel_axis=2, data_range=255)
ref = {p.name: px(p) for p in inputs}
js = {p.name: ssim(ref[p.name], jdir / f"{p.name}.q82.jpg") for p in inputs}
jb = {p.name: (jdir / f"{p.name}.q82.jpg").stat().st_size for p in inputs}
def interp(xs, ys, x):
    for (x0, y0), (x1, y1) in zip(zip(xs, ys), zip(xs[1:], ys[1:])):
        if x0 <= x <= x1: return y0 + (y1 - y0) * (x - x0) / (x1 - x0) if x1 != x0 else y0
    return None
for name in names:
    qs = []; S = {}; B = {}
    for p in inputs:
        s = [ssim(ref[p.name], odir / f"{p.name}.{name}.{q}.webp") for q in grid]
        b = [(odir / f"{p.name}.{name}.{q}.webp").stat().st_size for q in grid]
        S[p.name], B[p.name] = s, b
        q = interp(s, grid, js[p.name]) if s[0] <= js[p.name] else grid[0]
        qs.append(q if q is not None else 100)
    mq = median(qs)
    # bytes at the median mapped quality, interpolated per photo
    ratios = [interp(grid, B[p.name], mq) / jb[p.name] for p in inputs]
    ssims = [interp(grid, S[p.name], mq) for p in inputs]
    kept = [r for r in ratios if r < 1]
    print(f"{name}: equal-SSIM q median {mq:.1f} ({min(qs):.0f}-{max(qs):.0f}); at that q bytes/JPEG median {median(ratios):.3f} worst {max(ratios):.3f}, kept {len(kept)}/{len(ratios)} median kept {median(kept) if kept else float('nan'):.3f}; ssim med {median(ssims):.4f} vs jpeg {median(js.values()):.4f}")
