#!/usr/bin/env python3
"""The file each engine picks for every gallery tile, at DPR 1 and 2, and at a phone's 2.625 and 3.

    python3 Tests/Browser/check_srcset.py SITE_DIR --engine chromium|firefox|webkit
        [--dpr 1|2|2.625|3] [--widths 20] [--collections first|all] [--item-pages N]

check_site.py checks the srcset choice in Chromium alone (through the DevTools protocol); this
checks the same rule in every engine. At --widths viewport widths from 320 to 2,560 px (each
breakpoint's edges first, planned as check_site.py plans them), each gallery page is loaded,
every tile's image made eager and decoded, and the file each tile shows (its srcset candidate's
w descriptor) must be at least as wide as the tile × DPR and at most 1.3× that; where even the
widest file is narrower (the original's width), the widest. Within 17 px above a breakpoint,
where `sizes` claims the wider columns of the breakpoint below (a classic scrollbar may keep the
gallery there), the bound is 2.6×. Below the layout's narrowest gallery (320 px less a classic
scrollbar) only the lower bound holds: the ladder starts at the narrowest gallery's tiles. The device pixel ratio comes from
Chromium's device metrics, Firefox's layout.css.devPixelsPerPx and WebKitGTK's GDK_SCALE (whole
numbers only: WebKit is checked at 3, not 2.625).

Above DPR 2 a phone may take about the file a DPR-2 screen needs (issue 37: phones gain little
from more, and their first screen shares a slow link): there the file must be at least as wide
as the tile × 2 and at most 1.3× the tile × 3 (the bounds near a breakpoint scaled alike).

Widths run narrowest first and the same page is not loaded twice at one width: a browser may
show a wider file it already holds, and one held from a narrower width is never wider than
this width needs.

With --item-pages N, N item pages (spread over the site, product pages of several photos among
them) are checked instead: every photo of the page (`img.wf-item-image`), at the same widths and
1,440 px, under the same bounds: at least the pixels shown (issue 37: sharp at DPR 2 on a 1,440 px
screen), where the ladder reaches that far (its widest item width, else the original's), and at
most 1.3× the need.

Prints a line per width and page and ends with `N passed, M failed`; exits 0 only if M == 0;
an engine that is not installed is an error (exit 2).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402
from check_site import (MAX_OVERFETCH, MAX_OVERFETCH_NEAR_BREAKPOINT, MEASURE_JS,  # noqa: E402
                        HoldingServer, check_chosen_candidate, near_breakpoint, plan_widths,
                        read_layout)

# The narrowest gallery the rendition ladder serves (LayoutOptions.minimumGalleryWidth).
NARROWEST_GALLERY = 320

EAGER_AND_DECODED_JS = """
const done = arguments[arguments.length - 1];
for (const img of document.images) img.loading = 'eager';
Promise.all(Array.from(document.images, i => i.decode().catch(() => 0)))
  .then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(1))));
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--engine", default="chromium", choices=engines.NAMES)
    parser.add_argument("--dpr", type=float, default=1, choices=(1, 2, 2.625, 3))
    parser.add_argument("--widths", type=int, default=20)
    parser.add_argument("--collections", default="first", choices=("first", "all"),
                        help="the home gallery's pages (first) or every category and tag page too")
    parser.add_argument("--item-pages", type=int, default=0,
                        help="check N item pages' photos instead of the galleries' tiles")
    args = parser.parse_args(argv)
    if args.engine == "webkit" and not args.dpr.is_integer():
        print("WebKitGTK draws at whole device pixel ratios only (GDK_SCALE)", file=sys.stderr)
        return 2
    if args.item_pages:
        return check_item_pages(args)
    layout = read_layout(args.site)
    pages = [page for page in layout["pages"]
             if args.collections == "all" or "/" not in page["file"]]
    passed, failures, ratios = 0, [], []
    with served_in_engine(args) as (browser, base, dpr):
        if browser is None:
            return 2
        beside = gutter(browser, base + pages[0]["file"])
        widths = plan_widths(args.widths, breakpoint_starts(layout), beside)
        print(f"{args.engine} at DPR {dpr}: {len(widths)} widths × {len(pages)} page(s); the gallery is "
              f"{beside:g} px narrower than the viewport (theme padding, a classic scrollbar)", flush=True)
        for width in widths:
            bound = (float("inf") if width - beside < NARROWEST_GALLERY
                     else MAX_OVERFETCH_NEAR_BREAKPOINT if near_breakpoint(layout, width, beside)
                     else MAX_OVERFETCH)
            browser.set_width(width)
            for page in pages:
                url = f"{base}{page['file']}"
                measured = load_decoded(browser, url, MEASURE_JS)
                scrollbar_share = beside / columns_at(layout, width - beside)
                wrong, chosen = check_tiles(measured, url, dpr, bound, scrollbar_share)
                passed += 1 if not wrong else 0
                failures += [f"{args.engine} dpr={dpr} w={width} {page['file']} {w}" for w in wrong]
                ratios += chosen
                print(f"{'ok  ' if not wrong else 'FAIL'} dpr={dpr} w={width:<4} {page['file']}: "
                      f"{len(measured.get('tiles', []))} tiles, {len(wrong)} out of range", flush=True)
    summary = (f"{args.engine} at DPR {dpr}: file width ÷ (the column `sizes` claims × "
               f"{min(dpr, 2):g}) {min(ratios):.2f}–{max(ratios):.2f} where the original is wide "
               f"enough (at most {MAX_OVERFETCH * (1.5 if dpr > 2 else 1):g})" if ratios else None)
    return finish(args.engine, passed, failures, summary)


ITEM_IMAGES_JS = r"""
const rect = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; };
const out = {scrollbar: window.innerWidth - document.documentElement.clientWidth, images: []};
for (const img of document.querySelectorAll('img.wf-item-image')) {
  let srcset = img.getAttribute('srcset');
  const picture = img.parentElement && img.parentElement.tagName === 'PICTURE' ? img.parentElement : null;
  for (const source of picture ? picture.querySelectorAll(':scope > source') : []) {
    const urls = (source.getAttribute('srcset') || '').split(',')
      .map(c => new URL(c.trim().split(/\s+/)[0], document.baseURI).href);
    if (img.currentSrc && urls.includes(img.currentSrc)) { srcset = source.getAttribute('srcset'); break; }
  }
  out.images.push({img: rect(img), width: img.getAttribute('width'), height: img.getAttribute('height'),
    srcset: srcset, currentSrc: img.currentSrc, complete: img.complete, naturalWidth: img.naturalWidth});
}
return out;
"""


def item_pages(site: str, count: int) -> list[str]:
    """`count` item pages spread over the site's, in path order, with the first two product
    pages of several photos among them (redirect pages, which show no photo, left out)."""
    pages, products = [], []
    for folder, _, names in sorted(os.walk(os.path.join(site, "items"))):
        for name in sorted(names):
            if not name.endswith(".html"):
                continue
            path = os.path.relpath(os.path.join(folder, name), site)
            with open(os.path.join(site, path), encoding="utf-8") as file:
                text = file.read()
            if "wf-item-image" not in text:
                continue
            pages.append(path)
            if "wf-views" in text:
                products.append(path)
    chosen = products[:2]
    rest = [page for page in pages if page not in chosen]
    step = max(1, len(rest) / max(1, count - len(chosen)))
    chosen += [rest[int(i * step)] for i in range(count - len(chosen)) if int(i * step) < len(rest)]
    return sorted(chosen)


def check_item_pages(args) -> int:
    """The item pages' mode (see the module's doc)."""
    pages = item_pages(args.site, args.item_pages)
    passed, failures, ratios = 0, [], []
    with served_in_engine(args) as (browser, base, dpr):
        if browser is None:
            return 2
        widths = sorted(set(plan_widths(args.widths, [], 0)) | {1440})
        print(f"{args.engine} at DPR {dpr}: {len(widths)} widths × {len(pages)} item page(s)",
              flush=True)
        for width in widths:
            browser.set_width(width)
            for page in pages:
                url = f"{base}{page}"
                measured = load_decoded(browser, url, ITEM_IMAGES_JS)
                wrong = check_item_images(measured, url, dpr, ratios)
                passed += 1 if not wrong else 0
                failures += [f"{args.engine} dpr={dpr} w={width} {page} {w}" for w in wrong]
                print(f"{'ok  ' if not wrong else 'FAIL'} dpr={dpr} w={width:<4} {page}: "
                      f"{len(measured['images'])} photo(s), {len(wrong)} out of range", flush=True)
    summary = (f"{args.engine} at DPR {dpr}: item photos' file width ÷ need "
               f"{min(ratios):.2f}–{max(ratios):.2f} where the ladder reaches" if ratios else None)
    return finish(args.engine, passed, failures, summary)


def finish(engine: str, passed: int, failures: list[str], summary: str | None) -> int:
    """Prints the first 40 failures, the summary and the count; the exit status."""
    for failure in failures[:40]:
        print("  FAIL " + failure)
    if summary:
        print(summary)
    print(f"{engine}: {passed} passed, {len(failures)} failed")
    return 0 if not failures else 1


def check_item_images(measured: dict, url: str, dpr: float, ratios: list[float]) -> list[str]:
    """The item page's photos whose file is narrower than shown × DPR (above DPR 2, × 2) or over
    1.3× that; `sizes` claims the viewport's columns, scrollbar included, so the upper bound
    grows by the scrollbar's share of the viewport."""
    wrong = []
    need_dpr = min(dpr, 2)
    bound = MAX_OVERFETCH * (max(dpr, 3) / 2 if dpr > 2 else 1)
    share = 1 + measured["scrollbar"] / max(1, measured["images"][0]["img"][2]) \
        if measured["images"] else 1
    if not measured["images"]:
        return ["no img.wf-item-image on the page"]
    for index, image in enumerate(measured["images"]):
        if not image.get("complete") or not image.get("naturalWidth"):
            wrong.append(f"photo {index}: {image.get('currentSrc')!r} did not load")
            continue
        failure, facts = check_chosen_candidate(image, url, need_dpr, bound * share)
        if failure:
            wrong.append(f"photo {index}: {failure}")
        elif facts["chosen"] and not facts["capped"]:
            ratios.append(facts["chosen"] / facts["need"])
    return wrong


@contextlib.contextmanager
def served_in_engine(args):
    """The site served on loopback and the engine opened at the DPR asked for: yields
    (browser, base URL, DPR), the browser None (said on stderr) when the engine is missing."""
    server = HoldingServer(os.path.abspath(args.site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    dpr = int(args.dpr) if args.dpr.is_integer() else args.dpr
    # engines.open_engine gives Firefox one decimal of the ratio; 2.625 is passed whole here.
    firefox_preferences = ({"layout.css.devPixelsPerPx": f"{dpr:g}"}
                           if args.engine == "firefox" and dpr != 1 else None)
    try:
        with engines.open_engine(args.engine, dpr=1 if firefox_preferences else dpr,
                                 firefox_preferences=firefox_preferences) as browser:
            if browser is None:
                print(f"{args.engine} is not installed: run scripts/install-dependencies.sh "
                      "--tests", file=sys.stderr)
            yield browser, base, dpr
    finally:
        server.shutdown()


def load_decoded(browser, url: str, measure_js: str) -> dict:
    """Loads `url` with every image made eager and decoded, then runs `measure_js`."""
    if browser.name == "chromium":
        # Chromium shows a wider file it holds (from the 1,000 px probe, say).
        browser.driver.cdp("Network.clearBrowserCache")
    browser.get(url)
    browser.execute_async(EAGER_AND_DECODED_JS)
    return browser.execute(measure_js)


def breakpoint_starts(layout: dict) -> list[float]:
    """Every breakpoint's narrowest gallery width, on any page."""
    return sorted({bp["minWidth"] for bp in layout.get("breakpoints", [])}
                  | {bp["minWidth"] for page in layout["pages"] for bp in page["breakpoints"]})


def gutter(browser, url: str) -> float:
    """What the page takes beside the gallery at 1,000 px (theme padding, a classic scrollbar)."""
    browser.set_width(1000)
    browser.get(url)
    width = browser.execute("return document.querySelector('main.wf-gallery').getBoundingClientRect().width")
    return 1000 - width


def columns_at(layout: dict, gallery: float) -> int:
    """The site's column count at a gallery `gallery` px wide."""
    reached = [bp for bp in layout.get("breakpoints", []) if bp["minWidth"] <= gallery]
    return max(1, reached[-1]["columns"] if reached else 1)


def check_tiles(measured: dict, url: str, dpr: float, bound: float,
                scrollbar_share: float) -> tuple[list[str], list[float]]:
    """The tiles whose file is out of range (more than `bound` × as wide as needed, or narrower),
    and each tile's file width ÷ need where the original was wide enough to choose (counted
    where the bound is the ladder's own). `sizes` measures columns on the viewport (`100vw`),
    scrollbar included: the bound is taken against that claim, a tile `scrollbar_share` px wider
    (a classic scrollbar's share of a column; 0 where scrollbars overlay the page).

    Above DPR 2 the need is a DPR-2 screen's and every bound grows by 3 ÷ 2, so the file is at
    least the tile × 2 and at most `bound` × the tile × 3 (see the module's doc)."""
    wrong, chosen = [], []
    ladder_bound = bound == MAX_OVERFETCH
    if dpr > 2:
        dpr, bound = 2, bound * max(dpr, 3) / 2
    for index, tile in enumerate(measured.get("tiles", [])):
        if "img" not in tile or not tile.get("srcset"):
            continue
        if not tile.get("complete") or not tile.get("naturalWidth"):
            wrong.append(f"tile {index}: {tile.get('currentSrc')!r} did not load")
            continue
        share = 1 + scrollbar_share / tile["img"][2] if tile["img"][2] else 1
        failure, facts = check_chosen_candidate(tile, url, dpr, bound * share)
        if failure:
            wrong.append(f"tile {index}: {failure}")
        elif facts["chosen"] and not facts["capped"] and ladder_bound:
            chosen.append(facts["chosen"] / (facts["need"] * share))
    return wrong, chosen


if __name__ == "__main__":
    sys.exit(main())
