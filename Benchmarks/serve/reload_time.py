#!/usr/bin/env python3
"""Time from a caption write to reload-ready under `waterfall-site serve`.

    reload_time.py BINARY PHOTOS OUTPUT [ROUNDS]

Starts `serve` (no renditions) on PHOTOS, waits for its first build, subscribes to its event
stream like an open page does, then ROUNDS times rewrites metadata.json with one caption changed
(write to a temporary file, rename over: how editors save) and measures until the stream
announces the new build, which is when a page reloads. Prints one JSON line with every round's
seconds (and the server's CPU seconds in it, steadier on a shared machine) and the first build's. PHOTOS's metadata.json is put back as it was afterwards (removed
when there was none), so the folder can serve other benchmarks.
"""
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time


def main():
    binary, photos, output = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    metadata = os.path.join(photos, "metadata.json")
    try:
        with open(metadata, "rb") as f:
            original = f.read()
    except FileNotFoundError:
        original = None
    try:
        measure(binary, photos, output, rounds, metadata)
    finally:
        if original is None:
            if os.path.exists(metadata):
                os.remove(metadata)
        else:
            with open(metadata, "wb") as f:
                f.write(original)


def measure(binary, photos, output, rounds, metadata):
    first = sorted(name for name in os.listdir(photos) if not name.startswith("."))
    # Any photo path works; the caption only has to change the page its photo is on.
    photo = None
    for root, folders, files in os.walk(photos):
        folders.sort()
        images = sorted(f for f in files if f.lower().endswith((".jpg", ".jpeg", ".png")))
        if images:
            photo = os.path.relpath(os.path.join(root, images[0]), photos)
            break

    def write(caption):
        with open(metadata + ".tmp", "w") as f:
            json.dump({"photos": {photo: {"caption": caption}}}, f)
        os.replace(metadata + ".tmp", metadata)

    write("Caption 0")
    began = time.perf_counter()
    serve = subprocess.Popen([binary, "serve", photos, "-o", output, "--port", "0", "--no-renditions", "--quiet"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = None
    for line in serve.stdout:
        found = re.search(r"http://127\.0\.0\.1:([0-9]+)/", line)
        if found:
            port = int(found.group(1))
            break
    first_build = time.perf_counter() - began
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    connection.request("GET", "/.waterfall-site/events")
    stream = connection.getresponse()

    def next_build():
        name = None
        while True:
            line = stream.fp.readline().decode()
            if line.startswith("event: "):
                name = line[7:].strip()
            elif line.startswith("data: ") and name == "build":
                return line[6:].strip()
            elif line.startswith("data: ") and name == "failed":
                raise RuntimeError("rebuild failed: " + line[6:])

    def cpu_seconds():
        # utime and stime of the server process, in clock ticks (fields 14 and 15 of its stat).
        with open(f"/proc/{serve.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    next_build()  # the greeting
    times = []
    cpu = []
    for number in range(1, rounds + 1):
        time.sleep(0.5)
        started = time.perf_counter()
        cpu_before = cpu_seconds()
        write(f"Caption {number}")
        next_build()
        times.append(round(time.perf_counter() - started, 3))
        cpu.append(round(cpu_seconds() - cpu_before, 2))
    serve.send_signal(signal.SIGINT)
    serve.wait(30)
    print(json.dumps({"photo": photo, "first_build_s": round(first_build, 2), "rounds_s": times,
                      "median_s": sorted(times)[len(times) // 2], "best_s": min(times),
                      "cpu_s": cpu, "median_cpu_s": sorted(cpu)[len(cpu) // 2]}))


if __name__ == "__main__":
    main()
