#!/usr/bin/env python3
"""Page speed of built galleries in headless Chromium, Lighthouse's mobile and desktop settings.

    pagespeed.py [--loads N] [--json] [--network] [--gzip] NAME=SITE_DIR [NAME=SITE_DIR ...]

Serves every SITE_DIR over loopback HTTP (a server thread each) and loads its index.html N times
(default 5) per profile, each time in a fresh Chromium (a new temporary profile, so a cold cache).
Rounds are interleaved (site A, site B, site A, ...) so that a busy machine slows every site
alike. With --gzip, text files go out gzipped (as static hosts serve them); without, as they are. Prints the median of each figure per site and profile as a markdown table, or JSON.

Figures:
- LCP: the last 'largest-contentful-paint' entry (buffered), ms after navigation start.
- bytes until load: transfer sizes (headers and body) of the document and of every resource
  whose response ended before the load event, from Resource Timing.
- image bytes: the part of those that are images; requests: their count, document included.
- KB settled, images settled: every transfer (and image) once the page is quiet, lazy images
  that the browser fetched after the load event included (Lighthouse's total byte weight).
- with --network, each site's requests in the order they started (the load with the median
  LCP): start and end in ms, transfer size, which one is the LCP element's file.
- CLS: the largest session window of layout shifts without recent input (gaps under 1 s,
  windows at most 5 s), as Chromium and Lighthouse define it.
"""

import argparse
import functools
import gzip
import http.server
import os
import json
import statistics
import sys
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# Lighthouse's defaults (lighthouse-core/config/constants.js): a Moto G Power-class phone on a
# slow 4G link, and a desktop with no throttling.
PROFILES = {
    "mobile": {
        "width": 412, "height": 823, "scale": 2.625, "mobile": True,
        "latency": 150, "down": 1.6e6, "up": 750e3, "cpu": 4,
    },
    "desktop": {
        "width": 1350, "height": 940, "scale": 1, "mobile": False,
        "latency": 0, "down": None, "up": None, "cpu": 1,
    },
}

# After the load event, the page counts as settled when no resource has ended for this long:
# lazy images near the viewport may still be arriving, and LCP and CLS are read after them.
QUIET_SECONDS = 2.0
SETTLE_LIMIT_SECONDS = 60.0

METRICS_SCRIPT = """
const done = arguments[arguments.length - 1];
const out = {lcp: null, lcpURL: '', shifts: []};
new PerformanceObserver(list => {
  for (const e of list.getEntries()) {
    out.lcp = e.startTime;
    out.lcpURL = e.url || (e.element ? e.element.tagName : '');
  }
}).observe({type: 'largest-contentful-paint', buffered: true});
new PerformanceObserver(list => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) out.shifts.push([e.startTime, e.value]);
}).observe({type: 'layout-shift', buffered: true});
const nav = performance.getEntriesByType('navigation')[0];
const loadAt = nav.loadEventStart;
out.bytes = nav.transferSize; out.imageBytes = 0; out.requests = 1; out.images = 0;
out.totalBytes = nav.transferSize; out.totalImages = 0;
out.log = [['(document)', 0, nav.responseEnd, nav.transferSize, true]];
const image = /\\.(jpe?g|png|webp|avif|gif|svg)(\\?|#|$)/i;
for (const r of performance.getEntriesByType('resource')) {
  const isImage = r.initiatorType === 'img' || image.test(new URL(r.name).pathname);
  out.totalBytes += r.transferSize; if (isImage) out.totalImages += 1;
  out.log.push([new URL(r.name).pathname.split('/').pop(), r.startTime, r.responseEnd,
                r.transferSize, r.responseEnd <= loadAt]);
  if (r.responseEnd > loadAt) continue;
  out.bytes += r.transferSize; out.requests += 1;
  if (isImage) {
    out.imageBytes += r.transferSize; out.images += 1;
  }
}
out.load = loadAt;
setTimeout(() => done(out), 200);
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that keeps connections alive (as any real host does) and logs nothing;
    with `compress`, it gzips text (HTML, CSS, JavaScript, SVG, JSON) for a client that accepts
    it, as static hosts do (GitHub Pages, Netlify, nginx with its usual `gzip on`)."""

    protocol_version = "HTTP/1.1"
    compress = False
    TEXT = (".html", ".css", ".js", ".svg", ".json")

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.translate_path(self.path)
        if (not self.compress or not path.endswith(self.TEXT) or not os.path.isfile(path)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().do_GET()
        with open(path, "rb") as file:
            # Level 6, zlib's default and what nginx and most hosts use.
            body = gzip.compress(file.read(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(directory):
    """Starts a server thread for `directory` on a free loopback port; returns its base URL."""
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def new_browser(profile):
    """A fresh headless Chromium with the profile's screen, network and CPU applied."""
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-extensions", "--no-first-run",
                     f"--window-size={profile['width']},{profile['height']}"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.set_script_timeout(60)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": profile["width"], "height": profile["height"],
        "deviceScaleFactor": profile["scale"], "mobile": profile["mobile"]})
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    driver.execute_cdp_cmd("Network.enable", {})
    if profile["down"]:
        # CDP takes bytes per second.
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": profile["latency"],
            "downloadThroughput": profile["down"] / 8, "uploadThroughput": profile["up"] / 8})
    return driver


def settle(driver):
    """Waits until no resource has ended for QUIET_SECONDS (or SETTLE_LIMIT_SECONDS passed)."""
    start = last_change = time.monotonic()
    count = -1
    while time.monotonic() - start < SETTLE_LIMIT_SECONDS:
        now_count = driver.execute_script("return performance.getEntriesByType('resource').length")
        now = time.monotonic()
        if now_count != count:
            count, last_change = now_count, now
        elif now - last_change >= QUIET_SECONDS:
            return
        time.sleep(0.25)


def cls(shifts):
    """The largest session window: shifts less than 1 s apart, a window at most 5 s long."""
    best = current = 0.0
    window_start = previous = None
    for start, value in sorted(shifts):
        if previous is None or start - previous >= 1000 or start - window_start >= 5000:
            window_start, current = start, 0.0
        current += value
        previous = start
        best = max(best, current)
    return best


def measure(url, profile):
    """One cold load of `url` under `profile`: a dict of figures."""
    driver = new_browser(profile)
    try:
        driver.get(url)
        settle(driver)
        raw = driver.execute_async_script(METRICS_SCRIPT)
    finally:
        driver.quit()
    return {
        "lcp": raw["lcp"], "lcpURL": raw["lcpURL"], "load": raw["load"],
        "bytes": raw["bytes"], "imageBytes": raw["imageBytes"], "requests": raw["requests"],
        "images": raw["images"], "totalBytes": raw["totalBytes"],
        "totalImages": raw["totalImages"], "cls": cls(raw["shifts"]), "log": raw["log"],
    }


def median_figures(runs):
    figures = {}
    for key in ("lcp", "load", "bytes", "imageBytes", "requests", "images", "totalBytes",
                "totalImages", "cls"):
        values = [run[key] for run in runs if run[key] is not None]
        figures[key] = statistics.median(values) if values else None
    # The element that was LCP most often, to see which image the page ends on.
    urls = [run["lcpURL"] for run in runs]
    figures["lcpURL"] = max(sorted(set(urls)), key=urls.count) if urls else ""
    figures["loads"] = len(runs)
    # The network log of the load whose LCP is the median (the lower one of an even count).
    timed = sorted((run for run in runs if run["lcp"] is not None), key=lambda run: run["lcp"])
    figures["log"] = timed[(len(timed) - 1) // 2]["log"] if timed else []
    return figures


def network_log(name, profile, figures):
    """The median-LCP load's requests in the order they started: when each started and ended
    (ms after navigation start), its transfer size, and '*' for the LCP element's file."""
    lcp_file = (figures["lcpURL"] or "").split("/")[-1]
    lines = [f"\n{name} {profile}, network log of the median load (ms start–end, KB, "
             "* the LCP element, + after load):"]
    for file, start, end, size, before_load in sorted(figures["log"], key=lambda entry: entry[1]):
        mark = ("*" if lcp_file and file == lcp_file else " ") + (" " if before_load else "+")
        lines.append(f"  {mark} {start:7,.0f}–{end:7,.0f} {size / 1000:6,.1f}  {file}")
    return "\n".join(lines)


def kb(value):
    """Kilobytes of 1,000 bytes, grouped."""
    return f"{value / 1000:,.0f}"


def table(results):
    lines = [
        "| site | profile | LCP ms | load ms | KB until load | image KB | requests (images)"
        " | KB settled (images) | CLS |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for (name, profile), f in results.items():
        lcp = "—" if f["lcp"] is None else f"{f['lcp']:,.0f}"
        lines.append(
            f"| {name} | {profile} | {lcp} | {f['load']:,.0f} | {kb(f['bytes'])} | "
            f"{kb(f['imageBytes'])} | {f['requests']:.0f} ({f['images']:.0f}) | "
            f"{kb(f['totalBytes'])} ({f['totalImages']:.0f}) | {f['cls']:.3f} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--gzip", action="store_true",
                        help="serve HTML, CSS and JavaScript gzipped, as static hosts do")
    parser.add_argument("--network", action="store_true",
                        help="also print each site's network log (the median-LCP load's)")
    parser.add_argument("sites", nargs="+", metavar="NAME=SITE_DIR")
    args = parser.parse_args()
    QuietHandler.compress = args.gzip
    servers = []
    sites = []
    for pair in args.sites:
        name, _, directory = pair.partition("=")
        server, url = serve(directory)
        servers.append(server)
        sites.append((name, url))
    runs = {(name, profile): [] for profile in PROFILES for name, _ in sites}
    for profile_name, profile in PROFILES.items():
        for round_number in range(1, args.loads + 1):
            for name, url in sites:
                print(f"==> {profile_name} load {round_number}/{args.loads}: {name}", file=sys.stderr)
                runs[(name, profile_name)].append(measure(url + "index.html", profile))
    results = {key: median_figures(value) for key, value in runs.items()}
    for server in servers:
        server.shutdown()
    if args.json:
        print(json.dumps({f"{name} {profile}": f for (name, profile), f in results.items()}, indent=1))
    else:
        print(table(results))
        for (name, profile), f in results.items():
            print(f"\n{name} {profile}: LCP element most often {f['lcpURL'] or '—'}", end="")
        print()
        if args.network:
            for (name, profile), f in results.items():
                print(network_log(name, profile, f))


if __name__ == "__main__":
    main()
