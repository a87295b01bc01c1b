#!/usr/bin/env python3
"""A bare WebKitGTK view for widths MiniBrowser cannot make (below 447 px), driven over pipes.

engines.WebKit starts it under its Xvfb display (DISPLAY set) and writes one JSON request a line
on stdin; each gets one JSON answer a line on stdout, {"value": …} or {"error": "…"}:

    {"width": 320, "height": 900}   the window (and so the viewport) becomes that size
    {"load": URL}                   loads URL and answers once the new document is committed
                                    (the caller then waits for its readyState)
    {"script": BODY}                runs BODY as a function body and answers what it returns
    {"async": BODY}                 runs BODY with a callback as its last argument and answers
                                    what it passes to that callback

Scripts run in the page's own world through call_async_javascript_function, which waits for a
returned promise. Needs python3-gi gir1.2-webkit2-4.1 gir1.2-gtk-3.0 (/work/shared/browsers.md).
"""

import json
import sys
import time

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gio, GLib, Gtk, WebKit2  # noqa: E402

window = Gtk.Window()
view = WebKit2.WebView()
window.add(view)
window.set_default_size(1280, 900)
window.show_all()


# The id of the request being answered: every answer carries its request's, so a caller that
# gave up on an answer (a loaded machine) can tell a late one from the one it waits for.
current = [None]


def answer(value=None, error=None, ident=None) -> None:
    reply = {"error": error} if error is not None else {"value": value}
    reply["id"] = ident if ident is not None else current[0]
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


SCRIPT_TIMEOUT_MS = 60_000
COMMIT_TIMEOUT_MS = 60_000


def run(body: str) -> None:
    # A call whose document goes away can end without its completion, so each call is also
    # cancelled after a minute: the caller always gets one answer.
    cancellable = Gio.Cancellable()
    timer = GLib.timeout_add(SCRIPT_TIMEOUT_MS, lambda: cancellable.cancel() or False)
    ident = current[0]

    def finished(source, result, _data):
        GLib.source_remove(timer)
        try:
            value = view.call_async_javascript_function_finish(result)
            text = value.to_json(0) if value is not None and not value.is_undefined() else None
            answer(json.loads(text) if text else None, ident=ident)
        except GLib.Error as error:
            answer(error=error.message, ident=ident)
    view.call_async_javascript_function(body, -1, None, None, None, cancellable, finished, None)


def load(url: str) -> None:
    # Scripts sent before the new document is committed can go to the old one's web process,
    # which navigation may replace; wait for the commit before answering.
    handlers = []
    timer = []
    ident = current[0]

    def done(value=None, error=None):
        if not handlers:
            return False
        for handler in handlers:
            view.disconnect(handler)
        handlers.clear()
        if timer:
            GLib.source_remove(timer.pop())
        answer(value, error, ident)
        return False

    def changed(_view, event):
        if event == WebKit2.LoadEvent.COMMITTED:
            done(True)

    def failed(_view, _event, failing_uri, error):
        done(error=f"{failing_uri}: {error.message}")
        return True

    handlers.append(view.connect("load-changed", changed))
    handlers.append(view.connect("load-failed", failed))
    view.load_uri(url)
    # A same-document load (only the fragment changes) commits nothing new. The deadline is
    # generous, for a machine busy with other test lanes, and below the caller's 90 s for an
    # answer.
    timer.append(GLib.timeout_add(COMMIT_TIMEOUT_MS, lambda: timer.clear() or done(
        error=f"{url}: not committed in {COMMIT_TIMEOUT_MS // 1000} s")))


RESIZE_TIMEOUT_S = 60


def resize(width: int, height: int) -> None:
    window.resize(width, height)
    # A deadline in time, not a count of the 10 ms ticks: on a busy machine (other test lanes,
    # builds) the ticks come late and a resize takes longer, and only a view that never gets
    # its size should fail. A quick machine answers on the first tick that sees it.
    deadline = time.monotonic() + RESIZE_TIMEOUT_S
    ident = current[0]

    def settled():
        if view.get_allocated_width() == width and view.get_allocated_height() == height:
            answer(True, ident=ident)
            return False
        if time.monotonic() > deadline:
            answer(error=f"the view stayed {view.get_allocated_width()}×{view.get_allocated_height()}",
                   ident=ident)
            return False
        return True
    GLib.timeout_add(10, settled)


def request(channel, _condition) -> bool:
    line = channel.readline()
    if not line:
        Gtk.main_quit()
        return False
    try:
        message = json.loads(line)
        current[0] = message.get("id")
        if "width" in message:
            resize(message["width"], message["height"])
        elif "load" in message:
            load(message["load"])
        elif "script" in message:
            run(message["script"])
        elif "async" in message:
            run("return await new Promise(resolve => { (function () {\n" + message["async"] +
                "\n}).call(null, resolve); });")
        else:
            answer(error=f"unknown request {line.strip()}")
    except Exception as error:  # noqa: BLE001  (answer it: the caller is waiting for a line)
        answer(error=str(error))
    return True


GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, request)
Gtk.main()
