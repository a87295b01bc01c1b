"""Reads the pixel size of every file in LIST (one path per line) the way a Python tool would,
in one process, one thread: `imagesize.get(path)` or Pillow's lazy `Image.open(path).size`
(which reads the header, not the pixels). Prints the file count and total pixels, so a run that
silently read nothing would show.

Usage: header_sizes.py imagesize|pillow LIST
"""
import sys

mode, listing = sys.argv[1], sys.argv[2]
with open(listing) as handle:
    paths = handle.read().split("\n")[:-1]
pixels = 0
if mode == "imagesize":
    import imagesize

    for path in paths:
        width, height = imagesize.get(path)
        pixels += width * height
elif mode == "pillow":
    from PIL import Image

    for path in paths:
        with Image.open(path) as image:
            width, height = image.size
        pixels += width * height
else:
    sys.exit(f"unknown mode {mode}")
print(len(paths), pixels)
