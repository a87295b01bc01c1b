#!/usr/bin/env python3
"""Real-browser test of the cards' text bands and the section bands of a built site.

    python3 Tests/Browser/check_captions.py SITE_DIR [--engine chromium|firefox|webkit]
        [--widths 320,375,768,1280,2560]

Opens every gallery page (file:// URLs: the bands do not wait for images) in one headless engine
(engines.py) at each gallery width (the window made wider by a classic scrollbar's width where
the engine draws one), and checks, for every card with text:

  3-line rule  a title or caption that takes up to 3 lines at the card's width is shown whole:
               its element is not clamped (scrollHeight <= clientHeight + 1) and lies inside
               the band's padding box, not cut by the band's bottom (skipped, as the next
               check, for a site built with a fixed --caption-height: its bands are as tall as
               the user said and hide what does not fit)
  no blank     the band holds at most one line (20 px) more than its text: the band's inner
               height less the heights of its title, price and caption, at every width. Each
               page is also opened at the first and the last whole pixel of each of its band
               ranges (layout entries with one `band`): the build measures a band at its range's
               narrowest column, and text only takes fewer lines as the column widens, so a
               band's spare room is largest at its range's last pixel, and a band within a line
               there is within a line across the range. With --spare-only-at-breakpoints the
               rule is checked at the band ranges' first pixels alone and only counted elsewhere
               (where a card's title and caption both sit on a line's edge, a band counted for
               text a little wider than the build's table may hold two spare lines at a few
               widths in an engine that sets the text narrower; Tests/Browser/README.md). With
               --roomy-allowed N up to N such bands, where the rule is checked, still pass
  sections     every section title, count and footer lies whole inside its band (as
               check_items.py checks them)

The lines a text would take unclamped are measured by lifting its clamp for a moment. Prints a
summary per width (cards, the tallest spare room, how many texts were clamped and why) and ends
with `N passed, M failed`; exits 0 only if M == 0, 2 when the engine is not installed.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402
from check_items import SECTION_TEXT_JS, Tally  # noqa: E402
from check_site import read_layout  # noqa: E402

LINE = 20.0  # px: a line of the band (CaptionBand.lineHeight)

# For each card with a band: the band's inner box, and per text its shown and natural size.
BANDS_JS = r"""
const parts = (band) => {
  const box = band.getBoundingClientRect();
  const style = getComputedStyle(band);
  const top = box.top + parseFloat(style.paddingTop), bottom = box.bottom - parseFloat(style.paddingBottom);
  const text = [];
  for (const e of band.children) {
    const r = e.getBoundingClientRect();
    const lineHeight = parseFloat(getComputedStyle(e).lineHeight);
    const item = {cls: e.className, text: e.textContent, height: r.height, top: r.top, bottom: r.bottom,
                  clamped: e.scrollHeight > e.clientHeight + 1, lines: Math.round(r.height / lineHeight)};
    if (e.classList.contains('wf-name') || e.classList.contains('wf-note')) {
      // The lines it would take unclamped, at this width.
      const saved = e.getAttribute('style');
      e.style.setProperty('-webkit-line-clamp', 'none');
      e.style.setProperty('line-clamp', 'none');
      e.style.setProperty('display', 'block');
      item.natural = Math.round(e.getBoundingClientRect().height / lineHeight);
      if (saved === null) e.removeAttribute('style'); else e.setAttribute('style', saved);
    }
    text.push(item);
  }
  return {top, bottom, inner: bottom - top, text};
};
return [...document.querySelectorAll('.wf-tiles > li')]
  .filter(li => li.querySelector('.wf-caption'))
  .map(li => ({id: li.id, width: li.getBoundingClientRect().width, ...parts(li.querySelector('.wf-caption'))}));
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site")
    parser.add_argument("--engine", default="chromium", choices=engines.NAMES)
    parser.add_argument("--widths", default="320,375,768,1280,2560")
    parser.add_argument("--spare-only-at-breakpoints", action="store_true",
                        help="check the one-spare-line rule at each band range's first pixel only")
    parser.add_argument("--roomy-allowed", type=int, default=0, metavar="N",
                        help="pass with up to N bands (a card at a width) holding two spare lines"
                             " where the rule is checked; each is still listed")
    args = parser.parse_args(argv)
    site = os.path.abspath(args.site)
    layout = read_layout(site)
    common = {int(w) for w in args.widths.split(",")}
    # The widths each page is opened at: the common ones and its band ranges' first and last
    # pixels; the pages to open at each width.
    pages_at: dict[int, list[dict]] = {}
    starts: dict[str, set[int]] = {}
    for page in layout["pages"]:
        firsts, lasts = band_range_ends(page)
        starts[page["file"]] = firsts
        for width in common | firsts | lasts:
            pages_at.setdefault(width, []).append(page)
    fixed = float(layout.get("options", {}).get("captionHeight", 0) or 0) > 0
    base = urllib.parse.urljoin("file:", urllib.request.pathname2url(site)) + "/"
    t = Tally()
    two_spare: list[str] = []
    with engines.open_engine(args.engine, chromium_arguments=["--hide-scrollbars"]) as browser:
        if browser is None:
            print(f"{args.engine} is not installed: run scripts/install-dependencies.sh --tests")
            return 2
        for width in sorted(pages_at):
            for page in pages_at[width]:
                set_gallery_width(browser, width, base + page["file"])
                label = f"{args.engine} {width}px {page['file']}"
                cards = settled(browser, BANDS_JS)
                strict = not args.spare_only_at_breakpoints or width in starts[page["file"]]
                check_cards(t, label, cards, fixed, strict, two_spare)
                cut = browser.execute(SECTION_TEXT_JS)
                t.check(not cut, f"{label}: section text cut: {cut}")
    if two_spare and len(two_spare) <= args.roomy_allowed:
        for band in two_spare:
            print(f"  allowed ({len(two_spare)} of --roomy-allowed {args.roomy_allowed}): {band}")
        t.passed += len(two_spare)
    else:
        t.failures += two_spare
    for failure in t.failures[:60]:
        print("  FAIL " + failure)
    if len(t.failures) > 60:
        print(f"  … and {len(t.failures) - 60} more")
    print(f"{args.engine}: {t.passed} passed, {len(t.failures)} failed")
    return 0 if not t.failures else 1


def set_gallery_width(browser, width: int, url: str) -> None:
    """Loads `url` with the gallery `width` px wide: the window is made wider by what a
    classic scrollbar (headless Firefox's) takes, so a breakpoint's narrowest width is met."""
    browser.set_width(width)
    browser.get(url)
    gallery = browser.execute("return document.querySelector('main.wf-gallery').getBoundingClientRect().width")
    if gallery < width - 0.5:
        browser.set_width(width + round(width - gallery))
        browser.get(url)


def settled(browser, script: str, timeout: float = 30.0):
    """What `script` measures once two readings 0.05 s apart agree: on a loaded machine WebKitGTK
    has shown a page laid out for a width it was leaving (two bands 40 px too tall at 1,024 px,
    once in CI), which a second reading tells apart from a band that is really too tall. The
    deadline is in time, not readings: each reading is slower on a busy machine (other test
    lanes), where a resize also takes longer to settle."""
    deadline = time.monotonic() + timeout
    reading = browser.execute(script)
    while time.monotonic() < deadline:
        time.sleep(0.05)
        again = browser.execute(script)
        if again == reading:
            return again
        reading = again
    raise RuntimeError(f"the page kept changing for {timeout:.0f} s: {script[:60]}…")


def band_range_ends(page: dict) -> tuple[set[int], set[int]]:
    """The first whole pixel of each of the page's band ranges (from 320 px) and the last one
    below the next band range (the last range's end is the common widths' 2,560 px)."""
    firsts = []
    for entry in page["breakpoints"]:
        if not firsts or entry["band"] != firsts[-1][0]:
            firsts.append((entry["band"], max(320, math.ceil(entry["minWidth"]))))
    pixels = [first for _, first in firsts]
    return set(pixels), {following - 1 for following in pixels[1:]}


def check_cards(t: Tally, label: str, cards: list[dict], fixed: bool, strict: bool,
                two_spare: list[str]) -> None:
    """The 3-line rule and the spare room of every band on one page at one width; with
    `strict` False the bands with more than a line to spare are only counted. A band with more
    than a line to spare where `strict` goes to `two_spare` (see --roomy-allowed)."""
    if fixed:
        print(f"{label}: {len(cards)} cards with text in bands of the fixed --caption-height: not checked")
        return
    spare_most = 0.0
    clamped_long = 0
    roomy = 0
    for card in cards:
        where = f"{label} #{card['id']} ({card['width']:.0f} px)"
        for part in card["text"]:
            natural = part.get("natural")
            if natural is None:
                continue
            if natural > 3:
                clamped_long += part["clamped"]
                continue
            t.check(not part["clamped"] and part["bottom"] <= card["bottom"] + 0.5,
                    f"{where}: {part['cls']} {part['text']!r} takes {natural} lines but is cut")
        spare = card["inner"] - sum(part["height"] for part in card["text"])
        spare_most = max(spare_most, spare)
        roomy += spare > LINE + 1
        if strict and spare <= LINE + 1:
            t.passed += 1
        elif strict:
            two_spare.append(f"{where}: {spare:.0f} px of band under its text ({card['text'][0]['text']!r}…)")
    print(f"{label}: {len(cards)} cards with text, at most {spare_most:.0f} px spare in a band"
          f"{'' if strict else f' ({roomy} with more than a line, not checked here)'}, "
          f"{clamped_long} texts of more than 3 lines clamped")


if __name__ == "__main__":
    sys.exit(main())
