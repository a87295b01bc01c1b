#!/usr/bin/env python3
"""Real-browser test of a site built by `waterfall-site build`.

    python3 Tests/Browser/check_site.py SITE_DIR [--widths N] [--screenshot WIDTH=PNG ...]

Serves SITE_DIR on a loopback HTTP server that holds every image response until the page has
painted once, drives headless Chromium through chromedriver (Debian packages `chromium` and
`chromium-driver`), and for N viewport widths (default 24) from 320 to 2560 px (always 320,
2560 and every breakpoint's or sub-range's minWidth-1 and minWidth as gallery widths, each page
at its own, then odd widths) loads every page and checks:

  geometry   every tile, section, header and footer rect equals layout.json evaluated at the
             gallery's measured content width W (within 0.3 px); the gallery is as tall as
             predicted; a section footer sits below the section's tallest column
  modes      with a fixed item width (layout.json options.itemWidth) every tile is exactly that
             wide; with --mirror-of SHORTEST_SITE (a build of the same photos, shortest first)
             every tile's left is W − left − width of its counterpart there (within 0.3 px), the
             same top (from its section's first row when the two sites' languages differ)
  overlap    no two tiles overlap by more than 0.5 px
  overflow   no horizontal overflow
  balance    per section, the waterfall replayed in DOM order from the rendered rects: each tile's
             column (from its x) was at most the balance tolerance (default: row spacing) + 0.3 px
             above the lowest column when the tile was placed (left to right is round robin:
             its balance is only reported)
  images     every img loaded (complete, naturalWidth > 0) with the intrinsic size its width and
             height attributes declare (with a srcset: their aspect ratio); no SEVERE console
             message; no 4xx/5xx from the server
  srcset     every srcset file exists, is as wide as its w descriptor and has the img's aspect
             ratio; at DPR 1 and, in a second pass with the cache cleared, DPR 2, every currentSrc
             loaded and the chosen candidate is ≥ rendered width × DPR and ≤ 1.3× that (or the
             largest candidate when even that is narrower; ≤ 2.6× within 17 px above a breakpoint,
             where `sizes` allows for a classic scrollbar); skipped with a note without srcset
  item pages with srcsets, every item page at 1,440 px and DPR 2: its photo loaded from a file
             at least as wide as it is shown × 2, up to the original's width
  cls        cumulative layout shift is 0 (images were held back until after first paint) and
             no tile moved between first paint and the end of loading
  script     no <script>, no on* attributes, no javascript: URLs (DOM and served HTML)
  img attrs  width, height, alt, decoding="async"; images in the first screen are not lazy and
             images never in the first screen (gallery top + --first-screen px at any tested
             width) are loading="lazy"
  assets     every stylesheet is named by its content hash (assets/NAME.HASH.css)
  host files no build record in the site; with a _headers file, every file falls under exactly
             one rule, year-long immutable caching only for content-hashed names

Prints one line per width and page (failures detailed below it) and ends with
`N passed, M failed`; exits 0 only if M == 0. Python standard library only.
"""

from __future__ import annotations

import argparse
import base64
import html.parser
import http.client
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse


def _exit_on_sigterm(signum, frame):
    raise SystemExit(128 + signum)


# scripts/test.sh stops the checks still running in other lanes with SIGTERM when one fails.
# Leaving through SystemExit runs every `finally` and `with` on the way out, so the browsers,
# which run in sessions of their own, are closed rather than left behind. (main() below puts
# its own handler in place.) Every browser check imports this module.
if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
    signal.signal(signal.SIGTERM, _exit_on_sigterm)

# The languages written right to left, as Sources/SiteRenderer/LanguageDirection.swift has them.
RIGHT_TO_LEFT_LANGUAGES = {"ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "syr"}

TOLERANCE = 0.3          # px, geometry: what Chromium, Firefox and WebKitGTK all hold
SRCSET_SLACK = 1.0       # px, for a candidate's width against the shown width
# The most the chosen candidate may be wider than the need: the rendition ladder's bound
# (RenditionWidths.maximumOverfetch), which picks each width within 1.3× of the needs it serves.
MAX_OVERFETCH = 1.3
# Up to this many px of viewport above a breakpoint, `sizes` claims the narrower breakpoint's
# wider columns (RenditionWidths.classicScrollbarAllowance): a classic scrollbar may keep the
# gallery below the breakpoint there. Where none does, the file may be as much wider as the
# columns are: at most twice (one column to two), within the ladder's bound of that.
SCROLLBAR_ALLOWANCE = 17
MAX_OVERFETCH_NEAR_BREAKPOINT = 2 * MAX_OVERFETCH
OVERLAP_TOLERANCE = 0.5  # px
VIEWPORT_HEIGHT = 900
IMAGE_HOLD_LIMIT = 90.0  # s; a held image is released anyway after this long (and the load fails)
MAX_DETAILS = 25         # failure lines printed per width/page
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".svg")


# --------------------------------------------------------------------------------------------
# HTTP server that holds image responses until released
# --------------------------------------------------------------------------------------------

class HoldingServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = False

    def __init__(self, root: str, handler=None):
        self.root = root
        self.lock = threading.Lock()
        self.release = threading.Event()
        self.release.set()
        self.page_url: str | None = None   # the load whose images are held
        self.failures: list[tuple[int, str]] = []
        self.held = 0          # image requests that had to wait for the current release
        self.images_served = 0
        self.hold_timeouts: list[str] = []
        super().__init__(("127.0.0.1", 0), handler or HoldingHandler)

    @property
    def port(self) -> int:
        return self.server_address[1]

    def begin_load(self, page_url: str | None = None) -> None:
        """Hold every image request of the page at `page_url` (by its Referer; requests without
        one too) from now on until `release_images`. Requests of an earlier page (which may still
        pick new srcset candidates as the viewport changes) are served at once, so they never
        tie up the browser's six connections while the new page waits for its stylesheets."""
        with self.lock:
            self.page_url = page_url
            self.release = threading.Event()
            self.failures = []
            self.held = 0
            self.images_served = 0
            self.hold_timeouts = []

    def release_images(self) -> None:
        with self.lock:
            self.release.set()

    def handle_error(self, request, client_address):
        # The browser cancels requests it no longer needs (a superseded srcset candidate, the
        # previous page): a broken pipe while answering them is not a failure.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)

    def snapshot(self) -> dict:
        with self.lock:
            return {"failures": list(self.failures), "held": self.held,
                    "served": self.images_served, "timeouts": list(self.hold_timeouts)}


class HoldingHandler(http.server.SimpleHTTPRequestHandler):
    server: HoldingServer
    protocol_version = "HTTP/1.1"

    def __init__(self, request, client_address, server):
        super().__init__(request, client_address, server, directory=server.root)

    def do_GET(self):  # noqa: N802
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path).lower()
        if path.endswith(IMAGE_SUFFIXES):
            with self.server.lock:
                event = self.release_event()
                waiting = not event.is_set()
                if waiting:
                    self.server.held += 1
            if not event.wait(IMAGE_HOLD_LIMIT):
                with self.server.lock:
                    self.server.hold_timeouts.append(self.path)
            with self.server.lock:
                self.server.images_served += 1
        super().do_GET()

    def release_event(self) -> threading.Event:
        """What this image request waits for (called under the server's lock): the current
        load's release, unless the request is an earlier page's (by its Referer)."""
        referer = self.headers.get("Referer")
        if referer and self.server.page_url and referer != self.server.page_url:
            served = threading.Event()
            served.set()
            return served
        return self.server.release

    def end_headers(self):
        # Every load fetches the images again, so every load has them held back.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_request(self, code="-", size="-"):
        try:
            status = int(code)
        except (TypeError, ValueError):
            return
        if status >= 400:
            with self.server.lock:
                self.server.failures.append((status, self.path))

    def log_message(self, format, *args):  # noqa: A002
        pass


# --------------------------------------------------------------------------------------------
# Minimal W3C WebDriver client
# --------------------------------------------------------------------------------------------

class WebDriverError(Exception):
    pass


class WebDriver:
    def __init__(self, port: int):
        self.port = port
        self.session: str | None = None

    # s: longer than the session's script timeout, so that a slow script (axe on a machine busy
    # with other test lanes) ends in the browser's own timeout error rather than a dropped request.
    REQUEST_TIMEOUT = 90

    def _request(self, method: str, path: str, body: dict | None = None, timeout: float = REQUEST_TIMEOUT):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if data is not None else {}
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            payload = json.loads(response.read() or b"{}")
        finally:
            connection.close()
        value = payload.get("value")
        if response.status >= 400 or (isinstance(value, dict) and "error" in value and value.get("error")):
            message = value.get("message", "") if isinstance(value, dict) else str(value)
            raise WebDriverError(f"{method} {path}: {message.splitlines()[0] if message else response.status}")
        return value

    def start(self, binary: str | None, args: list[str]) -> None:
        options = {"args": args}
        if binary:
            options["binary"] = binary
        capabilities = {
            "browserName": "chrome",
            "pageLoadStrategy": "none",
            "goog:chromeOptions": options,
            "goog:loggingPrefs": {"browser": "SEVERE"},
            # A minute for a script, as the Firefox and WebKitGTK sessions have (engines.py).
            "timeouts": {"script": 60000, "pageLoad": 60000},
        }
        value = self._request("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        self.session = value["sessionId"]

    def quit(self) -> None:
        if self.session:
            try:
                self._request("DELETE", f"/session/{self.session}", timeout=15)
            finally:
                self.session = None

    def cmd(self, method: str, path: str, body: dict | None = None, timeout: float = REQUEST_TIMEOUT):
        return self._request(method, f"/session/{self.session}{path}", body, timeout)

    def get(self, url: str) -> None:
        self.cmd("POST", "/url", {"url": url})

    def execute(self, script: str, *args):
        return self.cmd("POST", "/execute/sync", {"script": script, "args": list(args)})

    def execute_async(self, script: str, *args):
        return self.cmd("POST", "/execute/async", {"script": script, "args": list(args)})

    def cdp(self, command: str, params: dict | None = None):
        return self.cmd("POST", "/goog/cdp/execute", {"cmd": command, "params": params or {}})

    def browser_log(self) -> list[dict]:
        return self.cmd("POST", "/se/log", {"type": "browser"}) or []


# --------------------------------------------------------------------------------------------
# In-page scripts
# --------------------------------------------------------------------------------------------

PAINT_STATE_JS = """
return {href: location.href, ready: document.readyState,
        paints: performance.getEntriesByType('paint').map(e => e.name)};
"""

MEASURE_JS = r"""
const rect = e => { const b = e.getBoundingClientRect();
  return [b.left + window.scrollX, b.top + window.scrollY, b.width, b.height]; };
const galleries = document.querySelectorAll('main.wf-gallery');
const out = {galleries: galleries.length, href: location.href, ready: document.readyState,
  scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
  innerWidth: window.innerWidth, innerHeight: window.innerHeight, dpr: window.devicePixelRatio};
if (galleries.length !== 1) return out;
const g = galleries[0], cs = getComputedStyle(g), gb = rect(g);
const px = v => parseFloat(v) || 0;
out.gallery = gb;
out.content = [gb[0] + px(cs.borderLeftWidth) + px(cs.paddingLeft), gb[1] + px(cs.borderTopWidth) + px(cs.paddingTop),
  gb[2] - px(cs.borderLeftWidth) - px(cs.paddingLeft) - px(cs.paddingRight) - px(cs.borderRightWidth),
  gb[3] - px(cs.borderTopWidth) - px(cs.paddingTop) - px(cs.paddingBottom) - px(cs.borderBottomWidth)];
out.containerType = cs.containerType;
out.sections = [];
out.tiles = [];
for (const s of g.querySelectorAll(':scope > section.wf-section')) {
  const h = s.querySelector(':scope > .wf-section-header');
  const index = out.sections.length;
  const f = s.querySelector(':scope > .wf-section-footer');
  out.sections.push({id: s.id, rect: rect(s), header: h ? rect(h) : null, footer: f ? rect(f) : null});
  for (const li of s.querySelectorAll(':scope > ul.wf-tiles > li')) {
    const img = li.querySelector('img');
    const t = {section: index, rect: rect(li)};
    if (img) {
      const a = n => img.hasAttribute(n) ? img.getAttribute(n) : null;
      // In a <picture>, the candidates are those of the <source> the browser took (the one
      // whose srcset holds currentSrc), else the img's own.
      let srcset = a('srcset'), chosenType = null;
      const sources = img.parentElement && img.parentElement.tagName === 'PICTURE'
        ? Array.from(img.parentElement.querySelectorAll(':scope > source')) : [];
      for (const source of sources) {
        const urls = (source.getAttribute('srcset') || '').split(',')
          .map(c => new URL(c.trim().split(/\s+/)[0], document.baseURI).href);
        if (img.currentSrc && urls.includes(img.currentSrc)) {
          srcset = source.getAttribute('srcset');
          chosenType = source.getAttribute('type');
          break;
        }
      }
      Object.assign(t, {img: rect(img), src: a('src'), width: a('width'), height: a('height'), alt: a('alt'),
        loading: a('loading'), decoding: a('decoding'), complete: img.complete,
        naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
        sourceTypes: sources.map(s => s.getAttribute('type')), chosenType: chosenType,
        srcset: srcset, sizes: a('sizes'), currentSrc: img.currentSrc,
        href: img.closest('a') ? img.closest('a').getAttribute('href') : null});
    }
    out.tiles.push(t);
  }
}
out.dir = document.documentElement.getAttribute('dir');
out.lang = document.documentElement.getAttribute('lang') || '';
out.strayTiles = document.querySelectorAll('.wf-tiles > li, li.wf-tile').length - out.tiles.length;
out.images = document.images.length;
out.brokenImages = Array.from(document.images).filter(i => !i.complete || !i.naturalWidth).map(i => i.getAttribute('src'));
out.scripts = document.querySelectorAll('script').length;
out.handlers = [];
out.jsUrls = [];
for (const e of document.querySelectorAll('*')) {
  for (const at of e.attributes) {
    if (/^on/i.test(at.name)) out.handlers.push(e.tagName.toLowerCase() + '[' + at.name + ']');
    if (/^javascript:/i.test(at.value.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+/, ''))) out.jsUrls.push(e.tagName.toLowerCase() + '[' + at.name + ']');
  }
}
return out;
"""

FORCE_IMAGES_JS = """
let forced = 0;
for (const img of document.images) if (!img.complete) { img.loading = 'eager'; forced++; }
return forced;
"""

IMAGES_DONE_JS = """
const imgs = Array.from(document.images);
return {ready: document.readyState, pending: imgs.filter(i => !i.complete).length, total: imgs.length};
"""

CLS_JS = """
const done = arguments[arguments.length - 1];
const entries = [];
let observer;
try {
  observer = new PerformanceObserver(list => entries.push(...list.getEntries()));
  observer.observe({type: 'layout-shift', buffered: true});
} catch (e) { done({error: String(e)}); return; }
setTimeout(() => {
  entries.push(...observer.takeRecords());
  observer.disconnect();
  const describe = n => !n ? '?' : n.nodeType !== 1 ? n.nodeName :
    n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\\s+/).join('.') : '') +
    (n.tagName === 'IMG' ? '[' + n.getAttribute('src') + ']' : n.querySelector && n.querySelector('img') ? '[' + n.querySelector('img').getAttribute('src') + ']' : '');
  const shifts = entries.filter(e => !e.hadRecentInput);
  done({supported: PerformanceObserver.supportedEntryTypes.includes('layout-shift'),
        total: shifts.reduce((s, e) => s + e.value, 0),
        shifts: shifts.map(e => ({time: e.startTime, value: e.value,
          sources: (e.sources || []).map(s => describe(s.node))}))});
}, 150);
"""


# --------------------------------------------------------------------------------------------
# Layout predictions
# --------------------------------------------------------------------------------------------

def page_kind(file: str) -> str:
    """What a page of layout.json shows: "home" (index.html, page-N.html), "tags" (the tags'
    page), "tag" (a tag's page) or "category" (a section's page, in its own folder)."""
    if "/" not in file:
        return "home"
    if file == "tags/index.html" or file.startswith("tags/index/"):
        return "tags"
    return "tag" if file.startswith("tags/") else "category"


def select_pages(pages: list[dict], collections: str) -> list[dict]:
    """The home gallery's pages and, of the category and tag pages, every one ("all"), the first
    of each kind ("first": they are laid out and rendered by the same code), or none."""
    chosen, seen = [], set()
    for page in pages:
        kind = page_kind(page["file"])
        if kind == "home" or collections == "all" or (collections == "first" and kind not in seen):
            chosen.append(page)
        seen.add(kind)
    return chosen


def add_collections_argument(parser) -> None:
    parser.add_argument("--collections", choices=["all", "first", "none"], default="first",
                        help="category and tag pages to check besides the home gallery's: every one, "
                             "the first of each kind (default) or none")


def read_layout(site: str) -> dict:
    """The site's layout.json with each page's entry replaced by its own layout file's contents."""
    with open(os.path.join(site, "layout.json"), encoding="utf-8") as f:
        layout = json.load(f)
    pages = []
    for listed in layout["pages"]:
        with open(os.path.join(site, listed["layout"]), encoding="utf-8") as f:
            page = json.load(f)
        if page.get("file") != listed["file"]:
            raise ValueError(f"{listed['layout']} is the layout of {page.get('file')!r}, "
                             f"layout.json lists it for {listed['file']!r}")
        pages.append(page)
    layout["pages"] = pages
    return layout


def site_language(site: str) -> str:
    """The lang attribute of the site's home page's <html>."""
    with open(os.path.join(site, "index.html"), encoding="utf-8") as f:
        match = re.search(r'<html[^>]*\slang="([^"]*)"', f.read(4096))
    return match.group(1) if match else ""


def lin(pair, W):
    return pair[0] * W + pair[1]


def breakpoint_for(page: dict, W: float) -> tuple[int, dict]:
    """The last breakpoint whose minWidth <= W (the first when W is below them all)."""
    chosen = 0
    for index, bp in enumerate(page["breakpoints"]):
        if bp["minWidth"] <= W + 1e-9:
            chosen = index
    return chosen, page["breakpoints"][chosen]


def predict(page: dict, W: float, origin_x: float, origin_y: float, caption_height: float) -> dict:
    index, bp = breakpoint_for(page, W)
    sections = []
    top = origin_y
    for s in bp["sections"]:
        bottoms = [lin(b, W) for b in s["columnBottoms"]]
        height = (max(bottoms) if bottoms else 0.0) + s["bottomOffset"]
        header = footer = None
        if s.get("header"):
            hx, hy, hw, hh = (lin(p, W) for p in s["header"])
            header = [origin_x + hx, top + hy, hw, hh]
        if s.get("footer"):
            fx, fw, gap, fh = (lin(p, W) for p in s["footer"])
            footer = [origin_x + fx, top + max(bottoms) + gap, fw, fh]
        sections.append({"top": top, "height": height, "header": header, "footer": footer,
                         "columns": s.get("columns", bp["columns"]), "pitch": None})
        top += height
    items = []
    photos = page.get("photos", [])
    for index, item in enumerate(bp["items"]):
        section, column = item[0], item[1]
        x, y, w, h = (item[2 + 2 * k] * W + item[3 + 2 * k] for k in range(4))
        # Each tile has its own text band (none without text): the image is the photo's shape,
        # or the shape it is cropped to (tileWidth × tileHeight, past --max-tall or --max-wide).
        shape = photos[index] if index < len(photos) else {}
        image_height = (w * shape.get("tileHeight", shape.get("height", 1)) / shape.get("tileWidth", shape.get("width", 1))
                        if index < len(photos) else h - caption_height)
        items.append({"section": section, "column": column,
                      "rect": [origin_x + x, sections[section]["top"] + y, w, h],
                      "img": [origin_x + x, sections[section]["top"] + y, w, image_height]})
    # The column pitch of each section, from any two of its items in different columns (with a
    # fixed item width the gap between columns grows with W, so it is not the column spacing).
    first: dict[int, tuple[int, float]] = {}
    for item in items:
        section, column, x = item["section"], item["column"], item["rect"][0]
        if section not in first:
            first[section] = (column, x)
        elif column != first[section][0] and sections[section]["pitch"] is None:
            sections[section]["pitch"] = (x - first[section][1]) / (column - first[section][0])
    return {"index": index, "columns": bp["columns"], "sections": sections, "items": items,
            "height": top - origin_y}


# --------------------------------------------------------------------------------------------
# Checks bookkeeping
# --------------------------------------------------------------------------------------------

class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.details: list[str] = []

    def check(self, ok: bool, detail: str = "") -> bool:
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            self.details.append(detail)
        return ok


def fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def rect_text(r) -> str:
    return "(" + ", ".join(fmt(v) for v in r) + ")"


def compare_rect(t: Tally, what: str, expected, actual, tolerance=TOLERANCE) -> None:
    names = ("x", "y", "width", "height")
    bad = [f"{n} expected {fmt(e)} actual {fmt(a)} (Δ {fmt(a - e)})"
           for n, e, a in zip(names, expected, actual) if abs(a - e) > tolerance]
    t.check(not bad, f"{what}: " + "; ".join(bad))


def overlap(a, b) -> float:
    dx = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    dy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return min(dx, dy)


# --------------------------------------------------------------------------------------------
# Balance: rebuild the waterfall from the rendered tiles
# --------------------------------------------------------------------------------------------

def replay_waterfall(tiles: list[dict], columns: int, pitch: float, tolerance: float) -> dict:
    """Replays one section's placements in DOM order from the rendered tile rects.

    A tile's column is (x - x0) / pitch, x0 the leftmost tile's x and pitch the distance between
    neighbouring columns (they are equally spaced). A column's height before a tile is the
    bottom of the last earlier tile in it, or the section's items top (the highest tile top)
    while it has none. A placement is over when its column was more than `tolerance` + 0.3 px
    higher than the lowest column at that moment. Returns the placements, the over ones (as
    (DOM index, column, height, lowest, excess) with excess = height - lowest - tolerance) and
    tiles off the column grid."""
    result = {"placements": 0, "over": [], "offgrid": [], "worst": float("-inf")}
    if not tiles:
        return result
    width = tiles[0]["rect"][2]
    x0 = min(tile["rect"][0] for tile in tiles)
    top = min(tile["rect"][1] for tile in tiles)
    heights = [top] * max(columns, 1)
    for tile in tiles:
        x, y, w, h = tile["rect"]
        position = (x - x0) / pitch if pitch > 0 else 0.0
        column = int(round(position))
        if abs(position - column) * pitch > TOLERANCE or abs(w - width) > TOLERANCE or column >= len(heights):
            result["offgrid"].append((tile["index"], fmt(x), fmt(w), column))
            continue
        lowest = min(heights)
        excess = heights[column] - lowest - tolerance
        result["placements"] += 1
        result["worst"] = max(result["worst"], excess)
        if excess > TOLERANCE:
            result["over"].append((tile["index"], column, heights[column], lowest, excess))
        heights[column] = y + h
    return result


# --------------------------------------------------------------------------------------------
# Responsive images: srcset candidates and file sizes
# --------------------------------------------------------------------------------------------

def parse_srcset(value: str) -> list[tuple[str, str]]:
    """(URL, descriptor) pairs of a srcset attribute, as the HTML standard splits them (URLs
    with commas inside are not expected; a URL ending in commas has no descriptor)."""
    candidates = []
    position = 0
    n = len(value)
    while position < n:
        while position < n and (value[position].isspace() or value[position] == ","):
            position += 1
        if position >= n:
            break
        start = position
        while position < n and not value[position].isspace():
            position += 1
        url = value[start:position]
        if url.endswith(","):
            candidates.append((url.rstrip(","), ""))
            continue
        start = position
        depth = 0
        while position < n and (value[position] != "," or depth > 0):
            depth += {"(": 1, ")": -1}.get(value[position], 0)
            position += 1
        candidates.append((url, value[start:position].strip()))
        position += 1
    return candidates


def width_descriptor(descriptor: str) -> int | None:
    match = re.fullmatch(r"(\d+)w", descriptor.strip())
    return int(match.group(1)) if match else None


def image_file_size(path: str) -> tuple[int, int] | None:
    """Pixel size of a JPEG (first SOF marker) or PNG (IHDR) file; None for other formats."""
    with open(path, "rb") as f:
        head = f.read(26)
        if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
            return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
        if not head.startswith(b"\xff\xd8"):
            return None
        f.seek(2)
        while True:
            byte = f.read(1)
            while byte and byte != b"\xff":
                byte = f.read(1)
            while byte == b"\xff":
                byte = f.read(1)
            if not byte:
                return None
            marker = byte[0]
            if marker in (0x01,) or 0xD0 <= marker <= 0xD9:
                continue
            length = int.from_bytes(f.read(2), "big")
            if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
                data = f.read(5)
                return int.from_bytes(data[3:5], "big"), int.from_bytes(data[1:3], "big")
            f.seek(length - 2, os.SEEK_CUR)


def near_breakpoint(layout: dict, viewport: float, gutter: float) -> bool:
    """Whether `viewport` is within SCROLLBAR_ALLOWANCE px above a breakpoint of `layout`."""
    return any(0 <= viewport - gutter - bp["minWidth"] < SCROLLBAR_ALLOWANCE
               for bp in layout.get("breakpoints", []) if bp["minWidth"] > 0)


def check_chosen_candidate(tile: dict, page_url: str, dpr: float,
                           max_overfetch: float = MAX_OVERFETCH) -> tuple[str | None, dict]:
    """For an img with a srcset: the candidate the browser chose (currentSrc) must have a width
    descriptor of at least the rendered width × DPR and at most MAX_OVERFETCH times that, unless even the
    largest candidate is narrower (capped at the original's width), when it must be the largest.
    1 px slack each way for sub-pixel layout. Returns (failure or None, facts)."""
    candidates = []
    for url, descriptor in parse_srcset(tile["srcset"] or ""):
        candidates.append((urllib.parse.urljoin(page_url, url), width_descriptor(descriptor)))
    # A photo cropped at its sides (object-fit: cover in a tile capped by --max-wide) is drawn
    # as many times wider than its box as its own shape is wider than the box's.
    try:
        drawn = (int(tile["width"]) / int(tile["height"])) / (tile["img"][2] / tile["img"][3])
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        drawn = 1.0
    facts = {"chosen": None, "need": tile["img"][2] * dpr * (drawn if drawn > 1.01 else 1.0), "capped": False}
    if not candidates or any(w is None for _, w in candidates):
        return f"srcset {tile['srcset']!r} is not a list of width (w) descriptors", facts
    current = tile.get("currentSrc") or ""
    chosen = [w for url, w in candidates if url == current]
    if not chosen:
        return f"currentSrc {current!r} is none of the srcset candidates", facts
    chosen_width, need = chosen[0], facts["need"]
    facts["chosen"] = chosen_width
    largest = max(w for _, w in candidates)
    name = current.rsplit("/", 1)[-1]
    if largest < need - SRCSET_SLACK:
        facts["capped"] = True
        if chosen_width != largest:
            return (f"chose {name} ({chosen_width}w) for {fmt(need)} device px, not the largest "
                    f"candidate {largest}w"), facts
        return None, facts
    if chosen_width < need - SRCSET_SLACK:
        return f"chose {name} ({chosen_width}w) for {fmt(need)} device px: too small (candidates " \
               f"{', '.join(str(w) for _, w in candidates)})", facts
    if chosen_width > max_overfetch * need + SRCSET_SLACK:
        return f"chose {name} ({chosen_width}w) for {fmt(need)} device px: over {max_overfetch}× as wide " \
               f"(candidates {', '.join(str(w) for _, w in candidates)})", facts
    return None, facts


# --------------------------------------------------------------------------------------------
# Static checks on the served HTML
# --------------------------------------------------------------------------------------------

JS_URL = re.compile(r"^javascript:", re.I)


def is_javascript_url(value: str) -> bool:
    """As a browser parses a URL: leading C0 controls and spaces are dropped, tabs and newlines
    anywhere are removed."""
    value = re.sub(r"[\t\n\r]", "", value).lstrip("".join(map(chr, range(0x21))))
    return bool(JS_URL.match(value))


HASHED_ASSET = re.compile(r"assets/[a-z]+\.[0-9a-f]{16}\.css")
HASHED_RENDITION = re.compile(r"renditions/[0-9a-f]{20}-[0-9]+\.(jpg|png|webp|avif)")
IMMUTABLE = "public, max-age=31536000, immutable"


def headers_rules(text: str) -> list[tuple[str, str]]:
    """(pattern, Cache-Control) of every rule of a _headers file."""
    rules: list[tuple[str, str]] = []
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("/"):
            rules.append((line.strip(), ""))
        elif rules and line.strip().lower().startswith("cache-control:"):
            rules[-1] = (rules[-1][0], line.split(":", 1)[1].strip())
    return rules


def headers_match(pattern: str, path: str) -> bool:
    """Netlify's and Cloudflare's matching: a trailing * takes the rest, :name one segment."""
    if pattern.endswith("/*"):
        return path.startswith(pattern[:-1])
    want, have = pattern.split("/"), path.split("/")
    return len(want) == len(have) and all(
        (w.startswith(":") and h) or w == h for w, h in zip(want, have))


def check_host_files(t: Tally, site: str) -> str:
    files = []
    for folder, _, names in os.walk(site):
        for name in names:
            files.append(os.path.relpath(os.path.join(folder, name), site).replace(os.sep, "/"))
    records = [f for f in files if "waterfall-site-cache" in f]
    t.check(not records, f"build records inside the published folder: {records}")
    if "_headers" not in files:
        return f"{len(files)} files, no _headers"
    with open(os.path.join(site, "_headers"), encoding="utf-8") as f:
        rules = headers_rules(f.read())
    for path in files:
        if path in ("_headers", ".waterfall-site"):
            continue
        matching = [r for r in rules if headers_match(r[0], "/" + path)]
        if not t.check(len(matching) == 1, f"_headers: /{path} falls under {len(matching)} rules"):
            continue
        hashed = bool(HASHED_ASSET.fullmatch(path) or HASHED_RENDITION.fullmatch(path))
        t.check((matching[0][1] == IMMUTABLE) == hashed,
                f"_headers: /{path} gets {matching[0][1]!r}" + (" though its name is not a content hash" if not hashed else ""))
    return f"{len(files)} files, {len(rules)} _headers rules"


class ScriptFinder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.scripts = 0
        self.handlers: list[str] = []
        self.js_urls: list[str] = []
        self.links: list[tuple[str, str]] = []
        self.srcsets: list[dict] = []   # attributes of every img with a srcset
        self.stylesheets: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            self.scripts += 1
        if tag == "link" and dict(attrs).get("rel") == "stylesheet":
            self.stylesheets.append(dict(attrs).get("href") or "")
        if tag == "img" and dict(attrs).get("srcset") is not None:
            self.srcsets.append(dict(attrs))
            for url, _ in parse_srcset(dict(attrs)["srcset"] or ""):
                self.links.append(("img[srcset]", url))
        if tag == "source" and dict(attrs).get("srcset") is not None:
            # WebP/AVIF <source> candidates: they must exist (their sizes are the img's).
            for url, _ in parse_srcset(dict(attrs)["srcset"] or ""):
                self.links.append(("source[srcset]", url))
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append(f"{tag}[{name}]")
            if value and is_javascript_url(value):
                self.js_urls.append(f"{tag}[{name}]")
            if name in ("href", "src") and value is not None:
                self.links.append((f"{tag}[{name}]", value))

    handle_startendtag = handle_starttag


def check_html_text(t: Tally, site: str, name: str, text: str) -> int:
    finder = ScriptFinder()
    finder.feed(text)
    finder.close()
    t.check(finder.scripts == 0, f"{name}: served HTML has {finder.scripts} <script> element(s)")
    t.check(not finder.handlers, f"{name}: served HTML has event-handler attributes {finder.handlers[:10]}")
    t.check(not finder.js_urls, f"{name}: served HTML has javascript: URLs in {finder.js_urls[:10]}")
    # Every link and source inside the site points at a file that exists.
    missing = []
    for where, value in finder.links:
        parts = urllib.parse.urlsplit(value)
        if parts.scheme or parts.netloc or not parts.path:
            continue
        target = os.path.normpath(os.path.join(os.path.dirname(os.path.join(site, name)), urllib.parse.unquote(parts.path)))
        if not (target == site or target.startswith(site + os.sep)) or not os.path.isfile(target):
            missing.append(f"{where}={value!r}")
    t.check(not missing, f"{name}: links to files not in the site: {missing[:10]}")
    # Stylesheets are named by their content, so hosts may cache them forever.
    # A page in a folder (a category's, a tag's) reaches them through `../`.
    unhashed = [href for href in finder.stylesheets
                if not HASHED_ASSET.fullmatch(re.sub(r"^(\.\./)+", "", href))]
    t.check(bool(finder.stylesheets) and not unhashed, f"{name}: stylesheets not named by a content hash: {unhashed or 'none linked'}")
    # Every srcset candidate's file is as wide as its descriptor says and has the img's aspect ratio.
    wrong = []
    for attrs in finder.srcsets:
        if not attrs.get("sizes"):
            wrong.append(f"img {attrs.get('src')!r}: srcset without sizes")
        try:
            aw, ah = int(attrs.get("width")), int(attrs.get("height"))
        except (TypeError, ValueError):
            aw = ah = 0
        for url, descriptor in parse_srcset(attrs["srcset"] or ""):
            target = os.path.join(os.path.dirname(os.path.join(site, name)), urllib.parse.unquote(urllib.parse.urlsplit(url).path))
            if not os.path.isfile(target):
                continue  # reported above
            size = image_file_size(target)
            described = width_descriptor(descriptor)
            if described is None:
                wrong.append(f"{url}: descriptor {descriptor!r} is not a width")
            elif size is None:
                continue
            elif size[0] != described:
                wrong.append(f"{url}: {size[0]}×{size[1]} px but described as {descriptor}")
            elif aw and ah and abs(size[1] - size[0] * ah / aw) > 1:
                wrong.append(f"{url}: {size[0]}×{size[1]} px, not the img's aspect ratio {aw}×{ah}")
    t.check(not wrong, f"{name}: srcset files: " + "; ".join(wrong[:10]) + (f" (+{len(wrong) - 10} more)" if len(wrong) > 10 else ""))
    return len(finder.srcsets)


# --------------------------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find_browser() -> tuple[str, str | None]:
    driver = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    binary = None
    for candidate in ("/usr/lib/chromium/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.path.exists(candidate):
            binary = candidate
            break
    missing = []
    if not driver:
        missing.append("chromedriver (Debian package chromium-driver)")
    if not binary:
        missing.append("chromium (Debian package chromium)")
    if missing:
        sys.stderr.write("check_site: missing " + " and ".join(missing) +
                         ".\nInstall them with: apt-get install -y chromium chromium-driver\n")
        sys.exit(2)
    return driver, binary


def plan_widths(count: int, minimums: list[float], gutter: float) -> list[int]:
    """Viewport widths: 320, 2560, every breakpoint's minWidth-1 and minWidth (as gallery widths,
    shifted by the page's horizontal gutter), then odd widths spread over the range."""
    required = {320, 2560}
    for m in minimums:
        for w in (m - 1, m):
            v = int(round(w + gutter))
            if 320 <= v <= 2560 and m > 320:
                required.add(v)
    widths = set(required)
    pool = [321, 359, 375, 393, 411, 427, 479, 513, 599, 641, 703, 767, 801, 853, 961, 1025, 1111,
            1199, 1279, 1365, 1441, 1537, 1679, 1791, 1859, 1919, 2047, 2223, 2399, 2511, 2559]
    pool = [w for w in pool if w not in widths]
    need = max(0, count - len(widths))
    if need >= len(pool):
        chosen = pool
    else:
        chosen = [pool[round(i * (len(pool) - 1) / max(1, need - 1))] for i in range(need)] if need > 1 else \
                 ([pool[len(pool) // 2]] if need == 1 else [])
    widths.update(chosen)
    extra = 3
    while len(widths) < count:  # more than the pool: add further odd widths
        widths.add(320 + (extra * 97) % 2240 | 1)
        extra += 1
    return sorted(widths)


def column_edges(page: dict) -> set[float]:
    """The minWidths of the page's breakpoints where the gallery's or a section's column count
    changes (a band range, which only changes caption heights, is not one)."""
    edges, previous = set(), None
    for bp in page["breakpoints"]:
        columns = (bp["columns"], tuple(s.get("columns", bp["columns"]) for s in bp["sections"]))
        if columns != previous:
            edges.add(bp["minWidth"])
        previous = columns
    return edges


def spread(widths: list[int], count: int | None) -> list[int]:
    """`count` of the sorted `widths`, evenly spread from the first to the last (all of them when
    count is None or not smaller)."""
    if count is None or count >= len(widths):
        return widths
    if count == 1:
        return [widths[len(widths) // 2]]
    return sorted({widths[round(i * (len(widths) - 1) / (count - 1))] for i in range(count)})


class Checker:
    def __init__(self, site: str, args):
        self.site = site
        self.args = args
        self.layout = read_layout(site)
        self.caption_height = float(self.layout.get("options", {}).get("captionHeight", 0) or 0)
        self.pages = select_pages(self.layout["pages"], args.collections)
        self.total = Tally()
        self.server: HoldingServer | None = None
        self.driver_process: subprocess.Popen | None = None
        self.driver: WebDriver | None = None
        self.load_counter = 0
        self.eager_needed: dict[str, dict[int, bool]] = {}  # page -> item -> ever in first screen
        self.loading_attr: dict[str, list] = {}
        self.width_now: tuple[int, float] | None = None
        self.gutter = 0.0
        options = self.layout.get("options", {})
        self.balance_tolerance = float(args.balance_tolerance if args.balance_tolerance is not None else
                                       options.get("balanceTolerance", options.get("rowSpacing", 0)) or 0)
        self.balance_stats: list[tuple] = []   # (width, page, W, placements, over, worst)
        self.srcset_seen = False
        self.srcset_stats: list[tuple] = []    # (dpr, imgs with srcset, wrong, min, max chosen/need)
        # Left to right fills the columns in turn, so its balance is reported, not required.
        self.round_robin = options.get("direction") == "leftToRight"
        self.mirror = None
        if args.mirror_of:
            self.mirror = {page["file"]: page for page in read_layout(args.mirror_of)["pages"]}
            self.mirror_language = site_language(args.mirror_of)

    # -- process management -----------------------------------------------------------------
    def start(self) -> None:
        driver_path, binary = find_browser()
        self.server = HoldingServer(self.site)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        port = free_port()
        self.driver_log = tempfile.NamedTemporaryFile(prefix="check_site-chromedriver-", suffix=".log", delete=False)
        self.driver_process = subprocess.Popen(
            [driver_path, f"--port={port}", "--allowed-ips=", "--allowed-origins=*"],
            stdout=self.driver_log, stderr=subprocess.STDOUT, start_new_session=True)
        self.driver = WebDriver(port)
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.driver._request("GET", "/status", timeout=2).get("ready"):
                    break
            except (OSError, WebDriverError, ValueError):
                pass
            if self.driver_process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"chromedriver did not start (log: {self.driver_log.name})")
            time.sleep(0.05)
        self.driver.start(binary, ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                   "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
                                   "--disable-background-networking", "--disable-component-update",
                                   "--mute-audio", "--force-color-profile=srgb", "--window-size=1280,900"])

    def stop(self) -> None:
        if self.driver:
            try:
                self.driver.quit()
            except Exception:
                pass
        if self.driver_process and self.driver_process.poll() is None:
            try:
                os.killpg(self.driver_process.pid, signal.SIGTERM)
                self.driver_process.wait(5)
            except (ProcessLookupError, subprocess.TimeoutExpired, PermissionError):
                try:
                    os.killpg(self.driver_process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        if self.server:
            self.server.release_images()
            self.server.shutdown()
            self.server.server_close()
        if getattr(self, "driver_log", None):
            self.driver_log.close()
            try:
                os.unlink(self.driver_log.name)
            except OSError:
                pass

    # -- browser helpers --------------------------------------------------------------------
    def set_width(self, width: int, dpr: float = 1) -> None:
        if self.width_now != (width, dpr):
            self.driver.cdp("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": VIEWPORT_HEIGHT, "deviceScaleFactor": dpr, "mobile": False})
            self.width_now = (width, dpr)

    def wait_for(self, script: str, done, timeout: float, what: str):
        deadline = time.monotonic() + timeout
        value = None
        while True:
            try:
                value = self.driver.execute(script)
            except WebDriverError as error:  # e.g. the old document went away mid-navigation
                if time.monotonic() > deadline:
                    raise
                value = f"error: {error}"
            else:
                if done(value):
                    return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what} (last state {value})")
            time.sleep(0.02)

    def load(self, page_file: str) -> dict:
        """Navigate with images held until first paint; return measurements at first paint and
        after everything (lazy images included) has loaded."""
        self.load_counter += 1
        url = f"http://127.0.0.1:{self.server.port}/{page_file}?load={self.load_counter}"
        self.server.begin_load(url)
        self.driver.browser_log()  # drop older messages
        started = time.monotonic()
        try:
            self.driver.get(url)
            self.wait_for(PAINT_STATE_JS, lambda v: v["href"] == url and v["paints"], 60, "first paint")
            painted = self.driver.execute(MEASURE_JS)
            held_at_paint = self.server.snapshot()["held"]
        finally:
            self.server.release_images()
        self.wait_for(IMAGES_DONE_JS, lambda v: v["ready"] == "complete", 90, "the load event")
        before_force = self.driver.execute(MEASURE_JS)
        self.driver.execute(FORCE_IMAGES_JS)
        self.wait_for(IMAGES_DONE_JS, lambda v: v["pending"] == 0, 90, "all images")
        # Two frames so that anything the last image caused is laid out and reported.
        self.driver.execute_async("const d = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => d(1)));")
        final = self.driver.execute(MEASURE_JS)
        cls = self.driver.execute_async(CLS_JS)
        log = [e for e in self.driver.browser_log() if e.get("level") == "SEVERE"]
        return {"url": url, "painted": painted, "loaded": before_force, "final": final, "cls": cls,
                "log": log, "server": self.server.snapshot(), "held_at_paint": held_at_paint,
                "seconds": time.monotonic() - started}

    # -- checks -----------------------------------------------------------------------------
    def check_load(self, width: int, page: dict, m: dict, t: Tally) -> str:
        name = page["file"]
        final, painted, loaded = m["final"], m["painted"], m["loaded"]
        if not t.check(final.get("galleries") == 1, f"expected one main.wf-gallery, found {final.get('galleries')}"):
            return "no gallery"
        t.check(final.get("containerType") == "inline-size",
                f"gallery container-type is {final.get('containerType')!r}, expected 'inline-size'")
        cx, cy, W, content_height = final["content"]
        p = predict(page, W, cx, cy, self.caption_height)
        photos = page["photos"]
        tiles = final["tiles"]

        # structure
        t.check(len(final["sections"]) == len(p["sections"]),
                f"{len(final['sections'])} sections in the page, layout.json has {len(p['sections'])}")
        for index, section in enumerate(final["sections"][:len(page["sections"])]):
            t.check(section["id"] == page["sections"][index]["id"],
                    f"section {index} has id {section['id']!r}, layout.json says {page['sections'][index]['id']!r}")
        t.check(len(tiles) == len(photos) == len(p["items"]),
                f"{len(tiles)} tiles in the page, layout.json has {len(photos)} photos and {len(p['items'])} items")
        t.check(final["strayTiles"] == 0, f"{final['strayTiles']} tiles outside the gallery's sections")

        # (a) geometry of sections, headers, tiles
        for index, (section, expected) in enumerate(zip(final["sections"], p["sections"])):
            sid = section["id"]
            bad = []
            if abs(section["rect"][1] - expected["top"]) > TOLERANCE:
                bad.append(f"top expected {fmt(expected['top'])} actual {fmt(section['rect'][1])}")
            if abs(section["rect"][3] - expected["height"]) > TOLERANCE:
                bad.append(f"height expected {fmt(expected['height'])} actual {fmt(section['rect'][3])}")
            t.check(not bad, f"section #{sid}: " + "; ".join(bad))
            if expected["header"] is None:
                t.check(section["header"] is None, f"section #{sid}: has a header, layout.json has none")
            elif t.check(section["header"] is not None, f"section #{sid}: header missing"):
                compare_rect(t, f"section #{sid} header", expected["header"], section["header"])
            if expected["footer"] is None:
                t.check(section["footer"] is None, f"section #{sid}: has a footer, layout.json has none")
            elif t.check(section["footer"] is not None, f"section #{sid}: footer missing"):
                compare_rect(t, f"section #{sid} footer", expected["footer"], section["footer"])
                bottoms = [tile["rect"][1] + tile["rect"][3] for tile in tiles if tile["section"] == index]
                tallest = max(bottoms, default=section["rect"][1])
                t.check(section["footer"][1] >= tallest - TOLERANCE,
                        f"section #{sid}: footer top {fmt(section['footer'][1])} above the tallest column's "
                        f"bottom {fmt(tallest)}")
        for index, (tile, item) in enumerate(zip(tiles, p["items"])):
            label = f"tile {index} ({photos[index]['path'] if index < len(photos) else '?'})"
            if not t.check(tile["section"] == item["section"],
                           f"{label}: in section {tile['section']}, layout.json says {item['section']}"):
                continue
            compare_rect(t, label, item["rect"], tile["rect"])
            if "img" in tile:
                compare_rect(t, f"{label} img", item["img"], tile["img"])

        # (a1) the modes: a fixed item width, the mirror image of shortest first, the page direction
        options = self.layout.get("options", {})
        if options.get("itemWidth"):
            item_width = float(options["itemWidth"])
            wrong = [f"{i} {fmt(tile['rect'][2])}" for i, tile in enumerate(tiles) if abs(tile["rect"][2] - item_width) > 0.01]
            t.check(not wrong, f"tiles not exactly {fmt(item_width)} px wide (index width): " + "; ".join(wrong[:10]))
        # dir="rtl" comes from a right-to-left language, never from --direction alone (that
        # mirrors the tiles, not the text).
        right_to_left = final.get("lang", "").split("-")[0].lower() in RIGHT_TO_LEFT_LANGUAGES
        t.check((final.get("dir") == "rtl") == right_to_left,
                f"<html dir> is {final.get('dir')!r} with lang {final.get('lang')!r}")
        if self.mirror is not None:
            self.check_mirror(t, page, tiles, W, cx, cy, final.get("lang", ""))

        # (a2) balance: replay each section's waterfall in DOM order from the rendered rects
        placements, over, worst = 0, 0, float("-inf")
        for index, section in enumerate(final["sections"]):
            members = [dict(tile, index=i) for i, tile in enumerate(tiles) if tile["section"] == index]
            expected = p["sections"][index] if index < len(p["sections"]) else {"columns": p["columns"], "pitch": None}
            pitch = expected["pitch"] or (members[0]["rect"][2] + float(options.get("columnSpacing", 0)) if members else 1)
            replay = replay_waterfall(members, expected["columns"], pitch, self.balance_tolerance)
            placements += replay["placements"]
            over += len(replay["over"])
            worst = max(worst, replay["worst"])
            t.check(not replay["offgrid"], f"section #{section['id']}: tiles off the {expected['columns']}-column grid "
                    "(index, x, width, column): " + "; ".join(map(str, replay["offgrid"][:5])))
            if self.args.balance_report_only or self.round_robin:
                continue
            t.check(not replay["over"],
                    f"section #{section['id']}: {len(replay['over'])} of {replay['placements']} placements more than "
                    f"{fmt(self.balance_tolerance)} + 1 px above the lowest column (worst +{fmt(replay['worst'])} px): " +
                    "; ".join(f"tile {i} ({photos[i]['path'] if i < len(photos) else '?'}) column {c} at "
                              f"{fmt(h - cy)} vs lowest {fmt(low - cy)} (+{fmt(e)})"
                              for i, c, h, low, e in replay["over"][:5]))
        self.balance_stats.append((width, name, W, placements, over, worst))

        # (b) overlaps
        order = sorted(range(len(tiles)), key=lambda i: tiles[i]["rect"][1])
        overlaps = []
        for a_pos, a in enumerate(order):
            ra = tiles[a]["rect"]
            for b in order[a_pos + 1:]:
                rb = tiles[b]["rect"]
                if rb[1] >= ra[1] + ra[3]:
                    break
                amount = overlap(ra, rb)
                if amount > OVERLAP_TOLERANCE:
                    overlaps.append(f"tiles {min(a, b)} and {max(a, b)} overlap by {fmt(amount)} px")
        t.check(not overlaps, "; ".join(overlaps[:10]) + (f" (+{len(overlaps) - 10} more)" if len(overlaps) > 10 else ""))

        # (c) horizontal overflow
        t.check(final["scrollWidth"] <= final["clientWidth"],
                f"horizontal overflow: scrollWidth {final['scrollWidth']} > clientWidth {final['clientWidth']}")

        # (d) gallery height
        t.check(abs(content_height - p["height"]) <= TOLERANCE,
                f"gallery height expected {fmt(p['height'])} actual {fmt(content_height)} (Δ {fmt(content_height - p['height'])})")

        # (e) images, console, network
        broken = [f"{i} ({tile.get('src')})" for i, tile in enumerate(tiles)
                  if "img" not in tile or not tile["complete"] or not tile["naturalWidth"]]
        t.check(not broken, f"tile images missing or not loaded: {', '.join(broken[:10])}")
        others = [src for src in final["brokenImages"] if src not in {tile.get("src") for tile in tiles}]
        t.check(not others, f"other images not loaded: {others[:10]}")
        sizes = []
        for i, tile in enumerate(tiles):
            if "img" in tile and tile["naturalWidth"] and tile.get("srcset"):
                # A w-descriptor candidate's natural size is its file size divided by its density:
                # only the aspect ratio is comparable (files are checked against it statically).
                nw, nh = tile["naturalWidth"], tile["naturalHeight"]
                try:
                    aw, ah = int(tile["width"]), int(tile["height"])
                except (TypeError, ValueError):
                    continue
                # The file's height is rounded (±1 px), then scaled by naturalWidth / file width and
                # floored; naturalWidth is floored too.
                described = dict((urllib.parse.urljoin(final["href"], u), width_descriptor(d))
                                 for u, d in parse_srcset(tile["srcset"])).get(tile.get("currentSrc"))
                scale = nw / described if described else 1.0
                if abs(nh - nw * ah / aw) > 1 + scale + ah / aw:
                    sizes.append(f"{i} ({tile['currentSrc']}): attributes {aw}×{ah}, image {nw}×{nh} (aspect ratio)")
            elif "img" in tile and tile["naturalWidth"]:
                if (str(tile["naturalWidth"]), str(tile["naturalHeight"])) != (tile["width"], tile["height"]):
                    sizes.append(f"{i} ({tile['src']}): attributes {tile['width']}×{tile['height']}, "
                                 f"image {tile['naturalWidth']}×{tile['naturalHeight']}")
        t.check(not sizes, "intrinsic size differs from width/height attributes: " + "; ".join(sizes[:10]))
        srcs = []
        for i, (tile, photo) in enumerate(zip(tiles, photos)):
            src = urllib.parse.unquote(tile.get("src") or "")
            href = urllib.parse.unquote(tile.get("href") or "")
            if src.endswith("/" + photo["path"]) or href.endswith("/" + photo["path"]):
                continue
            if tile.get("srcset") and not href.startswith(("photos/", "/")):
                continue  # a rendition without a link to its original: its name does not tell
            srcs.append(f"{i}: src {tile.get('src')!r}, link {tile.get('href')!r}, layout.json photo {photo['path']!r}")
        t.check(not srcs, "tiles not in layout.json photo order: " + "; ".join(srcs[:5]))
        t.check(not m["log"], "console errors: " + " | ".join(e.get("message", "")[:200] for e in m["log"][:5]))
        server = m["server"]
        t.check(not server["failures"], "failed requests: " + ", ".join(f"{s} {u}" for s, u in server["failures"][:10]))
        t.check(not server["timeouts"], f"images held over {IMAGE_HOLD_LIMIT:.0f} s: {server['timeouts'][:5]}")

        # (f) layout shift
        cls = m["cls"]
        if t.check("error" not in cls and cls.get("supported"), f"layout-shift observer unavailable: {cls}"):
            shifts = "; ".join(f"{fmt(s['value'])} at {fmt(s['time'])} ms from {', '.join(s['sources'][:3])}"
                               for s in cls["shifts"][:5])
            t.check(cls["total"] == 0, f"cumulative layout shift {cls['total']:.5f}: {shifts}")
        moved = []
        for i, (a, b) in enumerate(zip(painted.get("tiles", []), tiles)):
            if any(abs(x - y) > 0.01 for x, y in zip(a["rect"], b["rect"])):
                moved.append(f"{i}: {rect_text(a['rect'])} at first paint → {rect_text(b['rect'])}")
        t.check(len(painted.get("tiles", [])) == len(tiles) and not moved,
                "tiles moved after first paint: " + "; ".join(moved[:5]))

        # (g) no script
        t.check(final["scripts"] == 0, f"{final['scripts']} <script> elements")
        t.check(not final["handlers"], f"event-handler attributes: {final['handlers'][:10]}")
        t.check(not final["jsUrls"], f"javascript: URLs: {final['jsUrls'][:10]}")

        # (h) img attributes (as served: read before lazy images were forced)
        attrs = []
        first_screen_lazy = []
        ever = self.eager_needed.setdefault(name, {})
        gallery_top = cy
        for i, tile in enumerate(loaded.get("tiles", [])):
            if "img" not in tile:
                continue
            for attr in ("width", "height"):
                if not (tile[attr] or "").isdigit() or int(tile[attr]) <= 0:
                    attrs.append(f"{i}: {attr}={tile[attr]!r}")
            if not tile["alt"] or not tile["alt"].strip():
                attrs.append(f"{i}: alt={tile['alt']!r}")
            if tile["decoding"] != "async":
                attrs.append(f"{i}: decoding={tile['decoding']!r}")
            if tile["loading"] not in ("lazy", "eager", None):
                attrs.append(f"{i}: loading={tile['loading']!r}")
            # in the first screen at this width: must not wait for lazy loading
            if tile["rect"][1] < VIEWPORT_HEIGHT and tile["loading"] == "lazy":
                first_screen_lazy.append(f"{i} ({photos[i]['path'] if i < len(photos) else '?'}) top {fmt(tile['rect'][1])}")
            if tile["rect"][1] - gallery_top < self.args.first_screen:
                ever[i] = True
            else:
                ever.setdefault(i, False)
            self.loading_attr.setdefault(name, [None] * len(loaded["tiles"]))[i] = tile["loading"]
        t.check(not attrs, "img attributes: " + "; ".join(attrs[:10]))
        t.check(not first_screen_lazy, f"loading=\"lazy\" in the first {VIEWPORT_HEIGHT} px: " + "; ".join(first_screen_lazy[:10]))

        # (i) responsive images: the chosen candidate loaded and fits the rendered width × DPR
        renditions = self.check_renditions(t, page, m)

        balance = f"balance {over}/{placements} over" + (f" (worst +{fmt(worst)} px)" if over else "")
        return (f"bp {p['index']} ({p['columns']} cols) {len(tiles)} tiles, {len(p['sections'])} sections, {balance}, "
                f"{renditions}"
                f"CLS {cls.get('total', '?'):.3g}, {m['held_at_paint']} image requests held past first paint, "
                f"{m['seconds']:.1f} s")

    def check_mirror(self, t: Tally, page: dict, tiles: list[dict], W: float, cx: float, cy: float,
                     language: str) -> None:
        """Each tile is its counterpart in the --mirror-of site (predicted from its layout.json at
        the same W, which that site's own run checks against the browser) reflected about the
        gallery's centre line: left = W − left − width, the same top and width.

        When the two sites' languages differ (an Arabic site against the English sample), a
        section header or a card's band holds the interface's own words ("3 photos", "View
        all"), which may take another line in the other language: there each tile's top is
        compared from the top of its section's first row of tiles instead, and the section's own
        top is left to this site's layout files (checked above). The tags' page is left out: its
        cards' text is those words, so its bands, and with them the columns, may differ."""
        if page_kind(page["file"]) == "tags":
            return
        other = self.mirror.get(page["file"])
        if not t.check(other is not None and len(other["photos"]) == len(tiles),
                       f"--mirror-of: no page {page['file']} with {len(tiles)} photos"):
            return
        expected = predict(other, W, 0, 0, self.caption_height)["items"]
        same_language = language.lower() == self.mirror_language.lower()

        def section_tops(sections: list[int], tops: list[float]) -> dict[int, float]:
            first: dict[int, float] = {}
            for section, top in zip(sections, tops):
                first[section] = min(top, first.get(section, top))
            return first

        actual_tops = [tile["rect"][1] - cy for tile in tiles]
        expected_tops = [item["rect"][1] for item in expected]
        if not same_language:
            mine = section_tops([tile["section"] for tile in tiles], actual_tops)
            theirs = section_tops([item["section"] for item in expected], expected_tops)
            actual_tops = [top - mine[tile["section"]] for tile, top in zip(tiles, actual_tops)]
            expected_tops = [top - theirs[item["section"]] for item, top in zip(expected, expected_tops)]
        wrong = []
        for i, (tile, item) in enumerate(zip(tiles, expected)):
            x, _, w, _ = item["rect"]
            mirrored = (W - x - w, expected_tops[i], w)
            actual = (tile["rect"][0] - cx, actual_tops[i], tile["rect"][2])
            if any(abs(a - e) > TOLERANCE for a, e in zip(actual, mirrored)):
                wrong.append(f"{i}: left {fmt(actual[0])} top {fmt(actual[1])} width {fmt(actual[2])}, mirror of "
                             f"the shortest-first tile is {fmt(mirrored[0])}, {fmt(mirrored[1])}, {fmt(mirrored[2])}"
                             + ("" if same_language else " (tops from the section's first row)"))
        t.check(not wrong, f"not the mirror image of {self.args.mirror_of}: " + "; ".join(wrong[:5]))

    def check_renditions(self, t: Tally, page: dict, m: dict) -> str:
        """(i) at the current DPR: every img's currentSrc loaded; with a srcset, the chosen
        candidate is wide enough and not over twice too wide. Returns a summary fragment."""
        final = m["final"]
        tiles = final.get("tiles", [])
        dpr = float(final.get("dpr") or 1)
        photos = page["photos"]
        unloaded, wrong, chosen = [], [], []
        with_srcset = 0
        for i, tile in enumerate(tiles):
            if "img" not in tile:
                continue
            label = f"{i} ({photos[i]['path'] if i < len(photos) else '?'})"
            if not tile.get("currentSrc") or not tile["complete"] or not tile["naturalWidth"]:
                unloaded.append(f"{label} currentSrc {tile.get('currentSrc')!r}")
                continue
            if not tile.get("srcset"):
                continue
            with_srcset += 1
            # Chromium decodes WebP and AVIF: a <picture> must load from its first <source>.
            if tile.get("sourceTypes") and tile.get("chosenType") != tile["sourceTypes"][0]:
                wrong.append(f"{label}: loaded {tile.get('currentSrc')!r}, not from its "
                             f"{tile['sourceTypes'][0]} <source>")
            near = near_breakpoint(self.layout, self.width_now[0], self.gutter)
            failure, facts = check_chosen_candidate(
                tile, final["href"], dpr, MAX_OVERFETCH_NEAR_BREAKPOINT if near else MAX_OVERFETCH)
            if failure:
                wrong.append(f"{label} {fmt(tile['img'][2])} px wide: {failure}")
            if facts["chosen"] and not facts["capped"] and not near:
                chosen.append(facts["chosen"] / facts["need"])
        t.check(not unloaded, f"DPR {fmt(dpr)}: currentSrc not loaded: " + "; ".join(unloaded[:10]))
        self.srcset_seen = self.srcset_seen or with_srcset > 0
        if not with_srcset:
            return ""
        t.check(not wrong, f"DPR {fmt(dpr)}: {len(wrong)} of {with_srcset} srcset choices out of "
                           f"[rendered × DPR, 2 × that]: " + "; ".join(wrong[:10]))
        self.srcset_stats.append((dpr, with_srcset, len(wrong), min(chosen, default=None), max(chosen, default=None)))
        return (f"DPR {fmt(dpr)} srcset {with_srcset - len(wrong)}/{with_srcset} ok"
                + (f", chosen/needed width {min(chosen):.2f}–{max(chosen):.2f}" if chosen else "") + ", ")

    def renditions_pass(self, plans: list[list[int]], dpr: float) -> None:
        """Loads each page again at each of its widths (`plans`, in the order of the pages) with
        the given device pixel ratio, with the browser cache cleared first, and checks only (i)."""
        widths = sorted(set().union(*plans))
        self.set_width(widths[0], dpr)
        for width in widths:
            self.set_width(width, dpr)
            for page, plan in zip(self.pages, plans):
                if width not in plan:
                    continue
                t = Tally()
                try:
                    self.driver.cdp("Network.clearBrowserCache")
                    m = self.load(page["file"])
                    W = m["final"].get("content", [0, 0, 0])[2]
                    if t.check(m["final"].get("galleries") == 1, "expected one main.wf-gallery"):
                        summary = self.check_renditions(t, page, m).rstrip(", ") or "no srcset"
                    else:
                        summary = "no gallery"
                    t.check(not m["server"]["failures"], "failed requests: " +
                            ", ".join(f"{s} {u}" for s, u in m["server"]["failures"][:10]))
                except (TimeoutError, WebDriverError, KeyError, TypeError, ValueError) as error:
                    t.check(False, f"could not check: {type(error).__name__}: {error}")
                    W, summary = float("nan"), "error"
                self.report(f"dpr={fmt(dpr)} w={width:<4} W={fmt(W):<7} {page['file']}", t, summary)

    def item_pages_pass(self, width: int, dpr: float) -> None:
        """(i2) Every item page at `width` px and `dpr`, the browser cache cleared: its photo (the
        cover of a product) loaded from a file with at least the pixels it is shown at, up to the
        original's width (its width attribute). A retina laptop must not see a soft photo."""
        pages = item_pages(self.site)
        t = Tally()
        self.set_width(width, dpr)
        for rel in pages:
            self.driver.cdp("Network.clearBrowserCache")
            self.load_counter += 1
            url = f"http://127.0.0.1:{self.server.port}/{rel}?load={self.load_counter}"
            self.server.begin_load(None)
            self.server.release_images()
            try:
                self.driver.get(url)
                shown = self.wait_for(ITEM_IMAGE_JS, lambda v: v and v["href"] == url and v["complete"],
                                      60, f"{rel}'s photo")
            except (TimeoutError, WebDriverError) as error:
                t.check(False, f"{rel}: could not check: {type(error).__name__}: {error}")
                continue
            need = min(shown["shown"] * dpr, shown["original"])
            t.check(shown["natural"] >= need - 1,
                    f"{rel}: {shown['src']} is {shown['natural']} px wide, shown {fmt(shown['shown'])} px "
                    f"wide at DPR {fmt(dpr)} (original {shown['original']} px)")
        self.report(f"item pages at {width} px, DPR {fmt(dpr)}", t,
                    f"{len(pages)} page(s), each photo at least as sharp as the screen (up to the original)")

    def run(self) -> int:
        started = time.monotonic()
        html_tally = Tally()
        srcset_imgs = 0
        for page in self.pages:
            with open(os.path.join(self.site, page["file"]), encoding="utf-8") as f:
                srcset_imgs += check_html_text(html_tally, self.site, page["file"], f.read())
        self.report("served HTML", html_tally, f"{len(self.pages)} page(s)"
                    + (f", {srcset_imgs} img with srcset" if srcset_imgs else ", no srcset"))
        host_tally = Tally()
        self.report("host files", host_tally, check_host_files(host_tally, self.site))

        # The gallery may be narrower than the viewport (theme padding); measure it once.
        self.set_width(1000)
        probe = self.load(self.pages[0]["file"])
        gutter = 0.0
        if probe["final"].get("galleries") == 1:
            gutter = 1000 - probe["final"]["content"][2]
        self.gutter = gutter
        # Each page at the edges of its own breakpoints (with band ranges a page has dozens,
        # and another page's edges say nothing about it) and the spread widths they share.
        shared = {bp["minWidth"] for bp in self.layout.get("breakpoints", [])}
        plans = [set(plan_widths(self.args.widths, sorted(shared | {bp["minWidth"] for bp in page["breakpoints"]}),
                                 gutter)) for page in self.pages]
        # The DPR 2 pass checks which file each tile picks, which follows the columns alone: each
        # page at the edges where its (or a section's) column count changes, not its band ranges.
        column_plans = [set(plan_widths(self.args.widths, sorted(shared | column_edges(page)), gutter))
                        for page in self.pages]
        widths = sorted(set().union(*plans))
        print(f"{len(widths)} widths, {sum(map(len, plans))} width × page loads over {len(self.pages)} page(s): "
              f"{' '.join(map(str, widths))}" + (f" (gallery gutter {fmt(gutter)} px)" if gutter else ""), flush=True)

        shots = dict(self.args.screenshot)
        for width in widths:
            self.set_width(width)
            for page, plan in zip(self.pages, plans):
                if width not in plan:
                    continue
                t = Tally()
                try:
                    # Chromium may take a larger srcset candidate it already holds, so a cache
                    # left from the previous width would make the srcset check measure that
                    # width's choice, not this one's (seen at 639 → 640 px).
                    self.driver.cdp("Network.clearBrowserCache")
                    m = self.load(page["file"])
                    W = m["final"].get("content", [0, 0, 0])[2]
                    summary = self.check_load(width, page, m, t)
                except (TimeoutError, WebDriverError, KeyError, TypeError, ValueError) as error:
                    t.check(False, f"could not check: {type(error).__name__}: {error}")
                    W, summary = float("nan"), "error"
                self.report(f"w={width:<4} W={fmt(W):<7} {page['file']}", t, summary)
            if width in shots:
                self.screenshot(shots.pop(width))
        for width, path in shots.items():
            self.set_width(width)
            self.load(self.pages[0]["file"])
            self.screenshot(path)

        # (a2) balance over all widths
        over = [(w, name, W, n, k, worst) for w, name, W, n, k, worst in self.balance_stats if k]
        total = sum(n for *_, n, k, worst in self.balance_stats)
        worst = max((s[5] for s in self.balance_stats if s[3]), default=float("nan"))
        print(f"balance: {sum(s[4] for s in over)} of {total} placements more than {fmt(self.balance_tolerance)} + 1 px "
              f"above the lowest column (largest excess over {fmt(self.balance_tolerance)} px: {fmt(worst)} px) at {len(over)} of "
              f"{len(self.balance_stats)} width×page loads"
              + (": " + ", ".join(f"w={w} {k}/{n} +{fmt(e)}" for w, name, W, n, k, e in over) if over else "")
              + (" (report only)" if self.args.balance_report_only else ""), flush=True)

        # (i) responsive images at DPR 2 (DPR 1 was checked with everything else)
        if self.srcset_seen and self.args.dpr2_widths != 0:
            self.renditions_pass([spread(sorted(plan), self.args.dpr2_widths) for plan in column_plans], 2)
            self.set_width(widths[-1], 1)
            self.item_pages_pass(1440, 2)
            self.set_width(widths[-1], 1)
        elif not self.srcset_seen:
            print("renditions: no img has a srcset; the srcset width checks were skipped (every currentSrc "
                  "was still checked to load)", flush=True)
        for dpr in sorted({s[0] for s in self.srcset_stats}):
            rows = [s for s in self.srcset_stats if s[0] == dpr]
            low = min((s[3] for s in rows if s[3] is not None), default=float("nan"))
            high = max((s[4] for s in rows if s[4] is not None), default=float("nan"))
            print(f"renditions at DPR {fmt(dpr)}: {sum(s[2] for s in rows)} of {sum(s[1] for s in rows)} srcset "
                  f"choices out of range over {len(rows)} loads; chosen width / (rendered width × DPR) "
                  f"{low:.2f}–{high:.2f} where not capped by the original's width", flush=True)

        # (h) images never in the first screen at any tested width load lazily.
        lazy = Tally()
        for page in self.pages:
            name = page["file"]
            wrong = [f"{i} ({page['photos'][i]['path']})" for i, seen in sorted(self.eager_needed.get(name, {}).items())
                     if not seen and self.loading_attr[name][i] != "lazy"]
            lazy.check(not wrong, f"{name}: never within {fmt(self.args.first_screen)} px of the gallery top at any "
                                  f"tested width but not loading=\"lazy\": " + ", ".join(wrong[:15]))
        self.report("lazy loading", lazy, f"first screen = gallery top + {fmt(self.args.first_screen)} px")
        print(f"({time.monotonic() - started:.0f} s)", flush=True)
        print(f"{self.total.passed} passed, {self.total.failed} failed", flush=True)
        return 0 if self.total.failed == 0 else 1

    def screenshot(self, path: str) -> None:
        # Load and decode every image first: a full-page capture waits neither for lazy images
        # nor for offscreen decodes.
        self.driver.execute(FORCE_IMAGES_JS)
        self.wait_for(IMAGES_DONE_JS, lambda v: v["pending"] == 0, 90, "all images")
        self.driver.execute_async(
            "const d = arguments[0]; Promise.all(Array.from(document.images, i => i.decode().catch(() => 0)))"
            ".then(() => requestAnimationFrame(() => requestAnimationFrame(() => d(1))));")
        size = self.driver.execute("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        top, height, scale = self.args.screenshot_clip or (0, 16000, 1)
        top = int(top)
        height = int(max(1, min(size[1] - top, height)))
        # A .jpg is encoded by Chromium itself (quality 70), small enough for a README.
        jpeg = path.lower().endswith((".jpg", ".jpeg"))
        shot = self.driver.cdp("Page.captureScreenshot", {
            "format": "jpeg" if jpeg else "png", **({"quality": 70} if jpeg else {}), "captureBeyondViewport": True,
            "clip": {"x": 0, "y": top, "width": size[0], "height": height, "scale": scale}})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        print(f"screenshot {size[0]}×{height} from y={fmt(top)} at scale {fmt(scale)} → {path}", flush=True)

    def report(self, label: str, t: Tally, summary: str) -> None:
        self.total.passed += t.passed
        self.total.failed += t.failed
        status = "ok  " if t.failed == 0 else "FAIL"
        counts = f"{t.passed} checks" if t.failed == 0 else f"{t.passed} passed, {t.failed} failed"
        print(f"{status} {label}: {summary} [{counts}]", flush=True)
        for line in t.details[:MAX_DETAILS]:
            print(f"       {line}", flush=True)
        if len(t.details) > MAX_DETAILS:
            print(f"       … and {len(t.details) - MAX_DETAILS} more", flush=True)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", metavar="SITE_DIR", help="folder written by `waterfall-site build`")
    parser.add_argument("--widths", type=int, default=24, metavar="N",
                        help="number of viewport widths (default 24); 320, 2560 and every breakpoint's "
                             "minWidth-1 and minWidth are always tested, odd widths fill up to N")
    parser.add_argument("--first-screen", type=float, default=852, metavar="PX",
                        help="images whose top is never within PX of the gallery top must be lazy (default 852, the renderer's first screen)")
    parser.add_argument("--balance-tolerance", type=float, default=None, metavar="PX",
                        help="a photo's column may be at most PX (+1) above the lowest when it is placed "
                             "(default: layout.json's options.balanceTolerance, else its rowSpacing)")
    parser.add_argument("--balance-report-only", action="store_true",
                        help="count and print balance excesses without failing on them")
    parser.add_argument("--mirror-of", metavar="SITE_DIR", default=None,
                        help="the same photos built shortest first: every tile must be its mirror image")
    parser.add_argument("--dpr2-widths", type=int, default=None, metavar="N",
                        help="test srcset choices at DPR 2 at about N of each page's widths where its column count "
                             "changes and the spread ones (default all; 0: skip)")
    parser.add_argument("--screenshot", action="append", default=[], metavar="WIDTH=PNG",
                        type=lambda s: (int(s.split("=", 1)[0]), s.split("=", 1)[1]),
                        help="also save a full-page screenshot of the first page at WIDTH")
    parser.add_argument("--screenshot-clip", default=None, metavar="TOP:HEIGHT[:SCALE]",
                        type=lambda s: tuple(float(v) for v in (s.split(":") + ["1"])[:3]),
                        help="screenshot only HEIGHT px from TOP down, scaled by SCALE (default: the whole page; "
                             "a .jpg path gives a JPEG)")
    add_collections_argument(parser)
    args = parser.parse_args(argv)
    if args.widths < 1:
        parser.error("--widths must be at least 1")
    return args


ITEM_IMAGE_JS = """
const img = document.querySelector('main img');
if (!img) return null;
// naturalWidth is divided by the candidate's density: the file's width is its w descriptor.
const holders = [...(img.closest('picture')?.querySelectorAll('source') ?? []), img];
const candidates = holders.flatMap(holder => (holder.getAttribute('srcset') || '').split(',')
    .map(part => part.trim().split(/\s+/)).filter(part => part[0])
    .map(([url, w]) => [new URL(url, location.href).href, parseInt(w)]));
const picked = candidates.find(([url]) => url === img.currentSrc);
return {href: location.href, complete: document.readyState === 'complete' && img.complete && img.naturalWidth > 0, src: img.currentSrc,
        natural: picked ? picked[1] : img.naturalWidth, shown: img.getBoundingClientRect().width,
        original: +img.getAttribute('width')};
"""


def item_pages(site: str) -> list[str]:
    """The site's item pages (not the redirects a renamed product leaves), relative to `site`."""
    found = []
    for folder, _, files in os.walk(os.path.join(site, "items")):
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(".html"):
                with open(path, encoding="utf-8") as f:
                    if 'http-equiv="refresh"' not in f.read():
                        found.append(os.path.relpath(path, site))
    return sorted(found)


def main(argv=None) -> int:
    args = parse_args(argv)
    site = os.path.abspath(args.site)
    if not os.path.isfile(os.path.join(site, "layout.json")):
        sys.stderr.write(f"check_site: {site} has no layout.json; is it a waterfall-site output folder?\n")
        return 2
    try:
        checker = Checker(site, args)
    except (OSError, ValueError, KeyError) as error:
        sys.stderr.write(f"check_site: cannot read the layout of {site} (layout.json, layout/): {error}\n")
        print("0 passed, 1 failed")
        return 1

    def terminate(signum, frame):
        raise KeyboardInterrupt
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, terminate)
    try:
        checker.start()
        return checker.run()
    except KeyboardInterrupt:
        sys.stderr.write("check_site: interrupted\n")
        return 130
    except (RuntimeError, WebDriverError, OSError, TimeoutError) as error:
        sys.stderr.write(f"check_site: {error}\n")
        print(f"{checker.total.passed} passed, {checker.total.failed + 1} failed")
        return 1
    finally:
        checker.stop()


if __name__ == "__main__":
    sys.exit(main())
