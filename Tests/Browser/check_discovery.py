#!/usr/bin/env python3
"""What --base-url publishes, read the way crawlers and feed readers read it.

    check_discovery.py SITE --base-url URL [--plain PLAIN_SITE] [--split SPLIT_SITE] [--vnu JAR]

SITE was built with --base-url URL:
- every page (gallery and item) has the canonical link and the full Open Graph/Twitter set;
- extruct parses each page's JSON-LD: a Product has name, image and offers.price/priceCurrency/
  availability, the availability one of schema.org's ItemAvailability URLs; an ItemList's URLs
  are pages of the site;
- sitemap.xml parses in the sitemap and image namespaces, and every <loc> and <image:loc> maps to
  a built file (a sitemap index too: SPLIT_SITE was built with a small limit);
- feed.xml parses with feedparser without its bozo flag, entries newest first, each linking a page;
- the Nu HTML checker (vnu.jar) reports nothing on a gallery page and an item page beyond the
  container-query CSS it does not know.
PLAIN_SITE was built without --base-url: no social tags, no JSON-LD, no absolute URL, no
sitemap, robots.txt or feed.
"""
import argparse
import json
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import extruct
import feedparser

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
IMAGE = "{http://www.google.com/schemas/sitemap-image/1.1}"
SOCIAL = ["og:type", "og:title", "og:description", "og:url", "og:image", "og:image:width",
          "og:image:height", "og:image:alt"]
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, file=sys.stderr)


def built_file(site, base, url):
    """The file of the site a URL of it names, or None."""
    if not url.startswith(base):
        return None
    from urllib.parse import unquote
    path = unquote(url[len(base):]) or "index.html"
    if path.endswith("/"):
        path += "index.html"
    file = site / path
    return file if file.is_file() else None


# schema.org's ItemAvailability states an Offer may give.
AVAILABILITY_URLS = {"https://schema.org/" + state for state in (
    "InStock", "OutOfStock", "SoldOut", "PreOrder", "BackOrder", "MadeToOrder",
    "LimitedAvailability", "Discontinued", "InStoreOnly", "OnlineOnly", "PreSale")}


def pages(site):
    return sorted(p for p in site.rglob("*.html") if "layout" not in p.parts)


def check_pages(site, base):
    products = item_lists = groups = 0
    availabilities = set()
    for page in pages(site):
        html = page.read_text(encoding="utf-8")
        relative = page.relative_to(site).as_posix()
        data = extruct.extract(html, base_url=base + relative, syntaxes=["json-ld", "opengraph"],
                               uniform=True)
        og = {}
        for block in data["opengraph"]:
            og.update({key: value for key, value in block.items() if key.startswith("og:")})
        for tag in SOCIAL:
            # extruct's uniform form gives og:type as the block's @type.
            if not og.get(tag) and not (tag == "og:type" and any(b.get("@type") for b in data["opengraph"])):
                fail(f"{relative}: no {tag}")
        if 'name="twitter:card" content="summary_large_image"' not in html:
            fail(f"{relative}: no twitter:card")
        canonical = base if relative == "index.html" else base + relative
        if f'<link rel="canonical" href="{canonical}">' not in html:
            fail(f"{relative}: canonical is not {canonical}")
        if og.get("og:image") and not built_file(site, base, og["og:image"]):
            fail(f"{relative}: og:image {og['og:image']} is not a file of the site")
        if 'type="application/atom+xml"' not in html and (site / "feed.xml").exists():
            fail(f"{relative}: no alternate link to the feed")
        if not data["json-ld"]:
            fail(f"{relative}: no JSON-LD")
        def check_product(item, what):
            offers = item.get("offers") or {}
            for key in ["name", "image"]:
                if not item.get(key):
                    fail(f"{relative}: {what} without {key}")
            images = item.get("image") if isinstance(item.get("image"), list) else [item.get("image")]
            for image in images:
                if not built_file(site, base, image or ""):
                    fail(f"{relative}: {what} image {image} is not a file of the site")
            for key in ["price", "priceCurrency", "availability"]:
                if offers.get(key) in (None, ""):
                    fail(f"{relative}: {what} offer without {key}")
            if not isinstance(offers.get("price"), (int, float)):
                fail(f"{relative}: price {offers.get('price')!r} is not a number")
            if offers.get("availability") not in AVAILABILITY_URLS:
                fail(f"{relative}: availability {offers.get('availability')!r} is not a schema.org"
                     " ItemAvailability URL")
            availabilities.add(offers.get("availability"))

        for item in data["json-ld"]:
            kind = item.get("@type")
            if kind == "Product":
                products += 1
                check_product(item, "Product")
            elif kind == "ProductGroup":
                # A product with variants: its photos, what they vary by, a Product per variant.
                products += 1
                groups += 1
                variants = item.get("hasVariant") or []
                if len(variants) < 2 and not any(v.get("offers") for v in variants):
                    fail(f"{relative}: ProductGroup with {len(variants)} variants")
                if item.get("variesBy") not in (None, "https://schema.org/size", "https://schema.org/color"):
                    fail(f"{relative}: ProductGroup variesBy {item.get('variesBy')!r}")
                for variant in variants:
                    if variant.get("@type") != "Product":
                        fail(f"{relative}: hasVariant holds a {variant.get('@type')}")
                    elif variant.get("offers"):
                        check_product(variant, "variant")
            elif kind == "ItemList":
                item_lists += 1
                for element in item.get("itemListElement", []):
                    if not built_file(site, base, element.get("url", "")):
                        fail(f"{relative}: ItemList URL {element.get('url')} is not a page of the site")
            elif kind == "ImageObject":
                if not built_file(site, base, item.get("contentUrl", "")):
                    fail(f"{relative}: ImageObject contentUrl is not a file of the site")
            else:
                fail(f"{relative}: unexpected JSON-LD type {kind}")
    if availabilities:
        print("offers' availability: " + ", ".join(sorted(a.rsplit("/", 1)[-1] for a in availabilities)))
    print(f"{groups} ProductGroups (products with variants)")
    return products, item_lists


def check_sitemap(site, base, expect_index=False):
    root = ElementTree.parse(site / "sitemap.xml").getroot()
    urls = []
    if root.tag == SITEMAP + "sitemapindex":
        parts = [loc.text for loc in root.iter(SITEMAP + "loc")]
        if len(parts) < 2:
            fail("sitemap index lists fewer than two parts")
        for part in parts:
            file = built_file(site, base, part)
            if not file:
                fail(f"sitemap index names {part}, which is not in the site")
                continue
            part_root = ElementTree.parse(file).getroot()
            if part_root.tag != SITEMAP + "urlset":
                fail(f"{part} is no urlset")
            urls += list(part_root.iter(SITEMAP + "url"))
    elif expect_index:
        fail("sitemap.xml is not an index, though the site was built with a small limit")
    else:
        if root.tag != SITEMAP + "urlset":
            fail("sitemap.xml is no urlset")
        urls = list(root.iter(SITEMAP + "url"))
    locations = set()
    for url in urls:
        loc = url.find(SITEMAP + "loc").text
        locations.add(loc)
        if not built_file(site, base, loc):
            fail(f"sitemap URL {loc} maps to no built file")
        for image in url.iter(IMAGE + "loc"):
            if not built_file(site, base, image.text):
                fail(f"sitemap image {image.text} maps to no built file")
    every = {base if p.relative_to(site).as_posix() == "index.html" else base + p.relative_to(site).as_posix()
             for p in pages(site)}
    from urllib.parse import unquote
    missing = every - {unquote(loc) for loc in locations}
    if missing:
        fail(f"pages missing from the sitemap: {sorted(missing)[:3]}")
    robots = (site / "robots.txt").read_text()
    if f"Sitemap: {base}sitemap.xml" not in robots:
        fail("robots.txt does not name the sitemap")
    return len(urls)


def check_feed(site, base):
    feed = feedparser.parse(str(site / "feed.xml"))
    if feed.bozo:
        fail(f"feedparser: {feed.bozo_exception}")
    dates = [entry.updated_parsed for entry in feed.entries]
    if dates != sorted(dates, reverse=True):
        fail("feed entries are not newest first")
    if not 0 < len(feed.entries) <= 50:
        fail(f"feed has {len(feed.entries)} entries")
    for entry in feed.entries:
        if not built_file(site, base, entry.link):
            fail(f"feed entry {entry.link} is not a page of the site")
    return len(feed.entries)


def check_html(site, jar):
    item = next(p for p in pages(site) if "items" in p.parts)
    files = [site / "index.html", item]
    result = subprocess.run(["java", "-jar", jar, "--also-check-css", "--format", "json"]
                            + [str(f) for f in files], capture_output=True, text=True)
    messages = json.loads(result.stderr or result.stdout or '{"messages": []}')["messages"]
    reported = 0
    for message in messages:
        if message.get("type") not in ("error", "non-document-error"):
            continue
        file = pathlib.Path(message.get("url", "").removeprefix("file:"))
        line = message.get("lastLine") or 0
        lines = file.read_text(encoding="utf-8").splitlines() if file.is_file() else []
        text = message.get("extract", "") + "\n".join(lines[max(0, line - 2):line + 1])
        # The checker does not know container queries: `@container`, container units (cqw) in
        # custom properties and the declarations after them are its only false reports.
        if message.get("message", "").startswith("CSS:") and (
                "@container" in text or "cqw" in text or "container-type" in text):
            continue
        reported += 1
        fail(f"Nu checker, {file.name} line {line}: {message.get('message')}")
    return reported


def check_plain(site):
    for name in ["sitemap.xml", "robots.txt", "feed.xml"]:
        if (site / name).exists():
            fail(f"plain site has {name}")
    for page in pages(site):
        html = page.read_text(encoding="utf-8")
        for needle in ["og:", "twitter:", "application/ld+json", "application/atom+xml",
                       'rel="canonical" href="http']:
            if needle in html:
                fail(f"plain {page.relative_to(site)} has {needle}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--plain", type=pathlib.Path)
    parser.add_argument("--split", type=pathlib.Path)
    parser.add_argument("--vnu")
    arguments = parser.parse_args()
    base = arguments.base_url
    products, lists = check_pages(arguments.site, base)
    if products == 0 or lists == 0:
        fail(f"expected Products and ItemLists, found {products} and {lists}")
    urls = check_sitemap(arguments.site, base)
    entries = check_feed(arguments.site, base)
    print(f"{len(pages(arguments.site))} pages with share cards and JSON-LD ({products} Products, "
          f"{lists} ItemLists), sitemap of {urls} URLs, feed of {entries} entries")
    if arguments.split:
        split_urls = check_sitemap(arguments.split, base, expect_index=True)
        print(f"split sitemap: {split_urls} URLs in parts")
    if arguments.plain:
        check_plain(arguments.plain)
    if arguments.vnu:
        check_html(arguments.site, arguments.vnu)
        print("Nu HTML checker: nothing beyond container queries")
    if failures:
        print(f"{len(failures)} failures", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
