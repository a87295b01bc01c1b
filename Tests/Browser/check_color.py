#!/usr/bin/env python3
"""A Display P3 photo keeps its colour in Chromium, in its WebP rendition as in its JPEG one.

    python3 Tests/Browser/check_color.py WATERFALL_SITE_BINARY

Makes two flat-colour 1200 × 900 JPEGs with the same pixel values, one carrying a Display P3
ICC profile (written here from the P3 primaries, D65 white, the sRGB tone curve; adapted to the
ICC's D50 by Bradford) and one with no profile, builds a site of the two, and in headless
Chromium (colour output forced to sRGB, as the other browser tests run) screenshots the page
with its WebP sources and again with the sources hidden (the JPEG fallback, as check_picture.py
does). A 5 × 5 patch at the centre of each image is read from the screenshots. Passes when:

  - the P3 photo's WebP shows within TOLERANCE per channel of its JPEG rendition,
  - both are within TOLERANCE of the colour LittleCMS (Pillow ImageCms) gives for P3 → sRGB,
  - the photo without a profile shows a colour at least MIN_GAP away in some channel (so a
    rendition that lost the profile, shown as sRGB, fails the test).
"""

from __future__ import annotations

import base64
import io
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_picture  # noqa: E402  (its server with the fallback page)
import check_site  # noqa: E402  (its WebDriver client)

COLOUR = (90, 180, 110)  # a green inside sRGB once converted (41, 183, 102), far from its P3 values
TOLERANCE = 6
MIN_GAP = 15


def s15f16(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def display_p3_profile() -> bytes:
    """An ICC v2 matrix/TRC profile of Display P3."""
    def xyz(x, y):
        return np.array([x / y, 1.0, (1 - x - y) / y])

    primaries = [xyz(0.680, 0.320), xyz(0.265, 0.690), xyz(0.150, 0.060)]
    white = xyz(0.3127, 0.3290)
    matrix = np.column_stack(primaries)
    matrix = matrix * np.linalg.solve(matrix, white)  # scale so that RGB 1,1,1 is the white
    bradford = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
    d50 = np.array([0.9642, 1.0, 0.8249])
    adapt = np.linalg.inv(bradford) @ np.diag((bradford @ d50) / (bradford @ white)) @ bradford
    colorants = adapt @ matrix

    def xyz_tag(v) -> bytes:
        return b"XYZ \0\0\0\0" + b"".join(s15f16(c) for c in v)

    curve = [round(65535 * (x / 1023 / 12.92 if x / 1023 <= 0.04045 else ((x / 1023 + 0.055) / 1.055) ** 2.4))
             for x in range(1024)]
    trc = b"curv\0\0\0\0" + struct.pack(">I", len(curve)) + struct.pack(f">{len(curve)}H", *curve)
    text = b"Display P3 (check_color.py)"
    desc = b"desc\0\0\0\0" + struct.pack(">I", len(text) + 1) + text + b"\0" + b"\0" * 8 + b"\0" * 2 + b"\0" + b"\0" * 67
    tags = [(b"desc", desc), (b"wtpt", xyz_tag(d50)), (b"cprt", b"text\0\0\0\0public domain\0"),
            (b"rXYZ", xyz_tag(colorants[:, 0])), (b"gXYZ", xyz_tag(colorants[:, 1])),
            (b"bXYZ", xyz_tag(colorants[:, 2])), (b"rTRC", trc), (b"gTRC", trc), (b"bTRC", trc)]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    shared: dict[bytes, int] = {}
    for signature, body in tags:
        if body not in shared:
            while (offset + len(data)) % 4:
                data += b"\0"
            shared[body] = offset + len(data)
            data += body
        table += signature + struct.pack(">II", shared[body], len(body))
    body = struct.pack(">I", len(tags)) + table + data
    header = bytearray(128)
    struct.pack_into(">I", header, 0, 128 + len(body))
    header[8:12] = bytes([2, 0x10, 0, 0])
    header[12:16], header[16:20], header[20:24], header[36:40] = b"mntr", b"RGB ", b"XYZ ", b"acsp"
    header[68:80] = s15f16(0.9642) + s15f16(1.0) + s15f16(0.8249)
    return bytes(header) + body


def expected_srgb(profile: bytes) -> tuple[int, ...]:
    source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    converted = ImageCms.profileToProfile(Image.new("RGB", (1, 1), COLOUR), source, ImageCms.createProfile("sRGB"))
    return converted.getpixel((0, 0))


PATCHES = """
const out = {};
for (const img of document.querySelectorAll('picture > img')) {
  img.loading = 'eager';
  const r = img.getBoundingClientRect();
  out[img.getAttribute('alt')] = {x: r.left + r.width / 2, y: r.top + r.height / 2, complete: img.complete,
                                  currentSrc: img.currentSrc, dpr: window.devicePixelRatio};
}
return out;
"""


def patches(driver: check_site.WebDriver, url: str) -> dict[str, tuple[str, tuple[int, ...]]]:
    """Per <img> alt (the photo's title): the source it showed and the median colour of its centre in a screenshot."""
    driver.get(url)
    deadline = time.monotonic() + 90
    while True:
        images = driver.execute(PATCHES)
        if images and all(i["complete"] for i in images.values()):
            break
        if time.monotonic() > deadline:
            raise SystemExit(f"check_color: the images of {url} did not load")
        time.sleep(0.2)
    # Every image decoded, then two animation frames: they are painted before the screenshot.
    driver.execute_async("const d = arguments[arguments.length - 1];"
                         " Promise.all([...document.images].map(i => i.decode().catch(() => 0)))"
                         ".then(() => requestAnimationFrame(() => requestAnimationFrame(() => d(1))));")
    images = driver.execute(PATCHES)
    shot = Image.open(io.BytesIO(base64.b64decode(driver.cmd("GET", "/screenshot")))).convert("RGB")
    pixels = np.asarray(shot)
    result = {}
    for alt, i in images.items():
        x, y = round(i["x"] * i["dpr"]), round(i["y"] * i["dpr"])
        patch = pixels[y - 2:y + 3, x - 2:x + 3].reshape(-1, 3)
        result[alt] = (i["currentSrc"], tuple(int(v) for v in np.median(patch, axis=0)))
    return result


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    binary = sys.argv[1]
    driver_path = shutil.which("chromedriver")
    browser = next((c for c in ("/usr/lib/chromium/chromium", shutil.which("chromium")) if c and os.path.exists(c)), None)
    if not driver_path or not browser:
        print("check_color: chromium and chromium-driver are needed (apt-get install chromium chromium-driver)",
              file=sys.stderr)
        return 1
    work = Path(tempfile.mkdtemp(prefix="check_color-"))
    try:
        photos = work / "photos"
        photos.mkdir()
        profile = display_p3_profile()
        Image.new("RGB", (1200, 900), COLOUR).save(photos / "p3.jpg", quality=95, icc_profile=profile)
        Image.new("RGB", (1200, 900), COLOUR).save(photos / "untagged.jpg", quality=95)
        site = work / "site"
        subprocess.run([binary, "build", str(photos), "-o", str(site), "--quiet"], check=True)
        webp = sorted(p.name for p in (site / "renditions").rglob("*.webp"))
        if not webp:
            print(f"check_color: the build wrote no WebP renditions in {site}/renditions", file=sys.stderr)
            return 1
        server, port = check_picture.serve(str(site))
        port_driver = check_site.free_port()
        process = subprocess.Popen([driver_path, f"--port={port_driver}"], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        driver = check_site.WebDriver(port_driver)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if driver._request("GET", "/status", timeout=2).get("ready"):
                        break
                except (OSError, check_site.WebDriverError, ValueError):
                    pass
                if time.monotonic() > deadline:
                    print("check_color: chromedriver did not start", file=sys.stderr)
                    return 1
                time.sleep(0.05)
            driver.start(browser, ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                                   "--force-color-profile=srgb", "--force-device-scale-factor=1"])
            base = f"http://127.0.0.1:{port}"
            shown = {"webp": patches(driver, f"{base}/index.html"), "jpeg": patches(driver, f"{base}/index.html?fallback")}
        finally:
            try:
                driver.quit()
            finally:
                process.terminate()
                process.wait(10)
                server.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    def colour_of(kind: str, name: str) -> tuple[int, ...]:
        matches = [(current, colour) for alt, (current, colour) in shown[kind].items() if alt == name]
        if len(matches) != 1:
            raise SystemExit(f"check_color: expected one <picture> for {name}, found {len(matches)}")
        current, colour = matches[0]
        ending = ".webp" if kind == "webp" else ".jpg"
        if not current.endswith(ending):
            raise SystemExit(f"check_color: {name} showed {current!r}, not its {ending} rendition")
        return colour

    expected = expected_srgb(profile)
    p3_webp, p3_jpeg = colour_of("webp", "P3"), colour_of("jpeg", "P3")
    untagged = colour_of("webp", "Untagged")
    gap = lambda a, b: max(abs(x - y) for x, y in zip(a, b))  # noqa: E731
    print(f"P3 {COLOUR} → sRGB {expected} (LittleCMS); shown: WebP {p3_webp}, JPEG {p3_jpeg}; untagged WebP {untagged}",
          file=sys.stderr)
    failures = []
    if gap(p3_webp, p3_jpeg) > TOLERANCE:
        failures.append(f"the P3 photo's WebP shows {p3_webp}, its JPEG {p3_jpeg} (tolerance {TOLERANCE})")
    for kind, colour in (("WebP", p3_webp), ("JPEG", p3_jpeg)):
        if gap(colour, expected) > TOLERANCE:
            failures.append(f"the P3 photo's {kind} shows {colour}, LittleCMS gives {expected} (tolerance {TOLERANCE})")
    if gap(untagged, p3_webp) < MIN_GAP:
        failures.append(f"the untagged photo shows {untagged}, within {MIN_GAP} of the P3 one's {p3_webp}: "
                        "the test cannot tell a lost profile")
    for failure in failures:
        print(f"check_color: {failure}", file=sys.stderr)
    if not failures:
        print("check_color: Display P3 colour kept in the WebP and JPEG renditions (Chromium)", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
