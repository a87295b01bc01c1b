"""The three browser engines the tests drive headless, behind one small interface.

    with engines.open_engine("firefox") as browser:   # None when the engine is not installed
        browser.set_width(375)        # window.innerWidth becomes 375
        browser.get(url)              # returns once a new document has loaded (not for
                                      # a change of fragment alone)
        value = browser.execute("return document.title")
        value = browser.execute_async("arguments[arguments.length - 1](42)")

How each engine is driven is written down in /work/shared/browsers.md:

  chromium  chromedriver (Debian chromium chromium-driver) through check_site's WebDriver client;
            the width by the DevTools device-metrics override
  firefox   Marionette (firefox-esr, pip marionette_driver); headless Firefox keeps its window
            at about 500 px or more unless the chrome's minimum width is lifted, so the outer
            window is corrected until innerWidth is the width asked for
  webkit    WebKitWebDriver with MiniBrowser under Xvfb (webkit2gtk-driver xvfb xauth, pip
            selenium). MiniBrowser's toolbar keeps its window at 447 px or more, so below that a
            bare Gtk.Window + WebKit2.WebView (python3-gi gir1.2-webkit2-4.1 gir1.2-gtk-3.0) in a
            child process (webkit_view.py) loads the page instead: the same engine, the same
            Xvfb screen

Every engine runs in its own process group, and close() (or leaving the `with`) stops it.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_site  # noqa: E402  (its WebDriver client and chromedriver start-up)

NAMES = ("chromium", "firefox", "webkit")
HEIGHT = 900
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
MINIBROWSER_MIN_WIDTH = 447
LOAD_TIMEOUT = 90.0  # s: generous, since every wait ends on the load itself
VIEW_SCRIPT_ATTEMPTS = 3


class EngineError(Exception):
    pass


def _mark_stale(execute) -> None:
    """Marks the document shown now, so that loading the same URL again is not mistaken for
    done before the new document replaces it."""
    try:
        execute("document.staleForEngines = true; return 1")
    except Exception:  # noqa: BLE001  (about:blank before the first page, or no page yet)
        pass


def _same_document(execute, url: str) -> bool:
    """Whether `url` is the document shown now with a fragment: the browser then only scrolls
    to it, and no new document would ever replace the one marked stale."""
    if "#" not in url:
        return False
    try:
        return execute("return location.href").split("#")[0] == url.split("#")[0]
    except Exception:  # noqa: BLE001  (no page yet)
        return False


def _wait_ready(execute, url: str, navigate=None) -> None:
    """Until the browser shows a new document at `url` (ignoring its fragment), loaded. A
    navigation that has not even begun after a third of the wait (WebKitGTK has dropped one on a
    busy machine, in CI), or a page that has refused every script for that long (WebKitGTK once
    did for 90 s, in CI's browser tier at a load of 12), is started once more with `navigate`."""
    wanted = url.split("#")[0]
    deadline = time.monotonic() + LOAD_TIMEOUT
    retry_at = time.monotonic() + LOAD_TIMEOUT / 3 if navigate else None
    answered = False
    last_error = None
    while time.monotonic() < deadline:
        if retry_at is not None and time.monotonic() > retry_at:
            retry_at = None
            try:
                stale = execute("return !!document.staleForEngines")
            except Exception:  # noqa: BLE001  (a page between documents)
                stale = not answered
            if stale:
                print(f"note: {url} had not begun to load after {LOAD_TIMEOUT / 3:.0f} s; navigating again",
                      file=sys.stderr, flush=True)
                navigate(url)
        try:
            href, ready, stale = execute(
                "return [location.href, document.readyState, !!document.staleForEngines]")
            answered = True
            if href.split("#")[0] == wanted and ready == "complete" and not stale:
                return
        except Exception as error:  # noqa: BLE001  (a page between documents refuses scripts)
            last_error = error
        time.sleep(0.02)
    raise EngineError(f"{url} did not load within {LOAD_TIMEOUT:.0f} s"
                      + (f" (the page's last answer: {last_error!r})" if last_error else ""))


def _settled_inner_width(execute) -> int:
    """window.innerWidth once two readings 0.05 s apart agree (a second at most; the callers
    try again on a reading that is still off)."""
    last = execute("return window.innerWidth")
    for _ in range(20):
        time.sleep(0.05)
        now = execute("return window.innerWidth")
        if now == last:
            return now
        last = now
    return last


class Chromium:
    name = "chromium"

    def __init__(self, arguments: list[str], dpr: float = 1):
        self.dpr = dpr
        driver_path = shutil.which("chromedriver")
        binary = next((c for c in ("/usr/lib/chromium/chromium", shutil.which("chromium"))
                       if c and os.path.exists(c)), None)
        if not driver_path or not binary:
            raise FileNotFoundError("chromium")
        port = check_site.free_port()
        self.process = subprocess.Popen([driver_path, f"--port={port}"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        self.driver = check_site.WebDriver(port)
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.driver._request("GET", "/status", timeout=2).get("ready"):
                    break
            except (OSError, check_site.WebDriverError, ValueError):
                pass
            if time.monotonic() > deadline:
                self.close()
                raise EngineError("chromedriver did not start")
            time.sleep(0.05)
        self.driver.start(binary, ["--headless=new", "--no-sandbox", "--disable-gpu",
                                   "--disable-dev-shm-usage", "--no-first-run",
                                   f"--window-size=1280,{HEIGHT}", *arguments])

    def set_width(self, width: int) -> None:
        self.driver.cdp("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": HEIGHT, "deviceScaleFactor": self.dpr, "mobile": False})

    def get(self, url: str) -> None:
        if _same_document(self.execute, url):
            self.driver.get(url)
            return
        _mark_stale(self.execute)
        self.driver.get(url)
        _wait_ready(self.execute, url, self.driver.get)

    def execute(self, script: str):
        return self.driver.execute(script)

    def execute_async(self, script: str):
        return self.driver.execute_async(script)

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.process.terminate()
            self.process.wait(10)


class Firefox:
    name = "firefox"

    def __init__(self, preferences: dict[str, object]):
        self.preferences = preferences
        self.width = None
        self._start()

    def _start(self) -> None:
        preferences = self.preferences
        binary = shutil.which("firefox-esr")
        try:
            from marionette_driver.marionette import Marionette  # type: ignore
        except ImportError as error:
            raise FileNotFoundError("marionette_driver") from error
        if not binary:
            raise FileNotFoundError("firefox-esr")
        self.profile = tempfile.mkdtemp(prefix="engines-firefox-")
        port = check_site.free_port()
        lines = [f'user_pref("marionette.port", {port});']
        lines += [f"user_pref({json.dumps(k)}, {json.dumps(v)});" for k, v in preferences.items()]
        Path(self.profile, "user.js").write_text("\n".join(lines) + "\n")
        self.process = subprocess.Popen(
            [binary, "--headless", "--marionette", "--no-remote", "-remote-allow-system-access",
             "--profile", self.profile, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            self.client = Marionette(host="127.0.0.1", port=port)
            self.client.start_session()
            self.client.timeout.script = 60
            # Let the window be as narrow as a phone: the browser chrome's own minimum width
            # and its toolbars would keep it at about 500 px.
            with self.client.using_context(self.client.CONTEXT_CHROME):
                self.client.execute_script(
                    "document.documentElement.style.minWidth = '0';"
                    "const t = document.getElementById('navigator-toolbox');"
                    "if (t) t.style.display = 'none';")
        except Exception:
            self.close()
            raise

    def set_width(self, width: int) -> None:
        self.width = width
        outer = width
        for _ in range(8):
            self.client.set_window_rect(width=outer, height=HEIGHT)
            inner = _settled_inner_width(self.client.execute_script)
            if inner == width:
                return
            # As in WebKit.set_width: a reading taken while the resize is still under way (a busy
            # machine once made the next request a width of -360 px and failed the check) is
            # not followed below zero; the window starts again from the width itself.
            outer = outer + width - inner if outer + width - inner > 0 else width
        raise EngineError(f"firefox: window.innerWidth is {inner}, not {width}")

    def get(self, url: str) -> None:
        from marionette_driver.errors import InvalidSessionIdException  # type: ignore

        try:
            self._get(url)
        except (OSError, InvalidSessionIdException) as error:
            # Marionette's socket closed (or, once it has, the session is gone): the browser
            # process went away (seen once in CI under a load of 20, "Connection reset by
            # peer", 40 item pages into a check). No page here runs a script, so a crash is the
            # browser's; a page that crashed it would do so again. Started afresh at the same
            # width, the load is tried once more.
            print(f"firefox: the browser went away ({error!r}) loading {url}; starting it again",
                  file=sys.stderr)
            self.close()
            self._start()
            if self.width is not None:
                self.set_width(self.width)
            self._get(url)

    def _get(self, url: str) -> None:
        if _same_document(self.execute, url):
            self.client.navigate(url)
            return
        _mark_stale(self.execute)
        self.client.navigate(url)
        _wait_ready(self.execute, url, self.client.navigate)

    def execute(self, script: str):
        return self.client.execute_script(script, new_sandbox=False)

    def execute_async(self, script: str):
        return self.client.execute_async_script(script, new_sandbox=False)

    def close(self) -> None:
        try:
            if getattr(self, "client", None) and self.client.session_id:
                self.client.delete_session()
        except Exception:  # noqa: BLE001  (the browser may be gone already)
            pass
        finally:
            self.process.terminate()
            self.process.wait(10)
            shutil.rmtree(self.profile, ignore_errors=True)


class WebKit:
    name = "webkit"

    def __init__(self, dpr: int = 1):
        driver_path = shutil.which("WebKitWebDriver")
        xvfb = shutil.which("Xvfb")
        try:
            from selenium import webdriver  # type: ignore
            from selenium.webdriver.webkitgtk.service import Service  # type: ignore
        except ImportError as error:
            raise FileNotFoundError("selenium") from error
        if not driver_path or not xvfb or not os.path.exists(MINIBROWSER):
            raise FileNotFoundError("WebKitWebDriver, Xvfb or MiniBrowser")
        self.view: subprocess.Popen | None = None
        self.requests = 0
        self.active = "minibrowser"
        # Xvfb picks a free display itself and writes its number to the pipe: other test runs on
        # the same machine may hold any fixed one.
        readable, writable = os.pipe()
        # GTK draws at `dpr` device pixels per CSS pixel (GDK_SCALE), on a screen room enough.
        os.environ["GDK_SCALE"] = str(dpr)
        self.screen = subprocess.Popen([xvfb, "-displayfd", str(writable), "-screen", "0",
                                        f"{2700 * dpr}x{4200 * dpr}x24",
                                        "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       pass_fds=(writable,), start_new_session=True)
        os.close(writable)
        with os.fdopen(readable) as announced:
            number = announced.readline().strip()
        if not number:
            self.screen.wait(10)
            raise EngineError("webkit: Xvfb did not start")
        os.environ["DISPLAY"] = f":{number}"
        try:
            options = webdriver.WebKitGTKOptions()
            options.binary_location = MINIBROWSER
            options.add_argument("--automation")
            # Commands return without waiting for a page's load event (get waits for readiness
            # itself), so a page whose images a test holds back can be measured meanwhile.
            options.page_load_strategy = "none"
            self.client = webdriver.WebKitGTK(options=options, service=Service(executable_path=driver_path))
            self.client.set_script_timeout(60)
        except Exception:
            self.close()
            raise

    def _view_call(self, request: dict):
        if self.view is None:
            helper = Path(__file__).resolve().parent / "webkit_view.py"
            # Debian's python3-gi is installed for Debian's own interpreter, which need not be
            # the one running the tests (pyenv, a venv).
            interpreter = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
            self.view = subprocess.Popen([interpreter, str(helper)], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         text=True, start_new_session=True)
        self.requests += 1
        ident = self.requests
        self.view.stdin.write(json.dumps(dict(request, id=ident)) + "\n")
        self.view.stdin.flush()
        # Every request is answered (scripts time out in the page after a minute at most), so a
        # silent helper is a hang to report, not to wait out. An answer to an earlier request
        # (one given up on here, on a loaded machine) is skipped: each carries its request's id.
        deadline = time.monotonic() + 90
        while True:
            ready, _, _ = select.select([self.view.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise EngineError(f"webkit view: no answer to {str(request)[:80]} within 90 s")
            line = self.view.stdout.readline()
            if not line:
                raise EngineError("webkit: the WebView helper (webkit_view.py) stopped; "
                                  "install python3-gi gir1.2-webkit2-4.1 gir1.2-gtk-3.0")
            answer = json.loads(line)
            if answer.get("id") == ident:
                break
        if "error" in answer:
            raise EngineError(f"webkit view: {answer['error']}")
        return answer.get("value")

    def set_width(self, width: int) -> None:
        if width < MINIBROWSER_MIN_WIDTH:
            self.active = "view"
            self._view_call({"width": width, "height": HEIGHT})
            return
        self.active = "minibrowser"
        outer = width
        for _ in range(8):
            self.client.set_window_size(outer, HEIGHT + 80)
            inner = _settled_inner_width(self.client.execute_script)
            if inner == width:
                return
            # The window's frame is a few pixels at most; a reading far off is a resize still
            # under way on a loaded machine (once it made the next request a negative width),
            # so start again from the viewport's own width rather than follow it.
            step = width - inner
            outer = outer + step if abs(step) <= 64 and outer + step > 0 else width
        raise EngineError(f"webkit: window.innerWidth is {inner}, not {width}")

    def get(self, url: str) -> None:
        same = _same_document(self.execute, url)
        if not same:
            _mark_stale(self.execute)
        self._navigate(url)
        if not same:
            _wait_ready(self.execute, url, self._navigate)

    def _navigate(self, url: str) -> None:
        if self.active == "view":
            self._view_call({"load": url})
        else:
            self.client.get(url)

    def execute(self, script: str):
        if self.active == "view":
            return self._view_script({"script": script})
        return self.client.execute_script(script)

    def execute_async(self, script: str):
        if self.active == "view":
            return self._view_script({"async": script})
        return self.client.execute_async_script(script)

    def _view_script(self, request: dict):
        """The bare view's answer to a script. WebKitGTK has answered a script with no result
        ("Unsupported result type") once on a machine with a load of 20, just after a page had
        loaded: asked again, a script whose value can be returned returns it, and one whose
        value cannot fails the same way every time, and then the check."""
        for attempt in range(1, VIEW_SCRIPT_ATTEMPTS + 1):
            try:
                return self._view_call(request)
            except EngineError as error:
                if "Unsupported result type" not in str(error) or attempt == VIEW_SCRIPT_ATTEMPTS:
                    raise
                print(f"note: webkit view: {error}; asking again", file=sys.stderr, flush=True)
                time.sleep(0.1)

    def close(self) -> None:
        try:
            if self.view is not None:
                self.view.stdin.close()
                self.view.terminate()
                self.view.wait(10)
            if getattr(self, "client", None):
                self.client.quit()
        finally:
            self.screen.terminate()
            self.screen.wait(10)


@contextlib.contextmanager
def open_engine(name: str, chromium_arguments: list[str] | None = None,
                firefox_preferences: dict[str, object] | None = None, dpr: int = 1):
    """The engine, started, drawing `dpr` device pixels per CSS pixel; None when it (or its
    client) is not installed."""
    try:
        if name == "chromium":
            engine = Chromium(chromium_arguments or [], dpr)
        elif name == "firefox":
            preferences = dict(firefox_preferences or {})
            if dpr != 1:
                preferences["layout.css.devPixelsPerPx"] = f"{dpr:.1f}"
            engine = Firefox(preferences)
        elif name == "webkit":
            engine = WebKit(dpr)
        else:
            raise ValueError(f"unknown engine {name!r} (known: {', '.join(NAMES)})")
    except FileNotFoundError:
        yield None
        return
    try:
        yield engine
    finally:
        engine.close()
