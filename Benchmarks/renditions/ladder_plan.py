"""WebP effort by width, plan against plan (issue 37): time, bytes at quality 85 and bytes at
equal SSIM of a choice of libwebp method per rendition width, from ladder_cost's timings and
ladder_ssim.py's measures (OUTDIR/ssim.json).

Usage: python3 ladder_plan.py OUTDIR TIMINGS PLAN…

TIMINGS is ladder_cost's output ("FILE WIDTH ENCODER MS BYTES" lines). A PLAN names the method
per width, from the narrowest: "4:383,2:497,1" is method 4 up to 383 px wide, method 2 up to
497, method 1 above; "2" is method 2 at every width; "2s1" is method 2 with one segment
(ladder_cost's "2:85:1"). Per plan it prints the WebP encode time
(all photos, quality 85), the bytes at quality 85, and the bytes at method 4's SSIM (per file,
interpolated on the method's qualities as ladder_ssim.py does), each against our JPEG at 82 at
the same widths; then per width the bytes at equal SSIM of each method ÷ the JPEG's.
"""
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from ladder_ssim import measure

REFERENCE = "m4q85.webp"


TAG = re.compile(r"m(\d)q(\d+)(s\d)?\.webp")


def parse_plan(text):
    """[(widest width or None, variant)], narrowest first; a variant is "2" or "2s1"."""
    steps = []
    for part in text.split(","):
        variant, _, widest = part.partition(":")
        steps.append((int(widest) if widest else None, variant))
    return steps


def variant_of(tag):
    """(variant, quality) of a file tag such as "m2q85s1.webp"; None for others."""
    found = TAG.fullmatch(tag)
    return (found[1] + (found[3] or ""), int(found[2])) if found else None


def tag(variant, quality):
    method, _, segments = variant.partition("s")
    return f"m{method}q{quality}" + (f"s{segments}" if segments else "")


def method_at(plan, width):
    for widest, method in plan:
        if widest is None or width <= widest:
            return method
    return plan[-1][1]


def equal_ssim_bytes(ssim, size, variant, key):
    """Bytes of `variant`'s file of `key` at method 4's quality-85 SSIM, interpolated."""
    grid = [t for t in ssim if variant_of(t) and variant_of(t)[0] == variant and key in ssim[t]]
    points = sorted((ssim[t][key], size[t][key]) for t in grid)
    return float(np.interp(ssim[REFERENCE][key], [p[0] for p in points], [p[1] for p in points]))


def main(folder, timings, plans):
    ssim, size, _ = measure(Path(folder))
    cost = defaultdict(float)
    for line in Path(timings).read_text().splitlines():
        name, width, encoder, ms, _ = line.split()
        cost[(f"{name}.{width}", encoder)] += float(ms)
    keys = sorted(ssim[REFERENCE])
    width = {key: int(key.rsplit(".", 1)[1]) for key in keys}
    jpeg = sum(size["jpg"][k] for k in keys)
    print(f"JPEG 82: {jpeg} bytes, {sum(cost[(k, 'jpeg82')] for k in keys):.0f} ms, "
          f"SSIM median {statistics.median(ssim['jpg'][k] for k in keys):.4f}")
    for text in plans:
        plan = parse_plan(text)
        ms = sum(cost[(k, tag(method_at(plan, width[k]), 85))] for k in keys)
        at85 = sum(size[tag(method_at(plan, width[k]), 85) + ".webp"][k] for k in keys)
        equal = sum(equal_ssim_bytes(ssim, size, method_at(plan, width[k]), k) for k in keys)
        print(f"plan {text}: WebP {ms:.0f} ms; q85 {at85} bytes ({at85 / jpeg:.3f}× JPEG); "
              f"at method 4's SSIM {equal:.0f} bytes ({equal / jpeg:.3f}× JPEG)")
    methods = sorted({variant_of(t)[0] for t in ssim if variant_of(t)})
    print("width | " + " | ".join(f"method {m}: ms, equal-SSIM bytes ÷ JPEG" for m in methods))
    for w in sorted(set(width.values())):
        chosen = [k for k in keys if width[k] == w]
        j = sum(size["jpg"][k] for k in chosen)
        cells = []
        for m in methods:
            b = sum(equal_ssim_bytes(ssim, size, m, k) for k in chosen)
            cells.append(f"{sum(cost[(k, tag(m, 85))] for k in chosen):.0f} ms, {b / j:.3f}")
        print(f"{w} | " + " | ".join(cells))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
