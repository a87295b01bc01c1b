#!/usr/bin/env python3
"""Real-browser test of the gallery pages, product cards and item pages of a built site.

    python3 Tests/Browser/check_items.py SITE_DIR [--engine chromium|firefox|webkit]
        [--axe AXE_MIN_JS] [--widths 320,375,...] [--file]

Serves SITE_DIR on loopback and drives one headless engine (engines.py: Chromium, Firefox ESR
or WebKitGTK, see /work/shared/browsers.md) at each width (default 320, 375, 768, 1280, 2560),
and checks:

  gallery    every tile and its image within 0.3 px of the page's layout file
             (layout/PAGE.json) evaluated at the gallery's measured width, the worst gap printed;
             no two tiles overlap; no horizontal overflow; no <script> or on* attribute
  cards      every tile is one link (no nested links) holding its image, text and badges; a
             grid of points over every card and the centre of every badge hit the card's link
             (elementFromPoint); tile ids are unique; a product name of up to 32 characters is
             shown whole (not clamped) from 375 px up; every section title, count and footer
             lies whole inside its band
  item pages every photo's page exists, in gallery order: its previous and next links point at
             the photos before and after it; no <script>, no on* attributes; no horizontal
             overflow; the image, the text and the neighbour links do not overlap; the photo
             loaded, from a srcset candidate at least as wide as it is shown (or the widest);
             at most 2 KB of HTML gzipped (1 KB more per further photo of a product)
  menu       scrolled halfway down a long page, the section menu is at the top of the screen
             (sticky) and its first link takes a tap; menu links are 44 px tall; a same-page
             menu link lands its section below the menu; the footer's back-to-top link (#top)
             scrolls back to 0
  back link  following it lands on the gallery page with that photo's tile in view, below the
             section menu
  loading    with every image response held back by the server, each gallery page and the first
             item page are laid out (stylesheets applied, two frames drawn) with no image
             shown: the tiles already stand where the layout file puts them, and once the images
             are let through and have loaded, no tile, image or item-page part has moved (within
             0.05 px: a few layout units of rounding). So the page never jumps while its images load, in every engine (the
             layout-shift API that check_site.py also reads exists in Chromium only)
  axe        axe-core (from the axe-playwright-python wheel, see /work/shared/browsers.md)
             reports no violations on every gallery page and every item page at 375 and 1280 px

With --file the pages are opened from file:// URLs instead, as a shop owner double-clicking
index.html would see them, and every check but loading runs there.

An engine that is not installed is an error (exit 2): CI must not pass by skipping one.

Prints one line per check group and ends with `N passed, M failed`; exits 0 only if M == 0.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import os
import sys
import threading
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402
from check_site import (  # noqa: E402
    MEASURE_JS, HoldingHandler, HoldingServer, add_collections_argument, compare_rect, page_kind, predict,
    read_layout, select_pages)

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
          badgeInLink: badges.every(b => a && a.contains(b)),
          name: name ? name.textContent : null,
          nameClamped: name ? name.scrollHeight > name.clientHeight + 1 : false};
});
"""

# Every point of a card answers a tap with its link: a grid of points over each card and the
# centre of each badge, after scrolling the card into view, must hit something inside the
# card's one link (a badge over the photo but outside the link was a dead spot on a phone).
# The grid keeps 12 px from the card's edges, clear of its rounded corners.
HITS_JS = r"""
const misses = [];
for (const li of document.querySelectorAll('.wf-tiles > li')) {
  const a = li.querySelector('a');
  li.scrollIntoView({block: 'center', inline: 'nearest'});
  const r = li.getBoundingClientRect();
  const points = [];
  for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++)
    points.push([r.left + 12 + (r.width - 24) * i / 4, r.top + 12 + (r.height - 24) * j / 4, 'grid']);
  for (const b of li.querySelectorAll('.wf-badge')) {
    const q = b.getBoundingClientRect();
    points.push([q.left + q.width / 2, q.top + q.height / 2, 'badge ' + b.textContent]);
  }
  // A point under the sticky section menu is the menu's, as the shopper sees it.
  const menu = document.querySelector('.wf-menu');
  const covered = menu ? menu.getBoundingClientRect().bottom : 0;
  for (const [x, y, what] of points) {
    if (x < 0 || y < covered || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!a || !hit || !a.contains(hit))
      misses.push(`#${li.id} ${what} (${Math.round(x - r.left)}, ${Math.round(y - r.top)}): ` +
                  (hit ? hit.tagName.toLowerCase() + (hit.className ? '.' + hit.className : '') : 'nothing'));
  }
}
scrollTo(0, 0);
return misses;
"""

# Section titles, counts and footers are read whole: each lies inside its band (the header
# and footer clip what overflows them), at every width.
SECTION_TEXT_JS = r"""
const cut = [];
// Every line box of the text (an inline span has one per line) within the band's box, and no
// block of it wider inside than out (text cut with an ellipsis). An inline span has no client
// width (Firefox still gives it a scroll width), so only blocks are measured so.
const inside = (inner, outer) => { const b = outer.getBoundingClientRect();
  return [...inner.getClientRects()].every(a =>
    a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5 && a.left >= b.left - 0.5 && a.right <= b.right + 0.5); };
const clipped = e => getComputedStyle(e).display !== 'inline' && e.scrollWidth > e.clientWidth + 1;
for (const header of document.querySelectorAll('.wf-section-header'))
  for (const part of header.querySelectorAll('.wf-title, .wf-count'))
    if (!inside(part, header) || clipped(part)) cut.push(part.textContent);
for (const footer of document.querySelectorAll('.wf-section-footer'))
  for (const part of footer.querySelectorAll('p'))
    if (!inside(part, footer) || clipped(part)) cut.push(part.textContent);
return cut;
"""

ITEM_JS = r"""
const rect = e => { if (!e) return null; const r = e.getBoundingClientRect();
  return [r.left + scrollX, r.top + scrollY, r.width, r.height]; };
const link = sel => { const a = document.querySelector(sel); return a ? a.getAttribute('href') : null; };
let handlers = 0;
for (const e of document.querySelectorAll('*'))
  for (const attr of e.attributes) if (attr.name.startsWith('on')) handlers++;
return {scripts: document.scripts.length, handlers,
        overflow: document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth,
        image: rect(document.querySelector('.wf-item-image')),
        text: rect(document.querySelector('.wf-item-text')),
        nav: rect(document.querySelector('.wf-item-nav')),
        header: rect(document.querySelector('.site-header')),
        views: rect(document.querySelector('.wf-views')),
        thumbs: rect(document.querySelector('.wf-thumbs')),
        variants: rect(document.querySelector('.wf-variants')),
        prev: link('a[rel=prev]'), next: link('a[rel=next]'), back: link('a.wf-back'),
        h1Cut: (() => { const h = document.querySelector('h1'); return h ? h.scrollWidth > h.clientWidth + 1 : true; })(),
        imageLoaded: (() => { const i = document.querySelector('.wf-item-image'); return !!(i && i.complete && i.naturalWidth > 0); })(),
        chosen: (() => {
          // The w descriptor of the file the browser shows, among every srcset of the photo's
          // <picture> (each format has the same widths), and the widest there is.
          const i = document.querySelector('.wf-item-image');
          if (!i || !i.currentSrc) return null;
          const sets = [i, ...(i.parentElement.tagName === 'PICTURE' ? i.parentElement.querySelectorAll('source') : [])];
          const candidates = sets.flatMap(e => (e.getAttribute('srcset') || '').split(',').filter(c => c.trim())
            .map(c => { const [url, w] = c.trim().split(/\s+/); return [new URL(url, document.baseURI).href, parseInt(w)]; }));
          if (!candidates.length) return null;
          const hit = candidates.find(([url]) => url === i.currentSrc);
          return {width: hit ? hit[1] : null, widest: Math.max(...candidates.map(c => c[1])), src: i.currentSrc,
                  needed: i.getBoundingClientRect().width * devicePixelRatio};
        })()};
"""

IN_VIEW_JS = r"""
const id = decodeURIComponent(location.hash.slice(1));
const e = document.getElementById(id);
if (!e) return {found: false};
const r = e.getBoundingClientRect();
const menu = document.querySelector('.wf-menu');
return {found: true, top: r.top, bottom: r.bottom, height: innerHeight,
        menuBottom: menu ? Math.max(0, menu.getBoundingClientRect().bottom) : 0};
"""

THUMBS_JS = """
return [...document.querySelectorAll('.wf-thumbs a')].map(a => a.getAttribute('href'));
"""

# Where a product page's photo is once its thumbnail's link was followed: the strip scrolled to
# it (its box where the strip's is), and on the screen.
VIEW_SHOWN_JS = r"""
const e = document.getElementById(decodeURIComponent(location.hash.slice(1)));
const strip = document.querySelector('.wf-views-strip');
if (!e || !strip) return {found: false};
const r = e.getBoundingClientRect(), s = strip.getBoundingClientRect();
const img = e.querySelector('img');
const i = img ? img.getBoundingClientRect() : r;
return {found: true, left: r.left, stripLeft: s.left, width: r.width, stripWidth: s.width,
        imageTop: i.top, imageBottom: i.bottom, height: innerHeight,
        imageLeft: i.left, imageRight: i.right, innerWidth};
"""

MENU_LINKS_JS = """
return [...document.querySelectorAll('.wf-menu a')].map(a => a.getAttribute('href'));
"""

# The section menu stays on screen on a long page: scrolled halfway down, it is at the top of
# the viewport and its first link takes a tap; each same-page menu link lands its section's
# header below the menu, not under it. Null when the page has no menu.
STICKY_MENU_JS = r"""
const menu = document.querySelector('.wf-menu');
if (!menu) return null;
const links = [...menu.querySelectorAll('a')];
scrollTo(0, 0);
// Where the menu stands before any scroll: it sticks only once the page scrolls past that.
const natural = menu.getBoundingClientRect().top;
scrollTo(0, Math.max(0, (document.scrollingElement.scrollHeight - innerHeight) / 2));
const r = menu.getBoundingClientRect();
const first = links[0].getBoundingClientRect();
const hit = document.elementFromPoint(first.left + Math.min(first.width / 2, 10), first.top + first.height / 2);
const result = {scrolled: scrollY, natural: natural, top: r.top, linkHeight: first.height,
                hitsLink: !!hit && links[0].contains(hit), hidden: []};
for (const a of links) {
  const href = a.getAttribute('href');
  if (!href.startsWith('#')) continue;
  const target = document.getElementById(decodeURIComponent(href.slice(1)));
  if (!target) { result.hidden.push(href + ' (no such element)'); continue; }
  target.scrollIntoView({block: 'start'});
  const top = target.getBoundingClientRect().top, bottom = menu.getBoundingClientRect().bottom;
  if (top < bottom - 1) result.hidden.push(`${href} at ${top.toFixed(1)} px, under the menu (${bottom.toFixed(1)} px)`);
}
scrollTo(0, 0);
return result;
"""

# The footer's link back to the top of the page: from the bottom, following it scrolls to 0.
TO_TOP_JS = r"""
const a = document.querySelector('a.wf-top');
if (!a) return {found: false};
scrollTo(0, document.scrollingElement.scrollHeight);
const from = scrollY;
a.click();
return {found: true, href: a.getAttribute('href'), from: from};
"""

GEOMETRY_TOLERANCE = 0.3  # px: what the three engines hold (sub-pixel layout rounds to 1/64 px)

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
        self.worst = 0.0  # px: the largest gap between a tile's edge and its layout file's

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


HELD_STATE_JS = r"""
// Parsed, every stylesheet applied, and how many images show (held ones do not).
const sheets = [...document.querySelectorAll('link[rel=stylesheet]')];
return {href: location.href, ready: document.readyState, stale: !!document.staleForEngines,
        styled: sheets.every(l => l.sheet !== null),
        shown: [...document.images].filter(i => i.complete && i.naturalWidth > 0).length,
        shownSrc: [...document.images].filter(i => i.complete && i.naturalWidth > 0).map(i => i.currentSrc).slice(0, 3),
        pending: [...document.images].filter(i => !i.complete && i.loading !== 'lazy').length};
"""

TWO_FRAMES_JS = ("const d = arguments[arguments.length - 1];"
                 " requestAnimationFrame(() => requestAnimationFrame(() => d(1)));")

# px: a few of the 1/64 px layout units. WebKit's height of an image from the ratio of its width
# and height attributes can differ by one unit from its height from the file's own size; a jump
# is the image's whole height.
MOVE_TOLERANCE = 0.05


class FreshHandler(HoldingHandler):
    """Serves the site under any number of `/fresh-N/` prefixes too: a held load's page at such
    a path gets every image at URLs new to the browser, so no engine shows one from its cache
    (Firefox keeps decoded images past `no-store`). The images held are those under the held
    load's prefix, whatever their Referer says (Firefox sends some with the previous page's)."""

    def release_event(self):
        prefix = getattr(self.server, "fresh_prefix", None)
        if prefix and self.path.startswith(prefix):
            return self.server.release
        served = threading.Event()
        served.set()
        return served

    def translate_path(self, path):
        parts = path.split("/", 2)
        if len(parts) == 3 and parts[0] == "" and parts[1].startswith("fresh-"):
            path = "/" + parts[2]
        return super().translate_path(path)


fresh_loads = itertools.count(1)


def fresh(server: HoldingServer, base: str, page: str) -> str:
    """`page`'s URL under a prefix no earlier load used, whose images `server` holds from now."""
    prefix = f"fresh-{next(fresh_loads)}/"
    server.fresh_prefix = urllib.parse.urlsplit(base).path + prefix
    return base + prefix + page


def poll(browser, script: str, done, what: str, timeout: float = 90.0):
    """`script`'s value once `done` holds for it; raises after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        try:
            value = browser.execute(script)
        except Exception:  # noqa: BLE001  (a page between documents refuses scripts)
            value = None
        if value is not None and done(value):
            return value
        time.sleep(0.02)
    raise engines.EngineError(f"timed out waiting for {what} (last state {value})")


def wait_for_image_requests(browser, server: HoldingServer, timeout: float = 60.0) -> None:
    """Returns once the server holds an image, the page shows one or has none it loads eagerly,
    or after `timeout` seconds.

    An engine may lay a page out before it asks for the page's images (Firefox did, on a loaded
    CI machine); the check that nothing shows is only meaningful once a request is held. The
    deadline is generous because the wait ends on the request itself: a fast machine does not
    wait, and only a page whose engine never asks makes it run out (and the check then fails)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.snapshot()["held"] > 0:
            return
        try:
            state = browser.execute(HELD_STATE_JS)
            if state["shown"] > 0 or state["pending"] == 0:
                return
        except Exception:  # noqa: BLE001  (a page between documents refuses scripts)
            pass
        time.sleep(0.02)


LAYOUT_ATTEMPTS = 3


def navigate_held(browser, url: str) -> None:
    """Navigates to `url` by script and waits until it is laid out, navigating again when an
    attempt's generous deadline passes: a driver on a loaded machine has lost a script
    navigation (the page never left the previous one, "last state None")."""
    for attempt in range(1, LAYOUT_ATTEMPTS + 1):
        engines._mark_stale(browser.execute)
        browser.execute(f"location.href = {json.dumps(url)}; return 1")
        try:
            poll(browser, HELD_STATE_JS,
                 lambda v: v["href"] == url and not v["stale"] and v["ready"] != "loading" and v["styled"],
                 f"{url} to be laid out (attempt {attempt} of {LAYOUT_ATTEMPTS})")
            return
        except engines.EngineError:
            if attempt == LAYOUT_ATTEMPTS:
                raise
            print(f"note: {url} was not laid out in time; navigating again", flush=True)


def load_held(browser, server: HoldingServer, url: str, measure: str) -> tuple[dict, dict, dict]:
    """`measure`'s value with the page laid out and every image held back, the state then, and
    `measure`'s value once the images are let through and loaded.

    The navigation is a script's, which returns at once in every engine: a driver's own
    navigation would wait for the load event, which the held images hold back too."""
    server.begin_load(url)
    try:
        navigate_held(browser, url)
        wait_for_image_requests(browser, server)
        browser.execute_async(TWO_FRAMES_JS)
        before = browser.execute(measure)
        held = dict(browser.execute(HELD_STATE_JS), held=server.snapshot()["held"])
    finally:
        server.release_images()
    poll(browser, HELD_STATE_JS, lambda v: v["ready"] == "complete" and v["pending"] == 0,
         f"{url}'s images to load")
    browser.execute_async(TWO_FRAMES_JS)
    return before, held, browser.execute(measure)


def moved(before, after) -> bool:
    if before is None or after is None:
        return before is not after
    return any(abs(a - b) > MOVE_TOLERANCE for a, b in zip(before, after))


def check_gallery_loading(t: Tally, label: str, browser, server: HoldingServer, url: str,
                          page: dict, caption_height: float) -> None:
    """The gallery page where its layout file says before any image shows, and still once they
    have all loaded."""
    before, held, after = load_held(browser, server, url, MEASURE_JS)
    if not t.check(held["held"] > 0 and held["shown"] == 0,
                   f"{label}: images were not held back ({held['held']} held, {held['shown']} shown:"
                   f" {held['shownSrc']})"):
        return
    check_gallery(t, f"{label} before its images", page, before, caption_height)
    tiles = list(zip(before.get("tiles", []), after.get("tiles", [])))
    jumps = [f"{i}: {a['rect']} → {b['rect']}" for i, (a, b) in enumerate(tiles)
             if moved(a["rect"], b["rect"]) or moved(a.get("img"), b.get("img"))]
    t.check(len(tiles) == len(after.get("tiles", [])) and not jumps
            and not moved(before.get("gallery"), after.get("gallery")),
            f"{label}: moved as its images loaded: " + "; ".join(jumps[:5]))


def check_item_loading(t: Tally, label: str, browser, server: HoldingServer, url: str) -> None:
    """The item page's image box, text and links in place before the image shows."""
    before, held, after = load_held(browser, server, url, ITEM_JS)
    if not t.check(held["held"] > 0 and held["shown"] == 0 and not before["imageLoaded"],
                   f"{label}: the image was not held back ({held['held']} held)"):
        return
    t.check(after["imageLoaded"], f"{label}: the image did not load once let through")
    parts = [name for name in ("image", "text", "nav", "header", "views", "thumbs", "variants")
             if moved(before[name], after[name])]
    t.check(not parts, f"{label}: moved as its image loaded: " + ", ".join(
        f"{name} {before[name]} → {after[name]}" for name in parts))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site")
    parser.add_argument("--axe", default=None, help="axe.min.js (skipped with a note when absent)")
    parser.add_argument("--widths", default="320,375,768,1280,2560")
    parser.add_argument("--engine", default="chromium", choices=engines.NAMES)
    parser.add_argument("--file", action="store_true", help="open the pages from file:// URLs")
    add_collections_argument(parser)
    args = parser.parse_args(argv)
    site = os.path.abspath(args.site)
    widths = [int(w) for w in args.widths.split(",")]
    # layout.json lists the pages; each page's photos are in its own layout file.
    layout = read_layout(site)
    layout["pages"] = select_pages(layout["pages"], args.collections)
    axe = None
    if args.axe and os.path.exists(args.axe):
        with open(args.axe, encoding="utf-8") as f:
            axe = f.read()

    server = HoldingServer(site, FreshHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        # Firefox opens six connections to a server: held images would take them all, and the
        # page's stylesheets, at new URLs under the load's prefix, would wait behind them.
        with engines.open_engine(
                args.engine, chromium_arguments=["--hide-scrollbars"],
                firefox_preferences={"network.http.max-persistent-connections-per-server": 64}) as browser:
            if browser is None:
                print(f"{args.engine} is not installed: run scripts/install-dependencies.sh --tests")
                return 2
            base = (urllib.parse.urljoin("file:", urllib.request.pathname2url(site)) + "/" if args.file
                    else f"http://127.0.0.1:{server.port}/")
            t = check(browser, None if args.file else server, site, layout, widths, axe, base)
    finally:
        server.shutdown()
    if axe is None:
        print("note: axe-core not given (--axe AXE_MIN_JS); accessibility not checked")
    for failure in t.failures[:60]:
        print("  FAIL " + failure)
    if len(t.failures) > 60:
        print(f"  … and {len(t.failures) - 60} more")
    print(f"{args.engine}: {t.passed} passed, {len(t.failures)} failed")
    return 0 if not t.failures else 1


def check(browser, server: HoldingServer | None, site: str, layout: dict, widths: list[int],
          axe: str | None, base: str) -> Tally:
    """Every check of the module docstring in `browser`."""
    t = Tally()
    caption_height = float(layout.get("options", {}).get("captionHeight", 0) or 0)
    engine = browser.name

    def run_axe(label: str) -> None:
        if axe is None:
            return
        browser.execute(axe + "\n;return 1;")
        violations = browser.execute_async(AXE_JS)
        t.check(not violations, f"{label}: axe: " + "; ".join(violations))

    gallery_order: list[str] = []   # item page paths in gallery order
    tile_page: dict[str, str] = {}  # tile id -> gallery page file
    for width in widths:
        browser.set_width(width)
        order: list[str] = []
        for page in layout["pages"]:
            browser.get(base + page["file"])
            check_gallery(t, f"{engine} {width}px {page['file']}", page, browser.execute(MEASURE_JS),
                          caption_height)
            cards = browser.execute(CARDS_JS)
            ids = [c["id"] for c in cards]
            t.check(len(set(ids)) == len(ids) and all(ids), f"{width}px {page['file']}: tile ids not unique")
            for card in cards:
                label = f"{engine} {width}px {page['file']} #{card['id']}"
                t.check(card["links"] == 1 and card["nested"] == 0, f"{label}: {card['links']} links in the card")
                t.check(card["imgInLink"] and card["textInLink"], f"{label}: image or text outside the card's link")
                t.check(card["badgeInLink"], f"{label}: a badge outside the link (a tap on it does nothing)")
                if width >= 375 and card["name"] and len(card["name"]) <= 32:
                    t.check(not card["nameClamped"], f"{label}: name {card['name']!r} cut at {width}px")
                # A category's or tag's page is one folder down; its cards link the same pages.
                target = os.path.normpath(os.path.join(os.path.dirname(page["file"]),
                                                       urllib.parse.unquote(card["href"])))
                t.check(os.path.isfile(os.path.join(site, target)), f"{label}: links {card['href']}, no such file")
                if page_kind(page["file"]) == "home":
                    order.append(target)
                    tile_page[card["id"]] = page["file"]
            # Every menu link resolves to a page of the site.
            for href in browser.execute(MENU_LINKS_JS):
                target = os.path.normpath(os.path.join(os.path.dirname(page["file"]), urllib.parse.unquote(href)))
                t.check(os.path.isfile(os.path.join(site, target)),
                        f"{engine} {width}px {page['file']}: menu links {href}, no such file")
            check_menu_and_top(t, f"{engine} {width}px {page['file']}", browser)
            cut = browser.execute(SECTION_TEXT_JS)
            t.check(not cut, f"{engine} {width}px {page['file']}: section text cut: {cut}")
            misses = browser.execute(HITS_JS)
            t.check(not misses, f"{engine} {width}px {page['file']}: points of a card outside its link: "
                    + "; ".join(misses[:8]))
            if width in (375, 1280):
                run_axe(f"{engine} {width}px {page['file']}")
            if server is not None:
                check_gallery_loading(t, f"{engine} {width}px {page['file']} loading", browser, server,
                                      fresh(server, base, page["file"]), page, caption_height)
        if not gallery_order:
            gallery_order = order
        t.check(order == gallery_order, f"{engine} {width}px: the cards' order differs from the first width's")

    home_photos = sum(len(p["photos"]) for p in layout["pages"] if page_kind(p["file"]) == "home")
    t.check(len(gallery_order) == home_photos,
            f"{len(gallery_order)} cards link item pages, layout.json's home pages have {home_photos} photos")
    for width in widths:
        browser.set_width(width)
        product_loading_checked = False
        for index, item in enumerate(gallery_order):
            label = f"{engine} {width}px {item}"
            path = os.path.join(site, item)
            if not t.check(os.path.exists(path), f"{label}: missing"):
                continue
            with open(path, encoding="utf-8") as f:
                served = f.read()
            t.check("<script" not in served.lower(), f"{label}: <script> in the HTML")
            # The page as a host sends it, gzipped: about 1.2 KB for one photo (its `<picture>`
            # carries a srcset per format and its `sizes` twice, which gzip sends once), and
            # about 0.5 KB more for each further photo of a product (its strip view and its
            # thumbnail). A stylesheet or script inlined into every page would break the bound.
            views = max(1, served.count('class="wf-view"'))
            limit = 2048 + 1024 * (views - 1)
            sent = len(gzip.compress(served.encode(), compresslevel=6, mtime=0))
            t.check(sent <= limit,
                    f"{label}: {sent} bytes of HTML gzipped, more than {limit} for {views} photos")
            # The first item page, and the first product of several photos at each width.
            if server is not None and (index == 0 or (views > 1 and not product_loading_checked)):
                product_loading_checked = product_loading_checked or views > 1
                check_item_loading(t, f"{label} loading", browser, server,
                                   fresh(server, base, urllib.parse.quote(item)))
            browser.get(base + urllib.parse.quote(item))
            m = wait_for_image(browser)
            t.check(m["scripts"] == 0 and m["handlers"] == 0, f"{label}: scripts or on* handlers")
            t.check(m["overflow"] <= 0.5, f"{label}: horizontal overflow of {m['overflow']} px")
            t.check(m["imageLoaded"], f"{label}: image did not load")
            # The srcset is sized for the viewport: the file shown is at least as wide as the
            # image on the screen (or the widest there is).
            chosen = m["chosen"]
            if chosen is not None:
                t.check(chosen["width"] is not None and chosen["width"] >= min(chosen["needed"], chosen["widest"]) - 1,
                        f"{label}: shows {chosen['src']} ({chosen['width']}w) for {chosen['needed']:.0f} px "
                        f"(widest {chosen['widest']}w)")
            t.check(not m["h1Cut"], f"{label}: the heading is cut")
            parts = [("image", m["views"] or m["image"]), ("text", m["text"]), ("nav", m["nav"]),
                     ("header", m["header"])]
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
            if views > 1:
                check_thumbnails(t, label, browser, base + urllib.parse.quote(item))
            if width in (320, 1280) and m["back"]:
                target = urllib.parse.urljoin(base + urllib.parse.quote(item), m["back"])
                browser.get(target)
                time.sleep(0.05)
                view = browser.execute(IN_VIEW_JS)
                t.check(view["found"] and view["bottom"] > 0 and view["top"] < view["height"]
                        and view["top"] >= view["menuBottom"] - 1,
                        f"{label}: the back link {m['back']} does not land with its tile in view,"
                        f" below the section menu ({view})")
                fragment = urllib.parse.unquote(m["back"].split("#")[1])
                t.check(tile_page.get(fragment) == resolved(m["back"]),
                        f"{label}: the back link goes to {m['back']}, the tile is on {tile_page.get(fragment)}")
        print(f"{engine} {width:>5}px: {len(layout['pages'])} gallery pages and {len(gallery_order)} item pages checked;"
              f" every tile so far within {t.worst:.3f} px of its layout file", flush=True)
    return t


def check_thumbnails(t: Tally, label: str, browser, url: str) -> None:
    """Every thumbnail link of a product page lands on its photo: the strip scrolled to it and
    the photo on the screen (the browser's own fragment scrolling, no script)."""
    browser.get(url)
    for href in browser.execute(THUMBS_JS):
        # A tap on the link: the browser scrolls to the anchor itself (no new document loads).
        browser.execute(f"document.querySelector('.wf-thumbs a[href=\"{href}\"]').click(); return 1")
        try:
            view = poll(browser, VIEW_SHOWN_JS,
                        lambda v: v["found"] and abs(v["left"] - v["stripLeft"]) <= 1,
                        f"{url}{href} to scroll its strip", timeout=60.0)
        except engines.EngineError:
            view = browser.execute(VIEW_SHOWN_JS)
        t.check(view["found"] and abs(view["left"] - view["stripLeft"]) <= 1
                and abs(view["width"] - view["stripWidth"]) <= 1,
                f"{label}: the thumbnail link {href} does not scroll the strip to its photo ({view})")
        t.check(view["found"] and view["imageTop"] < view["height"] and view["imageBottom"] > 0
                and view["imageLeft"] >= -0.5 and view["imageRight"] <= view["innerWidth"] + 0.5,
                f"{label}: after {href} its photo is not on the screen ({view})")


def check_menu_and_top(t: Tally, label: str, browser) -> None:
    """The sticky section menu (when the page has one) and the footer's back-to-top link."""
    menu = browser.execute(STICKY_MENU_JS)
    # A short page cannot scroll the menu up to the top: it is checked where it can.
    if menu is not None and menu["scrolled"] >= menu["natural"]:
        t.check(abs(menu["top"]) <= 0.5 and menu["hitsLink"],
                f"{label}: scrolled to {menu['scrolled']:.0f} px, the section menu is at {menu['top']:.1f} px"
                f" (its first link {'takes' if menu['hitsLink'] else 'does not take'} a tap)")
        t.check(menu["linkHeight"] >= 44 - 0.5, f"{label}: menu links {menu['linkHeight']:.1f} px tall, less than 44")
        t.check(not menu["hidden"], f"{label}: a menu link lands under the menu: {'; '.join(menu['hidden'])}")
    top = browser.execute(TO_TOP_JS)
    if not t.check(top["found"] and top["href"] == "#top", f"{label}: no back-to-top link (a.wf-top, #top)"):
        return
    # The wait ends on the scroll itself; the deadline is for a machine busy with other lanes.
    deadline = time.monotonic() + 60
    while browser.execute("return scrollY") > 0.5 and time.monotonic() < deadline:
        time.sleep(0.02)
    t.check(browser.execute("return scrollY") <= 0.5,
            f"{label}: back to top from {top['from']:.0f} px left the page at {browser.execute('return scrollY')} px")


def wait_for_image(browser) -> dict:
    """The item page's measures once its image has loaded (or after 90 s, and the check that
    it loaded fails): a deadline for a loaded machine, which a fast one never waits out."""
    deadline = time.monotonic() + 90
    while True:
        m = browser.execute(ITEM_JS)
        if m["imageLoaded"] or time.monotonic() > deadline:
            return m
        time.sleep(0.05)


def check_gallery(t: Tally, label: str, page: dict, m: dict, caption_height: float) -> None:
    """The gallery page's tiles where its layout file puts them, without overlap, overflow or
    script."""
    if not t.check(m.get("galleries") == 1, f"{label}: {m.get('galleries')} main.wf-gallery elements"):
        return
    cx, cy, width, _ = m["content"]
    predicted = predict(page, width, cx, cy, caption_height)
    tiles = m["tiles"]
    t.check(len(tiles) == len(predicted["items"]),
            f"{label}: {len(tiles)} tiles, the layout file has {len(predicted['items'])}")
    for index, (tile, item) in enumerate(zip(tiles, predicted["items"])):
        compare_rect(t, f"{label} tile {index}", item["rect"], tile["rect"], GEOMETRY_TOLERANCE)
        pairs = [(item["rect"], tile["rect"])]
        if "img" in tile:
            compare_rect(t, f"{label} tile {index} img", item["img"], tile["img"], GEOMETRY_TOLERANCE)
            pairs.append((item["img"], tile["img"]))
        for expected, actual in pairs:
            t.worst = max([t.worst] + [abs(a - e) for e, a in zip(expected, actual)])
    rects = [tile["rect"] for tile in tiles]
    overlapping = [(i, j) for i in range(len(rects)) for j in range(i + 1, len(rects))
                   if overlap(rects[i], rects[j]) > 0.5]
    t.check(not overlapping, f"{label}: tiles overlap: {overlapping[:5]}")
    overflow = m["scrollWidth"] - m["clientWidth"]
    t.check(overflow <= 0.5, f"{label}: horizontal overflow of {overflow} px")
    t.check(m["scripts"] == 0 and not m["handlers"] and not m["jsUrls"],
            f"{label}: script: {m['scripts']} <script>, handlers {m['handlers'][:3]}, javascript: URLs {m['jsUrls'][:3]}")


if __name__ == "__main__":
    sys.exit(main())
