#!/usr/bin/env python3
"""Real-browser test of a site's <picture> elements, in each engine that is installed.

    python3 Tests/Browser/check_picture.py SITE_DIR [--engines chromium,firefox,webkit]

Serves SITE_DIR on loopback and, per engine, loads index.html and every item page
(items/…html) at 1280 px with every image made eager, waits until every img is complete, and
checks:

  source     every img inside a <picture> loaded (naturalWidth > 0) from its first <source>
             (currentSrc is one of that source's candidates: its .webp or .avif files, and the
             JPEGs it lists at the item pages' widths, which get no modern file, issue 37): all
             three engines decode WebP and AVIF
  fallback   each page served with every <source type> renamed to a type no browser knows
             (what a browser without WebP sees): every such img loads its JPEG or PNG instead
             (deleting the WebP files would not show this: a browser picks the <source> by its
             type before fetching, and a failed fetch shows a broken image, not the <img>)

Engines: Chromium, Firefox ESR and WebKitGTK, started by engines.py (how each is driven is
written there and in /work/shared/browsers.md). An engine that is
not installed is reported as skipped unless --require names it. Exit 0 when every engine that
ran passed.
"""

from __future__ import annotations

import argparse
import http.server
import json
import re
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engines  # noqa: E402  (Chromium, Firefox and WebKitGTK behind one interface)

UNKNOWN_TYPE = "image/x-waterfall-unsupported"

COLLECT = """
for (const img of document.images) { img.loading = 'eager'; }
const pictures = Array.from(document.querySelectorAll('picture > img'));
return {
  complete: Array.from(document.images).every(i => i.complete),
  pictures: pictures.map(img => ({
    currentSrc: img.currentSrc, naturalWidth: img.naturalWidth, src: img.getAttribute('src'),
    first: (img.parentElement.querySelector('source') || {getAttribute: () => null}).getAttribute('type'),
    firstCandidates: ((img.parentElement.querySelector('source') || {getAttribute: () => ''})
      .getAttribute('srcset') || '').split(',').filter(c => c.trim())
      .map(c => new URL(c.trim().split(/\s+/)[0], document.baseURI).href),
  })),
};
"""


def item_pages(site: str) -> tuple[list[str], list[str]]:
    """The item pages (URL paths) whose tiles on the gallery pages are a <picture>, and the
    others."""
    pictured, plain = [], []
    layout = json.loads(Path(site, "layout.json").read_text(encoding="utf-8"))
    for page in layout["pages"]:
        text = Path(site, page["file"]).read_text(encoding="utf-8")
        for href, picture in re.findall(r'<li[^>]*><a href="(items/[^"#]+)"[^>]*>(<picture>)?', text):
            (pictured if picture else plain).append(href)
    return pictured, plain


def serve(site: str) -> tuple[http.server.ThreadingHTTPServer, int]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=site, **kwargs)

        def do_GET(self):  # noqa: N802
            # PAGE?fallback: the page as a browser without WebP and AVIF sees it (served from
            # its own folder, so its relative links still resolve).
            path, _, query = self.path.partition("?")
            if query == "fallback":
                file = Path(site) / urllib.parse.unquote(path).lstrip("/")
                text = file.read_text(encoding="utf-8")
                for kind in ("image/webp", "image/avif"):
                    text = text.replace(f'<source type="{kind}"', f'<source type="{UNKNOWN_TYPE}"')
                body = text.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def log_message(self, format, *args):  # noqa: A002
            pass

    class QuietServer(http.server.ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            pass  # a browser that stops reading an image it no longer needs is no failure

    server = QuietServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def check(engine: str, results: list[dict], fallback: bool) -> list[str]:
    """Failures among the collected pictures."""
    failures = []
    if not results:
        return [f"{engine}: the page has no <picture>"]
    for picture in results:
        current = picture["currentSrc"] or ""
        if not picture["naturalWidth"]:
            failures.append(f"{engine}: {picture['src']} did not load (currentSrc {current!r})")
        elif fallback and not current.endswith((".jpg", ".png")):
            failures.append(f"{engine} fallback: {picture['src']} showed {current!r}, not its JPEG/PNG")
        elif not fallback and current not in picture.get("firstCandidates", []):
            failures.append(f"{engine}: {picture['src']} showed {current!r}, not its {picture['first']} source")
    return failures


def wait_collect(execute) -> list[dict]:
    deadline = time.monotonic() + 60
    while True:
        value = execute(COLLECT)
        if value["complete"] or time.monotonic() > deadline:
            return value["pictures"]
        time.sleep(0.2)


def run(engine: str, base: str, pages: list[str]) -> list[str] | None:
    """The failures in `engine` on `pages` (None when it is not installed)."""
    with engines.open_engine(engine, chromium_arguments=["--force-color-profile=srgb"]) as browser:
        if browser is None:
            return None
        browser.set_width(1280)
        failures = []
        for page in pages:
            for fallback in (False, True):
                browser.get(f"{base}/{page}" + ("?fallback" if fallback else ""))
                failures += check(f"{engine} {page}", wait_collect(browser.execute), fallback)
        return failures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--require", default="", help="engines that must be installed (comma-separated)")
    args = parser.parse_args(argv)
    # The gallery's first page and the item page of every tile that is a <picture> (its photo
    # has WebP or AVIF renditions); an item page whose tile has none must have none either.
    pictured, plain = item_pages(args.site)
    pages = ["index.html"] + pictured
    wrong = [page for page in plain if "<picture>" in Path(args.site, urllib.parse.unquote(page)).read_text()]
    for page in wrong:
        print(f"FAIL {page}: a <picture>, but its tile has none")
    failed = bool(wrong)
    server, port = serve(args.site)
    base = f"http://127.0.0.1:{port}"
    required = {e for e in args.require.split(",") if e}
    try:
        for engine in args.engines.split(","):
            failures = run(engine, base, pages)
            if failures is None:
                print(f"skip {engine}: not installed (see scripts/install-dependencies.sh --tests)")
                failed = failed or engine in required
                continue
            for failure in failures:
                print("FAIL " + failure)
            print(f"{'FAIL' if failures else 'ok  '} {engine}: <picture> sources and fallback "
                  f"on index.html and {len(pictured)} item pages ({len(plain)} without WebP/AVIF)")
            failed = failed or bool(failures)
    finally:
        server.shutdown()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
