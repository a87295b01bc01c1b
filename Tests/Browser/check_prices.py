#!/usr/bin/env python3
"""Prices read right on right-to-left pages: an Arabic and a Hebrew sample site in real browsers.

    python3 Tests/Browser/check_prices.py WATERFALL_SITE_BINARY [--engine chromium,firefox,webkit]

Copies SampleImages with its prices rewritten as a shop owner might write them (bare amounts
with a `currency` setting, which the site formats for its language, one with grouping; a sale;
"24,50 zł" and "CHF 95" written out, Latin letters that an Arabic or Hebrew line would reorder),
builds it with `--language ar --currency SAR` and `--language he --currency ILS`, and in each
engine reads where every character of every price lands on the gallery (at 320 and 1,280 px)
and on each priced item page. Passes when, for every price:

  - its digits run left to right in their written order (`1,234.50`, never `05.432,1`);
  - its symbol is on the side its own direction puts it: a price whose first strong character
    is right-to-left (CLDR's `‏24.50 ‏₪` starts with a right-to-left mark) has a symbol written
    after the digits on their left; any other (`24,50 zł`, `€89`) keeps its written order;
  - the price and the price before a sale do not interleave: the current one is on the line's
    start side (the right on these pages).

The check then removes the `<bdi>` around each price from a copy of the Arabic gallery and
wants the first rule broken there in Chromium ("zł 24,50"), so it is known to catch what the
isolation prevents.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engines  # noqa: E402

REPOSITORY = Path(__file__).resolve().parents[2]
# Photo → (price, price before a sale or None), written as the test's shop owner writes them.
PRICES = {
    "hummingbird-lamp.jpg": ("1234.5", None),
    "wall-clock.jpg": ("45", "60.5"),
    "paint-brushes.jpg": ("24,50 zł", None),
    "Ceramics/red-bowl-with-fig.jpg": ("CHF 95", None),
}
SITES = {"ar": "SAR", "he": "ILS"}
GALLERY_WIDTHS = (320, 1280)
ITEM_WIDTH = 375
SEPARATORS = ".,'\u00a0\u202f"

# Every price on the page: each visible character of the price and of the price before a sale
# (the screen-reader words excluded), with its box's centre; and the line's direction.
READ_PRICES = r"""
const found = [];
for (const price of document.querySelectorAll('.wf-price')) {
  const entry = {direction: getComputedStyle(price).direction, price: [], was: []};
  const walker = document.createTreeWalker(price, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('.wf-sr')) continue;
    const list = node.parentElement.closest('s') ? entry.was : entry.price;
    for (let index = 0; index < node.data.length; index++) {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      // The widest of its boxes: WebKit gives a character next to a direction mark the mark's
      // box too, so the bounding box of the two would span the run between them.
      let box = {left: 0, width: 0};
      for (const rect of range.getClientRects()) if (rect.width > box.width) box = rect;
      list.push([node.data[index], box.left + box.width / 2, box.width]);
    }
  }
  found.push(entry);
}
return JSON.stringify(found);
"""


def first_strong_direction(text: str) -> str:
    """`rtl` or `ltr` by the first strongly directional character (HTML's `dir=auto`); `ltr`
    when there is none, as for `€89`."""
    for character in text:
        kind = unicodedata.bidirectional(character)
        if kind in ("R", "AL"):
            return "rtl"
        if kind == "L":
            return "ltr"
    return "ltr"


def visible(characters):
    """The characters that draw something: no marks, spaces or zero-width boxes."""
    return [
        (index, character, x)
        for index, (character, x, width) in enumerate(characters)
        if width > 0.1 and not character.isspace() and unicodedata.category(character) != "Cf"
    ]


def problems_of(text_characters, direction: str, label: str) -> list[str]:
    """What is wrong with one price's characters (see the module's rules 1 and 2)."""
    text = "".join(character for character, _, _ in text_characters)
    shown = visible(text_characters)
    digits = [(index, x) for index, character, x in shown if character.isdigit()]
    if not digits:
        return [f"{label}: no digits shown in {text!r}"]
    first, last = digits[0][0], digits[-1][0]
    number = [(index, x) for index, character, x in shown if first <= index <= last]
    problems = []
    if any(b[1] <= a[1] for a, b in zip(number, number[1:])):
        problems.append(f"{label}: the digits of {text!r} are not in order left to right")
    low, high = min(x for _, x in number), max(x for _, x in number)
    expected = first_strong_direction(text)
    for index, character, x in shown:
        if first <= index <= last:
            continue
        before = index < first
        # Written before the digits: on their left in a left-to-right price, else on their right.
        wants_left = before == (expected == "ltr")
        if (wants_left and x >= low) or (not wants_left and x <= high):
            side = "left" if wants_left else "right"
            problems.append(
                f"{label}: {character!r} of {text!r} ({expected}) should be {side} of the digits"
            )
            break
    return problems


def price_problems(entries, label: str) -> list[str]:
    """Every rule broken by the prices read on one page."""
    problems = []
    for number, entry in enumerate(entries):
        where = f"{label} price {number + 1}"
        problems += problems_of(entry["price"], entry["direction"], where)
        if entry["was"]:
            problems += problems_of(entry["was"], entry["direction"], where + " (before the sale)")
            now = [x for _, _, x in visible(entry["price"])]
            was = [x for _, _, x in visible(entry["was"])]
            apart = min(now) > max(was) if entry["direction"] == "rtl" else max(now) < min(was)
            if not apart:
                problems.append(f"{where}: the price and the price before the sale interleave")
    return problems


def sample_with_prices(folder: Path) -> Path:
    """SampleImages copied to `folder`, its prices those of `PRICES`, the others removed."""
    photos = folder / "photos"
    shutil.copytree(REPOSITORY / "SampleImages", photos)
    metadata = json.loads((photos / "metadata.json").read_text(encoding="utf-8"))
    for name, entry in metadata["photos"].items():
        entry.pop("price", None)
        entry.pop("compareAtPrice", None)
        for key in (k for k in PRICES if name.endswith(k)):
            entry["price"], was = PRICES[key]
            if was:
                entry["compareAtPrice"] = was
    missing = [k for k in PRICES if not any(n.endswith(k) for n in metadata["photos"])]
    if missing:
        sys.exit(f"error: SampleImages/metadata.json has no photo {', '.join(missing)}")
    (photos / "metadata.json").write_text(json.dumps(metadata, ensure_ascii=False), encoding="utf-8")
    return photos


def priced_item_pages(site: Path) -> list[Path]:
    """The item pages that show a price."""
    return sorted(p for p in site.glob("items/**/*.html") if 'class="wf-price"' in p.read_text())


def check_engine(name: str, sites: dict[str, Path]) -> list[str]:
    """Every rule in engine `name` on every site's gallery and priced item pages."""
    problems = []
    with engines.open_engine(name) as browser:
        if browser is None:
            return [f"{name}: not installed"]
        for language, site in sites.items():
            for width in GALLERY_WIDTHS:
                browser.set_width(width)
                browser.get((site / "index.html").as_uri())
                entries = json.loads(browser.execute(READ_PRICES))
                if len(entries) != len(PRICES):
                    problems.append(f"{name} {language}: {len(entries)} prices on the gallery")
                problems += price_problems(entries, f"{name} {language} gallery at {width} px")
            browser.set_width(ITEM_WIDTH)
            for page in priced_item_pages(site):
                browser.get(page.as_uri())
                entries = json.loads(browser.execute(READ_PRICES))
                problems += price_problems(entries, f"{name} {language} {page.relative_to(site)}")
    return problems


def check_catches_garbling(site: Path, folder: Path) -> list[str]:
    """The rules broken on the Arabic gallery without its `<bdi>`s: there must be some."""
    bare = folder / "unisolated.html"
    html = (site / "index.html").read_text(encoding="utf-8")
    bare.write_text(re.sub(r"</?bdi>", "", html), encoding="utf-8")
    # The page's links and stylesheet are relative to the site's folder.
    shutil.move(bare, site / bare.name)
    with engines.open_engine("chromium") as browser:
        if browser is None:
            return []
        browser.set_width(GALLERY_WIDTHS[-1])
        browser.get((site / bare.name).as_uri())
        entries = json.loads(browser.execute(READ_PRICES))
    (site / bare.name).unlink()
    if not price_problems(entries, "unisolated"):
        return ["the check found nothing wrong with the Arabic gallery's prices without <bdi>"]
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", type=Path)
    parser.add_argument("--engine", default=",".join(engines.NAMES))
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        photos = sample_with_prices(folder)
        sites = {}
        for language, currency in SITES.items():
            sites[language] = folder / f"site-{language}"
            subprocess.run(
                [str(arguments.binary), "build", str(photos), "-o", str(sites[language]),
                 "--quiet", "--language", language, "--currency", currency],
                check=True,
            )
        problems = check_catches_garbling(sites["ar"], folder)
        for name in arguments.engine.split(","):
            problems += check_engine(name, sites)
            print(f"{name}: checked", file=sys.stderr)
    for problem in problems:
        print("FAIL:", problem, file=sys.stderr)
    if problems:
        return 1
    print(f"prices read in order on {', '.join(SITES)} sites in {arguments.engine}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
