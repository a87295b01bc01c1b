#!/usr/bin/env python3
"""Real-browser test of a gallery page's `<link rel="preload">`: the image it starts from the
head is the file its tile then shows, fetched once, in each engine that is installed.

    python3 Tests/Browser/check_preload.py SITE_DIR [--engines chromium,firefox,webkit]
        [--widths 375,800,1280] [--dprs 1,2] [--pages index.html,...] [--require ENGINES]

Per engine, device pixel ratio, width and page, starts a fresh browser and serves SITE_DIR on a
loopback port of its own with a handler that counts requests (a new origin: nothing is answered
from a cache, which WebKitGTK keeps on disk across browsers), loads the page and checks:

  preload    the page has one preload link, for the image of its `fetchpriority=high` tile
  once       that photo's renditions were requested exactly once in all, and the file
             requested is the one the tile shows (`currentSrc`): the preload's candidates and
             `sizes` pick what the `<picture>` picks. A preload whose `sizes` differed would
             fetch a second file, which a phone on a slow link pays for before anything else.

The pages default to the home gallery and the first category and tag pages found. Exit 0 when
every engine that ran passed; an engine that is not installed is skipped unless --require names
it.
"""

from __future__ import annotations

import argparse
import collections
import functools
import http.server
import re
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engines  # noqa: E402  (Chromium, Firefox and WebKitGTK behind one interface)

PRELOAD = re.compile(r'<link rel="preload" as="image"[^>]* imagesrcset="([^"]*)"')
# The photo's renditions share the name before the width: "renditions/<hash>-383.webp".
STEM = re.compile(r"([^/\s]+)-\d+\.\w+$")
# Long enough for every engine to have fetched the first screen's images from loopback.
SETTLE_SECONDS = 2.0

SHOWN_JS = """
const img = [...document.images].find(i => i.getAttribute('fetchpriority') === 'high');
return img ? {complete: img.complete, src: img.currentSrc} : null;
"""


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and counts the GETs of each path in `counts`."""

    counts: collections.Counter = collections.Counter()

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.counts[self.path.split("?")[0]] += 1
        return super().do_GET()


def default_pages(site: Path) -> list[str]:
    pages = ["index.html"]
    for pattern in ("*/index.html", "tags/*.html"):
        found = sorted(p.relative_to(site).as_posix() for p in site.glob(pattern)
                       if p.name != "index.html" or p.parent.name != "tags")
        if found:
            pages.append(found[0])
    return pages


def serve(site: Path):
    """A server for `site` on a port of its own: a new origin, so that no engine can answer a
    request from its cache (WebKitGTK keeps one on disk across fresh browsers)."""
    handler = functools.partial(CountingHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def check_load(engine, site: Path, page: str, stem: str, label: str, failures: list[str]) -> int:
    CountingHandler.counts.clear()
    server, base = serve(site)
    try:
        engine.get(base + page)
        time.sleep(SETTLE_SECONDS)
        shown = engine.execute(SHOWN_JS)
    finally:
        server.shutdown()
        server.server_close()
    fetched = {path: n for path, n in CountingHandler.counts.items() if stem in path}
    checks = 0
    if not shown or not shown["complete"]:
        failures.append(f"{label}: the fetchpriority=high tile has not loaded ({shown})")
        return 1
    shown_path = "/" + shown["src"].split("/", 3)[3]
    for ok, detail in (
        (sum(fetched.values()) == 1, f"requested {sum(fetched.values())} times: {fetched}"),
        (list(fetched) == [shown_path], f"shows {shown_path}, fetched {fetched}"),
    ):
        checks += 1
        if not ok:
            failures.append(f"{label}: {detail}")
    return checks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site")
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--require", default="")
    parser.add_argument("--widths", default="375,800,1280")
    parser.add_argument("--dprs", default="1,2")
    parser.add_argument("--pages", default="")
    args = parser.parse_args()
    site = Path(args.site)
    pages = args.pages.split(",") if args.pages else default_pages(site)
    stems = {}
    failures: list[str] = []
    for page in pages:
        links = PRELOAD.findall((site / page).read_text(encoding="utf-8"))
        if len(links) != 1:
            failures.append(f"{page}: {len(links)} preload links, expected 1")
            continue
        stem = STEM.search(links[0].split(",")[0].split()[0])
        stems[page] = stem.group(1) + "-" if stem else links[0]

    required = set(filter(None, args.require.split(",")))
    passed = len(pages) - len(failures)
    for name in args.engines.split(","):
        for dpr in (int(d) for d in args.dprs.split(",")):
            for width in (int(w) for w in args.widths.split(",")):
                for page, stem in stems.items():
                    # A fresh browser per load: an empty cache, so the image is fetched.
                    with engines.open_engine(name, dpr=dpr) as engine:
                        if engine is None:
                            if name in required:
                                failures.append(f"{name}: not installed")
                            print(f"{name}: not installed, skipped", flush=True)
                            break
                        engine.set_width(width)
                        label = f"{name} DPR {dpr} {width}px {page}"
                        before = len(failures)
                        passed += check_load(engine, site, page, stem, label, failures)
                        passed -= len(failures) - before
        print(f"{name}: checked", flush=True)
    for failure in failures:
        print("FAIL", failure)
    print(f"check_preload: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
