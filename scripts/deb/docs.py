#!/usr/bin/env python3
"""Copies the README and every file it leads to into the package's documentation folder.

Starting from README.md, each relative link (Markdown `[text](path)`, a reference `[id]: path`,
an HTML `<img src="path">`) is followed, and every Markdown file it reaches is read in turn; each
file reached keeps its path from the repository root, so the links between them work as they do
on GitHub (`/usr/share/doc/waterfall-site/docs/options.md` links `../README.md`). A link that
leads nowhere (a file not in the repository, or a folder) fails the packaging: a broken link in
the package is a broken link in the repository too.

    docs.py REPOSITORY DOC_FOLDER     prints the paths it copied, one a line
"""

import os
import re
import shutil
import sys

LINK = re.compile(
    r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\)"  # [text](path "title")
    r"|^\[[^\]]+\]:\s*(\S+)"  # [id]: path
    r"|<img[^>]*\ssrc=\"([^\"]+)\"",  # <img src="path">
    re.MULTILINE,
)
ELSEWHERE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^#")  # https:, mailto:, an anchor


def linked_files(repository, start="README.md"):
    """Every file `start` leads to by relative links, itself included, as paths from the root.

    Raises SystemExit naming the file and the link when a link leads to no file."""
    reached, pending = set(), [start]
    while pending:
        path = pending.pop()
        if path in reached:
            continue
        reached.add(path)
        if not path.endswith(".md"):
            continue
        with open(os.path.join(repository, path), encoding="utf-8") as file:
            text = file.read()
        for match in LINK.finditer(text):
            target = next(group for group in match.groups() if group)
            if ELSEWHERE.match(target):
                continue
            linked = os.path.normpath(os.path.join(os.path.dirname(path), target.split("#")[0]))
            if linked.startswith("..") or not os.path.isfile(os.path.join(repository, linked)):
                sys.exit(f"error: {path} links {target}, which is no file in the repository")
            pending.append(linked)
    return sorted(reached)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    repository, destination = sys.argv[1], sys.argv[2]
    for path in linked_files(repository):
        target = os.path.join(destination, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(repository, path), target)
        os.chmod(target, 0o644)
        print(path)


if __name__ == "__main__":
    main()
