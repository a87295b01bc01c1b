"""Writes the EXIF payloads found in JPEG APP1 segments and PNG eXIf chunks under a folder, one
seed file each, so the EXIF walker's fuzzer starts from real-world TIFF structures.

Usage: extract_exif_seeds.py SOURCE_DIR OUTPUT_DIR
"""
import hashlib
import os
import struct
import sys


def jpeg_payloads(data):
    position = 2
    while position + 4 <= len(data) and data[position] == 0xFF:
        marker = data[position + 1]
        if marker in (0xD9, 0xDA):  # end of image, start of scan: no more metadata
            return
        length = struct.unpack(">H", data[position + 2:position + 4])[0]
        body = data[position + 4:position + 2 + length]
        if marker == 0xE1 and body.startswith(b"Exif\0\0"):
            yield body[6:]
        position += 2 + length


def png_payloads(data):
    position = 8
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        if kind == b"eXIf":
            yield data[position + 8:position + 8 + length]
        if kind == b"IDAT":
            return
        position += 12 + length


def main(source, output):
    os.makedirs(output, exist_ok=True)
    count = 0
    for folder, _, names in sorted(os.walk(source)):
        for name in sorted(names):
            with open(os.path.join(folder, name), "rb") as handle:
                data = handle.read()
            if data.startswith(b"\xFF\xD8"):
                payloads = jpeg_payloads(data)
            elif data.startswith(b"\x89PNG\r\n\x1a\n"):
                payloads = png_payloads(data)
            else:
                continue
            for payload in payloads:
                digest = hashlib.sha1(payload).hexdigest()
                with open(os.path.join(output, digest), "wb") as handle:
                    handle.write(payload)
                count += 1
    print(f"{count} EXIF seeds from {source}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
