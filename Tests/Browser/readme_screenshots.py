#!/usr/bin/env python3
"""The README's screenshots of the sample site's gallery and an item page, at 375 and 1,280 px.

    python3 Tests/Browser/readme_screenshots.py SITE_DIR [OUT_DIR]

SITE_DIR is `waterfall-site build SampleImages -o SITE_DIR`; OUT_DIR defaults to docs/item-pages.
Loads each page in headless Chromium (engines.py) at its width with every image loaded and
decoded, and writes OUT_DIR/{gallery,item}-{375,1280}.jpg, category-1280.jpg (a category's page),
tag-375.jpg (a tag's page), tags-1280.jpg (the tags' page) and product-{375,1280}.jpg (a product
of several photos, and one with variants): the top of the page, as tall as the
table below says (enough to show the cards with a badge, the sold-out card and the long product
name at 375 px, and the whole item page). JPEG at Chromium's quality 70, small enough for a
README. Look at the result: the 32-character product name must read whole at 375 px.
"""

from __future__ import annotations

import base64
import http.server
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engines  # noqa: E402
from check_site import HoldingServer  # noqa: E402

# (file name, page, viewport width, height of the shot)
SHOTS = [
    ("gallery-375.jpg", "index.html", 375, 1700),
    ("gallery-1280.jpg", "index.html", 1280, 1000),
    ("item-375.jpg", "items/ceramics/terracotta-espresso-cup-saucer.html", 375, 900),
    ("item-1280.jpg", "items/ceramics/terracotta-espresso-cup-saucer.html", 1280, 760),
    ("category-1280.jpg", "ceramics/index.html", 1280, 760),
    ("tag-375.jpg", "tags/tableware.html", 375, 1300),
    ("tags-1280.jpg", "tags/index.html", 1280, 760),
    ("product-375.jpg", "items/ceramics/stacking-cups-set-of-6.html", 375, 1000),
    ("product-1280.jpg", "items/nature/flower-print-a4.html", 1280, 760),
]

IMAGES_READY_JS = """
const done = arguments[arguments.length - 1];
for (const img of document.images) img.loading = 'eager';
Promise.all(Array.from(document.images, i => i.decode().catch(() => 0)))
  .then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(
    Array.from(document.images).filter(i => !i.naturalWidth).map(i => i.getAttribute('src'))))));
"""


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or len(argv) > 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 64
    site = Path(argv[0]).resolve()
    out = Path(argv[1] if len(argv) > 1 else Path(__file__).resolve().parents[2] / "docs" / "item-pages")
    missing = [page for _, page, _, _ in SHOTS if not (site / page).exists()]
    if missing:
        print(f"{site}: no {', '.join(missing)}; build SampleImages into it first", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    # Nothing is held: the server releases every image until a load is begun, and none is here.
    server = HoldingServer(str(site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with engines.open_engine("chromium", chromium_arguments=["--hide-scrollbars",
                                                                 "--force-color-profile=srgb"]) as browser:
            if browser is None:
                print("chromium is not installed: run scripts/install-dependencies.sh --tests", file=sys.stderr)
                return 1
            for name, page, width, height in SHOTS:
                browser.set_width(width)
                browser.get(base + page)
                broken = browser.execute_async(IMAGES_READY_JS)
                if broken:
                    print(f"{page} at {width} px: images did not load: {', '.join(broken)}", file=sys.stderr)
                    return 1
                shot = browser.driver.cdp("Page.captureScreenshot", {
                    "format": "jpeg", "quality": 70, "captureBeyondViewport": True,
                    "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
                (out / name).write_bytes(base64.b64decode(shot["data"]))
                print(f"{out / name}: {page} at {width}×{height}")
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
