#!/usr/bin/env python3
"""Real-browser test of a site's <picture> elements, in each engine that is installed.

    python3 Tests/Browser/check_picture.py SITE_DIR [--engines chromium,firefox,webkit]

Serves SITE_DIR on loopback and, per engine, loads index.html at 1280 px with every image made
eager, waits until every img is complete, and checks:

  source     every img inside a <picture> loaded (naturalWidth > 0) from its first <source>
             (currentSrc ends in that source's format: .webp, or .avif with --avif): all three
             engines decode WebP and AVIF
  fallback   the same page served with every <source type> renamed to a type no browser knows
             (what a browser without WebP sees): every such img loads its JPEG or PNG instead
             (deleting the WebP files would not show this: a browser picks the <source> by its
             type before fetching, and a failed fetch shows a broken image, not the <img>)

Engines: Chromium through chromedriver (Debian chromium chromium-driver), Firefox ESR through
Marionette (firefox-esr, pip marionette_driver), WebKitGTK through WebKitWebDriver under Xvfb
(webkit2gtk-driver xvfb xauth, pip selenium); see /work/shared/browsers.md. An engine that is
not installed is reported as skipped unless --require names it. Exit 0 when every engine that
ran passed.
"""

from __future__ import annotations

import argparse
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_site  # noqa: E402  (its WebDriver client and chromedriver start-up)

UNKNOWN_TYPE = "image/x-waterfall-unsupported"

COLLECT = """
for (const img of document.images) { img.loading = 'eager'; }
const pictures = Array.from(document.querySelectorAll('picture > img'));
return {
  complete: Array.from(document.images).every(i => i.complete),
  pictures: pictures.map(img => ({
    currentSrc: img.currentSrc, naturalWidth: img.naturalWidth, src: img.getAttribute('src'),
    first: (img.parentElement.querySelector('source') || {getAttribute: () => null}).getAttribute('type'),
  })),
};
"""


def serve(site: str) -> tuple[http.server.ThreadingHTTPServer, int]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=site, **kwargs)

        def do_GET(self):  # noqa: N802
            if self.path.startswith("/fallback.html"):
                text = (Path(site) / "index.html").read_text(encoding="utf-8")
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

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
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
        elif not fallback and not current.endswith("." + (picture["first"] or "?").split("/")[-1]):
            failures.append(f"{engine}: {picture['src']} showed {current!r}, not its {picture['first']} source")
    return failures


def wait_collect(execute) -> list[dict]:
    deadline = time.monotonic() + 60
    while True:
        value = execute(COLLECT)
        if value["complete"] or time.monotonic() > deadline:
            return value["pictures"]
        time.sleep(0.2)


def run_chromium(base: str) -> list[str] | None:
    driver_path = shutil.which("chromedriver")
    binary = next((c for c in ("/usr/lib/chromium/chromium", shutil.which("chromium")) if c and os.path.exists(c)), None)
    if not driver_path or not binary:
        return None
    port = check_site.free_port()
    process = subprocess.Popen([driver_path, f"--port={port}"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    driver = check_site.WebDriver(port)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if driver._request("GET", "/status", timeout=2).get("ready"):
                    break
            except (OSError, check_site.WebDriverError, ValueError):
                pass
            if time.monotonic() > deadline:
                return ["chromium: chromedriver did not start"]
            time.sleep(0.05)
        driver.start(binary, ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                              "--force-color-profile=srgb"])
        failures = []
        for page, fallback in (("index.html", False), ("fallback.html", True)):
            driver.get(f"{base}/{page}")
            time.sleep(0.5)
            failures += check("chromium", wait_collect(lambda s: driver.execute(s)), fallback)
        return failures
    finally:
        try:
            driver.quit()
        finally:
            process.terminate()
            process.wait(10)


def run_firefox(base: str) -> list[str] | None:
    binary = shutil.which("firefox-esr")
    try:
        from marionette_driver.marionette import Marionette  # type: ignore
    except ImportError:
        return None
    if not binary:
        return None
    profile = tempfile.mkdtemp(prefix="check_picture-firefox-")
    port = check_site.free_port()
    Path(profile, "user.js").write_text(f'user_pref("marionette.port", {port});\n')
    process = subprocess.Popen([binary, "--headless", "--marionette", "--no-remote", "--profile", profile,
                                "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        client = Marionette(host="127.0.0.1", port=port)
        client.start_session()
        client.set_window_rect(width=1280, height=900)
        failures = []
        for page, fallback in (("index.html", False), ("fallback.html", True)):
            client.navigate(f"{base}/{page}")
            failures += check("firefox", wait_collect(lambda s: client.execute_script(s)), fallback)
        client.delete_session()
        return failures
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(profile, ignore_errors=True)


def run_webkit(base: str) -> list[str] | None:
    driver_path = shutil.which("WebKitWebDriver")
    browser = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
    xvfb = shutil.which("Xvfb")
    try:
        from selenium import webdriver  # type: ignore
        from selenium.webdriver.webkitgtk.service import Service  # type: ignore
    except ImportError:
        return None
    if not driver_path or not xvfb or not os.path.exists(browser):
        return None
    display = f":{90 + os.getpid() % 100}"
    screen = subprocess.Popen([xvfb, display, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    os.environ["DISPLAY"] = display
    time.sleep(1)
    try:
        options = webdriver.WebKitGTKOptions()
        options.binary_location = browser
        options.add_argument("--automation")
        client = webdriver.WebKitGTK(options=options, service=Service(executable_path=driver_path))
        try:
            client.set_window_size(1280, 900)
            failures = []
            for page, fallback in (("index.html", False), ("fallback.html", True)):
                client.get(f"{base}/{page}")
                failures += check("webkit", wait_collect(lambda s: client.execute_script(s)), fallback)
            return failures
        finally:
            client.quit()
    finally:
        screen.terminate()
        screen.wait(10)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--require", default="", help="engines that must be installed (comma-separated)")
    args = parser.parse_args(argv)
    server, port = serve(args.site)
    base = f"http://127.0.0.1:{port}"
    runners = {"chromium": run_chromium, "firefox": run_firefox, "webkit": run_webkit}
    required = {e for e in args.require.split(",") if e}
    failed = False
    try:
        for engine in args.engines.split(","):
            failures = runners[engine](base)
            if failures is None:
                print(f"skip {engine}: not installed (see scripts/install-dependencies.sh --tests)")
                failed = failed or engine in required
                continue
            for failure in failures:
                print("FAIL " + failure)
            print(f"{'FAIL' if failures else 'ok  '} {engine}: <picture> sources and fallback")
            failed = failed or bool(failures)
    finally:
        server.shutdown()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
