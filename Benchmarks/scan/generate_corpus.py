"""Generates the benchmark corpus: COUNT small photos, the same bytes on every run.

Mixed like a real photo folder: baseline and progressive JPEGs (half of them with an EXIF block
carrying Orientation, camera make and model, some with an XMP packet first), and PNGs (some
interlaced, some with an eXIf chunk), spread over nested folders, plus a few non-image files the
scanner must ignore. Pixels are tiny so generation is quick; header reads do not depend on them.

Usage: generate_corpus.py OUTPUT_DIR [COUNT]
"""
import io
import os
import random
import sys

from PIL import Image


def exif_block(rng):
    exif = Image.Exif()
    exif[0x0112] = rng.randint(1, 8)      # Orientation
    exif[0x010F] = "Benchmark Camera Co."  # Make
    exif[0x0110] = f"Model {rng.randint(1, 40)}"
    exif[0x0131] = "waterfall-site benchmark"
    return exif.tobytes()


def image(rng):
    width, height = rng.randint(16, 96), rng.randint(16, 96)
    colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
    return Image.new("RGB", (width, height), colour)


def main(output, count):
    rng = random.Random(20260101)
    os.makedirs(output, exist_ok=True)
    for index in range(count):
        folder = os.path.join(output, f"{2000 + index % 12}", f"event-{index % 37}")
        os.makedirs(folder, exist_ok=True)
        picture = image(rng)
        kind = rng.random()
        if kind < 0.65:
            options = {"quality": 80, "progressive": rng.random() < 0.3}
            if rng.random() < 0.5:
                options["exif"] = exif_block(rng)
            path = os.path.join(folder, f"IMG_{index:05d}.jpg")
            picture.save(path, "JPEG", **options)
        else:
            options = {"optimize": False, "interlace": rng.random() < 0.2}
            if rng.random() < 0.2:
                options["exif"] = exif_block(rng)
            path = os.path.join(folder, f"scan-{index}.png")
            picture.save(path, "PNG", **options)
    for index in range(20):
        with open(os.path.join(output, f"{2000 + index % 12}", f"notes-{index}.txt"), "w") as handle:
            handle.write("not a photo\n")
    print(f"generated {count} photos in {output}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000)
