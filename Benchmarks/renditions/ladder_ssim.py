"""SSIM and bytes of ladder_cost's files (issue 37): per encoder, the total bytes over every
photo and width, and the median SSIM (scikit-image, RGB, 7 × 7 windows) of each file against the
unencoded resize (.ppm) it came from; with --match, the WebP quality at which a method equals
method 4's SSIM, interpolated per file on the qualities given, and its bytes there; and the
same for the build's choice (method 4 up to PIXELS, default 600,000, method 2 above, quality 85).

Usage: python3 ladder_ssim.py OUTDIR [PIXELS]

The measures are kept in OUTDIR/ssim.json for ladder_plan.py (and later runs).
"""
import json
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity


def measure(folder):
    """Per tag ("jpg", "m4q85.webp", …) and file key ("IMG_0001.jpg.175"): SSIM and bytes, and
    each key's pixel count. Kept in OUTDIR/ssim.json, which later runs (and ladder_plan.py) read
    instead of measuring again; delete it after running ladder_cost again."""
    cache = folder / "ssim.json"
    if cache.exists():
        saved = json.loads(cache.read_text())
        return (defaultdict(dict, saved["ssim"]), defaultdict(dict, saved["size"]), saved["areas"])
    ssim = defaultdict(dict)
    size = defaultdict(dict)
    areas = {}
    for ppm in sorted(folder.glob("*.ppm")):
        reference = np.asarray(Image.open(ppm).convert("RGB"))
        key = ppm.name[: -len(".ppm")]
        areas[key] = reference.shape[0] * reference.shape[1]
        for encoded in folder.glob(key + ".*"):
            tag = encoded.name[len(key) + 1:]
            if tag == "ppm":
                continue
            pixels = np.asarray(Image.open(encoded).convert("RGB"))
            ssim[tag][key] = structural_similarity(reference, pixels, channel_axis=2)
            size[tag][key] = encoded.stat().st_size
    cache.write_text(json.dumps({"ssim": ssim, "size": size, "areas": areas}))
    return ssim, size, areas


def main(folder, threshold):
    folder = Path(folder)
    ssim, size, areas = measure(folder)
    for tag in sorted(ssim):
        print(f"{tag}: {sum(size[tag].values())} bytes, SSIM median {statistics.median(ssim[tag].values()):.4f}")
    # Bytes at method 4's SSIM, per lower method: interpolated between its qualities per file.
    reference = "m4q85.webp"
    by_method = defaultdict(list)
    for tag in ssim:
        found = re.fullmatch(r"m(\d)q(\d+)\.webp", tag)
        if found and tag != reference:
            by_method[int(found[1])].append((int(found[2]), tag))
    for method, grid in sorted(by_method.items()):
        grid.sort()
        if len(grid) < 2:
            continue
        total, matched = 0.0, 0
        for key, target in ssim[reference].items():
            points = [(ssim[tag][key], size[tag][key]) for _, tag in grid]
            s = [p[0] for p in points]
            b = [p[1] for p in points]
            total += float(np.interp(target, s, b))
            matched += target <= max(s)
        print(f"method {method} at method 4's SSIM: {total:.0f} bytes "
              f"({total / sum(size[reference].values()):.3f}× method 4's; {matched} of {len(ssim[reference])} within the grid)")
        if method != 2:
            continue
        # The build's choice: method 4 up to the threshold, method 2 at quality 85 above it.
        small = [k for k in areas if areas[k] <= threshold]
        large = [k for k in areas if areas[k] > threshold]
        chosen = {k: (ssim[reference][k], size[reference][k]) for k in small}
        chosen.update({k: (ssim["m2q85.webp"][k], size["m2q85.webp"][k]) for k in large})
        equal = sum(size[reference][k] for k in small) + sum(
            float(np.interp(ssim[reference][k], [ssim[t][k] for _, t in grid], [size[t][k] for _, t in grid]))
            for k in large)
        old = sum(size[reference].values())
        print(f"build's choice (method 4 up to {threshold} px, 2 above; {len(large)} of {len(areas)} files above): "
              f"{sum(b for _, b in chosen.values())} bytes ({sum(b for _, b in chosen.values()) / old:.3f}× method 4's "
              f"at quality 85, SSIM median {statistics.median(s for s, _ in chosen.values()):.4f}); at method 4's SSIM "
              f"{equal:.0f} bytes ({equal / old:.3f}×); JPEG 82 {sum(size['jpg'].values())} bytes "
              f"({sum(size['jpg'].values()) / old:.3f}×)")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 600_000)
