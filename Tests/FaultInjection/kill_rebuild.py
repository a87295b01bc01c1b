#!/usr/bin/env python3
"""Kills a rebuild that changes, deletes and adds photos with SIGKILL at each rename, renameat2,
unlink and unlinkat of its publish phase (strace's fault injection), and at 12 random moments.
After each kill: the output is a complete site (every href, src and srcset of every page
resolves); the next ordinary build removes every file of a deleted photo and equals a --no-cache
build byte for byte.

Usage: kill_rebuild.py BINARY SAMPLE_IMAGES [--fallback]

--fallback runs the builds as on a file system without RENAME_EXCHANGE (plain renames): the
output may then be missing in the microseconds between two renames, so only what the next build
leaves is checked.
"""
import filecmp
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BINARY, SAMPLES = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
FALLBACK = "--fallback" in sys.argv[3:]
if FALLBACK:
    os.environ["WATERFALL_SITE_NO_RENAME_EXCHANGE"] = "1"
SYSCALLS = ["rename", "renameat", "renameat2", "unlink", "unlinkat"]
LINK = re.compile(r'(?:href|src)="([^"]*)"|srcset="([^"]*)"')


def build(work, *extra, check=True):
    result = subprocess.run([BINARY, "build", "photos", "-o", "site", "--quiet", *extra], cwd=work,
                            capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"FAIL: build {extra} in {work} exited {result.returncode}: {result.stderr}")
    return result


def broken_links(site):
    """Every link of every page that does not resolve in `site`."""
    if not os.path.isfile(os.path.join(site, "index.html")):
        return ["index.html is missing"]
    broken = []
    for name in sorted(os.listdir(site)):
        if not name.endswith(".html"):
            continue
        text = open(os.path.join(site, name), encoding="utf-8").read()
        for plain, srcset in LINK.findall(text):
            targets = [plain] if plain else [part.strip().split(" ")[0] for part in srcset.split(",")]
            for target in targets:
                if not target or re.match(r"^[a-z]+:|^#|^//", target):
                    continue
                path = os.path.join(site, target.split("#")[0].split("?")[0])
                if not os.path.exists(path.replace("%20", " ")):
                    broken.append(f"{name}: {target}")
    return broken


def same_tree(left, right):
    """Paths where the two folders differ (names, kinds or bytes)."""
    differences = []
    comparison = filecmp.dircmp(left, right)
    differences += [os.path.join(left, n) for n in comparison.left_only + comparison.right_only + comparison.funny_files]
    for name in comparison.common_files:
        if not filecmp.cmp(os.path.join(left, name), os.path.join(right, name), shallow=False):
            differences.append(os.path.join(left, name))
    for name in comparison.common_dirs:
        if os.path.islink(os.path.join(left, name)) or os.path.islink(os.path.join(right, name)):
            differences.append(os.path.join(left, name) + " (symlink)")
        else:
            differences += same_tree(os.path.join(left, name), os.path.join(right, name))
    return differences


def change_photos(work):
    """Deletes two photos, changes one and adds two (each a new file: the base copy shares inodes)."""
    photos = os.path.join(work, "photos")
    os.unlink(os.path.join(photos, "launch-day.jpg"))
    os.unlink(os.path.join(photos, "facade-curves.jpg"))
    changed = os.path.join(photos, "chelsea-the-cat.jpg")
    shutil.copyfile(os.path.join(photos, "dogs-at-the-door.jpg"), changed + ".new")
    os.rename(changed + ".new", changed)
    shutil.copyfile(os.path.join(photos, "hummingbird-lamp.jpg"), os.path.join(photos, "added-lamp.jpg"))
    os.makedirs(os.path.join(photos, "Added"), exist_ok=True)
    shutil.copyfile(os.path.join(photos, "dogs-at-the-door.jpg"), os.path.join(photos, "Added", "second-dogs.jpg"))


DELETED = ["launch-day", "facade-curves"]


def check_after_kill(work, reference, label):
    site = os.path.join(work, "site")
    broken = [] if FALLBACK else broken_links(site)
    if broken:
        sys.exit(f"FAIL ({label}): the site after the kill has {len(broken)} broken links, first {broken[:3]}")
    build(work)
    broken = broken_links(site)
    if broken:
        sys.exit(f"FAIL ({label}): the site after the next build has broken links: {broken[:3]}")
    for root, _, files in os.walk(site):
        for name in files:
            if any(name.startswith(stem) for stem in DELETED):
                sys.exit(f"FAIL ({label}): {os.path.join(root, name)} belongs to a deleted photo")
    differences = same_tree(site, reference)
    if differences:
        sys.exit(f"FAIL ({label}): the next build differs from a --no-cache build: {differences[:5]}")


def main():
    top = tempfile.mkdtemp(prefix="waterfall-kill-")
    try:
        base = os.path.join(top, "base")
        os.makedirs(base)
        shutil.copytree(SAMPLES, os.path.join(base, "photos"))
        build(base)
        # The reference: the changed photos, built without any cache.
        reference_work = os.path.join(top, "reference")
        subprocess.run(["cp", "-al", base, reference_work], check=True)
        change_photos(reference_work)
        build(reference_work, "--no-cache")
        reference = os.path.join(reference_work, "site")

        def trial(name):
            work = os.path.join(top, name)
            subprocess.run(["cp", "-al", base, work], check=True)
            change_photos(work)
            return work

        # The publishing thread's calls, in order, from an untouched rebuild.
        work = trial("traced")
        log = os.path.join(top, "trace")
        subprocess.run(["strace", "-f", "-qq", "-o", log, "-e", "trace=" + ",".join(SYSCALLS), BINARY, "build",
                        "photos", "-o", "site", "--quiet"], cwd=work, check=True, capture_output=True)
        counts, points, publishing = {}, [], None
        for line in open(log):
            match = re.match(r"(\d+)\s+(\w+)\(", line)
            if not match:
                continue
            thread, call = match.groups()
            key = (thread, call)
            counts[key] = counts.get(key, 0) + 1
            if publishing is None and "waterfall-site-journal.new" in line and call.startswith("rename"):
                publishing = thread
            if publishing == thread:
                points.append((call, counts[key]))
        if not points:
            sys.exit("FAIL: the traced rebuild never wrote its publish journal (no carried folder?)")
        shutil.rmtree(work)
        for index, (call, count) in enumerate(points):
            work = trial(f"kill-{index}")
            result = subprocess.run(["strace", "-f", "-qq", "-o", "/dev/null", "-e",
                                     f"inject={call}:signal=SIGKILL:when={count}", BINARY, "build", "photos", "-o",
                                     "site", "--quiet"], cwd=work, capture_output=True)
            check_after_kill(work, reference, f"SIGKILL at {call} #{count}")
            shutil.rmtree(work)
        # Random moments over a rebuild's whole run.
        work = trial("timed")
        started = time.monotonic()
        build(work)
        duration = time.monotonic() - started
        shutil.rmtree(work)
        chooser = random.Random(16)
        for index in range(12):
            work = trial(f"random-{index}")
            process = subprocess.Popen([BINARY, "build", "photos", "-o", "site", "--quiet"], cwd=work,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(chooser.uniform(0, duration))
            process.send_signal(signal.SIGKILL)
            process.wait()
            check_after_kill(work, reference, f"SIGKILL at a random moment #{index}")
            shutil.rmtree(work)
        print(f"fault injection{' (plain-rename fallback)' if FALLBACK else ''}: {len(points)} publish-phase system calls and 12 random moments, each killed and"
              " recovered")
    finally:
        shutil.rmtree(top, ignore_errors=True)


main()
