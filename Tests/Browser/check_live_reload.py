#!/usr/bin/env python3
"""Live reload of `waterfall-site serve` in headless Chromium.

    python3 Tests/Browser/check_live_reload.py WATERFALL_SITE_BINARY [PHOTOS]

Copies PHOTOS (default: SampleImages) to a temporary folder, runs `serve` on it on 127.0.0.1
(a port the system picks), opens the served page in headless Chromium through chromedriver, and
checks that:

  reload    after a caption is changed in metadata.json the open page reloads by itself
            (a marker set in the page is gone) and shows the new caption
  overlay   after a broken metadata.json the page does not reload, and shows the error in an
            overlay; after the fix it reloads without the overlay and shows the fixed caption
  on disk   the built index.html holds no <script> (the script is added when served)
  stop      SIGINT ends serve with exit status 0

Prints one line per check and `N passed, M failed`; exits 0 only if M == 0.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_site import WebDriver, WebDriverError, find_browser, free_port  # noqa: E402

PHOTO = "Ceramics/red-bowl-with-fig.jpg"


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 64
    binary = os.path.abspath(argv[1])
    source = argv[2] if len(argv) > 2 else os.path.join(os.path.dirname(__file__), "..", "..", "SampleImages")
    work = tempfile.mkdtemp(prefix="check_live_reload-")
    photos = os.path.join(work, "photos")
    shutil.copytree(source, photos)
    metadata_path = os.path.join(photos, "metadata.json")
    with open(metadata_path, encoding="utf-8") as f:
        metadata = json.load(f)

    def write_caption(caption: str | None, broken: bool = False) -> None:
        if broken:
            text = '{"photos": {"%s": {"caption": 42}}}' % PHOTO
        else:
            metadata.setdefault("photos", {}).setdefault(PHOTO, {})["caption"] = caption
            text = json.dumps(metadata, ensure_ascii=False)
        with open(metadata_path + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(metadata_path + ".tmp", metadata_path)  # as editors save

    results: list[tuple[bool, str]] = []

    def check(ok: bool, what: str) -> None:
        results.append((ok, what))
        print(("ok    " if ok else "FAIL  ") + what, flush=True)

    serve = subprocess.Popen([binary, "serve", photos, "-o", os.path.join(work, "site"), "--port", "0", "--no-renditions"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    errors: list[str] = []
    threading.Thread(target=lambda: errors.extend(serve.stderr), daemon=True).start()
    url = None
    for line in serve.stdout:
        found = re.search(r"http://127\.0\.0\.1:[0-9]+/", line)
        if found:
            url = found.group(0)
            break
    threading.Thread(target=lambda: [None for _ in serve.stdout], daemon=True).start()
    driver_process = None
    driver = None
    try:
        if not url:
            raise RuntimeError("serve printed no address: " + "".join(errors))
        driver_path, browser = find_browser()
        port = free_port()
        driver_process = subprocess.Popen([driver_path, f"--port={port}", "--allowed-ips=", "--allowed-origins=*"],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        driver = WebDriver(port)
        deadline = time.monotonic() + 60
        while True:
            try:
                if driver._request("GET", "/status", timeout=2).get("ready"):
                    break
            except (OSError, WebDriverError, ValueError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("chromedriver did not start")
            time.sleep(0.05)
        driver.start(browser, ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                               "--no-first-run", "--disable-extensions", "--window-size=1280,900"])

        def state():
            return driver.execute("""
                var box = document.getElementById('waterfall-site-error');
                return {ready: document.readyState, marker: window.liveReloadMarker === 1,
                        text: document.body ? document.body.innerText : '',
                        overlay: box ? box.textContent : null};""")

        def wait_for(condition, timeout: float = 60.0):
            end = time.monotonic() + timeout
            last = None
            while time.monotonic() < end:
                try:
                    last = state()
                except WebDriverError:
                    last = None  # the page is being replaced
                if last and last["ready"] == "complete" and condition(last):
                    return last, True
                time.sleep(0.05)
            return last, False

        driver.get(url)
        _, loaded = wait_for(lambda s: True)
        check(loaded, "the served page loads")
        driver.execute("window.liveReloadMarker = 1;")
        time.sleep(0.5)  # let the page's event stream connect (a later one is greeted anyway)

        started = time.monotonic()
        write_caption("Live caption, changed while open")
        last, ok = wait_for(lambda s: not s["marker"] and "Live caption, changed while open" in s["text"])
        check(ok, f"the page reloaded by itself with the new caption ({time.monotonic() - started:.2f} s)"
              + ("" if ok else f"; last state: {last}"))

        driver.execute("window.liveReloadMarker = 1;")
        write_caption(None, broken=True)
        last, ok = wait_for(lambda s: s["overlay"] is not None)
        check(ok and last["marker"] and "must be a string" in (last["overlay"] or ""),
              "a failed rebuild shows its error in an overlay without reloading" + ("" if ok else f"; last state: {last}"))

        write_caption("Fixed caption")
        last, ok = wait_for(lambda s: not s["marker"] and "Fixed caption" in s["text"] and s["overlay"] is None)
        check(ok, "after the fix the page reloads without the overlay" + ("" if ok else f"; last state: {last}"))

        with open(os.path.join(work, "site", "index.html"), encoding="utf-8") as f:
            check("<script" not in f.read(), "the built index.html holds no script")
    except (RuntimeError, WebDriverError, OSError) as error:
        check(False, f"check_live_reload: {error}")
    finally:
        if driver:
            try:
                driver.quit()
            except Exception:
                pass
        if driver_process and driver_process.poll() is None:
            os.killpg(driver_process.pid, signal.SIGTERM)
            driver_process.wait(5)
        if serve.poll() is None:
            serve.send_signal(signal.SIGINT)
            try:
                status = serve.wait(10)
            except subprocess.TimeoutExpired:
                serve.kill()
                status = None
            check(status == 0, f"SIGINT stops serve with status 0 (got {status})")
        shutil.rmtree(work, ignore_errors=True)
    failed = sum(1 for ok, _ in results if not ok)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
