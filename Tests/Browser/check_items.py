#!/usr/bin/env python3
"""Real-browser test of the product cards and item pages of a site built by `waterfall-site build`.

    python3 Tests/Browser/check_items.py SITE_DIR [--axe AXE_MIN_JS] [--widths 320,375,...]

Serves SITE_DIR on loopback and drives headless Chromium through chromedriver (as
check_site.py does) at each width (default 320, 375, 768, 1280, 2560), and checks:

  cards      every tile is one link (no nested links) holding its image and text; badges sit
             outside the link; tile ids are unique; a product name of up to 32 characters is
             shown whole (not clamped) from 375 px up
  item pages every photo's page exists, in gallery order: its previous and next links point at
             the photos before and after it; no <script>, no on* attributes; no horizontal
             overflow; the image, the text and the neighbour links do not overlap
  back link  following it lands on the gallery page with that photo's tile in view
  axe        axe-core (from the axe-playwright-python wheel, see /work/shared/browsers.md)
             reports no violations on every gallery page and every item page at 375 and 1280 px

Prints one line per check group and ends with `N passed, M failed`; exits 0 only if M == 0.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_site import (  # noqa: E402
    WebDriver,
    WebDriverError,
    find_browser,
    free_port,
    read_layout,
)

CARDS_JS = r"""
const tiles = [...document.querySelectorAll('.wf-tiles > li')];
return tiles.map(li => {
  const links = li.querySelectorAll('a');
  const a = links[0];
  const name = li.querySelector('.wf-name');
  const badges = [...li.querySelectorAll('.wf-badge')];
  return {id: li.id, links: links.length, nested: a ? a.querySelectorAll('a').length : 0,
          href: a ? a.getAttribute('href') : null, imgInLink: !!(a && a.querySelector('img')),
          textInLink: !li.querySelector('.wf-caption') || !!(a && a.querySelector('.wf-caption')),
          badgeInLink: badges.some(b => a && a.contains(b)),
          name: name ? name.textContent : null,
          nameClamped: name ? name.scrollHeight > name.clientHeight + 1 : false};
});
"""

ITEM_JS = r"""
const rect = e => { if (!e) return null; const r = e.getBoundingClientRect();
  return [r.left + scrollX, r.top + scrollY, r.width, r.height]; };
const link = sel => { const a = document.querySelector(sel); return a ? a.getAttribute('href') : null; };
let handlers = 0;
for (const e of document.querySelectorAll('*'))
  for (const attr of e.attributes) if (attr.name.startsWith('on')) handlers++;
return {scripts: document.scripts.length, handlers,
        overflow: document.scrollingElement.scrollWidth - innerWidth,
        image: rect(document.querySelector('.wf-item-image')),
        text: rect(document.querySelector('.wf-item-text')),
        nav: rect(document.querySelector('.wf-item-nav')),
        header: rect(document.querySelector('.site-header')),
        prev: link('a[rel=prev]'), next: link('a[rel=next]'), back: link('a.wf-back'),
        h1Cut: (() => { const h = document.querySelector('h1'); return h ? h.scrollWidth > h.clientWidth + 1 : true; })(),
        imageLoaded: (() => { const i = document.querySelector('.wf-item-image'); return !!(i && i.complete && i.naturalWidth > 0); })()};
"""

IN_VIEW_JS = r"""
const id = decodeURIComponent(location.hash.slice(1));
const e = document.getElementById(id);
if (!e) return {found: false};
const r = e.getBoundingClientRect();
return {found: true, top: r.top, bottom: r.bottom, height: innerHeight};
"""

AXE_JS = r"""
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
  r => done(r.violations.map(v => v.id + ': ' + v.nodes.length + ' (' + v.help + ') ' +
                             v.nodes.slice(0, 2).map(n => n.target.join(' ')).join(', '))),
  e => done(['axe failed: ' + e]));
"""


class Tally:
    def __init__(self):
        self.passed = 0
        self.failures: list[str] = []

    def check(self, ok: bool, detail: str) -> bool:
        if ok:
            self.passed += 1
        else:
            self.failures.append(detail)
        return ok


def overlap(a, b) -> float:
    if not a or not b:
        return 0.0
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a browser that stops reading an image it no longer needs is no failure


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site")
    parser.add_argument("--axe", default=None, help="axe.min.js (skipped with a note when absent)")
    parser.add_argument("--widths", default="320,375,768,1280,2560")
    args = parser.parse_args(argv)
    site = os.path.abspath(args.site)
    widths = [int(w) for w in args.widths.split(",")]
    # layout.json lists the pages; each page's photos are in its own layout file.
    layout = read_layout(site)
    axe = None
    if args.axe and os.path.exists(args.axe):
        with open(args.axe, encoding="utf-8") as f:
            axe = f.read()

    server = QuietServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    driver_path, binary = find_browser()
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix="check_items-chromedriver-", suffix=".log", delete=False)
    process = subprocess.Popen([driver_path, f"--port={port}", "--allowed-ips=", "--allowed-origins=*"],
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    driver = WebDriver(port)
    deadline = time.monotonic() + 20
    while True:
        try:
            if driver._request("GET", "/status", timeout=2).get("ready"):
                break
        except (OSError, WebDriverError, ValueError):
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            print(f"chromedriver did not start (log: {log.name})")
            return 2
        time.sleep(0.05)
    driver.start(binary, ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                          "--disable-dev-shm-usage", "--no-first-run", "--window-size=1280,900"])
    t = Tally()

    def load(url: str) -> None:
        driver.get(url)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                state = driver.execute("return [location.href, document.readyState]")
                if state[0] == url and state[1] == "complete":
                    return
            except WebDriverError:
                pass
            time.sleep(0.02)
        raise TimeoutError(f"{url} did not load")

    def run_axe(label: str) -> None:
        if axe is None:
            return
        driver.execute(axe + "\n;return 1;")
        violations = driver.execute_async(AXE_JS)
        t.check(not violations, f"{label}: axe: " + "; ".join(violations))

    try:
        gallery_order: list[str] = []   # item page paths in gallery order
        tile_page: dict[str, str] = {}  # tile id -> gallery page file
        for width in widths:
            driver.cdp("Emulation.setDeviceMetricsOverride",
                       {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            order: list[str] = []
            for page in layout["pages"]:
                load(base + page["file"])
                cards = driver.execute(CARDS_JS)
                ids = [c["id"] for c in cards]
                t.check(len(set(ids)) == len(ids) and all(ids), f"{width}px {page['file']}: tile ids not unique")
                for card in cards:
                    label = f"{width}px {page['file']} #{card['id']}"
                    t.check(card["links"] == 1 and card["nested"] == 0, f"{label}: {card['links']} links in the card")
                    t.check(card["imgInLink"] and card["textInLink"], f"{label}: image or text outside the card's link")
                    t.check(not card["badgeInLink"], f"{label}: a badge inside the link (part of its name)")
                    if width >= 375 and card["name"] and len(card["name"]) <= 32:
                        t.check(not card["nameClamped"], f"{label}: name {card['name']!r} cut at {width}px")
                    order.append(urllib.parse.unquote(card["href"]))
                    tile_page[card["id"]] = page["file"]
                if width in (375, 1280):
                    run_axe(f"{width}px {page['file']}")
            if not gallery_order:
                gallery_order = order
            t.check(order == gallery_order, f"{width}px: the cards' order differs from the first width's")

        t.check(len(gallery_order) == sum(len(p["photos"]) for p in layout["pages"]),
                f"{len(gallery_order)} cards link item pages, layout.json has "
                f"{sum(len(p['photos']) for p in layout['pages'])} photos")
        for width in widths:
            driver.cdp("Emulation.setDeviceMetricsOverride",
                       {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            for index, item in enumerate(gallery_order):
                label = f"{width}px {item}"
                path = os.path.join(site, item)
                if not t.check(os.path.exists(path), f"{label}: missing"):
                    continue
                with open(path, encoding="utf-8") as f:
                    served = f.read()
                t.check("<script" not in served.lower(), f"{label}: <script> in the HTML")
                load(base + urllib.parse.quote(item))
                m = driver.execute(ITEM_JS)
                t.check(m["scripts"] == 0 and m["handlers"] == 0, f"{label}: scripts or on* handlers")
                t.check(m["overflow"] <= 0.5, f"{label}: horizontal overflow of {m['overflow']} px")
                t.check(m["imageLoaded"], f"{label}: image did not load")
                t.check(not m["h1Cut"], f"{label}: the heading is cut")
                parts = [("image", m["image"]), ("text", m["text"]), ("nav", m["nav"]), ("header", m["header"])]
                for i, (a_name, a) in enumerate(parts):
                    for b_name, b in parts[i + 1:]:
                        t.check(overlap(a, b) <= 0.5, f"{label}: {a_name} and {b_name} overlap")
                folder = os.path.dirname(item)

                def resolved(href):
                    return None if href is None else os.path.normpath(
                        os.path.join(folder, urllib.parse.unquote(href.split("#")[0])))
                expected_prev = gallery_order[index - 1] if index > 0 else None
                expected_next = gallery_order[index + 1] if index + 1 < len(gallery_order) else None
                t.check(resolved(m["prev"]) == expected_prev, f"{label}: previous is {m['prev']}, expected {expected_prev}")
                t.check(resolved(m["next"]) == expected_next, f"{label}: next is {m['next']}, expected {expected_next}")
                if width in (375, 1280):
                    run_axe(label)
                if width in (320, 1280) and m["back"]:
                    target = urllib.parse.urljoin(base + urllib.parse.quote(item), m["back"])
                    load(target)
                    time.sleep(0.05)
                    view = driver.execute(IN_VIEW_JS)
                    t.check(view["found"] and view["bottom"] > 0 and view["top"] < view["height"],
                            f"{label}: the back link {m['back']} does not land with its tile in view ({view})")
                    fragment = urllib.parse.unquote(m["back"].split("#")[1])
                    t.check(tile_page.get(fragment) == resolved(m["back"]),
                            f"{label}: the back link goes to {m['back']}, the tile is on {tile_page.get(fragment)}")
            print(f"{width:>5}px: {len(gallery_order)} item pages checked")
    finally:
        try:
            driver.quit()
        finally:
            process.terminate()
            process.wait(5)
            server.shutdown()
            log.close()
            os.unlink(log.name)
    if axe is None:
        print("note: axe-core not given (--axe AXE_MIN_JS); accessibility not checked")
    for failure in t.failures[:60]:
        print("  FAIL " + failure)
    if len(t.failures) > 60:
        print(f"  … and {len(t.failures) - 60} more")
    print(f"{t.passed} passed, {len(t.failures)} failed")
    return 0 if not t.failures else 1


if __name__ == "__main__":
    sys.exit(main())
