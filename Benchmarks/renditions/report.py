"""Quality, sizes and the table: SSIM of every tool's renditions against a high-quality
reference (a full decode resized with Pillow LANCZOS to the same size), total bytes, and
throughput and peak memory from the timings file."""
import sys
from pathlib import Path

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity

work, sample_every = Path(sys.argv[1]), int(sys.argv[2])
timings = {}
for line in (work / "timings.txt").read_text().split("\n"):
    if line.strip():
        tool, renditions, wall, cpu, peak = line.split()
        best = timings.get(tool)
        if best is None or float(cpu) < best[2]:
            timings[tool] = (int(renditions), float(wall), float(cpu), float(peak) if best is None else max(float(peak), best[3]))
        else:
            timings[tool] = best[:3] + (max(float(peak), best[3]),)

sources = sorted((work / "photos").glob("*.jpg"))[: timings["ours"][0]]
tools = ["ours", "vipsthumbnail", "pillow-draft", "c-floor"]
lossless = {"ours": ".ppm", "vipsthumbnail": ".png", "pillow-draft": ".png"}
ssim = {tool: [] for tool in tools}
resize_ssim = {tool: [] for tool in lossless}
size = {tool: sum(p.stat().st_size for p in (work / tool).glob("*.jpg")) for tool in tools}
for index, source in enumerate(sources):
    if index % sample_every:
        continue
    with Image.open(source) as image:
        full = image.convert("RGB")
        full.load()
    for tool in tools:
        with Image.open(work / tool / source.name) as out:
            out = out.convert("RGB")
            reference = np.asarray(full.resize(out.size, Image.Resampling.LANCZOS))
            ssim[tool].append(structural_similarity(reference, np.asarray(out), channel_axis=2, data_range=255))
        if tool in lossless:
            with Image.open(work / f"{tool}-lossless" / (source.name + lossless[tool])) as out:
                out = out.convert("RGB")
                reference = np.asarray(full.resize(out.size, Image.Resampling.LANCZOS))
                resize_ssim[tool].append(structural_similarity(reference, np.asarray(out), channel_axis=2, data_range=255))
    print(f"\rSSIM {index + 1}/{len(sources)}", end="", file=sys.stderr, flush=True)
print(file=sys.stderr)

def rate(tool):
    renditions, _, cpu, _ = timings[tool]
    return renditions / cpu

def wall_rate(tool):
    renditions, wall, _, _ = timings[tool]
    return renditions / wall

print(f"\n{len(sources)} JPEGs, one worker, {sys.argv[3]} px wide renditions, quality 82; best run by CPU time; "
      f"SSIM over {len(ssim['ours'])} of them (every {sample_every}th) against Pillow LANCZOS of a full decode.\n")
print("| tool | renditions/CPU s | ours ÷ tool | renditions/wall s | peak RSS MiB | SSIM of the resize (min) | SSIM of the file (min) | total KiB | size ÷ vips |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for tool in tools:
    _, _, _, peak = timings[tool]
    values = ssim[tool]
    resize = f"{np.mean(resize_ssim[tool]):.4f} ({np.min(resize_ssim[tool]):.4f})" if tool in resize_ssim else "–"
    print(f"| {tool} | {rate(tool):.2f} | {rate('ours') / rate(tool):.2f}× | {wall_rate(tool):.2f} | {peak:.0f} | {resize} | "
          f"{np.mean(values):.4f} ({np.min(values):.4f}) | {size[tool] / 1024:.0f} | {size[tool] / size['vipsthumbnail']:.3f} |")
if "ours-site-set" in timings:
    print(f"| ours, site set (5 widths per decode) | {rate('ours-site-set'):.2f} | – | {wall_rate('ours-site-set'):.2f} | "
          f"{timings['ours-site-set'][3]:.0f} | – | – | – | – |")

checks = [
    ("throughput ≥ 1.5× vipsthumbnail", rate("ours") / rate("vipsthumbnail") >= 1.5, f"{rate('ours') / rate('vipsthumbnail'):.2f}×"),
    ("throughput ≥ 0.8× the C floor", rate("ours") / rate("c-floor") >= 0.8, f"{rate('ours') / rate('c-floor'):.2f}×"),
    ("SSIM of the resize ≥ 0.98 (every sampled image)", min(resize_ssim["ours"]) >= 0.98, f"min {min(resize_ssim['ours']):.4f}"),
    ("SSIM of the file ≥ 0.98 (every sampled image)", min(ssim["ours"]) >= 0.98,
     f"min {min(ssim['ours']):.4f} (vipsthumbnail {min(ssim['vipsthumbnail']):.4f}, Pillow {min(ssim['pillow-draft']):.4f})"),
    ("bytes ≤ vipsthumbnail's", size["ours"] <= size["vipsthumbnail"], f"{size['ours'] / size['vipsthumbnail']:.3f}"),
]
print("\n| target | met | value |\n|---|---|---|")
for name, met, value in checks:
    print(f"| {name} | {'yes' if met else 'NO'} | {value} |")
